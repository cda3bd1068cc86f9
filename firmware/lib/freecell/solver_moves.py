"""The solver's moves (solver.py's Solver is `self` in each): a move made
and taken back on the solver's table as card transfers (a dig's several),
the cards autoplay sends home after it, the position rated, a position's
moves listed and put in order, and the position marked seen.  Split from
solver.py so that neither module's parse is too large for a board that
compiles the source at the first question: CircuitPython's .py drive had
52.7 KB free there and solver.py's parse alone needed about 52.5 (a few
hundred bytes of code more anywhere in the app, and the hint said there was
no memory for the solver).  The names keep their underscore: they are the
solver's own, imported by solver.py alone (and by its tests).
"""

from .compat import const, micropython, ptr8  # the decorators, viper's cast: compat.py says how
from .solver_loops import (list_moves, next_home, rate_position, remember, score_moves,
                           sort_moves, transfer)
from .table import first_pile, wanted

# the table's numbers and solver_loops', folded here as in solver.py
_NO_CARD = const(255)  # cards.NO_CARD
_CELL0 = const(10)  # table.CELL0
_FOUND0 = const(18)  # table.FOUND0
_COLUMN_CAP = const(19)  # table.COLUMN_CAP
_PILES = const(5)  # table.HOME_PILES
_GOES = const(60)  # table.GOES
_ALL = const(0x3FF)  # solver_loops._ALL: a bit for each column (table.MAX_COLUMNS: 10)
_DIG = const(64)  # solver_loops._DIG: a move's count from this up, a dig


# -- moving cards ------------------------------------------------------------

def _dig(self, mark, src, dst, count):
    """Write a dig's steps from steps[mark] (list_moves' digs): `count`
    cards of column src into the free cells, a step each, then (dst a
    column) the card they covered onto dst; returns the step after them."""
    steps = self.steps
    cells = self.table.cell_cards
    k = 3 * mark
    c = 0
    for _ in range(count):
        while cells[c] != _NO_CARD:  # (the steps are made after: the cells are as before)
            c += 1
        steps[k] = src
        steps[k + 1] = _CELL0 + c
        steps[k + 2] = 1
        k += 3
        c += 1
    if dst < _CELL0:
        steps[k] = src
        steps[k + 1] = dst
        steps[k + 2] = 1
        count += 1
    return mark + count


@micropython.native
def _apply(self, src, dst, count):
    n = self.nsteps
    steps = self.steps
    if count >= _DIG:
        last = _dig(self, n, src, dst, count - _DIG)
    else:
        k = 3 * n
        steps[k] = src
        steps[k + 1] = dst
        steps[k + 2] = count
        last = n + 1
    self.nsteps = last
    t = self.table
    changed = transfer(steps, n, last, 0, t.cards, t.heights, t.cell_cards, t.foundations)
    # what it changed: the columns to hash again, and to rate again (with
    # HOME_CHANGED, what each waits for)
    self.unhashed |= changed & _ALL
    self.touched |= changed


@micropython.native
def _undo_to(self, mark):
    if self.nsteps > mark:
        t = self.table
        changed = transfer(self.steps, mark, self.nsteps, 1, t.cards, t.heights, t.cell_cards,
                           t.foundations)
        self.unhashed |= changed & _ALL  # as _apply()
        self.touched |= changed
        self.nsteps = mark


@micropython.native
def _autoplay(self):
    """Send home every card the rules call safe, until none is."""
    t = self.table
    cards = t.cards
    heights = t.heights
    cells = t.cell_cards
    f = t.foundations
    safe = self.safe
    while True:
        _update_safe(self)
        src = next_home(cards, heights, t.columns, cells, t.cells, f, safe)
        if src < 0:
            return
        card = t.top(src)
        if self.by_pile:  # HalfCell: the first safe pile that takes it
            _apply(self, src, _FOUND0 + first_pile(f, card, safe[0]), 1)
        else:
            _apply(self, src, _FOUND0 + (card & 3), 1)


@micropython.viper
def _update_safe(self):
    """safe[0], a bit per pile: may autoplay send the pile's next card
    home?  Asked of the rules again only when the piles' heights changed
    (viper: the check that they did not, 3,289 times in deal 617's hint, is
    machine code), and not when they are heights met lately: the answer
    depends on them only, and the search goes back and forth between a
    few (deal 617: 603 changes, 65 heights, 513 of them answered from
    the last 16 kept in safe_for, four is_safe() calls each saved)."""
    found = self.table.foundations
    f = ptr8(found)
    done = ptr8(self.safe_for)
    if f[0] == done[0] and f[1] == done[1] and f[2] == done[2] and f[3] == done[3]:
        return
    k = 4 + 5 * ((int(f[0]) + 5 * int(f[1]) + 25 * int(f[2]) + 125 * int(f[3])) & 15)
    if f[0] == done[k] and f[1] == done[k + 1] and f[2] == done[k + 2] and f[3] == done[k + 3]:
        bits = int(done[k + 4])
    else:
        bits = 0
        variant = self.variant
        by_pile = self.by_pile
        for p in range(int(f[_PILES])):
            n = int(f[p])
            if by_pile:
                card = int(wanted(found, p, n))
            else:
                card = n << 2 | p if n < 13 else _NO_CARD
            if card != _NO_CARD and variant.is_safe(card, found):
                bits |= 1 << p
        for p in range(4):
            done[k + p] = f[p]
        done[k + 4] = bits
    for p in range(4):
        done[p] = f[p]
    safe = ptr8(self.safe)
    safe[0] = bits


def _autoplay_after(self, src, dst):
    """_autoplay() after a move from src to dst made in a position where
    nothing was safe to send home (every position here is, once autoplay
    has run): only the card the move uncovered, or a card sent home,
    can change that.  Saves scanning every location after most moves."""
    t = self.table
    if dst < _FOUND0:
        if src >= _CELL0:
            return  # a cell emptied: nothing uncovered
        h = t.heights[src]
        if h == 0:
            return
        card = t.cards[src * _COLUMN_CAP + h - 1]
        if not t.foundations[_GOES + card]:
            return
        _update_safe(self)
        if not t.foundations[_GOES + card] & self.safe[0]:
            return
    _autoplay(self)  # the first location it finds is src, as a full scan's


# -- which moves, in which order -----------------------------------------------

@micropython.native
def _quality(self):
    """How good the position is: cards home, and few cards covering the
    next card each foundation wants or out of order; free cells and
    empty columns help.  Only the columns touched since column_q was
    kept are rated anew, and nothing is kept: _generate() rates with keep,
    so that a move's score needs only the columns it touches."""
    t = self.table
    return rate_position(t.cards, t.heights, t.columns, t.foundations, self.stacks, self.w,
                         self.column_q, self.touched, 0, t.cell_cards, t.cells)


@micropython.native
def _generate(self):
    """The legal moves here, best first (in `order`); returns how many.
    solver_loops lists and scores them; the few that send cards home are
    scored here by making them."""
    t = self.table
    cards = t.cards
    heights = t.heights
    cells = t.cell_cards
    f = t.foundations
    cand = self.cand
    column_q = self.column_q
    w = self.w
    # what the scores start from, and column_q kept for them (as _quality()
    # rates, with keep; here with the buffers already in locals)
    quality = rate_position(cards, heights, t.columns, f, self.stacks, w, column_q, self.touched,
                            1, cells, t.cells)
    self.touched = 0
    _update_safe(self)
    n = list_moves(cards, heights, cells, f, self.stacks, self.parent, cand, self.limits,
                   self.runs, column_q)
    slow = self.slow
    scores = self.scores
    left = score_moves(cand, n, cards, heights, cells, f, w, column_q, quality, self.safe, slow,
                       scores)
    for i in range(left):
        _score_by_moving(self, slow[i])
    sort_moves(scores, self.order, n, self.width or n)
    return n


@micropython.native
def _score_by_moving(self, m):
    """Score candidate m by making it (autoplay included), rating the
    position whole, and taking it back."""
    j = 4 * m
    cand = self.cand
    mark = self.nsteps
    touched = self.touched
    unhashed = self.unhashed
    _apply(self, cand[j], cand[j + 1], cand[j + 2])
    _autoplay_after(self, cand[j], cand[j + 1])
    score = max(0, min(65535, 4 * _quality(self) + cand[j + 3]))
    _undo_to(self, mark)
    # the position is again the one before: what was rated and hashed of
    # it still holds
    self.touched = touched
    self.unhashed = unhashed
    self.scores[m] = score


# -- positions seen ---------------------------------------------------------

def _remember(self):
    """Mark the position seen; False when it was seen before.  Two hashes
    that ignore the order of the columns and of the cells (so a position
    reached with its columns swapped counts as seen).  Once a strategy, at
    its start: step() does the same for each try itself."""
    t = self.table
    known = not remember(self.seen, self.size - 1, t.cards, t.heights, t.columns, t.cell_cards,
                         t.cells, t.foundations, self.hashes, self.unhashed)
    self.unhashed = 0
    if known:
        return False
    self.stored += 1
    return True
