# Allocation under MicroPython: a redraw of a tall screen's table (the 4x7
# font and 7-row cards: glyphs_tall.py; the PyBadge's 160x128 with 17 px
# cards and 7x7 suits, a 128x128 panel with 13 px ones, Seahaven's narrow
# columns on each) allocates nothing, with the cursor up a column, a card
# held and a message.  The measuring code (redraw_alloc.py) is a function, so that
# the script's own globals are not counted.
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from app import buttons as K
from app.app import App
from boards.sim import SimDisplay, SimKeys
from redraw_alloc import measure
from freecell.variants import Seahaven


for w, h in ((160, 128), (128, 128)):
    app = App(SimDisplay(w, h), SimKeys(), 3)
    app.new_game("617")
    measure(app, 2)  # warm up
    total = 0
    for keys in ((), (K.UP, K.UP), (K.DOWN, K.DOWN, K.A), (K.B, K.UP, K.A)):
        for key in keys:
            app.play.key(key, K.PRESS)
        total += measure(app)
    app.game.set_variant(Seahaven())
    app.game.deal(617)
    app.play.reset()
    app.view.draw(app.game, app.play)
    total += measure(app)
    print("tall_frame_alloc_bytes %dx%d %d" % (w, h, total))
