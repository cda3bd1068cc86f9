# Allocation under MicroPython: the key loop's ticks while the table waits
# allocate nothing, not even for a moment.  Measured from the first slice of
# the thinker's search (app/thinker.py: the solver at work while the table
# waits) to the last before it ends, and on a table whose search is done and
# with THINK AHEAD off.
#
# "Not even for a moment": a bytecode function whose frame is over 11 words
# (10 with a try) gets it from the heap for the call (py/objfun.c,
# VM_MAX_STATE_ON_STACK), freed at return, so the net count is 0; but each
# such gc_alloc searches the heap from its lowest free block for room, and
# on the emulated Pico that search was a third of a hint's time and a
# fifth of an idle tick's.  With gc.threshold(16) any allocation triggers a
# collection at the next, which frees the garbage left before: the
# garbage's bytes come back only if something was allocated.  The measuring
# code lives in functions so that the script's own globals are not counted.
import gc
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from app.app import App
from boards.sim import SimDisplay, SimKeys


def garbage():
    bytearray(4000)  # made and dropped: garbage for the collector


def measure(app, now, ticks, ms):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(ticks):
        now += ms
        app.tick(now)
    used = gc.mem_alloc() - before
    gc.enable()
    gc.collect()
    garbage()
    before = gc.mem_alloc()
    gc.threshold(16)
    for _ in range(ticks):
        now += ms
        app.tick(now)
    gc.threshold(-1)
    return used, before - gc.mem_alloc(), now


def report(name, app, now, ticks, ms):
    used, freed, now = measure(app, now, ticks, ms)
    print(name + "_alloc_bytes", used)
    print(name + "_collected_bytes", freed)
    return now


app = App(SimDisplay(128, 64), SimKeys(), 3)
app.new_game("11982")
now = 0
while app.assistant.thinker is None or not app.assistant.thinker.working():
    now += 10
    app.tick(now)
# 2 x 200 slices: 1,600 positions, the search still under way
now = report("think_slice", app, now, 200, 10)
assert app.assistant.thinker.working()
app.new_game("617")
while app.assistant.thinker.plan.state < 0 or app.assistant.thinker.working():
    now += 10
    app.tick(now)
now = report("idle_tick_thought", app, now + 5000, 100, 30)  # at the resting pace
app.keeper.settings.think = 0
now = report("idle_tick_no_thinking", app, now, 100, 30)
