"""The solver's half of `make bench`; runs under MicroPython and CPython.

    bench_solver.py speed FIRST LAST   solver_ms_per_position over those deals
    bench_solver.py deals FIRST LAST   one line per deal: number, state,
                                       positions, moves (foundation moves
                                       included, as fc-solve counts them)
    bench_solver.py deals FIRST LAST BITS DEPTH [GAME]   the same with a
                                       seen table of 2**BITS slots and lines
                                       up to DEPTH moves (a smaller board's),
                                       of another game (fc-solve's names)
    bench_solver.py heap FIRST LAST    solves those deals; prints ok when every
                                       one gave an answer (for -X heapsize)
The solver runs with the board's settings: Solver()'s defaults, as the app
makes it.
"""

import sys

from freecell.compat import ticks_diff, ticks_ms
from freecell.game import Game
from freecell.solver import SEARCHING, SOLVED, TABLE_BITS, Solver
from freecell.variants import FreeCell, by_name


def run(first, last, report, table_bits=TABLE_BITS, max_depth=400, variant=None):
    solver = Solver(table_bits=table_bits, max_depth=max_depth)
    game = Game(variant=variant or FreeCell())
    for number in range(first, last + 1):
        game.deal(number)
        solver.start(game)
        while solver.step(500) == SEARCHING:
            pass
        report(number, solver)
    return solver


def main():
    mode, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    bits = int(sys.argv[4]) if len(sys.argv) > 4 else TABLE_BITS
    depth = int(sys.argv[5]) if len(sys.argv) > 5 else 400
    variant = by_name(sys.argv[6])() if len(sys.argv) > 6 else None
    if mode == "speed":
        total = [0]

        def count(number, solver):
            total[0] += solver.positions

        t = ticks_ms()
        run(first, last, count)
        print("solver_ms_per_position: %.2f" % (ticks_diff(ticks_ms(), t) / total[0]))
    elif mode == "deals":
        def line(number, solver):
            moves = len(solver.moves(False)) if solver.state == SOLVED else 0
            print(number, solver.state, solver.positions, moves)

        run(first, last, line, bits, depth, variant)
    else:
        run(first, last, lambda number, solver: None)
        print("ok")


main()
