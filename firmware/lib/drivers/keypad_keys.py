"""Buttons through CircuitPython's `keypad` (Keys, ShiftRegisterKeys,
KeyMatrix), and a rotary encoder as left and right, as a key source for the
app: get_pressed() -> the app's bitmask (app.buttons K_*).  keypad debounces
and scans in the background; the app's Buttons class still does long press
and repeat.  Allocates nothing per read: events are read into one Event.
"""

import keypad


class KeypadKeys:
    """`scanner` a keypad scanner; `bits[k]` the app's button bit of its key
    number k (0 for a key the game does not use)."""

    def __init__(self, scanner, bits):
        self.scanner = scanner
        self.bits = bits
        self.event = keypad.Event()
        self.mask = 0

    def get_pressed(self):
        events = self.scanner.events
        while events.get_into(self.event):
            bit = self.bits[self.event.key_number]
            if self.event.pressed:
                self.mask |= bit
            else:
                self.mask &= ~bit
        return self.mask


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
