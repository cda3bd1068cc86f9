"""The chip's half of `make bench`: runs on the (emulated) Pico from the
flashed firmware (board.mpy, lib/), through the raw REPL.  Prints
`name: value` lines.

    bench_pico.py heap     pico_boot_free_kb: free heap once the firmware has
                           booted as main.py boots it (board, game, app,
                           storage); pico_solver_free_kb: the same once the
                           solver's tables are made (a hint's first press)
    bench_pico.py solver   pico_hint_617_s: a hint asked from deal 617's start
                           through the app, as a player asks it (the app's
                           slices, progress redraws and I2C sends included;
                           the bus at no time: the emulator's I2C takes none);
                           pico_solver_pos_per_s: the same search by the
                           solver alone, start included, positions a second
    bench_pico.py wait THINK   sets up the app with deal 617 (THINK: 1 the thinker
                           on, its search done first; 0 off) for wait(): the
                           next exec runs the key loop 10 s without a key,
                           whose cycles over its time are pico_idle_busy_pct
                           (the emulator skips the cycles a WFI or WFE waits)
    bench_pico.py idle     pico_hint_617_idle_s: the same hint asked after the
                           table was left alone for 5 s with deal 617 dealt
                           (the thinker at work meanwhile: app/thinker.py),
                           the key loop run as app.run() runs it
    bench_pico.py daily DATE NAME   NAME (pico_daily_ms): the wait from the game chosen
                           after DAILY DEAL to the table drawn, in each game, on
                           DATE (YYYY-MM-DD): the slowest game, and which;
                           a day after freecell/daily_table.py's last is
                           proved by the solver here
It boots as firmware/main.py does: the board (frame buffer) and the game (undo
ring) first, while the heap is whole, then the app's code.
"""

import gc
import sys

if sys.implementation.name == "circuitpython":  # its own `board` names the pins
    import game_board as board
else:
    import board
from freecell.game import Game
from freecell.movelog import CAPACITY

GAME = Game(log=getattr(board, "LOG_CAPACITY", CAPACITY))  # as main.py makes it
gc.collect()
from app.app import App  # noqa: E402
from app.assistant import HINT  # noqa: E402
from freecell.compat import sleep_ms, ticks_diff, ticks_ms, ticks_us  # noqa: E402


def boot():
    from app.storage import Storage, board_files

    return App(board.display, board.keys, board.seed(), GAME,
               Storage(board_files(board)))


def heap():
    app = boot()
    gc.collect()
    print("pico_boot_free_kb: %d" % (gc.mem_free() // 1024))
    app.new_game("617")
    app.assistant.start(HINT)
    app.assistant.cancel()
    gc.collect()
    print("pico_solver_free_kb: %d" % (gc.mem_free() // 1024))


def solver_speed(solver):
    from freecell.solver import SEARCHING

    GAME.deal(617)
    t = ticks_us()
    solver.start(GAME)
    while solver.step(500) == SEARCHING:
        pass
    return solver.positions * 1000000 // ticks_diff(ticks_us(), t)


def hint_617():
    app = boot()
    app.new_game("617")
    app.redraw()
    t = ticks_ms()
    app.assistant.start(HINT)
    while app.assistant.busy():
        app.tick(ticks_ms())
    ms = ticks_diff(ticks_ms(), t)
    app.redraw()
    print("pico_hint_617_s: %.2f" % (ms / 1000))
    print("pico_hint_617_positions: %d" % app.assistant.solver.positions)
    return app


def hint_617_idle():
    app = boot()
    app.new_game("617")
    app.redraw()
    start = ticks_ms()
    while ticks_diff(ticks_ms(), start) < 5000:  # no key for 5 s, as app.run() waits
        now = ticks_ms()
        app.tick(now)
        if not app.working():
            sleep_ms(app.idle_ms(now))
    t = ticks_ms()
    app.assistant.start(HINT)
    while app.assistant.busy():
        app.tick(ticks_ms())
    ms = ticks_diff(ticks_ms(), t)
    print("pico_hint_617_idle_s: %.2f" % (ms / 1000))


APP = None


def wait_setup(think):
    global APP
    APP = boot()
    APP.keeper.settings.think = think
    APP.new_game("617")
    APP.redraw()
    loop(60000, lambda: not APP.assistant.working() and APP.assistant.thinker is not None
         and APP.assistant.thinker.plan.state >= 0 if think else True)
    loop(3000)  # and past the first pause: the key loop at its resting pace


def loop(ms, done=lambda: False):
    """app.run()'s loop for `ms` (or until done())."""
    start = ticks_ms()
    while ticks_diff(ticks_ms(), start) < ms and not done():
        now = ticks_ms()
        APP.tick(now)
        if not APP.working():
            sleep_ms(APP.idle_ms(now))


def wait():
    loop(10000)


def daily(date, name):
    """DAILY DEAL in each game from the title, as a player chooses it."""
    app = boot()
    day = tuple(int(part) for part in date.split("-"))
    app.clock = lambda: day  # a set clock (an unset one asks the date first)
    worst, slowest, waits, refused = -1, "", [], []
    for variant_id in range(6):
        app.keeper.settings.variant_id = variant_id
        app.go(app.title)
        app.redraw()
        gc.collect()
        t = ticks_ms()
        app.do("daily")  # the game picker's A (the title's DAILY DEAL opens it)
        app.redraw()
        ms = ticks_diff(ticks_ms(), t)
        if app.screen is not app.play:  # no room for the proof: said on the title
            refused.append("%d %s" % (variant_id, app.notice))
            app.notice = None
            continue
        waits.append(ms)
        if ms > worst:
            worst, slowest = ms, app.game.variant.name
    if refused:
        print("%s: n/a (%s)" % (name, ", ".join(refused)))
    else:
        print("%s: %d (%s; %s)" % (name, worst, slowest, " ".join(str(w) for w in waits)))


if sys.argv[1] == "heap":
    heap()
elif sys.argv[1] == "daily":
    daily(sys.argv[2], sys.argv[3])
elif sys.argv[1] == "wait":
    wait_setup(sys.argv[2] == "1")
elif sys.argv[1] == "idle":
    hint_617_idle()
else:
    print("pico_solver_pos_per_s: %d" % solver_speed(hint_617().assistant.solver))
