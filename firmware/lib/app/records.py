"""The player's statistics and settings, and their saved forms.

Both use freecell.savefile's container (kind b"S" and b"O"), each in a file
of its own so that a damaged one never takes the other, or the game, with it.

Statistics payload, version 2 (34 + 12 per recent game, at most 130 bytes):
    0  3  played       3  3  won          6  3  given up
    9  1  in progress (0 or 1; played = won + given up + in progress)
    10 3  current win streak   13 3  best win streak
    16 3  best score           19 3  fewest moves in a won game (0: none yet)
    22 3  last game's serial (the `played` count when it began)
    25 3  daily deals played   28 3  daily deals won
    31 3  games the solver finished ("show me"; counted as given up)
    34 12 x up to 8 recent games, newest first, until the end:
          deal hi 3, deal lo 2, how 1, moves 2, undos 2, score 2
          how: 0 lost, 1 won, 2 won by the solver; +4 a daily deal
Version 1 (no bytes 25-33, `how` only 0 or 1) is still read.
Settings payload, version 2 (5 bytes):
    0 1 autoplay (0/1)   1 1 contrast level 0-3   2 1 flip (0/1)
    3 1 FreeCell's free cells 1-4   4 1 the game new deals are of (a variant's id)
Version 1 (the first 4 bytes: FreeCell) is still read.
"""

from freecell.savefile import get, put, unwrap, wrap
from freecell.variants import by_id

STATS = b"S"
SETTINGS = b"O"
VERSION = 2  # settings
STATS_VERSION = 2
LOST = 0
WON = 1
SOLVED = 2  # finished by the solver
DAILY = 4
RECENT = 8
_RECORD = 12


class Stats:
    def __init__(self):
        self.clear()

    def clear(self):
        self.played = self.won = self.given_up = self.in_progress = 0
        self.streak = self.best_streak = self.best_score = self.fewest_moves = 0
        self.serial = 0
        self.daily_played = self.daily_won = self.solved_by_solver = 0
        self.daily = False  # the game in progress is a daily deal
        self.recent = bytearray(RECENT * _RECORD)
        self.recent_count = 0

    def consistent(self):
        return self.played == self.won + self.given_up + self.in_progress

    def start(self, daily=False):
        """A new game begins; returns its serial."""
        self.played += 1
        self.in_progress = 1
        self.serial = self.played
        self.daily = daily
        if daily:
            self.daily_played += 1
        return self.serial

    def finish(self, game, by_solver=False):
        """The game in progress ended (won, given up or abandoned); a game
        the solver finished counts as given up, and is noted as such."""
        if not self.in_progress:
            return
        self.in_progress = 0
        won = game.is_won() and not by_solver
        if by_solver:
            self.solved_by_solver += 1
        if won and self.daily:
            self.daily_won += 1
        if won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if not self.fewest_moves or game.moves < self.fewest_moves:
                self.fewest_moves = game.moves
        else:
            self.given_up += 1
            self.streak = 0
        self.best_score = max(self.best_score, game.final_score())
        how = (WON if won else SOLVED if by_solver else LOST) | (DAILY if self.daily else 0)
        self._remember(game, how)

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
        """Recent game i (0 newest) as (deal hi, deal lo, how, moves, undos, score)."""
        at = i * _RECORD
        r = self.recent
        return (get(r, at, 3), get(r, at + 3, 2), r[at + 5], get(r, at + 6, 2),
                get(r, at + 8, 2), get(r, at + 10, 2))

    def win_rate(self):
        """Percent of finished games won (0 when none)."""
        finished = self.won + self.given_up
        return (100 * self.won + finished // 2) // finished if finished else 0

    def encode(self):
        buf = bytearray(34 + self.recent_count * _RECORD)
        at = 0
        for value in (self.played, self.won, self.given_up):
            at = put(buf, at, value, 3)
        at = put(buf, at, self.in_progress | (2 if self.daily else 0), 1)
        for value in (self.streak, self.best_streak, self.best_score, self.fewest_moves,
                      self.serial, self.daily_played, self.daily_won, self.solved_by_solver):
            at = put(buf, at, value, 3)
        buf[at:] = self.recent[: self.recent_count * _RECORD]
        return wrap(STATS, STATS_VERSION, buf, len(buf))

    def decode(self, data):
        """Load from a saved file; returns None, or an error message and
        changes nothing."""
        where = unwrap(data, STATS, STATS_VERSION)
        version = STATS_VERSION
        if isinstance(where, str) and data[3:4] == b"\x01":  # the first format
            where = unwrap(data, STATS, 1)
            version = 1
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
        for i in range((n - head) // _RECORD):
            if data[at + head + i * _RECORD + 5] & ~(3 | DAILY) or \
                    data[at + head + i * _RECORD + 5] & 3 == 3:
                return "a recent game's record is damaged"
        self.played, self.won, self.given_up = values
        self.in_progress = in_progress
        self.daily = bool(flags & 2)
        self.streak, self.best_streak, self.best_score, self.fewest_moves, self.serial = more[:5]
        if version == 2:
            self.daily_played, self.daily_won, self.solved_by_solver = more[5:]
        else:
            self.daily_played = self.daily_won = self.solved_by_solver = 0
        self.recent_count = (n - head) // _RECORD
        self.recent[: n - head] = data[at + head : at + n]
        return None


class Settings:
    CONTRASTS = (0x10, 0x40, 0x7F, 0xFF)

    def __init__(self):
        self.autoplay = True
        self.contrast = 2
        self.flip = False
        self.cells = 4
        self.game = 0  # FreeCell

    def encode(self):
        buf = bytearray((1 if self.autoplay else 0, self.contrast, 1 if self.flip else 0,
                         self.cells, self.game))
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
        if n != size or data[at] > 1 or data[at + 1] > 3 or data[at + 2] > 1 \
                or not 1 <= data[at + 3] <= 4 or by_id(game) is None:
            return "the settings have impossible values"
        self.autoplay = data[at] == 1
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
