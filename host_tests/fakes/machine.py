"""A fake `machine` for running board modules on the host (CPython and the
MicroPython unix port): pins whose levels a test sets, and I2C/SPI buses that
feed an SSD1306 model.  FAKE holds the wiring a test chooses."""

from ssd1306_model import SSD1306Model


class _Fake:
    def __init__(self):
        self.model = SSD1306Model()
        self.i2c_devices = [0x3C]  # who answers a scan; [] = miswired
        self.low_pins = []  # pins held at 0 (buttons pressed)
        self.pins = {}
        self.buses = []  # each bus made: kind, id, its two pins, its rate
        self.pwms = {}  # pin number: the PWM made on it
        self.tones = []


FAKE = _Fake()


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        self.level = 1 if value is None else value
        FAKE.pins[pin_id] = self

    def init(self, mode=-1, pull=-1, value=None):
        if value is not None:
            self.level = value

    def value(self, level=None):
        if level is None:
            return 0 if self.id in FAKE.low_pins else self.level
        self.level = level
        FAKE.model.pin_changed(self)
        return None

    def __call__(self, level=None):
        return self.value(level)


class I2C:
    def __init__(self, bus_id, sda=None, scl=None, freq=400000):
        self.bus_id = bus_id
        FAKE.buses.append(("I2C", bus_id, sda, scl, freq))

    def scan(self):
        return list(FAKE.i2c_devices)

    def writeto(self, addr, buf):
        if addr not in FAKE.i2c_devices:
            raise OSError(19)  # ENODEV: no acknowledge
        FAKE.model.i2c_write(buf)

    def writevto(self, addr, bufs):
        if addr not in FAKE.i2c_devices:
            raise OSError(19)
        data = bytearray()
        for b in bufs:
            data.extend(b)
        FAKE.model.i2c_write(data)


class SPI:
    def __init__(self, bus_id, baudrate=1000000, sck=None, mosi=None, miso=None):
        self.bus_id = bus_id
        FAKE.buses.append(("SPI", bus_id, sck, mosi, baudrate))

    def init(self, **kwargs):
        pass

    def write(self, buf):
        FAKE.model.spi_write(buf)


class PWM:
    """A PWM on a pin: what it plays is kept in FAKE.tones, (hz, duty) at
    each call."""

    def __init__(self, pin):
        self.pin = pin
        self.hz = 0
        FAKE.pwms[pin.id] = self

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, duty):
        FAKE.tones.append((self.hz, duty))


def reset():
    raise SystemExit


class _Mem32:
    """mem32: only the RP2040's SIO GPIO_IN (0xD0000004), each GPIO's level
    as the fake pins have it (a pin no one made reads high: pulled up)."""

    def __getitem__(self, address):
        if address != 0xD0000004:
            raise ValueError("the fake mem32 models only SIO GPIO_IN")
        word = 0
        for gpio in range(30):
            pin = FAKE.pins.get(gpio)
            if (pin.value() if pin is not None else 1) and gpio not in FAKE.low_pins:
                word |= 1 << gpio
        return word


mem32 = _Mem32()
