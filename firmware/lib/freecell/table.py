"""The cards on the table: columns, free cells and foundations in bytearrays.

Locations are small ints, one namespace for every place a card can be:
  0 .. 9      columns (as many as the variant has: 8 in FreeCell)
  CELL0 + i   free cell i (up to 8)
  FOUND0 + s  the foundation of suit s (clubs, diamonds, hearts, spades)
  FOUNDATION  "its own foundation", resolved by the game from the card's suit
A table has room for the largest variant (10 columns, 8 cells: 38 bytes
more than FreeCell needs), so changing games allocates nothing.  All storage
is allocated in __init__; nothing after that allocates.  This module moves
cards without judging whether a move is legal: that is game.py's job, with
the variant (variants.py).
"""

from .compat import const
from .cards import NO_CARD, make

MAX_COLUMNS = const(10)  # variants.MAX_COLUMNS
MAX_CELLS = const(8)  # variants.MAX_CELLS
CELL0 = const(10)
FOUND0 = const(18)
FOUNDATION = const(22)
LOCATIONS = const(23)
# a column holds at most 7 dealt cards plus a run from queen down to ace
COLUMN_CAP = const(19)


class Table:
    def __init__(self, columns=8, cells=4):
        self.columns = columns  # in play; room for MAX_COLUMNS
        self.cells_count = cells  # in play; room for MAX_CELLS
        self.cards = bytearray(MAX_COLUMNS * COLUMN_CAP)
        self.heights = bytearray(MAX_COLUMNS)
        self.cells = bytearray(MAX_CELLS)
        self.foundations = bytearray(4)  # cards home per suit, 0..13
        self.clear()

    def clear(self):
        for c in range(MAX_COLUMNS):
            self.heights[c] = 0
        for i in range(MAX_CELLS):
            self.cells[i] = NO_CARD
        for s in range(4):
            self.foundations[s] = 0

    def lay_out(self, order, dealt_cells=b""):
        """Deal the 52 cards of `order` round the columns, first card
        deepest; the last len(dealt_cells) cards go into those cells."""
        self.clear()
        n = self.columns
        k = 52 - len(dealt_cells)
        for i in range(k):
            c = i % n
            self.cards[c * COLUMN_CAP + self.heights[c]] = order[i]
            self.heights[c] += 1
        for i in range(k, 52):
            self.cells[dealt_cells[i - k]] = order[i]

    def copy_from(self, other):
        """Take the same cards and shape as `other`."""
        self.columns = other.columns
        self.cards[:] = other.cards
        self.heights[:] = other.heights
        self.cells[:] = other.cells
        self.foundations[:] = other.foundations
        self.cells_count = other.cells_count

    def next_home(self, variant, safe_only):
        """The first location (columns, then cells) whose top card may go to
        its foundation now, and with safe_only only a card variant.is_safe
        allows (autoplay); -1 when there is none."""
        for src in range(CELL0 + self.cells_count):
            if self.columns <= src < CELL0:
                continue
            card = self.top(src)
            if card == NO_CARD or self.foundations[card & 3] != card >> 2:
                continue
            if safe_only and not variant.is_safe(card, self.foundations):
                continue
            return src
        return -1

    def card(self, column, depth):
        """The card `depth` places below the top of `column` (0 = the top)."""
        return self.cards[column * COLUMN_CAP + self.heights[column] - 1 - depth]

    def top(self, location):
        """The card a move from `location` would take first, or NO_CARD."""
        if location < CELL0:
            h = self.heights[location]
            if h == 0:
                return NO_CARD
            return self.cards[location * COLUMN_CAP + h - 1]
        if location < FOUND0:
            return self.cells[location - CELL0]
        s = location - FOUND0
        n = self.foundations[s]
        if n == 0:
            return NO_CARD
        return make(n - 1, s)

    def size(self, location):
        """How many cards are at `location`."""
        if location < CELL0:
            return self.heights[location]
        if location < FOUND0:
            return 0 if self.cells[location - CELL0] == NO_CARD else 1
        return self.foundations[location - FOUND0]

    def free_cells(self):
        n = 0
        for i in range(self.cells_count):
            if self.cells[i] == NO_CARD:
                n += 1
        return n

    def empty_columns(self):
        n = 0
        for c in range(self.columns):
            if self.heights[c] == 0:
                n += 1
        return n

    def cards_home(self):
        f = self.foundations
        return f[0] + f[1] + f[2] + f[3]

    def transfer(self, src, dst, count):
        """Move the top `count` cards of src onto dst, keeping their order.
        Cells and foundations take one card at a time; the caller has checked
        the move."""
        if src < CELL0 and dst < CELL0:
            hs = self.heights[src]
            hd = self.heights[dst]
            a = src * COLUMN_CAP + hs - count
            b = dst * COLUMN_CAP + hd
            for i in range(count):
                self.cards[b + i] = self.cards[a + i]
            self.heights[src] = hs - count
            self.heights[dst] = hd + count
            return
        for _ in range(count):
            self._put(dst, self._take(src))

    def _take(self, location):
        card = self.top(location)
        if location < CELL0:
            self.heights[location] -= 1
        elif location < FOUND0:
            self.cells[location - CELL0] = NO_CARD
        else:
            self.foundations[location - FOUND0] -= 1
        return card

    def _put(self, location, card):
        if location < CELL0:
            self.cards[location * COLUMN_CAP + self.heights[location]] = card
            self.heights[location] += 1
        elif location < FOUND0:
            self.cells[location - CELL0] = card
        else:
            self.foundations[location - FOUND0] += 1

    def count_cards(self):
        """All cards on the table (52 in a sound position); for checks."""
        n = self.cards_home()
        for c in range(self.columns):
            n += self.heights[c]
        for i in range(self.cells_count):
            if self.cells[i] != NO_CARD:
                n += 1
        return n
