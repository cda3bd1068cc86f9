"""Boot: wire the board to the app and play.

`board` is the board module deployed beside this file (one of boards/, copied
as board.py; on CircuitPython as game_board.py, since there `board` is the
module of the pins, and CircuitPython runs main.py too): it builds the
display and the keys and nothing else.  The boot
order keeps the heap whole: the board's frame buffer and the game's undo ring
are allocated first, the heap is collected, and only then is the app's code
loaded.  The saved game, statistics and settings (in the flash's root:
app/storage.py; where the board's `files` says: the Thumby's /Saves/FreeCell;
in its `nvm`: CircuitPython's) are loaded and checked before the app's code is, so the
loaders' code never shares the heap with it.  On a small heap (under
150 KB: an ESP32's, not a Pico's) freecell/game.py and app/app.py collect
it after each module they load, so that the next module's code fills the
holes the last one's loading left (freecell.compat.loaded()).  Nothing
heavy happens at import time anywhere else.
"""

import gc
import sys

try:
    if sys.implementation.name == "circuitpython":  # its own `board` names the pins
        import game_board as board
    else:
        import board
except Exception as error:  # wired wrong or not powered: say so, not a traceback
    print("FreeCell: the board did not start:", error)
    print("FreeCell: check the wiring table for your board in README.md")
    raise SystemExit

try:
    from freecell.game import Game
    from freecell.movelog import CAPACITY

    # a board may keep its files elsewhere (CircuitPython: nvm) and log no
    # moves for the result log it cannot keep
    game = Game(log=getattr(board, "LOG_CAPACITY", CAPACITY))
    gc.collect()
    # the saved files are loaded and checked before the app's code is: the
    # loaders come and go while the heap holds only the engine
    from app.keeper import Keeper
    from app.storage import Storage, board_files

    keeper = Keeper(Storage(board_files(board)))
    keeper.boot(game)
    gc.collect()
    from app.app import App

    app = App(board.display, board.keys, board.seed(), game, keeper=keeper,
              quit=getattr(board, "quit", None), buzzer=getattr(board, "buzzer", None),
              wifi=getattr(board, "wifi", None))
    if hasattr(board, "clock"):  # its real-time clock is not localtime()'s (the Thumby Color's)
        app.clock = board.clock
except MemoryError:  # a board with less heap than the app needs: say so
    game = None
    gc.collect()
    print("FreeCell: not enough memory to start (%d KB free; the game needs about 100 KB)"
          % (gc.mem_free() // 1024))
    raise SystemExit
app.run()
