# The two commands a newcomer needs: `make run` (play in the simulator) and
# `make test` (every test).  Each builds the .venv it needs from requirements*.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt requirements-server.txt | cksum | cut -d' ' -f1)

BOARD ?= pico_ssd1306
PORT ?=

.PHONY: run test bench serve flash flash-cp uf2 thumby-arcade thumby-color-arcade repl venv clean help

help:
	@echo "make run     play FreeCell in the terminal simulator (ARGS=--fresh: a clean flash)"
	@echo "make test    run every test (CPython and MicroPython)"
	@echo "make bench [PARTS='heap32 pico']   print speed and memory figures (name: value); parts: engine hints heap32 pico uf2 solver cp thumbycolor server"
	@echo "make serve [ARGS='--port 8000 --database URL']   the daily leaderboard (server/), SQLite by default"
	@echo "make flash BOARD=pico_ssd1306 [PORT=/dev/ttyACM0]   put the game on a board"
	@echo "make flash-cp BOARD=cp_pico_ssd1306 DRIVE=/media/CIRCUITPY [MPY_CROSS=...]   a CircuitPython board"
	@echo "make uf2 [BOARD=pico_ssd1306]   build/freecell-BOARD.uf2: MicroPython with the game frozen in, one file to install"
	@echo "make thumby-arcade   build/thumby-arcade/FreeCell, a Thumby Arcade submission"
	@echo "make thumby-color-arcade   build/thumby-color-arcade/FreeCell, a Thumby Color arcade submission"
	@echo "make repl [PORT=...]   the board's REPL"

$(STAMP): requirements.txt requirements-dev.txt requirements-server.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $@

venv: $(STAMP)

run: $(STAMP)
	$(PY) tools/sim.py $(ARGS)

test: $(STAMP)
	$(PY) tools/pico.py install
	$(PY) tools/circuitpython.py install
	$(PY) -m pytest -q --durations=15 host_tests

bench: $(STAMP)
	$(PY) tools/pico.py install
	$(PY) tools/bench.py $(PARTS)

serve: $(STAMP)
	$(PY) -m server $(ARGS)

flash: $(STAMP)
	$(PY) tools/flash.py $(BOARD) $(if $(PORT),--port $(PORT)) \
	    $(if $(WIFI),--wifi "$$WIFI") $(if $(SERVER),--server "$$SERVER")

flash-cp: $(STAMP)
	$(PY) tools/flash_cp.py $(BOARD) $(DRIVE) $(if $(MPY_CROSS),--mpy-cross $(MPY_CROSS))

uf2: $(STAMP)
	$(PY) tools/uf2.py $(BOARD)

thumby-arcade: $(STAMP)
	$(PY) tools/thumby_arcade.py

thumby-color-arcade: $(STAMP)
	$(PY) tools/thumby_arcade.py --board thumby_color

repl: $(STAMP)
	$(VENV)/bin/mpremote $(if $(PORT),connect $(PORT)) repl

clean:
	rm -rf build .pytest_cache .hypothesis
