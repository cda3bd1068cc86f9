"""The one place that papers over CPython/MicroPython differences.

`const` is free on MicroPython (the compiler folds it); under CPython it is the
identity.  Nothing else belongs here.
"""

try:
    from micropython import const
except ImportError:  # CPython on the host

    def const(value):
        return value
