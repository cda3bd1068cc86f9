#!/usr/bin/env python3
"""One file to install: MicroPython for an RP2040 board with the game frozen in
(what `make uf2` runs).

    tools/uf2.py [BOARD]        BOARD: pico_ssd1306 (the default)

Writes build/freecell-BOARD.uf2, the official MicroPython rp2 firmware built
from source by ../shared/mpbuild (offline, Debian's Arm toolchain) with the
engine, the app, the drivers, boards/BOARD.py (as `board`) and main.py frozen
into it, and build/freecell-BOARD-LICENSES.txt, the licences of what the
firmware contains (MicroPython, the pico-sdk, TinyUSB, mbedtls,
micropython-lib), which go with it.  Dragged onto the drive a Pico shows with
BOOTSEL held, it boots straight into the game from a blank flash; the saves
go to the flash's littlefs as with `make flash`.  The frozen modules are
compiled by the firmware's own mpy-cross for armv6m, so the solver's viper
loops stay machine code.  The build folders are kept in build/mpbuild: the
first build takes about 90 s, a rebuild after a change a few.

Only the boards whose module says CHIP = "rp2040" can have one (the kit builds
the RPI_PICO board: not the Pico W, PORT_BOARD = "RPI_PICO_W"), and not
one that keeps the game in a folder beside its own menu (HOME: the
Thumby, whose TinyCircuits firmware and game menu a UF2
would replace); the others keep `make flash`.
"""

import os
import shutil
import subprocess
import sys

import cli  # tools/cli.py: the script's own folder is on sys.path
import flash

ROOT = flash.ROOT
KIT = os.environ.get("MPBUILD_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "mpbuild")
WORK = os.path.join(ROOT, "build", "mpbuild")
# the Debian packages the kit's README names (.ci/run installs them)
PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib",
            "cmake", "make", "gcc", "libc6-dev", "python3", "xz-utils")
# the licences of what the firmware holds, in the kit's unpacked source
LICENSES = (("MicroPython", "LICENSE"), ("pico-sdk", "lib/pico-sdk/LICENSE.TXT"),
            ("TinyUSB", "lib/tinyusb/LICENSE"), ("mbedtls", "lib/mbedtls/LICENSE"),
            ("micropython-lib", "lib/micropython-lib/LICENSE"))
# the module only the UF2 has: how the game and make flash know they run on it
MARK = "freecell_uf2"


def fail(message):
    sys.exit("uf2.py: " + message)


def boards():
    """The boards a UF2 can be built for: MicroPython ones on an RP2040 whose
    game is the board's only program (no HOME beside a menu of its own)."""
    return [b for b in flash.boards() if flash.board_names(b).get("CHIP") == "rp2040"
            and flash.board_names(b).get("PORT_BOARD", "RPI_PICO") == "RPI_PICO"
            and not flash.home(b)]


def missing():
    """None, or what the build needs that is not here, in words."""
    if not os.path.exists(os.path.join(KIT, "build-uf2.sh")):
        return "the firmware kit (%s)" % KIT
    for tool in ("arm-none-eabi-gcc", "arm-none-eabi-g++", "cmake", "make", "gcc", "xz"):
        if not shutil.which(tool):
            return "%s (Debian packages: %s)" % (tool, " ".join(PACKAGES))
    if not any(os.path.exists(os.path.join(d, "stdio.h")) for d in (
            "/usr/lib/arm-none-eabi/include", "/usr/lib/arm-none-eabi/newlib/include")):
        return "newlib's headers (Debian packages: %s)" % " ".join(PACKAGES)
    return None


def uf2_path(board):
    return os.path.join(ROOT, "build", "freecell-%s.uf2" % board)


def version():
    """The game's version: app/version.py's, and the commit it was built from
    when this is a git checkout with changes or past the release."""
    sys.path.insert(0, flash.LIB)
    from app.version import GAME

    try:
        described = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                                   capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        described = ""
    return GAME, described


def stage(board, out):
    """The manifest and the files it cannot take from firmware/ as they
    are: the board module under the name `board`, main.py with the frozen
    modules first, and the UF2's mark."""
    os.makedirs(out, exist_ok=True)
    shutil.copy(os.path.join(ROOT, "boards", board + ".py"), os.path.join(out, "board.py"))
    game, commit = version()
    mark = ('"""Frozen into the one-file firmware only (tools/uf2.py): its being\n'
            'there says the game is the firmware\'s, not files on the flash."""\n\n'
            'BOARD = %r\nGAME = %r\nCOMMIT = %r\n' % (board, game, commit))
    _write(os.path.join(out, MARK + ".py"), mark)
    lines = ['# written by tools/uf2.py: the port\'s own modules (_boot.py mounts littlefs),',
             '# then the game as `make flash` lays it out',
             'include("$(PORT_DIR)/boards/manifest.py")']
    lines += ['package(%r, base_path=%r)' % (p, flash.LIB) for p in flash.PACKAGES]
    _write(os.path.join(out, "main.py"), frozen_main())
    lines += ['module("board.py")', 'module("%s.py")' % MARK, 'module("main.py")']
    _write(os.path.join(out, "manifest.py"), "\n".join(lines) + "\n")
    return os.path.join(out, "manifest.py")


def frozen_main():
    """firmware/main.py with the frozen modules first on sys.path: a board
    that had the game as files keeps them on its flash (a UF2 does not
    erase the file system), and a root board.mpy or board.py would be found
    before the frozen board module (sys.path is ['', '.frozen', '/lib'])."""
    return flash.main_with(
        "\n# The one-file firmware (tools/uf2.py): the frozen game first, before any\n"
        "# copy of it an earlier `make flash` left on the file system.\n"
        "import sys\n\nsys.path.insert(0, '.frozen')\n")


def _write(path, text):
    """Write only what changed: an unchanged file keeps its time, so the
    firmware's build does not compile it again."""
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


def licenses(out):
    src = os.path.join(WORK, "micropython")
    parts = ["The firmware file beside this one holds the following software; each\n"
             "part's licence follows its name.  The game itself is this project's.\n"]
    for name, path in LICENSES:
        with open(os.path.join(src, path), errors="replace") as f:
            parts.append("=" * 72 + "\n%s (%s)\n" % (name, path) + "=" * 72 + "\n" + f.read())
    with open(out, "w") as f:
        f.write("\n".join(parts))


# MicroPython's mpy-tool freezes Thumb native code 2-byte aligned, but the
# runtime reads a word at the start of a @micropython.native function's data
# (py/objfun.h, mp_obj_fun_native_get_prelude_ptr): on a Cortex-M0+, which
# faults on an unaligned load, such a function frozen at an odd half-word
# crashes the board (the emulated Pico: "read from address 1002f0f2, which is
# not 32 bit aligned", app/paint.py's card()).  Viper functions have no
# such word, so the solver's loops never showed it.  Word alignment is valid
# Thumb alignment too; the kit's source is mended where build-uf2.sh
# unpacks it (build/mpbuild), never in ../shared.
_ALIGN_2 = '            self.fun_data_attributes += " __attribute__ ((aligned (2)))"'
_ALIGN_4 = ('            self.fun_data_attributes += " __attribute__ ((aligned (4)))"'
            '  # freecell: tools/uf2.py')


def mend_source():
    """Unpack the kit's source as build-uf2.sh would (once), and align
    frozen native code to words (above).  A build folder made before the
    mend has its frozen code written again."""
    src = os.path.join(WORK, "micropython")
    if not os.path.exists(os.path.join(src, ".unpacked")):
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(WORK, exist_ok=True)
        subprocess.run(["tar", "-xJf", os.path.join(KIT, "micropython-rp2-src.tar.xz"),
                        "-C", WORK], check=True)
        open(os.path.join(src, ".unpacked"), "w").close()
    tool = os.path.join(src, "tools", "mpy-tool.py")
    with open(tool) as f:
        text = f.read()
    if _ALIGN_4 in text:
        return
    if _ALIGN_2 not in text:
        fail("the kit's mpy-tool.py is not the one tools/uf2.py knows: check how it aligns "
             "frozen native code before building")
    _write(tool, text.replace(_ALIGN_2, _ALIGN_4))
    for name in os.listdir(WORK):
        frozen = os.path.join(WORK, name, "frozen_content.c")
        if name.startswith("build-") and os.path.exists(frozen):
            os.remove(frozen)


def build(board):
    """Build the UF2 for `board`; returns its path."""
    problem = missing()
    if problem:
        fail(problem + " is missing: the build needs it")
    mend_source()
    manifest = stage(board, os.path.join(ROOT, "build", "uf2", board))
    out = uf2_path(board)
    env = dict(os.environ, WORK=WORK)
    result = subprocess.run(["bash", os.path.join(KIT, "build-uf2.sh"), manifest, out],
                            env=env, capture_output=True, text=True)
    if result.returncode != 0:
        fail("the firmware did not build:\n" + (result.stdout + result.stderr)[-3000:])
    licenses(out[:-4] + "-LICENSES.txt")
    return out, result.stdout.strip().splitlines()[-1]


def main(argv=None):
    parser = cli.parser("uf2.py", __doc__)
    parser.add_argument("board", nargs="?", default="pico_ssd1306",
                        help="an RP2040 board: " + ", ".join(boards()))
    board = parser.parse_args(sys.argv[1:] if argv is None else argv).board
    if board in flash.boards() and flash.home(board):
        fail("%s keeps its own firmware and game menu, which a UF2 would replace: "
             "make flash BOARD=%s installs FreeCell as one of its games" % (board, board))
    if board not in boards():
        known = flash.boards() + flash.boards("circuitpython")
        if board in known:
            fail("%s is not an RP2040 board MicroPython runs: a UF2 is built for %s only; "
                 "put the game on it with %s" % (board, ", ".join(boards()),
                                                 "make flash-cp" if board in
                                                 flash.boards("circuitpython") else "make flash"))
        fail("no board '%s'; a UF2 is built for %s" % (board, ", ".join(boards())))
    out, said = build(board)
    print(said.replace("build-uf2.sh: ", "uf2.py: ").replace(ROOT + os.sep, ""))
    print("uf2.py: %s (with its licences in %s): hold BOOTSEL, plug the board in and copy it "
          "onto the drive that appears" % (os.path.relpath(out, os.getcwd()),
                                           os.path.basename(out[:-4] + "-LICENSES.txt")))


if __name__ == "__main__":
    main()
