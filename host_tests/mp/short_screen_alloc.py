# Allocation under MicroPython: a redraw of the Thumby's 72x40 table (the top
# row in mini cards, the strip of the column under the cursor: short_view.py)
# allocates nothing, in each state a player sees it: the strip of one line,
# of two, none (the cursor on the top row, up a column, a card held).  The
# measuring code (redraw_alloc.py) is a function, so that the script's own
# globals are not counted.
import sys

if sys.implementation.name != "micropython":
    print("SKIP")
    raise SystemExit

from app import buttons as K
from app.app import App
from boards.sim import SimDisplay, SimKeys
from redraw_alloc import measure

app = App(SimDisplay(72, 40), SimKeys(), 3)
app.new_game("617")
measure(app, 2)  # warm up
total = 0
states = []
for keys in ((), (K.RIGHT,), (K.DOWN,), (K.DOWN, K.UP), (K.A,)):
    for key in keys:
        app.play.key(key, K.PRESS)
    app.view.draw(app.game, app.play)
    states.append(app.view.short.lines(app.game, app.play))
    total += measure(app)
app.play.key(K.B, K.PRESS)
# a long column: column 1 with the cards of columns 5 and 6 on it (18 covered)
t = app.game.table
for c in (4, 5):
    while t.heights[c]:
        t.cards[t.heights[0]] = t.cards[c * 19 + t.heights[c] - 1]
        t.heights[0] += 1
        t.heights[c] -= 1
app.play.row, app.play.col, app.play.depth = 1, 0, 0
app.view.draw(app.game, app.play)
states.append(app.view.short.lines(app.game, app.play))
total += measure(app)
print("short_frame_alloc_bytes", total)
print("strip_lines", " ".join(str(n) for n in states))
