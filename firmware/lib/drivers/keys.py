"""Buttons wired from a GPIO pin to ground, read through the pin's pull-up.

PinKeys takes the pins in drivers.key_names.BUTTONS' order (None for a button the board
does not have); a board names them: pull_up_keys(Pin, UP=10, DOWN=11, ...).
get_pressed() returns the bitmask of the buttons down (bit i: BUTTONS[i]);
debounce, long press and repeat are the app's Buttons class's job.  Allocates
nothing per read.
"""

from .key_names import BUTTONS


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


def pull_up_keys(pin_class, **gpios):
    """PinKeys from each button's GPIO number by name (UP=10, A=14, ...; a
    button not named is absent), each an input with its internal pull-up."""
    unknown = [name for name in gpios if name not in BUTTONS]
    if unknown:
        raise ValueError("no button called %s (the buttons: %s)" % (unknown[0], " ".join(BUTTONS)))
    pins = []
    for name in BUTTONS:
        gpio = gpios.get(name)
        pins.append(None if gpio is None else pin_class(gpio, pin_class.IN, pin_class.PULL_UP))
    return PinKeys(pins)
