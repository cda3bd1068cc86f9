"""Drawing primitives on a MONO_VLSB framebuffer: text in the 3x5 font,
numbers, and card faces.  Text comes as bytes (indexing bytes gives ints, so
drawing allocates nothing); Line builds a line of text in a preallocated
bytearray.  Colour 1 is lit, 0 is dark.
"""

from freecell.cards import NO_CARD, is_red
from freecell.compat import const

from . import glyphs

GLYPH_H = const(5)
CHAR_W = const(4)  # 3 pixels and a gap


class Line:
    """A line of text built without allocating: clear(), then add pieces."""

    def __init__(self, size=40):
        self.buf = bytearray(size)
        self.n = 0

    def clear(self):
        self.n = 0
        return self

    def add(self, text):
        """Append bytes (or a bytearray), up to the line's size."""
        for i in range(len(text)):
            self.put(text[i])
        return self

    def add_int(self, value):
        if value < 0:
            self.add(b"-")
            value = -value
        digits = 1
        while value >= 10 ** digits and digits < 10:
            digits += 1
        for d in range(digits - 1, -1, -1):
            self.put(48 + (value // 10 ** d) % 10)
        return self

    def add_card(self, card):
        """'10D' style: the rank as a player reads it, then the suit letter."""
        if card == NO_CARD:
            return self.add(b"-")
        r = card >> 2
        if r == 9:
            self.add(b"10")
        else:
            self.put(b"A23456789TJQK"[r])
        return self.put(b"CDHS"[card & 3])

    def put(self, code):
        """Append one character code."""
        if self.n < len(self.buf):
            self.buf[self.n] = code
            self.n += 1
        return self


class Painter:
    def __init__(self, fb):
        self.fb = fb

    def columns(self, data, start, width, x, y, c, scale=1):
        """Draw `width` VLSB column bytes of `data` from `start` at x, y."""
        fb = self.fb
        for i in range(width):
            bits = data[start + i]
            row = 0
            while bits:
                if bits & 1:
                    if scale == 1:
                        fb.pixel(x + i, y + row, c)
                    else:
                        fb.fill_rect(x + i * scale, y + row * scale, scale, scale, c)
                bits >>= 1
                row += 1

    def text(self, text, x, y, c=1, n=-1, scale=1):
        """Draw bytes `text` (its first n characters); returns the x after it."""
        if n < 0:
            n = len(text)
        for i in range(n):
            code = text[i]
            if 97 <= code <= 122:
                code -= 32  # lower case drawn as upper case
            if code < glyphs.FONT_FIRST or code > glyphs.FONT_LAST:
                code = 63  # '?'
            self.columns(glyphs.FONT, (code - glyphs.FONT_FIRST) * 3, 3, x, y, c, scale)
            x += CHAR_W * scale
        return x

    def line(self, line, x, y, c=1, scale=1):
        return self.text(line.buf, x, y, c, line.n, scale)

    def centre(self, text, y, c=1, n=-1, scale=1):
        if n < 0:
            n = len(text)
        width = (n * CHAR_W - 1) * scale
        self.text(text, (self.fb.width - width) // 2, y, c, n, scale)

    def rank(self, r, x, y, c):
        self.columns(glyphs.RANKS, r * 5, glyphs.RANK_WIDTHS[r], x, y, c)

    def suit(self, s, x, y, c):
        self.columns(glyphs.SUITS, s * 5, glyphs.SUIT_WIDTH, x, y, c)

    def card(self, card, x, y, w, h, ink_only=False):
        """A card head h rows tall at x, y, w wide.  Row 0 is the card's edge,
        drawn in the opposite colour of its face so stacked cards separate;
        from h >= 6 the face shows rank and suit.  Black cards: dark face,
        lit edge and signs.  Red cards: lit face, dark signs (inverted), so
        a run in alternating colours reads as zebra stripes.  Columns x and
        x + w - 1 are margins the signs never use (the cursor needs them)."""
        fb = self.fb
        red = is_red(card)
        face = 1 if red else 0
        fb.fill_rect(x, y, w, h, face)
        fb.hline(x, y, w, 1 - face)  # the top edge
        if not red and h >= GLYPH_H + 2:
            fb.hline(x, y + h - 1, w, 1)  # a whole black card: its bottom edge
        if h > GLYPH_H:
            ink = 1 - face
            self.rank(card >> 2, x + 1, y + 1, ink)
            self.suit(card & 3, x + w - 1 - glyphs.SUIT_WIDTH, y + 1, ink)
