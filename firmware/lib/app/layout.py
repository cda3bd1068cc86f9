"""Where things go on the screen, computed from the display's size.

Nothing else in the app knows how big the display is.  For 128x64:
    y 0..6    free cells (left) and foundations (right), one card each
    y 9..57   the eight columns, 16 px apart: cards 13 px wide and 3 px
              gaps, where the cursor's 2 px brackets fit with a dark pixel
              to spare on either side
    y 59..63  the status line: deal, moves, run limit, or a message
A display too narrow for eight such columns (the Thumby's 72x40) shows as
many as fit, 4 there, and the view scrolls sideways with the cursor; the top
row scrolls with it.  Long columns compress covered cards to 2 px slivers, or
1 px where even that does not fit (a 19-card column in 25 px).
"""

from .paint import GLYPH_H

_MIN_PITCH = 16  # a 13 px card, its brackets and a dark pixel between
CARD_W = 13


class Layout:
    def __init__(self, width, height, columns=8):
        self.width = width
        self.height = height
        self.columns = columns
        self.visible = min(columns, max(1, width // _MIN_PITCH))
        self.pitch = width // self.visible
        self.card_w = CARD_W
        # 2 px of each pitch to the left of the card hold the cursor's bracket
        self.x0 = (width - self.pitch * self.visible) // 2 + 2 + (self.pitch - _MIN_PITCH) // 2
        self.head = GLYPH_H + 1  # a covered card: edge + face
        self.full = GLYPH_H + 2  # the top card: edge + face + bottom edge
        self.top_y = 0
        self.columns_y = self.full + 2
        self.status_y = height - GLYPH_H
        self.columns_h = self.status_y - 1 - self.columns_y
        self.text_chars = width // 4
        self.narrow = self.text_chars < 24

    def scrolled(self, first, column):
        """The x of column (or top-row slot) `column` when the view starts at
        column `first`; -1 when it is out of view."""
        k = column - first
        if k < 0 or k >= self.visible:
            return -1
        return self.x0 + k * self.pitch

    def first_visible(self, first, cursor):
        """The view's first column, moved as little as possible to show the
        cursor's column."""
        if cursor < first:
            return cursor
        if cursor >= first + self.visible:
            return cursor - self.visible + 1
        return first

    def sliver(self, n):
        """How tall a compressed card is in an n-card column: 2 px, or 1 px
        where 2 would not fit."""
        return 2 if (n - 1) * 2 + self.full <= self.columns_h else 1

    def expansions(self, n):
        """How many covered cards of an n-card column can show their face
        when the rest are compressed to slivers; n - 1 means all of them."""
        spare = self.columns_h - self.full - (n - 1) * self.head
        if spare >= 0:
            return n - 1
        sliver = self.sliver(n)
        spare = self.columns_h - self.full - (n - 1) * sliver
        return max(0, spare // (self.head - sliver))
