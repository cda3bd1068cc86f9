#!/usr/bin/env python3
"""Write the package files MicroPython's own installer reads, so the game
installs the MicroPython way too:

    mpremote mip install github:OWNER/REPO                          # a Pico
    mpremote mip install github:OWNER/REPO/package-esp32_ssd1306.json

    tools/package_json.py            rewrites package.json and the others
    tools/package_json.py --check    exit 1 if one is stale (a test runs it)

Each lays the game out as make flash does: main.py and board.py at the
root, the engine, the app and the drivers in /lib.  mip installs into /lib
(the first lib folder on the board's sys.path), so the two root files are
named '../main.py' and '../board.py' there (littlefs, the rp2 and ESP32
ports' file system, resolves them to the root).  The files go as source:
the board compiles them at boot (the solver's viper loops as machine code
for its own CPU), where make flash copies .mpy files compiled on the host.
package.json is the Pico's (pico_ssd1306, wired as the README's table says);
package-BOARD.json another MicroPython board's.  A board with a folder of
its own (the Thumby: make flash BOARD=thumby) has none: mip cannot lay out
its launcher's files.
"""

import json
import os
import sys

import cli  # tools/cli.py: the script's own folder is on sys.path
import flash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = "pico_ssd1306"


def version():
    with open(os.path.join(ROOT, "firmware", "lib", "app", "version.py")) as f:
        return [line.split('"')[1] for line in f if line.startswith("GAME = ")][0]


def package(board):
    """The package file's text for `board`: every firmware module, then the
    root's two files, as paths relative to the checkout's top."""
    urls = [[dst[len("lib/"):], os.path.relpath(src, ROOT).replace(os.sep, "/")]
            for src, dst in flash.firmware_sources()]
    urls += [["../board.py", "boards/%s.py" % board], ["../main.py", "firmware/main.py"]]
    lines = ",\n".join("  " + json.dumps(pair) for pair in urls)
    return '{\n "urls": [\n%s\n ],\n "version": %s,\n "license": "MIT"\n}\n' % (
        lines, json.dumps(version()))


def boards():
    """The boards a package file is written for: MicroPython's, without a
    folder of their own, the simulator's left out."""
    return [b for b in flash.boards("micropython") if b != "sim" and not flash.home(b)]


def file_name(board):
    return "package.json" if board == DEFAULT else "package-%s.json" % board


def main(argv):
    parser = cli.parser("package_json.py", __doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is stale")
    args = parser.parse_args(argv)
    cli.regenerate("package_json.py", ROOT, {file_name(b): package(b) for b in boards()},
                   args.check)


if __name__ == "__main__":
    main(sys.argv[1:])
