"""The one place that papers over CPython/MicroPython/CircuitPython
differences.

`const` is free on MicroPython (the compiler folds it); under CPython it is the
identity.  The time functions are MicroPython's ticks API; on CircuitPython
they are built on `supervisor.ticks_ms` (small ints that wrap at 2**29, as
adafruit_ticks does), under CPython on a monotonic clock.  Under CPython,
`micropython` stands in for the module of that name so that
`@micropython.viper` functions (solver_loops.py) and `@micropython.native`
ones (the solver's and the drawing's hot methods) run as plain Python; on
MicroPython the compiler reads those decorators by their name and they never
run, so a module may import this stand-in there too.
`ptr8` (and `ptr16`, `ptr32`) is viper's pointer cast: inside a viper
function the compiler treats the name itself as the cast, and where the
decorators are taken out (a port without native code: CircuitPython,
tools/flash.py's plain Python) this identity stands in, so the same bodies
run.  `loaded()` collects the heap after a module loads, where that pays:
MicroPython with a tight heap.  Nothing else belongs here.
"""

import gc
import sys

try:
    from micropython import const
except ImportError:  # CPython on the host

    def const(value):
        return value


class micropython:  # noqa: N801 - named as the module it stands for
    """Where MicroPython's compiler does not read @micropython.viper itself
    (CPython, with or without Blinka's module of that name, whose viper
    raises), the decorator leaves the function as it is."""

    @staticmethod
    def viper(function):
        return function

    native = viper


def ptr8(buffer):  # viper's pointer cast, as plain Python: the buffer itself
    return buffer


ptr16 = ptr32 = ptr8  # its casts to halfwords and words (of an array's items)


try:
    from time import ticks_ms, ticks_us, ticks_diff, sleep_ms
except ImportError:
    try:  # CircuitPython
        from supervisor import ticks_ms
        from time import monotonic_ns, sleep

        _PERIOD = const(1 << 29)

        def ticks_us():  # a long int each call: only for seeds and benchmarks
            return (monotonic_ns() // 1000) & (_PERIOD - 1)

        def ticks_diff(a, b):
            return ((a - b + _PERIOD // 2) & (_PERIOD - 1)) - _PERIOD // 2

        def sleep_ms(ms):
            sleep(ms / 1000)

    except ImportError:  # CPython on the host
        from time import perf_counter, sleep

        def ticks_ms():
            return int(perf_counter() * 1000)

        def ticks_us():
            return int(perf_counter() * 1000000)

        def ticks_diff(a, b):
            return a - b

        def sleep_ms(ms):
            sleep(ms / 1000)


# MicroPython's .mpy loader leaves garbage behind once a module has run (a
# raw-code object for each function, 16 bytes on a 32-bit port, and the
# module body's own bytecode), one hole beside each function's code: nobody
# collects it while the imports go on, so the next module's code goes on
# the heap's top and the holes are left.  Collected after each module
# loads (freecell/game.py and app/app.py call this between their imports),
# the next module's code fills them: the engine alone wins and takes back
# deal 617 in 26 KB (make bench's min_heap_kb32; 30 without), the app a
# whole game in 96 KB (app_min_heap_kb32; 99), and an ESP32-sized heap has
# a seen table from 102 KB (106).  Only on a heap under TIGHT_HEAP (an
# ESP32's 110 KB; the 32-bit port's small heaps): on a Pico's 230 KB the
# holes take the short-lived frames a press's calls put on the heap, and
# filled with code they made every press about 3 ms slower (pico_press_ms
# 50.4 against 47.7).  The heap's size is read once, here: gc.mem_free()
# walks the whole heap (a call a module made the Pico's boot 120 ms longer).
# Not on CircuitPython, whose .mpy drive gained nothing by it
# (cp_boot_free_kb_mpy and cp_solver_free_kb_mpy the same): docs/MEASURED.md.
TIGHT_HEAP = const(150 * 1024)
_COLLECTS = sys.implementation.name == "micropython" \
    and gc.mem_free() + gc.mem_alloc() < TIGHT_HEAP


def loaded():
    if _COLLECTS:
        gc.collect()
