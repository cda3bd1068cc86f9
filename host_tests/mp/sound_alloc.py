# Allocation under MicroPython: the game's sounds (app/sounds.py on
# drivers/buzzer.py) allocate nothing: a thousand keys, refusals, cards home
# and wins, each sound ticked through to silence.  The measuring code lives in
# a function so that the script's own globals are not counted.
import gc
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from app.records import Settings
from app.sounds import Sounds
from drivers.buzzer import Buzzer


class PWM:  # machine.PWM's two calls, counting what reaches the pin
    def __init__(self):
        self.tones = 0

    def freq(self, hz):
        self.tones += 1

    def duty_u16(self, duty):
        pass


class Game:  # what Sounds reads of the game
    def __init__(self):
        self.home = 0

    def cards_home(self):
        return self.home

    def is_won(self):
        return self.home == 52


def measure(sounds, game, pwm):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    now = 0
    for i in range(1000):
        kind = i % 4
        if kind == 2:
            game.home = 0 if game.home >= 52 else game.home + 1
        elif kind == 3 and i % 40 == 3:
            game.home = 52
        sounds.key(kind == 1)
        for _ in range(60):  # 1.2 s of ticks: every sound plays to its end
            now += 20
            sounds.tick(now)
    used = gc.mem_alloc() - before
    gc.enable()
    return used


pwm = PWM()
game = Game()
sounds = Sounds(Buzzer(pwm), game, Settings())
used = measure(sounds, game, pwm)
print("sound_alloc_bytes", used)
print("tones", pwm.tones)
print("silent_after", sounds.buzzer.sound is None)
