"""Buttons wired from a GPIO pin to ground, read through the pin's pull-up.

PinKeys takes the pins in drivers.key_names.BUTTONS' order (None for a button the board
does not have); a board names them: pull_up_keys(Pin, UP=10, DOWN=11, ...).
get_pressed() returns the bitmask of the buttons down (bit i: BUTTONS[i]);
debounce, long press and repeat are the app's Buttons class's job.  Allocates
nothing per read.

A board whose chip has a register with every GPIO's input level (SIO
GPIO_IN, at the same address on the RP2040 and the Pico 2's RP2350) passes
it as port=(machine.mem32, address): a read is then one load instead of a
pin.value() call a button (on the emulated Pico,
134 us a read before, a fifth of the key loop's tick while the table waits).
"""

from .key_names import BUTTONS

RP2040_GPIO_IN = 0xD0000004  # SIO_BASE + GPIO_IN: GPIO 0-29's levels, one bit each


class PinKeys:
    def __init__(self, pins, port=None, gpios=()):
        self.pins = pins
        self.memory, self.address = port or (None, 0)  # memory None: pin by pin
        self.gpios = bytes(255 if g is None else g for g in gpios)
        # the buttons on consecutive GPIOs in BUTTONS' order (a Pico's 10-17):
        # the mask is the port's bits shifted down
        self.shift = -1
        if port is not None and gpios and None not in gpios \
                and all(gpios[i] == gpios[0] + i for i in range(len(gpios))):
            self.shift = gpios[0]
            self.width = (1 << len(gpios)) - 1

    def get_pressed(self):
        if self.memory is not None:
            down = ~self.memory[self.address]  # pulled up: pressed reads 0
            if self.shift >= 0:
                return down >> self.shift & self.width
            mask = 0
            gpios = self.gpios
            for i in range(len(gpios)):
                if gpios[i] != 255 and down >> gpios[i] & 1:
                    mask |= 1 << i
            return mask
        mask = 0
        for i in range(len(self.pins)):
            pin = self.pins[i]
            if pin is not None and not pin.value():  # pulled up: pressed reads 0
                mask |= 1 << i
        return mask


def pull_up_keys(pin_class, port=None, **gpios):
    """PinKeys from each button's GPIO number by name (UP=10, A=14, ...; a
    button not named is absent), each an input with its internal pull-up;
    port: see above."""
    unknown = [name for name in gpios if name not in BUTTONS]
    if unknown:
        raise ValueError("no button called %s (the buttons: %s)" % (unknown[0], " ".join(BUTTONS)))
    pins = []
    numbers = []
    for name in BUTTONS:
        gpio = gpios.get(name)
        numbers.append(gpio)
        pins.append(None if gpio is None else pin_class(gpio, pin_class.IN, pin_class.PULL_UP))
    return PinKeys(pins, port, numbers)
