#!/usr/bin/env python3
"""Put the game on a CircuitPython board's CIRCUITPY drive (what
`make flash-cp` runs).

    tools/flash_cp.py BOARD DRIVE [--mpy-cross PATH]

BOARD is a CircuitPython board module of boards/ (cp_pico_ssd1306, ...),
DRIVE the board's mounted CIRCUITPY drive (a folder with boot_out.txt).
It lays out:
  code.py          firmware/main.py (CircuitPython runs code.py first)
  game_board.py    boards/BOARD.py (CircuitPython's own `board` names the pins)
  lib/freecell, lib/app, lib/drivers   the firmware, freecell/solver_loops.py
                   with its viper decorators taken out (CircuitPython runs
                   them as plain Python)
  lib/...          the Adafruit libraries the board names (its LIBRARIES),
                   from build/cp-libs (tools/circuitpython.py install)
The firmware and the libraries go as .py, which the board compiles at boot;
with --mpy-cross PATH (make flash-cp MPY_CROSS=PATH), as .mpy compiled by
that mpy-cross, which must be CircuitPython's own (its .mpy is a format of
its own; Adafruit publishes the binaries, PyPI has none) for the major
version boot_out.txt names: a .mpy needs no compiling on the board and
takes less of its memory.
Only files that differ are copied; the game's files this build no longer has
are removed (a .py where a .mpy now goes, and the other way); nothing else on
the drive is touched (your files, settings.toml, boot_out.txt).  The game's
saves live in the board's nvm, not on the drive.
Exit codes: 0 done, 1 a problem (said in one line), 2 a wrong call.
"""

import ast
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from circuitpython import LIBS, install  # noqa: E402
from flash import (CIRCUITPYTHON_BOARDS, PACKAGES, compile_module, firmware_sources,  # noqa: E402
                   plain_python)


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


def build(board, mpy_cross=None):
    """{path on the drive: bytes} for the board; with mpy_cross (the path
    of CircuitPython's compiler), the firmware's and the libraries'
    modules as .mpy."""
    out = {}

    def module(src, path, plain):
        """plain: a firmware module, whose viper decorators come out."""
        if mpy_cross is not None:
            out[path[:-3] + ".mpy"] = compiled(src, path, mpy_cross)
        elif plain:
            out[path] = plain_python(read(src).decode()).encode()
        else:
            out[path] = read(src)

    for src, path in firmware_sources():
        module(src, path, True)
    out["code.py"] = read(os.path.join(ROOT, "firmware", "main.py"))
    out["game_board.py"] = read(os.path.join(ROOT, "boards", board + ".py"))
    for lib in libraries(board):
        source = os.path.join(LIBS, lib)
        if not os.path.exists(source):
            fail("the library %s is not in %s (tools/circuitpython.py install)" % (lib, LIBS))
        paths = [source]
        if os.path.isdir(source):
            paths = []
            for top, dirs, files in os.walk(source):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                paths += [os.path.join(top, name) for name in sorted(files)
                          if name.endswith(".py")]
        for path in paths:
            module(path, "lib/" + os.path.relpath(path, LIBS).replace(os.sep, "/"), False)
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compiled(src, name, mpy_cross):
    """src as CircuitPython's .mpy bytes, `name` its source name on the
    drive (flash.compile_module: the viper decorators taken out)."""
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "module.mpy")
        try:
            compile_module(src, target, None, name, mpy_cross)
        except (OSError, subprocess.CalledProcessError):
            fail("%s could not compile %s" % (mpy_cross, name))
        return read(target)


def circuitpython_major(drive):
    """The major version boot_out.txt names ('Adafruit CircuitPython 9.2.1
    on ...'), or None."""
    with open(os.path.join(drive, "boot_out.txt"), errors="replace") as f:
        found = re.search(r"CircuitPython (\d+)\.", f.read())
    return int(found.group(1)) if found else None


def check_mpy_cross(path, major):
    """Fails unless the mpy-cross at path says it is CircuitPython `major`'s."""
    try:
        said = subprocess.run([path, "--version"], capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except OSError as error:
        fail("cannot run the mpy-cross %s: %s" % (path, error.strerror or error))
    found = re.search(r"CircuitPython (\d+)\.", said)
    if not found:
        fail("%s is not CircuitPython's mpy-cross (it says: %s); MicroPython's .mpy "
             "does not load on CircuitPython" % (path, said or "nothing"))
    if major is None or int(found.group(1)) != major:
        fail("%s is CircuitPython %s's mpy-cross, the board runs %s (boot_out.txt): "
             "their .mpy files differ" % (path, found.group(1),
                                          major if major is not None else "an unknown version"))


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
    stale = set()
    for package in PACKAGES:
        folder = os.path.join(drive, "lib", package)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
            if "lib/%s/%s" % (package, name) not in files and name.endswith((".py", ".mpy")):
                stale.add("lib/%s/%s" % (package, name))
    for path in files:  # a library's other form: the board would load a .py before a .mpy
        if path.startswith("lib/") and path.endswith((".py", ".mpy")):
            other = path[:-3] + ".mpy" if path.endswith(".py") else path[:-4] + ".py"
            if other not in files and os.path.exists(os.path.join(drive, other)):
                stale.add(other)
    for path in sorted(stale):
        os.remove(os.path.join(drive, path))
        removed += 1
    return copied, same, removed


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        sys.stdout.write(__doc__)
        return 0
    mpy_cross = None
    if len(argv) == 4 and argv[2] == "--mpy-cross":
        mpy_cross = argv[3]
        argv = argv[:2]
    if len(argv) != 2 or argv[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    board, drive = argv
    if board not in boards():
        fail("no CircuitPython board '%s'; boards: %s" % (board, ", ".join(boards())))
    if not os.path.isfile(os.path.join(drive, "boot_out.txt")):
        fail("%s has no boot_out.txt: is it the CIRCUITPY drive of a board running "
             "CircuitPython?" % drive)
    if mpy_cross:
        check_mpy_cross(mpy_cross, circuitpython_major(drive))
    problem = install()
    if problem:
        fail(problem)
    files = build(board, mpy_cross)
    try:
        copied, same, removed = sync(drive, files)
    except OSError as error:
        fail("could not write to %s: %s" % (drive, error.strerror or error))
    print("flash_cp.py: %s: %d files copied, %d already up to date, %d removed (%s)"
          % (board, copied, same, removed, "compiled by " + mpy_cross if mpy_cross
             else "as .py"))
    print("flash_cp.py: the board restarts the game by itself when the copy ends "
          "(CircuitPython reloads on a change)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
