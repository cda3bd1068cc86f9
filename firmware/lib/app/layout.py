"""Where things go on the screen, computed from the display's size.

Nothing else in the app knows the display is 128x64: a 72x40 panel (Thumby)
gets its own figures from the same code.  For 128x64:
    y 0..6    free cells (left) and foundations (right), one card each
    y 9..57   the eight columns, 16 px apart: cards 13 px wide and 3 px
              gaps, where the cursor's 2 px brackets fit with a dark pixel
              to spare on either side
    y 59..63  the status line: deal, moves, run limit, or a message
"""

from .paint import GLYPH_H


class Layout:
    def __init__(self, width, height, columns=8):
        self.width = width
        self.height = height
        self.columns = columns
        self.pitch = width // columns
        self.card_w = self.pitch - 3
        self.x0 = (width - self.pitch * columns) // 2 + 2
        self.head = GLYPH_H + 1  # a covered card: edge + face
        self.full = GLYPH_H + 2  # the top card: edge + face + bottom edge
        self.sliver = 2  # a compressed card: edge + one row of face
        self.top_y = 0
        self.columns_y = self.full + 2
        self.status_y = height - GLYPH_H
        self.columns_h = self.status_y - 1 - self.columns_y
        self.text_chars = width // 4

    def column_x(self, column):
        return self.x0 + column * self.pitch

    def slot_x(self, slot):
        """Top row: slots 0-3 are the free cells, 4-7 the foundations."""
        return self.x0 + slot * self.pitch

    def expansions(self, n):
        """How many covered cards of an n-card column can show their face
        when the rest are compressed to slivers; n - 1 means all of them."""
        spare = self.columns_h - self.full - (n - 1) * self.head
        if spare >= 0:
            return n - 1
        spare = self.columns_h - self.full - (n - 1) * self.sliver
        return max(0, spare // (self.head - self.sliver))
