"""Keeping the game, the statistics and the settings across power cuts.

When it writes (flash wears out, so not on every press):
  - the game: when a game starts or ends, when the player leaves the table
    (menu, title), before the display sleeps (2 minutes without a press: the
    one power-down path these boards have), and otherwise at most once every
    30 seconds while moves are being made.  A cut power loses at most the
    last 30 seconds of play.
  - the statistics: when a game starts or ends.  The settings: when changed.
  - a finished game's result and its log (freecell/results.py): once, when
    it ends, into result0.sav .. result7.sav (the last eight games).
In a timed game the seconds count too: they are saved as moves are, so a
power cut gives back at most the last 30 seconds.
Worst case, an hour of steady play writes the game 120 times (about 1 KB
each) plus 2 files per game played.  LittleFS spreads writes over all free
blocks: on a Pico's 1.4 MB filesystem (about 350 blocks of 4 KB, rated for
100,000 erases each) that is under one erase per block per hour, decades of
play before wear matters.

At boot the statistics are reconciled with the saved game, so that played =
won + given up + in progress holds whatever write a power cut interrupted:
games are saved before the statistics, and a game the statistics count as in
progress but that cannot be resumed counts as given up.
"""

import sys

from freecell.compat import ticks_diff
from freecell.game import PLAYING
from freecell.savefile import decode_game, encode_game, unwrap

from .records import Settings, Stats
from .storage import GAME, SETTINGS, STATS

AUTOSAVE_MS = 30000
RESULT_SLOTS = 8  # results.SLOTS: result0.sav .. result7.sav


def _is_result(data):
    """A whole result file (its container sound), or why not."""
    where = unwrap(data, b"R", 1)
    return where if isinstance(where, str) else None


def let_go(package, name):
    """Forget a module loaded for one task, so its code can be collected."""
    sys.modules.pop(package + "." + name, None)
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, name):
        delattr(parent, name)


class Keeper:
    def __init__(self, storage=None):
        self.storage = storage  # None: nothing is kept (simulator, tests)
        self.stats = Stats()
        self.settings = Settings()
        self.saved_moves = -1
        self.saved_seconds = -1
        self.last_save = None
        self.problem = None  # the last save that failed, in words

    def boot(self, game):
        """Load everything; returns True when `game` holds a game to resume."""
        s = self.storage
        if s is None:
            return False
        s.load(SETTINGS, self.settings.decode)
        s.load(STATS, self.stats.decode)
        found = [0]

        def load_game(data):
            result = decode_game(data, game)
            if isinstance(result, str):
                return result
            found[0] = result
            return None

        loaded = s.load(GAME, load_game)
        self._tidy_results()
        resumable = loaded and game.state == PLAYING
        if self._reconcile(game, loaded, resumable, found[0]):
            self.save_stats()
        if resumable and found[0] != self.stats.serial:  # the statistics renumbered it
            self.save_game(game)
        self.saved_moves = game.moves if resumable else -1
        self.saved_seconds = game.seconds
        let_go("freecell", "loadgame")  # the load's checks: not needed till the next boot
        let_go("freecell", "savefile_old")
        let_go("app", "records_load")
        return resumable

    def _tidy_results(self):
        """A result whose write a cut interrupted: finished, it takes its
        place; unfinished, it goes (storage.load's rules for a .tmp)."""
        for i in range(RESULT_SLOTS):
            name = "result%d.sav" % i
            if self.storage.files.exists(name + ".tmp"):
                self.storage.load(name, _is_result)

    def _reconcile(self, game, loaded, resumable, serial):
        st = self.stats
        if resumable:
            if st.in_progress and st.serial == serial:
                if st.game == game.variant.id:
                    return False
                st.move_in_progress(game.variant.id)  # counted before games were apart
                return True
            if st.in_progress:  # another game was under way and is gone
                st.lose()
            # counted as the latest game the statistics know: its own serial
            # may be higher than the games they count (statistics reset)
            st.start(game.variant.id)
            return True
        if not st.in_progress:
            return False
        if loaded and serial == st.serial:  # it ended; the stats missed it
            st.move_in_progress(game.variant.id)
            self.save_result(game, serial, st.daily, st.tour_round() if st.tournament else 0)
            st.finish(game)
        else:
            st.lose()
        return True

    # -- the game's life ------------------------------------------------------

    def started(self, game, daily=False, day=0):
        """A new game was dealt (any game in progress was finished first);
        a daily deal is of `day` (days since 2000)."""
        serial = self.stats.start(game.variant.id, daily, day)
        self.save_game(game)
        self.save_stats()
        return serial

    def finished(self, game):
        """Won, given up, or abandoned for a new deal: the statistics count
        it, and its result goes to the result log."""
        st = self.stats
        if not st.in_progress:
            return
        self.save_game(game)
        # the result first: a cut before the statistics is mended at boot
        self.save_result(game, st.serial, st.daily, st.tour_round() if st.tournament else 0)
        st.finish(game)
        self.save_stats()

    def save_result(self, game, serial, daily, round_):
        holds = getattr(self.storage.files, "holds", None) if self.storage else None
        if self.storage is None or (holds and not holds("result0.sav")):
            return  # no room for the result log (CircuitPython's nvm)
        try:  # loaded for this once a game: its code is let go of after
            from freecell.results import encode, file_name

            self._check(self.storage.save(file_name(serial), encode(game, serial, daily, round_)))
        except MemoryError:
            self.problem = "not enough memory to keep this game's result"
        let_go("freecell", "results")

    def start_tournament(self, game, random):
        """Three games in a row of `game` (a variant object), scored by the
        settings' scheme, random deals or chosen ones."""
        self.stats.start_tournament(game.id, self.settings.scoring, random, game.cells)
        self.save_stats()

    def end_tournament(self):
        if self.stats.tournament:
            self.stats.end_tournament()
            self.save_stats()

    def unsaved(self, game):
        """Moves not saved yet, or the seconds of a timed game."""
        return self.stats.in_progress and (game.moves != self.saved_moves
                                           or game.seconds != self.saved_seconds)

    def tick(self, now, game):
        """After moves (or seconds of a timed game), save once enough time
        has passed.  (Every tick: the usual case, nothing new, is the first
        test.)"""
        if game.moves == self.saved_moves and game.seconds == self.saved_seconds \
                or not self.stats.in_progress:
            return
        if self.last_save is None or ticks_diff(now, self.last_save) >= AUTOSAVE_MS:
            self.save_game(game)
            self.last_save = now

    def flush(self, game):
        """Save now if there is anything unsaved (leaving the table, sleep)."""
        if self.unsaved(game):
            self.save_game(game)

    # -- writing ----------------------------------------------------------------

    def save_game(self, game):
        if self.storage is None:
            return
        self._check(self.storage.save(GAME, encode_game(game, self.stats.serial)))
        self.saved_moves = game.moves
        self.saved_seconds = game.seconds

    def save_stats(self):
        if self.storage is not None:
            self._check(self.storage.save(STATS, self.stats.encode()))

    def save_settings(self):
        if self.storage is not None:
            self._check(self.storage.save(SETTINGS, self.settings.encode()))

    def _check(self, problem):
        if problem:
            self.problem = problem
