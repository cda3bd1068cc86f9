"""The heap sweeps' script (loading and saving at every heap), run under MicroPython from the .mpy
tree, apart from bench_app.py so that its code costs the other measures
nothing:

    bench_resume.py FOLDER   boots on the flash in FOLDER (its game.sav and
                             stats.sav) as firmware/main.py does (the saved
                             files loaded and checked before the app's code),
                             then asks for a hint and saves the game; prints
                             whether the game resumed, its moves, ring steps
                             and logged actions, every note the boot made,
                             the hint and the save's outcome
"""

import gc
import sys

from boards import sim
from freecell.game import Game

GAME = Game()
gc.collect()
from app.keeper import Keeper  # noqa: E402
from app.storage import Storage
from drivers.flash_files import FlashFiles  # noqa: E402

KEEPER = Keeper(Storage(FlashFiles(sys.argv[1])))
KEEPER.boot(GAME)
gc.collect()
from app.app import App  # noqa: E402


def message(app):
    play = app.play
    return " / ".join(bytes(play.message[i].buf[:play.message[i].n]).decode()
                      for i in range(play.message_lines))


def resume():
    app = App(sim.display, sim.keys, 3, GAME, keeper=KEEPER)
    game = app.game
    print("resumed:", "yes" if app.in_progress and game.moves else "no")
    print("moves:", game.moves)
    print("steps:", game.history.end - game.history.first)
    print("logged:", game.log.n)
    for note in app.keeper.storage.notes:
        print("note:", note)
    now = 0
    app.do("hint")
    while app.assistant.busy():
        now += 100
        app.tick(now)
    app.redraw()
    print("hint:", message(app) or "-")
    app.keeper.save_game(game)
    print("saved:", app.keeper.problem or "yes")


resume()
