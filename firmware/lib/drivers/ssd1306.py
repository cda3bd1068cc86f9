"""SSD1306 OLED driver over I2C or SPI, on top of framebuf.

The display is a framebuf.FrameBuffer (MONO_VLSB, the controller's own page
layout) that the app draws into; show() sends what changed since the last
show(): the frame is cut into bands of 32 columns by one page (8 rows), each
compared with a copy of what the panel holds, and only the bands that differ
go out, each in its own address window.  A cursor move changes two or three
bands: about 100 bytes instead of 1 KB, 2-3 ms on a 400 kHz I2C bus instead
of 23 (make bench: pico_press_ms, pico_press_bytes).  When most bands
changed, or the panel's memory is unknown (after init), the whole frame goes
in one transfer.  All buffers and views are allocated in __init__ (about 3 KB
on a 32-bit board with the copy): show() allocates nothing.  Panels narrower
than the controller's 128 columns (the Thumby's 72x40) sit at a column offset
in its memory.
"""

import framebuf
from freecell.compat import const, sleep_ms

_SET_CONTRAST = const(0x81)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MEMORY_MODE = const(0x20)  # then 0: horizontal addressing
_COLUMN_ADDR = const(0x21)  # then first and last column
_PAGE_ADDR = const(0x22)  # then first and last page
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA0)  # | 1: column 127 is SEG0
_MUX_RATIO = const(0xA8)
_IREF = const(0xAD)
_COM_SCAN_DEC = const(0xC8)
_COM_SCAN_INC = const(0xC0)
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOM_DETECT = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_BAND = const(32)  # columns in a band: the unit show() compares and sends


class DisplayNotFound(Exception):
    """The display did not answer: the board is wired wrong or not powered."""


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, width, height, external_vcc=False, column_offset=0):
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.column_offset = column_offset
        # the address window show() sets: columns, then pages
        self.window = bytearray(6)
        self.sent = bytearray(len(self.buffer))  # what the panel holds
        self.known = False  # whether `sent` is right (not before the first show)
        # each band as (its bytes in the frame, in `sent`): views made once
        mine, theirs = memoryview(self.buffer), memoryview(self.sent)
        self.bands = []
        for at in range(0, len(self.buffer), width):
            for x in range(0, width, _BAND):
                n = min(_BAND, width - x)
                self.bands.append((mine[at + x:at + x + n], theirs[at + x:at + x + n]))
        self.per_page = len(self.bands) // self.pages
        self.dirty = bytearray(len(self.bands))  # show()'s list of bands to send
        self.flipped = False
        self.init_display()

    def init_display(self):
        for cmd in (
            _DISPLAY_OFF,
            _MEMORY_MODE, 0x00,
            _START_LINE,
            _SEG_REMAP | 1,
            _MUX_RATIO, self.height - 1,
            _COM_SCAN_DEC,
            _DISPLAY_OFFSET, 0x00,
            # COM pins: sequential for 32-row panels, alternative for 40 and 64
            _COM_PINS, 0x02 if self.height == 32 else 0x12,
            _CLOCK_DIV, 0x80,
            _PRECHARGE, 0x22 if self.external_vcc else 0xF1,
            _VCOM_DETECT, 0x30,
            _SET_CONTRAST, 0x7F,
            _ENTIRE_ON_RESUME,
            _NORMAL,
            _IREF, 0x30,  # internal current reference (the 72x40 panel needs it)
            _CHARGE_PUMP, 0x10 if self.external_vcc else 0x14,
            _DISPLAY_ON,
        ):
            self.write_cmd(cmd)
        self.known = False
        self.fill(0)
        self.show()

    def poweroff(self):
        self.write_cmd(_DISPLAY_OFF)

    def poweron(self):
        self.write_cmd(_DISPLAY_ON)

    def contrast(self, value):
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(value & 0xFF)

    def invert(self, on):
        self.write_cmd(_NORMAL | (1 if on else 0))

    def flip(self, on):
        """Turn the picture 180 degrees, for a board mounted upside down."""
        self.flipped = bool(on)
        self.write_cmd(_SEG_REMAP | (0 if on else 1))
        self.write_cmd(_COM_SCAN_INC if on else _COM_SCAN_DEC)

    def show(self):
        """Send what changed since the last show()."""
        bands, dirty = self.bands, self.dirty
        n = 0
        if self.known:
            for i in range(len(bands)):
                mine, theirs = bands[i]
                if mine != theirs:  # compared in C, no copy made
                    dirty[n] = i
                    n += 1
        if not self.known or n > len(bands) // 2:
            self.set_window(0, self.width - 1, 0, self.pages - 1)
            self.write_data(self.buffer)
            self.sent[:] = self.buffer
            self.known = True
            return
        for k in range(n):
            i = dirty[k]
            mine, theirs = bands[i]
            x = (i % self.per_page) * _BAND
            page = i // self.per_page
            self.set_window(x, x + len(mine) - 1, page, page)
            self.write_data(mine)
            theirs[:] = mine

    def set_window(self, x0, x1, page0, page1):
        """Where the next data goes: columns x0..x1 of pages page0..page1."""
        w = self.window
        w[0] = _COLUMN_ADDR
        w[1] = self.column_offset + x0
        w[2] = self.column_offset + x1
        w[3] = _PAGE_ADDR
        w[4] = page0
        w[5] = page1
        self.write_cmds(w)


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False, column_offset=0):
        self.i2c = i2c
        self.addr = addr
        self.temp = bytearray(2)
        self.data = [b"\x40", None]  # control byte: the rest is display data
        self.cmds = [b"\x00", None]  # control byte: the rest is commands
        super().__init__(width, height, external_vcc, column_offset)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80  # control byte: one command follows
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)

    def write_cmds(self, buf):
        """Several commands in one transfer."""
        self.cmds[1] = buf
        self.i2c.writevto(self.addr, self.cmds)

    def write_data(self, buf):
        self.data[1] = buf
        self.i2c.writevto(self.addr, self.data)


class SSD1306_SPI(SSD1306):
    def __init__(self, width, height, spi, dc, res, cs, external_vcc=False, column_offset=0):
        self.spi = spi
        self.dc = dc
        self.res = res
        self.cs = cs
        self.temp = bytearray(1)
        dc.init(dc.OUT, value=0)
        cs.init(cs.OUT, value=1)
        res.init(res.OUT, value=1)
        self.reset()
        super().__init__(width, height, external_vcc, column_offset)

    def reset(self):
        pulse_reset(self.res)

    def write_cmd(self, cmd):
        self.temp[0] = cmd
        self.send(0, self.temp)

    def write_cmds(self, buf):
        self.send(0, buf)

    def write_data(self, buf):
        self.send(1, buf)

    def send(self, dc, buf):
        """One transfer: D/C low for commands, high for display data."""
        self.cs(1)
        self.dc(dc)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)


def find_on_i2c(i2c, addr, where):
    """Raise DisplayNotFound with the wiring to check when nothing answers."""
    try:
        found = i2c.scan()
    except OSError:
        found = []
    if addr not in found:
        raise DisplayNotFound(
            "no display answers at 0x%02X on %s; check its wiring and power" % (addr, where)
        )


def i2c_display(i2c, width, height, addr, where, column_offset=0):
    """Check that the display answers, then drive it."""
    find_on_i2c(i2c, addr, where)
    return SSD1306_I2C(width, height, i2c, addr, column_offset=column_offset)


def pulse_reset(res):
    """Start the controller over through its RESET line (an output pin):
    low for 10 ms, then high, where it must stay for the panel to run."""
    res(1)
    sleep_ms(1)
    res(0)
    sleep_ms(10)
    res(1)
