"""The firmware side of the simulator: runs the app on the `sim` board and
talks to tools/sim.py over standard input and output, one command a line.
It runs under the MicroPython unix port (the default) or CPython (with the
framebuf shim), and both must answer the same.

    t MS MASK    advance the clock to MS with the buttons in MASK held
    g NAME       deals from now on are of this game (fc-solve's name)
    d N          start deal N at once (skipping the title screen)
    seed N       the seed for random deals
    date Y M D   the board's clock says this date (the daily deal's day)
    frames 0|1   whether every shown frame is sent (interactive) or not
    f            send the current frame:  F WIDTH HEIGHT <hex of the MONO_VLSB buffer>
                 FLIP CONTRAST (all dark while the app has the display powered
                 off: asleep; then whether the panel is turned round, 1 or 0,
                 and its contrast, 0-255, as the app asked: the settings')
The display is 128x64 unless an argument says otherwise (72x40; `colour`
after a size: the Thumby Color's black, white and red, its frames 2 bits a
pixel, drivers/colour_screen.py); with
`wifi=NAME:PASSWORD` the board has Wi-Fi (UPLOAD RESULTS) and that network
is in reach (tools/netshim/network.py: only the join is pretend); with
`flash=DIR` the game, statistics and settings are kept in DIR as a board
keeps them on its flash (app/storage.py), so a second run resumes.
    s            send the position as tools/fc.py replay prints it, then '.'
    (with the argument `quit`, the board has a menu of its own: QUIT on the
    title sends Q and ends the run)
    lines        send the lines of a page of text on screen (UPLOAD RESULTS'),
                 then '.'
    save         save what is unsaved now, as leaving the table does
    sounds       send what the buzzer played since the last ask (with the
                 argument `buzzer`, the Thumby's: a board with one):
                 S MS:HZ ... (HZ 0: silent from MS on)
    q            quit (with flash=DIR: a power cut, what is unsaved is lost)
"""

import sys

_HERE = (globals().get("__file__") or sys.argv[0]).rsplit("/", 1)
_TOOLS = _HERE[0] if len(_HERE) > 1 else "."
sys.path.insert(0, _TOOLS + "/..")
sys.path.insert(0, _TOOLS + "/../firmware/lib")
if sys.implementation.name != "micropython":
    sys.path.insert(0, _TOOLS + "/shims")

from binascii import hexlify  # noqa: E402

from boards import sim  # noqa: E402
from app.app import App  # noqa: E402
from app.storage import Storage
from drivers.flash_files import FlashFiles  # noqa: E402
from freecell import notation  # noqa: E402

SEND_FRAMES = [False]


def send_frame(display):
    """What the panel shows: the frame, or nothing when it is powered off."""
    data = display.buffer if display.powered else bytes(len(display.buffer))
    sys.stdout.write("F %d %d %s %d %d\n" % (display.width, display.height, hexlify(data).decode(),
                                             1 if display.flipped else 0, display.contrast_level))


def on_show(display):
    if SEND_FRAMES[0]:
        send_frame(display)


def _colour_display(width, height):
    """The simulator's colour screen (the argument `colour`): the Thumby
    Color's inks (drivers/colour_screen.py), its 2-bit frame sent as it is;
    here, not in boards/sim.py, which the heap soaks boot."""
    from drivers.colour_screen import ColourScreen

    class SimColourDisplay(ColourScreen):
        contrast = sim.SimDisplay.contrast
        flip = sim.SimDisplay.flip
        poweroff = sim.SimDisplay.poweroff
        poweron = sim.SimDisplay.poweron
        show = sim.SimDisplay.show

    screen = SimColourDisplay(width, height)
    screen.shown, screen.on_show, screen.powered = 0, None, True
    screen.contrast_level, screen.flipped = 0x7F, False
    return screen


def _leave():
    sys.stdout.write("Q\n")  # (the board's own menu would start now)
    raise SystemExit


def _station():
    import network

    return network.WLAN(network.STA_IF)


def main():
    display = sim.display
    storage = pwm = buzzer = wifi = leave = None
    for arg in sys.argv[1:]:
        if arg.startswith("wifi="):
            sys.path.insert(0, _TOOLS + "/netshim")
            import network

            name, _, password = arg[5:].partition(":")
            network.REACH = (name, password)
            wifi = _station
            continue
        if arg == "buzzer":
            from drivers.buzzer import Buzzer

            sys.path.append(_TOOLS)
            from sim_pwm import SimPWM

            pwm = SimPWM()
            buzzer = Buzzer(pwm)
        elif arg.startswith("flash="):
            storage = Storage(FlashFiles(arg[6:]))
        elif "x" in arg:
            width, height = arg.split("x")
            display = sim.SimDisplay(int(width), int(height))
        elif arg == "colour":  # the Thumby Color's inks (its 128x128 unless a size came first)
            display = _colour_display(display.width, display.height)
        elif arg == "quit":  # a board with a menu of its own: QUIT on the title ends the run
            leave = _leave
    display.on_show = on_show
    app = App(display, sim.keys, sim.seed(), None, storage, buzzer=buzzer, wifi=wifi,
              quit=leave)
    app.tick(0)
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "t":
            sim.keys.mask = int(words[2])
            if pwm:
                pwm.now = int(words[1])
            app.tick(int(words[1]))
        elif cmd == "g":
            from freecell.variants import by_name

            app.keeper.settings.variant_id = by_name(words[1]).id
        elif cmd == "d":
            app.new_game(words[1])
            app.redraw()
        elif cmd == "seed":
            app.deal_seed = int(words[1]) & 0xFFFF
        elif cmd == "date":
            date = (int(words[1]), int(words[2]), int(words[3]))
            app.today = lambda: date
        elif cmd == "frames":
            SEND_FRAMES[0] = words[1] == "1"
        elif cmd == "f":
            send_frame(display)
        elif cmd == "s":
            sys.stdout.write(notation.position_text(app.game) + "\n.\n")
        elif cmd == "lines":  # a page of lines' text (UPLOAD RESULTS'), one a line, then '.'
            for text in getattr(app.screen, "lines", ()):
                sys.stdout.write(bytes(text).decode() + "\n")
            sys.stdout.write(".\n")
        elif cmd == "save":
            app.keeper.flush(app.game)
        elif cmd == "sounds":
            changes = pwm.changes if pwm else ()
            sys.stdout.write("S" + "".join(" %d:%d" % c for c in changes) + "\n")
            if pwm:
                pwm.changes = []
        elif cmd == "q":
            break
        else:
            sys.stdout.write("E unknown command " + cmd + "\n")
        if hasattr(sys.stdout, "flush"):
            sys.stdout.flush()


main()
