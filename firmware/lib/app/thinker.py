"""Thinking ahead: the solver at work on the table's position while the
player looks at it, so that HINT, SHOW ME and WINNABLE? answer at once.

While the table waits for a key (START_MS since the last press, the game
under way, no question asked), each tick gives the search SLICE moves
(solver.step()): about 1 ms on the emulated Pico (deal 617's search, 0.5
ms a move: make bench's 1,498 moves at 1,340 positions a second), after the tick has read
the keys; it pauses while the player presses keys (START_MS again after
each press), so a burst of presses never waits on it (make bench:
pico_press_ms).
What it found is kept for the position it was found for, and follows the
player: a move along the found line keeps the rest of the line; any other
move, an undo, a new deal, forgets it, and the search starts again from the
new position once the table waits again.  It stops once it has a line, a
proof that there is none, or has spent the budget; the key loop then sleeps
again (app.run()).  A search found this way marks nothing (the deal's '?'
stays until the player asks).  Allocates nothing per slice (the solver's
step() allocates nothing; the line, once, when found).

Made by the assistant only where the solver's code was loaded with the app
(a Pico's heap, CircuitPython's .mpy drive: assistant.THINK_FREE) and the
settings say so (THINK AHEAD, on by default); never where that code is
loaded at the first question (an ESP32's heap, CircuitPython's .py drive),
which a pause would then wait on.
"""

import gc

from freecell.compat import const, ticks_diff
from freecell.game import PLAYING
from freecell.history import GROUP_START
from freecell.movelog import pack

SLICE = const(2)  # the search's moves a tick: about 1.2 ms on the emulated Pico
START_MS = const(600)  # since the last press: a player between moves, not in a burst
_SEARCHING = const(0)  # solver.SEARCHING
_SOLVED = const(1)  # solver.SOLVED


class Thinker:
    def __init__(self, assistant):
        self.assistant = assistant
        self.state = -1  # -1: nothing for this position; else the solver's state
        self.line = None  # the moves from the search's root, when solved
        self.next = 0  # the first of them still to play
        self.positions = 0  # what the search examined
        # the position the result is for: the game's counters and deal, and
        # where its history's head was
        self.moves = self.head = self.hi = self.lo = self.variant = -1
        self.autoplay = False

    def forget(self):
        self.state = -1
        self.line = None

    def fits(self, game):
        """Is what was found for the game's position now?  A move along the
        found line is followed (the rest kept); anything else forgets it."""
        if self.state < 0:
            return False
        if game.number.hi != self.hi or game.number.lo != self.lo \
                or game.variant is not self.variant or game.autoplay != self.autoplay:
            self.forget()
            return False
        if game.moves == self.moves:
            return True
        h = game.history
        if self.state == _SOLVED and game.moves == self.moves + 1 and h.head > self.head \
                and self.next < len(self.line) and h.flags(self.head) & GROUP_START \
                and pack(h.src(self.head), h.dst(self.head), h.count(self.head)) \
                == self.line[self.next]:
            self.next += 1  # the player made the line's next move
            self._stamp(game)
            return True
        self.forget()
        return False

    def stamp_for(self, game):
        """A question's search from the game's position: its result is for it."""
        self._stamp(game)
        self.next = 0

    def _stamp(self, game):
        self.moves, self.head = game.moves, game.history.head
        self.hi, self.lo = game.number.hi, game.number.lo
        self.variant, self.autoplay = game.variant, game.autoplay

    def working(self):
        """Is a search under way (the key loop does not sleep then)?"""
        return self.state == _SEARCHING

    def tick(self, now, last_press):
        """A slice of thinking when the table waits; True when it worked."""
        a = self.assistant
        app = a.app
        game = app.game
        if self.state > _SEARCHING and game.moves == self.moves and game.number.lo == self.lo \
                and game.variant is self.variant:
            return False  # done for this very position: the usual idle tick, kept short
        if a.mode or app.screen is not app.play or game.state != PLAYING \
                or not app.keeper.settings.think or ticks_diff(now, last_press) < START_MS:
            return False  # (a player pressing keys: it waits until they pause)
        if self.fits(game):
            if self.state != _SEARCHING:
                return False  # done: a line, a proof, or the budget spent
            state = a.solver.step(SLICE)
        elif a.ready():
            self._stamp(game)
            self.next = 0
            state = a.solver.start(game)
        else:  # no room for the solver's tables beside the app
            self._stop()
            return False
        if state == _SEARCHING:  # the usual slice: found() allocates nothing then
            self.found(state, game)
        else:
            self._ended(state, game)
        return True

    def _ended(self, state, game):
        """The search ended: keep its line (a list: the heap may refuse it).
        (Apart from tick(): a try in a frame makes it too big for the C
        stack, and a frame that is put on the heap costs a search of it.)"""
        try:
            self.found(state, game)
        except MemoryError:
            self._stop()

    def _stop(self):
        """The solver's tables, or a line found, did not fit beside the app
        after all: no more thinking ahead (a question still makes its own)."""
        self.forget()
        a = self.assistant
        a.thinker = None
        a.can_think = False
        gc.collect()

    def found(self, state, game):
        """The search's state after a slice (or a question's search): its
        line when it has one."""
        self.state = state
        self.positions = self.assistant.solver.positions
        if state == _SOLVED:
            self.line = self.assistant.solver.moves(game.autoplay)
            self.next = 0
