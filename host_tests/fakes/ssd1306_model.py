"""A model of the SSD1306 controller: it decodes the command and data stream a
driver sends (over I2C control bytes, or SPI with the D/C pin) into its 128x64
display memory, and renders what a panel of a given size and column offset
shows.  Runs on CPython and MicroPython."""

# commands followed by argument bytes
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
         0xD9: 1, 0xDA: 1, 0xDB: 1}


class SSD1306Model:
    def __init__(self):
        self.ram = bytearray(128 * 8)  # 8 pages of 128 columns
        self.on = False
        self.contrast = 0x7F
        self.seg_remap = 0
        self.com_reversed = 0
        self.inverted = 0
        self.mux = 64
        self.mode = 2  # page addressing until set
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col, self.page = 0, 0
        self.pending = []  # a command waiting for its arguments
        self.commands = 0
        self.data_bytes = 0
        self.dc = None
        self.cs = None

    # -- the buses -----------------------------------------------------------

    def i2c_write(self, buf):
        i = 0
        while i < len(buf):
            control = buf[i]
            i += 1
            if control & 0x40:  # data: the rest of the transfer
                for b in buf[i:]:
                    self.data(b)
                return
            if control & 0x80:  # one command byte, then another control byte
                self.command(buf[i])
                i += 1
            else:  # commands: the rest of the transfer
                for b in buf[i:]:
                    self.command(b)
                return

    def pin_changed(self, pin):
        if pin.id in (17,):  # the D/C line in these tests' wiring
            self.dc = pin.level

    def spi_write(self, buf):
        for b in buf:
            if self.dc:
                self.data(b)
            else:
                self.command(b)

    # -- the controller ---------------------------------------------------------

    def command(self, b):
        self.commands += 1
        if self.pending:
            self.pending.append(b)
            if len(self.pending) == _ARGS[self.pending[0]] + 1:
                self.apply(self.pending)
                self.pending = []
            return
        if b in _ARGS:
            self.pending = [b]
        elif b in (0xAE, 0xAF):
            self.on = b == 0xAF
        elif b in (0xA0, 0xA1):
            self.seg_remap = b & 1
        elif b in (0xC0, 0xC8):
            self.com_reversed = 1 if b == 0xC8 else 0
        elif b in (0xA6, 0xA7):
            self.inverted = b & 1

    def apply(self, cmd):
        op = cmd[0]
        if op == 0x20:
            self.mode = cmd[1]
        elif op == 0x21:
            self.col_start, self.col_end = cmd[1], cmd[2]
            self.col = cmd[1]
        elif op == 0x22:
            self.page_start, self.page_end = cmd[1], cmd[2]
            self.page = cmd[1]
        elif op == 0x81:
            self.contrast = cmd[1]
        elif op == 0xA8:
            self.mux = cmd[1] + 1

    def data(self, b):
        self.data_bytes += 1
        self.ram[self.page * 128 + self.col] = b
        if self.col < self.col_end:
            self.col += 1
        else:
            self.col = self.col_start
            self.page = self.page + 1 if self.page < self.page_end else self.page_start

    # -- what the panel shows -----------------------------------------------------

    def pixel(self, x, y, width, height, offset):
        """Pixel (x, y) as seen on a width x height panel wired to columns
        offset.. of the controller.  SEG remap with COM scan reversed is the
        upright picture; both off turns it 180 degrees."""
        if not self.seg_remap and not self.com_reversed:
            x, y = width - 1 - x, height - 1 - y
        b = self.ram[(y >> 3) * 128 + offset + x]
        return ((b >> (y & 7)) & 1) ^ self.inverted

    def image(self, width, height, offset=0):
        """The panel's picture as MONO_VLSB bytes, comparable with a frame."""
        out = bytearray(width * height // 8)
        for y in range(height):
            for x in range(width):
                if self.pixel(x, y, width, height, offset):
                    out[(y >> 3) * width + x] |= 1 << (y & 7)
        return out
