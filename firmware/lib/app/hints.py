"""The solver's answers, loaded with the first question (after the
solver's code: a board that compiles the source then, CircuitPython's .py
drive, parses the larger first, while the most memory is free), and kept
from then on: a search started for a plan and its end, the answer said or
shown, the solver made to the memory there is.

A plan (plan.py, loaded with this module) is a search's answer kept for
the position it was found for, and followed as the player plays.
"""

import gc

from freecell.cards import name
from freecell.compat import const, ticks_diff
from freecell.game import OK
from freecell.history import GROUP_START
from freecell.movelog import SOLVER, count_of, dst_of, pack, src_of
from freecell.table import CELL0, FOUND0

from .plan import Plan  # noqa: F401 (the assistant and the thinker make theirs from here)

_HINT = const(1)  # assistant.HINT
_SHOW = const(2)  # assistant.SHOW
_WINNABLE = const(3)  # assistant.WINNABLE
SHOW_MS = 600  # between the moves of "show me"
# left free beside the solver's tables: the hint's text and "show me"'s line
# of moves are made after them (a whole line of 150 moves is under 1 KB),
# and a plan's copies of the table; make_solver checks that a solver it
# made left this much
RESERVE = 3072
# the smallest seen table: 128 slots (768 bytes) still solve 77.3% of deals
# 1-1000 with lines up to 120 moves, 256 slots 90.6% (512 slots: 95.8% with
# lines up to 200; `bench_solver.py deals 1 1000 7 120`), where no table says
# "not enough memory": the smallest heap with a table, 105 KB on the 32-bit
# port (make bench's small_heap_table_min_kb), gets the 128-slot one
SMALLEST_BITS = 7

# the solver's states (solver.py's)
_SEARCHING = const(0)
_SOLVED = const(1)
_NO_SOLUTION = const(2)

# -- searching and answering (the assistant is `a`) -----------------------------

def search(a, plan, game):
    """Start the solver on the game's position, its answer to go into
    `plan` (the question's or the thinker's); returns its state.  Where
    the player's last move left a winning line known (a plan for the
    position before it), the search never goes back there: no hint
    takes back what the player just did (a guess neither)."""
    thinker = a.thinker
    if thinker is not None and thinker.plan is not plan:
        thinker.forget()  # the solver is this search's now
    back = -1
    h = game.history
    n = h.head - 1  # the last move: alone (nothing went home after it), from a plan's position
    if n >= h.first and h.flags(n) & GROUP_START:
        for known in (a.plan, thinker.plan if thinker is not None else None):
            if known is not None and known.state == _SOLVED and known.head == n \
                    and known.moves + 1 == game.moves and known.lo == game.number.lo:
                back = pack(h.dst(n), h.src(n), h.count(n))  # the move taking it back
    plan.found(_SEARCHING, 0, None)
    plan.stamp(game)
    state = a.solver.start(game, avoid=back)
    if state != _SEARCHING:
        ended(a, plan, state, game)
    return state


def ended(a, plan, state, game):
    """The search for `plan` ended: its line (a list: it allocates)."""
    solver = a.solver
    plan.found(state, solver.positions, solver.moves(game.autoplay) if state == _SOLVED else None)


def out_of_memory(a):
    """The heap ran out beside the tables (the answer's text, the line of
    moves): say so; the game is as it was."""
    a.mode = 0
    a.showing = False
    if a.plan is not None:
        a.plan.found(-1, 0, None)
    gc.collect()
    a.app.play.say_text("not enough memory to finish the search")


def answer(a):
    """Say (or for "show me", play) what the plan for the position
    holds: the rest of its line, a proof there is none, or the budget
    spent."""
    mode, game, plan = a.mode, a.app.game, a.plan
    say = a.app.play.say_text
    a.mode = 0
    plan.fits(game)  # a line found: looked along, for a round trip from here
    state = plan.state
    if state == _SOLVED:  # a win from here: the deal is winnable (saved with the game)
        game.proved = True
    if mode == _WINNABLE:
        if state == _SOLVED:
            say("yes: the solver wins from here in %d moves" % (len(plan.line) - plan.next))
        elif state == _NO_SOLUTION:
            say("no: this game can no longer be won")
        else:
            say("not sure: no win found in %s positions" % thousands(plan.positions))
    elif mode == _HINT:
        if state == _SOLVED:
            _hint(a, plan.line[plan.next] if plan.next < len(plan.line) else -1, "hint: ")
        elif state == _NO_SOLUTION:
            say("no way to win from here: undo some moves")
        else:
            _hint(a, a.solver.best_move(game) if a.ready() else -1, "a guess: ")
    elif state == _SOLVED:  # show me: play the line, slowly
        a.mode = _SHOW
        a.showing = True
        a.last = None
    elif state == _NO_SOLUTION:
        say("this game can no longer be won")
    else:
        say("no win found in %s positions" % thousands(plan.positions))


def _hint(a, packed, guess):
    """The hint on the table (the cursor on the card it names, its
    target marked: A picks up those cards, A puts them there) and in
    words: "move 8C onto 9H", "8C to a free cell", "QH home"."""
    game = a.app.game
    play = a.app.play
    if packed < 0:
        play.say_text("no move left")
        return
    src, dst, count = src_of(packed), dst_of(packed), count_of(packed)
    play.hint(src, dst, count)
    play.say_text(guess + hint_words(game, src, dst, count))


def show_step(a, now):
    """SHOW ME's next move, once SHOW_MS have passed since the last; True
    when the table changed."""
    if a.last is not None and ticks_diff(now, a.last) < SHOW_MS:
        return False
    a.last = now
    game = a.app.game
    plan = a.plan
    if not plan.fits(game) or plan.next >= len(plan.line):
        a.mode = 0
        a.showing = False
        return True
    game.actor = SOLVER  # the log marks the move as the solver's, and the game as helped
    code = game.play(plan.line[plan.next])
    game.actor = 0
    if code != OK:
        a.mode = 0  # cannot happen: the line came from this position
        a.showing = False
        a.app.play.say_text(game.reason())
        return True
    plan.fits(game)  # one move along its line (and past a round trip back)
    if game.is_over():  # the solver and its line are done with: the end's room
        a.mode = 0
        a.showing = False
        plan.found(-1, 0, None)
        a.release()
        try:
            a.app.do("end")
        except MemoryError:  # (not from a key: App.press() does the same there)
            a.app.no_room()
    return True


def make_solver():
    """The board's solver, with the largest seen table that leaves RESERVE
    bytes free (a board with a smaller heap, an ESP32's, gets a smaller
    table and solves fewer deals: make bench's solver_small_solved_pct);
    None when even the smallest does not fit."""
    from freecell.solver import TABLE_BITS, Solver  # (loaded with this module)

    gc.collect()
    free = gc.mem_free() if hasattr(gc, "mem_free") else None  # CPython: no limit known
    for bits in range(TABLE_BITS, SMALLEST_BITS - 1, -1):
        # how deep a line may go (200 still solves these deals), and last,
        # before a smaller table, a solver that keeps no moves a depth; the
        # two smallest tables, lines up to 120 moves at the very last (256
        # slots solve 906 of deals 1-1000 so, 910 with 200; 1.2 KB less)
        for depth, keep in ((400, True), (200, True), (200, False), (120, False)):
            if depth < 200 and bits > SMALLEST_BITS + 1:
                continue
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
