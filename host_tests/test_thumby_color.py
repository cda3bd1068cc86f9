"""The Thumby Color on TinyCircuits' own firmware layer (../shared/thumbycolor:
their MicroPython fork with the Tiny Game Engine, their main.py, headless;
its README says what it models): FreeCell laid out as make flash lays it
(/Games/FreeCell, the engine's x64 .mpy), run at a device-like 350 KB heap
with the buttons scripted by engine tick, every frame the engine presents
compared with the simulator's colour frames for the same presses (the
Thumby Color's inks, tools/simrun.py's `colour`): the title, deal 2 through
the deal-number editor, a card to a free cell, a refused pick-up; the
process killed and the game resumed from its saves; QUIT back to the
firmware (its reset)."""

import os
import struct
import subprocess
import sys

import pytest

from conftest import ROOT, TOOLS, need

sys.path.insert(0, TOOLS)
from sim import Firmware, colour_ink  # noqa: E402

KIT = os.environ.get("THUMBYCOLOR_DIR") or os.path.join(os.path.dirname(ROOT), "shared",
                                                        "thumbycolor")
TC_RUN = os.path.join(KIT, "bin", "tc-run")
HEAP = 350000  # the device's GC heap, about (the kit's README: 300-370 KB)
INKS = (0x0000, 0xFFFF, 0xF800, 0x0000)  # drivers/colour_screen.py's
BUTTONS = {"up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT", "a": "A", "b": "B",
           "start": "LB", "select": "RB"}
HOLD = 4  # engine ticks a press is held (each a pass of the app's loop: a few ms)
GAP = 40  # engine ticks from one press to the next
# title: DEAL NUMBER, the game (FreeCell, lit), the last digit up to 2, deal
# it; 3H picked up and put in a free cell; column 2, up a card, a pick-up of
# 3C JD, no run: refused (as test_pico.py's first boot)
FIRST = ["down", "down", "a", "a", "up", "a", "a", "a", "right", "up", "a"]
SECOND = ["a", "b"]  # after the kill: RESUME, then B: undo


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    """The game as make flash BOARD=thumby_color lays it out."""
    need(os.access(TC_RUN, os.X_OK), "the Thumby Color kit (../shared/thumbycolor)")
    import flash

    out = str(tmp_path_factory.mktemp("thumbycolor") / "staged")
    flash.stage("thumby_color", out, False, "x64")
    return os.path.join(out, "Games", "FreeCell")


def new_root(staged, folder):
    """A device's file system: the firmware's files and the game (tc-mkroot)."""
    root = str(folder / "root")
    made = subprocess.run([os.path.join(KIT, "bin", "tc-mkroot"), root, staged],
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    return root


def script(keys, first=10, gap=GAP):
    """TC_INPUT for the presses, and the tick each press starts at."""
    at = [first + i * gap for i in range(len(keys))]
    return "; ".join("%d %s %d" % (t, BUTTONS[k], HOLD) for t, k in zip(at, keys)), at


def run_engine(root, keys, frames_dir, extra_ticks=GAP, gap=GAP):
    """Run the game on the engine; the RGB565 values of the frame before
    each press and of the last one, and what it printed."""
    inputs, at = script(keys, gap=gap)
    last = (at[-1] if at else 10) + extra_ticks
    wanted = [t for t in at] + [last]
    os.makedirs(frames_dir, exist_ok=True)
    env = dict(os.environ, TC_MS_PER_TICK="0", TC_INPUT=inputs, TC_FRAME_DIR=frames_dir,
               TC_FRAME_FORMAT="raw", TC_FRAME_LIST=",".join(map(str, wanted)),
               TC_MAX_FRAMES=str(last), TC_HEAPSIZE=str(HEAP))
    done = subprocess.run([TC_RUN, "--root", root, "--timeout", "300", "Games/FreeCell"],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    found = {}
    for n in wanted:
        with open(os.path.join(frames_dir, "frame_%06d.rgb565" % n), "rb") as f:
            found[n] = struct.unpack("<16384H", f.read())
    return [found[n] for n in wanted], done.stdout


def rgb565(frame):
    """A simulator's colour frame (2 bits a pixel, GS2_HMSB) in RGB565."""
    return tuple(INKS[colour_ink(frame, x, y)] for y in range(128) for x in range(128))


def sim_frames(keys, flash_dir):
    """The simulator's colour frames: before the first press, after each."""
    fw = Firmware(size="128x128", flash=flash_dir, colour=True)
    try:
        shown = [rgb565(fw.frame())]
        for key in keys:
            fw.press(key)
            shown.append(rgb565(fw.frame()))
        fw.send("save")
        return shown
    finally:
        fw.close()


def differs(a, b):
    return sum(1 for x, y in zip(a, b) if x != y)


def test_the_game_plays_on_the_engine_as_in_the_simulator_and_resumes_after_a_kill(
        staged, tmp_path, micropython):
    root = new_root(staged, tmp_path)
    engine, _ = run_engine(root, FIRST, str(tmp_path / "first"))
    sim = sim_frames(FIRST, str(tmp_path / "sim-flash"))
    assert any(v == 0xF800 for v in sim[-1]), "no red on the table"
    for i, (ours, theirs) in enumerate(zip(engine, sim)):
        assert differs(ours, theirs) == 0, "frame %d (after %s) differs in %d pixels" % (
            i, FIRST[i - 1] if i else "boot", differs(ours, theirs))
    saves = os.path.join(root, "Saves", "Games", "FreeCell")
    assert "game.sav" in os.listdir(saves)  # TC_MAX_FRAMES ends the process: a kill
    again, _ = run_engine(root, SECOND, str(tmp_path / "second"))
    sim_again = sim_frames(SECOND, str(tmp_path / "sim-flash"))
    for i, (ours, theirs) in enumerate(zip(again, sim_again)):
        assert differs(ours, theirs) == 0, "after the kill, frame %d differs" % i


def test_freecell_is_chosen_from_the_launcher_and_quit_goes_back_to_it(staged, tmp_path):
    """Boot 1: the firmware's launcher (its splash, then the GAMES page, our
    tile the only one), A until it starts the game (the splash's length is
    the host's real time, so A is pressed every 150 ticks); boot 2: FreeCell's
    title, QUIT (its last item) chosen: the firmware resets; boot 3: the
    launcher again."""
    frames = str(tmp_path / "frames")
    presses = "; ".join("%d A 4" % t for t in range(100, 2400, 150))
    quit_keys, at = script(["down"] * 8 + ["a"])
    env = dict(os.environ, TC_MS_PER_TICK="0", TC_INPUT=presses, TC_INPUT_2=quit_keys,
               TC_MAX_FRAMES="2500", TC_HEAPSIZE=str(HEAP), TC_FRAME_DIR=frames,
               TC_FRAME_FORMAT="raw", TC_FRAME_LIST="%d,400" % at[-1])
    done = subprocess.run([TC_RUN, "--root", new_root(staged, tmp_path), "--loop", "--max-boots",
                           "3", "--timeout", "300"], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert sorted(os.listdir(frames)) == ["boot1", "boot2", "boot3"], os.listdir(frames)
    with open(os.path.join(frames, "boot2", "frame_%06d.rgb565" % at[-1]), "rb") as f:
        title = struct.unpack("<16384H", f.read())
    sim = Firmware(size="128x128", colour=True)
    try:
        for key in ["down"] * 8:
            sim.press(key)
        assert title == rgb565(sim.frame()), "the title with QUIT lit differs from the simulator's"
    finally:
        sim.close()
    with open(os.path.join(frames, "boot3", "frame_000400.rgb565"), "rb") as f:
        launcher = struct.unpack("<16384H", f.read())
    assert len(set(launcher)) > 8  # the launcher's colours, not FreeCell's three inks


def test_a_whole_game_is_won_through_the_buttons_at_the_devices_heap(staged, tmp_path):
    """Deal 2 from the title, then the solver's line as keyplan presses it
    (its hold-A quick moves on RB, the Thumby Color's SELECT), at 350 KB:
    the end screen, as the simulator's."""
    from keyplan import keys_for_solver_line

    keys, _ = keys_for_solver_line(2, (128, 128))
    keys = FIRST[:8] + ["select" if k == "long-a" else k for k in keys]
    assert not [k for k in keys if k not in BUTTONS]
    root = new_root(staged, tmp_path)
    shown, _ = run_engine(root, keys, str(tmp_path / "frames"), gap=12)
    sim = Firmware(size="128x128", colour=True)
    try:
        for key in keys:
            sim.press(key)
        end = rgb565(sim.frame())
    finally:
        sim.close()
    assert differs(shown[-1], end) == 0, "the end screen differs in %d pixels" % differs(
        shown[-1], end)
    assert any(v == 0xFFFF for v in end)


CONTRACT = """
import board
assert board.display.width == board.display.height == 128 and hasattr(board.display, "show")
assert isinstance(board.keys.get_pressed(), int) and isinstance(board.seed(), int)
assert len(board.clock()) == 3 and board.clock()[0] >= 2024 and callable(board.quit)
import engine_time
t = engine_time.datetime()
assert board.clock() == (t[0], t[1], t[2])
board.buzzer.play((2093, 6))  # app/sounds.py's CLICK: a tone on the engine's channel 0
import tc_harness
assert tc_harness.audio_channels()[0][0] == "ToneSoundResource", tc_harness.audio_channels()
assert board.buzzer.pwm.hz == 2093  # (the engine takes it as the wave next crosses zero)
board.buzzer.stop()
assert tc_harness.audio_channels()[0][0] is None, tc_harness.audio_channels()
print("CONTRACT OK")
"""


def test_the_board_module_keeps_the_contract_on_the_engine(staged, tmp_path):
    """boards/__init__.py's contract, on the engine (the module imports
    engine_main: nowhere else), and the date is the RTC's."""
    root = new_root(staged, tmp_path)
    game = os.path.join(root, "Games", "FreeCell")
    with open(os.path.join(game, "contract.py"), "w") as f:
        f.write(CONTRACT)
    done = subprocess.run([TC_RUN, "--root", root, "--timeout", "60", "Games/FreeCell/contract.py"],
                          env=dict(os.environ, TC_MS_PER_TICK="0", TC_HEAPSIZE=str(HEAP)),
                          capture_output=True, text=True)
    assert "CONTRACT OK" in done.stdout, done.stdout[-2000:] + done.stderr[-1000:]


def test_make_thumby_color_arcade_writes_a_game_the_launcher_finds_and_runs(tmp_path):
    """The arcade's folder (TinyCircuits-Thumby-Color-Games): the game as
    source, manifest.ini and the 64x64 icon the launcher reads, the
    description and a picture of play; run from it on the engine, the
    title is the simulator's."""
    need(os.access(TC_RUN, os.X_OK), "the Thumby Color kit (../shared/thumbycolor)")
    from conftest import run

    made = run(["make", "-s", "-C", ROOT, "thumby-color-arcade"])
    assert made.returncode == 0, made.stdout + made.stderr
    game = os.path.join(ROOT, "build", "thumby-color-arcade", "FreeCell")
    names = set(os.listdir(game))
    assert {"FreeCell.py", "board.py", "manifest.ini", "icon.bmp", "arcade_description.txt",
            "arcade_title_image.png", "app", "freecell", "drivers"} <= names
    with open(os.path.join(game, "manifest.ini")) as f:
        assert f.read().splitlines() == ["name=FreeCell", "main=FreeCell.py", "icon=icon.bmp"]
    with open(os.path.join(game, "icon.bmp"), "rb") as f:
        icon = f.read()
    assert icon[:2] == b"BM" and struct.unpack_from("<ii", icon, 18) == (64, 64)
    assert struct.unpack_from("<HI", icon, 28) == (16, 3)  # RGB565, BI_BITFIELDS
    with open(os.path.join(game, "arcade_title_image.png"), "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    root = new_root(game, tmp_path)
    shown, _ = run_engine(root, [], str(tmp_path / "frames"), extra_ticks=60)
    sim = Firmware(size="128x128", colour=True)
    try:
        assert shown[-1] == rgb565(sim.frame())
    finally:
        sim.close()


def test_the_bench_part_runs_and_a_press_allocates_nothing():
    """make bench's thumbycolor part on the engine: every figure printed;
    a press on the table allocates nothing (allocation counts are the same
    every run) and a move of three presses is three redraws."""
    need(os.access(TC_RUN, os.X_OK), "the Thumby Color kit (../shared/thumbycolor)")
    import bench

    found = dict(line.split(": ", 1) for line in bench.thumby_color_figures())
    assert set(found) == {"tc_boot_free_kb", "tc_solver_free_kb", "tc_frames_per_move",
                          "tc_press_bytes"}, found
    assert found["tc_press_bytes"] == "0" and found["tc_frames_per_move"] == "3.0"
    assert int(found["tc_solver_free_kb"]) > 40  # the tables made, room left


def test_hint_and_winnable_answer_at_the_devices_heap_as_in_the_simulator(staged, tmp_path):
    """Deal 2 from the title, then the menu's HINT (the fifth item) and,
    from the menu again, WINNABLE? (the seventh), each left 200 engine ticks
    to answer: the solver's tables are made in the 350 KB heap and the
    answers on screen are the simulator's."""
    keys = FIRST[:8] + ["start"] + ["down"] * 4 + ["a", "start"] + ["down"] * 6 + ["a"]
    root = new_root(staged, tmp_path)
    inputs, at = script(keys)
    last = at[-1] + 200
    frames = str(tmp_path / "frames")
    os.makedirs(frames)
    hint_shown = at[14]  # the frame before the second START: the hint's answer shown
    env = dict(os.environ, TC_MS_PER_TICK="0", TC_INPUT=inputs, TC_FRAME_DIR=frames,
               TC_FRAME_FORMAT="raw", TC_FRAME_LIST="%d,%d" % (hint_shown, last),
               TC_MAX_FRAMES=str(last), TC_HEAPSIZE=str(HEAP))
    done = subprocess.run([TC_RUN, "--root", root, "--timeout", "300", "Games/FreeCell"],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]
    shown = []
    for n in (hint_shown, last):
        with open(os.path.join(frames, "frame_%06d.rgb565" % n), "rb") as f:
            shown.append(struct.unpack("<16384H", f.read()))
    sim = Firmware(size="128x128", colour=True)
    try:
        seen = []
        for i, key in enumerate(keys):
            sim.press(key)
            if i == 7:
                dealt = rgb565(sim.frame())
            if i in (13, len(keys) - 1):
                for _ in range(20):
                    sim.press("wait")
                seen.append(rgb565(sim.frame()))
    finally:
        sim.close()
    assert differs(seen[0], dealt) > 20 and differs(seen[1], seen[0]) > 20  # each answered
    assert differs(shown[0], seen[0]) == 0, "the hint differs in %d pixels" % differs(
        shown[0], seen[0])
    assert differs(shown[1], seen[1]) == 0, "WINNABLE?'s answer differs in %d pixels" % differs(
        shown[1], seen[1])
