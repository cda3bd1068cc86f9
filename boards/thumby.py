"""TinyCircuits Thumby: SSD1306 72x40, six buttons, no START/SELECT.

Two revisions, told apart as TinyCircuits' own library tells them
(thumbyHardware.py): the id pins GP15, GP14, GP13 and GP12 are read with
their pull-ups, each that reads low adding 1, 2, 4, 8, then left pulled down.
Id 0 has the panel on I2C0 at 1 MHz; any other id on SPI0.

    id 0:  OLED SDA   GP16   OLED SCL   GP17   OLED RESET GP18   (I2C0, 0x3C)
    else:  OLED SCK   GP18   OLED MOSI  GP19   OLED DC    GP17
           OLED CS    GP16   OLED RESET GP20                     (SPI0)
    LEFT       GP3         RIGHT      GP5         UP         GP4
    DOWN       GP6         A          GP27        B          GP24
The panel is the middle 72 columns (28..99) of the controller's 128.  With no
START or SELECT, hold B for the menu and hold A for the quick action.  The
buzzer is on GP28 (PWM): the game's sounds, and a SOUND setting, unless the
Thumby's own menu has turned sound off.

FreeCell is a Thumby game like the others: `make flash BOARD=thumby` puts
it in HOME (FreeCell.py, this module as board.mpy, the packages beside them;
the Thumby's own /lib and its launcher, the root main.py, are left alone),
the saves go in /Saves/FreeCell, and QUIT resets the Thumby, which starts
its menu again.
"""

from machine import I2C, PWM, SPI, Pin, mem32, reset

from drivers.buzzer import Buzzer
from drivers.flash_files import FlashFiles
from drivers.keys import RP2040_GPIO_IN, pull_up_keys
from drivers.ssd1306 import SSD1306_SPI, i2c_display, pulse_reset
from freecell.compat import ticks_us

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)
CHIP = "rp2040"  # make uf2 builds it a one-file firmware (tools/uf2.py)

HOME = "/Games/FreeCell"  # where tools/flash.py lays the game out
SAVES = "/Saves/FreeCell"  # where Thumby games keep their files
files = FlashFiles(SAVES)

ID_PINS = (15, 14, 13, 12)  # id bits 1, 2, 4, 8


def hardware_id():
    """The board's revision id (0: the panel on I2C)."""
    found = 0
    for bit in range(len(ID_PINS)):
        pin = Pin(ID_PINS[bit], Pin.IN, Pin.PULL_UP)
        if not pin.value():
            found |= 1 << bit
        pin.init(Pin.IN, Pin.PULL_DOWN)
    return found


HARDWARE_ID = hardware_id()
if HARDWARE_ID:
    spi = SPI(0, baudrate=10000000, sck=Pin(18), mosi=Pin(19))
    display = SSD1306_SPI(72, 40, spi, dc=Pin(17), res=Pin(20), cs=Pin(16), column_offset=28)
else:
    pulse_reset(Pin(18, Pin.OUT, value=1))
    i2c = I2C(0, sda=Pin(16), scl=Pin(17), freq=1000000)
    display = i2c_display(i2c, 72, 40, 0x3C, "I2C0 (SDA GP16, SCL GP17)", column_offset=28)
keys = pull_up_keys(Pin, (mem32, RP2040_GPIO_IN),  # read in one go; no START, SELECT
                    UP=4, DOWN=6, LEFT=3, RIGHT=5, A=27, B=24)


def muted(cfg="/thumby.cfg"):
    """The Thumby's own menu has its sound off ("audioenabled,0" in its
    settings file, which TinyCircuits' library reads as well)."""
    try:
        with open(cfg) as f:
            return "audioenabled,0" in f.read()
    except OSError:  # no such file: a Thumby set up without the menu
        return False


# the buzzer on GP28 (PWM slice 6, channel A); none, and no SOUND setting,
# where the Thumby's menu has muted every game
buzzer = None if muted() else Buzzer(PWM(Pin(28)))


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()


def quit():
    """Back to the Thumby's menu: its launcher starts after a reset."""
    reset()
