"""Drawing primitives on a MONO_VLSB framebuffer: text in the 3x5 font,
numbers, and card faces.  Text comes as bytes (indexing bytes gives ints, so
drawing allocates nothing); Line builds a line of text in a preallocated
bytearray.  Colour 1 is lit, 0 is dark.

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

from . import glyphs

_RANKS = RANK_LETTERS.encode()  # bytes: indexing them allocates nothing
_SUITS = SUIT_LETTERS.encode()

GLYPH_H = const(5)
CHAR_W = const(4)  # 3 pixels and a gap
_SUIT_W = const(5)  # glyphs.SUIT_WIDTH, folded by the compiler
_WIDE = const(13)  # layout.CARD_W: a card with room for the ten's 5 px
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


def glyph_frames(data, step, widths):
    """One framebuf per glyph of `data` (bytes, `step` bytes a glyph), each
    `widths[i]` columns of GLYPH_H rows, over one bytearray copy of the data
    (a FrameBuffer needs writable memory)."""
    data = memoryview(bytearray(data))
    frames = []
    for i in range(len(widths)):
        frames.append(framebuf.FrameBuffer(data[i * step:], widths[i], GLYPH_H,
                                           framebuf.MONO_VLSB))
    return frames


class Painter:
    def __init__(self, fb):
        """fb: a framebuf.FrameBuffer (MicroPython), or a canvas with the
        same drawing calls that makes its own glyphs (glyph_frames) and
        names its own dark_ink (CircuitPython's BitmapCanvas)."""
        self.fb = fb
        make = getattr(fb, "glyph_frames", None)
        if make is None:
            def make(data, step, widths, height):
                return glyph_frames(data, step, widths)
        font_w = bytes([glyphs.FONT_WIDTH]) * (len(glyphs.FONT) // glyphs.FONT_WIDTH)
        self.font = make(glyphs.FONT, glyphs.FONT_WIDTH, font_w, GLYPH_H)
        self.ranks = make(glyphs.RANKS, 5, glyphs.RANK_WIDTHS, GLYPH_H)
        self.suits = make(glyphs.SUITS, 5, bytes([glyphs.SUIT_WIDTH]) * 4, GLYPH_H)
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
        self.glyph(self.ranks[r], x, y, c)

    def suit(self, s, x, y, c):
        self.glyph(self.suits[s], x, y, c)

    def card(self, card, x, y, w, h):
        """A card head h rows tall at x, y, w wide, on a dark frame (the
        table view clears it first: a black card's face is that background;
        only the edge row may hold the cursor's corners from the card above).
        Row 0 is the card's edge, drawn in the opposite colour of its face so
        stacked cards separate; from h >= 6 the face shows rank and suit.
        Black cards: dark face, lit edge and signs.  Red cards: lit face, dark
        signs (inverted), so a run in alternating colours reads as zebra
        stripes.  Columns x and x + w - 1 are margins the signs never use
        (the cursor needs them).  A narrow card (w < 13) writes the ten as T,
        which fits beside the suit.  The hot path of a redraw (52 calls): the
        glyphs' blits are inline.  Narrower than 11 px: a mini card
        (short_view.py's, on a short screen)."""
        if w < _NARROW:
            return self.mini(card, x, y, w, h)
        fb = self.fb
        r = card >> 2
        rank = self.ranks[r] if r != 9 or w >= _WIDE else self.font[_T]
        if self.red_ink is not None:  # in colour: white faces, red signs for red cards
            fb.hline(x, y, w, 0)
            fb.fill_rect(x, y + 1, w, h - 1, 1)
            if h > GLYPH_H:
                ink = self.red_ink if is_red(card) else self.dark_ink
                fb.blit(rank, x + 1, y + 1, 1, ink)
                fb.blit(self.suits[card & 3], x + w - 1 - _SUIT_W, y + 1, 1, ink)
        elif is_red(card):
            fb.hline(x, y, w, 0)  # the edge: the cursor above may have drawn into it
            fb.fill_rect(x, y + 1, w, h - 1, 1)
            if h > GLYPH_H:
                fb.blit(rank, x + 1, y + 1, 1, self.dark_ink)
                fb.blit(self.suits[card & 3], x + w - 1 - _SUIT_W, y + 1, 1, self.dark_ink)
        else:
            fb.hline(x, y, w, 1)
            if h >= GLYPH_H + 2:
                fb.hline(x, y + h - 1, w, 1)  # a whole black card: its bottom edge
            if h > GLYPH_H:
                fb.blit(rank, x + 1, y + 1, 0)
                fb.blit(self.suits[card & 3], x + w - 1 - _SUIT_W, y + 1, 0)
