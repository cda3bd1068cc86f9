"""Buttons wired from a GPIO pin to ground, read through the pin's pull-up.

PinKeys takes the pins in the app's button order (up, down, left, right, A, B,
START, SELECT); None for a button the board does not have.  get_pressed()
returns the app's bitmask (app.buttons K_*); debounce, long press and repeat
are the app's Buttons class's job.  Allocates nothing per read.
"""


class PinKeys:
    def __init__(self, pins):
        self.pins = pins

    def get_pressed(self):
        mask = 0
        for i in range(len(self.pins)):
            pin = self.pins[i]
            if pin is not None and not pin.value():  # pulled up: pressed reads 0
                mask |= 1 << i
        return mask
