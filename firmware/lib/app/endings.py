"""The end of a game and the tournament between games.

EndScreen: won or given up: the score, what the scheme counts (one line),
the result to share (game, deal, cards home, moves, undos, and whether the
solver played), and in a tournament the round and the total.  Where the
lines do not all fit (the Thumby's 40 rows) up/down scroll them.
TournamentScreen: three complete games in a row of one game and scheme;
before the first and between rounds it shows the round and the total so
far, and starts the next round (a random deal, or one the player enters).
"""

from freecell import scoring
from freecell.game import WON, variant_class

from . import buttons as K
from .paint import Line
from .records import ROUNDS
from .screens import ListScreen, Screen

_LINES = 9
# what each scheme counts (freecell/scoring.py's), one line for the end of a
# game: 28 characters at most (128 px), and a shorter one for the Thumby's 18;
# here, with the screen that shows them, not in every board's heap
EXPLAINED = ("+10 HOME -10 UNDO +WIN BONUS", "+200 HOME -1 A SECOND", "+10 HOME +5 CELL TO COLUMN")
EXPLAINED_SHORT = ("+10 HOME -10 UNDO", "+200 HOME -1/SEC", "+10 HOME +5 CELL")
_GO_ON = b"A: CONTINUE"
_UPLOAD = (b"A: UPLOAD  B: LATER", b"A:UPLOAD B:LATER")  # a daily deal's end, Wi-Fi set up


class EndScreen(Screen):
    offer_upload = False  # actions.end says: A sends the result (upload.py)

    def __init__(self, app):
        self.app = app
        self.lines = [Line(app.layout.text_chars) for _ in range(_LINES)]
        self.top = 0

    def open(self):
        app = self.app
        game, st = app.game, app.keeper.stats
        narrow = app.layout.narrow
        won = game.state == WON
        helped = game.assisted
        self.top = 0
        for line in self.lines:
            line.clear()
        lines = self.lines
        lines[0].add(b"SOLVED" if won and helped else b"YOU WON!" if won else b"GAME OVER")
        lines[1].add(b"SCORE ").add_int(game.final_score())
        if game.win_bonus():
            lines[2].add(b"(").add_int(game.win_bonus()).add(b" WIN BONUS)")  # part of it
        scheme = game.scoring
        lines[3].add((EXPLAINED_SHORT if narrow else EXPLAINED)[scheme].encode())
        # the result to share: no spoiler, the deal and how it went
        title = game.variant.title.encode()
        deal = app.play.deal_text
        if len(title) + 2 + len(deal) <= len(lines[4].buf):
            lines[4].add(title).add(b" ")
        lines[4].add(b"#").add(deal)
        lines[5].add_int(game.cards_home()).add(b"/52 ").add_int(game.moves).add(b" MOVES")
        lines[6].add_int(game.undos).add(b" UNDO" if game.undos == 1 else b" UNDOS")
        if scheme == scoring.TIMED:
            lines[6].add(b" ").add_int(game.seconds).add(b" S")
        if helped:
            lines[7].add(b"THE SOLVER HELPED")
        if st.tournament:  # a round of one: where it stands
            lines[8].add(b"ROUND ").add_int(st.tour_done).add(b"/").add_int(ROUNDS)
            lines[8].add(b" TOTAL ").add_int(st.tour_total)
        elif st.tour_finished >= 0:  # its last round: the tournament's score
            lines[8].add(b"TOURNAMENT ").add_int(st.tour_finished)

    def shown(self):
        """The lines that have text (the big title first)."""
        return [line for line in self.lines if line.n]

    def rows(self, y):
        """Lines that fit under y, the last row kept for the way on."""
        return (self.app.layout.height - y) // self.app.painter.line_h - 1

    def key(self, button, press):
        lines = len(self.shown()) - 1
        rows = self.rows(self._first_y())
        if button == K.DOWN and self.top + rows < lines:
            self.top += 1
        elif button == K.UP and self.top > 0:
            self.top -= 1
        elif button == K.A and self.offer_upload:
            return "upload"
        elif button in (K.A, K.B, K.START):
            return "tournament" if self.app.keeper.stats.tournament else "title"
        return None

    def _first_y(self):
        big = 1 if self.app.layout.short else 2
        return 4 + self.app.painter.line_h * big

    def draw(self):
        p = self.app.painter
        fb = p.fb
        fb.fill(0)
        lines = self.shown()
        big = 1 if self.app.layout.short else 2
        p.centre(lines[0].buf, 1, n=lines[0].n, scale=big)
        y = self._first_y()
        rest = lines[1:]
        rows = self.rows(y)
        last = fb.height - p.glyph_h  # the way on, always in view
        step = max(p.line_h, min(p.line_h + 3, (last - 1 - y) // max(1, len(rest))))
        for line in rest[self.top:self.top + rows]:
            p.centre(line.buf, y, n=line.n)
            y += step
        p.centre(_UPLOAD[self.app.layout.narrow] if self.offer_upload else _GO_ON, last)
        if self.top + rows < len(rest):  # more below: a dotted right edge
            for y in range(self._first_y(), last - 1, 2):
                fb.pixel(fb.width - 1, y, 1)


class TournamentScreen(ListScreen):
    """Before a tournament and between its rounds: where it stands, and the
    way on."""

    back_action = "title"

    def __init__(self, app):
        super().__init__(app, b"TOURNAMENT")
        self.info = [Line(app.layout.text_chars) for _ in range(2)]

    def open(self):
        st = self.app.keeper.stats
        for line in self.info:
            line.clear()
        if st.tournament:
            self.info[0].add(b"ROUND ").add_int(st.tour_round()).add(b" OF 3")
            self.info[1].add(b"TOTAL ").add_int(st.tour_total)
            self.set_items([(b"PLAY ROUND %d" % st.tour_round(), "next_round"),
                            (b"QUIT TOURNAMENT", "quit_tournament")])
        else:
            settings = self.app.keeper.settings
            self.info[0].add(b"3 GAMES OF ").add(variant_class(settings.variant_id).title.encode())
            self.info[1].add(b"SCORE: ").add(scoring.TITLES[settings.scoring].encode())
            self.set_items([(b"RANDOM DEALS", "tournament_random"),
                            (b"CHOOSE THE DEALS", "tournament_chosen")])
        self.choice = 0

    def header(self, p):
        p.centre(self.title, 1)
        p.centre(self.info[0].buf, 2 + p.line_h, n=self.info[0].n)
        p.centre(self.info[1].buf, 2 + 2 * p.line_h, n=self.info[1].n)
        return 4 + 3 * p.line_h
