"""The app under the real MicroPython interpreter: a redraw allocates nothing,
and a soak of random presses with a board-sized heap keeps the game sound."""

import os
import shutil

from conftest import TOOLS, compile_to, run

HERE = os.path.dirname(os.path.abspath(__file__))
# 96 KB on the 64-bit unix port, whose objects are up to twice a 32-bit
# board's: about what an RP2040 board has free after MicroPython, halved
SOAK_HEAP_KB = 96


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


def test_soak_20000_presses_with_a_board_sized_heap(micropython, firmware_mpy, tmp_path):
    soak = compile_to(str(tmp_path), [(os.path.join(HERE, "mp"), ".")])
    shutil.copy(os.path.join(soak, "app_soak.mpy"), os.path.join(firmware_mpy, "app_soak.mpy"))
    code = "import sys\nsys.argv.extend(['20000', '11'])\nimport app_soak\n"
    result = run([micropython, "-X", "heapsize=%dk" % SOAK_HEAP_KB, "-c", code],
                 env={"MICROPYPATH": firmware_mpy})
    assert result.returncode == 0, result.stderr + result.stdout
    assert "FAIL" not in result.stdout
    f = figures(result.stdout)
    assert f["presses"] == "20000" and "ok" in result.stdout
    assert f["screens_seen"] == "6", "the soak should reach every screen"
    assert int(f["heap_second_half_max"]) <= int(f["heap_first_half_max"]), result.stdout
