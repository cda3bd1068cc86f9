"""The player's statistics and settings, and their saved forms.

Both use freecell.savefile's container (kind b"S" and b"O"), each in a file
of its own so that a damaged one never takes the other, or the game, with it.

Statistics are kept per game (FreeCell, Baker's Game, ...): each game has a
tally of ten counters, 3 bytes each, in the order of the field numbers below:
    played, won, given up, current win streak, best win streak, best score,
    fewest moves in a won game (0: none yet), daily deals played, daily
    deals won, games the solver finished ("show me"; counted as given up)
A game's played = won + given up (+ 1 for the game in progress, if it is
of that game).
Statistics payload, version 3 (6 + 30 per game + 12 per recent game):
    0  3  serial: games begun, all games together (the game in progress's
          number, which its save carries)
    3  1  in progress 1 | the game in progress is a daily deal 2
    4  1  the game in progress (a variant's id; 0 when none)
    5  1  G, the games tallied (those this version knew when it wrote)
    6  30 x G: the tallies, by variant id
    then 12 x up to 8 recent games, newest first, until the end:
          deal hi 3, deal lo 2, how 1, moves 2, undos 2, score 2
          how: 0 given up, 1 won, 2 won by the solver; +4 a daily deal;
          + 8 x the game's variant id
Versions 1 and 2 (one set of counters, from before games were counted apart)
are still read, as FreeCell's.
Settings payload, version 2 (5 bytes):
    0 1 autoplay 1 | cards may come back from the foundations 2
    1 1 contrast level 0-3   2 1 flip (0/1)
    3 1 FreeCell's free cells 1-4   4 1 the game new deals are of (a variant's id)
Version 1 (the first 4 bytes: FreeCell) is still read.
"""

from freecell.compat import const
from freecell.savefile import get, put, unwrap, wrap
from freecell.variants import VARIANTS, by_id

STATS = b"S"
SETTINGS = b"O"
VERSION = 2  # settings
STATS_VERSION = 3
LOST = 0
WON = 1
SOLVED = 2  # finished by the solver
DAILY = 4
RECENT = 8
_RECORD = 12
# a tally's fields
PLAYED = const(0)
WINS = const(1)
GIVEN_UP = const(2)
STREAK = const(3)
BEST_STREAK = const(4)
BEST_SCORE = const(5)
FEWEST = const(6)
DAILY_PLAYED = const(7)
DAILY_WON = const(8)
BY_SOLVER = const(9)
_TALLY = const(30)
_GAMES = len(VARIANTS)


class Stats:
    def __init__(self):
        self.tallies = bytearray(_GAMES * _TALLY)
        self.recent = bytearray(RECENT * _RECORD)
        self.clear()

    def clear(self):
        for i in range(len(self.tallies)):
            self.tallies[i] = 0
        self.in_progress = 0
        self.game = 0  # the variant id of the game in progress
        self.serial = 0
        self.daily = False  # the game in progress is a daily deal
        self.recent_count = 0

    def of(self, game, field):
        """A counter of one game's tally (game: a variant id)."""
        return get(self.tallies, game * _TALLY + 3 * field, 3)

    def set(self, game, field, value):
        put(self.tallies, game * _TALLY + 3 * field, min(value, 0xFFFFFF), 3)

    def _add(self, game, field):
        self.set(game, field, self.of(game, field) + 1)

    def total(self, field):
        """A counter summed over every game (played, won, given up, ...)."""
        n = 0
        for g in range(_GAMES):
            n += self.of(g, field)
        return n

    def consistent(self):
        for g in range(_GAMES):
            if self.of(g, PLAYED) != self.of(g, WINS) + self.of(g, GIVEN_UP) \
                    + (self.in_progress if g == self.game else 0):
                return False
        return True

    def start(self, game=0, daily=False):
        """A new game of `game` (a variant id) begins; returns its serial."""
        self._add(game, PLAYED)
        self.in_progress = 1
        self.game = game
        self.serial = self.total(PLAYED)
        self.daily = daily
        if daily:
            self._add(game, DAILY_PLAYED)
        return self.serial

    def lose(self):
        """The game in progress is gone without an ending: given up."""
        self.in_progress = 0
        self._add(self.game, GIVEN_UP)
        self.set(self.game, STREAK, 0)

    def move_in_progress(self, game):
        """The game in progress is of `game` after all (statistics written
        before games were counted apart): its count moves there."""
        if self.in_progress and game != self.game:
            self.set(self.game, PLAYED, self.of(self.game, PLAYED) - 1)
            if self.daily:
                self.set(self.game, DAILY_PLAYED, self.of(self.game, DAILY_PLAYED) - 1)
                self._add(game, DAILY_PLAYED)
            self._add(game, PLAYED)
            self.game = game

    def finish(self, game, by_solver=False):
        """The game in progress ended (won, given up or abandoned); a game
        the solver finished counts as given up, and is noted as such."""
        if not self.in_progress:
            return
        self.in_progress = 0
        g = self.game
        won = game.is_won() and not by_solver
        if by_solver:
            self._add(g, BY_SOLVER)
        if won and self.daily:
            self._add(g, DAILY_WON)
        if won:
            self._add(g, WINS)
            self._add(g, STREAK)
            self.set(g, BEST_STREAK, max(self.of(g, BEST_STREAK), self.of(g, STREAK)))
            if not self.of(g, FEWEST) or game.moves < self.of(g, FEWEST):
                self.set(g, FEWEST, game.moves)
        else:
            self._add(g, GIVEN_UP)
            self.set(g, STREAK, 0)
        self.set(g, BEST_SCORE, max(self.of(g, BEST_SCORE), game.final_score()))
        how = (WON if won else SOLVED if by_solver else LOST) | (DAILY if self.daily else 0)
        self._remember(game, how | g << 3)

    def _remember(self, game, how):
        r = self.recent
        r[_RECORD:] = r[: (RECENT - 1) * _RECORD]  # shift older records down
        at = put(r, 0, game.number.hi, 3)
        at = put(r, at, game.number.lo, 2)
        r[at] = how
        at = put(r, at + 1, min(game.moves, 0xFFFF), 2)
        at = put(r, at, min(game.undos, 0xFFFF), 2)
        put(r, at, min(game.final_score(), 0xFFFF), 2)
        self.recent_count = min(RECENT, self.recent_count + 1)

    def record(self, i):
        """Recent game i (0 newest) as (deal hi, deal lo, how, moves, undos,
        score); how >> 3 is the game's variant id."""
        at = i * _RECORD
        r = self.recent
        return (get(r, at, 3), get(r, at + 3, 2), r[at + 5], get(r, at + 6, 2),
                get(r, at + 8, 2), get(r, at + 10, 2))

    def win_rate(self, game=None):
        """Percent of finished games won (0 when none): of one game, or of all."""
        won = self.total(WINS) if game is None else self.of(game, WINS)
        lost = self.total(GIVEN_UP) if game is None else self.of(game, GIVEN_UP)
        finished = won + lost
        return (100 * won + finished // 2) // finished if finished else 0

    def encode(self):
        buf = bytearray(6 + len(self.tallies) + self.recent_count * _RECORD)
        at = put(buf, 0, self.serial, 3)
        buf[3] = self.in_progress | (2 if self.daily else 0)
        buf[4] = self.game
        buf[5] = _GAMES
        buf[6:6 + len(self.tallies)] = self.tallies
        at = 6 + len(self.tallies)
        buf[at:] = self.recent[: self.recent_count * _RECORD]
        return wrap(STATS, STATS_VERSION, buf, len(buf))

    def decode(self, data):
        """Load from a saved file; returns None, or an error message and
        changes nothing."""
        where = unwrap(data, STATS, STATS_VERSION)
        if isinstance(where, str) and data[3:4] in (b"\x01", b"\x02"):  # one set of counters
            from .records_old import decode_old  # once in a board's life: let go of after boot

            return decode_old(self, data, data[3])
        if isinstance(where, str):
            return where
        at, n = where
        games = data[at + 5] if n >= 6 else 0
        head = 6 + games * _TALLY
        flags = data[at + 3] if n >= 6 else 0
        if n < head or not 1 <= games <= _GAMES or (n - head) % _RECORD \
                or (n - head) // _RECORD > RECENT:
            return "the statistics record has the wrong size"
        game = data[at + 4]
        if flags > 3 or game >= games or (flags & 2 and not flags & 1):
            return "the statistics do not add up"
        played = 0
        for g in range(games):
            t = at + 6 + g * _TALLY
            c = [get(data, t + 3 * f, 3) for f in range(10)]
            played += c[PLAYED]
            if c[PLAYED] != c[WINS] + c[GIVEN_UP] + (flags & 1 if g == game else 0) \
                    or c[STREAK] > c[WINS] or c[BEST_STREAK] > c[WINS] \
                    or c[STREAK] > c[BEST_STREAK] or c[DAILY_PLAYED] > c[PLAYED] or c[DAILY_WON] > c[DAILY_PLAYED] \
                    or c[DAILY_WON] > c[WINS] or c[BY_SOLVER] > c[GIVEN_UP]:
                return "the statistics do not add up"
        if get(data, at, 3) > played:
            return "the statistics do not add up"
        problem = self.check_recent(data, at + head, (n - head) // _RECORD, games)
        if problem:
            return problem
        self.clear()
        self.serial = get(data, at, 3)
        self.in_progress = flags & 1
        self.daily = bool(flags & 2)
        self.game = game
        self.tallies[: games * _TALLY] = data[at + 6 : at + head]
        self.recent_count = (n - head) // _RECORD
        self.recent[: n - head] = data[at + head : at + n]
        return None

    @staticmethod
    def check_recent(data, at, count, games):
        for i in range(count):
            how = data[at + i * _RECORD + 5]
            if how & 3 == 3 or how >> 3 >= games:
                return "a recent game's record is damaged"
        return None


class Settings:
    CONTRASTS = (0x10, 0x40, 0x7F, 0xFF)

    def __init__(self):
        self.autoplay = True
        self.take_back = False  # new games: may a foundation's top card come back
        self.contrast = 2
        self.flip = False
        self.cells = 4
        self.game = 0  # FreeCell

    def encode(self):
        buf = bytearray(((1 if self.autoplay else 0) | (2 if self.take_back else 0),
                         self.contrast, 1 if self.flip else 0, self.cells, self.game))
        return wrap(SETTINGS, VERSION, buf, 5)

    def decode(self, data):
        where = unwrap(data, SETTINGS, VERSION)
        size = 5
        if isinstance(where, str) and data[3:4] == b"\x01":  # the first format
            where = unwrap(data, SETTINGS, 1)
            size = 4
        if isinstance(where, str):
            return where
        at, n = where
        game = data[at + 4] if size == 5 and n == 5 else 0
        if n != size or data[at] > (3 if size == 5 else 1) or data[at + 1] > 3 or data[at + 2] > 1 \
                or not 1 <= data[at + 3] <= 4 or by_id(game) is None:
            return "the settings have impossible values"
        self.autoplay = bool(data[at] & 1)
        self.take_back = bool(data[at] & 2)
        self.contrast = data[at + 1]
        self.flip = data[at + 2] == 1
        self.cells = data[at + 3]
        self.game = game
        return None

    def variant(self):
        """A variant object for the next deal: the game chosen, with the
        free cells chosen where the game lets the player choose them."""
        kind = by_id(self.game)
        return kind(self.cells if self.cells in kind.CELL_CHOICES else None)
