"""Adafruit PyBadge / EdgeBadge under CircuitPython: the 160x128 colour TFT
(board.DISPLAY), where red cards are red, and its eight buttons on a shift
register.  Deployed as game_board.py (make flash-cp BOARD=pybadge).

    d-pad: UP DOWN LEFT RIGHT      A, B      START (menu), SELECT (quick)
"""

import board
import keypad

import microcontroller

from drivers.key_names import bits
from drivers.bitmap_canvas import BitmapCanvas
from drivers.keypad_keys import KeypadKeys

FIRMWARE = "circuitpython"  # make flash-cp fills its CIRCUITPY drive (tools/flash_cp.py)

board.DISPLAY.auto_refresh = False  # the app refreshes after it draws
display = BitmapCanvas(board.DISPLAY, 160, 128, colour=True)
# the shift register's order
_BITS = bits(("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"))
keys = KeypadKeys(keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                           latch=board.BUTTON_LATCH, key_count=8,
                                           value_when_pressed=True), _BITS)
nvm = microcontroller.nvm
LOG_CAPACITY = 0  # no room in nvm for the result log: no moves logged for it


def seed():
    from os import urandom

    return urandom(1)[0] << 8 | urandom(1)[0]
