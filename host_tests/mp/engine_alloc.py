# Allocation under MicroPython: dealing allocates nothing beyond the game's own
# buffers, and moves + autoplay + undo + redo allocate nothing at all, in
# every game (moves_made: the fewest any game made).  The
# measuring code lives in functions so that the script's own globals are not
# counted (a new global grows the module's dict).
import gc
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from freecell.game import Game
from freecell.table import LOCATIONS, FOUNDATION
from freecell.variants import VARIANTS

# deal numbers as (hi, lo) halves: the numbers themselves may be long ints
HALVES = bytearray(b"\x00\x00\x00\x01" b"\x00\x00\x02\x69" b"\x80\x00\x00\x00"
                   b"\x00\x01\x00\x00" b"\xff\xff\xff\xff")


def measure_deals(g):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(0, len(HALVES), 4):
        g.number.hi = (HALVES[i] << 8 | HALVES[i + 1]) + (0x10000 if i == 16 else 0)
        g.number.lo = HALVES[i + 2] << 8 | HALVES[i + 3]
        g.restart()
    used = gc.mem_alloc() - before
    gc.enable()
    return used


def pick_move(g, r):
    """A legal move chosen by r, packed as src | dst << 5; -1 when none."""
    n = 0
    for src in range(LOCATIONS):
        if src != FOUNDATION and g._is_location(src):
            mask = g.legal_targets(src)
            while mask:
                mask &= mask - 1
                n += 1
    if n == 0:
        return -1
    k = r % n
    for src in range(LOCATIONS):
        if src != FOUNDATION and g._is_location(src):
            mask = g.legal_targets(src)
            for dst in range(LOCATIONS):
                if mask & (1 << dst):
                    if k == 0:
                        return src | dst << 5
                    k -= 1
    return -1


def measure_play(g, presses):
    state = 12345
    moved = 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(presses):
        state = (state * 1103515 + 12345) & 0x3FFFFFF
        r = state >> 6
        if r % 9 == 0:
            g.undo()
        elif r % 17 == 0:
            g.redo()
        else:
            p = pick_move(g, r)
            if p < 0 or g.is_over():
                g.restart()
            elif g.move(p & 31, p >> 5, 1 + r % 2 if g.table.size(p >> 5) == 0 else 0) == 0:
                moved += 1
    used = gc.mem_alloc() - before
    gc.enable()
    return used, moved


deal_bytes = play_bytes = 0
fewest = 1 << 20
for kind in VARIANTS:  # every game: HalfCell's piles, Seahaven's ten columns
    g = Game(variant=kind())
    measure_deals(g)
    measure_play(g, 10)  # warm up: first calls may intern or cache
    deal_bytes += measure_deals(g)
    used, moved = measure_play(g, 3000)
    play_bytes += used
    fewest = min(fewest, moved)
print("deal_alloc_bytes", deal_bytes)
print("moves_made", fewest)
print("play_alloc_bytes", play_bytes)
