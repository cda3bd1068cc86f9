"""Hardware drivers for the boards: the SSD1306 display and keys on pins.

The bus objects (machine.I2C, machine.SPI, machine.Pin) are made by the board
module and passed in, so these modules import no `machine` themselves and can
be tested on the host against a fake bus.

A board names its keys: key_names.py.
"""
