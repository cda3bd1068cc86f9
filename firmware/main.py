"""Boot: wire the board to the app and play.

`board` is the board module deployed beside this file (one of boards/, copied
as board.py): it builds the display and the keys and nothing else.  The boot
order keeps the heap whole: the board's frame buffer and the game's undo ring
are allocated first, the heap is collected, and only then is the app's code
loaded.  Nothing heavy happens at import time anywhere else.  The game, the
statistics and the settings live in the flash's root (app/storage.py).
"""

import gc

try:
    import board
except Exception as error:  # wired wrong or not powered: say so, not a traceback
    print("FreeCell: the board did not start:", error)
    print("FreeCell: check the wiring table for your board in README.md")
    raise SystemExit

from freecell.game import Game  # noqa: E402

game = Game()
gc.collect()

from app.app import App  # noqa: E402
from app.storage import Storage  # noqa: E402

App(board.display, board.keys, board.seed(), game, Storage()).run()
