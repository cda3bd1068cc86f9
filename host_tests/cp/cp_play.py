"""Boot the CircuitPython build on the host (Blinka's displayio and
Adafruit's SSD1306 library, fake `board`, `busio` and `keypad`), press its
buttons and print what the panel shows after each press, as hex lines.

    cp_play.py BOARD KEYS...     BOARD: a board module of boards/ (cp_...);
                                 KEYS as tools/sim.py --keys takes them, and
                                 `reset`: the board starts again (its nvm kept);
                                 cw / ccw: the encoder turned a detent
A board with a built-in display (board.DISPLAY) gets one: CP_DISPLAY=ssd1306,
a 128x64 SSD1306 on the fake I2C bus (the MacroPad's stand-in), or tft160, a
160x128 colour panel whose canvas is printed (B lines: a byte a pixel,
colour indexes) instead of the SSD1306 model's F lines.
The first F line is the panel at boot (the title); then one a press (and
one after each reset); at the end `G won` or `G not won`."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# the fakes first (board, busio, keypad), then the firmware (or, with
# CP_DRIVE set, a CIRCUITPY drive's lib/ as make flash-cp filled it), then
# Adafruit's libraries (tools/circuitpython.py install): Blinka's displayio
DRIVE = os.environ.get("CP_DRIVE")
sys.path[:0] = [HERE,
                os.path.join(DRIVE, "lib") if DRIVE else os.path.join(ROOT, "firmware", "lib"),
                os.path.join(ROOT, "host_tests", "fakes"), os.path.join(ROOT, "build", "cp-libs")]
import busio  # noqa: E402  (the fake)
import keypad  # noqa: E402
from ssd1306_model import SSD1306Model  # noqa: E402

BUTTONS = {"up": 0, "down": 1, "left": 2, "right": 3, "a": 4, "b": 5, "start": 6, "select": 7}


class FakeTFT:
    """A built-in colour display (the PyBadge's ST7735R) as displayio's
    displays look to the app: what it shows is the canvas's bitmap."""

    width, height = 160, 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


def built_in_display():
    import board

    kind = os.environ.get("CP_DISPLAY")
    if kind == "ssd1306":
        import i2cdisplaybus
        import adafruit_displayio_ssd1306

        bus = i2cdisplaybus.I2CDisplayBus(busio.I2C(board.SCL, board.SDA), device_address=0x3C)
        board.DISPLAY = adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64)
    elif kind == "tft160":
        board.DISPLAY = FakeTFT()


def boot(board_name):
    import importlib.util

    busio.MODEL = SSD1306Model()
    built_in_display()
    path = os.path.join(DRIVE, "game_board.py") if DRIVE else os.path.join(
        ROOT, "boards", board_name + ".py")
    spec = importlib.util.spec_from_file_location("game_board", path)
    game_board = importlib.util.module_from_spec(spec)
    sys.modules["game_board"] = game_board
    spec.loader.exec_module(game_board)
    from freecell.game import Game
    from freecell.movelog import CAPACITY
    from app.app import App

    # as main.py boots it: the board's files (nvm) and log capacity
    from app.storage import Storage, board_files

    game = Game(log=getattr(game_board, "LOG_CAPACITY", CAPACITY))
    global KEY_NUMBERS
    scanner = getattr(game_board.keys, "keys", game_board.keys)  # an encoder's inner keys
    # the real keypad reports a press at its next scan (it debounces), this
    # fake at once: the simulator's 20 ms debounce here keeps the ticks of a
    # timed screen (the solver's progress) the MicroPython build's
    scanner.debounce_ms = 20
    KEY_NUMBERS = {name: scanner.bits.index(1 << button) for name, button in BUTTONS.items()
                   if 1 << button in scanner.bits}
    return App(game_board.display, game_board.keys, 1, game,
               Storage(board_files(game_board)))


KEY_NUMBERS = {}  # the board's key number of each of the app's buttons


def panel_of(app):
    if os.environ.get("CP_DISPLAY") == "tft160":
        return "B " + bytes(app.display.shown[i] for i in range(160 * 128)).hex()
    return panel()


def panel():
    """A line the test reads: 'F ' and the panel's MONO_VLSB bytes in hex
    (Blinka prints its own warnings on standard output too)."""
    return "F " + busio.MODEL.image(128, 64).hex()


def main(board_name, words):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from sim import parse_keys

    import rotaryio

    app = boot(board_name)
    now = 0
    app.tick(now)
    print(panel_of(app))
    for word in " ".join(words).split():
        if word == "reset":  # the power cycled: a new boot on the same nvm
            app = boot(board_name)
            app.tick(now)
            print(panel_of(app))
            continue
        if word in ("cw", "ccw"):
            rotaryio.TURNS[0] += 1 if word == "cw" else -1
            for _ in range(30):
                now += 10
                app.tick(now)
            print(panel_of(app))
            continue
        for each in parse_keys(word):
            now = press(app, each, now)
    print("G " + ("won" if app.game.is_won() else "not won"))


def press(app, word, now):
    """One press as tools/sim.py makes it (50 ms held, 700 for a long one,
    then 50 ms released; `wait`: 100 ms of nothing); prints the panel."""
    from sim import WAIT, WAIT_MS

    long = word.startswith("long-")
    if word != WAIT:
        keypad.PRESSED.add(KEY_NUMBERS[word[5:] if long else word])
    for _ in range(WAIT_MS // 10 if word == WAIT else 70 if long else 5):
        now += 10
        app.tick(now)
    keypad.PRESSED.clear()
    for _ in range(0 if word == WAIT else 5):
        now += 10
        app.tick(now)
    print(panel_of(app))
    return now


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
