"""What may go on what: the one place a variant changes the game's rules.

The standard game builds columns down in alternating colour, takes any card on
an empty column, and limits a run (supermove) to
    (free cells + 1) * 2 ** (empty columns)
where an empty column that is itself the target does not count.  A variant
(Baker's Game, Seahaven Towers, HalfCell) overrides the methods here; the move
code in game.py asks this object and nothing else.  Allocates nothing.
"""

from .cards import rank, is_red


class Rules:
    def __init__(self, cells=4, columns=8):
        if cells < 1 or cells > 4:
            raise ValueError("cells must be 1 to 4")
        self.cells = cells
        self.columns = columns

    def stacks_on(self, card, onto):
        """May `card` go on top of `onto` in a column (or run)?"""
        return rank(card) + 1 == rank(onto) and is_red(card) != is_red(onto)

    def empty_column_takes(self, card):
        """May `card` head a run onto an empty column?"""
        return True

    def supermove_limit(self, free_cells, empty_columns):
        """How many cards a run may have, given the free cells and the empty
        columns that are not the target."""
        return (free_cells + 1) << empty_columns

    def is_safe(self, card, foundations):
        """May autoplay send `card` home?  `foundations` holds the number of
        cards home per suit; the card must be the next of its suit.  Aces and
        twos always; others once both other-colour cards one rank lower are
        home (the 5 of hearts once the 4 of spades and the 4 of clubs are)."""
        r = card >> 2
        s = card & 3
        if foundations[s] != r:
            return False
        if r <= 1:
            return True
        # the other colour's suits: red (1, 2) <-> black (0, 3)
        if s == 1 or s == 2:
            return foundations[0] >= r and foundations[3] >= r
        return foundations[1] >= r and foundations[2] >= r
