"""A plan is a search's answer kept for the position it was found for, and
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

Its own module, loaded with hints.py (which imports it): a board that
compiles the source at the first question (CircuitPython's .py drive) holds
one module's parse at a time, and the two together did not fit beside the
solver's code there (40 KB free).
"""

from freecell.compat import const
from freecell.movelog import count_of, dst_of, pack, src_of
from freecell.table import Table

_FOUND0 = const(18)  # table.FOUND0
_CELL0 = const(10)  # table.CELL0
_COLUMN_CAP = const(19)  # table.COLUMN_CAP
_SOLVED = const(1)  # solver.SOLVED
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
        for i in range(k, len(line) if line else 0):
            m = line[i]
            src, dst = src_of(m), dst_of(m)
            line[i] = pack(where[src] if src < _FOUND0 else src,
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
