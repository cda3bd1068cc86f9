"""Raspberry Pi Pico W (or Pico 2 W) with an SSD1306 128x64 on I2C0: the
Pico's wiring (boards/pico_ssd1306.py), its own firmware (MicroPython's
RPI_PICO_W build, which has the Wi-Fi chip's driver and `network`), and
Wi-Fi for UPLOAD RESULTS (app/upload.py: the network and the leaderboard
named in upload.txt, which `make flash WIFI=name:password SERVER=url`
writes).  Wired as boards/pico_ssd1306.py's table says; the Wi-Fi chip
uses GPIO 23, 24, 25 and 29, none of those pins.  Its lines below are that
module's: a board module is copied to the board alone, as board.mpy.
"""

from machine import I2C, Pin, mem32

from drivers.keys import RP2040_GPIO_IN, pull_up_keys
from drivers.ssd1306 import i2c_display
from freecell.compat import ticks_us

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)
CHIP = "rp2040"
PORT_BOARD = "RPI_PICO_W"  # MicroPython's build for it (make uf2 builds only RPI_PICO)

i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)
display = i2c_display(i2c, 128, 64, 0x3C, "I2C0 (SDA GP4, SCL GP5)")
keys = pull_up_keys(Pin, (mem32, RP2040_GPIO_IN),  # all eight read at once
                    UP=10, DOWN=11, LEFT=12, RIGHT=13, A=14, B=15, START=16, SELECT=17)


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()


def wifi():
    """The Wi-Fi station (made when an upload asks: the radio stays off
    until then)."""
    import network

    return network.WLAN(network.STA_IF)
