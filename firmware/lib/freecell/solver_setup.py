"""The start of a solver's search and its answer (solver.py's Solver is
`self` in each): a strategy's search begun anew from the game's position
(the variant's tables made, the seen table emptied), the move it ranks
first, and the winning line as moves.  Split from solver.py, as
solver_moves.py was, so that no module's parse is too large for a board
that compiles the source at the first question: CircuitPython's .py drive
compiles the solver's modules and the app's hints.py there, one at a time
(app/assistant.py's LATE), and with the hints' code added solver.py's
whole parse no longer fitted.  None of it is in the search's inner loop.
"""

from .compat import const
from .movelog import count_of, dst_of, pack, src_of
from .solver_loops import forget
from .solver_moves import _apply, _autoplay, _dig, _generate, _remember, _undo_to

# solver.py's numbers, folded here as there
_BY_SUIT = const(0)  # table.BY_SUIT
_CELL0 = const(10)  # table.CELL0
_MAX_CELLS = const(8)  # table.MAX_CELLS
_MAX_COLUMNS = const(10)  # table.MAX_COLUMNS
_SAFE_KEPT = const(84)  # solver._SAFE_KEPT
_TAKERS = const(208)  # solver_loops._TAKERS
_ALL = const(0x3FF)  # solver_loops._ALL
_EXACT = const(22)  # solver_loops._EXACT
_AVOID = const(23)  # solver._AVOID
_DIG = const(64)  # solver_loops._DIG
_NOT_LISTED = const(255)  # solver._NOT_LISTED
_SEARCHING = const(0)  # solver.SEARCHING
_SOLVED = const(1)  # solver.SOLVED


def restart(self):
    """Solver._restart: the strategy's search begins anew from the game's
    position (its weights, the variant's tables, the seen table emptied)."""
    # where this strategy's share of the budget ends; the table is full at 90%
    self.share_end = self.budget if self.exact else (
        self.budget * self._shares(self.strategy + 1) // self._shares(self.strategies))
    self.full = self.size * 9 // 10 + (1 if self.size * 9 % 10 else 0)
    weights = self.portfolio[self.strategy]
    for i in range(8):
        self.w[i] = weights[i]
    self.width = weights[5]
    self.hashes[_EXACT] = self.exact  # remember()'s copy (as limits' of the table)
    game = self.game
    t = self.table
    t.copy_from(game.table)
    self.limits[0] = t.cells
    self.limits[4] = t.columns
    self.limits[2] = game.take_back
    if self.variant is not game.variant or self.simple_runs != game.variant.simple_runs:
        v = self.variant = game.variant
        self.simple_runs = v.simple_runs  # the run limit's table below follows it
        self.by_pile = v.home_rule != _BY_SUIT  # piles not one a suit: HalfCell
        self.limits[1] = v.kings_only
        for card in range(52):
            self.stacks[_TAKERS + card] = 0
        for card in range(48):  # a king goes on nothing
            for s in range(4):
                onto = card + 4 - (card & 3) + s
                takes = v.stacks_on(card, onto)
                self.stacks[card * 4 + s] = takes
                if takes:
                    self.stacks[_TAKERS + onto] |= 1 << (card & 3)
        for free in range(_MAX_CELLS + 1):
            for empties in range(_MAX_COLUMNS + 1):
                self.runs[free * 11 + empties] = min(255, v.supermove_limit(free, empties))
    # in the games built by suit (a card has one place in the columns),
    # the strategy's digs: list_moves' cards into the cells and the card
    # they covered moved, as one move
    self.limits[5] = weights[8] if self.variant.by_suit else 0
    for i in range(0, _SAFE_KEPT, 5):  # `safe` is asked of this variant anew
        self.safe_for[i] = 255
    self.touched = self.unhashed = _ALL  # a new table, new weights
    forget(self.seen, self.size)
    self.positions = self.spent
    self.stored = 0
    self.depth = 0
    self.nsteps = 0
    self.max_reached = 0
    self.cut = False  # a position was left unsearched at the depth limit
    self.trimmed = False  # a position had more moves than the strategy tries
    _autoplay(self)
    set_steps(self, 0, self.nsteps)
    _remember(self)
    avoid = self.hashes[_AVOID] - 1
    if avoid >= 0 and not self.nsteps:  # (the game's position, autoplay had nothing to do)
        _apply(self, src_of(avoid), dst_of(avoid), count_of(avoid))
        _remember(self)
        _undo_to(self, 0)
    self.path_next[0] = 0
    self.path_count[0] = _NOT_LISTED
    self.state = _SOLVED if t.cards_home() == 52 else _SEARCHING
    return self.state


def best_move(self, game):
    """The move the search ranks first from `game`'s position (packed), or
    -1: a guess for when the budget ran out.  A safe foundation move not
    yet made (autoplay off) comes first.  (Solver.best_move has set the
    game's portfolio.)"""
    self.game = game  # (start()'s avoid still holds: its move is not the guess)
    self.strategy = 0
    self.strategies = 1
    self.spent = 0
    self.exact = 0
    restart(self)
    if get_steps(self, 0):  # safe moves the game has not made
        return pack(self.steps[0], self.steps[1], self.steps[2])
    n = _generate(self)
    if not n:
        return -1
    j = self.order[0] * 4
    if n > 1 and pack(self.cand[j], self.cand[j + 1], self.cand[j + 2]) + 1 \
            == self.hashes[_AVOID]:
        j = self.order[1] * 4
    if self.cand[j + 2] >= _DIG:  # a dig: its first card, where _dig() sends it
        k = 3 * self.nsteps  # (written past the line's steps, not made)
        _dig(self, self.nsteps, self.cand[j], self.cand[j + 1], self.cand[j + 2] - _DIG)
        return pack(self.steps[k], self.steps[k + 1], 1)
    return pack(self.cand[j], self.cand[j + 1], self.cand[j + 2])


def line(self, with_autoplay):
    """The winning line as packed moves (movelog.pack's, game.play()
    plays one), in a new list (host and hint use).  With
    with_autoplay the safe foundation moves after each move are left to
    the game's autoplay; without, they are listed as moves."""
    out = []
    for d in range(self.depth):
        k = 3 * d
        count = self.path_move[k + 2]
        if count >= _DIG:  # a dig: its steps, a card each
            count -= _DIG - (1 if self.path_move[k + 1] < _CELL0 else 0)
            first = get_steps(self, d) + count
            for s in range(first - count, first):
                j = 3 * s
                out.append(pack(self.steps[j], self.steps[j + 1], 1))
        else:
            out.append(pack(self.path_move[k], self.path_move[k + 1], count))
            first = get_steps(self, d) + 1
        if not with_autoplay:
            last = get_steps(self, d + 1)
            for s in range(first, last):
                j = 3 * s
                out.append(pack(self.steps[j], self.steps[j + 1], self.steps[j + 2]))
    if not with_autoplay:  # the safe moves right at the start
        head = []
        for s in range(get_steps(self, 0)):
            j = 3 * s
            head.append(pack(self.steps[j], self.steps[j + 1], self.steps[j + 2]))
        out = head + out
    return out


def get_steps(self, d):
    """The steps on the solver's `steps` before depth d's move."""
    return self.path_steps[2 * d] << 8 | self.path_steps[2 * d + 1]


def set_steps(self, d, value):
    self.path_steps[2 * d] = value >> 8
    self.path_steps[2 * d + 1] = value & 0xFF
