"""The screens around the table: title, deal number entry, menu, controls
help and the end of a game.  Each has key(button, kind) -> an action for the
app (or None) and draw().  Lists of items are built when a screen opens, not
when it is drawn.
"""

from freecell.deal import DealNumber, OUT_OF_RANGE
from freecell.game import WON
from freecell.variants import VARIANTS

from . import buttons as K
from . import glyphs
from . import records as R
from .paint import Line

_ROW = 6  # a line of 3x5 text with its gap


class ListScreen:
    """A titled list of items, one highlighted; A chooses, B goes back."""

    back_action = None

    def __init__(self, app, title):
        self.app = app
        self.title = title
        self.labels = []
        self.actions = []
        self.choice = 0
        self.top = 0

    def set_items(self, labels, actions):
        self.labels = labels
        self.actions = actions
        self.choice = min(self.choice, len(labels) - 1)

    def key(self, button, kind):
        n = len(self.labels)
        if button == K.UP:
            self.choice = (self.choice - 1) % n
        elif button == K.DOWN:
            self.choice = (self.choice + 1) % n
        elif button == K.A:
            return self.actions[self.choice]
        elif button == K.B or button == K.START:
            return self.back_action
        return None

    def header(self, p):
        p.centre(self.title, 1)
        return 9

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        y0 = self.header(p)
        rows = (p.fb.height - y0) // _ROW
        if self.choice < self.top:
            self.top = self.choice
        elif self.choice >= self.top + rows:
            self.top = self.choice - rows + 1
        for i in range(self.top, min(len(self.labels), self.top + rows)):
            y = y0 + (i - self.top) * _ROW
            lit = 1
            if i == self.choice:
                p.fb.fill_rect(0, y - 1, p.fb.width, _ROW + 1, 1)
                lit = 0
            p.text(self.labels[i], 4, y, lit)


class TitleScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, b"")

    def open(self):
        labels = [b"NEW GAME", b"DAILY DEAL", b"DEAL NUMBER", b"STATISTICS", b"SETTINGS",
                  b"CONTROLS"]
        # a deal of any kind first asks which game (the last one chosen lit)
        actions = ["game:random", "game:daily", "game:enter_deal", "stats", "settings", "help"]
        if self.app.in_progress:
            labels.insert(0, b"RESUME")
            actions.insert(0, "resume")
        self.set_items(labels, actions)
        self.choice = 0

    def header(self, p):
        p.centre(b"FREECELL", 2, scale=2)
        return 16

    def draw(self):
        ListScreen.draw(self)
        notice = self.app.notice
        if notice:  # a file was set aside at boot: one boxed line until a press
            p = self.app.painter
            text = notice.upper().encode()
            n = min(len(text), self.app.layout.text_chars - 1)
            y = p.fb.height - 7
            p.fb.fill_rect(0, y - 1, p.fb.width, 8, 0)
            p.fb.rect(0, y - 2, p.fb.width, 9, 1)
            p.text(text, 2, y, 1, n)


class GameScreen(ListScreen):
    """Which game the next deal is of: the variants by name, the one chosen
    last lit (the settings keep it).  A chooses and goes on to the deal
    (`then`: a random deal, the daily deal, or the deal number), B goes back."""

    back_action = "title"

    def __init__(self, app):
        super().__init__(app, b"GAME")
        self.then = "random"

    def open(self):
        self.set_items([v.title.encode() for v in VARIANTS],
                       ["pick"] * len(VARIANTS))
        self.choice = self.app.keeper.settings.game

    def key(self, button, kind):
        action = ListScreen.key(self, button, kind)
        if action != "pick":
            return action
        settings = self.app.keeper.settings
        if settings.game != self.choice:
            settings.game = self.choice
            self.app.keeper.save_settings()
        return self.then


class MenuScreen(ListScreen):
    back_action = "resume"

    def __init__(self, app):
        super().__init__(app, b"MENU")

    def open(self):
        game = self.app.game
        labels = [b"BACK TO GAME", b"UNDO"]
        actions = ["resume", "undo"]
        if game.history.can_redo():
            labels.append(b"REDO")
            actions.append("redo")
        if game.can_finish():
            labels.append(b"FINISH")
            actions.append("finish")
        labels += [b"HINT", b"SHOW ME", b"WINNABLE?"]
        actions += ["hint", "show", "winnable"]
        labels += [b"AUTOPLAY: ON" if game.autoplay else b"AUTOPLAY: OFF", b"RESTART DEAL",
                   b"NEW GAME", b"GIVE UP", b"SETTINGS", b"CONTROLS"]
        actions += ["autoplay", "restart", "title", "give_up", "settings", "help"]
        self.set_items(labels, actions)
        self.choice = 0


HELP = (
    b"D-PAD  MOVE",
    b"  UP A COLUMN:",
    b"  REVEAL, PICK RUN",
    b"A      PICK/PUT",
    b"HOLD A SEND HOME",
    b"B      DROP/UNDO",
    b"HOLD B MENU",
    b"START  MENU",
    b"SELECT SEND HOME",
    b"RUN 5/2: MOST",
    b"  CARDS ONTO CARDS",
    b"  / INTO EMPTY",
    b"(R5/2 ON SMALL",
    b"  SCREENS, A- IS",
    b"  AUTOPLAY OFF)",
)  # 18 characters at most: the Thumby's width


class TextScreen:
    """A titled page of lines, scrolled with up and down where the screen is
    short (a dotted right edge says there is more); A or B goes back."""

    title = b""

    def __init__(self, app):
        self.app = app
        self.back = "title"
        self.top = 0
        self.lines = ()

    def open(self):
        self.top = 0

    def rows(self):
        return (self.app.layout.height - 7) // _ROW

    def key(self, button, kind):
        if button == K.DOWN and self.top + self.rows() < len(self.lines):
            self.top += 1
        elif button == K.UP and self.top > 0:
            self.top -= 1
        elif button in (K.A, K.B, K.START):
            return self.back
        return None

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        p.centre(self.title, 0)
        for i in range(self.top, min(len(self.lines), self.top + self.rows())):
            p.text(self.lines[i], 0, 7 + (i - self.top) * _ROW)
        if self.top + self.rows() < len(self.lines):
            for y in range(7, p.fb.height, 2):
                p.fb.pixel(p.fb.width - 1, y, 1)


class HelpScreen(TextScreen):
    title = b"CONTROLS"

    def __init__(self, app):
        super().__init__(app)
        self.lines = HELP


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
        first = self.app.keeper.settings.game
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
                b"BEST SCORE %d" % st.of(g, R.BEST_SCORE),
                b"FEWEST MOVES %s" % (b"%d" % fewest if fewest else b"-"),
                b"DAILY %d WON %d" % (st.of(g, R.DAILY_PLAYED), st.of(g, R.DAILY_WON)),
                b"SOLVER FINISHED %d" % st.of(g, R.BY_SOLVER),
            ]
        if st.recent_count:
            lines.append(b"RECENT GAMES:")
        for i in range(st.recent_count):
            hi, lo, how, moves, undos, score = st.record(i)
            deal = DealNumber()
            deal.hi, deal.lo = hi, lo
            mark = (b"LOST", b"WON ", b"SOLV")[how & 3]  # SOLV: "show me" finished it
            if how & 4:
                mark = mark[:3] + b"*"  # a daily deal
            code = VARIANTS[how >> 3].code.encode()
            if narrow:
                lines.append(b"%s%s %s %dM" % (code, deal.text().encode(), mark, moves))
            else:
                lines.append(b"%s #%s %s %dM %dU %d" % (code, deal.text().encode(), mark, moves,
                                                         undos, score))
        self.lines = lines


class SettingsScreen(ListScreen):
    """Kept across boots: autoplay, contrast, flip; for new games, free cells
    and whether cards may come back from the foundations."""

    def __init__(self, app):
        super().__init__(app, b"SETTINGS")
        self.back = "title"

    def open(self):
        s = self.app.keeper.settings
        self.set_items([
            b"AUTOPLAY: ON" if s.autoplay else b"AUTOPLAY: OFF",
            b"CONTRAST: %d/4" % (s.contrast + 1),
            b"FLIP: ON" if s.flip else b"FLIP: OFF",
            b"FREE CELLS: %d" % s.cells,
            b"FROM HOME: ON" if s.take_back else b"FROM HOME: OFF",
            b"DONE",
        ], ["autoplay", "contrast", "flip", "cells", "take_back", "done"])

    def key(self, button, kind):
        action = ListScreen.key(self, button, kind)
        if button == K.B or button == K.START:
            return "settings_done"
        if action is None:
            return None
        s = self.app.keeper.settings
        if action == "done":
            return "settings_done"
        if action == "autoplay":
            s.autoplay = not s.autoplay
            if self.app.in_progress:
                self.app.game.autoplay = s.autoplay
        elif action == "contrast":
            s.contrast = (s.contrast + 1) % 4
        elif action == "flip":
            s.flip = not s.flip
        elif action == "cells":  # for the next deal; a game keeps its cells
            s.cells = s.cells % 4 + 1
        elif action == "take_back":  # for the next deal, as the cells
            s.take_back = not s.take_back
        self.app.apply_display_settings()
        self.open()
        return None


class DealEntryScreen:
    """Ten digits, up/down change one, left/right move, A deals, B goes back."""

    def __init__(self, app):
        self.app = app
        self.digits = bytearray(10)
        self.pos = 9
        self.error = Line(app.layout.text_chars)

    def open(self, number):
        text = number.text()
        for i in range(10):
            self.digits[i] = 0
        for i in range(len(text)):
            self.digits[10 - len(text) + i] = ord(text[i]) - 48
        self.pos = 9
        self.error.clear()

    def key(self, button, kind):
        self.error.clear()
        if button == K.UP:
            self.digits[self.pos] = (self.digits[self.pos] + 1) % 10
        elif button == K.DOWN:
            self.digits[self.pos] = (self.digits[self.pos] + 9) % 10
        elif button == K.LEFT:
            self.pos = (self.pos - 1) % 10
        elif button == K.RIGHT:
            self.pos = (self.pos + 1) % 10
        elif button == K.B:
            return "title"
        elif button == K.A or button == K.START:
            problem = DealNumber().parse(self.text())
            if problem:
                self.error.add(b"1 TO 8589934591 ONLY" if problem == OUT_OF_RANGE else b"?")
                return None
            return "deal_entered"
        return None

    def text(self):
        return "".join(chr(48 + d) for d in self.digits)

    def draw(self):
        p = self.app.painter
        fb = p.fb
        fb.fill(0)
        scale = 2 if fb.width >= 96 else 1  # ten digits at 8 px need 80 px
        step = 4 * scale
        tall = fb.height >= 64
        p.centre(b"DEAL NUMBER", 1)
        x0 = (fb.width - 10 * step) // 2
        y = 14 if tall else 9
        for i in range(10):
            digit = 48 + self.digits[i] - glyphs.FONT_FIRST
            p.columns(glyphs.FONT, digit * 3, 3, x0 + i * step, y, 1, scale)
            if i == self.pos:
                fb.fill_rect(x0 + i * step - 1, y + 6 * scale, 2 + 3 * scale, scale, 1)
        y += 8 * scale + 2
        if self.error.n:
            p.centre(self.error.buf, fb.height - 6, n=self.error.n)
        if tall or not self.error.n:  # on a short screen the error takes the help's place
            p.centre(b"UP/DOWN: DIGIT", y)
            p.centre(b"A: PLAY  B: BACK", y + 8 if tall else y + 6)


class EndScreen:
    """Won or given up: the score, the counts, and the share line."""

    def __init__(self, app):
        self.app = app
        self.lines = [Line(app.layout.text_chars) for _ in range(6)]

    def open(self):
        game = self.app.game
        won = game.state == WON
        deal = self.app.play.deal_text
        for line in self.lines:
            line.clear()
        by_solver = self.app.by_solver
        self.lines[0].add(b"SOLVED" if by_solver else b"YOU WON!" if won else b"GAME OVER")
        self.lines[1].add(b"SCORE ").add_int(game.final_score())
        if by_solver:
            self.lines[2].add(b"BY THE SOLVER")
        elif won:
            self.lines[2].add(b"BONUS ").add_int(game.win_bonus())
        title = game.variant.title.encode()  # the share line names the game
        if len(title) + 2 + len(deal) <= len(self.lines[3].buf):
            self.lines[3].add(title).add(b" ")
        self.lines[3].add(b"#").add(deal)
        self.lines[4].add_int(game.cards_home()).add(b"/52 ").add_int(game.moves)
        self.lines[4].add(b" MOVES")
        self.lines[5].add_int(game.undos).add(b" UNDOS")

    def key(self, button, kind):
        if button in (K.A, K.B, K.START):
            return "title"
        return None

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        big = 2 if p.fb.height >= 64 else 1
        p.centre(self.lines[0].buf, 1, n=self.lines[0].n, scale=big)
        y = 4 + 6 * big
        step = (p.fb.height - y) // 5
        for i in range(1, 6):
            if self.lines[i].n:
                p.centre(self.lines[i].buf, y, n=self.lines[i].n)
                y += step
