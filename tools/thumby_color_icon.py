"""The Thumby Color launcher's icon for FreeCell, drawn by the game's own
painter in the game's own inks (app/paint.py on drivers/colour_screen.py:
white card faces, red signs), 64x64 as TinyCircuits' arcade games have it,
written as a 16-bit RGB565 BMP (BI_BITFIELDS), the format the firmware's
own assets use.  Runs under the MicroPython unix port (its framebuf has the
2-bit format); tools/flash.py runs it when it lays the game out:

    micropython tools/thumby_color_icon.py OUT.bmp
"""

import struct
import sys

_HERE = (globals().get("__file__") or sys.argv[0]).rsplit("/", 1)
_TOOLS = _HERE[0] if len(_HERE) > 1 else "."
sys.path.insert(0, _TOOLS + "/../firmware/lib")

from app.paint import Painter  # noqa: E402
from drivers.colour_screen import INKS, ColourScreen  # noqa: E402

SIZE = 64
# three cards in a row (card = rank * 4 + suit; suits clubs, diamonds,
# hearts, spades): the king of spades, the queen of diamonds, the ace of hearts
FAN = ((51, 1, 4), (45, 22, 9), (2, 43, 14))
CARD_W, CARD_H = 20, 34


def draw():
    screen = ColourScreen(SIZE, SIZE)
    p = Painter(screen, True)
    screen.fill(0)
    for card, x, y in FAN:
        screen.rect(x - 1, y - 1, CARD_W + 2, CARD_H + 2, 0)  # a dark edge between the cards
        p.card(card, x, y, CARD_W, CARD_H)
    p.centre(b"FREECELL", SIZE - p.glyph_h - 3)
    return screen


def bmp(screen):
    """The screen as a BMP: bottom-up rows of little-endian RGB565."""
    w, h = screen.width, screen.height
    pixels = bytearray(w * h * 2)
    at = 0
    for y in range(h - 1, -1, -1):
        for x in range(w):
            struct.pack_into("<H", pixels, at, INKS[screen.pixel(x, y)])
            at += 2
    head = 14 + 40 + 12
    return (b"BM" + struct.pack("<IHHI", head + len(pixels), 0, 0, head)
            + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 16, 3, len(pixels), 2835, 2835, 0, 0)
            + struct.pack("<III", 0xF800, 0x07E0, 0x001F) + bytes(pixels))


def main():
    with open(sys.argv[1], "wb") as f:
        f.write(bmp(draw()))


if __name__ == "__main__":
    main()
