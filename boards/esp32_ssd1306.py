"""ESP32 dev board (DevKitC / WROOM-32 pinout) with an SSD1306 128x64 on I2C.

Wi-Fi: UPLOAD RESULTS on the title (boards/pico_w_ssd1306.py says how).
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

from drivers.keys import pull_up_keys
from drivers.ssd1306 import i2c_display
from freecell.compat import ticks_us

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)
CHIP = "esp32"

i2c = I2C(0, sda=Pin(21), scl=Pin(22), freq=400000)
display = i2c_display(i2c, 128, 64, 0x3C, "I2C0 (SDA GPIO21, SCL GPIO22)")
keys = pull_up_keys(Pin, UP=32, DOWN=33, LEFT=25, RIGHT=26, A=27, B=14, START=13, SELECT=4)


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()


def wifi():
    """The Wi-Fi station for UPLOAD RESULTS (app/upload.py; upload.txt,
    which `make flash WIFI=name:password SERVER=url` writes, names the
    network and the leaderboard), made when an upload asks."""
    import network

    return network.WLAN(network.STA_IF)
