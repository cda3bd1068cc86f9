"""The Thumby Color's part of `make bench`, run on TinyCircuits' engine
(../shared/thumbycolor, the host build: its heap is the one asked for, its
speed the host's, not the RP2350's) from the game's folder, the firmware
booted as main.py boots it (tools/bench_pico.py's boot()):

    tc_boot_free_kb        free heap once booted (the title shown)
    tc_solver_free_kb      the same once a hint's solver tables are made
    tc_frames_per_move     the app's redraws for a move made with three
                           presses (pick up, move the cursor, put down),
                           each redraw one blit onto the engine's texture
    tc_press_bytes         heap allocated by a d-pad press on the table
                           (its redraw included), the median of 20
"""

import gc
import sys

import tc_harness

sys.argv[:] = ["", "heap"]
import bench_pico  # noqa: E402  (prints pico_boot_free_kb, pico_solver_free_kb)

from freecell.compat import ticks_ms  # noqa: E402


def settle(app, ticks=12):
    """Run the key loop for some engine ticks (the buttons are read once
    a tick)."""
    for _ in range(ticks):
        app.tick(ticks_ms())


def press(app, name):
    tc_harness.press(name)
    settle(app, 3)
    tc_harness.release(name)
    settle(app)


def main():
    app = bench_pico.boot()
    app.new_game("617")
    app.redraw()
    settle(app)
    # a move of three presses: A picks up, RIGHT to a column that takes it, A puts down
    before = app.redraws
    press(app, "A")
    press(app, "RIGHT")
    press(app, "A")
    print("tc_frames_per_move: %.1f" % ((app.redraws - before) / 1))
    used = []
    for i in range(20):
        gc.collect()
        gc.disable()
        start = gc.mem_alloc()
        press(app, "RIGHT" if i % 2 else "LEFT")
        used.append(gc.mem_alloc() - start)
        gc.enable()
    used.sort()
    print("tc_press_bytes: %d" % used[len(used) // 2])


main()
