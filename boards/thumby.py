"""TinyCircuits Thumby: SSD1306 72x40 on SPI0, six buttons, no START/SELECT.

    OLED SCK   GP18        OLED MOSI  GP19        OLED DC    GP17
    OLED CS    GP16        OLED RESET GP20
    LEFT       GP3         RIGHT      GP5         UP         GP4
    DOWN       GP6         A          GP27        B          GP24
The panel is the middle 72 columns (28..99) of the controller's 128.  With no
START or SELECT, hold B for the menu and hold A for the quick action.
"""

from machine import SPI, Pin

from drivers.keys import pull_up_keys
from drivers.ssd1306 import SSD1306_SPI
from freecell.compat import ticks_us

spi = SPI(0, baudrate=10000000, sck=Pin(18), mosi=Pin(19))
display = SSD1306_SPI(72, 40, spi, dc=Pin(17), res=Pin(20), cs=Pin(16), column_offset=28)
#                  up down left right A   B   START SELECT
keys = pull_up_keys(Pin, (4, 6, 3, 5, 27, 24, None, None))


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()
