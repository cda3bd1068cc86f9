"""The cards on the table: columns, free cells and foundations in bytearrays.

Locations are small ints, one namespace for every place a card can be:
  0 .. 9      columns (as many as the variant has: 8 in FreeCell)
  CELL0 + i   free cell i (up to 8)
  FOUND0 + p  foundation pile p: in most games pile s is suit s's (clubs,
              diamonds, hearts, spades); HalfCell has two piles
  FOUNDATION  "a foundation that takes it", resolved by the game
A table has room for the largest variant (10 columns, 8 cells: 38 bytes
more than FreeCell needs), so changing games allocates nothing.  All storage
is allocated in __init__; nothing after that allocates.  This module moves
cards without judging whether a move is legal: that is game.py's job, with
the variant (variants.py).

The foundations are one bytearray, `foundations`, laid out so the solver's
compiled loops can read it as well (solver_loops.py mirrors the code here):
  0..3        cards on each pile (so foundations[s] is "cards home of suit s"
              in the games built by suit)
  HOME_RULE   how piles are built: BY_SUIT, ace to king of one suit, pile s
              taking suit s; or ALTERNATE (HalfCell), 26 cards from an ace
              up in alternating colours, past the king to the ace again:
              pile 0 starts with a black ace, pile 1 with a red one
  HOME_PILES  how many piles the game has (4 or 2)
  PILED + 13p (26p in HalfCell): pile p's cards, bottom first
  GOES + card a bit for each pile that takes the card now (0: none)
The piles a card may go to are kept up to date as cards come and go, so
"may it go home" is one look-up.
"""

from .compat import const
from .cards import NO_CARD, make

MAX_COLUMNS = const(10)  # rules.MAX_COLUMNS
MAX_CELLS = const(8)  # rules.MAX_CELLS
CELL0 = const(10)
FOUND0 = const(18)
FOUNDATION = const(22)
LOCATIONS = const(23)
# a column holds at most 7 dealt cards plus a run from queen down to ace
COLUMN_CAP = const(19)
# the foundations' bytes (above)
BY_SUIT = const(0)
ALTERNATE = const(1)
HOME_RULE = const(4)
HOME_PILES = const(5)
PILED = const(8)
GOES = const(60)
HOME_BYTES = const(112)


def wanted(home, p, n):
    """A card pile p takes when it holds n cards (in HalfCell the other card
    of that rank and colour is this one ^ 3), or NO_CARD when it is full."""
    if home[HOME_RULE] == ALTERNATE:
        if n >= 26:
            return NO_CARD
        # rank n % 13; colour: pile 0 black at even heights, pile 1 red
        return (n % 13) << 2 | (1 if (p + n) & 1 else 0)
    return NO_CARD if n >= 13 else make(n, p)


def _mark(home, p, n, on):
    """Set (on) or clear pile p's bit on the cards it takes at height n."""
    card = wanted(home, p, n)
    if card == NO_CARD:
        return
    bit = 1 << p
    if home[HOME_RULE] == ALTERNATE:  # either card of that rank and colour
        home[GOES + (card ^ 3)] = home[GOES + (card ^ 3)] | bit if on \
            else home[GOES + (card ^ 3)] & ~bit
    home[GOES + card] = home[GOES + card] | bit if on else home[GOES + card] & ~bit


def home_reset(home):
    """Empty piles (the rule and the pile count kept)."""
    for i in range(4):
        home[i] = 0
    for i in range(52):
        home[PILED + i] = NO_CARD
        home[GOES + i] = 0
    for p in range(home[HOME_PILES]):
        _mark(home, p, 0, True)


def home_put(home, p, card):
    """Card onto pile p (the caller has checked that the pile takes it)."""
    n = home[p]
    _mark(home, p, n, False)
    home[PILED + p * (52 // home[HOME_PILES]) + n] = card
    home[p] = n + 1
    _mark(home, p, n + 1, True)


def home_take(home, p):
    """Pile p's top card, taken off."""
    n = home[p] - 1
    at = PILED + p * (52 // home[HOME_PILES]) + n
    card = home[at]
    home[at] = NO_CARD
    _mark(home, p, n + 1, False)
    home[p] = n
    _mark(home, p, n, True)
    return card


def first_pile(home, card, mask=15):
    """The first pile (of those in mask) that takes card now, or -1."""
    g = home[GOES + card] & mask
    if not g:
        return -1
    p = 0
    while not g & 1:
        g >>= 1
        p += 1
    return p


class Table:
    def __init__(self, variant=None):
        self.cards = bytearray(MAX_COLUMNS * COLUMN_CAP)
        self.heights = bytearray(MAX_COLUMNS)
        self.cell_cards = bytearray(MAX_CELLS)
        self.foundations = bytearray(HOME_BYTES)  # the piles (above)
        self.take_shape(variant)

    def take_shape(self, variant):
        """The shape of `variant` (variants.py's: columns, its free cells,
        piles and home_rule; None: FreeCell's 8, 4, 4 by suit), the only
        place the table learns it; clears the table.  Room is always kept
        for the largest shape."""
        if variant is None:
            self.columns = 8
            self.cells = 4
            self.foundations[HOME_PILES] = 4
            self.foundations[HOME_RULE] = BY_SUIT
        else:
            self.columns = variant.columns
            self.cells = variant.cells
            self.foundations[HOME_PILES] = variant.piles
            self.foundations[HOME_RULE] = variant.home_rule
        self.clear()

    def clear(self):
        for c in range(MAX_COLUMNS):
            self.heights[c] = 0
        for i in range(MAX_CELLS):
            self.cell_cards[i] = NO_CARD
        home_reset(self.foundations)

    def piles(self):
        return self.foundations[HOME_PILES]

    def counts_spell_piles(self):
        """Do the piles' heights alone say which cards are home?  So with
        piles built by suit (pile s holds suit s's first n); HalfCell's
        alternating piles do not, and a save writes their cards."""
        return self.foundations[HOME_RULE] == BY_SUIT

    def takes(self, pile, card):
        """Does foundation pile `pile` take `card` now?"""
        return 0 <= pile < 4 and card < 52 and self.foundations[GOES + card] >> pile & 1

    def pile_for(self, card):
        """The first foundation pile that takes `card` now, or -1."""
        return -1 if card == NO_CARD else first_pile(self.foundations, card)

    def pile_card(self, pile, i):
        """The card i places up from the bottom of foundation pile `pile`."""
        return self.foundations[PILED + pile * (52 // self.foundations[HOME_PILES]) + i]

    def pile_up(self, pile, n):
        """Put the first n cards of a pile built by suit on it (for tests and
        positions made by hand)."""
        for r in range(self.foundations[pile], n):
            home_put(self.foundations, pile, make(r, pile))

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
            self.cell_cards[dealt_cells[i - k]] = order[i]

    def copy_from(self, other):
        """Take the same cards and shape as `other`."""
        self.columns = other.columns
        self.cards[:] = other.cards
        self.heights[:] = other.heights
        self.cell_cards[:] = other.cell_cards
        self.foundations[:] = other.foundations
        self.cells = other.cells

    def next_home(self, variant, safe_only):
        """The first location (columns, then cells) whose top card may go to
        its foundation now, and with safe_only only a card variant.is_safe
        allows (autoplay); -1 when there is none."""
        for src in range(CELL0 + self.cells):
            if self.columns <= src < CELL0:
                continue
            card = self.top(src)
            if card == NO_CARD or not self.foundations[GOES + card]:
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
            return self.cell_cards[location - CELL0]
        p = location - FOUND0
        n = self.foundations[p]
        if n == 0:
            return NO_CARD
        return self.foundations[PILED + p * (52 // self.foundations[HOME_PILES]) + n - 1]

    def size(self, location):
        """How many cards are at `location`."""
        if location < CELL0:
            return self.heights[location]
        if location < FOUND0:
            return 0 if self.cell_cards[location - CELL0] == NO_CARD else 1
        return self.foundations[location - FOUND0]

    def free_cells(self):
        n = 0
        for i in range(self.cells):
            if self.cell_cards[i] == NO_CARD:
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
            self.cell_cards[location - CELL0] = NO_CARD
        else:
            home_take(self.foundations, location - FOUND0)
        return card

    def _put(self, location, card):
        if location < CELL0:
            self.cards[location * COLUMN_CAP + self.heights[location]] = card
            self.heights[location] += 1
        elif location < FOUND0:
            self.cell_cards[location - CELL0] = card
        else:
            home_put(self.foundations, location - FOUND0, card)

    def count_cards(self):
        """All cards on the table (52 in a sound position); for checks."""
        n = self.cards_home()
        for c in range(self.columns):
            n += self.heights[c]
        for i in range(self.cells):
            if self.cell_cards[i] != NO_CARD:
                n += 1
        return n
