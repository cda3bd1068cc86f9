"""Flashing, tested on a virtual board: the MicroPython unix port behind a
pseudo-terminal (socat), which real mpremote deploys to over its raw REPL.
`make flash BOARD=sim PORT=<pty>` copies the compiled firmware; flashing
again copies nothing; then the deployed .mpy firmware boots there headless
and plays moves through its buttons, and the table is checked."""

import os
import shutil
import sys

import pytest

from conftest import ROOT, TOOLS, need, run
from keyplan import keys_for_transcript, pack_presses

sys.path.insert(0, TOOLS)
from virtual_board import VirtualBoard  # noqa: E402

MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")


@pytest.fixture
def virtual_board(micropython, tmp_path):
    need(shutil.which("socat"), "socat (Debian package socat)")
    need(os.path.exists(MPREMOTE), "mpremote (pip install mpremote)")
    with VirtualBoard(str(tmp_path / "flash")) as board:
        yield board


def firmware_files():
    """What a flash copies: every engine, app and driver module, board, main."""
    lib = os.path.join(ROOT, "firmware", "lib")
    return sum(len([n for n in os.listdir(os.path.join(lib, p)) if n.endswith(".py")])
               for p in ("freecell", "app", "drivers")) + 2


def make_flash(port):
    return run(["make", "-s", "-C", ROOT, "flash", "BOARD=sim", "PORT=" + port])


def test_make_flash_deploys_the_compiled_firmware_and_reflashing_copies_nothing(virtual_board):
    first = make_flash(virtual_board.port)
    assert first.returncode == 0, first.stderr
    n = firmware_files()
    assert "sim: %d files copied, 0 already up to date" % n in first.stdout
    flash = virtual_board.flash_dir
    assert os.path.exists(os.path.join(flash, "main.py"))
    assert os.path.exists(os.path.join(flash, "board.mpy"))
    listing = run([MPREMOTE, "connect", virtual_board.port, "resume", "fs", "ls", ":lib/freecell"])
    assert "game.mpy" in listing.stdout and "deal.mpy" in listing.stdout
    assert not [n for n in os.listdir(os.path.join(flash, "lib", "freecell")) if n.endswith(".py")]
    again = make_flash(virtual_board.port)
    assert "sim: 0 files copied, %d already up to date" % n in again.stdout


def test_the_deployed_firmware_plays_moves_on_the_virtual_board(virtual_board):
    assert make_flash(virtual_board.port).returncode == 0
    tokens = open(os.path.join(ROOT, "tools", "data", "617.moves")).read().split()[:12]
    keys, played = keys_for_transcript(617, tokens)
    # the player (tools/bench_app.py, as source) and the presses go on the board
    # too; it boots the deployed .mpy firmware as main.py does, then presses
    shutil.copy(os.path.join(TOOLS, "bench_app.py"), virtual_board.flash_dir)
    with open(os.path.join(virtual_board.flash_dir, "moves.presses"), "wb") as f:
        f.write(pack_presses(keys))
    code = "import sys\nsys.argv[:] = ['', 'play', 'moves.presses']\nimport bench_app\n"
    result = run([MPREMOTE, "connect", virtual_board.port, "resume", "exec", code])
    assert result.returncode == 0, result.stderr
    # the position the same presses make in-process (a free cell is a free
    # cell to the buttons: which one the planner's presses fill is theirs)
    from freecell.notation import position_text
    expected = position_text(played.game) + "\n"
    assert expected.splitlines()[0] == run(
        [sys.executable, os.path.join(TOOLS, "fc.py"), "replay", "617", "--no-autoplay"]
        + tokens).stdout.splitlines()[0]  # the same cards home as the transcript's
    lines = result.stdout.replace("\r\n", "\n").splitlines()
    assert "\n".join(lines[:-1]) + "\n" == expected
    assert lines[-1] == "not won"


def test_source_files_can_be_flashed(virtual_board):
    """`tools/flash.py thumby --source`: for a MicroPython that cannot load
    this mpy-cross's .mpy (the Thumby's own), the game as .py files and the
    board's module as board.py.  (On the virtual board the sim board takes
    the Thumby's place: the unix port has no clock to set and no reset.)"""
    r = run([sys.executable, os.path.join(TOOLS, "flash.py"), "sim", "--source", "--port",
             virtual_board.port])
    assert r.returncode == 0, r.stderr
    lib = os.path.join(virtual_board.flash_dir, "lib", "freecell")
    names = os.listdir(lib)
    assert "game.py" in names and not [n for n in names if n.endswith(".mpy")]
    assert os.path.exists(os.path.join(virtual_board.flash_dir, "board.py"))
    # a board that runs native code takes the viper loops as they are
    with open(os.path.join(lib, "solver_loops.py")) as f, \
            open(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py")) as g:
        assert f.read() == g.read()


def test_flash_refuses_an_unknown_board_and_a_missing_port():
    r = run([sys.executable, os.path.join(TOOLS, "flash.py"), "gameboy"])
    assert r.returncode == 1 and "no board 'gameboy'; boards: esp32_ssd1306" in r.stderr
    r = run([sys.executable, os.path.join(TOOLS, "flash.py"), "sim", "--port", "/dev/nothing"])
    assert r.returncode == 1 and "could not talk to the board on /dev/nothing" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_board_that_answers_garbage_gets_a_message(capsys):
    import flash

    board = flash.Board.__new__(flash.Board)  # no mpremote run: its answer is faked
    board.port = "/dev/ttyACM0"
    board.run = lambda args, cwd=None, wait=0: "\x1b[0mGarbage!\r\n"
    with pytest.raises(SystemExit) as stop:
        board.mpy_version()
    assert "not MicroPython's .mpy version: is it running MicroPython?" in str(stop.value.code)
