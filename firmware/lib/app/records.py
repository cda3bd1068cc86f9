"""The player's statistics and settings: what they count and keep, and
their saved forms (the layouts: records_format.py; their loader, with
every format's checks: records_load.py)."""

from freecell.container import HEADER, container, get, put, seal, wrap
from freecell.scoring import CLASSIC
from freecell.game import variant_class

from .records_format import (AT_DEALT, AT_FIELDS, AT_FLAGS, AT_GAME, AT_GAMES, AT_LAST_DAY,
                             AT_SERIAL, AT_TOUR_DONE, AT_TOUR_GAME, AT_TOUR_SCHEME, AT_TOUR_TOTAL,
                             BEST_STREAK, BEST_TOURNAMENT, BESTS, BY_SOLVER, DAILY, DAILY_PLAYED,
                             DAILY_WON, FEWEST, FIELDS, FLAG_DAILY, FLAG_HELPED, FLAG_RANDOM,
                             FLAG_TOURNAMENT, GAMES, GIVEN_UP, HEAD, LAST_DAILY, LOST, MOST_GAMES,
                             MOST_POINTS, PLAYED, R_HI, R_HOW, R_LO, R_MORE, R_MOVES, R_SCORE,
                             R_UNDOS, RECENT, RECORD, ROUNDS, SETTINGS, SOLVED, STATS,
                             STATS_VERSION, STREAK, TALLY, TOURNAMENTS, VERSION, WINS, WON)
from . import let_go

# the names are copied above (and read from here by pages.py and endings.py):
# the table itself goes, its room back (on the 32-bit port's smallest heaps
# the difference between dealing and not); the boot's loaders read it again
let_go("app", "records_format")


class Stats:
    def __init__(self):
        self.tallies = bytearray(GAMES * TALLY)
        self.recent = bytearray(RECENT * RECORD)
        self.clear()

    def clear(self):
        for i in range(len(self.tallies)):
            self.tallies[i] = 0
        self.in_progress = 0
        self.variant_id = 0  # the variant id of the game in progress
        self.serial = 0
        self.daily = False  # the game in progress is a daily deal (its first try)
        self.dealt = 0  # the day (since 2000) + 1 the game in progress was dealt (0: not known)
        self.last_day = 0  # the last day (+ 1) the board knew: its clock's, or the player's
        self.recent_count = 0
        self.tour_finished = -1  # the total of the tournament the last game completed
        self.end_tournament()

    def of(self, variant_id, field):
        """A counter of one game's tally (the game by its variant id)."""
        return get(self.tallies, variant_id * TALLY + 3 * field, 3)

    def set(self, variant_id, field, value):
        put(self.tallies, variant_id * TALLY + 3 * field, min(value, MOST_POINTS), 3)

    def _add(self, variant_id, field):
        self.set(variant_id, field, self.of(variant_id, field) + 1)

    def total(self, field):
        """A counter summed over every game (played, won, given up, ...)."""
        n = 0
        for g in range(GAMES):
            n += self.of(g, field)
        return n

    def consistent(self):
        for g in range(GAMES):
            if self.of(g, PLAYED) != self.of(g, WINS) + self.of(g, GIVEN_UP) \
                    + (self.in_progress if g == self.variant_id else 0):
                return False
        return True

    def start(self, variant_id=0, daily=False, day=0):
        """A new game of the variant `variant_id` begins; returns its serial.
        A daily deal (of `day`, days since 2000) counts as one only on its
        first try that day.  A game whose tally is full (MOST_GAMES) is
        not counted: nothing is in progress then.  A game of another variant
        than a tournament's under way ends the tournament (uncounted): the
        loader refuses a round of the wrong variant, and the keeper's boot
        counts a game the statistics missed through here."""
        self.tour_finished = -1
        self.daily = False
        self.dealt = day + 1
        self.not_a_round(variant_id)
        if self.of(variant_id, PLAYED) >= MOST_GAMES:
            self.in_progress = 0
            return self.serial
        self._add(variant_id, PLAYED)
        self.in_progress = 1
        self.variant_id = variant_id
        self.serial = self.total(PLAYED)
        self.daily = daily and self.of(variant_id, LAST_DAILY) != day + 1
        if self.daily:
            self._add(variant_id, DAILY_PLAYED)
            self.set(variant_id, LAST_DAILY, day + 1)
        return self.serial

    def not_a_round(self, variant_id):
        """A game of the variant `variant_id` in progress cannot be a round of
        a tournament of another variant: that tournament ends (uncounted)."""
        if self.tournament and variant_id != self.tour_variant_id:
            self.end_tournament()

    def finish(self, game):
        """The game in progress ended (won, given up or abandoned).  A game
        the solver played part of is never the player's win or best: it
        counts as given up, and is noted as such."""
        if not self.in_progress:
            return
        self.in_progress = 0
        g = self.variant_id
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

    def start_tournament(self, variant_id, scheme, random, cells=4):
        self.tournament = True
        self.tour_variant_id = variant_id
        self.tour_cells = cells
        self.tour_scheme = scheme
        self.tour_random = random
        self.tour_done = 0
        self.tour_total = 0
        self.tour_helped = False

    def end_tournament(self):
        """No tournament, or it was left before its end."""
        self.tournament = False
        self.tour_variant_id = self.tour_scheme = self.tour_done = self.tour_total = 0
        self.tour_cells = 4
        self.tour_random = self.tour_helped = False

    def tour_variant(self):
        """A variant object of the tournament's game and free cells."""
        return variant_class(self.tour_variant_id)(self.tour_cells)

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
        g = self.tour_variant_id
        self._add(g, TOURNAMENTS)
        if not self.tour_helped:
            best = BEST_TOURNAMENT + self.tour_scheme
            self.set(g, best, max(self.of(g, best), self.tour_total))
        self.end_tournament()

    def _remember(self, game, how, round_):
        r = self.recent
        r[RECORD:] = r[: (RECENT - 1) * RECORD]  # shift older records down
        put(r, R_HI, game.number.hi, 3)
        put(r, R_LO, game.number.lo, 2)
        r[R_HOW] = how
        put(r, R_MOVES, min(game.moves, 0xFFFF), 2)
        put(r, R_UNDOS, min(game.undos, 0xFFFF), 2)
        put(r, R_SCORE, min(game.final_score(), 0xFFFF), 2)
        r[R_MORE] = game.scoring | round_ << 2
        self.recent_count = min(RECENT, self.recent_count + 1)

    def record(self, i):
        """Recent game i (0 newest) as (deal hi, deal lo, how, moves, undos,
        score, more); how >> 3 is the game's variant id, more & 3 its
        scheme, more >> 2 its tournament round."""
        at = i * RECORD
        r = self.recent
        return (get(r, at + R_HI, 3), get(r, at + R_LO, 2), r[at + R_HOW],
                get(r, at + R_MOVES, 2), get(r, at + R_UNDOS, 2), get(r, at + R_SCORE, 2),
                r[at + R_MORE])

    def win_rate(self, variant_id=None):
        """Percent of finished games won (0 when none): of one variant, or of all."""
        won = self.total(WINS) if variant_id is None else self.of(variant_id, WINS)
        lost = self.total(GIVEN_UP) if variant_id is None else self.of(variant_id, GIVEN_UP)
        finished = won + lost
        return (100 * won + finished // 2) // finished if finished else 0

    def encode(self):
        n = HEAD + len(self.tallies) + self.recent_count * RECORD
        out = container(STATS, STATS_VERSION, n)  # written in place: one buffer
        buf = memoryview(out)[HEADER:]
        put(buf, AT_SERIAL, self.serial, 3)
        buf[AT_FLAGS] = self.in_progress | (FLAG_DAILY if self.daily else 0) \
            | (FLAG_TOURNAMENT if self.tournament else 0) \
            | (FLAG_RANDOM if self.tour_random else 0) \
            | (FLAG_HELPED if self.tour_helped else 0)
        buf[AT_GAME] = self.variant_id
        buf[AT_GAMES] = GAMES
        buf[AT_FIELDS] = FIELDS
        buf[AT_TOUR_DONE] = self.tour_done
        buf[AT_TOUR_SCHEME] = self.tour_scheme
        buf[AT_TOUR_GAME] = self.tour_variant_id | self.tour_cells << 4
        put(buf, AT_TOUR_TOTAL, self.tour_total, 3)
        put(buf, AT_DEALT, self.dealt if self.in_progress else 0, 2)
        put(buf, AT_LAST_DAY, self.last_day, 2)
        buf[HEAD:HEAD + len(self.tallies)] = self.tallies
        buf[HEAD + len(self.tallies):n] = memoryview(self.recent)[:self.recent_count * RECORD]
        return seal(out)

    def decode(self, data):
        """Load from a saved file; returns None, or an error message and
        changes nothing.  The checks live in records_load.py, loaded here
        (at boot: the keeper lets go of it after, and its code with it)."""
        from .records_load import decode_stats

        return decode_stats(self, data)


class Settings:
    CONTRASTS = (0x10, 0x40, 0x7F, 0xFF)

    def __init__(self):
        self.autoplay = True
        self.take_back = False  # new games: may a foundation's top card come back
        self.contrast = 2
        self.flip = False
        self.cells = 4
        self.variant_id = 0  # FreeCell's: the game chosen last
        self.scoring = CLASSIC
        self.sound = True  # where the board has a buzzer (saved as "quiet": on by default)
        self.simple_runs = False  # RUN LIMIT: SIMPLE (the products' (cells + 1) x (empty + 1))
        self.think = True  # THINK AHEAD: the solver at work while the table waits (saved as "not")

    def encode(self):
        buf = bytearray(((1 if self.autoplay else 0) | (2 if self.take_back else 0)
                         | (0 if self.sound else 4) | (8 if self.simple_runs else 0)
                         | (0 if self.think else 16),
                         self.contrast, 1 if self.flip else 0, self.cells, self.variant_id,
                         self.scoring))
        return wrap(SETTINGS, VERSION, buf, 6)

    def decode(self, data):
        """Load from a saved file; returns None, or an error message and
        changes nothing (the checks: records_load.py, as the statistics')."""
        from .records_load import decode_settings

        return decode_settings(self, data)

    def variant(self, standard=False):
        """A variant object for the next deal: the game chosen, with the
        free cells chosen where the game lets the player choose them, and
        the run limit chosen (neither when `standard`: the daily deal is the
        same game for everyone)."""
        rules = variant_class(self.variant_id)
        variant = rules(self.cells if self.cells in rules.CELL_CHOICES and not standard else None)
        variant.simple_runs = self.simple_runs and not standard
        return variant
