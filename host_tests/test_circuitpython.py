"""The CircuitPython build on the host, with Adafruit's own libraries:
Blinka's displayio, i2cdisplaybus and adafruit_displayio_ssd1306 (in
build/cp-libs: tools/circuitpython.py install), fake `board`, `busio` and
`keypad` (host_tests/cp/).  The bytes that reach its I2C bus, decoded by the
project's SSD1306 model, must be the MicroPython build's frames, pixel for
pixel, for the same presses."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, TOOLS, need

sys.path.insert(0, TOOLS)
import circuitpython  # noqa: E402
from sim import Firmware  # noqa: E402

PLAY = os.path.join(ROOT, "host_tests", "cp", "cp_play.py")


@pytest.fixture(scope="module")
def libs():
    problem = circuitpython.install()
    need(problem is None, "Adafruit's CircuitPython libraries (%s)" % problem)


def cp_frames(board, keys, drive=None):
    env = dict(os.environ, CP_DRIVE=drive) if drive else None
    r = subprocess.run([sys.executable, PLAY, board, keys], capture_output=True, text=True,
                       timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    return [bytes.fromhex(line[2:]) for line in r.stdout.splitlines() if line.startswith("F ")]


def micropython_frames(keys):
    from sim import parse_keys
    fw = Firmware()
    frames = [fw.frame().data]
    try:
        for key in parse_keys(keys):
            fw.press(key)
            frames.append(fw.frame().data)
    finally:
        fw.close()
    return frames


# title, DEAL NUMBER, FreeCell, deal 2 (the chip test's start); a pick-up and
# a put-down, a refusal, the menu, a struck item, back, a long A
KEYS = "down down a a up a a a right up a start down*2 a b long-a"


def test_the_circuitpython_build_draws_what_the_micropython_build_draws(libs, micropython):
    cp = cp_frames("cp_pico_ssd1306", KEYS)
    mp = micropython_frames(KEYS)
    assert len(cp) == len(mp) == 1 + len(KEYS.split()) + 1  # down*2 is two presses
    for i, (a, b) in enumerate(zip(cp, mp)):
        assert a == b, "after press %d the panels differ" % i
    assert any(cp[0]) and cp[-1] != cp[0]


def test_the_circuitpython_build_saves_in_nvm_and_resumes_after_a_reset(libs, micropython,
                                                                        tmp_path):
    """Two moves, the menu (a save), the power cycled, RESUME: the same
    panels as the MicroPython build keeping its files on a flash."""
    keys = "down down a a up a a a right a a start"
    cp = cp_frames("cp_pico_ssd1306", keys + " reset a")
    flash = str(tmp_path / "flash")
    fw = Firmware(flash=flash)
    from sim import parse_keys
    mp = [fw.frame().data]
    for key in parse_keys(keys):
        fw.press(key)
        mp.append(fw.frame().data)
    fw.close()  # the power goes
    fw = Firmware(flash=flash)
    mp.append(fw.frame().data)  # the title, RESUME first
    fw.press("a")
    mp.append(fw.frame().data)
    fw.close()
    assert len(cp) == len(mp)
    for i, (a, b) in enumerate(zip(cp, mp)):
        assert a == b, "after press %d the panels differ" % i
    assert cp[-1] != cp[-2] and cp[-2] != cp[-3]  # the title after the reset, then the table


FLASH_CP = os.path.join(ROOT, "tools", "flash_cp.py")


def flash_cp(*args):
    return subprocess.run([sys.executable, FLASH_CP] + list(args), capture_output=True,
                          text=True)


def test_make_flash_cp_fills_a_drive_that_then_plays(libs, micropython, tmp_path):
    """A folder standing for the CIRCUITPY drive: the layout, the libraries,
    nothing copied the second time, a stale module removed and the owner's
    files kept; and what landed there boots and draws what the MicroPython
    build draws."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico\n")
    (drive / "notes.txt").write_text("mine")
    first = flash_cp("cp_pico_ssd1306", str(drive))
    assert first.returncode == 0, first.stderr
    assert (drive / "code.py").read_bytes() == open(os.path.join(ROOT, "firmware", "main.py"),
                                                    "rb").read()
    assert (drive / "game_board.py").exists() and (drive / "lib" / "freecell" / "game.py").exists()
    assert (drive / "lib" / "adafruit_displayio_ssd1306.py").exists()
    loops = (drive / "lib" / "freecell" / "solver_loops.py").read_text()
    assert "\n@micropython.viper\n" not in loops and "def list_moves" in loops
    (drive / "lib" / "app" / "retired.py").write_text("old")
    second = flash_cp("cp_pico_ssd1306", str(drive))
    assert "0 files copied" in second.stdout and "1 removed" in second.stdout, second.stdout
    assert (drive / "notes.txt").read_text() == "mine"
    assert not (drive / "lib" / "app" / "retired.py").exists()
    keys = "down down a a up a a a right up a"
    assert cp_frames("cp_pico_ssd1306", keys, str(drive)) == micropython_frames(keys)


@pytest.mark.parametrize("args,message", [
    (["cp_pico_ssd1306", "/no/such/drive"], "has no boot_out.txt"),
    (["pico_ssd1306", "/tmp"], "no CircuitPython board 'pico_ssd1306'"),
])
def test_flash_cp_refuses_what_is_not_a_circuitpython_board_or_drive(args, message):
    r = flash_cp(*args)
    assert r.returncode == 1 and message in r.stderr and "Traceback" not in r.stderr
