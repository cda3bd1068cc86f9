#!/usr/bin/env python3
"""The README's and the docs' pictures, drawn by the firmware itself from
recorded presses, so a change to how the table looks changes them too.

    tools/screenshots.py            rewrites docs/*.png
    tools/screenshots.py --check    exit 1 if one differs from what the
                                    firmware draws now (a test runs it)

Each is tools/sim.py's PNG (4x, the OLED's colours) of a deal after some
presses; the PyBadge's is its 160x128 colour canvas as the CircuitPython
build draws it on the host (host_tests/cp/cp_play.py, Blinka's displayio:
Adafruit's libraries from build/cp-libs, tools/circuitpython.py install).
"""

import os
import struct
import subprocess
import sys
import tempfile
import zlib

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
TOOLS = os.path.join(ROOT, "tools")
sys.path[:0] = [os.path.join(ROOT, "firmware", "lib"), TOOLS]


def moves_617(n=None):
    with open(os.path.join(TOOLS, "data", "617.moves")) as f:
        tokens = f.read().split()
    return tokens if n is None else tokens[:n]


def transcript_keys(deal, tokens, game=None, autoplay_off=True):
    from keyplan import keys_for_transcript

    keys, _ = keys_for_transcript(deal, tokens, autoplay_off=autoplay_off, game=game)
    return " ".join(keys)


def halfcell_keys():
    """HalfCell's deal 617, the board's solver's first 30 moves: both piles
    under way."""
    from freecell.game import Game
    from freecell.notation import packed_text
    from freecell.solver import SOLVED, Solver
    from freecell.variants import HalfCell

    game = Game(variant=HalfCell())
    game.deal(617)
    solver = Solver(budget=50000, table_bits=16)
    solver.start(game)
    while not solver.step(5000):
        pass
    assert solver.state == SOLVED
    tokens = [packed_text(m, game.variant.piles) for m in solver.moves(game.autoplay)][:30]
    return transcript_keys(617, tokens, "halfcell", autoplay_off=False)


# file: (deal, keys or a function making them, display size, game)
SHOTS = {
    "table.png": (617, lambda: transcript_keys(617, moves_617(30)), "128x64", "freecell"),
    "holding.png": (3, "a", "128x64", "freecell"),
    "halfcell.png": (617, halfcell_keys, "128x64", "halfcell"),
    "seahaven.png": (617, "", "128x64", "seahaven"),
    "won.png": (617, lambda: transcript_keys(617, moves_617()), "128x64", "freecell"),
    "table-72x40.png": (617, "a a right*2", "72x40", "freecell"),
    "table-160x128.png": (617, "right*2 up", "160x128", "freecell"),
    # the Thumby Color's colours (the same pixels as its engine's frames:
    # host_tests/test_thumby_color.py)
    "thumby-color.png": (617, "a a right*2 up", "128x128", "freecell", True),
}
PYBADGE = ("pybadge.png", "down down a a up a a")  # deal 2, its first card picked up


def sim_png(deal, keys, size, game, colour=False):
    if callable(keys):
        keys = keys()
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "shot.png")
        cmd = [sys.executable, os.path.join(TOOLS, "sim.py"), "--deal", str(deal), "--keys",
               keys, "--size", size, "--game", game, "--out", out] + (
            ["--colour"] if colour else [])
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("screenshots.py: sim.py failed: " + result.stderr[-2000:])
        with open(out, "rb") as f:
            return f.read()


def pybadge_png(keys, scale=4):
    """The PyBadge's canvas after `keys`, a colour index a pixel, as a PNG:
    black, white and red."""
    env = dict(os.environ, CP_DISPLAY="tft160")
    play = os.path.join(ROOT, "host_tests", "cp", "cp_play.py")
    result = subprocess.run([sys.executable, play, "pybadge", keys], capture_output=True,
                            text=True, env=env)
    if result.returncode != 0:
        sys.exit("screenshots.py: cp_play.py failed: " + result.stderr[-2000:])
    frame = [bytes.fromhex(line[2:]) for line in result.stdout.splitlines()
             if line.startswith("B ")][-1]
    w, h = 160, 128
    colours = {0: b"\x00\x00\x00", 1: b"\xff\xff\xff", 2: b"\xe0\x00\x00"}
    raw = bytearray()
    for y in range(h * scale):
        raw.append(0)
        row = frame[(y // scale) * w:(y // scale + 1) * w]
        for x in range(w * scale):
            raw += colours[row[x // scale]]

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def drawn(pybadge=True):
    """{file name: the PNG the firmware draws now}."""
    out = {name: sim_png(*shot) for name, shot in SHOTS.items()}
    if pybadge:
        out[PYBADGE[0]] = pybadge_png(PYBADGE[1])
    return out


def main(argv):
    parser = cli.parser("screenshots.py", __doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if a picture is stale")
    args = parser.parse_args(argv)
    cli.regenerate("screenshots.py", DOCS, drawn(), args.check)


if __name__ == "__main__":
    main(sys.argv[1:])
