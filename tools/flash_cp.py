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
  lib/...          the Adafruit libraries the game's code imports (followed
                   from code.py through every module it reaches) and every
                   library those require, read from the packages' own
                   metadata (Requires-Dist) in build/cp-libs
                   (tools/circuitpython.py install); no list is kept by hand
The firmware and the libraries go as .py, which the board compiles at boot;
with --mpy-cross PATH (make flash-cp MPY_CROSS=PATH), as .mpy compiled by
that mpy-cross, which must be CircuitPython's own (its .mpy is a format of
its own; Adafruit publishes the binaries, PyPI has none) for the major
version boot_out.txt names: a .mpy needs no compiling on the board and
takes less of its memory.
Only files that differ are copied; the game's files this build no longer has
are removed (a .py where a .mpy now goes, and the other way), and so are the
libraries an earlier flash put there for another board that this one does
not need (lib/freecell-libraries.txt lists what the game put in lib/);
nothing else on the drive is touched (your files, settings.toml,
boot_out.txt, a library you copied yourself).  The game's
saves live in the board's nvm, not on the drive.
Exit codes: 0 done, 1 a problem (said in one line), 2 a wrong call.
"""

import ast
import os
import re
import subprocess
import sys
import tempfile

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from circuitpython import LIBS, install  # noqa: E402
from flash import (boards as boards_for, PACKAGES, compile_module, firmware_sources,  # noqa: E402
                   late_modules, module_name, plain_python)


def fail(message):
    sys.stderr.write("flash_cp.py: " + message + "\n")
    sys.exit(1)


def boards():
    return boards_for("circuitpython")


def library_index(libs=LIBS):
    """{distribution name: (its top-level modules, the distributions it
    requires)} for every package pip installed into build/cp-libs, read
    from their metadata (METADATA's Name and Requires-Dist, top_level.txt,
    else RECORD)."""
    index = {}
    for entry in sorted(os.listdir(libs)) if os.path.isdir(libs) else ():
        if not entry.endswith(".dist-info"):
            continue
        folder = os.path.join(libs, entry)
        name, requires = None, []
        with open(os.path.join(folder, "METADATA"), errors="replace") as f:
            for line in f:
                if line.startswith("Name:") and name is None:
                    name = _normal(line[5:])
                elif line.startswith("Requires-Dist:") and ";" not in line:  # no extras, markers
                    requires.append(_normal(re.split(r"[\s<>=!~\[(]", line[14:].strip())[0]))
                elif not line.strip():
                    break
        index[name] = (_top_level(folder), tuple(requires))
    return index


def _normal(name):
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def _top_level(folder):
    path = os.path.join(folder, "top_level.txt")
    if os.path.exists(path):
        with open(path) as f:
            return tuple(line.strip() for line in f if line.strip())
    tops = set()
    with open(os.path.join(folder, "RECORD")) as f:
        for line in f:
            first = line.split(",")[0].split("/")[0]
            if first.endswith(".py"):
                tops.add(first[:-3])
            elif "." not in first and first != "__pycache__":
                tops.add(first)
    return tuple(sorted(tops))


def is_library(distribution):
    """A CircuitPython library (Adafruit's bundle: adafruit-circuitpython-*),
    to go on the drive; the rest (Blinka and its kin) stand in on the host
    for what CircuitPython has built in."""
    return distribution.startswith("adafruit-circuitpython-")


def imports_of(text, path):
    """The modules a source file imports (absolute names; relative ones
    resolved against `path`, its place on the drive), but those in a try
    whose except catches ImportError (optional ones)."""
    found = []
    package = path.rsplit("/", 1)[0].split("/", 1)[1].replace("/", ".") \
        if path.startswith("lib/") and "/" in path[4:] else ""

    def visit(node, optional):
        if isinstance(node, ast.Try):
            catches = any(h.type is None or "ImportError" in ast.dump(h.type)
                          for h in node.handlers)
            for child in node.body:
                visit(child, optional or catches)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if not optional and isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif not optional and isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1] if node.level > 1 else base
                module = ".".join([b for b in base if b] + ([node.module] if node.module else []))
                found.extend(module + "." + alias.name if not node.module else module
                             for alias in node.names)
            else:
                found.append(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(ast.parse(text), False)
    return found


def module_path(name, files):
    """Where module `name` is among the drive's files (CircuitPython looks
    in / then /lib), or None."""
    rel = name.replace(".", "/")
    for base in ("", "lib/"):
        for path in (base + rel + ".py", base + rel + ".mpy", base + rel + "/__init__.py",
                     base + rel + "/__init__.mpy"):
            if path in files:
                return path
        if any(p.startswith(base + rel + "/") for p in files):
            return base + rel  # a package without __init__
    return None


def outside_imports(sources, start="code.py"):
    """The top-level modules the code reachable from `start` imports that
    `sources` ({drive path: source text}) does not hold: what the firmware
    or a library must provide.  Follows every import, in functions too."""
    seen, todo, outside = set(), [start], set()
    while todo:
        path = todo.pop()
        if path in seen or path not in sources:
            continue
        seen.add(path)
        for name in imports_of(sources[path], path):
            parts = name.split(".")
            where = None
            for k in range(len(parts), 0, -1):  # a module, or a package's __init__
                where = module_path(".".join(parts[:k]), sources)
                if where:
                    break
            if where is None:
                outside.add(parts[0])
                continue
            todo.append(where)
            for k in range(1, len(parts)):  # the packages on the way run their __init__
                init = module_path(".".join(parts[:k]), sources)
                if init:
                    todo.append(init)
    return outside


def libraries(sources, index=None):
    """The libraries (distributions of build/cp-libs) the drive's code needs:
    those providing a module it imports, then everything they require, read
    from their metadata.  Returns (distributions, modules of theirs)."""
    index = library_index() if index is None else index
    by_module = {}
    for distribution, (tops, _) in index.items():
        for top in tops:
            by_module.setdefault(top, distribution)
    needed = set()
    todo = [by_module[m] for m in sorted(outside_imports(sources)) if m in by_module]
    while todo:
        distribution = todo.pop()
        if distribution in needed or not is_library(distribution) or distribution not in index:
            continue
        needed.add(distribution)
        todo.extend(index[distribution][1])
    modules = sorted(top for d in needed for top in index[d][0])
    return sorted(needed), modules


def build(board, mpy_cross=None):
    """{path on the drive: bytes} for the board; with mpy_cross (the path
    of CircuitPython's compiler), the firmware's and the libraries'
    modules as .mpy."""
    out = {}
    late = late_modules()

    def module(src, path, plain):
        """plain: a firmware module, whose viper decorators come out."""
        if mpy_cross is not None:
            out[path[:-3] + ".mpy"] = compiled(src, module_name(path), mpy_cross)
        elif plain:
            out[path] = plain_python(read(src).decode(), module_name(path) in late).encode()
        else:
            out[path] = read(src)

    for src, path in firmware_sources():
        module(src, path, True)
    out["code.py"] = read(os.path.join(ROOT, "firmware", "main.py"))
    out["game_board.py"] = read(os.path.join(ROOT, "boards", board + ".py"))
    sources = {path: data.decode() for path, data in out.items() if path.endswith(".py")}
    for src, path in firmware_sources():  # the .mpy build's imports: its sources'
        sources.setdefault(path, read(src).decode())
    for lib in libraries(sources)[1]:
        for path in library_files(lib):
            module(path, "lib/" + os.path.relpath(path, LIBS).replace(os.sep, "/"), False)
    return out


def library_files(lib):
    """A library module's files in build/cp-libs: NAME.py, or NAME/'s."""
    source = os.path.join(LIBS, lib)
    if os.path.isfile(source + ".py"):
        return [source + ".py"]
    if not os.path.isdir(source):
        fail("the library %s is not in %s (tools/circuitpython.py install)" % (lib, LIBS))
    paths = []
    for top, dirs, names in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        paths += [os.path.join(top, name) for name in sorted(names) if name.endswith(".py")]
    return paths


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compiled(src, name, mpy_cross):
    """src as CircuitPython's .mpy bytes, `name` its source name (the
    module's, flash.module_name's), the viper decorators taken out
    (flash.compile_module)."""
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


# the libraries the game put in lib/, one path a line: what the next flash
# may remove when its board needs them no longer (and nothing else)
MANIFEST = "lib/freecell-libraries.txt"


def installed_libraries(drive):
    """The library files an earlier flash wrote (its MANIFEST), or none."""
    try:
        with open(os.path.join(drive, MANIFEST)) as f:
            return [line.strip() for line in f if line.strip().startswith("lib/")]
    except OSError:
        return []


def sync(drive, files):
    """Copy what differs, remove the game's files the build does not have.
    Returns (copied, same, removed)."""
    copied = same = removed = 0
    game = tuple("lib/%s/" % package for package in PACKAGES)
    libraries = sorted(p for p in files if p.startswith("lib/") and not p.startswith(game))
    earlier = installed_libraries(drive)
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
    for path in earlier:  # another board's libraries, put there by the game
        if path not in files and ".." not in path.split("/") \
                and os.path.isfile(os.path.join(drive, path)):
            stale.add(path)
    for path in sorted(stale):
        os.remove(os.path.join(drive, path))
        removed += 1
        _remove_empty_folders(drive, os.path.dirname(path))
    if libraries != earlier:
        with open(os.path.join(drive, MANIFEST), "w") as f:
            f.write("".join(path + "\n" for path in libraries))
    return copied, same, removed


def _remove_empty_folders(drive, folder):
    """A library package's folders, once their last file went (never lib/)."""
    while folder.startswith("lib/") and os.path.isdir(os.path.join(drive, folder)) \
            and not os.listdir(os.path.join(drive, folder)):
        os.rmdir(os.path.join(drive, folder))
        folder = os.path.dirname(folder)


def parse(argv):
    parser = cli.parser("flash_cp.py", __doc__)
    parser.add_argument("board", help="a CircuitPython board module: " + ", ".join(boards()))
    parser.add_argument("drive", help="the CIRCUITPY drive's folder")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="CircuitPython's own mpy-cross, to put the files on as .mpy")
    return parser.parse_args(argv)


def main(argv):
    args = parse(argv)
    board, drive, mpy_cross = args.board, args.drive, args.mpy_cross
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
