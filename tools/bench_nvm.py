#!/usr/bin/env python3
"""CircuitPython's nvm under play: how often a save erases its one flash
sector (drivers/nvm_files.py's compactions), and the years that gives.

The nvm is host_tests/fakes/nvm.py's, written as the port's C code writes
it (an assignment to erased bytes programs them; any other erases the
sector).  A player wins the board solver's line of deals 1, 2, ... through
the buttons (tools/keyplan.py's presses) at a move every MOVE_MS, opens the
menu now and then, and deals the next game from the end screen: the app
saves as it does on a board (app/keeper.py: the game at most once a minute
in nvm, when the table is left, at a game's start and end).

    tools/bench_nvm.py [HOURS]   prints cp_nvm_saves_per_hour,
        cp_nvm_erases_per_hour and cp_nvm_lifetime_years (the sector's
        100,000 erases at 2 hours of play a day), at a move every MOVE_MS
        (6 s), then the same named _brisk at a move every 2 s
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.join(os.path.dirname(TOOLS), "host_tests", "fakes"))

from keyplan import Driver, keys_for_solver_line  # noqa: E402
from nvm import FakeNvm  # noqa: E402
from app.storage import Storage, nvm_files  # noqa: E402

# a move every 6 s: three presses and a look at the table
MOVE_MS = int(os.environ.get("MOVE_MS", "6000"))
BRISK_MS = 2000  # a player who knows the game: a move every 2 s
RATED_ERASES = 100000  # a flash sector's rated erase cycles
HOURS_A_DAY = 2


def play(hours, move_ms=MOVE_MS):
    nvm = FakeNvm()
    files = nvm_files(nvm)
    d = Driver(storage=Storage(files))
    storage = d.app.keeper.storage
    deal = 0
    while d.now < hours * 3600 * 1000:
        deal += 1
        planned = keys_for_solver_line(deal)
        if planned is None:
            continue
        keys, line = planned
        d.app.new_game(str(deal))
        gap = move_ms * len(line) // max(1, len(keys))  # the pace of a move, spread over its keys
        for i, key in enumerate(keys):
            d.press(key)
            d.hold(0, max(0, gap - 100))
            if i % 60 == 59:  # now and then a look at the menu, and back
                d.press("start", "b")
        d.hold(0, 5000)  # the end screen read
    hours_played = d.now / 3600000
    return storage.writes / hours_played, nvm.erases / hours_played


def figures(hours=1.0):
    lines = []
    for move_ms, suffix in ((MOVE_MS, ""), (BRISK_MS, "_brisk")):
        saves, erases = play(hours, move_ms)
        lines += ["cp_nvm_saves_per_hour%s: %.0f" % (suffix, saves),
                  "cp_nvm_erases_per_hour%s: %.1f" % (suffix, erases),
                  "cp_nvm_lifetime_years%s: %.1f" % (suffix, RATED_ERASES / (
                      erases * HOURS_A_DAY * 365))]
    return lines


def main(argv):
    for line in figures(float(argv[0]) if argv else 1.0):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
