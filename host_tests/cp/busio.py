"""A fake CircuitPython `busio`: an I2C whose bytes go to the SSD1306 model
the test sets (busio.MODEL), and whose lock behaves as a real one does
(adafruit's display bus spins on try_lock)."""

MODEL = None  # the test's SSD1306Model
WRITES = []  # (address, bytes) of every transfer, for the test


class I2C:
    def __init__(self, scl, sda, frequency=100000):
        self.scl, self.sda, self.frequency = scl, sda, frequency
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return [0x3C]

    def writeto(self, address, buffer, *, start=0, end=None):
        data = bytes(buffer[start:end])
        WRITES.append((address, data))
        MODEL.i2c_write(data)

    def deinit(self):
        pass


class SPI:
    """Named by Adafruit's display buses' annotations; not used here."""

    def __init__(self, clock, MOSI=None, MISO=None):  # noqa: N803 - CircuitPython's names
        self.clock = clock
