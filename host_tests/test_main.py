"""firmware/main.py boots on MicroPython with a board module beside it and
plays: a scripted board presses A on the title (a new game), then stops."""

import os
import shutil

from conftest import ROOT, run

SCRIPTED_BOARD = '''
from boards.sim import SimDisplay

display = SimDisplay()
PRESSES = [0] * 5 + [16] * 6 + [0] * 6  # idle, A held 60 ms, released


class Keys:
    def __init__(self):
        self.n = 0

    def get_pressed(self):
        self.n += 1
        if self.n > len(PRESSES):
            print("shown", display.shown)
            raise SystemExit
        return PRESSES[self.n - 1]


keys = Keys()


def seed():
    return 5
'''


def test_main_boots_and_starts_a_game_on_micropython(micropython, firmware_mpy, tmp_path):
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), tmp_path / "main.py")
    (tmp_path / "board.py").write_text(SCRIPTED_BOARD)
    result = run([micropython, str(tmp_path / "main.py")],
                 env={"MICROPYPATH": firmware_mpy + ":" + str(tmp_path)}, cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "shown 2"  # the title, then the new game's table


def test_main_on_a_heap_too_small_says_so_in_one_line(micropython, firmware_mpy, tmp_path):
    """Below what the app needs (about 142 KB on the 64-bit port), the boot
    ends with one line, not a MemoryError traceback."""
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), tmp_path / "main.py")
    (tmp_path / "board.py").write_text(SCRIPTED_BOARD)
    result = run([micropython, "-X", "heapsize=60k", str(tmp_path / "main.py")],
                 env={"MICROPYPATH": firmware_mpy + ":" + str(tmp_path)}, cwd=str(tmp_path))
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    assert result.stdout.startswith("FreeCell: not enough memory to start ("), result.stdout
