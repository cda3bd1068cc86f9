"""Pages seen now and then, made when shown and let go of when left (with
their code: app.py's LAZY): the controls' help, the statistics and the
settings.
"""

from freecell import scoring
from freecell.deal import DealNumber
from freecell.variants import VARIANTS

from . import buttons as K
from . import let_go
from . import records as R
from .screens import ListScreen
from .text_page import TextScreen


HELP = (
    b"D-PAD  MOVE",
    b"  UP A COLUMN:",
    b"  REVEAL, PICK RUN",
    b"A      PICK/PUT",
    b"HOLD A BEST MOVE",
    b"B      DROP/UNDO",
    b"HOLD B MENU",
    b"START  MENU",
    b"SELECT BEST MOVE",
    b"RUN 5/2: MOST",
    b"  CARDS ONTO CARDS",
    b"  / INTO EMPTY",
    b"(R5/2 ON SMALL",
    b"  SCREENS, A- IS",
    b"  AUTOPLAY OFF)",
)  # 18 characters at most: the Thumby's width


def about():
    """CONTROLS' last lines: the game's version, the firmware's, and whether
    the game is frozen into the firmware (the one-file UF2: tools/uf2.py) or
    files on the board."""
    import sys
    from app.version import GAME

    let_go("app", "version")  # read once, for the screen being made

    try:
        import freecell_uf2  # noqa: F401  (only the UF2 has it)
        how = b"IN THE FIRMWARE"
    except ImportError:
        how = b"FILES ON THE BOARD"
    imp = sys.implementation
    name = b"CPYTHON" if imp.name == "cpython" else imp.name.upper().encode()
    return (b"", b"FREECELL " + GAME.encode(), name + b" %d.%d.%d" % imp.version[:3], how)


class HelpScreen(TextScreen):
    title = b"CONTROLS"

    def __init__(self, app):
        super().__init__(app)
        self.lines = HELP + about()

    def back_action(self):
        """Opened from the menu, it goes straight back to the game."""
        return "resume" if self.opened_from is self.app.menu else "back"


class StatsScreen(TextScreen):
    """Per game: played, won, given up, streaks, bests; then the recent
    games of every game, newest first.  The game new deals are of comes
    first, then the others that have been played."""

    title = b"STATISTICS"

    def open(self):
        self.top = 0
        st = self.app.keeper.stats
        narrow = self.app.layout.narrow
        lines = []
        first = self.app.keeper.settings.variant_id
        for g in [first] + [v.id for v in VARIANTS if v.id != first]:
            if g != first and not st.of(g, R.PLAYED):
                continue
            fewest = st.of(g, R.FEWEST)
            lines += [
                VARIANTS[g].title.encode() + b":",
                b"PLAYED %d" % st.of(g, R.PLAYED),
                b"WON %d (%d%%)" % (st.of(g, R.WINS), st.win_rate(g)),
                b"GIVEN UP %d" % st.of(g, R.GIVEN_UP),
                b"STREAK %d BEST %d" % (st.of(g, R.STREAK), st.of(g, R.BEST_STREAK)),
                b"FEWEST MOVES %s" % (b"%d" % fewest if fewest else b"-"),
                b"DAILY %d WON %d" % (st.of(g, R.DAILY_PLAYED), st.of(g, R.DAILY_WON)),
                b"SOLVER HELPED %d" % st.of(g, R.BY_SOLVER),
                b"TOURNAMENTS %d" % st.of(g, R.TOURNAMENTS),
                b"BEST GAME/TOURN.:",
            ]
            for k in range(scoring.SCHEMES):  # a best of each scheme: they do not compare
                lines.append(b" %s %d/%d" % (scoring.TITLES[k].encode(), st.of(g, R.BESTS[k]),
                                             st.of(g, R.BEST_TOURNAMENT + k)))
        if st.recent_count:
            lines.append(b"RECENT GAMES:")
        for i in range(st.recent_count):
            hi, lo, how, moves, undos, score, more = st.record(i)
            deal = DealNumber()
            deal.hi, deal.lo = hi, lo
            mark = (b"GAVE UP", b"WON", b"HELPED")[how & 3]  # HELPED: won with "show me"
            if how & 4:
                mark = mark[:3] + b"*"  # a daily deal
            code = VARIANTS[how >> 3].code.encode()
            if narrow:
                lines.append(b"%s%s %s %dM" % (code, deal.text().encode(), mark, moves))
            else:
                lines.append(b"%s #%s %s %dM %dU %d" % (code, deal.text().encode(), mark, moves,
                                                         undos, score))
        if any(st.record(i)[2] & 4 for i in range(st.recent_count)):
            lines.append(b"*: A DAILY DEAL")  # what the mark means, where it is seen
        self.lines = lines


class SettingsScreen(ListScreen):
    """Kept across boots: autoplay, contrast, flip, sound (where the board
    has a buzzer); for new games, FreeCell's free cells (the one game that
    offers fewer; never the daily deal's, which is the standard game),
    whether cards may come back from the foundations, and the run limit
    (STANDARD, or the SIMPLE one some products use; not the daily deal's);
    THINK AHEAD (the solver at work while the table waits: thinker.py; off,
    the board sleeps more).  A or right changes
    the item under the cursor, left changes it back."""

    def __init__(self, app):
        super().__init__(app, b"SETTINGS")

    def open(self):
        """Its items' actions are its own (key() below), not the app's."""
        s = self.app.keeper.settings
        items = [
            (b"AUTOPLAY: ON" if s.autoplay else b"AUTOPLAY: OFF", "autoplay"),
            (b"CONTRAST: %d/4" % (s.contrast + 1), "contrast"),
            (b"FLIP: ON" if s.flip else b"FLIP: OFF", "flip"),
            # FreeCell's alone (the only game that offers fewer), never the daily deal's
            ((b"FC CELLS: %d" if self.app.layout.narrow else b"FREECELL CELLS: %d") % s.cells,
             "cells"),
            (b"FROM HOME: ON" if s.take_back else b"FROM HOME: OFF", "take_back"),
            ((b"RUNS: " if self.app.layout.narrow else b"RUN LIMIT: ")
             + (b"SIMPLE" if s.simple_runs else b"STANDARD"), "runs"),
            ((b"THINK: " if self.app.layout.narrow else b"THINK AHEAD: ")
             + (b"ON" if s.think else b"OFF"), "think"),
            (b"SCORING: " + scoring.TITLES[s.scoring].encode(), "scoring"),
            (b"DONE", "done"),
        ]
        if self.app.sounds:  # a board with a buzzer
            items.insert(3, (b"SOUND: ON" if s.sound else b"SOUND: OFF", "sound"))
        storage = self.app.keeper.storage
        if storage is not None and not getattr(storage.files, "holds", None):
            # a board that keeps results: its player's name, for the leaderboard
            items.insert(len(items) - 1, (b"PLAYER NAME", "player"))
        self.set_items(items)

    def key(self, button, press):
        """A or right: the item's next value; left: the one before."""
        if self.notice is not None:  # the key closes the box, and does nothing else
            self.notice = None
            return None
        step = 1
        if button == K.LEFT or button == K.RIGHT:
            step = -1 if button == K.LEFT else 1
            self.notice = None
            action = self.items[self.choice][1]
            if action == "done":
                return None
        else:
            action = ListScreen.key(self, button, press)
        if button == K.B or button == K.START:
            return "settings_done"
        if action is None:
            return None
        s = self.app.keeper.settings
        if action == "done":
            return "settings_done"
        if action == "player":
            return "enter_name" if button == K.A else None
        if action == "autoplay":
            s.autoplay = not s.autoplay
            if self.app.in_progress:
                self.app.game.set_autoplay(s.autoplay)
        elif action == "contrast":
            s.contrast = (s.contrast + step) % 4
        elif action == "flip":
            s.flip = not s.flip
        elif action == "sound":
            s.sound = not s.sound
            if not s.sound:
                self.app.sounds.stop()
        elif action == "cells":  # for the next deal; a game keeps its cells
            s.cells = (s.cells - 1 + step) % 4 + 1
        elif action == "take_back":  # for the next deal, as the cells
            s.take_back = not s.take_back
        elif action == "runs":  # for the next deal too: a game keeps the limit it began with
            s.simple_runs = not s.simple_runs
        elif action == "think":  # the solver at work while the table waits (off: the board sleeps)
            s.think = not s.think
        elif action == "scoring":  # for the next deal too
            s.scoring = (s.scoring + step) % scoring.SCHEMES
        self.app.apply_display_settings()
        self.open()
        return None
