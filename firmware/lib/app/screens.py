"""The screens around the table: title, deal number entry, menu, controls
help and the end of a game.  Each has key(button, kind) -> an action for the
app (or None) and draw().  Lists of items are built when a screen opens, not
when it is drawn.
"""

from freecell.deal import DealNumber, OUT_OF_RANGE
from freecell.game import WON

from . import buttons as K
from . import glyphs
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
        labels = [b"NEW GAME", b"DEAL NUMBER", b"CONTROLS"]
        actions = ["random", "enter_deal", "help"]
        if self.app.in_progress:
            labels.insert(0, b"RESUME")
            actions.insert(0, "resume")
        self.set_items(labels, actions)
        self.choice = 0

    def header(self, p):
        p.centre(b"FREECELL", 2, scale=2)
        return 16


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
        labels += [b"AUTOPLAY: ON" if game.autoplay else b"AUTOPLAY: OFF", b"RESTART DEAL",
                   b"NEW GAME", b"GIVE UP", b"CONTROLS"]
        actions += ["autoplay", "restart", "title", "give_up", "help"]
        self.set_items(labels, actions)
        self.choice = 0


HELP = (
    b"D-PAD    MOVE",
    b"A        PICK UP / PUT DOWN",
    b"HOLD A   SEND HOME OR BEST",
    b"B        DROP, ELSE UNDO",
    b"HOLD B   MENU",
    b"START    MENU  SELECT: HOME",
    b"UP A COLUMN: PICK A RUN",
    b"RUN 5/2: MOST CARDS ONTO",
    b"  CARDS / INTO EMPTY COLUMN",
)


class HelpScreen:
    def __init__(self, app):
        self.app = app
        self.back = "title"

    def key(self, button, kind):
        if button in (K.A, K.B, K.START):
            return self.back
        return None

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        p.centre(b"CONTROLS", 0)
        for i in range(len(HELP)):
            p.text(HELP[i], 0, 7 + i * _ROW)


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
        p.centre(b"DEAL NUMBER", 1)
        x0 = (fb.width - 10 * 8) // 2
        for i in range(10):
            digit = 48 + self.digits[i] - glyphs.FONT_FIRST
            p.columns(glyphs.FONT, digit * 3, 3, x0 + i * 8, 14, 1, 2)
            if i == self.pos:
                fb.fill_rect(x0 + i * 8 - 1, 26, 8, 2, 1)
        p.centre(b"UP/DOWN CHANGE  LEFT/RIGHT MOVE", 34)
        p.centre(b"A: PLAY   B: BACK", 42)
        if self.error.n:
            p.centre(self.error.buf, 54, n=self.error.n)


_END_ROWS = b"\x00\x10\x18\x24\x2a\x3a"  # y of each line: title, score, counts, share x2, A


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
        self.lines[0].add(b"YOU WON!" if won else b"GAME OVER")
        self.lines[1].add(b"SCORE ").add_int(game.final_score())
        if won:
            self.lines[1].add(b" (BONUS ").add_int(game.win_bonus()).add(b")")
        self.lines[2].add(b"MOVES ").add_int(game.moves).add(b"  UNDOS ").add_int(game.undos)
        self.lines[3].add(b"FREECELL #").add(deal).add(b" ").add_int(game.cards_home())
        self.lines[3].add(b"/52")
        self.lines[4].add_int(game.moves).add(b" MOVES ").add_int(game.undos).add(b" UNDOS")
        self.lines[5].add(b"A: TITLE")

    def key(self, button, kind):
        if button in (K.A, K.B, K.START):
            return "title"
        return None

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        p.centre(self.lines[0].buf, 2, n=self.lines[0].n, scale=2)
        for i in range(1, 6):
            p.centre(self.lines[i].buf, _END_ROWS[i], n=self.lines[i].n)
