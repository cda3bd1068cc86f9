"""On the chip: the official MicroPython rp2 firmware on the emulated RP2040
(../shared/pico, npm rp2040js), flashed with `make flash` over the real
mpremote, played through its GPIO buttons and read back from its SSD1306 over
I2C (tools/pico_tap.mjs), then compared pixel for pixel with the simulator
given the same presses.  The power is cut in the middle of the game (the
emulator ends and its flash is kept) and the next boot resumes it.

A board second costs 3-8 s here, so the presses are few: start deal 2 from
the title through the deal-number editor, put a card in a free cell, try a
pick-up the rules refuse; then, after the cut, RESUME and undo."""

import os
import sys
import time

import pytest

from conftest import ROOT, TOOLS, need, run

sys.path.insert(0, TOOLS)
import pico  # noqa: E402
from sim import Firmware  # noqa: E402

MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")

# title: DEAL NUMBER (third item), the game (FreeCell, lit), the last digit
# up to 2, play deal 2; 3H (column 1's top once the ace of spades went home)
# picked up, its best place a free cell: put down there (the cursor back on
# column 1); then on to column 2, up a card, and a pick-up of 3C JD, no
# run: refused, with the reason on screen
FIRST_BOOT = ["down", "down", "a", "a", "up", "a", "a", "a", "right", "up", "a"]
EDITOR_PRESS = 3  # the press that opens the deal-number editor (app/editors.py)
DEAL_PRESS = 5  # the press that deals: dealing and saving take emulated time
PUT_PRESS = 7  # 3H put down: the table as a resumed game shows it
# after the power cut: RESUME (the title's first item), then B: undo
SECOND_BOOT = ["a", "b"]

DEAL_2 = run([sys.executable, os.path.join(TOOLS, "fc.py"), "replay", "2"]).stdout


@pytest.fixture(scope="module")
def tools():
    pico.install()
    problem = pico.missing(need_socat=True)
    need(problem is None, problem or "")
    need(os.path.exists(MPREMOTE), "mpremote (pip install mpremote)")


def mpremote(port, *args):
    return run([MPREMOTE, "connect", port, "resume"] + list(args))


def mpremote_when_back(port, *args, seconds=30):
    """mpremote, tried again while the board comes back from a reset (a
    person would wait the moment it takes)."""
    deadline = time.time() + seconds
    while True:
        done = mpremote(port, *args)
        if done.returncode == 0 or time.time() > deadline:
            return done
        time.sleep(1)


@pytest.fixture(scope="module")
def flashed(tools, tmp_path_factory):
    """`make flash` twice in a row on a fresh Pico, as a person does it, on
    one port (tools/pico.py serve's board: each flash ends in a reset, and the
    board comes back from its flash, running the game); in between, a module
    the game no longer has and a file of the owner's are put on the board."""
    image = str(tmp_path_factory.mktemp("pico") / "flash.img")
    found = {}
    with pico.VirtualPico(image, survive_reset=True) as board:
        found["first"] = run(["make", "-s", "-C", ROOT, "flash", "BOARD=pico_ssd1306",
                              "PORT=" + board.port])
        planted = ("f=open('lib/app/retired.mpy','wb'); f.write(b'old'); f.close(); "
                   "f=open('board.py','w'); f.write('x'); f.close(); "
                   "f=open('notes.txt','w'); f.write('mine'); f.close()")
        done = mpremote_when_back(board.port, "exec", planted)
        assert done.returncode == 0, done.stderr
        found["second"] = run(["make", "-s", "-C", ROOT, "flash", "BOARD=pico_ssd1306",
                               "PORT=" + board.port])
        found["resets"] = board.resets
    found["image"] = image
    found["files"] = pico.read_image(image)
    return found


def firmware_files():
    lib = os.path.join(ROOT, "firmware", "lib")
    return sum(len([n for n in os.listdir(os.path.join(lib, p)) if n.endswith(".py")])
               for p in ("freecell", "app", "drivers")) + 2  # + main.py, board.mpy


def test_make_flash_puts_the_game_at_the_root_of_the_pico(flashed):
    first, second, files = flashed["first"], flashed["second"], flashed["files"]
    n = firmware_files()
    assert first.returncode == 0 and second.returncode == 0, (first.stderr, second.stderr)
    assert flashed["resets"] >= 1  # the first flash's reset: the board came back for the rest
    with open(os.path.join(ROOT, "docs", "BOARDS.md")) as f:  # the docs' count is this one
        assert "twice in a row (%d files, then" % n in " ".join(f.read().split())
    assert first.returncode == 0, first.stderr
    assert "pico_ssd1306: %d files copied, 0 already up to date, 0 removed" % n in first.stdout
    assert "board reset: the game starts" in first.stdout
    assert second.returncode == 0, second.stderr
    # only the planted stale files go; the owner's file stays
    assert "pico_ssd1306: 0 files copied, %d already up to date, 2 removed" % n in second.stdout
    assert "main.py" in files and "board.mpy" in files and "board.py" not in files
    assert "lib/freecell/game.mpy" in files and "lib/app/app.mpy" in files
    assert "lib/drivers/ssd1306.mpy" in files and "lib/app/retired.mpy" not in files
    assert files["notes.txt"] == b"mine"
    assert not [p for p in files if p.startswith("pico_ssd1306")]
    assert len([p for p in files if p.startswith("lib/")]) == n - 2


def sim_frames(keys, flash):
    """The simulator's frame after each press, with its flash in `flash`;
    closing it cuts the power as ending the emulator does."""
    fw = Firmware(flash=flash)
    frames, states = [], []
    try:
        for key in keys:
            fw.press(key)
            frames.append(fw.frame().data)
            states.append(fw.state())
    finally:
        fw.close()
    return frames, states


def assert_same_screens(boot, frames, keys):
    for i, key in enumerate(keys):
        end = boot.press_at[i + 1] if i + 1 < len(keys) else float("inf")
        shown = boot.screen_before(end)
        assert boot.after_press(i) or i == 0 or frames[i] == frames[i - 1], \
            "press %d (%s) drew nothing on the Pico" % (i, key)
        assert shown == frames[i], "after press %d (%s) the Pico's screen differs" % (i, key)


@pytest.fixture(scope="module")
def played(flashed, tmp_path_factory):
    """Boot the flashed Pico, play FIRST_BOOT, cut the power; boot again from
    the flash it kept and play SECOND_BOOT.  The simulator does the same."""
    return play_cut_and_resume(flashed["image"], tmp_path_factory.mktemp("played"))


def play_cut_and_resume(image, folder, firmware=pico.MICROPYTHON, start_ms=1500, source=False):
    """Boot `image` (None: a blank flash) on `firmware`, play FIRST_BOOT
    from start_ms (the title shown: later for a game that compiles its
    source at boot), cut the power; boot again from the flash it kept and
    play SECOND_BOOT; the simulator given the same presses.  source: the
    game is installed as .py (mip), so the deal editor's module compiles as
    it opens (about 380 ms on the Pico): the next press waits for it."""
    cut = str(folder / "cut.img")
    slow = {DEAL_PRESS: 2500}
    if source:
        slow[EDITOR_PRESS] = 1000
    first = pico.boot(image, FIRST_BOOT, slow=slow, save_to=cut, firmware=firmware,
                      start_ms=start_ms)
    second = pico.boot(cut, SECOND_BOOT, slow={0: 1500}, firmware=firmware, start_ms=start_ms)
    sim_flash = str(folder / "sim-flash")
    sim_first, states_first = sim_frames(FIRST_BOOT, sim_flash)
    sim_second, states_second = sim_frames(SECOND_BOOT, sim_flash)
    return dict(first=first, second=second, sim_first=sim_first, sim_second=sim_second,
                states_first=states_first, states_second=states_second,
                saved=pico.read_image(cut))


def test_the_title_reaches_the_ssd1306_at_boot(played):
    boot = played["first"]
    title = boot.screen_before(boot.press_at[0])
    assert title is not None and any(title), "nothing reached the display before the first press"
    fw = Firmware()  # the simulator's screen before any press
    try:
        assert title == fw.frame().data
    finally:
        fw.close()


def test_a_game_played_on_the_chip_shows_what_the_simulator_shows(played):
    boot, frames = played["first"], played["sim_first"]
    assert_same_screens(boot, frames, FIRST_BOOT)
    # the simulator's position is the one the Pico drew: 3H in a cell, and
    # the refused move changed nothing
    state = played["states_first"][-1]
    assert "Freecells: 3H - - -" in state and "Foundations: H-1 C-0 D-0 S-1" in state
    assert state == played["states_first"][PUT_PRESS]  # the refusal changed nothing
    assert frames[-1] != frames[-2]  # the refusal is on screen
    assert "game.sav" in played["saved"] and "stats.sav" in played["saved"]


def test_after_a_power_cut_the_game_resumes_and_undo_works(played):
    boot, frames = played["second"], played["sim_second"]
    assert_same_screens(boot, frames, SECOND_BOOT)
    # the resumed table is the one before the cut, the cursor back on
    # column 1 (as after the first boot's put-down), the refusal's box gone
    assert frames[0] == played["sim_first"][PUT_PRESS]
    assert played["states_second"][0] == played["states_first"][-1]
    # undo took the move back: the deal as dealt (fc.py replay 2 shows it)
    assert played["states_second"][1] == DEAL_2


def test_pico_serve_prints_its_port_and_keeps_the_flash(tools, tmp_path):
    """tools/pico.py serve: the port to flash, an mpremote that writes a
    file there, and Ctrl-C (even when it started with SIGINT ignored): the
    flash image holds the file."""
    import select
    import signal
    import subprocess

    image = str(tmp_path / "pico.img")
    # started with SIGINT ignored, as a script's background job is: Ctrl-C
    # must stop it all the same (a CI run launched so hung here)
    proc = subprocess.Popen([sys.executable, os.path.join(TOOLS, "pico.py"), "serve", image],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        first = proc.stdout.readline() if ready else ""
        assert first.startswith("emulated Pico on "), first
        port = first.split()[3]
        assert proc.stdout.readline().strip() == "make flash BOARD=pico_ssd1306 PORT=" + port
        done = mpremote_when_back(port, "exec", "f=open('hello.txt','w'); f.write('hi'); f.close()")
        assert done.returncode == 0, done.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
    assert proc.returncode == 0
    assert pico.read_image(image)["hello.txt"] == b"hi"


# the probe run after main.py's boot (its last line, app.run(), left out):
# the largest block the heap can give, found by halving, then a first hint
_FIRST_HINT = """
def largest():
    lo, hi = 0, 200 * 1024
    while hi - lo > 64:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            ok = True
        except MemoryError:
            ok = False
        gc.collect()
        if ok:
            lo = mid
        else:
            hi = mid
    return lo
app.new_game("617")
gc.collect()
print("largest:", largest())
from app.assistant import HINT
app.assistant.start(HINT)
print("slots:", app.assistant.solver.size)
"""


def test_the_first_hint_gets_the_whole_seen_table_with_room_to_spare(tools, tmp_path):
    """Booted as main.py boots (the firmware as make flash lays it out), the
    first hint makes the solver's full 8,192-slot table, and the heap's
    largest free block then holds its 49,152 bytes with 8 KB to spare (76.6
    KB when this was written; make bench's own boot, bench_pico.py's,
    leaves less: docs/MEASURED.md).  The
    block has shrunk under the table twice in make bench's boot, each time
    by a few hundred bytes of the solver's code; this says so before a
    player's Pico gets a table half the size."""
    sys.path.insert(0, TOOLS)
    import bench

    image = bench.pico_image(str(tmp_path / "pico.img"), False)
    with open(os.path.join(ROOT, "firmware", "main.py")) as f:
        boot = f.read().rstrip()
    assert boot.endswith("app.run()")
    script = tmp_path / "first_hint.py"
    script.write_text(boot[:-len("app.run()")] + _FIRST_HINT)
    out, _ = pico.run_scripts(image, [str(script)], timeout=300)
    found = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    assert found.get("slots") == "8192", out[-1500:]
    assert int(found["largest"]) >= 49152 + 8192, out[-1500:]
