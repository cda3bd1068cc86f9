"""CircuitPython on a Raspberry Pi Pico (or any RP2040 board) with an SSD1306
128x64 on I2C, through Adafruit's displayio libraries.  Deployed as
game_board.py (CircuitPython's own `board` module names the pins).  Wired
exactly as the MicroPython build: the table is boards/pico_ssd1306.py's (OLED
SDA GP4, SCL GP5; UP DOWN LEFT RIGHT A B START SELECT on GP10-GP17).

Libraries: adafruit_displayio_ssd1306 (i2cdisplaybus is built into
CircuitPython 9+); make flash-cp finds it among what this module imports and
copies it, with whatever it requires, from Adafruit's bundle as PyPI has it.
"""


import board
import busio
import displayio
import i2cdisplaybus
import keypad
import adafruit_displayio_ssd1306

import microcontroller

from drivers.key_names import bits
from drivers.bitmap_canvas import BitmapCanvas
from drivers.keypad_keys import KeypadKeys

FIRMWARE = "circuitpython"  # make flash-cp fills its CIRCUITPY drive (tools/flash_cp.py)

displayio.release_displays()  # the REPL's, if any
i2c = busio.I2C(board.GP5, board.GP4, frequency=400000)  # SCL, SDA
bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=0x3C)
display = BitmapCanvas(adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64,
                                                          auto_refresh=False), 128, 64)
_PINS = (board.GP10, board.GP11, board.GP12, board.GP13, board.GP14, board.GP15, board.GP16,
         board.GP17)
# scanned (and so debounced) every 10 ms, not keypad's 20: a press reaches
# the app 5 ms sooner on average, and tactile buttons settle within 5
keys = KeypadKeys(keypad.Keys(_PINS, value_when_pressed=False, pull=True, interval=0.01),
                  bits(("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")))  # GP10-17
# the game, statistics and settings in nvm (code cannot write CIRCUITPY); no
# room there for the result log, so no moves are logged for it
nvm = microcontroller.nvm
LOG_CAPACITY = 0


def seed():
    """Different at every boot."""
    from os import urandom

    return urandom(1)[0] << 8 | urandom(1)[0]
