"""Drawing primitives on a MONO_VLSB framebuffer: text in the 3x5 font (the
4x7 one on a screen of 96 rows or more: glyphs_tall.py), numbers, and card
faces.  Text comes as bytes (indexing bytes gives ints, so drawing allocates
nothing); Line builds a line of text in a preallocated bytearray.  Colour 1
is lit, 0 is dark.  A Painter's glyph_h, char_w and line say how tall a
glyph is, how far apart characters and lines of text are (line_h), for its set.

A glyph is a few VLSB column bytes, the display's own layout, so each is
drawn with one blit from a small frame made once over those bytes (the
Painter's 81 glyph frames take about 4 KB on a 32-bit board), its dark pixels
transparent; dark ink goes through an inverting palette.  On the Pico a
glyph costs one blit (about 30 us for 3x5 pixels) where a pixel() for each
lit pixel cost 4-5 times that: make bench's pico_frame_ms.
"""

try:
    import framebuf
except ImportError:  # CircuitPython: its canvas makes its own glyphs (drivers/bitmap_canvas.py)
    framebuf = None
from freecell.cards import NO_CARD, RANK_LETTERS, SUIT_LETTERS, is_red
from freecell.compat import const
from freecell.compat import micropython  # the decorator: compat.py says how

from . import glyphs

_RANKS = RANK_LETTERS.encode()  # bytes: indexing them allocates nothing
_SUITS = SUIT_LETTERS.encode()

GLYPH_H = const(5)  # glyphs.HEIGHT: the small set's (a Painter's glyph_h says its own)
CHAR_W = const(4)  # glyphs.CHAR_W: 3 pixels and a gap
_WIDE = const(13)  # layout.CARD_W: a card whose ten's flag goes in its left margin
_BIG = const(16)  # layout.BIG_W: from here a tall set's cards take its 7x7 suits
_NARROW = const(11)  # layout.NARROW_W; narrower is a mini card (layout.MINI_W)
_T = const(84 - 32)  # the font's T (glyphs.FONT_FIRST is the space)


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
            self.put(_RANKS[r])
        return self.put(_SUITS[card & 3])

    def put(self, code):
        """Append one character code."""
        if self.n < len(self.buf):
            self.buf[self.n] = code
            self.n += 1
        return self


def glyph_frames(data, step, widths, height=GLYPH_H):
    """One framebuf per glyph of `data` (bytes, `step` bytes a glyph), each
    `widths[i]` columns of `height` rows (8 at most: a byte a column), over
    one bytearray copy of the data (a FrameBuffer needs writable memory)."""
    data = memoryview(bytearray(data))
    frames = []
    for i in range(len(widths)):
        frames.append(framebuf.FrameBuffer(data[i * step:], widths[i], height,
                                           framebuf.MONO_VLSB))
    return frames


class Painter:
    def __init__(self, fb, tall=False):
        """fb: a framebuf.FrameBuffer (MicroPython), or a canvas with the
        same drawing calls that makes its own glyphs (glyph_frames) and
        names its own dark_ink (CircuitPython's BitmapCanvas).  tall: the
        7-row set (glyphs_tall.py: a 4x7 font, 5x7 and 7x7 suits), loaded
        only then: the layout says when (layout.tall, which the app passes)."""
        self.fb = fb
        make = getattr(fb, "glyph_frames", None)
        if make is None:
            def make(data, step, widths, height):
                return glyph_frames(data, step, widths, height)
        self.make = make
        g = glyphs
        if tall:  # its module and the tall set's own signs (paint_tall.py) only there
            from . import glyphs_tall as g
        self.glyphs = g
        self.glyph_h = g.HEIGHT
        self.char_w = g.CHAR_W
        self.line_h = g.LINE  # a line of text's pitch
        self.font = make(g.FONT, g.FONT_WIDTH,
                         bytes([g.FONT_WIDTH]) * (len(g.FONT) // g.FONT_WIDTH),
                         g.HEIGHT)
        self.ranks = make(g.RANKS, g.RANK_STEP, g.RANK_WIDTHS, g.HEIGHT)
        self.suits = make(g.SUITS, g.SUIT_WIDTH, bytes([g.SUIT_WIDTH]) * 4, g.HEIGHT)
        self.suit_w = g.SUIT_WIDTH
        self.big_suits = None  # the tall set's 7x7 suits, for cards of 16 px and more
        self.big_suit_w = 0
        self.narrow_ranks = self.ranks  # narrow cards' signs: the small set's (the ten a T)
        self.narrow_suits = self.suits
        self.narrow_ten = self.font[_T]
        if tall:
            from .paint_tall import tall_signs

            tall_signs(self, make)
        self.mini = None  # a short screen's mini cards (short_view.py sets it)
        # a colour display (its canvas has red_ink): every card a white face,
        # the signs black or red (the PyBadge)
        self.red_ink = getattr(fb, "red_ink", None)
        self.dark_ink = getattr(fb, "dark_ink", None)
        if self.dark_ink is None:
            # blit's palette for dark ink: source 0 -> 1, the key (transparent); 1 -> 0
            self.dark_ink = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB)
            self.dark_ink.pixel(0, 0, 1)

    def glyph(self, frame, x, y, c):
        """Draw a glyph frame's lit pixels at x, y in colour c."""
        if c:
            self.fb.blit(frame, x, y, 0)
        else:
            self.fb.blit(frame, x, y, 1, self.dark_ink)

    def columns(self, data, start, width, x, y, c, scale=1):
        """Draw `width` VLSB column bytes of `data` from `start` at x, y, each
        pixel a scale x scale square (the big digits and titles)."""
        fb = self.fb
        for i in range(width):
            bits = data[start + i]
            row = 0
            while bits:
                if bits & 1:
                    fb.fill_rect(x + i * scale, y + row * scale, scale, scale, c)
                bits >>= 1
                row += 1

    def text(self, text, x, y, c=1, n=-1, scale=1):
        """Draw bytes `text` (its first n characters); returns the x after it."""
        if n < 0:
            n = len(text)
        fb, font = self.fb, self.font
        key = 0 if c else 1  # as glyph() does; no tuple: nothing allocated
        palette = None if c else self.dark_ink
        for i in range(n):
            code = text[i]
            if 97 <= code <= 122:
                code -= 32  # lower case drawn as upper case
            if code < glyphs.FONT_FIRST or code > glyphs.FONT_LAST:
                code = 63  # '?'
            if scale == 1:
                fb.blit(font[code - glyphs.FONT_FIRST], x, y, key, palette)
            else:
                w = self.glyphs.FONT_WIDTH
                self.columns(self.glyphs.FONT, (code - glyphs.FONT_FIRST) * w, w, x, y, c, scale)
            x += self.char_w * scale
        return x

    def line(self, line, x, y, c=1, scale=1):
        return self.text(line.buf, x, y, c, line.n, scale)

    def centre(self, text, y, c=1, n=-1, scale=1):
        if n < 0:
            n = len(text)
        width = (n * self.char_w - 1) * scale
        self.text(text, (self.fb.width - width) // 2, y, c, n, scale)

    def rank(self, r, x, y, c):
        self.glyph(self.ranks[r], x, y, c)

    def suit(self, s, x, y, c):
        self.glyph(self.suits[s], x, y, c)

    @micropython.native
    def card(self, card, x, y, w, h):
        """A card head h rows tall at x, y, w wide, on a dark frame (the
        table view clears it first: a black card's face is that background;
        only the edge row may hold the cursor's corners from the card above).
        Row 0 is the card's edge, drawn in the opposite colour of its face so
        stacked cards separate; from h > glyph_h the face shows rank and suit.
        Black cards: dark face, lit edge and signs.  Red cards: lit face, dark
        signs (inverted), so a run in alternating colours reads as zebra
        stripes.  Column x + w - 1 is a margin the signs never use, and so is
        column x but for the ten's flag on a 13 px card (the cursor needs
        them).  A card of 16 px or more on a tall screen takes the 7x7
        suits; a narrow card (11 or 12 px) the small set's signs, the ten a
        T, and a red one's right margin dark (its neighbour 1 px away).  The
        hot path of a redraw (52 calls): the glyphs' blits are inline.
        Narrower than 11 px: a mini card (short_view.py's, on a short
        screen)."""
        if w < _NARROW:
            return self.mini(card, x, y, w, h)
        fb = self.fb
        r = card >> 2
        # one assignment a name: unpacking four would build a tuple on MicroPython
        rx = x + 1
        if w < _WIDE:  # narrow: the small set's signs, the ten a T
            rank = self.narrow_ten if r == 9 else self.narrow_ranks[r]
            suit = self.narrow_suits[card & 3]
            sw = 5
        elif w >= _BIG and self.big_suits is not None:
            rank = self.ranks[r]
            suit = self.big_suits[card & 3]
            sw = self.big_suit_w
        else:  # the ten's flag in the margin: 6 px beside a 5 px suit
            rank = self.ranks[r]
            suit = self.suits[card & 3]
            sw = self.suit_w
            if r == 9:
                rx = x
        sx = x + w - 1 - sw
        face = h > self.glyph_h or (w < _WIDE and h > GLYPH_H)
        if self.red_ink is not None:  # in colour: white faces, red signs for red cards
            fb.hline(x, y, w, 0)
            fb.fill_rect(x, y + 1, w, h - 1, 1)
            if face:
                ink = self.red_ink if is_red(card) else self.dark_ink
                fb.blit(rank, rx, y + 1, 1, ink)
                fb.blit(suit, sx, y + 1, 1, ink)
        elif is_red(card):
            fb.hline(x, y, w, 0)  # the edge: the cursor above may have drawn into it
            # a narrow card's right margin stays dark: two red faces a 1 px
            # gap apart would read as one band
            fb.fill_rect(x, y + 1, w if w >= _WIDE else w - 1, h - 1, 1)
            if face:
                fb.blit(rank, rx, y + 1, 1, self.dark_ink)
                fb.blit(suit, sx, y + 1, 1, self.dark_ink)
        else:
            fb.hline(x, y, w, 1)
            if h >= self.glyph_h + 2:
                fb.hline(x, y + h - 1, w, 1)  # a whole black card: its bottom edge
            if face:
                fb.blit(rank, rx, y + 1, 0)
                fb.blit(suit, sx, y + 1, 0)
