"""A colour screen the app draws on as it draws on a 1-bit one: a 2-bit
frame buffer (GS2_HMSB, a quarter of RGB565's bytes) whose inks are black
(0), white (1) and red (2), as the PyBadge's colour layout uses them (white
card faces, red cards' signs red: app/paint.py draws in red through
red_ink, the blit palette that turns a glyph's lit pixels red and leaves its
background out).  show() turns the inks into RGB565 through a palette, in
one blit, onto `target` (a framebuf.FrameBuffer in RGB565: the Thumby
Color's engine texture); the simulator's colour board has none and sends
the 2-bit frame itself.
"""

import framebuf

INKS = (0x0000, 0xFFFF, 0xF800, 0x0000)  # black, white, red (RGB565); 3 unused


class ColourScreen(framebuf.FrameBuffer):
    def __init__(self, width, height, target=None):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 4)
        super().__init__(self.buffer, width, height, framebuf.GS2_HMSB)
        self.red_ink = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS2_HMSB)
        self.red_ink.pixel(0, 0, 1)  # a glyph's background: the blit's key, left out
        self.red_ink.pixel(1, 0, 2)
        self.target = target
        self.palette = None
        if target is not None:
            self.palette = framebuf.FrameBuffer(bytearray(8), 4, 1, framebuf.RGB565)
            for i in range(4):
                self.palette.pixel(i, 0, INKS[i])

    def show(self):
        if self.target is not None:
            self.target.blit(self, 0, 0, -1, self.palette)
