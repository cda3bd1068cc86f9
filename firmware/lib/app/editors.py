"""Entering a deal number, a game code or the date with the d-pad:
left/right choose a place, up/down cycle what is there, A plays, B goes
back.  One Editor draws and edits them all; a subclass says what each place
holds and what the text means.
"""

from freecell import codes
from freecell.deal import DealNumber, OUT_OF_RANGE
from freecell.game import variant_class
from freecell.variants import VARIANTS

from . import buttons as K
from . import let_go
from .paint import Line
from .screens import Screen


class Editor(Screen):
    """Places of values (`values[i]` in 0 .. limit(i) - 1), drawn as one
    line of text (render()), the place being changed underlined.  By
    default each place is one character of ALPHABET (a subclass whose
    places differ says so: limit, char_at, span, render)."""

    title = b""
    hint = b""  # what up/down change
    keys = b"A: PLAY  B: BACK"  # what A and B do
    done = ""  # the app's action when A accepts the text
    ALPHABET = b"0123456789"

    def __init__(self, app, places):
        self.app = app
        self.values = bytearray(places)
        self.pos = places - 1
        self.error = Line(app.layout.text_chars)
        self.shown = Line(24)  # render()'s text

    def limit(self, place):
        return len(self.ALPHABET)

    @staticmethod
    def char_at(place):
        """The text's character where a place starts."""
        return place

    @staticmethod
    def span(place):
        """Characters a place shows."""
        return 1

    def render(self):
        line = self.shown.clear()
        for v in self.values:
            line.put(self.ALPHABET[v])
        return line

    def heading(self):
        """The title line (an editor for a game's deal names the game)."""
        return self.title

    @property
    def refused(self):
        """The last key was refused: the text is not a deal (the error says why)."""
        return self.error.n > 0

    def key(self, button, press):
        self.error.clear()
        n = len(self.values)
        if button == K.UP:
            self.values[self.pos] = (self.values[self.pos] + 1) % self.limit(self.pos)
        elif button == K.DOWN:
            self.values[self.pos] = (self.values[self.pos] - 1) % self.limit(self.pos)
        elif button == K.LEFT:
            self.pos = (self.pos - 1) % n
        elif button == K.RIGHT:
            self.pos = (self.pos + 1) % n
        elif button == K.B:
            return "title"
        elif button == K.A or button == K.START:
            problem = self.accept()
            if problem:
                self.error.add(problem)
                return None
            return self.done
        return None

    def draw(self):
        p = self.app.painter
        fb = p.fb
        fb.fill(0)
        text = self.render()
        scale = 2 if fb.width >= 2 * p.char_w * text.n else 1  # as big as the line fits
        step = p.char_w * scale
        roomy = not self.app.layout.short  # 64 rows or more: room for the help too
        p.centre(self.heading(), 1)
        x0 = (fb.width - text.n * step) // 2
        y = p.line_h + 8 if roomy else p.line_h + 3
        p.text(text.buf, x0, y, 1, text.n, scale)
        at = self.char_at(self.pos)
        fb.fill_rect(x0 + at * step - 1, y + (p.glyph_h + 1) * scale,
                     (self.span(self.pos) - 1) * step + 2 + (p.char_w - 1) * scale, scale, 1)
        y += (p.glyph_h + 3) * scale + 2
        if self.error.n:
            p.centre(self.error.buf, fb.height - p.line_h, n=self.error.n)
        if roomy or not self.error.n:  # on a short screen the error takes the help's place
            p.centre(self.hint, y)
            p.centre(self.keys, y + p.line_h + 2 if roomy else y + p.line_h)


class DealEntryScreen(Editor):
    """Ten digits: the deal number."""

    title = b"DEAL NUMBER"
    hint = b"UP/DOWN: DIGIT"
    done = "deal_entered"

    def __init__(self, app):
        super().__init__(app, 10)

    def open(self):
        """Start from the deal on the table; the title names the game the
        deal will be of (a tournament's round: the tournament's)."""
        app = self.app
        st = app.keeper.stats
        rules = variant_class(st.tour_variant_id if app.entry_for_tournament and st.tournament
                              else app.keeper.settings.variant_id)
        self.title = rules.title.encode() + b" DEAL"
        text = self.app.game.number.text()
        for i in range(10):
            self.values[i] = 0
        for i in range(len(text)):
            self.values[10 - len(text) + i] = ord(text[i]) - 48
        self.pos = 9
        self.error.clear()

    def text(self):
        return "".join(chr(48 + d) for d in self.values)

    def accept(self):
        problem = DealNumber().parse(self.text())
        if problem:
            return b"1 TO 8589934591 ONLY" if problem == OUT_OF_RANGE else b"?"
        return None


class DateEntryScreen(Editor):
    """Today's date, for the daily deal on a board whose clock is unset:
    the year (2000-2099), the month and the day, as 2027-01-18."""

    title = b"TODAY'S DATE"
    hint = b"UP/DOWN: CHANGE"
    done = "date_entered"
    _LIMITS = (100, 12, 31)

    def __init__(self, app):
        super().__init__(app, 3)
        self.date = None  # (year, month, day) once accepted

    def open(self):
        """Start from the last date the board knew: its latest daily deal's
        (the statistics keep each game's), or the version's; the day the
        place to change."""
        from freecell.daily import date_of, day_of

        from .records import LAST_DAILY
        from .version import DATE

        st = self.app.keeper.stats
        known = max(st.of(v.id, LAST_DAILY) for v in VARIANTS) - 1  # day_of's number, -1: none
        year, month, day = date_of(known) if known >= day_of(*DATE) else DATE
        let_go("app", "version")
        self.values[0], self.values[1], self.values[2] = year - 2000, month - 1, day - 1
        self.pos = 2
        self.error.clear()

    def limit(self, place):
        return self._LIMITS[place]

    @staticmethod
    def char_at(place):
        return (0, 5, 8)[place]

    @staticmethod
    def span(place):
        return 4 if place == 0 else 2

    def render(self):
        line = self.shown.clear()
        line.add_int(2000 + self.values[0]).put(45)
        for v in self.values[1:]:
            if v < 9:
                line.put(48)
            line.add_int(v + 1)
            if line.n < 10:
                line.put(45)
        return line

    def accept(self):
        from .version import DATE

        year, month, day = 2000 + self.values[0], self.values[1] + 1, self.values[2] + 1
        let_go("app", "version")
        if day > (29 if month == 2 and year % 4 == 0 else 28 if month == 2
                  else 30 if month in (4, 6, 9, 11) else 31):
            return b"NO SUCH DAY"
        if (year, month, day) < DATE:  # the clock's own reading is as good
            return b"TOO EARLY"
        self.date = (year, month, day)
        return None


class CodeEntryScreen(Editor):
    """A game code, FC1-C4-AAAAABDWG: the game's letters, the free cells,
    then nine letters (the deal and the check letter)."""

    title = b"GAME CODE"
    hint = b"UP/DOWN: LETTER"
    done = "code_entered"
    _PLACES = 2 + codes.DEAL_LETTERS + 1

    def __init__(self, app):
        super().__init__(app, self._PLACES)
        self.found = None  # (variant, DealNumber) once a code is accepted

    def open(self):
        """Start from the code of the game on the table."""
        game = self.app.game
        code = codes.encode(game.variant, game.number)
        self.values[0] = game.variant.id
        self.values[1] = game.variant.cells - 1
        for i in range(codes.DEAL_LETTERS + 1):
            self.values[2 + i] = codes.LETTERS.find(code[7 + i])
        self.pos = 2
        self.error.clear()

    @staticmethod
    def limit(place):
        if place == 0:
            return len(VARIANTS)
        return 8 if place == 1 else codes.BASE

    @staticmethod
    def char_at(place):
        """The text's character where a place starts: FC1-C4-AAAAAAAAA."""
        return 0 if place == 0 else 5 if place == 1 else 5 + place

    @staticmethod
    def span(place):
        """Characters a place shows: the game's two letters, else one."""
        return 2 if place == 0 else 1

    def heading(self):
        """The game the code names, as its letters change."""
        return VARIANTS[self.values[0]].title.encode() + b" CODE"

    def render(self):
        line = self.shown.clear()
        line.add(VARIANTS[self.values[0]].code.encode()).add_int(codes.VERSION)
        line.add(b"-C").add_int(self.values[1] + 1).add(b"-")
        for v in self.values[2:]:
            line.put(ord(codes.LETTERS[v]))
        return line

    def accept(self):
        line = self.render()
        found = codes.decode(bytes(line.buf[:line.n]).decode())
        self.found = None
        if found == codes.MISTYPED:
            return b"MISTYPED: CHECK IT"
        if isinstance(found, str):  # the letters are right, the cells are not the game's
            rules = VARIANTS[self.values[0]]
            if self.values[1] + 1 not in rules.CELL_CHOICES:
                return b"CELLS: " + "/".join(str(n) for n in rules.CELL_CHOICES).encode()
            return b"NO SUCH DEAL"
        self.found = found
        return None
