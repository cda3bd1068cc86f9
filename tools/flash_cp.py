#!/usr/bin/env python3
"""Put the game on a CircuitPython board's CIRCUITPY drive (what
`make flash-cp` runs).

    tools/flash_cp.py BOARD DRIVE

BOARD is a CircuitPython board module of boards/ (cp_pico_ssd1306, ...),
DRIVE the board's mounted CIRCUITPY drive (a folder with boot_out.txt).
It lays out:
  code.py          firmware/main.py (CircuitPython runs code.py first)
  game_board.py    boards/BOARD.py (CircuitPython's own `board` names the pins)
  lib/freecell, lib/app, lib/drivers   the firmware, as .py: CircuitPython's
                   .mpy is a format of its own, and no CircuitPython mpy-cross
                   is installed here; freecell/solver_loops.py with its viper
                   decorators taken out (CircuitPython runs them as plain
                   Python)
  lib/...          the Adafruit libraries the board names (its LIBRARIES),
                   from build/cp-libs (tools/circuitpython.py install)
Only files that differ are copied; the game's files this build no longer has
are removed; nothing else on the drive is touched (your files, settings.toml,
boot_out.txt).  The game's saves live in the board's nvm, not on the drive.
Exit codes: 0 done, 1 a problem (said in one line).
"""

import ast
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from circuitpython import LIBS, install  # noqa: E402
from flash import CIRCUITPYTHON_BOARDS, LIB, PACKAGES, plain_python  # noqa: E402


def fail(message):
    sys.stderr.write("flash_cp.py: " + message + "\n")
    sys.exit(1)


def boards():
    return sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards"))
                  if n.endswith(".py") and n.startswith(CIRCUITPYTHON_BOARDS))


def libraries(board):
    """The board module's LIBRARIES, read without importing it."""
    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "LIBRARIES":
                return ast.literal_eval(node.value)
    return ()


def build(board):
    """{path on the drive: bytes} for the board."""
    out = {}
    for package in PACKAGES:
        folder = os.path.join(LIB, package)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                with open(os.path.join(folder, name)) as f:
                    text = f.read()
                out["lib/%s/%s" % (package, name)] = plain_python(text).encode()
    with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
        out["code.py"] = f.read()
    with open(os.path.join(ROOT, "boards", board + ".py"), "rb") as f:
        out["game_board.py"] = f.read()
    for lib in libraries(board):
        source = os.path.join(LIBS, lib)
        if not os.path.exists(source):
            fail("the library %s is not in %s (tools/circuitpython.py install)" % (lib, LIBS))
        if os.path.isdir(source):
            for top, dirs, files in os.walk(source):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                for name in files:
                    if name.endswith(".py"):
                        path = os.path.join(top, name)
                        with open(path, "rb") as f:
                            out["lib/" + os.path.relpath(path, LIBS)] = f.read()
        else:
            with open(source, "rb") as f:
                out["lib/" + lib] = f.read()
    return out


def sync(drive, files):
    """Copy what differs, remove the game's files the build does not have.
    Returns (copied, same, removed)."""
    copied = same = removed = 0
    for path, data in sorted(files.items()):
        target = os.path.join(drive, path)
        try:
            with open(target, "rb") as f:
                if f.read() == data:
                    same += 1
                    continue
        except OSError:
            pass
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
        copied += 1
    for package in PACKAGES:
        folder = os.path.join(drive, "lib", package)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
            if "lib/%s/%s" % (package, name) not in files and name.endswith((".py", ".mpy")):
                os.remove(os.path.join(folder, name))
                removed += 1
    return copied, same, removed


def main(argv):
    if len(argv) != 2 or argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    board, drive = argv
    if board not in boards():
        fail("no CircuitPython board '%s'; boards: %s" % (board, ", ".join(boards())))
    if not os.path.isfile(os.path.join(drive, "boot_out.txt")):
        fail("%s has no boot_out.txt: is it the CIRCUITPY drive of a board running "
             "CircuitPython?" % drive)
    problem = install()
    if problem:
        fail(problem)
    try:
        copied, same, removed = sync(drive, build(board))
    except OSError as error:
        fail("could not write to %s: %s" % (drive, error.strerror or error))
    print("flash_cp.py: %s: %d files copied, %d already up to date, %d removed"
          % (board, copied, same, removed))
    print("flash_cp.py: the board restarts the game by itself when the copy ends "
          "(CircuitPython reloads on a change)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
