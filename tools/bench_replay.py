"""The smallest-heap check of `make bench`: replay a winning game and undo it
all, under `micropython -X heapsize=...`, importing nothing but the engine.

    bench_replay.py PACKED_MOVES    prints ok when the game was won and every
                                    undo brought the deal back, card for card
PACKED_MOVES holds deal 617's winning moves two bytes each (little-endian
src | dst << 5 | count << 10), packed on the host by tools/bench.py: a board
plays moves from buttons, it never parses notation.
"""

import sys

from freecell.game import Game


def fingerprint(game):
    """A number that changes when any card is elsewhere (small ints only)."""
    t = game.table
    h = 0
    for c in range(t.columns):
        for d in range(t.heights[c]):
            h = (h * 31 + t.card(c, d) + 1) & 0xFFFFF
        h = (h * 31 + 99) & 0xFFFFF
    for i in range(t.cells):
        h = (h * 31 + t.cell_cards[i]) & 0xFFFFF
    for s in range(4):
        h = (h * 31 + t.foundations[s]) & 0xFFFFF
    return h


def main(path):
    with open(path, "rb") as f:
        packed = f.read()
    game = Game(autoplay=False)
    game.allow_whole_column = True
    game.deal(617)
    dealt = fingerprint(game)
    n = len(packed) // 2
    for i in range(n):
        p = packed[2 * i] | packed[2 * i + 1] << 8
        if game.play(p):
            print("illegal move", i + 1)
            return
    won = game.is_won()
    game.state = 0  # reopen the won game to take it all back
    for _ in range(n):
        game.undo()
    print("ok" if won and fingerprint(game) == dealt else "FAILED")


main(sys.argv[-1])
