"""MicroPython's framebuf for CPython, the subset the app uses, so the same
firmware runs under CPython in the simulator and the tests.  MONO_VLSB only
(the SSD1306's layout: one byte per 8 vertical pixels, bit 0 at the top).
Semantics follow MicroPython's: drawing clips at the edges, blit's key colour
is transparent.  Host-only: never deployed to a board.
"""

MONO_VLSB = 0


class FrameBuffer:
    def __init__(self, buffer, width, height, fmt=MONO_VLSB, stride=None):
        if fmt != MONO_VLSB:
            raise ValueError("only MONO_VLSB in this shim")
        self.buffer = buffer
        self.width = width
        self.height = height
        self.stride = stride or width

    def _set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        if c:
            self.buffer[i] |= 1 << (y & 7)
        else:
            self.buffer[i] &= ~(1 << (y & 7)) & 0xFF

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None if c is None else None
        if c is None:
            return (self.buffer[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self._set(xx, yy, c)

    def fill(self, c):
        value = 0xFF if c else 0
        for i in range(len(self.buffer)):
            self.buffer[i] = value

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def blit(self, source, x, y, key=-1, palette=None):
        for sy in range(source.height):
            ty = y + sy
            if not 0 <= ty < self.height:
                continue
            for sx in range(source.width):
                tx = x + sx
                if not 0 <= tx < self.width:
                    continue
                c = source.pixel(sx, sy)
                if palette is not None:  # as MicroPython: the key applies after it
                    c = palette.pixel(c, 0)
                if c != key:
                    self._set(tx, ty, c)
