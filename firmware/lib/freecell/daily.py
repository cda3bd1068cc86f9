"""The daily deal: the same deal for everyone on a day, in each game, and
from 2026-12-01 on one the solver has won before anyone is dealt it.

A day is day_of()'s number.  Each day and game name a row of candidates,
the day scrambled into 1..1,000,000 (candidate()) and the numbers after it;
the day's deal is the first candidate proved winnable:
  - FreeCell's: every deal of its first million is known winnable but the
    eight in UNWINNABLE (an exhaustive search, docs/RULES.md), so its daily
    deal is the first candidate not among them, as it always was;
  - the other games': the first candidate the board's solver wins with the
    hint's budget (proved(): 10,000 positions, 8,192 table slots, lines to
    400 moves; a search that stops for nothing else, so every board, the
    simulator and the server find the same).  daily_table.py, made on the
    host by tools/daily_table.py with this same proof, lists how many
    candidates each day skips up to its LAST day, so a board deals at once;
    after LAST the board proves them itself (the wait is in docs/MEASURED.md).
Days before FIRST keep the deals they were dealt (FreeCell's rule only):
results of those days on a leaderboard still replay.  A pure function of
the day: server/ names each day's deal with it.  Products stay small ints.
"""

import sys

from .compat import const

# the deals in 1..1,000,000 that no one can win with four cells (docs/RULES.md)
UNWINNABLE = (11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948)
FIRST = const(10013)  # day_of(2026, 12, 1): from here every game's daily deal is proved
PROOF_BUDGET = const(10000)  # solver.BOARD_BUDGET: the hint's
PROOF_BITS = const(13)  # solver.TABLE_BITS: 8,192 slots, 48 KB
PROOF_DEPTH = const(400)  # the Solver's default


def day_of(year, month, day):
    """A date as a number of days since 2000 (a proleptic count of 31-day
    months, good to 2099): the daily deal's seed, and which day a daily
    deal was tried (the result file's day; server/ reads it back)."""
    return (year - 2000) * 372 + (month - 1) * 31 + day - 1


def date_of(days):
    """day_of's number as (year, month, day) again."""
    return 2000 + days // 372, days % 372 // 31 + 1, days % 31 + 1


def candidate(days, variant_id, k):
    """The day's k-th candidate: 541 is prime, so successive days spread;
    7,919 apart, the games."""
    return 1 + (days * 541 + 7919 * (variant_id + 1) + k) % 1000000


def deal_of_day(days, variant_id=0):
    """The day's deal in the game `variant_id` (the module's text says how
    it is chosen).  After daily_table.LAST it runs the solver (seconds on a
    board); listed() says beforehand whether it will."""
    from .variants import VARIANTS

    rules = VARIANTS[variant_id]
    k = 0
    if days < FIRST or rules.KNOWN_WINNABLE >= 1000000:
        while candidate(days, variant_id, k) in UNWINNABLE:
            k += 1
    elif listed(days):
        k = skipped(days, variant_id)
    else:
        while not proved(candidate(days, variant_id, k), rules):
            k += 1
    return candidate(days, variant_id, k)


def listed(days):
    """Is the day's deal known without a search (before FIRST, or up to
    daily_table.LAST)?"""
    if days < FIRST:
        return True
    from . import daily_table

    last = daily_table.LAST
    _let_go()
    return days <= last


def skipped(days, variant_id):
    """How many candidates the table says the day skips: its rows are 3
    bytes, the day after FIRST (2) and the count (1), ordered by day."""
    from . import daily_table

    rows = daily_table.SKIPS[variant_id]
    _let_go()
    at = days - FIRST
    lo, hi = 0, len(rows) // 3
    while lo < hi:
        mid = (lo + hi) // 2
        day = rows[3 * mid] << 8 | rows[3 * mid + 1]
        if day == at:
            return rows[3 * mid + 2]
        if day < at:
            lo = mid + 1
        else:
            hi = mid
    return 0


def proved(number, rules):
    """Does the board's solver win deal `number` of the game `rules` (the
    standard cells, autoplay on) within the proof's budget?  A win found is
    a proof; a search that gives up proves nothing, and the candidate is
    skipped."""
    from .game import Game
    from .solver import SOLVED, Solver

    game = Game(autoplay=True, variant=rules())
    game.deal(number)
    solver = Solver(budget=PROOF_BUDGET, table_bits=PROOF_BITS, max_depth=PROOF_DEPTH)
    solver.start(game)
    while not solver.step(2000):
        pass
    return solver.state == SOLVED


def _let_go():
    """The table's bytes are read once a deal: its module goes after."""
    sys.modules.pop("freecell.daily_table", None)
    package = sys.modules.get("freecell")
    if package is not None and hasattr(package, "daily_table"):
        delattr(package, "daily_table")
