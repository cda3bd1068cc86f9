"""FreeCell's rules, the ones every game of variants.py builds on (each
there a subclass that changes a shape or a rule; variants.py says what a
variant says).  Its own module so that a FreeCell game loads only these:
Game and the loaders ask game.variant_class(), which loads the other games
only for one of them (2 KB of a board's heap).  Allocates nothing.
"""

from .cards import KING
from .table import BY_SUIT

MAX_COLUMNS = 10
MAX_CELLS = 8


class FreeCell:
    """Builds down in alternating colours, any card on an empty column, a
    run as long as the free cells and empty columns could carry:
        (free cells + 1) * 2 ** (empty columns)
    where an empty column that is itself the target does not count."""

    name = "freecell"
    id = 0
    title = "FREECELL"
    words = "FreeCell"
    code = "FC"
    columns = 8
    CELLS = 4
    CELL_CHOICES = (1, 2, 3, 4)
    KNOWN_WINNABLE = 1000000
    dealt_cells = b""
    by_suit = False
    kings_only = False
    piles = 4
    home_rule = BY_SUIT
    simple_runs = False

    def __init__(self, cells=None):
        self.use_cells(self.CELLS if cells is None else cells)

    def use_cells(self, cells):
        """Play with this many free cells, one of CELL_CHOICES."""
        if cells not in self.CELL_CHOICES:
            raise ValueError("%s is played with %s free cells"
                             % (self.title, " or ".join(str(n) for n in self.CELL_CHOICES)))
        self.cells = cells

    def stacks_on(self, card, onto):
        """May `card` go on top of `onto` in a column (or a run)?"""
        if card >> 2 != (onto >> 2) - 1:
            return False
        if self.by_suit:
            return card & 3 == onto & 3
        return ((card ^ (card >> 1)) & 1) != ((onto ^ (onto >> 1)) & 1)  # colours differ

    def empty_column_takes(self, card):
        """May `card` head a run onto an empty column?"""
        return not self.kings_only or card >> 2 == KING

    def supermove_limit(self, free_cells, empty_columns):
        """How many cards a run may have, given the free cells and the empty
        columns that are not the target.  Where only kings may fill an empty
        column it carries no part of a run (fc-solve's rule): cells + 1.
        With simple_runs: (free cells + 1) x (empty columns + 1), which is
        the products' (cells + 1) x (empty + 1) onto cards and (cells + 1) x
        empty into an empty column, counting the target there."""
        if self.kings_only:
            return free_cells + 1
        if self.simple_runs:
            return (free_cells + 1) * (empty_columns + 1)
        return (free_cells + 1) << empty_columns

    def is_safe(self, card, foundations):
        """May autoplay send `card` home?  `foundations` is the table's (its
        first four bytes the cards home per suit); the card must be the next
        of its suit.  Built
        in alternating colours: aces and twos always, others once both
        other-colour cards one rank lower are home (the 5 of hearts once the
        4 of spades and the 4 of clubs are).  Built by suit: always, since
        only a card of its own suit could ever go on it (fc-solve's rule)."""
        r = card >> 2
        s = card & 3
        if foundations[s] != r:
            return False
        if r <= 1 or self.by_suit:
            return True
        if s == 1 or s == 2:  # red: the black suits (0, 3) one rank lower
            return foundations[0] >= r and foundations[3] >= r
        return foundations[1] >= r and foundations[2] >= r
