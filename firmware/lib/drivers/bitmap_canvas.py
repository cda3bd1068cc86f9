"""The app's canvas on CircuitPython: a 2-colour displayio.Bitmap, with the
drawing calls of a MicroPython framebuf.FrameBuffer (the app draws through
those: fill, fill_rect, rect, hline, vline, pixel, blit), and show().

The app redraws the whole table for every change, and displayio renders and
sends whatever area of a shown bitmap was written (made with
auto_refresh=False): on the Pico a full 128x64 refresh costs 51 ms of CPU
and 23 ms of a 400 kHz bus, a 13x16 one under 2 ms.  So the app draws into
a bitmap nobody shows, and show() compares it with the shown one, 8 rows (a
display page) at a time, and copies over only the rectangle that changed:
a cursor step sends a few columns, not the screen (make bench: cp_press_ms).

Glyphs (the cards' ranks and suits, and the font every text is drawn in)
are small Bitmaps made once (glyph_frames), each of the canvas's own colour
count (bitmaptools.blit refuses a source with more colours than its
target); a glyph is blitted with bitmaptools, its dark pixels skipped, and
drawn dark through a second, inverted copy (`dark_ink` is the palette the
painter asks for that).  So text is the same pixels as on MicroPython, with
no library beyond the display's driver and nothing made per text (labels of
adafruit_display_text cost a 170 KB heap too much at boot on the real
firmware, and each text a bitmap of its own).  A bitmap is indexed by one
int (x + y * width): a tuple would be allocated at every pixel.  Nothing
here allocates after construction but glyph_frames, at boot.

The display's contrast, flip and power are asked of the display object the
board hands in (an adafruit_displayio_ssd1306.SSD1306 has brightness,
rotation, sleep() and wake()).
"""

import bitmaptools
import displayio
from freecell.compat import const

DARK_INK = 1  # the palettes the painter blits dark and red glyphs through
RED_INK = 2
RED = 2  # the colour index of red, on a colour display


class Glyph:
    """A glyph as Bitmaps: lit where it is lit; dark there (lit elsewhere,
    skipped); and on a colour display, red there."""

    def __init__(self, lit, dark, red=None):
        self.lit = lit
        self.dark = dark
        self.red = red
        self.w = lit.width  # read once: a Bitmap's are properties, calls
        self.h = lit.height


_BAND = const(8)  # rows compared at a time: an SSD1306 page


class BitmapCanvas:
    def __init__(self, display, width, height, colour=False):
        """colour: a colour display (a third colour, red, for red cards'
        signs: the painter then draws every card with a white face)."""
        self.display = display
        self.width = width
        self.height = height
        self.colours = 3 if colour else 2
        self.bitmap = displayio.Bitmap(width, height, self.colours)  # drawn into
        self.shown = displayio.Bitmap(width, height, self.colours)  # on the display
        palette = displayio.Palette(self.colours)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        if colour:
            palette[RED] = 0xE00000
            self.red_ink = RED_INK
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.shown, pixel_shader=palette))
        display.root_group = self.group
        self.dark_ink = DARK_INK
        self._bands = self._band_views()
        self._per_byte = 8 if self.colours == 2 else 4  # 1 or 2 bits a pixel

    def _band_views(self):
        """(drawn, shown) memoryviews of each band of rows, made once; None
        where a Bitmap has no buffer (a host stand-in): show() then copies
        the whole bitmap."""
        try:
            drawn, shown = memoryview(self.bitmap), memoryview(self.shown)
        except TypeError:
            return None
        self._stride = len(drawn) // self.height  # bytes a row
        size = self._stride * _BAND
        return [(drawn[i:i + size], shown[i:i + size]) for i in range(0, len(drawn), size)]

    # -- what a framebuf does -----------------------------------------------

    def fill(self, c):
        self.bitmap.fill(c)

    def fill_rect(self, x, y, w, h, c):
        # clipped with ifs: min() and max() are calls, and a redraw makes
        # about 180 of these (each already 110 us of bitmaptools on the Pico)
        x1 = x + w
        y1 = y + h
        if x1 > self.width:
            x1 = self.width
        if y1 > self.height:
            y1 = self.height
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        if x < x1 and y < y1:
            bitmaptools.fill_region(self.bitmap, x, y, x1, y1, c)

    def hline(self, x, y, w, c):  # fill_rect's, without a second call (60 a redraw)
        if 0 <= y < self.height:
            x1 = x + w
            if x1 > self.width:
                x1 = self.width
            if x < 0:
                x = 0
            if x < x1:
                bitmaptools.fill_region(self.bitmap, x, y, x1, y + 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c):
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return 0 if c is None else None
        i = x + y * self.width
        if c is None:
            return self.bitmap[i]
        self.bitmap[i] = c
        return None

    def blit(self, glyph, x, y, key=-1, palette=None):
        """A glyph's lit pixels at x, y: lit (key 0), or dark (through
        dark_ink); clipped at the edges as a framebuf clips."""
        source = glyph.lit if palette is None else glyph.red if palette == RED_INK \
            else glyph.dark
        skip = 1 if palette == DARK_INK else 0
        w, h = glyph.w, glyph.h
        if x >= 0 and y >= 0 and x + w <= self.width and y + h <= self.height:
            bitmaptools.blit(self.bitmap, source, x, y, skip_source_index=skip)  # most
            return
        x0 = max(0, -x)
        y0 = max(0, -y)
        x1 = min(w, self.width - x)
        y1 = min(h, self.height - y)
        if x0 < x1 and y0 < y1:
            bitmaptools.blit(self.bitmap, source, x + x0, y + y0, x1=x0, y1=y0, x2=x1, y2=y1,
                             skip_source_index=skip)

    def glyph_frames(self, data, step, widths, height):
        """One Glyph per glyph of `data` (VLSB column bytes, `step` bytes a
        glyph, widths[i] columns of `height` rows), made once."""
        frames = []
        n = self.colours
        for i in range(len(widths)):
            lit = displayio.Bitmap(widths[i], height, n)
            dark = displayio.Bitmap(widths[i], height, n)
            red = displayio.Bitmap(widths[i], height, n) if n > 2 else None
            dark.fill(1)
            for col in range(widths[i]):
                bits = data[i * step + col]
                for row in range(height):
                    if bits >> row & 1:
                        lit[col + row * widths[i]] = 1
                        dark[col + row * widths[i]] = 0
                        if red is not None:
                            red[col + row * widths[i]] = RED
            frames.append(Glyph(lit, dark, red))
        return frames

    # -- the display -----------------------------------------------------------

    def show(self):
        """Copy what changed since the last show() onto the shown bitmap (one
        rectangle: whole bands of rows, whole bytes of a row), and refresh."""
        bands = self._bands
        if bands is None:
            self._copy(0, 0, self.width, self.height)
            return
        top = -1
        bottom = left = right = 0
        for i in range(len(bands)):
            drawn, shown = bands[i]
            if drawn != shown:  # a C compare of the two bands' bytes
                if top < 0:
                    top, left, right = i, self._stride, -1
                bottom = i
                left, right = self._edges(drawn, shown, left, right)
        if top >= 0:
            self._copy(left * self._per_byte, top * _BAND,
                       min(self.width, (right + 1) * self._per_byte),
                       min(self.height, (bottom + 1) * _BAND))

    def _edges(self, drawn, shown, left, right):
        """Widen left..right (byte columns) to the columns of a band that differ."""
        j = 0
        while j < left and not self._differs(drawn, shown, j):  # from the left
            j += 1
        left = j
        j = self._stride - 1
        while j > right and not self._differs(drawn, shown, j):  # and from the right
            j -= 1
        return left, j

    def _differs(self, drawn, shown, j):
        """Does byte column j of the band differ?"""
        n = len(drawn)
        while j < n and drawn[j] == shown[j]:
            j += self._stride
        return j < n

    def _copy(self, x0, y0, x1, y1):
        bitmaptools.blit(self.shown, self.bitmap, x0, y0, x1=x0, y1=y0, x2=x1, y2=y1)
        self.display.refresh()

    def contrast(self, value):
        try:
            self.display.brightness = value / 255
        except (AttributeError, NotImplementedError, RuntimeError):
            pass  # a display without a brightness (some keep theirs)

    def flip(self, on):
        self.display.rotation = 180 if on else 0

    def poweroff(self):
        self.display.sleep()

    def poweron(self):
        self.display.wake()
