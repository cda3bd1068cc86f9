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


def pull_up_keys(pin_class, gpios):
    """PinKeys from GPIO numbers in the app's button order (None: absent),
    each an input with its internal pull-up."""
    pins = []
    for gpio in gpios:
        pins.append(None if gpio is None else pin_class(gpio, pin_class.IN, pin_class.PULL_UP))
    return PinKeys(pins)
