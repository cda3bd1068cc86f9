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
run.  Nothing else belongs here.
"""

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
