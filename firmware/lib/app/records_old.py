"""The statistics' first two formats (one set of counters for every game,
from before games were counted apart): read as FreeCell's.  Imported only
when such a file is found; the keeper lets go of it after boot.

Version 2 payload (34 + 12 per recent game; version 1: the first 25 bytes,
without the last three counters):
    0  3  played       3  3  won          6  3  given up
    9  1  in progress 1 | a daily deal 2 (version 1: in progress only)
    10 3  current win streak   13 3  best win streak
    16 3  best score           19 3  fewest moves in a won game (0: none yet)
    22 3  last game's serial (the `played` count when it began)
    25 3  daily deals played   28 3  daily deals won
    31 3  games the solver finished
    34 12 x up to 8 recent games, as in version 3 (with no game id)
"""

from freecell.savefile import get, unwrap

from .records import (BEST_SCORE, BEST_STREAK, BY_SOLVER, DAILY_PLAYED, DAILY_WON, FEWEST,
                      GIVEN_UP, PLAYED, RECENT, STATS, STREAK, WINS, _RECORD)


def decode_old(stats, data, version):
    """Load `stats` from a version 1 or 2 file: one set of counters
    (FreeCell's, then).  Returns None, or an error message and changes
    nothing."""
    where = unwrap(data, STATS, version)
    if isinstance(where, str):
        return where
    at, n = where
    head = 34 if version == 2 else 25
    if n < head or (n - head) % _RECORD or (n - head) // _RECORD > RECENT:
        return "the statistics record has the wrong size"
    values = [get(data, at + 3 * i, 3) for i in range(3)]
    flags = data[at + 9]
    in_progress = flags & 1
    more = [get(data, at + 10 + 3 * i, 3) for i in range(8 if version == 2 else 5)]
    played, won, given_up = values
    if flags > (3 if version == 2 else 1) or played != won + given_up + in_progress \
            or more[0] > won or more[1] > won or more[4] > played:
        return "the statistics do not add up"
    if version == 2 and (more[5] > played or more[6] > more[5] or more[6] > won
                         or more[7] > given_up):
        return "the statistics do not add up"
    problem = stats.check_recent(data, at + head, (n - head) // _RECORD, 1)
    if problem:
        return problem
    stats.clear()
    stats.in_progress = in_progress
    stats.daily = bool(flags & 2)
    fields = (PLAYED, WINS, GIVEN_UP, STREAK, BEST_STREAK, BEST_SCORE, FEWEST)
    for f, value in zip(fields, values + more[:4]):
        stats.set(0, f, value)
    stats.serial = more[4]
    if version == 2:
        for f, value in zip((DAILY_PLAYED, DAILY_WON, BY_SOLVER), more[5:]):
            stats.set(0, f, value)
    stats.recent_count = (n - head) // _RECORD
    stats.recent[: n - head] = data[at + head : at + n]
    return None
