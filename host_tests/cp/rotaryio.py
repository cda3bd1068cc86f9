"""A fake CircuitPython `rotaryio`: an encoder a test turns (TURNS)."""

TURNS = [0]  # the position every encoder reports


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        self.pins = (pin_a, pin_b)

    @property
    def position(self):
        return TURNS[0]
