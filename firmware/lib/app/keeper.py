"""Keeping the game, the statistics and the settings across power cuts.

When it writes (flash wears out, so not on every press):
  - the game: when a game starts or ends, when the player leaves the table
    (menu, title), before the display sleeps (2 minutes without a press: the
    one power-down path these boards have), and otherwise at most once every
    30 seconds while moves are being made (once a minute in CircuitPython's
    nvm: drivers/nvm_files.py's `autosave_ms`, for its one sector's wear).
    A cut power loses at most the last 30 seconds of play (a minute there).
  - the statistics: when a game starts or ends.  The settings: when changed.
  - a finished game's result and its log (freecell/results.py): once, when
    it ends, into result<serial mod 8>.sav (the last eight games; the first
    game writes result1.sav).
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

import gc

from freecell.compat import ticks_diff
from freecell.savefile import game_parts

from . import let_go
from .records import Settings, Stats
from .storage import GAME, SETTINGS, STATS

AUTOSAVE_MS = 30000


class Keeper:
    def __init__(self, storage=None):
        self.storage = storage  # None: nothing is kept (simulator, tests)
        # how often the game is saved while it is played: the files may say
        self.autosave_ms = getattr(storage.files, "autosave_ms", AUTOSAVE_MS) if storage \
            else AUTOSAVE_MS
        self.stats = Stats()
        self.settings = Settings()
        self.saved_moves = -1
        self.saved_seconds = -1
        self.last_save = None
        self.problem = None  # the last save that failed, in words
        self.make_room = None  # the app's way to free memory (the solver's tables)
        self.resumed = False  # what boot() found: a game to resume

    def boot(self, game):
        """Load everything; returns True when `game` holds a game to resume.
        (Its code is in restore.py, loaded for the boot and let go of after,
        with the loaders it used.)"""
        if self.storage is None:
            return False
        from .restore import boot

        self.resumed = boot(self, game)
        for package, name in (("freecell", "loadgame"), ("freecell", "savefile_old"),
                              ("freecell", "replay"), ("freecell", "results"),
                              ("app", "records_load"), ("app", "records_format"),
                              ("app", "mend"), ("app", "restore")):
            let_go(package, name)
        return self.resumed

    # -- the game's life ------------------------------------------------------

    def started(self, game, daily=False, day=0):
        """A new game was dealt (any game in progress was finished first);
        a daily deal is of `day` (days since 2000)."""
        serial = self.stats.start(game.variant.id, daily, day)  # (it keeps the day)
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
        try:  # loaded for this once a game (app/player.py signs it): let go of after
            from .player import save_result

            self._check(save_result(self, game, serial, daily, round_))
        except MemoryError:
            self.problem = "not enough memory to keep this game's result"
        let_go("freecell", "results")
        let_go("freecell", "replay")
        let_go("app", "player")

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
        if self.last_save is None or ticks_diff(now, self.last_save) >= self.autosave_ms:
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
        if self._save(GAME, game_parts, game, self.stats.serial):
            self.saved_moves = game.moves
            self.saved_seconds = game.seconds

    def save_stats(self):
        if self.storage is not None:
            self._save(STATS, Stats.encode, self.stats)

    def save_settings(self):
        if self.storage is not None:
            self._save(SETTINGS, Settings.encode, self.settings)

    def _save(self, name, encode, *args):
        """Encode and write one file; a heap with no room for its pieces or
        the file's buffers (after a collection, then after make_room) keeps
        the last save and says so.  True when it was written."""
        for attempt in range(3):
            try:
                problem = self.storage.save(name, encode(*args))
                break
            except MemoryError:
                problem = "not enough memory to save the %s; the last save is kept" % (
                    "game" if name == GAME else "statistics" if name == STATS else "settings")
                if attempt and self.make_room is not None:
                    self.make_room()  # a save matters more than the solver's tables
                gc.collect()
        self._check(problem)
        return problem is None

    def _check(self, problem):
        if problem:
            self.problem = problem
