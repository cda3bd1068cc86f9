"""The simulator's board: a 128x64 frame in memory and keys set by the host.

Same contract as a real board.  tools/simrun.py sets `keys.mask` and gets
each shown frame through `display.on_show`; asked for a buzzer, it gives the
app drivers.buzzer's on tools/sim_pwm.py's SimPWM and reads back what it
played (a module of its own: this board is the small-heap bench's too).
"""

import framebuf

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)


class SimDisplay(framebuf.FrameBuffer):
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.shown = 0
        self.on_show = None
        self.powered = True  # what the app asked of the panel, for tests
        self.contrast_level = 0x7F
        self.flipped = False

    def contrast(self, value):
        self.contrast_level = value

    def flip(self, on):
        self.flipped = bool(on)

    def poweroff(self):
        self.powered = False

    def poweron(self):
        self.powered = True

    def show(self):
        self.shown += 1
        if self.on_show:
            self.on_show(self)


class SimKeys:
    def __init__(self):
        self.mask = 0

    def get_pressed(self):
        return self.mask


display = SimDisplay()
keys = SimKeys()


def seed():
    return 1
