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

from machine import I2C, Pin, mem32

from drivers.keys import RP2040_GPIO_IN, pull_up_keys
from drivers.ssd1306 import i2c_display
from freecell.compat import ticks_us

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)
CHIP = "rp2040"  # make uf2 builds it a one-file firmware (tools/uf2.py)

i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)
display = i2c_display(i2c, 128, 64, 0x3C, "I2C0 (SDA GP4, SCL GP5)")
keys = pull_up_keys(Pin, (mem32, RP2040_GPIO_IN),  # all eight read at once
                    UP=10, DOWN=11, LEFT=12, RIGHT=13, A=14, B=15, START=16, SELECT=17)


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()
