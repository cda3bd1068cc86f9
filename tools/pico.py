"""The emulated Pico, for the tests and the bench: the official MicroPython
rp2 firmware on the RP2040 emulator in ../shared/pico (npm rp2040js), with an
SSD1306 at 0x3C on I2C0 and the buttons of boards/pico_ssd1306.py on GPIO.

    missing()            None, or what is missing to run it, in words
    install()            npm-installs rp2040js into build/ if it is not there
    VirtualPico(IMAGE)   the board behind a pseudo-terminal (vpico.sh, socat),
                         for mpremote and `make flash`; IMAGE is its flash's
                         file system, loaded if it exists and written back at
                         stop() (the power cut); with survive_reset, a reset
                         (make flash's last step) boots it again from that
                         flash on the same port, so flashing twice works
    tools/pico.py serve IMAGE    that board for a person: prints the port to
                         give make flash, until Ctrl-C
    boot(IMAGE, ...)     boot main.py headless for a time (IMAGE None: from
                         a blank flash), press buttons on
                         GPIO, and read back every display update (pico_tap.mjs)
    run_scripts(IMAGE, SCRIPTS)   run .py files through the raw REPL; their
                         output and the emulated cycles each took
    make_image(OUT, FILES)  a littlefs image of the board's file system

Emulated time is the chip's: 8 ns a cycle, zero-wait flash (a real Pico is
5-10% slower through its XIP cache) and I2C at no bus time (add 9 bits a byte
at 400 kHz yourself: bus_ms()).  ../shared/pico/README.md says more.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("PICO_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "pico")
BUILD = os.path.join(ROOT, "build")
RP2040JS = "rp2040js@1.4.1"
TAP = os.path.join(ROOT, "tools", "pico_tap.mjs")
# boards/pico_ssd1306.py: up down left right A B START SELECT on GP10..GP17
BUTTON_PINS = {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15,
               "start": 16, "select": 17}
I2C_BITS_PER_BYTE = 9  # 8 data bits and the acknowledge
I2C_HZ = 400000


# the firmware a boot runs: (its runner, its UF2); CircuitPython's boots from
# a CIRCUITPY drive image (tools/cpico.py) with its nvm beside it
MICROPYTHON = (os.path.join(SHARED, "run.mjs"), os.path.join(SHARED, "rp2-RPI_PICO.uf2"))
CP_SHARED = os.environ.get("CPICO_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "cpico")
CIRCUITPYTHON = (os.path.join(CP_SHARED, "run-cp.mjs"),
                 os.path.join(CP_SHARED, "circuitpython-10.2.1-raspberry_pi_pico.uf2"))


def _env(firmware=MICROPYTHON):
    return dict(os.environ, RP2040JS_DIR=BUILD, PICO_RUNNER=firmware[0])


def missing(need_socat=False):
    if not os.path.exists(os.path.join(SHARED, "run.mjs")):
        return "the emulated Pico (%s)" % SHARED
    if not shutil.which("node"):
        return "node (Debian package nodejs)"
    if not os.path.exists(os.path.join(BUILD, "node_modules", "rp2040js", "package.json")):
        return "rp2040js (npm install --no-save --prefix build %s)" % RP2040JS
    if need_socat and not shutil.which("socat"):
        return "socat (Debian package socat)"
    return None


def install():
    """rp2040js into build/node_modules, when npm is here and it is not."""
    if os.path.exists(os.path.join(BUILD, "node_modules", "rp2040js", "package.json")):
        return True
    if not shutil.which("npm"):
        return False
    os.makedirs(BUILD, exist_ok=True)
    result = subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund",
                             "--prefix", BUILD, RP2040JS], capture_output=True, text=True)
    return result.returncode == 0


def bus_ms(transactions, nbytes):
    """What sending that takes on a real 400 kHz bus (the emulator takes none):
    each transaction's address byte plus its bytes, 9 bits each."""
    return (transactions + nbytes) * I2C_BITS_PER_BYTE * 1000.0 / I2C_HZ


def make_image(out, files):
    """A littlefs image of the Pico's file system partition (as
    ../shared/pico/mkfs_image.py), holding files: {board path: host path}."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=4096, block_count=352, prog_size=256, read_size=32,
                  lookahead_size=32)
    for remote, local in sorted(files.items()):
        parts = remote.strip("/").split("/")
        for i in range(1, len(parts)):
            try:
                fs.mkdir("/".join(parts[:i]))
            except Exception:  # it exists
                pass
        with open(local, "rb") as src, fs.open(remote.strip("/"), "wb") as dst:
            dst.write(src.read())
    with open(out, "wb") as f:
        f.write(fs.context.buffer)


def read_image(path):
    """{board path: bytes} of every file in a saved image."""
    from littlefs import LittleFS

    with open(path, "rb") as f:
        data = f.read()
    # a cache of a whole block: MicroPython's littlefs keeps a small file
    # inline in its directory's block up to a larger size than a 256-byte
    # cache reads back (a 405-byte module written by mip read as corrupt)
    fs = LittleFS(block_size=4096, block_count=352, prog_size=256, read_size=32,
                  lookahead_size=32, cache_size=4096, mount=False)
    fs.context.buffer[:] = data
    fs.mount()
    found = {}
    for top, _, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                found[path] = f.read()
    return found


def _fs(image):
    """The runner's option for the flash's file system: None is a blank
    flash (never written: the firmware formats it at its first boot)."""
    return ["--fs", image] if image else []


def _runner(args, firmware=MICROPYTHON):
    return ["node", firmware[0], "--image", firmware[1]] + args


class Update:
    """One display transaction that carried pixels: when, how much, and the
    whole display memory after it (1,024 bytes, MONO_VLSB)."""

    def __init__(self, line):
        start, stop, transactions, nbytes, ram = line.split()
        self.start_ms = int(start) / 1e6
        self.stop_ms = int(stop) / 1e6
        self.transactions = int(transactions)
        self.bytes = int(nbytes)
        self.ram = bytes.fromhex(ram)


class Boot:
    """What a headless boot gave: the USB output and the display updates."""

    def __init__(self, output, updates, press_at, log="", sounds=()):
        self.output = output
        self.sounds = sounds  # (ms, hz) at each change of what GP28's buzzer plays, hz 0 silent
        self.log = log  # the runner's own report (stderr): its I2C target's counts
        self.updates = updates
        self.press_at = press_at  # ms at which each press began

    def screen_before(self, ms):
        """The display memory as it was at `ms` (emulated), or None."""
        shown = None
        for u in self.updates:
            if u.stop_ms > ms:
                break
            shown = u.ram
        return shown

    def after_press(self, i):
        """The updates that press i caused (those before the next press)."""
        end = self.press_at[i + 1] if i + 1 < len(self.press_at) else float("inf")
        return [u for u in self.updates if self.press_at[i] <= u.start_ms < end]


def schedule(keys, start_ms, gap_ms, slow=(), pins=None):
    """GPIO pulses for key names ('a', 'long-b', ...): (pin, at, length) and
    the press times.  `slow` maps a key's index to a longer gap after it
    (a deal, a save: flash writes take emulated time); pins: the board's
    {key name: GPIO} (BUTTON_PINS, pico_ssd1306's, unless told)."""
    pins = pins or BUTTON_PINS
    pulses, at, t = [], [], start_ms
    for i, key in enumerate(keys):
        long = key.startswith("long-")
        name = key[5:] if long else key
        length = 700 if long else 60  # a long press is 600 ms, debounce 20 ms
        pulses.append((pins[name], t, length))
        at.append(t)
        t += max(gap_ms, length + 150) if i not in slow else slow[i]
    return pulses, at, t


def boot(image, keys=(), start_ms=1500, gap_ms=400, slow=None, save_to=None, tail_ms=400,
         timeout=600, firmware=MICROPYTHON, more=(), pins=None, high="10-17", sound=False,
         quiet=True):
    """Boot the board from `image` (main.py runs; CircuitPython's code.py
    from its drive image), press `keys` from start_ms on, run tail_ms past
    the last press, and save the flash to `save_to` (the power is then cut).
    `more`: the runner's other options (CircuitPython's --nvm, --save-nvm);
    pins: the board's {key name: GPIO}; high: the GPIO inputs held high
    (the buttons released: the emulator models no pull-ups); sound: listen
    to a buzzer on GP28 (the tap's model: Boot.sounds); quiet False: the
    runner's own log in Boot.log (CircuitPython's ends with the flash's
    bytes erased and programmed).  Returns a Boot."""
    pulses, press_at, end = schedule(keys, start_ms, gap_ms, slow or {}, pins)
    log = tempfile.mktemp(prefix="pico-display-")
    args = ["--image", firmware[1]] + _fs(image) + [
        "--i2c-addr", "0x3C", "--gpio-high", high, "--run-ms", str(int(end + tail_ms))] \
        + (["--quiet"] if quiet else []) + list(more)
    for pin, at, length in pulses:
        args += ["--gpio-pulse", "%d:%d:%d" % (pin, at, length)]
    if save_to:
        args += ["--save-fs", save_to]
    cmd = ["node", TAP, "--display-log", log] + args
    sound_log = log + ".sound" if sound else None
    if sound_log:
        cmd[2:2] = ["--sound-log", sound_log]
    sounds = []
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=_env(firmware),
                                timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError("the emulated Pico failed: " + result.stderr[-2000:])
        with open(log) as f:
            updates = [Update(line) for line in f if line.strip()]
        if sound_log:
            with open(sound_log) as f:
                sounds = [(int(ns) / 1e6, int(hz)) for ns, hz in (line.split() for line in f)]
    finally:
        for path in (log, sound_log):
            if path and os.path.exists(path):
                os.remove(path)
    return Boot(result.stdout, updates, press_at, result.stderr, sounds)


def run_scripts(image, scripts, timeout=900, save_to=None, firmware=MICROPYTHON, more=()):
    """Run each .py through the raw REPL after boot (main.py is stopped by
    Ctrl-C first), one session: what one leaves in sys.modules the next
    finds.  Returns (their output, one after the other; the emulated cycles
    each took); exec_ms() reads the emulated ms each took from the same run."""
    args = _fs(image) + ["--i2c-addr", "0x3C", "--gpio-high", "10-17"] + list(more)
    for script in scripts:
        args += ["--exec", script]
    if save_to:
        args += ["--save-fs", save_to]
    result = subprocess.run(_runner(args, firmware), capture_output=True, text=True,
                            env=_env(firmware), timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError("the emulated Pico failed: " + result.stderr[-2000:])
    execs = [line for line in result.stderr.splitlines() if line.startswith("[emu] exec ")]
    cycles = [int(line.split(": ", 1)[1].split()[0]) for line in execs]
    run_scripts.ms = [float(line.split(" sim ")[1].split()[0]) for line in execs]
    # each exec's output ends where the next begins: run.mjs prints them in turn
    return result.stdout, cycles


class VirtualPico:
    """The emulated Pico behind a pseudo-terminal (as ../shared/pico/vpico.sh,
    through tools/pico_tap.mjs): `make flash PORT=<port>` and mpremote work
    on it.  `more`: the runner's other options.  stop() ends the emulator, which writes the
    flash back to `image` (cutting the power).  survive_reset: a reset
    (machine.reset(), make flash's last step) ends the emulator with the
    flash saved, and the board boots again from it behind the same port
    (`resets` counts them), as a real Pico comes back on its USB port;
    without it the board waits after a reset until stop()."""

    def __init__(self, image, more=(), firmware=MICROPYTHON, survive_reset=False):
        self.image = os.path.abspath(image)
        self.firmware = firmware
        self._tmp = tempfile.mkdtemp(prefix="vpico-")
        self.port = os.path.join(self._tmp, "tty")
        self.proc = None
        self.more = more
        self.survive_reset = survive_reset
        self.resets = 0
        self._lock = threading.RLock()  # _launch() may stop() under it
        self._stopping = False
        self._watch = None

    def start(self):
        problem = missing(need_socat=True)
        if problem:
            raise RuntimeError(problem + " is missing")
        self._launch()
        if self.survive_reset:
            self._watch = threading.Thread(target=self._come_back, daemon=True)
            self._watch.start()
        return self

    def _come_back(self):
        """Each time the session ends by itself (a reset, the flash saved),
        boot again from that flash behind the same port."""
        while True:
            proc = self.proc
            if proc is None:
                return
            proc.wait()
            with self._lock:
                if self._stopping or self.proc is not proc:
                    return
                self._wait_group(proc)  # the runner has written the flash back
                self.resets += 1
                try:
                    os.unlink(self.port)  # socat's old link, if it left it
                except OSError:
                    pass
                self._launch()

    def _launch(self):
        # vpico.sh's socat line, with the runner behind the tap, which
        # presses Ctrl-C until the board's REPL answers (run.mjs's one can be
        # spent on the boot, and then the port answers nothing)
        runner = ["node", TAP, "--display-log", os.path.join(self._tmp, "display.log"),
                  "--image", self.firmware[1]] + (["--fs", self.image] if os.path.exists(
                      self.image) else []) + ["--save-fs", self.image, "--bridge", "--quiet",
                                              "--i2c-addr", "0x3C", "--gpio-high", "10-17"]
        self.proc = subprocess.Popen(
            ["socat", "PTY,link=%s,raw,echo=0" % self.port,
             "EXEC:" + " ".join(runner + (["--reset-ends"] if self.survive_reset else [])
                               + list(self.more))],
            env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        for _ in range(200):
            if os.path.exists(self.port):
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("the emulated Pico did not start")

    def stop(self):
        """End the emulator; returns once it has written the flash back (the
        node process outlives socat, which the Popen is: wait for the group)."""
        with self._lock:
            self._stopping = True
            proc, self.proc = self.proc, None
            if proc:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)  # run.mjs saves the flash on SIGTERM
                except ProcessLookupError:
                    pass
                self._wait_group(proc)
        shutil.rmtree(self._tmp, ignore_errors=True)

    @staticmethod
    def _wait_group(proc, seconds=60):
        """Until every process of the session's group (socat's: proc) has
        ended (the node process outlives socat), killing what is left after
        `seconds`."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            proc.poll()  # reap socat
            try:
                os.killpg(proc.pid, 0)  # anyone left in the group?
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def serve(image):
    """A person's emulated Pico: the port to flash, until Ctrl-C (the flash
    written back to `image` then, and at every reset on the way)."""
    install()
    # a kill (not only Ctrl-C) stops the board too: its node process runs in
    # a session of its own and would outlive this one, a core at work
    signal.signal(signal.SIGTERM, lambda *args: sys.exit(0))
    # and Ctrl-C stops it even when it was started with SIGINT ignored (a
    # job a script put in the background inherits that, and Python then
    # raises no KeyboardInterrupt: a CI run launched so hung here)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with VirtualPico(image, survive_reset=True) as board:
        print("emulated Pico on %s (flash: %s); Ctrl-C stops it" % (board.port, image))
        print("  make flash BOARD=pico_ssd1306 PORT=%s" % board.port, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"] and len(sys.argv) == 3:
        try:
            serve(os.path.abspath(sys.argv[2]))
        except RuntimeError as error:
            sys.exit("pico.py: %s" % error)
        sys.exit(0)
    if sys.argv[1:] != ["install"]:
        sys.exit("usage: tools/pico.py install        rp2040js into build/, for the tests\n"
                 "       tools/pico.py serve IMAGE    the emulated Pico behind a port, its flash"
                 " in IMAGE, for make flash (again and again) and mpremote")
    if not install():
        print("pico.py: could not install %s (is npm here?): the tests on the emulated "
              "Pico will skip" % RP2040JS)
