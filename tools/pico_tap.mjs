// What the display of the emulated Pico shows, update by update.
//
//   node tools/pico_tap.mjs --display-log OUT.txt [run.mjs options ...]
//
// Runs ../shared/pico/run.mjs (PICO_RUNNER overrides where it is: for
// CircuitPython, ../shared/cpico/run-cp.mjs, whose buses are the same) with the
// other options unchanged, and taps its I2C buses first: every transaction
// addressed to the SSD1306 (0x3C) is decoded into a model of the controller's
// memory, as run.mjs's own model does, and at exit OUT.txt gets one line per
// transaction that carried display data:
//
//     START_NS STOP_NS TRANSACTIONS BYTES RAM_HEX
//
// START_NS and STOP_NS are the emulated clock (8 ns a cycle) when the
// transaction began and ended, BYTES what it wrote after the address byte
// (control bytes included) in TRANSACTIONS transactions,
// RAM_HEX the 1,024 bytes of display memory after it (MONO_VLSB pages, as the
// firmware's framebuf).  Why a tap: run.mjs writes a frame only when one
// transaction sends the whole 1 KB, and the firmware sends just the part of
// the screen that changed.  Command-only transactions (contrast, power) are
// counted in the next data line's TRANSACTIONS and BYTES.  rp2040js is resolved as run.mjs
// resolves it (RP2040JS_DIR, else the current directory): the same module
// instance, so the accessors below see the buses run.mjs sets up.
//
// An SSD1306 on SPI0 is decoded the same way (run.mjs models none): a byte
// sent while its chip select (GP16) is low is a command or display data by
// its D/C line (GP17), as the Thumby's first revision wires the panel; a
// line is logged when the chip select rises after display data.
//
// --sound-log FILE: what a buzzer on GP28 plays (the Thumby's), at the end.
// --bridge (VirtualPico): Ctrl-C again until the REPL's prompt (below).
// --reset-ends: behind the bridge too, a reset ends the session (the flash
// saved) instead of leaving the board waiting: VirtualPico(survive_reset)
// then boots it again from that flash, as a real board comes back.
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { fileURLToPath, pathToFileURL } from 'url';

const here = path.dirname(fileURLToPath(import.meta.url));
const runner = process.env.PICO_RUNNER || path.join(here, '..', '..', 'shared', 'pico', 'run.mjs');
const at = process.argv.indexOf('--display-log');
if (at < 0 || at + 1 >= process.argv.length) {
  console.error('pico_tap.mjs: --display-log FILE is required');
  process.exit(2);
}
const logPath = process.argv[at + 1];
process.argv.splice(at, 2);
const soundAt = process.argv.indexOf('--sound-log');
const soundPath = soundAt >= 0 ? process.argv[soundAt + 1] : null;
if (soundAt >= 0) process.argv.splice(soundAt, 2);
const resetAt = process.argv.indexOf('--reset-ends');
const resetEnds = resetAt >= 0;
if (resetEnds) process.argv.splice(resetAt, 1);

const requireFrom = createRequire(path.join(process.env.RP2040JS_DIR || process.cwd(), 'noop.js'));
const { RPI2C } = requireFrom('rp2040js');
const { RPSPI } = requireFrom(path.join(path.dirname(requireFrom.resolve('rp2040js')),
                                        'peripherals', 'spi.js'));

// rp2040js's WFI waits even when an enabled interrupt is already pending (one
// raised while interrupts were masked: CircuitPython's idle is cpsid, check,
// wfi, cpsie): nothing raises it again, so the core waits for ever, the
// runner finds no alarm to skip to, and emulated time stops (run-cp.mjs's
// "idle with no alarm").  The ARM's WFI does not wait then, nor does this.
const coreFile = path.join(path.dirname(requireFrom.resolve('rp2040js')), 'cortex-m0-core.js');
const { CortexM0Core } = requireFrom(coreFile);
const waitingSlot = Symbol('waiting');
Object.defineProperty(CortexM0Core.prototype, 'waiting', {
  configurable: true,
  get() { return this[waitingSlot]; },
  set(v) { this[waitingSlot] = v && !(this.pendingInterrupts & this.enabledInterrupts); },
});

const ADDRESS = 0x3c;
const ARGS = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xad: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1 };
const oled = { ram: new Uint8Array(1024), col: 0, page: 0, c0: 0, c1: 127, p0: 0, p1: 7, pending: null, args: [] };
const lines = [];
let txn = null;   // the transaction under way: { start, bytes, first, control, data }
let carried = [0, 0];  // command-only transactions (and their bytes) since the last data line

function command(b) {
  if (oled.pending !== null) {
    oled.args.push(b);
    if (oled.args.length < ARGS[oled.pending]) return;
    const [c, a] = [oled.pending, oled.args];
    if (c === 0x21) { oled.c0 = a[0] & 127; oled.c1 = a[1] & 127; oled.col = oled.c0; }
    if (c === 0x22) { oled.p0 = a[0] & 7; oled.p1 = a[1] & 7; oled.page = oled.p0; }
    oled.pending = null; oled.args = [];
  } else if (ARGS[b]) { oled.pending = b; oled.args = []; }
}
function data(b) {
  oled.ram[oled.page * 128 + oled.col] = b;
  if (++oled.col > oled.c1) { oled.col = oled.c0; if (++oled.page > oled.p1) oled.page = oled.p0; }
}

// Wrap the callbacks run.mjs assigns to each bus: rp2040js assigns them in
// its constructor and run.mjs after it, both through these setters.
function tap(name, before) {
  const slot = Symbol(name);
  Object.defineProperty(RPI2C.prototype, name, {
    configurable: true,
    set(fn) { this[slot] = fn; },
    get() { const fn = this[slot]; const bus = this; return (...a) => { before(bus, ...a); return fn(...a); }; },
  });
}
tap('onConnect', (bus, address) => {
  txn = address === ADDRESS ? { start: bus.rp2040.clock.nanos, bytes: 0, first: true, control: 0, data: false } : null;
});
tap('onWriteByte', (bus, value) => {
  if (!txn) return;
  txn.bytes++;
  if (txn.first) { txn.control = value; txn.first = false; return; }
  if (txn.control & 0x40) { data(value); txn.data = true; } else command(value);
  // Co = 1: one byte only, then another control byte (displayio sends
  // 0x80,cmd,0x80,arg...; MicroPython's driver 0x80,cmd or 0x00,cmds...)
  if (txn.control & 0x80) txn.first = true;
});
tap('onStop', (bus) => {
  if (!txn) return;
  if (txn.data) {
    lines.push(`${txn.start} ${bus.rp2040.clock.nanos} ${carried[0] + 1} ${txn.bytes + carried[1]} ` +
               Buffer.from(oled.ram).toString('hex'));
    carried = [0, 0];
  } else { carried[0]++; carried[1] += txn.bytes; }
  txn = null;
});

const SPI_CS = 16;
const SPI_DC = 17;
let spiTxn = null;  // the chip select's low spell under way, as txn
let spiWatched = false;
function spiEnd(mcu) {
  if (!spiTxn) return;
  if (spiTxn.data) {
    lines.push(`${spiTxn.start} ${mcu.clock.nanos} ${carried[0] + 1} ${spiTxn.bytes + carried[1]} ` +
               Buffer.from(oled.ram).toString('hex'));
    carried = [0, 0];
  } else { carried[0]++; carried[1] += spiTxn.bytes; }
  spiTxn = null;
}
const spiSlot = Symbol('onTransmit');
Object.defineProperty(RPSPI.prototype, 'onTransmit', {
  configurable: true,
  set(fn) { this[spiSlot] = fn; },
  get() {
    const fn = this[spiSlot];
    const bus = this;
    return (value) => {
      const mcu = bus.rp2040;
      const gpio = mcu.gpio;
      if (bus === mcu.spi[0] && !gpio[SPI_CS].outputValue) {
        if (!spiWatched) {  // the chip select rising ends the transfer
          spiWatched = true;
          gpio[SPI_CS].addListener(() => { if (gpio[SPI_CS].outputValue) spiEnd(mcu); });
        }
        if (!spiTxn) spiTxn = { start: mcu.clock.nanos, bytes: 0, data: false };
        spiTxn.bytes++;
        if (gpio[SPI_DC].outputValue) { data(value); spiTxn.data = true; } else command(value);
      }
      return fn(value);
    };
  },
});

// A reset (machine.reset(): the watchdog's CTRL written with its trigger bit)
// is not carried out by rp2040js without a handler, and run.mjs sets none:
// the firmware then waits for it for ever (WFI with nothing to wake it, so
// emulated time stops too).  The tap says when it was asked for, on stderr
// ("[tap] reset at NS": the Thumby's QUIT goes back to its menu that way), and
// ends the session as a power cut would (run.mjs saves the flash on SIGTERM);
// behind a pseudo-terminal (--bridge: VirtualPico, where make flash resets the
// board last) it leaves the board waiting, as run.mjs alone does, until the
// session is ended, unless --reset-ends says to end it there too.
const { RPWatchdog } = requireFrom(path.join(path.dirname(requireFrom.resolve('rp2040js')),
                                             'peripherals', 'watchdog.js'));
const watchdogWrite = RPWatchdog.prototype.writeUint32;
const bridged = process.argv.includes('--bridge');  // VirtualPico: mpremote's reset waits as it did
RPWatchdog.prototype.writeUint32 = function (offset, value) {
  if (offset === 0 && (value & 0x80000000) && (!bridged || resetEnds)) {
    console.error(`[tap] reset at ${this.rp2040.clock.nanos}`);
    setImmediate(() => process.kill(process.pid, 'SIGTERM'));
  }
  return watchdogWrite.call(this, offset, value);
};

// A buzzer on GP28 (the Thumby's; run.mjs models none): the PWM slice and
// channel that drive that pin (slice 6, channel A), read after every write to
// the PWM block.  With --sound-log FILE each change of what it plays is a
// line "NS HZ" at exit, HZ 0 for silence: the tone is the system clock the
// firmware sets up (125 MHz) over the divider and the period (TOP + 1, twice
// that phase-correct), sounding while the slice is enabled, the pin is given
// to the PWM and its compare level is neither 0 nor the whole period.
const { RPPWM } = requireFrom(path.join(path.dirname(requireFrom.resolve('rp2040js')),
                                        'peripherals', 'pwm.js'));
const SOUND_PIN = 28;
const FUNCTION_PWM = 4;
const soundLines = [];
let tone = 0;
function buzzerTone(pwm) {
  const ch = pwm.channels[(SOUND_PIN >> 1) & 7];
  const level = SOUND_PIN & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  const period = (ch.top + 1) * (ch.csr & 2 ? 2 : 1);
  const div = ((ch.div >> 4) & 0xff || 256) + (ch.div & 0xf) / 16;
  const pin = pwm.rp2040.gpio[SOUND_PIN];
  if (!(ch.csr & 1) || pin.functionSelect !== FUNCTION_PWM || level === 0 || level > ch.top) return 0;
  return Math.round(125e6 / (div * period));
}
const pwmWrite = RPPWM.prototype.writeUint32;
RPPWM.prototype.writeUint32 = function (offset, value) {
  const result = pwmWrite.call(this, offset, value);
  const now = buzzerTone(this);
  if (now !== tone) { tone = now; soundLines.push(`${this.rp2040.clock.nanos} ${now}`); }
  return result;
};

// Behind a pseudo-terminal (--bridge) run.mjs sends one Ctrl-C when the USB
// serial port comes up and waits for the REPL's prompt before it passes
// anything on.  When that Ctrl-C reaches the board before main.py starts (the
// boot mounting the file system: how long that takes moves with the flash's
// contents) it is spent there, main.py runs the game, the prompt never comes,
// and the port answers nothing for the whole session.  So until a prompt has
// been seen, another Ctrl-C goes every 300 emulated ms, as a person at a
// terminal would press it again.
const { RP2040, USBCDC } = requireFrom('rp2040js');
let board = null;
const loadBootrom = RP2040.prototype.loadBootrom;
RP2040.prototype.loadBootrom = function (...a) { board = this; return loadBootrom.apply(this, a); };
if (bridged) {
  const slot = Symbol('onSerialData');
  let seen = '';
  let prompted = false;
  Object.defineProperty(USBCDC.prototype, 'onSerialData', {
    configurable: true,
    set(fn) {
      this[slot] = fn;
      const cdc = this;
      if (this.ctrlC) return;
      let last = -1;
      this.ctrlC = setInterval(() => {
        if (prompted) { clearInterval(cdc.ctrlC); return; }
        const now = board ? board.clock.nanos : 0;
        if (last < 0) last = now;
        else if (now - last >= 300e6) { cdc.txFIFO.push(3); last = now; }
      }, 20);
      this.ctrlC.unref();
    },
    get() {
      const fn = this[slot];
      if (!fn) return fn;
      return (buf) => {
        if (!prompted) {
          seen = (seen + Buffer.from(buf).toString('latin1')).slice(-16);
          prompted = seen.includes('>>> ');
        }
        return fn(buf);
      };
    },
  });
}

process.on('exit', () => {
  if (soundPath) fs.writeFileSync(soundPath, soundLines.join('\n') + (soundLines.length ? '\n' : ''));
});
process.on('exit', () => fs.writeFileSync(logPath, lines.join('\n') + (lines.length ? '\n' : '')));
await import(pathToFileURL(runner).href);
