"""The simulator's buzzer: a PWM that keeps what it plays (tools/simrun.py
gives it to drivers/buzzer.py's Buzzer when asked for a buzzer; the tests
of sounds use it as it is).  Runs under MicroPython and CPython."""


class SimPWM:
    """A buzzer's PWM (machine.PWM's freq and duty_u16): each change of what
    it plays is kept as (ms, hz), hz 0 silent, ms the clock simrun sets in
    `now` before each tick."""

    def __init__(self):
        self.hz = 1000
        self.duty = 0
        self.now = 0
        self.tone = 0  # what it plays now
        self.changes = []

    def freq(self, hz):
        self.hz = hz
        self._keep()

    def duty_u16(self, duty):
        self.duty = duty
        self._keep()

    def _keep(self):
        tone = self.hz if self.duty else 0
        if tone != self.tone:
            self.tone = tone
            self.changes.append((self.now, tone))
