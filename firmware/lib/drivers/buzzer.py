"""A piezo buzzer on a PWM pin (the Thumby's GP28), played from the app's
tick: starting a sound takes a few microseconds and nothing waits for it.

The board module makes the PWM (machine.PWM(Pin(28))) and passes it in; it
needs freq(hz) and duty_u16(d), as machine.PWM has.  A sound is a flat
tuple of notes, (hz, ms, hz, ms, ...), hz 0 a rest, built once at import
(app/sounds.py has the game's): play() starts one, cutting off any still
playing; tick(now) goes on to the next note once the current one's time is
up and silences the buzzer after the last.  A note lasts its time from the
first tick that sees it to the first tick past it.  Nothing is allocated per note:
the state is three small ints and a reference to the tuple.
"""

from freecell.compat import ticks_diff

ON = 32768  # half of the period high: a square wave, as TinyCircuits' library plays it


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.sound = None  # the tuple playing, None when silent
        self.at = 0  # its next note's index
        self.started = None  # when the note playing began (ticks_ms); None: at the next tick
        self.length = 0  # and its ms
        pwm.duty_u16(0)

    def play(self, sound):
        """Start `sound` now; its first note's time counts from the next
        tick (a sound is started as a tick ends, after its redraw and any
        save, which would otherwise eat into the note)."""
        self.sound = sound
        self.at = 0
        self._next(None)

    def tick(self, now):
        if self.sound is None:
            return
        if self.started is None:
            self.started = now
        elif ticks_diff(now, self.started) >= self.length:
            self._next(now)

    def stop(self):
        self.pwm.duty_u16(0)
        self.sound = None

    def _next(self, now):
        sound, at = self.sound, self.at
        if at >= len(sound):
            self.stop()
            return
        hz = sound[at]
        if hz:
            self.pwm.freq(hz)
            self.pwm.duty_u16(ON)
        else:
            self.pwm.duty_u16(0)
        self.started, self.length, self.at = now, sound[at + 1], at + 2
