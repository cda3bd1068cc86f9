"""A short screen's part of the table (the Thumby's 72x40: layout.short):
mini cards for the top row, and the strip that writes out the column under
the cursor.  Its own module, loaded by the table view only on such a screen,
so that a taller board's heap does not hold its code (an ESP32's small heap
is the solver's table).

  mini cards  7 px wide: the rank and the suit as letters side by side (the
              ten a T), in a card's colours: red ones a lit face with dark
              letters, black ones dark with lit letters and lit edges top
              and bottom.  The painter draws one for any card narrower than
              a narrow card (paint.py's card()).
  the strip   while the cursor is on a column's top card and some of the
              cards it covers do not show their faces, those cards in place
              of the status line, deepest first, in narrow cards side by
              side (six a line, up to three lines for 18 covered cards; the
              columns compress above it); the deal number after a short one.
Allocates nothing.
"""

from freecell.cards import SUIT_LETTERS, is_red
from freecell.table import COLUMN_CAP

from . import glyphs
from .layout import NARROW_W
from .paint import CHAR_W


class ShortView:
    def __init__(self, painter, layout, status):
        self.p = painter
        self.layout = layout
        self.status = status  # the table view's status line, for the deal number
        # a mini card's suit: its letter in the font (C D H S); the ten a T
        self.suit_letters = [painter.font[ord(s) - glyphs.FONT_FIRST] for s in SUIT_LETTERS]
        self.ten = painter.font[ord("T") - glyphs.FONT_FIRST]
        painter.mini = self.mini

    def mini(self, card, x, y, w, h):
        """A mini card, w (7) px wide and h rows tall."""
        p = self.p
        fb = p.fb
        r = card >> 2
        rank = p.ranks[r] if r != 9 else self.ten
        suit = self.suit_letters[card & 3]
        red = is_red(card)
        if red or p.red_ink is not None:  # a lit face (in colour, every card's: white)
            fb.fill_rect(x, y, w, h, 1)
            ink = p.red_ink if red and p.red_ink is not None else p.dark_ink
            fb.blit(rank, x, y + 1, 1, ink)
            fb.blit(suit, x + w - 3, y + 1, 1, ink)
        else:
            fb.hline(x, y, w, 1)
            fb.hline(x, y + h - 1, w, 1)
            fb.blit(rank, x, y + 1, 0)
            fb.blit(suit, x + w - 3, y + 1, 0)

    def lines(self, game, play):
        """How many lines the strip takes now (0: none shows): a line for
        each six covered cards, while the cursor is on a column's top card
        and nothing else has the status line (a card held, a message, the
        solver at work).  Up a column (choosing a run) the card under the
        cursor shows its face on the table instead, as on a tall screen."""
        lay = self.layout
        if play.row != 1 or play.depth or play.held >= 0 or play.message_lines \
                or play.thinking() >= 0:
            return 0
        covered = game.table.heights[play.col] - 1
        if covered <= lay.expanded[covered + 1]:  # each shows its face on the table
            return 0
        return (covered + lay.strip_cards - 1) // lay.strip_cards

    def draw_strip(self, game, play, lines):
        """The covered cards of the column under the cursor, deepest first
        (the top card is whole on the table); after one short line, the
        deal number, right-aligned."""
        lay = self.layout
        c = play.col
        covered = game.table.heights[c] - 1
        per = lay.strip_cards
        y = lay.height - lines * lay.full
        cards = game.table.cards
        for k in range(covered):
            self.p.card(cards[c * COLUMN_CAP + k], 1 + (k % per) * (NARROW_W + 1),
                        y + (k // per) * lay.full, NARROW_W, lay.full)
        line = self.status.clear().add(b"#").add(play.deal_text)
        x = lay.width - line.n * CHAR_W + 1
        if lines == 1 and x > covered * (NARROW_W + 1):
            self.p.line(line, x, y + 1)
