"""Loading the statistics and the settings (records_format.py's layouts):
every format's checks.

Imported only when the statistics are loaded (at boot; the keeper lets go
of it after, so its code takes no room while the game is played).  Version 5
is the current one; version 4 (a 13-byte head: no days) and version 3 (a
6-byte head, tallies of 10 counters, 12-byte recent games) are read by the
same code; versions 1 and 2 (one set of counters, from before games were
counted apart) are read as FreeCell's:

Version 2 payload (34 + 12 per recent game; version 1: the first 25 bytes,
without the last three counters):
    0  3  played       3  3  won          6  3  given up
    9  1  in progress 1 | a daily deal 2 (version 1: in progress only)
    10 3  current win streak   13 3  best win streak
    16 3  best score           19 3  fewest moves in a won game (0: none yet)
    22 3  last game's serial (the `played` count when it began)
    25 3  daily deals played   28 3  daily deals won
    31 3  games the solver finished
    34 12 x up to 8 recent games, as in version 3 (with no game id; each
          gets version 4's 13th byte: classic, no tournament)
"""

from freecell.container import get, unwrap, version_of
from freecell.scoring import SCHEMES
from freecell.game import variant_class

from .records_format import (AT_DEALT, AT_FIELDS, AT_FLAGS, AT_GAME, AT_GAMES, AT_LAST_DAY,
                             AT_SERIAL, AT_TOUR_DONE, AT_TOUR_GAME, AT_TOUR_SCHEME, AT_TOUR_TOTAL,
                             BEST_SCORE, BEST_STREAK, BY_SOLVER, DAILY_PLAYED, DAILY_WON, FEWEST,
                             FIELDS, FLAG_DAILY, FLAG_HELPED, FLAG_IN_PROGRESS, FLAG_RANDOM,
                             FLAG_TOURNAMENT, GAMES, GIVEN_UP, HEAD, MOST_GAMES, OLD_HEADS, PLAYED,
                             R_HOW, R_MORE, RECENT, RECORD, ROUNDS, SETTINGS, SETTINGS_FLAGS, STATS,
                             STATS_VERSION, STREAK, TALLY, TOURNAMENTS, VERSION, WINS)

_OLD_RECORD = 12


def decode_stats(stats, data):
    """Load `stats` (a records.Stats) from a saved file; returns None, or an
    error message and changes nothing."""
    version = version_of(data)
    if version in (1, 2) and data[:3] == b"FCS":  # one set of counters
        return _decode_old(stats, data, version)
    where = unwrap(data, STATS, version if version in (3, 4) else STATS_VERSION)
    if isinstance(where, str):
        return where
    at, n = where
    # the layout: version 3's and 4's heads, version 3's tallies and records were shorter
    head = OLD_HEADS[version - 3] if version in (3, 4) else HEAD
    record = 12 if version == 3 else RECORD
    if n < head:
        return "the statistics record has the wrong size"
    p = data[at:at + n]
    games, fields = p[AT_GAMES], (10 if version == 3 else p[AT_FIELDS])
    tallies = head + games * 3 * fields
    if not 1 <= games <= GAMES or fields != (10 if version == 3 else FIELDS) \
            or n < tallies or (n - tallies) % record or (n - tallies) // record > RECENT:
        return "the statistics record has the wrong size"
    problem = _check(p, head, games, fields, tallies, record, version)
    if problem:
        return problem
    stats.clear()
    stats.serial = get(p, AT_SERIAL, 3)
    flags = p[AT_FLAGS]
    stats.in_progress = flags & FLAG_IN_PROGRESS
    # a daily mark with no game in progress is a finished daily deal's, left
    # by versions before this one (which then refused their own file): dropped
    stats.daily = bool(flags & FLAG_DAILY and stats.in_progress)
    stats.variant_id = p[AT_GAME]
    if version > 3 and flags & FLAG_TOURNAMENT:
        tour = p[AT_TOUR_GAME]
        stats.start_tournament(tour & 15, p[AT_TOUR_SCHEME], bool(flags & FLAG_RANDOM), tour >> 4)
        stats.tour_done, stats.tour_total = p[AT_TOUR_DONE], get(p, AT_TOUR_TOTAL, 3)
        stats.tour_helped = bool(flags & FLAG_HELPED)
    if head == HEAD:  # the days: version 5's (before it, not known)
        stats.dealt = get(p, AT_DEALT, 2) if stats.in_progress else 0
        stats.last_day = get(p, AT_LAST_DAY, 2)
    for g in range(games):
        stats.tallies[g * TALLY:g * TALLY + 3 * fields] = \
            p[head + g * 3 * fields:head + (g + 1) * 3 * fields]
    stats.recent_count = (n - tallies) // record
    for i in range(stats.recent_count):
        at = tallies + i * record
        stats.recent[i * RECORD:i * RECORD + record] = p[at:at + record]
        if record < RECORD:  # version 3's: classic, no tournament
            stats.recent[i * RECORD + R_MORE] = 0
    return None


def _check(p, head, games, fields, tallies, record, version):
    """Do the counters add up?  None, or what is wrong."""
    flags, variant_id, tour = p[AT_FLAGS], p[AT_GAME], p[AT_TOUR_GAME]
    if flags > (3 if version == 3 else 31) or variant_id >= games:
        return "the statistics do not add up"
    if flags & FLAG_TOURNAMENT and (p[AT_TOUR_DONE] >= ROUNDS or p[AT_TOUR_SCHEME] >= SCHEMES
                                or tour & 15 >= games
                                or tour >> 4 not in variant_class(tour & 15).CELL_CHOICES
                                or (flags & FLAG_IN_PROGRESS and variant_id != tour & 15)):
        return "the statistics do not add up"
    played = 0
    for g in range(games):
        t = head + g * 3 * fields
        c = [get(p, t + 3 * f, 3) for f in range(fields)]
        played += c[PLAYED]
        if c[PLAYED] > MOST_GAMES \
                or c[PLAYED] != c[WINS] + c[GIVEN_UP] + (flags & 1 if g == variant_id else 0) \
                or c[STREAK] > c[WINS] or c[BEST_STREAK] > c[WINS] \
                or c[STREAK] > c[BEST_STREAK] or c[DAILY_PLAYED] > c[PLAYED] \
                or c[DAILY_WON] > c[DAILY_PLAYED] or c[DAILY_WON] > c[WINS] \
                or c[BY_SOLVER] > c[GIVEN_UP] \
                or (fields > TOURNAMENTS and c[TOURNAMENTS] * ROUNDS
                    + (_rounds(p, flags) if g == tour & 15 else 0) > c[PLAYED]):
            return "the statistics do not add up"
    if get(p, AT_SERIAL, 3) > played:
        return "the statistics do not add up"
    for i in range((len(p) - tallies) // record):
        at = tallies + i * record
        how = p[at + R_HOW]
        more = p[at + R_MORE] if record > R_MORE else 0
        if how & 3 == 3 or how >> 3 >= games or more & 3 >= SCHEMES or more >> 2 > ROUNDS:
            return "a recent game's record is damaged"
    return None


def _rounds(p, flags):
    """The games of its game a tournament under way has used: its rounds
    finished, and the game in progress (which is its next round)."""
    if not flags & FLAG_TOURNAMENT:
        return 0
    return p[AT_TOUR_DONE] + (1 if flags & FLAG_IN_PROGRESS else 0)


def _decode_old(stats, data, version):
    """Load `stats` from a version 1 or 2 file: one set of counters
    (FreeCell's, then).  Returns None, or an error message and changes
    nothing."""
    where = unwrap(data, STATS, version)
    if isinstance(where, str):
        return where
    at, n = where
    head = 34 if version == 2 else 25
    if n < head or (n - head) % _OLD_RECORD or (n - head) // _OLD_RECORD > RECENT:
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
    count = (n - head) // _OLD_RECORD
    for i in range(count):
        if data[at + head + i * _OLD_RECORD + 5] & ~4 > 2:  # given up, won, by the solver; daily
            return "a recent game's record is damaged"
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
    stats.recent_count = count
    for i in range(count):
        old = at + head + i * _OLD_RECORD
        stats.recent[i * RECORD:i * RECORD + _OLD_RECORD] = data[old:old + _OLD_RECORD]
        stats.recent[i * RECORD + _OLD_RECORD] = 0
    return None


def decode_settings(settings, data):
    """Load `settings` (a records.Settings) from a saved file; returns None,
    or an error message and changes nothing."""
    version = version_of(data) if version_of(data) in (1, 2) else VERSION
    where = unwrap(data, SETTINGS, version)
    if isinstance(where, str):
        return where
    at, n = where
    size = version + 3  # 4, 5 or 6 bytes
    p = data[at:at + n] + bytes(6 - min(n, 6))  # the later bytes' defaults: 0
    if n != size or p[0] > SETTINGS_FLAGS[version] or p[1] > 3 or p[2] > 1 \
            or not 1 <= p[3] <= 4 or variant_class(p[4]) is None or p[5] >= SCHEMES:
        return "the settings have impossible values"
    settings.autoplay = bool(p[0] & 1)
    settings.take_back = bool(p[0] & 2)
    settings.sound = not p[0] & 4
    settings.simple_runs = bool(p[0] & 8)
    settings.think = not p[0] & 16
    settings.contrast = p[1]
    settings.flip = p[2] == 1
    settings.cells = p[3]
    settings.variant_id = p[4]
    settings.scoring = p[5]
    return None
