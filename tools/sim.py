#!/usr/bin/env python3
"""Play the firmware in a terminal, or drive it headless for tests and
screenshots.  The firmware runs unchanged in a child interpreter
(tools/simrun.py on the `sim` board): the MicroPython unix port from .venv,
or CPython with --python (also the fallback when MicroPython is missing).

    tools/sim.py                        play: arrows, z = A, x = B, Enter = START,
                                        Backspace = SELECT, Z / X = long A / B, q quits
    tools/sim.py --deal 617 --keys "right right a up a" --out frame.png [--state]
        press the buttons in order (up down left right a b start select,
        long-a / long-b for a long press, right*3 to repeat, wait for 100 ms
        with no button down: the solver thinks, "show me" plays), then write the
        frame: .png scaled up for people, .pbm (plain P1) for tests; --state
        prints the position as tools/fc.py replay does.
    --size 72x40    another display size (the Thumby's); 128x64 by default
    --colour        the Thumby Color's black, white and red (with --size
                    128x128: its screen), and its QUIT; .png only
    --game NAME     --deal (and NEW GAME) deal this game: freecell,
                    bakers_game, seahaven, eight_off, forecell or halfcell
    --flash DIR     keep the game, statistics and settings in DIR, as a board
                    keeps them on its flash: the next run offers RESUME.
                    Playing (no --keys) keeps them in build/sim-flash unless
                    --flash says otherwise; headless runs keep nothing
                    without it.
    --date Y-M-D    the board's clock on that date (today by default): the
                    daily deal of that day
    --wifi NAME:PASSWORD
                    the board has Wi-Fi (a Pico W's, an ESP32's: UPLOAD RESULTS
                    on the title) and that network is in reach; the upload
                    file in --flash (tools/saves.py wifi) says which to join
                    and the leaderboard to send to
    --fresh         start with an empty flash: the game's files in it (saved
                    game, statistics, settings, results, the player and its
                    key: a new board) are removed first
A display asleep (two minutes without a press, as on a board) shows dark;
the first key wakes it.
"""

import argparse
import os
import struct
import subprocess
import sys
import zlib

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "simrun.py")
SIM_FLASH = os.path.join(ROOT, "build", "sim-flash")  # make run's flash

BUTTONS = {"up": 0, "down": 1, "left": 2, "right": 3, "a": 4, "b": 5, "start": 6, "select": 7}
TICK_MS = 10
WAIT = "wait"  # a key script's word for WAIT_MS with no button down
WAIT_MS = 100
TAP_TICKS = 5  # held 50 ms (debounce is 20), then released 50 ms
LONG_TICKS = 70  # held 700 ms (a long press is 600)

USAGE = __doc__


def micropython():
    """The unix port: this Python's, the project's .venv's (make run's), PATH's."""
    return cli.tool("micropython")


class Firmware:
    """The child interpreter running tools/simrun.py."""

    def __init__(self, use_python=False, seed=None, size="128x64", flash=None, buzzer=False,
                 date=None, wifi=None, colour=False):
        """wifi: 'NAME:PASSWORD', the network in reach of a board with Wi-Fi;
        colour: the Thumby Color's inks (the frames' data 2 bits a pixel)."""
        interpreter = None if use_python else micropython()
        cmd = [interpreter or sys.executable, RUNNER, size] + (["buzzer"] if buzzer else [])
        if colour:  # the Thumby Color: its inks, and a QUIT back to its launcher
            cmd += ["colour", "quit"]
        if wifi is not None:
            cmd.append("wifi=" + wifi)
        if flash:
            os.makedirs(flash, exist_ok=True)
            cmd.append("flash=" + os.path.abspath(flash))
        env = dict(os.environ, MICROPYPATH="")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, bufsize=1)
        self.now = 0
        if seed is not None:
            self.send("seed %d" % seed)
        if date is not None:  # a datetime.date
            self.send("date %d %d %d" % (date.year, date.month, date.day))

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def ask(self, line):
        self.send(line)
        self.proc.stdin.flush()
        return self.proc.stdout.readline()

    def hold(self, mask, ticks):
        for _ in range(ticks):
            self.now += TICK_MS
            self.send("t %d %d" % (self.now, mask))

    def press(self, name):
        if name == WAIT:
            self.hold(0, WAIT_MS // TICK_MS)
            return
        long = name.startswith("long-")
        mask = 1 << BUTTONS[name[5:] if long else name]
        self.hold(mask, LONG_TICKS if long else TAP_TICKS)
        self.hold(0, TAP_TICKS)

    def frame(self):
        line = self.ask("f")
        if not line.startswith("F "):
            raise RuntimeError("the firmware said: " + line.strip())
        words = line.split()
        frame = Frame(int(words[1]), int(words[2]), bytes.fromhex(words[3]))
        if len(words) > 5:  # the panel as the settings turned it: FLIP, CONTRAST
            frame.flipped, frame.level = words[4] == "1", int(words[5])
        return frame

    def sounds(self):
        """What the buzzer (buzzer=True) played since the last ask: (ms, hz)
        at each change, hz 0 silent."""
        line = self.ask("sounds")
        return [tuple(int(v) for v in word.split(":")) for word in line.split()[1:]]

    def lines(self):
        """The lines of a page of text on screen (UPLOAD RESULTS'): a list."""
        return self.state("lines").splitlines()

    def state(self, ask="s"):
        self.send(ask)
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line or line.strip() == ".":
                return "".join(lines)
            lines.append(line)

    def close(self):
        try:
            self.send("q")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.proc.wait(10)


def parse_keys(script):
    """'right*3 a long-b' -> ['right', 'right', 'right', 'a', 'long-b']"""
    names = []
    for word in script.replace(",", " ").split():
        word = word.lower()
        count = 1
        if "*" in word:
            word, times = word.split("*", 1)
            if not times.isdigit() or int(times) > 10000:  # *0: none (scripts made by code)
                raise ValueError("bad repeat count in '%s'" % word)
            count = int(times)
        base = word[5:] if word.startswith("long-") else word
        if base not in BUTTONS and word != WAIT:
            raise ValueError("unknown button '%s' (buttons: %s; long-a, long-b; %s)"
                             % (word, " ".join(BUTTONS), WAIT))
        names += [word] * count
    return names


class Frame:
    """A MONO_VLSB frame as the firmware sent it."""

    def __init__(self, width, height, data):
        self.width = width
        self.height = height
        self.data = data
        self.flipped = False  # the panel turned round (SETTINGS, FLIP): what a player sees
        self.level = 0x7F  # its contrast (SETTINGS, CONTRAST)

    def pixel(self, x, y):
        return (self.data[(y >> 3) * self.width + x] >> (y & 7)) & 1

    def seen(self, x, y):
        """The pixel a player sees at (x, y): the panel turned round shows
        the frame upside down."""
        if self.flipped:
            x, y = self.width - 1 - x, self.height - 1 - y
        return self.pixel(x, y)


def to_pbm(frame):
    """Plain PBM (P1): 1 is black on paper; here 1 means a lit pixel."""
    rows = ["P1", "# FreeCell frame, 1 = lit pixel", "%d %d" % (frame.width, frame.height)]
    for y in range(frame.height):
        rows.append("".join(str(frame.pixel(x, y)) for x in range(frame.width)))
    return "\n".join(rows) + "\n"


# a colour frame's inks (drivers/colour_screen.py's INKS) as RGB
COLOUR_INKS = (b"\x00\x00\x00", b"\xff\xff\xff", b"\xff\x00\x00", b"\x00\x00\x00")


def colour_ink(frame, x, y):
    """A colour frame's (Firmware(colour=True)) ink at x, y: 2 bits a pixel."""
    return (frame.data[(y * frame.width + x) >> 2] >> ((x & 3) << 1)) & 3


def to_png(frame, scale=4, colour=False):
    """Lit pixels pale blue-white on near black, like the OLED, scaled up:
    as a player sees the panel (turned round, dimmer at a lower contrast);
    with colour, a colour frame in its inks (the Thumby Color's)."""
    w, h = frame.width * scale, frame.height * scale
    if frame.level > 0x7F:  # the brightest contrast: white
        lit = b"\xff\xff\xff"
    else:  # the settings' default (0x7F) as the OLED's pale blue; lower, dimmer
        lit = bytes(c * (51 + 4 * frame.level) // 559 for c in (0xd8, 0xec, 0xff))
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            if colour:
                raw += COLOUR_INKS[colour_ink(frame, x // scale, y // scale)]
            else:
                raw += lit if frame.seen(x // scale, y // scale) else b"\x08\x0c\x18"

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


BRAILLE_BITS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
                (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))


def to_braille(frame):
    """The frame in braille, 2x4 pixels a character: 128x64 is 16 lines of 64
    characters (fits 80x24)."""
    lines = []
    for cy in range(0, frame.height, 4):
        chars = []
        for cx in range(0, frame.width, 2):
            bits = 0
            for dx, dy, bit in BRAILLE_BITS:
                if frame.seen(cx + dx, cy + dy):
                    bits |= bit
            chars.append(chr(0x2800 + bits))
        lines.append("".join(chars))
    return lines


def out_pbm(args):
    return str(args.get("out", "")).endswith(".pbm")


def headless(args):
    try:
        names = parse_keys(args.get("keys", ""))
    except ValueError as error:
        sys.exit("sim.py: " + str(error))
    colour = bool(args.get("colour"))
    if colour and (args.get("python") or (out_pbm(args))):
        sys.exit("sim.py: --colour runs on MicroPython (its 2-bit frames) and writes .png")
    fw = Firmware(args.get("python", False), args.get("seed"), args.get("size", "128x64"),
                  args.get("flash"), date=args.get("date"), wifi=args.get("wifi"),
                  colour=colour)
    if "game" in args:
        fw.send("g %s" % args["game"])
    if "deal" in args:
        fw.send("d %s" % args["deal"])
    for name in names:
        fw.press(name)
    frame = fw.frame()
    out = args.get("out")
    if out:
        if not out.endswith((".png", ".pbm")):
            fw.close()
            sys.exit("sim.py: --out must end in .png or .pbm")
        try:
            if out.endswith(".png"):
                with open(out, "wb") as f:
                    f.write(to_png(frame, 4, colour))
            else:
                with open(out, "w") as f:
                    f.write(to_pbm(frame))
        except OSError as error:
            fw.close()
            sys.exit("sim.py: cannot write %s: %s" % (out, error.strerror))
    if args.get("state"):
        sys.stdout.write(fw.state())
    fw.close()


KEYMAP = """keys: arrows move  z = A pick up/put down  x = B drop/undo  Enter = START menu
      Backspace = SELECT send home  Z / X = hold A / B  q = quit"""


KEYS = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[D": "left", "\x1b[C": "right",
        "\x1bOA": "up", "\x1bOB": "down", "\x1bOD": "left", "\x1bOC": "right",
        "z": "a", "x": "b", "\r": "start", "\n": "start", "\x7f": "select", "\x08": "select",
        "Z": "long-a", "X": "long-b", "q": "quit", "\x03": "quit"}


def split_keys(text):
    """What the terminal sent (one read: several keys when they come
    together, an arrow key's repeat, two presses in a burst) as the
    buttons' names, in order; escape sequences of other keys are skipped
    whole, and "quit" stands for q and Ctrl-C."""
    names = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b" and text[i + 1:i + 2] in ("[", "O"):
            j = i + 2  # a sequence: parameters, then a final letter
            while j < len(text) and not ("@" <= text[j] <= "~"):
                j += 1
            word = text[i:j + 1]
            i = j + 1
        else:
            word = text[i]
            i += 1
        if word in KEYS:
            names.append(KEYS[word])
    return names


def interactive(args):
    import select
    import termios
    import tty

    fw = Firmware(args.get("python", False), args.get("seed", int.from_bytes(os.urandom(2), "big")),
                  args.get("size", "128x64"), args.get("flash", SIM_FLASH), date=args.get("date"),
                  wifi=args.get("wifi"))
    if "game" in args:
        fw.send("g %s" % args["game"])
    if "deal" in args:
        fw.send("d %s" % args["deal"])
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    out.write("\x1b[2J\x1b[?25l")
    try:
        tty.setraw(fd)
        shown = None
        while True:
            frame = fw.frame()
            if (frame.data, frame.flipped, frame.level) != shown:  # redraw only what changed
                shown = (frame.data, frame.flipped, frame.level)
                out.write("\x1b[H")
                # the panel's contrast (SETTINGS): dimmer below the default, bold above
                style = "\x1b[2m" if frame.level < 0x7F else "\x1b[1m" if frame.level > 0x7F else ""
                for line in to_braille(frame):  # (turned round by FLIP, as the panel is)
                    out.write(style + line + "\x1b[0m\r\n")
                asleep = not any(frame.data)
                out.write(("(the display sleeps: any key wakes it)" if asleep else " " * 38)
                          + "\r\n" + KEYMAP.replace("\n", "\r\n") + "\r\n")
                out.flush()
            if not select.select([fd], [], [], 0.05)[0]:
                fw.hold(0, 5)  # time goes on without keys: the solver, "show me"
                continue
            text = os.read(fd, 64).decode(errors="ignore")
            while text.endswith("\x1b") or text[-2:] in ("\x1b[", "\x1bO"):  # a sequence cut short
                if not select.select([fd], [], [], 0.02)[0]:
                    break
                text += os.read(fd, 64).decode(errors="ignore")
            names = split_keys(text)
            if "quit" in names:
                fw.send("save")  # quitting is not a power cut
                break
            for name in names:  # every key that came, in order (two arrows in one read too)
                fw.press(name)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\r\n")
        fw.close()


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="sim.py", usage=argparse.SUPPRESS, description=USAGE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     add_help=False)
    parser.add_argument("-h", "--help", action="store_true")
    for flag in ("--python", "--state", "--fresh", "--colour"):
        parser.add_argument(flag, action="store_true")
    for option in ("--deal", "--keys", "--out", "--seed", "--size", "--flash", "--game", "--date",
                   "--wifi"):
        parser.add_argument(option)
    given = parser.parse_args(argv)
    if given.help:
        print(USAGE)
        sys.exit(0)
    args = {name: value for name, value in vars(given).items()
            if value is not None and value is not False and name != "help"}
    if "size" in args:
        w, _, h = args["size"].partition("x")
        if not (_digits(w) and _digits(h) and 64 <= int(w) <= 256 and 32 <= int(h) <= 128
                and int(h) % 8 == 0):
            sys.exit("sim.py: --size is WIDTHxHEIGHT, 64..256 by 32..128 (height a multiple "
                     "of 8), not %r" % args["size"])
    if "seed" in args:
        if not _digits(args["seed"]) or len(args["seed"]) > 9:
            sys.exit("sim.py: --seed must be a whole number (0-9 digits, at most 9), not %r"
                     % args["seed"])
        args["seed"] = int(args["seed"])
    if "date" in args:
        import datetime

        try:
            args["date"] = datetime.date.fromisoformat(args["date"])
        except ValueError:
            args["date"] = None
        if args["date"] is None or not 2000 <= args["date"].year <= 2099:
            sys.exit("sim.py: --date is YYYY-MM-DD, 2000 to 2099 (a board counts days "
                     "from 2000)")
    if "game" in args:
        sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
        from freecell.variants import VARIANTS, by_name

        if by_name(args["game"]) is None:
            sys.exit("sim.py: unknown game '%s': one of %s" % (
                args["game"], ", ".join(v.name for v in VARIANTS)))
    if "deal" in args:
        from_lib = os.path.join(ROOT, "firmware", "lib")
        sys.path.insert(0, from_lib)
        from freecell.deal import DealNumber

        number = DealNumber()
        problem = number.parse(args["deal"])
        if problem:
            sys.exit("sim.py: %s, not %r" % (problem, args["deal"]))
        args["deal"] = number.text()  # one line to the firmware: never the blanks given
    return args


def _digits(word):
    """0-9 only (str.isdigit() takes other scripts' digits, which int() reads)."""
    return bool(word) and all("0" <= ch <= "9" for ch in word)


def fresh_flash(folder):
    """Remove the game's files from a flash folder (nothing else in it)."""
    if not os.path.isdir(folder):
        return
    for name in os.listdir(folder):
        if name.startswith(("game.sav", "stats.sav", "settings.sav", "player.sav", "result",
                            "sent.sav")) and \
                ".sav" in name:
            os.remove(os.path.join(folder, name))


def main():
    args = parse_args(sys.argv[1:])
    if args.get("fresh"):
        fresh_flash(args.get("flash", SIM_FLASH))
    if not args.get("python") and not micropython():
        print("sim.py: no MicroPython here (make run installs it); using CPython", file=sys.stderr)
        args["python"] = True
    if "keys" in args or "out" in args or "state" in args or not sys.stdin.isatty():
        headless(args)
    else:
        interactive(args)


if __name__ == "__main__":
    main()
