"""The player's statistics and settings, and their saved forms.

Both use freecell.savefile's container (kind b"S" and b"O"), each in a file
of its own so that a damaged one never takes the other, or the game, with it.

Statistics are kept per game (FreeCell, Baker's Game, ...): each game has a
tally of FIELDS counters, 3 bytes each, in the order of the field numbers below:
    played, won, given up, current win streak, best win streak, best classic
    score, fewest moves in a won game (0: none yet), daily deals played (the
    first try of a day only), daily deals won, games the solver played part
    of ("show me"; never the player's win: counted as given up), best timed
    score, best by-moves score, best tournament total in each scheme
    (classic, timed, by moves), tournaments completed, the last day a daily
    deal was tried (days since 2000 + 1; 0: never)
A game's played = won + given up (+ 1 for the game in progress, if it is
of that game).  Played is at most MOST_GAMES: a game's tally stops counting
there (its next games are not counted), and every other counter that grows
is bounded by played, so none can outgrow its 3 bytes and every sum the
loader checks still holds after the next game.  A tournament's rounds
finished are games of its game that no completed tournament counts:
3 x tournaments completed + rounds finished (+ the game in progress) is at
most that game's played.  Only the player's own games set a best: never one the
solver played part of.
Statistics payload, version 4 (13 + 3F per game + 13 per recent game):
    0  3  serial: games begun, all games together (the game in progress's
          number, which its save carries)
    3  1  in progress 1 | the game in progress is a daily deal 2 |
          a tournament is under way 4 | its deals are random 8 |
          the solver played part of it 16
    4  1  the game in progress (a variant's id; 0 when none)
    5  1  G, the games tallied (those this version knew when it wrote)
    6  1  F, the counters in a tally (17)
    7  1  the tournament's rounds finished (0-2)
    8  1  its scoring scheme   9  1  its game: a variant's id | its free cells << 4
    10 3  its total so far
    13 3F x G: the tallies, by variant id
    then 13 x up to 8 recent games, newest first, until the end:
          deal hi 3, deal lo 2, how 1, moves 2, undos 2, score 2, more 1
          how: 0 given up, 1 won, 2 won with the solver's help; +4 a daily
          deal; + 8 x the game's variant id
          more: the scoring scheme | the tournament round << 2 (0: none)
Version 3 (a 6-byte head: serial, flags 1-2, game, G; tallies of 10
counters; 12-byte recent games) is read by the same code.  Versions 1 and 2
(one set of counters, from before games were counted apart) are still
read, as FreeCell's (records_load.py's _decode_old).
Settings payload, version 3 (6 bytes):
    0 1 autoplay 1 | cards may come back from the foundations 2 | sound off 4
    1 1 contrast level 0-3   2 1 flip (0/1)
    3 1 FreeCell's free cells 1-4   4 1 the game new deals are of (a variant's id)
    5 1 the scoring scheme of new games (freecell/scoring.py)
Versions 1 (the first 4 bytes: FreeCell) and 2 (the first 5) are still read.
"""

from freecell.compat import const
from freecell.savefile import HEADER, container, get, put, seal, unwrap, wrap
from freecell.scoring import CLASSIC, SCHEMES
from freecell.variants import VARIANTS, by_id

STATS = b"S"
SETTINGS = b"O"
VERSION = 3  # settings
STATS_VERSION = 4
LOST = 0
WON = 1
SOLVED = 2  # won with the solver's help
DAILY = 4
RECENT = 8
RECORD = 13
# a tally's fields
PLAYED = const(0)
WINS = const(1)
GIVEN_UP = const(2)
STREAK = const(3)
BEST_STREAK = const(4)
BEST_SCORE = const(5)  # classic's
FEWEST = const(6)
DAILY_PLAYED = const(7)
DAILY_WON = const(8)
BY_SOLVER = const(9)
BEST_TIMED = const(10)
BEST_BY_MOVES = const(11)
BEST_TOURNAMENT = const(12)  # + the scheme: classic's, timed's, by moves'
TOURNAMENTS = const(15)
LAST_DAILY = const(16)
FIELDS = const(17)
MOST_GAMES = const(999999)  # games a tally counts (a 6-digit figure on screen)
MOST_POINTS = const(0xFFFFFF)  # a score or a total: 3 bytes
BESTS = (BEST_SCORE, BEST_TIMED, BEST_BY_MOVES)  # by scheme
ROUNDS = 3  # games in a tournament
TALLY = const(51)  # 3 * FIELDS
HEAD = const(13)
GAMES = len(VARIANTS)
# the flags byte
FLAG_IN_PROGRESS = const(1)
FLAG_DAILY = const(2)
FLAG_TOURNAMENT = const(4)
FLAG_RANDOM = const(8)
FLAG_HELPED = const(16)


# the largest files (the container adds 10 bytes): a larger one is no save
STATS_BYTES = 10 + HEAD + GAMES * TALLY + RECENT * RECORD  # 433 with six games
SETTINGS_BYTES = 10 + 6


class Stats:
    def __init__(self):
        self.tallies = bytearray(GAMES * TALLY)
        self.recent = bytearray(RECENT * RECORD)
        self.clear()

    def clear(self):
        for i in range(len(self.tallies)):
            self.tallies[i] = 0
        self.in_progress = 0
        self.game = 0  # the variant id of the game in progress
        self.serial = 0
        self.daily = False  # the game in progress is a daily deal (its first try)
        self.recent_count = 0
        self.tour_finished = -1  # the total of the tournament the last game completed
        self.end_tournament()

    def of(self, game, field):
        """A counter of one game's tally (game: a variant id)."""
        return get(self.tallies, game * TALLY + 3 * field, 3)

    def set(self, game, field, value):
        put(self.tallies, game * TALLY + 3 * field, min(value, MOST_POINTS), 3)

    def _add(self, game, field):
        self.set(game, field, self.of(game, field) + 1)

    def total(self, field):
        """A counter summed over every game (played, won, given up, ...)."""
        n = 0
        for g in range(GAMES):
            n += self.of(g, field)
        return n

    def consistent(self):
        for g in range(GAMES):
            if self.of(g, PLAYED) != self.of(g, WINS) + self.of(g, GIVEN_UP) \
                    + (self.in_progress if g == self.game else 0):
                return False
        return True

    def start(self, game=0, daily=False, day=0):
        """A new game of `game` (a variant id) begins; returns its serial.  A
        daily deal (of `day`, days since 2000) counts as one only on its
        first try that day.  A game whose tally is full (MOST_GAMES) is
        not counted: nothing is in progress then.  A game of another game
        than a tournament's under way ends the tournament (uncounted): the
        loader refuses a round of the wrong game, and the keeper's boot
        counts a game the statistics missed through here."""
        self.tour_finished = -1
        self.daily = False
        self._not_a_round(game)
        if self.of(game, PLAYED) >= MOST_GAMES:
            self.in_progress = 0
            return self.serial
        self._add(game, PLAYED)
        self.in_progress = 1
        self.game = game
        self.serial = self.total(PLAYED)
        self.daily = daily and self.of(game, LAST_DAILY) != day + 1
        if self.daily:
            self._add(game, DAILY_PLAYED)
            self.set(game, LAST_DAILY, day + 1)
        return self.serial

    def _not_a_round(self, game):
        """A game of `game` in progress cannot be a round of a tournament of
        another game: that tournament ends (uncounted)."""
        if self.tournament and game != self.tour_game:
            self.end_tournament()

    def lose(self):
        """The game in progress is gone without an ending: given up (and a
        tournament it was a round of cannot be completed)."""
        self.in_progress = 0
        self.daily = False  # the mark is the game in progress's: it goes with it
        self._add(self.game, GIVEN_UP)
        self.set(self.game, STREAK, 0)
        self.end_tournament()

    def move_in_progress(self, game):
        """The game in progress is of `game` after all (statistics written
        before games were counted apart): its count moves there."""
        if self.in_progress and game != self.game:
            self._not_a_round(game)
            self.set(self.game, PLAYED, self.of(self.game, PLAYED) - 1)
            if self.daily:
                self.set(self.game, DAILY_PLAYED, self.of(self.game, DAILY_PLAYED) - 1)
                self._add(game, DAILY_PLAYED)
            self._add(game, PLAYED)
            self.game = game

    def finish(self, game):
        """The game in progress ended (won, given up or abandoned).  A game
        the solver played part of is never the player's win or best: it
        counts as given up, and is noted as such."""
        if not self.in_progress:
            return
        self.in_progress = 0
        g = self.game
        own = not game.assisted
        won = game.is_won() and own
        score = game.final_score()
        if not own:
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
        if own:
            best = BESTS[game.scoring]
            self.set(g, best, max(self.of(g, best), score))
        how = (WON if won else SOLVED if game.is_won() else LOST) | (DAILY if self.daily else 0)
        self.daily = False  # the mark is the game in progress's: it goes with it
        self._remember(game, how | g << 3, self.tour_round() if self.tournament else 0)
        if self.tournament:
            self._round_over(game, score)

    # -- the tournament: three games in a row, their scores added ------------

    def start_tournament(self, game, scheme, random, cells=4):
        self.tournament = True
        self.tour_game = game
        self.tour_cells = cells
        self.tour_scheme = scheme
        self.tour_random = random
        self.tour_done = 0
        self.tour_total = 0
        self.tour_helped = False

    def end_tournament(self):
        """No tournament, or it was left before its end."""
        self.tournament = False
        self.tour_game = self.tour_scheme = self.tour_done = self.tour_total = 0
        self.tour_cells = 4
        self.tour_random = self.tour_helped = False

    def tour_variant(self):
        """A variant object of the tournament's game and free cells."""
        return by_id(self.tour_game)(self.tour_cells)

    def tour_round(self):
        """The round being played or next (1-3)."""
        return self.tour_done + 1

    def _round_over(self, game, score):
        self.tour_done += 1
        self.tour_total = min(self.tour_total + score, MOST_POINTS)
        self.tour_helped = self.tour_helped or game.assisted
        if self.tour_done < ROUNDS:
            return
        self.tour_finished = self.tour_total  # what the end screen shows
        g = self.tour_game
        self._add(g, TOURNAMENTS)
        if not self.tour_helped:
            best = BEST_TOURNAMENT + self.tour_scheme
            self.set(g, best, max(self.of(g, best), self.tour_total))
        self.end_tournament()

    def _remember(self, game, how, round_):
        r = self.recent
        r[RECORD:] = r[: (RECENT - 1) * RECORD]  # shift older records down
        at = put(r, 0, game.number.hi, 3)
        at = put(r, at, game.number.lo, 2)
        r[at] = how
        at = put(r, at + 1, min(game.moves, 0xFFFF), 2)
        at = put(r, at, min(game.undos, 0xFFFF), 2)
        at = put(r, at, min(game.final_score(), 0xFFFF), 2)
        r[at] = game.scoring | round_ << 2
        self.recent_count = min(RECENT, self.recent_count + 1)

    def record(self, i):
        """Recent game i (0 newest) as (deal hi, deal lo, how, moves, undos,
        score, more); how >> 3 is the game's variant id, more & 3 its
        scheme, more >> 2 its tournament round."""
        at = i * RECORD
        r = self.recent
        return (get(r, at, 3), get(r, at + 3, 2), r[at + 5], get(r, at + 6, 2),
                get(r, at + 8, 2), get(r, at + 10, 2), r[at + 12])

    def win_rate(self, game=None):
        """Percent of finished games won (0 when none): of one game, or of all."""
        won = self.total(WINS) if game is None else self.of(game, WINS)
        lost = self.total(GIVEN_UP) if game is None else self.of(game, GIVEN_UP)
        finished = won + lost
        return (100 * won + finished // 2) // finished if finished else 0

    def encode(self):
        n = HEAD + len(self.tallies) + self.recent_count * RECORD
        out = container(STATS, STATS_VERSION, n)  # written in place: one buffer
        buf = memoryview(out)[HEADER:]
        put(buf, 0, self.serial, 3)
        buf[3] = self.in_progress | (FLAG_DAILY if self.daily else 0) \
            | (FLAG_TOURNAMENT if self.tournament else 0) | (FLAG_RANDOM if self.tour_random else 0) \
            | (FLAG_HELPED if self.tour_helped else 0)
        buf[4] = self.game
        buf[5] = GAMES
        buf[6] = FIELDS
        buf[7] = self.tour_done
        buf[8] = self.tour_scheme
        buf[9] = self.tour_game | self.tour_cells << 4
        put(buf, 10, self.tour_total, 3)
        buf[HEAD:HEAD + len(self.tallies)] = self.tallies
        buf[HEAD + len(self.tallies):n] = memoryview(self.recent)[:self.recent_count * RECORD]
        return seal(out)

    def decode(self, data):
        """Load from a saved file; returns None, or an error message and
        changes nothing.  The checks live in records_load.py, loaded here
        (at boot: the keeper lets go of it after, and its code with it)."""
        from .records_load import decode_stats

        return decode_stats(self, data)


_FLAGS = (0, 1, 3, 7)  # the largest flags byte of settings version 1, 2, 3


class Settings:
    CONTRASTS = (0x10, 0x40, 0x7F, 0xFF)

    def __init__(self):
        self.autoplay = True
        self.take_back = False  # new games: may a foundation's top card come back
        self.contrast = 2
        self.flip = False
        self.cells = 4
        self.game = 0  # FreeCell
        self.scoring = CLASSIC
        self.sound = True  # where the board has a buzzer (saved as "quiet": on by default)

    def encode(self):
        buf = bytearray(((1 if self.autoplay else 0) | (2 if self.take_back else 0)
                         | (0 if self.sound else 4),
                         self.contrast, 1 if self.flip else 0, self.cells, self.game,
                         self.scoring))
        return wrap(SETTINGS, VERSION, buf, 6)

    def decode(self, data):
        version = data[3] if len(data) > 3 and data[3] in (1, 2) else VERSION
        where = unwrap(data, SETTINGS, version)
        if isinstance(where, str):
            return where
        at, n = where
        size = version + 3  # 4, 5 or 6 bytes
        p = data[at:at + n] + bytes(6 - min(n, 6))  # the later bytes' defaults: 0
        if n != size or p[0] > _FLAGS[version] or p[1] > 3 or p[2] > 1 \
                or not 1 <= p[3] <= 4 or by_id(p[4]) is None or p[5] >= SCHEMES:
            return "the settings have impossible values"
        self.autoplay = bool(p[0] & 1)
        self.take_back = bool(p[0] & 2)
        self.sound = not p[0] & 4
        self.contrast = p[1]
        self.flip = p[2] == 1
        self.cells = p[3]
        self.game = p[4]
        self.scoring = p[5]
        return None

    def variant(self):
        """A variant object for the next deal: the game chosen, with the
        free cells chosen where the game lets the player choose them."""
        kind = by_id(self.game)
        return kind(self.cells if self.cells in kind.CELL_CHOICES else None)
