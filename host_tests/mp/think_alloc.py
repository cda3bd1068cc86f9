# Allocation under MicroPython: the thinker's slices (app/thinker.py: the
# solver at work while the table waits) allocate nothing, from the first
# slice after its search started to the last before it ends.  The measuring
# code lives in a function so that the script's own globals are not counted.
import gc
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from app.app import App
from boards.sim import SimDisplay, SimKeys


def measure(app, now):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(200):  # 200 slices: 800 positions, the search still under way
        now += 10
        app.tick(now)
    used = gc.mem_alloc() - before
    gc.enable()
    return used, now


app = App(SimDisplay(128, 64), SimKeys(), 3)
app.new_game("11982")
now = 0
while app.assistant.thinker is None or not app.assistant.thinker.working():
    now += 10
    app.tick(now)
used, now = measure(app, now)
assert app.assistant.thinker.working()
print("think_slice_alloc_bytes", used)
