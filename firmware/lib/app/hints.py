"""The solver's answers, loaded with the first question (after the
solver's code: a board that compiles the source then, CircuitPython's .py
drive, parses the larger first, while the most memory is free), and kept
from then on: a search started for a plan and its end, the answer said or
shown, the solver made to the memory there is.

A plan is a search's answer kept for the position it was found for, and
followed as the player plays: what lets the next hint go on with the same
winning line instead of searching again (and perhaps starting by taking
the last move back).  It holds the solver's state for a position (a line,
a proof that there is none, or the budget spent), the line's moves and the
first of them still to play, and a copy of the position that step is
played from.  fits(game) says whether it is the game's position now:
  - the same position (no action since), or the same one reached again,
    its columns or free cells in another order (an undo, cards moved away
    and back);
  - a position the line leads to, up to the order of the columns and of
    the free cells: the player made the line's next steps, or moves
    worth the same (the cards to another empty column or free cell, a run
    moved a card at a time).  The line goes on from there, its later moves
    turned to the places the player used.
Anything else leaves the plan as it is, for the player may still get there
(the rest of a run moved a card at a time); a search for the new position
replaces it.  fits() allocates nothing, and answers from its counters while
nothing was played (the idle tick asks it every time).
"""

import gc

from freecell.cards import name
from freecell.compat import const, ticks_diff
from freecell.game import OK
from freecell.history import GROUP_START
from freecell.movelog import SOLVER, count_of, dst_of, pack, src_of
from freecell.table import CELL0, FOUND0, Table

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
# "not enough memory": an ESP32-sized heap of 102 KB gets the 128-slot one
# (the plans that follow the player's moves took the 1.7 KB that gave it 256)
SMALLEST_BITS = 7

_NO_CARD = const(255)  # cards.NO_CARD
_CELL0 = const(10)  # table.CELL0
_FOUND0 = const(18)  # table.FOUND0
_COLUMN_CAP = const(19)  # table.COLUMN_CAP
# the solver's states (solver.py's)
_SEARCHING = const(0)
_SOLVED = const(1)
_NO_SOLUTION = const(2)
ASKED = const(8)  # fits()' look along the line for a question: moves the player made
_LOOP = const(32)  # and then for a round trip back to the same position (24 measured)

_scratch = None  # the position a line's step leads to, worked out when asked


class Plan:
    def __init__(self):
        self.state = -1  # -1: nothing kept; else the solver's state
        self.line = None  # the winning line's moves (SOLVED)
        self.next = 0  # the first of them still to play
        self.positions = 0  # what the search examined
        # the position it is for: the deal, the rules, the game's counters
        # there, and the cards
        self.hi = self.lo = self.moves = self.head = -1
        self.variant = None
        self.autoplay = False
        self.at = None  # (made at the first stamp, after the solver's tables)
        # the plan's places -> the game's, as the last match found them (and
        # the next match's, swapped with it when it finds one)
        self.where = bytearray(_FOUND0)
        self.trial = bytearray(_FOUND0)

    def found(self, state, positions, line):
        """What the search found for the stamped position (SEARCHING: a
        search for the game's position starts, stamp() after; -1: the plan
        is forgotten).  Its first use looks along the line (fits())."""
        self.state = state
        self.positions = positions
        self.line = line
        self.next = 0
        self.moves = -1

    def stamp(self, game):
        """The plan is for the game's position now."""
        self.moves, self.head = game.moves, game.history.head
        self.hi, self.lo = game.number.hi, game.number.lo
        self.variant, self.autoplay = game.variant, game.autoplay
        if self.at is None:
            self.at = Table()
        self.at.copy_from(game.table)

    def fits(self, game, ahead=ASKED):
        """Is this plan for the game's position now (followed to it when the
        player played along its line, up to `ahead` of its moves)?  Small
        and quick while nothing was played: the idle tick asks."""
        if game.number.hi != self.hi or game.number.lo != self.lo \
                or game.variant is not self.variant or game.autoplay != self.autoplay:
            self.found(-1, 0, None)  # another deal, or other rules: forgotten
        if self.state < 0:
            return False
        if game.moves == self.moves and game.history.head == self.head:
            return True
        return self._follow(game, ahead)

    def _follow(self, game, ahead):
        """The game's position is the stamped one, or one the line leads
        to within `ahead` of its moves (up to the order of columns and
        cells): the plan moves there, the rest of its line turned to the
        game's places.  Asked for a question (ahead ASKED), it looks LOOP
        moves further for the same position: a line may come back to a
        position it went through (digs into the free cells and back, in
        the games built by suit), and the round trip is left out."""
        if not self.state:  # a search under way: its moves are for the stamp's places
            return False
        t = game.table
        line = self.line
        k = self.next if _match(t, self.at, self.trial) else -1
        if k >= 0:
            self.where, self.trial = self.trial, self.where
        if self.state == _SOLVED:
            global _scratch
            if _scratch is None:
                _scratch = Table()
            s = _scratch
            s.copy_from(self.at)
            j = self.next
            last = min(len(line), j + ahead + (_LOOP if ahead >= ASKED else 0))
            while j < last and (k >= 0 or j < self.next + ahead):
                src = src_of(line[j])  # the line's move, and what autoplay then sends home
                s.transfer(src, dst_of(line[j]), count_of(line[j]))
                while self.autoplay and src < _FOUND0:  # (never right after a card came back)
                    src = s.next_home(self.variant, True)
                    if src < 0:
                        break
                    s.transfer(src, _FOUND0 + s.pile_for(s.top(src)), 1)
                j += 1
                if _match(t, s, self.trial):
                    k = j
                    self.where, self.trial = self.trial, self.where
        if k < 0:
            return False
        self.next = k
        where = self.where
        for k in range(k, len(line) if line else 0):
            m = line[k]
            src, dst = src_of(m), dst_of(m)
            line[k] = pack(where[src] if src < _FOUND0 else src,
                           where[dst] if dst < _FOUND0 else dst, count_of(m))
        self.stamp(game)
        return True


def _match(t, p, where):
    """Is table t position p, up to the order of its columns and of its free
    cells?  Then where[] maps each of p's places to t's."""
    if t.foundations != p.foundations or t.columns != p.columns:
        return False
    used = 0  # t's places matched, a bit each (the cells' from bit 10)
    for c in range(p.columns):
        h = p.heights[c]
        a = c * _COLUMN_CAP
        d = 0
        while d < t.columns:
            if not used >> d & 1 and t.heights[d] == h:
                b = d * _COLUMN_CAP
                i = 0
                while i < h and t.cards[b + i] == p.cards[a + i]:
                    i += 1
                if i == h:
                    break
            d += 1
        else:
            return False
        used |= 1 << d
        where[c] = d
    for i in range(p.cells):
        j = 0
        while j < t.cells and (used >> (_CELL0 + j) & 1 or t.cell_cards[j] != p.cell_cards[i]):
            j += 1
        if j == t.cells:
            return False
        used |= 1 << (_CELL0 + j)
        where[_CELL0 + i] = _CELL0 + j
    return True


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
