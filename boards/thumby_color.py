"""TinyCircuits Thumby Color: a 128x128 colour screen, D-pad, A, B, LB, RB,
MENU, an RTC, through TinyCircuits' Tiny Game Engine (their MicroPython
fork: engine_main, engine_draw, engine_io, engine_time, engine_audio).

The app draws in black, white and red (drivers/colour_screen.py: a 2-bit
frame buffer, as the PyBadge's colour layout has them); show() turns them
into RGB565 in one blit onto a texture that is the engine's background:
every engine tick presents it, so the frame shown and the buttons read (the
engine samples them once a tick) go together.  LB is START (the menu), RB SELECT (the quick move),
MENU the menu too.  The daily deal's date is the RTC's (engine_time), never
asked; QUIT resets to the launcher, as the firmware expects of a game that
ends.  FreeCell is a Thumby Color game: `make flash BOARD=thumby_color`
lays it out in HOME (FreeCell.py, this module as board.mpy, the packages,
manifest.ini and icon.bmp), the saves in SAVES.
"""

import engine_main  # noqa: F401  (the engine starts: a game's first import)

import engine
import engine_audio
import engine_draw
import engine_io
import engine_time
import framebuf
from engine_resources import TextureResource, ToneSoundResource

from drivers.buzzer import Buzzer
from drivers.colour_screen import ColourScreen
from drivers.flash_files import FlashFiles
from freecell.compat import ticks_us

FIRMWARE = "micropython"  # make flash puts it on a board (tools/flash.py)
CHIP = "rp2350"
PORT_BOARD = "THUMBY_COLOR"  # TinyCircuits' firmware (make uf2 builds only RPI_PICO)
HOME = "/Games/FreeCell"  # where tools/flash.py lays the game out
SAVES = "/Saves/Games/FreeCell"  # where the firmware keeps a game's saves
# the launcher's manifest (the file it starts: tools/flash.py's starter) and
# the tool that draws its 64x64 icon
MANIFEST = "name=FreeCell\nmain=FreeCell.py\nicon=icon.bmp\n"
ICON = "tools/thumby_color_icon.py"
FPS = 60  # engine ticks a second at most: a frame shows within 17 ms of show()
files = FlashFiles("../../Saves/Games/FreeCell")  # (relative: the game runs in HOME)

class EngineKeys:
    """The buttons as the engine reads them, once an engine tick (asked
    for here: the tick also presents the last frame shown)."""

    debounce_ms = 0  # the engine's button state machine debounces them

    def __init__(self):
        b = engine_io
        # in drivers.key_names.BUTTONS order: UP DOWN LEFT RIGHT A B START SELECT
        self.buttons = ((b.UP, 1), (b.DOWN, 2), (b.LEFT, 4), (b.RIGHT, 8), (b.A, 16),
                        (b.B, 32), (b.LB, 64), (b.MENU, 64), (b.RB, 128))

    def get_pressed(self):
        engine.tick()
        mask = 0
        for button, bit in self.buttons:
            if button.is_pressed:
                mask |= bit
        return mask


class TonePWM:
    """drivers.buzzer's PWM, played as a tone on the engine's channel 0."""

    def __init__(self):
        self.tone = ToneSoundResource()
        self.on = False
        self.hz = 0  # the pitch asked (the engine takes it at the wave's next crossing)

    def freq(self, hz):
        self.hz = hz
        self.tone.frequency = hz

    def duty_u16(self, duty):
        if duty and not self.on:
            engine_audio.play(self.tone, 0, True)
        elif not duty and self.on:
            engine_audio.stop(0)
        self.on = bool(duty)


engine.fps_limit(FPS)
# the frame the engine presents at every tick: its background texture
texture = TextureResource(128, 128, 0, 16)
engine_draw.set_background(texture)
display = ColourScreen(128, 128, framebuf.FrameBuffer(texture.data, 128, 128, framebuf.RGB565))
keys = EngineKeys()
buzzer = Buzzer(TonePWM())


def seed():
    """Different at every boot: the free-running microsecond counter."""
    return ticks_us()


def clock():
    """(year, month, day) as the RTC reads."""
    t = engine_time.datetime()
    return t[0], t[1], t[2]


def quit():
    """Back to the launcher: the firmware starts it after a reset."""
    engine.reset()
