"""ESP32 dev board (DevKitC / WROOM-32 pinout) with an SSD1306 128x64 on I2C.

Buttons from a GPIO to GND with the internal pull-ups; pins chosen to avoid
the strapping pins (0, 2, 12, 15) and the input-only ones (34-39, no pull-up).

    OLED VCC   3V3         OLED GND   GND
    OLED SDA   GPIO21      OLED SCL   GPIO22
    UP         GPIO32      DOWN       GPIO33
    LEFT       GPIO25      RIGHT      GPIO26
    A          GPIO27      B          GPIO14
    START      GPIO13      SELECT     GPIO4     (optional)
"""

from machine import I2C, Pin

from drivers.keys import PinKeys
from freecell.compat import ticks_us
from drivers.ssd1306 import SSD1306_I2C, find_on_i2c

WIDTH = 128
HEIGHT = 64
ADDRESS = 0x3C

i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400000)
find_on_i2c(i2c, ADDRESS, "I2C0 (SDA GPIO21, SCL GPIO22)")
display = SSD1306_I2C(WIDTH, HEIGHT, i2c, ADDRESS)


def _button(gpio):
    return Pin(gpio, Pin.IN, Pin.PULL_UP)


keys = PinKeys([_button(32), _button(33), _button(25), _button(26),  # up down left right
                _button(27), _button(14), _button(13), _button(4)])  # A B START SELECT


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()
