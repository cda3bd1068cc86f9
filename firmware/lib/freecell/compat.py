"""The one place that papers over CPython/MicroPython differences.

`const` is free on MicroPython (the compiler folds it); under CPython it is the
identity.  The time functions are MicroPython's ticks API; under CPython they
are built on a monotonic clock.  Under CPython, `micropython` stands in for the
module of that name so that `@micropython.viper` functions (solver_loops.py)
run as plain Python, with `ptr8` as a name for their annotations.  Nothing
else belongs here.
"""

try:
    from micropython import const
except ImportError:  # CPython on the host

    def const(value):
        return value

    class micropython:  # noqa: N801 - named as the module it stands for
        @staticmethod
        def viper(function):
            return function

    def ptr8(buffer):  # viper's pointer cast; under CPython the buffer itself
        return buffer


try:
    from time import ticks_ms, ticks_us, ticks_diff, sleep_ms
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
