"""The solver at the player's service: hint, "show me", and "is it winnable?",
answered at once when the thinker (thinker.py: the solver at work while the
table waits) has already searched the position, or an answer given before
still fits it (hints.py's plans follow the player along their line).

The search runs a slice at a time from the app's tick (STEP moves of the
search: solver.step()), so the buttons are read between slices and B stops
it.  Only the status line is redrawn, and only when the progress it shows
moves: a whole table's redraw costs as much as a few positions (on
CircuitPython, 36 ms: deal 617's hint took 0.7 s more for its twenty).
This module is what the app keeps loaded: the questions' flow.  The rest
(searching for a plan, the answers' words, "show me"'s moves, the solver
made to the memory there is) is hints.py, loaded with the solver's code at
the first question where the heap is small; a board without the memory says
so instead of failing, and so does a search that runs out of it."""

import gc
import sys

from freecell.compat import const

from . import let_go

STEP = 16  # the search's moves a slice (solver.step): about 10 ms on the emulated Pico
# Where the solver's code (solver.py and its loops, a fifth of the
# firmware's) is loaded: with the app where memory is plenty (a Pico: on the
# emulated one the search ran 526 positions a second from code loaded then,
# 343 from code loaded at the first question; why, unmeasured), at the first
# question on a small heap (an ESP32's), where its many small pieces fill the
# holes a session leaves and a 110 KB heap still gets its seen table.
# Loaded early, the heap is collected first, so that its 27 KB of code fills the holes the boot's
# garbage left rather than the top of the heap, where the seen table's 48 KB
# block will be wanted: on the emulated Pico the largest free block at the
# first hint was 48.8 KB without the collect (a 4,096-slot table), 52.5 KB
# with it.  The free memory here, with the engine and the app's first module
# loaded: a Pico well over 100 KB, CircuitPython's .mpy drive 97 KB (it loads the
# solver here: 100 KB was its edge, and its boot's own path fell under it),
# the .py drive 82 KB, a 110 KB heap (an ESP32's) 66 KB.  Never on
# CircuitPython's .py drive, whichever its free memory: there the solver's
# modules are compiled from source, 1.5 s and most of the heap for a moment
# (the bench's boot, with more free there, compiled them and then had no
# room to load the saved files)
EARLY_LOAD_FREE = 90 * 1024
_COMPILES = sys.implementation.name == "circuitpython" \
    and globals().get("__file__", "").endswith(".py")
SOLVER_WITH_APP = not _COMPILES and (not hasattr(gc, "mem_free")  # CPython: plenty
                                     or gc.mem_free() >= EARLY_LOAD_FREE)
if SOLVER_WITH_APP:
    gc.collect()
    from freecell import solver  # noqa: F401 (kept in sys.modules)
# The modules loaded for the first question where the solver is not loaded
# with the app, in this order, and let go of when there is no room
# (no_room).  A board that compiles them then (CircuitPython's .py drive)
# holds one module's parse at a time beside the app: the largest first,
# while the most memory is free (its parse is the peak: solver_loops.py's
# 15.6 KB of source at 50 KB free; after all of them 24 KB is left, a
# 1,024-slot table on the emulated Pico), and on such a drive their
# docstrings are left out (tools/flash.py reads this line)
LATE = ("freecell.solver_loops", "freecell.solver", "freecell.solver_moves",
        "freecell.solver_setup", "app.hints", "app.plan")
HINT = 1
SHOW = 2
WINNABLE = 3
_SEARCHING = const(0)  # solver.SEARCHING
# The thinker is made where the solver's code was loaded with the app (it
# never loads that code at a pause, where a press would wait on it: an
# ESP32's heap loads it at the first question, CircuitPython's .py drive
# compiles it then) and at least this much is free: its own code, and the
# solver's tables if they are not made yet, as large as make_solver finds
# room for beside RESERVE (Solver.memory(): a 4,096-slot table and its lines
# are 34 KB, a 2,048-slot one 23 KB; deal 617's hint needs 998 positions).
# A Pico's heap has 96 KB free after boot, CircuitPython's .mpy drive 39 KB
# (45 before the plans' code, which it loads with the app, and nvm's log):
# a 2,048-slot table there, where 40 KB asked here left it no thinker at all
# (cp_hint_617_idle_s 0.88 -> 5.07 s).
THINK_FREE = 30 * 1024
# what tick() changed on screen: more than the progress, or only that
_CHANGED = const(1)
PROGRESS = const(2)


class Assistant:
    def __init__(self, app):
        self.app = app
        self.solver = None
        self.thinker = None  # thinker.py's, made at the first chance where memory allows
        self.can_think = True  # until the heap says otherwise
        self.mode = 0  # 0: idle
        # hints.py, loaded with the first question, and the answer given
        # last (its Plan): followed as the player plays, so that the next
        # question goes on along its line
        self.hints = None
        self.plan = None
        self.showing = False  # "show me" is playing the plan's line
        self.shown = -1  # the progress last drawn
        self.last = None  # when "show me" played its last move

    def busy(self):
        return self.mode != 0

    def release(self):
        """Let go of the solver and its tables (a screen needs the room), and
        of the thinker's search under way; the next question makes them
        again.  The lines found stay: they need the solver no more."""
        if not self.mode:
            self.solver = None
            if self.thinker is not None:
                self.thinker.forget()

    def loaded(self):
        """Are the solver's code and hints.py loaded (now if need be, in
        LATE's order)?"""
        if self.hints is None:
            for name in LATE:
                if load(name) is None:
                    return False
            self.hints = sys.modules["app.hints"]
            self.plan = self.hints.Plan()
        return True

    def ready(self):
        """Is there a solver (made now if need be)?"""
        if self.solver is None and self.loaded():
            self.solver = self.hints.make_solver()
        return self.solver is not None

    def working(self):
        """Is the solver at work (a question, or the thinker): the key loop
        does not sleep then."""
        return self.mode != 0 or (self.thinker is not None and self.thinker.working())

    def think(self, now, last_press):
        """The table waits: the thinker's slice (made at the first chance, on
        a heap with room for it).  True when it worked.  Called every tick
        while the table waits: its frame is kept small (App.run() says why)."""
        if self.thinker is None:
            if not self.can_think or not self.app.keeper.settings.think:
                return False
            gc.collect()  # (once) what is free, not what garbage hides
            self.can_think = SOLVER_WITH_APP and (not hasattr(gc, "mem_free")
                                                 or gc.mem_free() >= THINK_FREE) \
                and self.loaded()
            if not self.can_think:
                return False
            from .thinker import Thinker

            self.thinker = Thinker(self)
        return self.thinker.tick(now, last_press)

    def start(self, mode):
        """A question (HINT, SHOW or WINNABLE): answered at once from a plan
        that fits the position (the last answer's, or the thinker's, which
        then becomes the answer; a search of its under way goes on, now in
        the player's sight), else a search begins."""
        game = self.app.game
        self.showing = False
        self.shown = -1
        if not self.loaded():
            self.no_room()
            return
        plan = self.plan
        thinker = self.thinker
        if not plan.fits(game) and thinker is not None and thinker.plan.fits(game):
            self.plan, thinker.plan = thinker.plan, plan
            plan = self.plan
        if plan.fits(game):  # thought about already, or asked before
            self.mode = mode
            if plan.state != _SEARCHING:
                self.hints.answer(self)
            return
        if not self.ready():
            self.no_room()
            return
        self.mode = mode
        try:
            if self.hints.search(self, plan, game) != _SEARCHING:
                self.hints.answer(self)
        except MemoryError:
            self.hints.out_of_memory(self)

    def no_room(self):
        """No room for the solver beside the app: said, and its code and
        hints.py let go of (what loaded of them), so that the rest of the
        app (the next save) has that room back."""
        self.hints = self.plan = self.solver = None
        for name in LATE:
            let_go(*name.split("."))
        gc.collect()
        self.app.play.say_text("not enough memory for the solver on this board")

    def progress(self):
        return self.solver.progress() if self.mode and not self.showing else -1

    def cancel(self):
        self.mode = 0
        self.showing = False
        if self.plan is not None and self.plan.state == _SEARCHING:
            self.plan.found(-1, 0, None)
        self.app.play.say_text("stopped")

    def tick(self, now):
        """Work a little; returns what on screen changed: 0 nothing,
        PROGRESS only the progress shown, _CHANGED more."""
        if not self.mode:
            return 0
        if self.showing:
            return _CHANGED if self.hints.show_step(self, now) else 0
        try:
            state = self.solver.step(STEP)
            if state != _SEARCHING:
                self.hints.ended(self, self.plan, state, self.app.game)
                self.hints.answer(self)
                return _CHANGED
        except MemoryError:
            self.hints.out_of_memory(self)
            return _CHANGED
        progress = self.solver.progress()
        if progress == self.shown:
            return 0
        self.shown = progress
        return PROGRESS


def load(name):
    """Module `name`, imported now if it is not; None when its code does not
    fit.  Two tries: loading two modules at once peaks (the solver's three),
    and what loaded stays.  One already loaded (with the app, on a heap
    with room) is not collected for: six collects were 0.1 s of a Pico's
    first hint."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    for _ in range(2):
        gc.collect()
        try:
            __import__(name)
            return sys.modules[name]
        except MemoryError:
            pass
    gc.collect()
    return None


if SOLVER_WITH_APP:  # (and the answers' code with it: a pause never waits on loading it)
    # collected first too: without it the plans' code broke the heap so
    # that a Pico's first hint found no 48 KB block (a 4,096-slot table)
    gc.collect()
    from . import hints  # noqa: F401,E402 (kept in sys.modules)
