"""The SSD1306 driver and the board modules against a model of the
controller: the bytes a driver sends over I2C or SPI are decoded into display
memory and compared with the frame the app drew."""

import importlib
import os
import sys

import pytest

from conftest import ROOT, run

FAKES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes")


@pytest.fixture
def machine(monkeypatch):
    """The fake machine module, fresh, with the board modules unloaded."""
    monkeypatch.syspath_prepend(FAKES)
    for name in list(sys.modules):
        if name in ("machine", "ssd1306_model") or name.startswith("boards.") \
                or name.startswith("drivers"):
            monkeypatch.delitem(sys.modules, name)
    module = importlib.import_module("machine")
    module.FAKE.__init__()
    return module


def draw_table(display, deal=617):
    from app.app import App
    from boards.sim import SimKeys
    app = App(display, SimKeys(), 1)
    app.new_game(str(deal))
    app.redraw()  # draws and calls display.show()
    return app


def test_i2c_frames_reach_the_panel_card_for_card(machine):
    board = importlib.import_module("boards.pico_ssd1306")
    model = machine.FAKE.model
    assert model.on and model.mux == 64
    draw_table(board.display)
    assert model.image(128, 64) == board.display.buffer
    assert any(board.display.buffer)


@pytest.mark.parametrize("low,hardware_id,bus", [
    ([], 0, ("I2C", 0, 16, 17, 1000000)),  # the later revision: SDA GP16, SCL GP17, 1 MHz
    ([15], 1, ("SPI", 0, 18, 19, 10000000)),  # the first: SCK GP18, MOSI GP19
    ([14, 12], 10, ("SPI", 0, 18, 19, 10000000)),  # any id but 0
])
def test_thumby_finds_its_revision_and_its_panel_sits_at_column_28(machine, low, hardware_id,
                                                                    bus):
    """As TinyCircuits' library: the id pins GP15-12 read low add 1, 2, 4, 8;
    id 0 has the panel on I2C0, any other on SPI0 (the D/C line GP17)."""
    machine.FAKE.low_pins = low
    board = importlib.import_module("boards.thumby")
    assert board.HARDWARE_ID == hardware_id
    kind, number, a, b, rate = machine.FAKE.buses[-1]
    assert (kind, number, a.id, b.id, rate) == bus
    model = machine.FAKE.model
    d = board.display
    assert (d.width, d.height) == (72, 40) and model.mux == 40 and model.on
    d.fill(0)
    d.fill_rect(0, 0, 72, 40, 1)
    d.show()
    assert model.image(72, 40, 28) == d.buffer
    lit = [c for c in range(128) if model.ram[c]]
    assert lit == list(range(28, 100))  # nothing outside the panel's columns


def test_the_thumby_buzzer_is_a_pwm_on_gp28_silent_until_asked_unless_its_menu_muted_it(
        machine, tmp_path):
    board = importlib.import_module("boards.thumby")
    assert board.buzzer.pwm is machine.FAKE.pwms[28]
    assert machine.FAKE.tones == [(0, 0)]  # silent from the start
    board.buzzer.play((440, 10))
    assert machine.FAKE.tones[-1] == (440, 32768)
    cfg = tmp_path / "thumby.cfg"  # TinyCircuits' menu's settings file, as it writes it
    cfg.write_text("audioenabled,0,lastgame,/Games/FreeCell/FreeCell.py,brightness,1")
    assert board.muted(str(cfg))
    cfg.write_text("audioenabled,1,lastgame,/Games/FreeCell/FreeCell.py,brightness,1")
    assert not board.muted(str(cfg))
    assert not board.muted(str(tmp_path / "none.cfg"))


def test_the_i2c_thumby_without_a_panel_says_where_it_looked(machine):
    machine.FAKE.i2c_devices = []
    with pytest.raises(Exception) as error:
        importlib.import_module("boards.thumby")
    assert str(error.value) == ("no display answers at 0x3C on I2C0 (SDA GP16, SCL GP17); "
                                "check its wiring and power")


def test_flip_turns_the_picture_and_contrast_and_power_are_commands(machine):
    board = importlib.import_module("boards.pico_ssd1306")
    d = board.display
    model = machine.FAKE.model
    d.fill(0)
    d.pixel(0, 0, 1)
    d.flip(True)
    d.show()
    assert model.pixel(127, 63, 128, 64, 0) == 1 and model.pixel(0, 0, 128, 64, 0) == 0
    d.flip(False)
    assert model.pixel(0, 0, 128, 64, 0) == 1
    d.contrast(0x20)
    assert model.contrast == 0x20
    d.poweroff()
    assert not model.on
    d.poweron()
    assert model.on


def test_a_miswired_display_is_named_not_a_traceback(machine):
    machine.FAKE.i2c_devices = []
    with pytest.raises(Exception) as error:
        importlib.import_module("boards.pico_ssd1306")
    assert type(error.value).__name__ == "DisplayNotFound"
    assert str(error.value) == ("no display answers at 0x3C on I2C0 (SDA GP4, SCL GP5); "
                                "check its wiring and power")


@pytest.mark.parametrize("board_name,pins,mask", [
    ("pico_ssd1306", [10, 14], 0b00010001),  # UP, A
    ("pico_ssd1306", [16, 17], 0b11000000),  # START, SELECT
    ("esp32_ssd1306", [25, 13], 0b01000100),  # LEFT, START
    ("thumby", [3, 24], 0b00100100),  # LEFT, B
    ("thumby", [], 0),
])
def test_buttons_pressed_to_ground_read_as_the_app_mask(machine, board_name, pins, mask):
    board = importlib.import_module("boards." + board_name)
    machine.FAKE.low_pins = pins
    assert board.keys.get_pressed() == mask


@pytest.mark.parametrize("gpios", [
    dict(UP=10, DOWN=11, LEFT=12, RIGHT=13, A=14, B=15, START=16, SELECT=17),  # a Pico's: a shift
    dict(UP=4, DOWN=6, LEFT=3, RIGHT=5, A=27, B=24),  # a Thumby's: bit by bit, two absent
])
def test_a_port_read_gives_the_mask_the_pins_give(machine, gpios):
    """The RP2040's GPIO_IN word, read once (drivers/keys.py), against a
    pin.value() a button: every button alone and 200 random chords."""
    import random

    from drivers.keys import RP2040_GPIO_IN, pull_up_keys

    by_pins = pull_up_keys(machine.Pin, **gpios)
    by_port = pull_up_keys(machine.Pin, (machine.mem32, RP2040_GPIO_IN), **gpios)
    rng = random.Random(5)
    chords = [[g] for g in gpios.values()] + [
        rng.sample(sorted(gpios.values()), rng.randint(0, len(gpios))) for _ in range(200)]
    for low in chords:
        machine.FAKE.low_pins = low
        assert by_port.get_pressed() == by_pins.get_pressed(), low
    machine.FAKE.low_pins = list(gpios.values())
    assert by_port.get_pressed() == (1 << len(gpios)) - 1  # (the Thumby's six come first)


def test_every_board_exports_the_contract(machine, monkeypatch):
    """Every MicroPython board module (flash.py's list, so a new board is
    tested the day it is added): a display, keys, a seed; a board with
    Wi-Fi gives a station with what app/upload.py uses (the simulator's
    network module stands in for the firmware's)."""
    import flash

    monkeypatch.syspath_prepend(os.path.join(ROOT, "tools", "netshim"))
    names = flash.boards()
    assert {"pico_ssd1306", "pico_w_ssd1306", "esp32_ssd1306", "thumby", "sim"} <= set(names)
    # the Thumby Color's module is its engine's (engine_main ...): its contract
    # is checked on that firmware, test_thumby_color.py
    names = [n for n in names if flash.board_names(n).get("PORT_BOARD") != "THUMBY_COLOR"]
    for name in names:
        board = importlib.import_module("boards." + name)
        assert board.display.width in (72, 128) and hasattr(board.display, "show"), name
        assert hasattr(board.keys, "get_pressed") and isinstance(board.seed(), int), name
        assert hasattr(board, "wifi") == flash.has_wifi(name), name
        if flash.has_wifi(name):
            station = board.wifi()
            for method in ("active", "connect", "disconnect", "isconnected", "status"):
                assert callable(getattr(station, method)), (name, method)


MISWIRED_BOARD = '''
import machine
machine.FAKE.i2c_devices = []
from boards.pico_ssd1306 import *  # noqa
'''


def test_main_says_what_is_wrong_on_micropython(micropython, firmware_mpy, tmp_path):
    import shutil
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), tmp_path / "main.py")
    (tmp_path / "board.py").write_text(MISWIRED_BOARD)
    path = ":".join([firmware_mpy, str(tmp_path), FAKES])
    result = run([micropython, str(tmp_path / "main.py")], env={"MICROPYPATH": path},
                 cwd=str(tmp_path))
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.splitlines() == [
        "FreeCell: the board did not start: no display answers at 0x3C on I2C0 "
        "(SDA GP4, SCL GP5); check its wiring and power",
        "FreeCell: check the wiring table for your board in README.md"]


SHOW_ALLOC = '''
import gc
import machine
from boards import pico_ssd1306 as board
d = board.display
d.show()


def measure():
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(10):
        d.pixel(i, i, 1)
        d.show()
    used = gc.mem_alloc() - before
    gc.enable()
    return used


measure()
print("show_alloc_bytes", measure())
print("same", machine.FAKE.model.image(128, 64) == d.buffer)
'''


def test_show_allocates_nothing_on_micropython(micropython, firmware_mpy, tmp_path):
    # the model itself allocates while it decodes; count only the driver: run
    # the same loop against a bus that does nothing
    script = tmp_path / "show.py"
    script.write_text(SHOW_ALLOC)
    result = run([micropython, str(script)],
                 env={"MICROPYPATH": ":".join([firmware_mpy, FAKES])})
    assert result.returncode == 0, result.stderr
    assert "same True" in result.stdout
    quiet = SHOW_ALLOC.replace("d = board.display\n", "d = board.display\n"
                               "class QuietBus:\n"
                               "    def writeto(self, addr, buf):\n        pass\n"
                               "    def writevto(self, addr, bufs):\n        pass\n"
                               "d.i2c = QuietBus()\n")
    script.write_text(quiet)
    result = run([micropython, str(script)],
                 env={"MICROPYPATH": ":".join([firmware_mpy, FAKES])})
    assert "show_alloc_bytes 0" in result.stdout, result.stdout + result.stderr


def test_the_pico_w_is_wired_as_the_pico(machine):
    """boards/pico_w_ssd1306.py repeats the Pico's wiring (a board module
    goes onto the board alone): the same buses, pins and keys."""
    def wiring(name):
        machine.FAKE.__init__()
        machine.FAKE.low_pins = [10, 14, 17]  # UP, A, SELECT held
        sys.modules.pop("boards." + name, None)
        board = importlib.import_module("boards." + name)
        buses = [tuple(p.id if hasattr(p, "id") else p for p in bus) for bus in machine.FAKE.buses]
        return buses, sorted(machine.FAKE.pins), board.keys.get_pressed()

    pico = wiring("pico_ssd1306")
    assert pico[2] == 0b10010001 and pico == wiring("pico_w_ssd1306")
