"""Buttons through CircuitPython's `keypad` (Keys, ShiftRegisterKeys,
KeyMatrix), and a rotary encoder as left and right, as a key source for the
app: get_pressed() -> the buttons down (bit i: drivers.key_names.BUTTONS[i]).  keypad debounces
and scans in the background (debounce_ms 0: the app's Buttons adds no
debounce of its own, which would delay every press 20 ms more); Buttons
still does long press and repeat.  Allocates nothing per read: events are
read into one Event.
"""

import keypad


class KeypadKeys:
    """`scanner` a keypad scanner; `bits[k]` the button bit of its key
    number k (0 for a key the game does not use): drivers.key_names.bits() of the
    keys' names."""

    debounce_ms = 0  # keypad debounced it

    def __init__(self, scanner, bits):
        self.scanner = scanner
        self.bits = bits
        self.event = keypad.Event()
        self.mask = 0
        self.pending = 0  # a change read but held back to the next read: its bit
        self.pending_down = False

    def get_pressed(self):
        """The keys down, with at most one change of each key a read: the
        presses and releases keypad queued while the app was busy (a save
        to nvm takes half a second) reach the app one by one, so a quick
        press then is not lost (read at once, down and up would cancel)."""
        changed = 0
        if self.pending:
            changed = self._apply(self.pending, self.pending_down)
            self.pending = 0
        events = self.scanner.events
        while events.get_into(self.event):
            bit = self.bits[self.event.key_number]
            if changed & bit:  # its second change: the next read's
                self.pending, self.pending_down = bit, self.event.pressed
                break
            changed |= self._apply(bit, self.event.pressed)
        return self.mask

    def _apply(self, bit, down):
        if down:
            self.mask |= bit
        else:
            self.mask &= ~bit
        return bit


class EncoderKeys:
    """A key source with a rotary encoder added: each detent turned is a
    press of left or right, held for `hold` reads then released (the app
    debounces presses over a few ticks)."""

    def __init__(self, keys, encoder, left_bit, right_bit, hold=8):
        self.keys = keys
        self.encoder = encoder
        self.left_bit = left_bit
        self.right_bit = right_bit
        self.hold = hold
        self.position = encoder.position
        self.pending = 0  # detents not yet pressed: < 0 left, > 0 right
        self.phase = 0  # reads left in this press (held), then as long released

    def get_pressed(self):
        position = self.encoder.position
        self.pending += position - self.position
        self.position = position
        mask = self.keys.get_pressed()
        if self.phase == 0 and self.pending:
            self.phase = 2 * self.hold
        if self.phase:
            self.phase -= 1
            if self.phase >= self.hold:  # held
                mask |= self.right_bit if self.pending > 0 else self.left_bit
            elif self.phase == 0:  # released long enough: that detent is done
                self.pending += -1 if self.pending > 0 else 1
        return mask
