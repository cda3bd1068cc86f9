"""The app under the real MicroPython interpreter: a redraw allocates nothing,
and a soak of random presses with a board-sized heap keeps the game sound."""

import os
import shutil
import sys

from conftest import TOOLS, compile_to, run

HERE = os.path.dirname(os.path.abspath(__file__))
# 224 KB on the 64-bit unix port, whose objects are up to twice a 32-bit
# board's: enough for the app and, when the presses ask for a hint, the
# solver's 58 KB of tables (below that the soak still passes, but the solver
# only says it has no memory).  About 120 KB on a 32-bit board: within an
# RP2040's free heap (make bench: firmware_min_heap_kb, solver_min_heap_kb)
SOAK_HEAP_KB = 224
SOAK_PRESSES = 100000


def figures(output):
    out = {}
    for line in output.splitlines():
        words = line.split()
        if len(words) >= 2:
            out[words[0]] = words[1]
    return out


def test_a_table_redraw_allocates_nothing(micropython, firmware_mpy):
    # the same script make bench runs: five table states, 20 redraws each
    result = run([micropython, os.path.join(TOOLS, "bench_app.py"), "frame"],
                 env={"MICROPYPATH": firmware_mpy})
    assert result.returncode == 0, result.stderr
    assert "frame_alloc_bytes: 0\n" in result.stdout, result.stdout


def test_soak_100000_presses_with_power_cuts_and_a_board_sized_heap(micropython, firmware_mpy,
                                                                   tmp_path):
    soak = compile_to(str(tmp_path / "build"), [(os.path.join(HERE, "mp"), ".")])
    shutil.copy(os.path.join(soak, "app_soak.mpy"), os.path.join(firmware_mpy, "app_soak.mpy"))
    flash = tmp_path / "flash"
    flash.mkdir()
    code = "import sys\nsys.argv.extend(['%d', '11', '%s'])\nimport app_soak\n" % (
        SOAK_PRESSES, flash)
    result = run([micropython, "-X", "heapsize=%dk" % SOAK_HEAP_KB, "-c", code],
                 env={"MICROPYPATH": firmware_mpy})
    assert result.returncode == 0, result.stderr + result.stdout
    assert "FAIL" not in result.stdout and "ok" in result.stdout, result.stdout
    f = figures(result.stdout)
    assert f["presses"] == str(SOAK_PRESSES)
    assert f["screens_seen"] == "13", "the soak should reach every screen"
    assert int(f["boots"]) > 100 and int(f["cut_writes"]) > 20, result.stdout
    # the live heap depends a little on the screen last built (menu lists);
    # a leak over 100,000 presses would be many KB
    assert int(f["heap_second_half_max"]) <= int(f["heap_first_half_max"]) + 512, result.stdout
    assert int(f["heap_samples"]) >= 50, result.stdout
    # nothing of the player's was lost: no file had to be set aside, no
    # write was left unfinished
    names = sorted(os.listdir(flash))
    assert names[:2] == ["game.sav", "player.sav"], names
    assert names[-2:] == ["settings.sav", "stats.sav"], names
    assert names[2:-2] == ["result%d.sav" % i for i in range(8)], names
    # and every result the soak's games left is what their logs replay to
    # (a game over 400 actions long cannot be checked; none is refuted)
    verified = run([sys.executable, os.path.join(TOOLS, "fc.py"), "verify", str(flash)])
    lines = verified.stdout.splitlines()
    assert len(lines) == 8 and verified.stderr == "", verified.stdout + verified.stderr
    assert all(line.endswith((": confirmed", "not hold every action since the deal"))
               for line in lines), verified.stdout
    assert sum(line.endswith(": confirmed") for line in lines) >= 4, verified.stdout
