"""A fake CircuitPython `board`: pin names (objects that say which pin they
are), and for the boards with a built-in display, DISPLAY (set by a test)."""


class PinName:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


for _i in range(30):
    globals()["GP%d" % _i] = PinName("GP%d" % _i)
for _name in ("SCL", "SDA", "ENCODER_A", "ENCODER_B", "BUTTON_A", "BUTTON_B",
              "BUTTON_CLOCK", "BUTTON_LATCH", "BUTTON_OUT", "KEY1", "KEY2", "KEY3", "KEY4",
              "KEY5", "KEY6", "KEY7", "KEY8", "KEY9", "KEY10", "KEY11", "KEY12", "ENCODER_SWITCH"):
    globals()[_name] = PinName(_name)
DISPLAY = None
