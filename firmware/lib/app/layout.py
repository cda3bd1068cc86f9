"""Where things go on the screen, computed from the display's size and the
game's shape (its columns, and its top row: free cells, then foundations).

Nothing else in the app knows how big the display is.  For 128x64:
    y 0..6    free cells (left) and foundations (right), one card each;
              HalfCell's two piles of 26 have a bar under them, as long
              as the pile is high (y 7)
    y 9..56   the columns, 16 px apart: cards 13 px wide and 3 px gaps,
              where the cursor's 2 px brackets fit with a dark pixel to
              spare on either side
    y 57      the cursor's hooks under a card at the bottom
    y 58      dark (the solver's progress bar), so no mark meets a letter
    y 59..63  the status line: deal, moves, run limit, or a message
A row of more than eight places (Seahaven's ten columns, Eight Off's twelve
places on top) takes narrow cards where ten fit: 11 px cards 12 px apart,
the ten written T, the cursor's brackets 1 px in the gaps; a red one's
right margin stays dark, so two red faces side by side never merge.
A screen of 96 rows or more (tall: 128x128, the PyBadge's 160x128) takes
the 7-row glyphs (glyphs_tall.py): a 4x7 font for every text, cards 8 rows
a head, and where a row's places are 19 px apart or more (eight columns on
160 px) cards 3 px narrower than that, with 7x7 suits.  A row that does
not fit even so (the Thumby's 72x40 shows 4 columns; Eight Off's top row
shows 10 of its 12) scrolls sideways with the cursor, each row on its own,
with a dotted edge where more lie that way.  On a short screen (under 64
rows: the Thumby's 40) the top row takes mini cards, 7 px with the rank and
the suit as letters, 9 px apart: its eight places show whole; and the
column under the cursor, when some of its covered cards do not show their
faces, has them written out in place of the status line, deepest first, in
narrow cards laid side by side (six a line; two or three lines for a long
column, the columns compressed above them).  Long columns compress covered
cards to 2 px slivers, or 1 px where even that does not fit (a 19-card column
in 25 px).
"""

from freecell.compat import const
from freecell.table import COLUMN_CAP

from .paint import CHAR_W, GLYPH_H

_MIN_PITCH = 16  # a 13 px card, its brackets and a dark pixel between
_NARROW_PITCH = 12  # an 11 px card and a 1 px gap
_MINI_PITCH = 9  # a 7 px card (rank and suit as letters) and a bracket each side
_BIG_PITCH = 19  # from here a tall screen's cards widen (a 16 px card and its gap)
CARD_W = 13
BIG_W = 16  # paint._BIG: the narrowest card with 7x7 suits
NARROW_W = 11
MINI_W = 7
TALL = 96  # rows from which a screen takes the tall glyphs (paint._TALL)
_TALL_H = const(7)  # glyphs_tall.HEIGHT
_TALL_CHAR_W = const(5)  # glyphs_tall.CHAR_W


class Row:
    """One row of places (the top row, or the columns): how many show at a
    time, how far apart, how wide a card is, and where the first one goes."""

    def __init__(self):
        self.places = self.visible = self.pitch = self.card_w = self.x0 = self.bracket = 0

    def fit(self, width, places, mini=False, tall=False):
        """mini: a row that does not fit whole takes mini cards (7 px: the
        rank and the suit as letters) where that shows more of it (a short
        screen's top row: the Thumby's eight places).  tall: a tall screen,
        whose cards widen where the row leaves them room."""
        self.places = places
        if places * _MIN_PITCH <= width or (
                width // _NARROW_PITCH < min(places, 10) and not mini):
            pitch, card = _MIN_PITCH, CARD_W  # fits as it is, or narrow cards would not help
        elif mini:
            pitch, card = _MINI_PITCH, MINI_W
        else:
            pitch, card = _NARROW_PITCH, NARROW_W
        self.visible = min(places, max(1, width // pitch))
        self.pitch = width // self.visible if pitch == _MIN_PITCH else pitch
        if tall and pitch == _MIN_PITCH and self.pitch >= _BIG_PITCH:
            card = self.pitch - 3  # the PyBadge's 17 px cards: 7x7 suits
        self.card_w = card
        self.bracket = 2 if card == CARD_W else 1
        # the bracket's pixels to the left of each card
        self.x0 = (width - self.pitch * self.visible) // 2 + self.bracket \
            + (self.pitch - card - 2 * self.bracket + (1 if card != NARROW_W else 0)) // 2

    def x(self, first, place):
        """The x of `place` when the row's view starts at `first`; -1 when
        it is out of view."""
        k = place - first
        if k < 0 or k >= self.visible:
            return -1
        return self.x0 + k * self.pitch

    def first_visible(self, first, cursor):
        """The view's first place, moved as little as possible to show the
        cursor's place (and never past the row's end)."""
        if cursor < first:
            first = cursor
        elif cursor >= first + self.visible:
            first = cursor - self.visible + 1
        return max(0, min(first, self.places - self.visible))


class Layout:
    def __init__(self, width, height, columns=8, cell_slots=4, piles=4):
        self.width = width
        self.height = height
        # a short screen (the Thumby's 40 rows) shows the top row whole in
        # mini cards, and the column under the cursor written out in a strip;
        # a tall one (96 rows or more) the 7-row glyphs, bigger text and cards
        self.short = height < 64
        self.tall = height >= TALL
        self.glyph_h = _TALL_H if self.tall else GLYPH_H
        self.char_w = _TALL_CHAR_W if self.tall else CHAR_W
        self.top = Row()
        self.cols = Row()
        self.shape(columns, cell_slots, piles)
        self.head = self.glyph_h + 1  # a covered card: edge + face
        self.full = self.glyph_h + 2  # the top card: edge + face + bottom edge
        self.top_y = 0
        self.columns_y = self.full + 2
        self.status_y = height - self.glyph_h
        # the columns end two rows over the status line: the cursor's hooks
        # under a card there, and a dark row between them and its letters
        self.columns_h = self.status_y - 2 - self.columns_y
        self.strip_cards = width // _NARROW_PITCH  # narrow cards on a line of the strip
        self.text_chars = width // self.char_w
        self.narrow = self.text_chars < 32  # the short forms of the longer lines
        # a page of text's margin off the panel's edge: 2 px, 1 where 18
        # characters fill the screen (the Thumby's 72 px)
        self.margin = 1 if width < 76 else 2
        # a redraw's look-ups, by column height, for the columns' whole room
        # (a table redraw is a press's cost: pico_press_ms): the covered
        # cards that show their face, and a compressed card's height
        self.expanded = bytearray(COLUMN_CAP + 1)
        self.slivers = bytearray(COLUMN_CAP + 1)
        for n in range(1, COLUMN_CAP + 1):
            self.expanded[n] = self.expansions(n)
            self.slivers[n] = self.sliver(n)

    def shape(self, columns, cell_slots, piles=4):
        """A game's shape: its columns, and the cells' part of the top row
        (then the foundation piles).  Allocates nothing."""
        self.columns = columns
        self.cell_slots = cell_slots
        self.piles = piles
        self.top.fit(self.width, cell_slots + piles, self.short, self.tall)
        self.cols.fit(self.width, columns, False, self.tall)

    def sliver(self, n, room=0):
        """How tall a compressed card is in an n-card column `room` px tall
        (0: the columns' whole height): 2 px, or 1 px where 2 would not fit."""
        room = room or self.columns_h
        return 2 if (n - 1) * 2 + self.full <= room else 1

    def hidden(self, n, room):
        """How many of an n-card column's deepest cards are not drawn at all
        because even 1 px slivers do not fit `room` (a message box on a
        short screen: the top card, the one a player can play, still shows)."""
        return max(0, n - 1 - max(0, room - self.full))

    def expansions(self, n, room=0):
        """How many covered cards of an n-card column can show their face
        when the rest are compressed to slivers; n - 1 means all of them."""
        room = room or self.columns_h
        spare = room - self.full - (n - 1) * self.head
        if spare >= 0:
            return n - 1
        sliver = self.sliver(n, room)
        spare = room - self.full - (n - 1) * sliver
        return max(0, spare // (self.head - sliver))
