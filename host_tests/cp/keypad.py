"""A fake CircuitPython `keypad`: Keys and ShiftRegisterKeys whose keys a
test presses (PRESSED, by key number), reported as events as keypad does."""

PRESSED = set()  # the key numbers held down now, for every scanner


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, scanner):
        self.scanner = scanner

    def get_into(self, event):
        s = self.scanner
        for k in range(s.key_count):
            down = k in PRESSED
            if down != s.state[k]:
                s.state[k] = down
                event.key_number, event.pressed = k, down
                return True
        return False


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, **_):
        self.key_count = len(pins)
        self.state = [False] * self.key_count
        self.events = EventQueue(self)


class ShiftRegisterKeys(Keys):
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, **_):
        super().__init__([None] * key_count, value_when_pressed=value_when_pressed)
