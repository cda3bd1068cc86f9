"""Raspberry Pi Pico / Pico W / Pico 2 with an SSD1306 128x64 on I2C0.

The reference build: a 0.96" or 1.3" SSD1306 OLED at address 0x3C, and push
buttons from a GPIO to GND (the internal pull-ups are used; no resistors).

    OLED VCC   3V3(OUT)  pin 36        OLED GND   GND       pin 38
    OLED SDA   GP4       pin 6         OLED SCL   GP5       pin 7
    UP         GP10      pin 14        DOWN       GP11      pin 15
    LEFT       GP12      pin 16        RIGHT      GP13      pin 17
    A          GP14      pin 19        B          GP15      pin 20
    START      GP16      pin 21        SELECT     GP17      pin 22   (optional)
"""

from machine import I2C, Pin

from drivers.keys import PinKeys
from freecell.compat import ticks_us
from drivers.ssd1306 import SSD1306_I2C, find_on_i2c

WIDTH = 128
HEIGHT = 64
ADDRESS = 0x3C

i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)
find_on_i2c(i2c, ADDRESS, "I2C0 (SDA GP4, SCL GP5)")
display = SSD1306_I2C(WIDTH, HEIGHT, i2c, ADDRESS)


def _button(gp):
    return Pin(gp, Pin.IN, Pin.PULL_UP)


keys = PinKeys([_button(10), _button(11), _button(12), _button(13),  # up down left right
                _button(14), _button(15), _button(16), _button(17)])  # A B START SELECT


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()
