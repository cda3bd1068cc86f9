"""The solver at the player's service: hint, "show me", and "is it winnable?",
answered at once when the thinker (thinker.py: the solver at work while the
table waits) has already searched the position.

The search runs a slice at a time from the app's tick (STEP moves of the
search: solver.step()), so
the buttons are read between slices and B stops it.  Only the status line is
redrawn, and only when the progress it shows moves: a whole table's redraw
costs as much as a few positions (on CircuitPython, 36 ms: deal 617's hint
took 0.7 s more for its twenty).  The solver and its 58 KB
of tables are made the first time they are asked for, the seen table as
large as the free memory allows (make_solver); a board without the memory
says so instead of failing, and so does a search that runs out of it."""

import gc
import sys

from freecell.compat import ticks_diff
from freecell.game import OK
from freecell.movelog import SOLVER, count_of, dst_of, src_of
from freecell.compat import const
from freecell.cards import name
from freecell.table import CELL0, FOUND0

STEP = 16  # the search's moves a slice (solver.step): about 10 ms on the emulated Pico
SHOW_MS = 600  # between the moves of "show me"
# left free beside the solver's tables: the hint's text and "show me"'s line
# of moves are made after them (a whole line of 150 moves is under 1 KB);
# make_solver checks that a solver it made left this much
RESERVE = 3072
# the smallest seen table: 256 slots (1.5 KB) still solve 91.0% of deals
# 1-1000 with lines up to 200 moves (512 slots: 95.8%; `bench_solver.py deals
# 1 1000 8 200`), where no table says "not enough memory": an ESP32-sized
# heap of 102 KB gets this one
SMALLEST_BITS = 8
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
# the solver's states (copies: the solver is loaded only when asked)
SEARCHING = const(0)  # solver.SEARCHING
SOLVED = const(1)  # solver.SOLVED
NO_SOLUTION = const(2)  # solver.NO_SOLUTION
GAVE_UP = const(3)  # solver.GAVE_UP
HINT = 1
SHOW = 2
WINNABLE = 3
# The thinker is made where the solver's code was loaded with the app (it
# never loads that code at a pause, where a press would wait on it: an
# ESP32's heap loads it at the first question, CircuitPython's .py drive
# compiles it then) and at least this much is free: its own code, and the
# solver's tables if they are not made yet, as large as make_solver finds
# room for (a 4,096-slot table and its lines are 31 KB, with RESERVE beside
# them).  A Pico's heap has 101 KB free after boot, CircuitPython's .mpy
# drive 45 KB: a 4,096-slot table there.
THINK_FREE = 40 * 1024
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
        self.line = None  # the moves "show me" still has to play
        self.next_move = 0
        self.shown = -1  # the progress last drawn

    def busy(self):
        return self.mode != 0

    def release(self):
        """Let go of the solver and its tables (a screen needs the room), and
        of the thinker's work; the next question makes them again."""
        if not self.mode:
            self.solver = None
            if self.thinker is not None:
                self.thinker.forget()

    def ready(self):
        """Is there a solver (made now if need be)?"""
        if self.solver is None:
            self.solver = make_solver()
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
                                                 or gc.mem_free() >= THINK_FREE)
            if not self.can_think:
                return False
            from .thinker import Thinker

            self.thinker = Thinker(self)
        return self.thinker.tick(now, last_press)

    def start(self, mode):
        thinker = self.thinker
        game = self.app.game
        if thinker is not None and thinker.fits(game):  # thought about already
            self.mode = mode
            self.line = None
            self.shown = -1
            if not thinker.working():
                self.finish()
            return  # else the thinker's search goes on, now in the player's sight
        if not self.ready():
            self.app.play.say_text("not enough memory for the solver on this board")
            return
        self.mode = mode
        self.line = None
        self.shown = -1
        try:
            state = self.solver.start(game)
            if thinker is not None:  # what this search finds is the thinker's too
                thinker.stamp_for(game)
                thinker.found(state, game)
            if state != SEARCHING:
                self.finish()
        except MemoryError:
            self._out_of_memory()

    def _out_of_memory(self):
        """The heap ran out beside the tables (the answer's text, the line of
        moves): say so; the game is as it was."""
        self.mode = 0
        self.line = None
        gc.collect()
        self.app.play.say_text("not enough memory to finish the search")

    def progress(self):
        return self.solver.progress() if self.mode and self.line is None else -1

    def cancel(self):
        self.mode = 0
        self.line = None
        self.app.play.say_text("stopped")

    def tick(self, now):
        """Work a little; returns what on screen changed: 0 nothing,
        PROGRESS only the progress shown, _CHANGED more."""
        if not self.mode:
            return 0
        if self.line is not None:
            return _CHANGED if self._show_step(now) else 0
        try:
            state = self.solver.step(STEP)
            if self.thinker is not None and self.thinker.working():
                self.thinker.found(state, self.app.game)
            if state != SEARCHING:
                self.finish()
                return _CHANGED
        except MemoryError:
            self._out_of_memory()
            return _CHANGED
        progress = self.solver.progress()
        if progress == self.shown:
            return 0
        self.shown = progress
        return PROGRESS

    def finish(self):
        """Say (or for "show me", play) what the search found: the
        thinker's result where there is one (the rest of its line, after
        the moves the player made along it), else the solver's."""
        mode, game, thinker = self.mode, self.app.game, self.thinker
        say = self.app.play.say_text
        self.mode = 0
        if thinker is not None and thinker.fits(game):
            state, positions = thinker.state, thinker.positions
            line = thinker.line[thinker.next:] if state == SOLVED else None
        else:
            state, positions = self.solver.state, self.solver.positions
            line = self.solver.moves(game.autoplay) if state == SOLVED else None
        if state == SOLVED:  # a win from here: the deal is winnable (saved with the game)
            game.proved = True
        if mode == WINNABLE:
            if state == SOLVED:
                say("yes: the solver wins from here in %d moves" % len(line))
            elif state == NO_SOLUTION:
                say("no: this game can no longer be won")
            else:
                say("not sure: no win found in %s positions" % thousands(positions))
        elif mode == HINT:
            if state == SOLVED:
                self._hint(line[0], "hint: ")
            elif state == NO_SOLUTION:
                say("no way to win from here: undo some moves")
            else:
                packed = self.solver.best_move(game)
                if packed < 0:
                    say("no move left")
                else:
                    self._hint(packed, "a guess: ")
        elif state == SOLVED:  # show me: play the line, slowly
            self.line = line
            self.next_move = 0
            self.mode = SHOW
            self.last = None
        elif state == NO_SOLUTION:
            say("this game can no longer be won")
        else:
            say("no win found in %s positions" % thousands(positions))

    def _hint(self, packed, guess):
        """The hint on the table (the cursor on the card, its target marked)
        and in words: "move 8C onto 9H", "8C to a free cell", "QH home"."""
        src, dst, count = src_of(packed), dst_of(packed), count_of(packed)
        play = self.app.play
        play.point_at(src)
        play.hint_src, play.hint_dst, play.hint_count = src, dst, count
        play.say_text(guess + hint_words(self.app.game, src, dst, count))

    def _show_step(self, now):
        if self.last is not None and ticks_diff(now, self.last) < SHOW_MS:
            return False
        self.last = now
        game = self.app.game
        if self.next_move >= len(self.line):
            self.mode = 0
            self.line = None
            return True
        packed = self.line[self.next_move]
        self.next_move += 1
        game.actor = SOLVER  # the log marks the move as the solver's, and the game as helped
        code = game.play(packed)
        game.actor = 0
        if code != OK:
            self.mode = 0  # cannot happen: the line came from this position
            self.line = None
            self.app.play.say_text(game.reason())
            return True
        if game.is_over():
            self.mode = 0
            self.line = None
            self.app.do("end")
        return True


def make_solver():
    """The board's solver, with the largest seen table that leaves RESERVE
    bytes free (a board with a smaller heap, an ESP32's, gets a smaller
    table and solves fewer deals: make bench's solver_small_solved_pct);
    None when even the smallest does not fit."""
    for attempt in range(2):  # loading two modules at once peaks: what loaded stays
        gc.collect()
        try:
            from freecell.solver import TABLE_BITS, Solver
            break
        except MemoryError:  # not even room for their code
            if attempt:
                gc.collect()
                return None
    gc.collect()
    free = gc.mem_free() if hasattr(gc, "mem_free") else None  # CPython: no limit known
    for bits in range(TABLE_BITS, SMALLEST_BITS - 1, -1):
        # how deep a line may go (200 still solves these deals), and last,
        # before a smaller table, a solver that keeps no moves a depth
        for depth, keep in ((400, True), (200, True), (200, False)):
            if free is not None and Solver.memory(bits, depth, keep) + RESERVE > free:
                continue
            solver = _made(Solver, bits, depth, keep)
            gc.collect()
            if solver is None:  # the free memory is in pieces too small
                continue
            if free is None or gc.mem_free() >= RESERVE:
                return solver
            solver = None  # it fitted, but left too little beside it: a smaller one
            gc.collect()
    return None


def _made(solver_class, bits, depth, keep):
    """A solver of that size, or None when the memory runs out while it is
    made.  Made in a call of its own: what a failed attempt had made was
    held by its caller's frame (on the 32-bit port at 110 KB, 6 KB of it,
    so that a smaller table failed too); a frame that has returned holds
    nothing."""
    try:
        return solver_class(table_bits=bits, max_depth=depth, keep=keep)
    except MemoryError:
        return None


def thousands(n):
    """10004 as '10,004': a count a player reads."""
    text = str(n)
    for at in range(len(text) - 3, 0, -3):
        text = text[:at] + "," + text[at:]
    return text


def hint_words(game, src, dst, count):
    """A move in a player's words: the card that moves (with how many cards
    when it heads a run) and where to."""
    game.check(src, dst, count)  # settles the card and the count
    card, onto, moved = name(game.card), name(game.onto), game._count
    game.error = OK
    what = card if moved < 2 else "%s (%d cards)" % (card, moved)
    if dst >= FOUND0:
        return what + " home"
    if dst >= CELL0:
        return what + " to a free cell"
    if game.table.heights[dst] == 0:
        return what + " to an empty column"
    return "move %s onto %s" % (what, onto)
