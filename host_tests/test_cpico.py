"""On CircuitPython's own firmware: the official CircuitPython 10.2.1 for the
Pico on the emulated RP2040 (../shared/cpico), booting the drive that `make
flash-cp BOARD=cp_pico_ssd1306` writes, as .py (what a user without
mpy-cross gets) and as .mpy (CircuitPython's own mpy-cross), played through
its GPIO buttons and read back from its SSD1306 over I2C (tools/pico_tap.mjs,
which also mends rp2040js's WFI: see there), every screen compared pixel for
pixel with the simulator's (the MicroPython build) for the same presses.
The power is cut (the emulator ends, its nvm kept) and the next boot
resumes.  A whole deal is won through the keys, and the solver answers HINT,
WINNABLE? and SHOW ME there (its loops plain Python: no native code on this
firmware), stopped by B.  An emulated second costs 1.5-5 s here (idle waits
are skipped, the solver's search is not)."""

import re
import sys

import pytest

from conftest import TOOLS, need

sys.path.insert(0, TOOLS)
import cpico  # noqa: E402
import pico  # noqa: E402
from test_pico import (DEAL_2, DEAL_PRESS, FIRST_BOOT, PUT_PRESS, SECOND_BOOT,  # noqa: E402
                       assert_same_screens, sim_frames)
from sim import Firmware  # noqa: E402

# when the title is up (emulated ms from power-on): the runner's soft
# reload at about 1.3 s, then the boot (.py: compiled on the board)
START_MS = {"py": 6500, "mpy": 3500}


@pytest.fixture(scope="module")
def cp_tools():
    pico.install()
    problem = cpico.missing()
    need(problem is None, problem or "")


@pytest.fixture(scope="module")
def drives(cp_tools, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cpico")
    made = {}
    for form in ("py", "mpy"):
        image = str(folder / ("%s.img" % form))
        result = cpico.drive(image, form)
        assert result.returncode == 0, result.stderr
        assert "cp_pico_ssd1306: " in result.stdout, result.stdout
        made[form] = image
    return made


def test_every_module_the_drive_imports_is_on_it_or_in_the_firmware(cp_tools):
    """What code.py reaches imports only modules the drive holds or the
    firmware has built in (help('modules') on the firmware itself): a
    library that one of the drive's libraries needs but make flash-cp left
    out (adafruit_ticks, once) fails here."""
    import flash_cp

    sources = {path: data.decode() for path, data in flash_cp.build(cpico.BOARD).items()
               if path.endswith(".py")}
    core = cpico.core_modules()
    assert {"displayio", "bitmaptools", "keypad", "microcontroller", "busio"} <= core, core
    outside = flash_cp.outside_imports(sources)
    assert outside and outside <= core, sorted(outside - core)


def test_a_library_comes_with_what_its_metadata_requires(cp_tools):
    """adafruit_display_text (not used by the game now) requires the ticks
    and bitmap-font libraries by Requires-Dist; Blinka's packages stand for
    what the firmware has built in and are never copied."""
    import flash_cp

    distributions, modules = flash_cp.libraries(
        {"code.py": "import adafruit_display_text.bitmap_label\nimport displayio\n"})
    assert distributions == ["adafruit-circuitpython-bitmap-font",
                             "adafruit-circuitpython-display-text",
                             "adafruit-circuitpython-ticks"]
    assert modules == ["adafruit_bitmap_font", "adafruit_display_text", "adafruit_ticks"]


@pytest.fixture(scope="module")
def sim_played(tmp_path_factory):
    flash = str(tmp_path_factory.mktemp("sim") / "flash")
    first, states_first = sim_frames(FIRST_BOOT, flash)
    second, states_second = sim_frames(SECOND_BOOT, flash)
    return dict(first=first, second=second, states_first=states_first,
                states_second=states_second)


@pytest.mark.parametrize("form", ["py", "mpy"])
def test_the_drive_boots_plays_and_resumes_on_circuitpython(form, drives, sim_played,
                                                           tmp_path):
    """The title, deal 2 from the title, a card to a free cell and a refused
    pick-up, each screen the simulator's; the power cut; RESUME shows the
    same table, undo gives the deal back, and the statistics count the game
    once (read from the nvm the board kept)."""
    nvm = str(tmp_path / "nvm.bin")
    first = cpico.boot(drives[form], FIRST_BOOT, save_nvm=nvm, start_ms=START_MS[form],
                       slow={DEAL_PRESS: 3000})
    title = first.screen_before(first.press_at[0])
    assert title is not None and any(title), first.output[-2000:]
    assert "Traceback" not in first.output, first.output[-2000:]
    assert_same_screens(first, sim_played["first"], FIRST_BOOT)
    after = str(tmp_path / "nvm-after.bin")
    second = cpico.boot(drives[form], SECOND_BOOT, nvm=nvm, save_nvm=after,
                        start_ms=START_MS[form], slow={0: 1500})
    assert "Traceback" not in second.output, second.output[-2000:]
    assert_same_screens(second, sim_played["second"], SECOND_BOOT)
    assert sim_played["second"][0] == sim_played["first"][PUT_PRESS]
    assert sim_played["states_second"][1] == DEAL_2
    from app.records import Stats
    from app.records_format import PLAYED
    from app.storage import STATS, Storage, nvm_files
    from app.restore import load

    for path in (nvm, after):  # before the cut, and after the resumed game's undo
        with open(path, "rb") as f:
            kept = bytearray(f.read())
        stats = Stats()
        assert load(Storage(nvm_files(kept)), STATS, stats.decode, 4096), path
        assert stats.total(PLAYED) == 1 and stats.in_progress == 1, path


def from_title(deal):
    """The presses that start FreeCell deal `deal` (1-99) from the title:
    DEAL NUMBER, FreeCell, the digits set from 1 (the last one's place
    first), play."""
    keys = ["down", "down", "a", "a"]
    tens, units = divmod(deal, 10)
    if tens:
        keys += ["left"] + ["up"] * tens + ["right"]
    return keys + (["up"] * (units - 1) if units else ["down"]) + ["a"]


# deal 6: the shortest win in presses of deals 1-59 (from the title) (the board's solver's
# line, 43 moves, autoplay on; tools/keyplan.py's cheapest presses)
WIN_DEAL = 6


@pytest.fixture(scope="module")
def win_keys():
    from keyplan import keys_for_solver_line

    keys, _ = keys_for_solver_line(WIN_DEAL)
    return from_title(WIN_DEAL) + keys


@pytest.mark.parametrize("form", ["py", "mpy"])
def test_a_whole_deal_is_won_through_the_keys(form, drives, win_keys, tmp_path):
    """Deal 6 from the title to the win screen, about 100 presses on GPIO,
    the screen after each the simulator's (the MicroPython build's); the
    statistics in nvm then count one game played and won.  600 ms a press:
    a save to nvm (the first move's, then every 30 s) takes up to 600 ms,
    and the press made meanwhile is handled after it.  The flash's erases
    are the runner's count (nvm and the drive alike): none, the saves
    appended to nvm's log on a blank sector (before its log, each save
    erased the sector about 4 times)."""
    deal_press = len(from_title(WIN_DEAL)) - 1
    nvm = str(tmp_path / "nvm.bin")
    won = cpico.boot(drives[form], win_keys, save_nvm=nvm, start_ms=START_MS[form],
                     gap_ms=600, slow={deal_press: 3000, len(win_keys) - 1: 2500},
                     tail_ms=0, quiet=False)
    assert "Traceback" not in won.output, won.output[-2000:]
    flash = re.findall(r"flash: (\d+) bytes erased, (\d+) programmed", won.log)
    assert flash and int(flash[-1][0]) == 0 and int(flash[-1][1]) > 1000, flash
    frames, _ = sim_frames(win_keys, str(tmp_path / "sim-flash"))
    assert_same_screens(won, frames, win_keys)
    from app.records import Stats
    from app.records_format import PLAYED, WON
    from app.storage import STATS, Storage, nvm_files
    from app.restore import load

    with open(nvm, "rb") as f:
        stats = Stats()
        assert load(Storage(nvm_files(bytearray(f.read()))), STATS, stats.decode, 4096)
    assert stats.total(PLAYED) == 1 and stats.total(WON) == 1 and stats.in_progress == 0


def sim_settled(keys, waits, flash):
    """The simulator's screen after each of `keys`, with waits[i] more
    100 ms steps of nothing pressed after key i (a search's time there)."""
    fw = Firmware(flash=flash)
    frames = []
    try:
        for i, key in enumerate(keys):
            fw.press(key)
            for _ in range(waits.get(i, 0)):
                fw.press("wait")
            frames.append(fw.frame().data)
    finally:
        fw.close()
    return frames


# deal 12 (199 positions to a win): HINT, stopped by B while it searches
# (in the simulator too: 160 positions by then); HINT again, answered;
# WINNABLE?, answered; SHOW ME, which plays the line to the win.  The
# presses that start a search, and the time each gets (emulated ms on the
# chip, 100 ms steps in the simulator)
ASSIST_DEAL = 12
_DEALT = len(from_title(ASSIST_DEAL))
_MENU = ["start", "down", "down", "down", "down"]  # to HINT
ASSIST_KEYS = from_title(ASSIST_DEAL) + _MENU + ["a", "b"] + _MENU + ["a"] \
    + _MENU + ["down", "down", "a"] + _MENU + ["down", "a"]
# B 0.8 s after the first HINT: its progress is up at 0.48 s (the solver's
# tables made) and reads 1% from 0.95 s, which the simulator's first frame
# does not, and its answer is up at 1.34 s (the .mpy drive, this solver;
# 2.7 s before the search kept a depth's moves, when B came at 1 s)
STOPPED = _DEALT + 6
HINTED = _DEALT + 12  # the second HINT's press
SEARCHES = {HINTED: (6000, 30), HINTED + 8: (6000, 30), len(ASSIST_KEYS) - 1: (50000, 450)}


def think_ahead_off(tmp_path):
    """An nvm whose settings have THINK AHEAD off (the rest erased: no
    files), for a search watched from its start: the .mpy drive thinks
    during the deal's pause, and would answer at once."""
    from app.keeper import Keeper
    from app.storage import Storage, nvm_files

    nvm = bytearray(b"\xff" * 4096)
    keeper = Keeper(Storage(nvm_files(nvm)))
    keeper.settings.think = False
    keeper.save_settings()
    assert keeper.problem is None, keeper.problem
    path = tmp_path / "think-off.bin"
    path.write_bytes(bytes(nvm))
    return str(path)


def test_the_solver_answers_and_b_stops_it_on_circuitpython(drives, tmp_path):
    """HINT shows its progress and B stops it; HINT, WINNABLE? and SHOW ME
    answer with the simulator's words and moves, and SHOW ME wins the deal
    (the .mpy drive: both forms run the same bytecode once loaded; THINK
    AHEAD off there, as the simulator, given no time after the deal, does
    not think before the first HINT either)."""
    slow = {i: ms for i, (ms, _) in SEARCHES.items()}
    slow[STOPPED - 1] = 800
    slow[_DEALT - 1] = 3000  # the deal
    boot = cpico.boot(drives["mpy"], ASSIST_KEYS, nvm=think_ahead_off(tmp_path),
                      start_ms=START_MS["mpy"], gap_ms=500, slow=slow, tail_ms=0)
    assert "Traceback" not in boot.output, boot.output[-2000:]
    frames = sim_settled(ASSIST_KEYS, {i: steps for i, (_, steps) in SEARCHES.items()},
                         str(tmp_path / "sim-flash"))
    assert_same_screens(boot, frames, ASSIST_KEYS)
    # the search showed its progress before B: a screen that was neither the
    # menu before it nor the table after
    searching = [u.ram for u in boot.after_press(STOPPED - 1)]
    assert searching and searching[-1] not in (frames[STOPPED - 2], frames[STOPPED])
    last = boot.screen_before(float("inf"))
    assert last == frames[-1] and last != frames[-2]  # the win, by the solver


def hint_from_the_table(drives, form, dealt_ms, tmp_path):
    """Deal 12 and HINT from the menu on the `form` drive, dealt_ms after
    the deal's press; the screens checked against the simulator's.  (boot,
    keys, the simulator's frames)"""
    keys = from_title(ASSIST_DEAL) + _MENU + ["a"]
    boot = cpico.boot(drives[form], keys, start_ms=START_MS[form], gap_ms=500,
                      slow={_DEALT - 1: dealt_ms, len(keys) - 1: 9000}, tail_ms=0)
    assert "Traceback" not in boot.output, boot.output[-2000:]
    frames = sim_settled(keys, {len(keys) - 1: 30}, str(tmp_path / "sim-flash"))
    assert_same_screens(boot, frames, keys)
    return boot, keys, frames


def test_the_py_drive_has_room_for_the_solver(drives, tmp_path):
    """HINT on the .py drive, which compiles the solver's modules on the
    board at the first question: answered as in the simulator, not "not
    enough memory".  (At d1ad192 the parse of a longer solver.py no longer
    fitted in the 50 KB CircuitPython has free there; flash.plain_python now
    takes the docstrings out of the modules it rewrites.  At 8d08d91 it
    fitted by a few hundred bytes; since solver_moves.py took the search's
    moves out of solver.py, by 4 KB.)"""
    hint_from_the_table(drives, "py", 3000, tmp_path)


def test_after_a_pause_the_hint_is_answered_at_once_on_circuitpython(drives, tmp_path):
    """THINK AHEAD on CircuitPython's .mpy drive, which loads the solver's
    code with the app and has about 40 KB free after boot (38 in make
    bench's, whose own script takes room; app/assistant.py's THINK_FREE,
    30 KB, where 40 left that boot no thinker): deal 12 left alone 5 s after
    its deal, then HINT.  The
    answer, the simulator's, is on screen within 0.4 s of the press
    (emulated time: the search from scratch takes 1.34 s and shows its
    progress first, the test above); the .py drive, which compiles the
    solver at the first question, does not think ahead."""
    boot, keys, frames = hint_from_the_table(drives, "mpy", 8000, tmp_path)
    hinted = boot.after_press(len(keys) - 1)
    assert hinted and hinted[-1].ram == frames[-1]
    assert hinted[-1].stop_ms - boot.press_at[len(keys) - 1] < 400, \
        [(u.stop_ms - boot.press_at[len(keys) - 1]) for u in hinted]
