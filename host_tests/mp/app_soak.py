# Soak: random button presses (short and long, every button) through the real
# input path, across every screen.  After each press all 52 cards must be on
# the table; the heap after a collection must not grow.  Run it with a
# board-sized heap: micropython -X heapsize=...  app_soak.py PRESSES SEED
import gc
import sys

# the boot order of firmware/main.py: the big buffers (frame, undo ring) while
# the heap is whole, then the app's code
from boards import sim  # noqa: E402
from freecell.game import Game  # noqa: E402

GAME = Game()
gc.collect()
from app.app import App  # noqa: E402

PRESSES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 1
# d-pad and A most often, as a player would; B, START, SELECT less
WEIGHTS = bytearray(b"\x00\x00\x00\x01\x01\x01\x02\x02\x02\x03\x03\x03\x04\x04\x04\x04\x05\x05\x06\x07")


SCREENS = ("PlayScreen", "TitleScreen", "MenuScreen", "HelpScreen", "DealEntryScreen",
           "EndScreen")


def soak():
    keys = sim.keys
    app = App(sim.display, keys, SEED, GAME)
    state = SEED
    now = 0
    first_half_max = second_half_max = 0  # ints: a list would grow the heap itself
    screens = 0
    for i in range(PRESSES):
        state = (state * 4005 + 1) & 0xFFFF
        button = WEIGHTS[state % len(WEIGHTS)]
        ticks = 70 if (state >> 8) % 23 == 0 else 5  # now and then a long press
        keys.mask = 1 << button
        for _ in range(ticks):
            now += 10
            app.tick(now)
        keys.mask = 0
        for _ in range(5):
            now += 10
            app.tick(now)
        if app.game.table.count_cards() != 52:
            print("FAIL cards", app.game.table.count_cards(), "after press", i)
            return
        screens |= 1 << SCREENS.index(type(app.screen).__name__)
        if i % 500 == 499:
            gc.collect()
            if i < PRESSES // 2:
                first_half_max = max(first_half_max, gc.mem_alloc())
            else:
                second_half_max = max(second_half_max, gc.mem_alloc())
    print("presses", PRESSES)
    print("screens_seen", bin(screens).count("1"), "of", len(SCREENS))
    print("redraws", app.redraws)
    print("heap_first_half_max", first_half_max)
    print("heap_second_half_max", second_half_max)
    print("ok")


soak()
