"""Adafruit MacroPad RP2040 under CircuitPython: its built-in 128x64 display
(board.DISPLAY), its twelve keys and the rotary encoder.  Deployed as
game_board.py (make flash-cp BOARD=macropad).

    the keys, as they lie:      START   UP     SELECT       (menu, quick)
                                LEFT    DOWN   RIGHT
                                B       A      A
                                -       -      -
    the encoder: turned, left and right (a press a detent); pressed, A
"""

import board
import keypad
import rotaryio

import microcontroller

from drivers.key_names import bit, bits
from drivers.bitmap_canvas import BitmapCanvas
from drivers.keypad_keys import EncoderKeys, KeypadKeys

FIRMWARE = "circuitpython"  # make flash-cp fills its CIRCUITPY drive (tools/flash_cp.py)

board.DISPLAY.auto_refresh = False  # the app refreshes after it draws
display = BitmapCanvas(board.DISPLAY, 128, 64)
_PINS = (board.KEY1, board.KEY2, board.KEY3, board.KEY4, board.KEY5, board.KEY6, board.KEY7,
         board.KEY8, board.KEY9, board.KEY10, board.KEY11, board.KEY12, board.ENCODER_SWITCH)
_BITS = bits(("START", "UP", "SELECT", "LEFT", "DOWN", "RIGHT", "B", "A", "A", None, None, None,
              "A"))  # KEY1 ... KEY12, the encoder's switch
keys = EncoderKeys(KeypadKeys(keypad.Keys(_PINS, value_when_pressed=False, pull=True), _BITS),
                   rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B),
                   bit("LEFT"), bit("RIGHT"))
nvm = microcontroller.nvm
LOG_CAPACITY = 0  # no room in nvm for the result log: no moves logged for it


def seed():
    from os import urandom

    return urandom(1)[0] << 8 | urandom(1)[0]
