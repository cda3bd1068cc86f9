"""Thinking ahead: the solver at work on the table's position while the
player looks at it, so that HINT, SHOW ME and WINNABLE? answer at once.

While the table waits for a key (START_MS since the last press, the game
under way, no question asked), each tick gives the search SLICE moves
(solver.step()): about 1 ms on the emulated Pico (deal 617's search, 0.5
ms a move: make bench's 1,498 moves at 1,340 positions a second), after the tick has read
the keys; it pauses while the player presses keys (START_MS again after
each press), so a burst of presses never waits on it (make bench:
pico_press_ms).
What it found is its plan (hints.py): kept for the position it was found
for, and following the player along its line (or moves worth the same);
a position neither its plan nor the assistant's last answer covers is
searched again once the table waits again.  It stops once it has a line, a
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

from .hints import Plan, ended, search

SLICE = const(2)  # the search's moves a tick: about 1.2 ms on the emulated Pico
START_MS = const(600)  # since the last press: a player between moves, not in a burst
_SEARCHING = const(0)  # solver.SEARCHING
# how many of a line's moves a pause's check looks ahead for the player's
# position (one a move is the usual: it looks at each pause); a question
# looks along the whole line
AHEAD = const(3)


class Thinker:
    def __init__(self, assistant):
        self.assistant = assistant
        self.plan = Plan()
        # the position last looked at (the game's counters and deal): asked
        # again at every idle tick, the answer is known
        self.moves = self.head = self.lo = -1
        self.variant = None

    def forget(self):
        """The search under way goes with the solver's tables (a line found
        stays: it needs them no more); the position is looked at again."""
        if self.plan.state == _SEARCHING:
            self.plan.found(-1, 0, None)
        self.moves = -1

    def working(self):
        """Is a search under way (the key loop does not sleep then)?"""
        return self.plan.state == _SEARCHING

    def tick(self, now, last_press):
        """A slice of thinking when the table waits; True when it worked.
        (Its frame, and _waits()', are kept small: App.run() says why.)"""
        game = self.assistant.app.game
        if game.moves == self.moves and game.history.head == self.head \
                and game.number.lo == self.lo and game.variant is self.variant:
            # looked at already: its search goes on, or nothing is to do
            # (the usual idle tick, kept short)
            if self.plan.state != _SEARCHING or self._waits(now, last_press, game):
                return False
            return self._slice(game)
        if self._waits(now, last_press, game):
            return False
        return self._look(game)

    def _waits(self, now, last_press, game):
        """Does the thinker wait: a question asked, another screen, the game
        over, thinking off, or a player pressing keys (it waits until they
        pause)?"""
        app = self.assistant.app
        return self.assistant.mode or app.screen is not app.play or game.state != PLAYING \
            or not app.keeper.settings.think or ticks_diff(now, last_press) < START_MS

    def _slice(self, game):
        state = self.assistant.solver.step(SLICE)
        if state != _SEARCHING:
            self._ended(state, game)
        return True

    def _look(self, game):
        """A position not looked at yet: the answer given last covers it,
        or the thinker's own plan; else a search starts."""
        a = self.assistant
        self.moves, self.head = game.moves, game.history.head
        self.lo, self.variant = game.number.lo, game.variant
        if a.plan is not None and a.plan.fits(game, AHEAD) or self.plan.fits(game, AHEAD):
            return False
        if not a.ready():  # no room for the solver's tables beside the app
            self._stop()
            return False
        state = search(a, self.plan, game)
        if state != _SEARCHING:
            self._ended(state, game)
        return True

    def _ended(self, state, game):
        """The search ended: keep its line (a list: the heap may refuse it).
        (Apart from tick(): a try in a frame makes it too big for the C
        stack, and a frame that is put on the heap costs a search of it.)"""
        try:
            ended(self.assistant, self.plan, state, game)
        except MemoryError:
            self._stop()

    def _stop(self):
        """The solver's tables, or a line found, did not fit beside the app
        after all: no more thinking ahead (a question still makes its own)."""
        self.plan.found(-1, 0, None)
        a = self.assistant
        a.thinker = None
        a.can_think = False
        gc.collect()
