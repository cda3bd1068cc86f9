"""Buttons: debounce, press, long press and repeat, driven by tick().

The board reports which buttons are down as a bitmask (K_UP ... K_SELECT);
a key source that debounces already (CircuitPython's keypad) has the app
make Buttons with debounce_ms 0, and a change then counts at the first tick;
the app calls tick(mask, now_ms) every few milliseconds and reads events with
event(): an int `button << 2 | press` (press: PRESS, LONG or REPEAT, below),
or NO_EVENT.  A test drives it with a
fake clock.  Allocates nothing after construction; a full queue drops the
oldest event, so a button mashed a thousand times loses nothing but presses.

  PRESS   d-pad, START, SELECT: as soon as the press is stable (debounced);
          A and B (which also have a long press): on release, if short
  LONG    A and B held for long_ms (once; no PRESS follows on release)
  REPEAT  a held d-pad button: after repeat_delay_ms, every repeat_ms
"""

from freecell.compat import const, ticks_diff


UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)

K_UP = const(1 << 0)
K_DOWN = const(1 << 1)
K_LEFT = const(1 << 2)
K_RIGHT = const(1 << 3)
K_A = const(1 << 4)
K_B = const(1 << 5)
K_START = const(1 << 6)
K_SELECT = const(1 << 7)

PRESS = const(1)
LONG = const(2)
REPEAT = const(3)
NO_EVENT = const(-1)

_DPAD = const(0x0F)
_WITH_LONG = const(0x30)  # A and B
_QUEUE = const(16)


class Buttons:
    def __init__(self, debounce_ms=20, long_ms=600, repeat_delay_ms=350, repeat_ms=110):
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.down = 0  # debounced state
        self._changing = 0  # buttons whose raw state differs from `down`
        self._since = [0] * 8  # when a button's raw state started to differ
        self._pressed_at = [0] * 8
        self._next_repeat = [0] * 8
        self._long_done = 0
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0

    def tick(self, raw, now):
        if raw or self.down or self._changing:  # else the idle loop's usual tick:
            self._scan(raw, now)  # nothing down, nothing changing (kept small: frames)

    def _scan(self, raw, now):
        differ = raw ^ self.down
        for i in range(8):
            bit = 1 << i
            if not differ & bit:
                self._changing &= ~bit
            else:
                if not self._changing & bit:
                    self._changing |= bit
                    self._since[i] = now
                if ticks_diff(now, self._since[i]) >= self.debounce_ms:  # 0: at once
                    self._changing &= ~bit
                    if raw & bit:
                        self._went_down(i, bit, now)
                    else:
                        self._went_up(i, bit)
            if self.down & bit:
                self._held(i, bit, now)

    def _went_down(self, i, bit, now):
        self.down |= bit
        self._pressed_at[i] = now
        self._next_repeat[i] = self.repeat_delay_ms  # ms after the press
        self._long_done &= ~bit
        if not bit & _WITH_LONG:
            self._push(i, PRESS)

    def _went_up(self, i, bit):
        self.down &= ~bit
        if bit & _WITH_LONG and not self._long_done & bit:
            self._push(i, PRESS)

    def _held(self, i, bit, now):
        if bit & _WITH_LONG:
            if not self._long_done & bit and ticks_diff(now, self._pressed_at[i]) >= self.long_ms:
                self._long_done |= bit
                self._push(i, LONG)
        elif bit & _DPAD and ticks_diff(now, self._pressed_at[i]) >= self._next_repeat[i]:
            # kept as an offset from the press: ticks wrap, offsets do not
            self._next_repeat[i] += self.repeat_ms
            self._push(i, REPEAT)

    def _push(self, button, press):
        if self._count == _QUEUE:  # full: drop the oldest
            self._head = (self._head + 1) % _QUEUE
            self._count -= 1
        self._queue[(self._head + self._count) % _QUEUE] = button << 2 | press
        self._count += 1

    def event(self):
        if self._count == 0:
            return NO_EVENT
        e = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return e

    def clear(self):
        self._count = 0
