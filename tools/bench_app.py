"""The app's half of `make bench`, run under MicroPython from the .mpy tree.

    bench_app.py frame          frame_us (a full table redraw) and
                                frame_alloc_bytes (summed over five table states:
                                a fresh deal, the cursor up a column, a run held,
                                a message shown, autoplay off)
    bench_app.py play PRESSES   plays the presses in the file PRESSES on deal 617,
                                then prints the position (as tools/fc.py replay
                                does) and `won` or `not won`.  One byte a
                                press, packed on the host from tools/keyplan.py's
                                words: the button's bit number, +8 for a long
                                press (a list of words would weigh more than
                                the game)
    bench_app.py assist         on deal 617: a hint, winnable?, then "show me"
                                to the end, through the app's menu actions and
                                ticks; prints each answer as the player reads
                                it, the seen table's slots, `won by the
                                solver` or why not (for a small -X heapsize:
                                the app must answer, never raise)
It boots as firmware/main.py does: the board (frame buffer) and the game (undo
ring) first, while the heap is whole, then the app's code.  It also runs on a
flashed (virtual) board, where the board module is `board` (on CircuitPython
`game_board`).
"""

import gc
import sys

if sys.implementation.name == "circuitpython":  # its own `board` names the pins
    import game_board as sim
else:
    try:
        import board as sim  # on a flashed board: the board module beside main.py
    except ImportError:
        from boards import sim  # from the build tree
from freecell.game import Game  # noqa: E402

GAME = Game()
gc.collect()
from app.app import App  # noqa: E402
from app import buttons as K  # noqa: E402

from freecell.compat import ticks_us, ticks_diff  # noqa: E402


def measure(app, rounds):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    t = ticks_us()
    for _ in range(rounds):
        app.view.draw(app.game, app.play)
    us = ticks_diff(ticks_us(), t) // rounds
    used = gc.mem_alloc() - before
    gc.enable()
    return used, us


def bench_frame():
    app = App(sim.display, sim.keys, 3, GAME)
    app.new_game("617")
    measure(app, 2)  # warm up
    total = 0
    slowest = 0
    for setup in range(5):
        if setup == 1:
            app.play.key(K.UP, K.PRESS)
            app.play.key(K.UP, K.PRESS)
        elif setup == 2:
            app.play.key(K.A, K.PRESS)
        elif setup == 3:
            app.play.key(K.RIGHT, K.PRESS)
            app.play.key(K.A, K.PRESS)
        elif setup == 4:
            app.play.key(K.B, K.PRESS)
            app.game.autoplay = False
        used, us = measure(app, 20)
        total += used
        slowest = max(slowest, us)
    print("frame_us:", slowest)
    print("frame_alloc_bytes:", total)


def play(path):
    app = App(sim.display, sim.keys, 3, GAME)
    app.new_game("617")
    now = 0
    with open(path, "rb") as f:
        presses = f.read()
    for i in range(len(presses)):
        press = presses[i]
        sim.keys.mask = 1 << (press & 7)
        for _ in range(70 if press & 8 else 5):
            now += 10
            app.tick(now)
        sim.keys.mask = 0
        for _ in range(5):
            now += 10
            app.tick(now)
    from freecell.notation import position_text

    print(position_text(app.game))
    print("won" if app.game.is_won() and app.showing("end") else "not won")


def message(app):
    play = app.play
    return " / ".join(bytes(play.message[i].buf[:play.message[i].n]).decode()
                      for i in range(play.message_lines))


def assist():
    app = App(sim.display, sim.keys, 3, GAME)
    app.new_game("617")
    now = 0
    slots = depth = 0
    for action in ("hint", "winnable", "show"):
        app.do(action)
        if app.assistant.solver:  # (no reference kept: the win lets it go, the end's room)
            slots, depth = app.assistant.solver.size, app.assistant.solver.max_depth
        while app.assistant.busy():
            now += 100
            app.tick(now)
        app.redraw()
        print(action + ":", message(app) or "-")
    print("table_slots:", slots)
    print("max_depth:", depth)
    print("won by the solver" if app.game.is_won() and app.game.assisted else "not won")


if sys.argv[1] == "frame":
    bench_frame()
elif sys.argv[1] == "assist":
    assist()
else:
    play(sys.argv[2])
