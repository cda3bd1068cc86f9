"""The games this engine plays: each a small class that owns the table's
shape and the rules.  The table, the game, the solver, notation, saves, the
screens and the tools ask the variant; nothing else knows how many columns
or cells there are, or what may go where.

A variant says:
  name, id, title  fc-solve's preset name (what --game takes), a number that
                   never changes (saved games and statistics keep it), and
                   what the screens call it; code, two letters for lists;
                   words, its name as a page or a description writes it
  columns, cells   the table's shape: up to MAX_COLUMNS columns, up to
                   MAX_CELLS free cells; CELL_CHOICES the cell counts a player
                   may pick (only FreeCell offers fewer)
  KNOWN_WINNABLE   deals 1..this, played with CELLS free cells, are known to
                   be winnable but for dealer.UNWINNABLE (FreeCell's first
                   million, by an exhaustive search); 0: none are
  dealt_cells      where the cards the columns do not take are dealt: the
                   deal order's first 52 - len(dealt_cells) cards go round
                   the columns, the rest into these cells
  piles, home_rule the foundations: four piles by suit (BY_SUIT), or
                   HalfCell's two of 26 (ALTERNATE); table.py builds them
  stacks_on, empty_column_takes, supermove_limit, is_safe
                   the rules (FreeCell's in rules.py, which Game loads
                   alone; a subclass here changes those that differ);
                   `by_suit`, `kings_only` and `home_rule` say the same
                   to the solver's loops, which cannot call methods
  simple_runs      an option of one game's (RUN LIMIT: SIMPLE, off by
                   default): the run limit some products use, (free cells +
                   1) x (empty columns + 1) where the standard one doubles
                   per empty column; set on the variant object a game plays
Adding a game: a subclass with its shape and whichever rule differs, put
at the end of VARIANTS (its place there is its id, which saves keep), and
its tests (host_tests/test_variants.py
plays every variant the same way).  Allocates nothing.
"""

from .rules import MAX_CELLS, MAX_COLUMNS, FreeCell  # noqa: F401  (every game's)
from .table import ALTERNATE, GOES


class BakersGame(FreeCell):
    """FreeCell's ancestor: columns are built by suit."""

    name = "bakers_game"
    title = "BAKER'S GAME"
    words = "Baker's Game"
    code = "BG"
    CELL_CHOICES = (4,)
    KNOWN_WINNABLE = 0
    by_suit = True


class Seahaven(FreeCell):
    """Ten columns of five, the last two cards in the middle cells; by suit,
    only a king (or a run headed by one) on an empty column."""

    name = "seahaven"
    title = "SEAHAVEN"
    words = "Seahaven Towers"
    code = "ST"
    columns = 10
    CELL_CHOICES = (4,)
    KNOWN_WINNABLE = 0
    dealt_cells = b"\x01\x02"
    by_suit = True
    kings_only = True


class EightOff(FreeCell):
    """Eight columns of six and eight cells, four of them dealt into; by
    suit, kings only on an empty column."""

    name = "eight_off"
    title = "EIGHT OFF"
    words = "Eight Off"
    code = "EO"
    CELLS = 8
    CELL_CHOICES = (8,)
    KNOWN_WINNABLE = 0
    dealt_cells = b"\x00\x02\x04\x06"
    by_suit = True
    kings_only = True


class Forecell(FreeCell):
    """Eight columns of six, the last four cards in the four cells;
    alternating colours, kings only on an empty column."""

    name = "forecell"
    title = "FORECELL"
    words = "ForeCell"
    code = "FO"
    CELL_CHOICES = (4,)
    KNOWN_WINNABLE = 0
    dealt_cells = b"\x00\x01\x02\x03"
    kings_only = True


class HalfCell(FreeCell):
    """FreeCell's table and columns, with two foundations of 26 cards: each
    is built up from an ace in alternating colours, past the king to the ace
    again (A 2 .. Q K A 2 .. K), and the two start with aces of different
    colours.  Pile 0 is the one that starts black, pile 1 red (the piles are
    otherwise alike, so which is which changes nothing)."""

    name = "halfcell"
    title = "HALFCELL"
    words = "HalfCell"
    code = "HC"
    CELL_CHOICES = (4,)
    KNOWN_WINNABLE = 0
    piles = 2
    home_rule = ALTERNATE

    def is_safe(self, card, foundations):
        """Our rule (no peer plays HalfCell): autoplay sends a card home when
        nothing could ever be built on it in the columns: an ace, or a card
        whose two lower cards of the other colour are both home (the red 5s
        once both black 4s are).  It is FreeCell's test, counted over the two
        piles.  Not proved never to cost a game, since the piles share ranks:
        undo takes it back."""
        if not foundations[GOES + card]:
            return False
        r = card >> 2
        if r == 0:
            return True
        red = ((card ^ (card >> 1)) & 1) ^ 1  # the other colour
        home = 0
        for p in range(2):
            # where (r - 1, that colour) lies in pile p: first lap or second
            i = r - 1 if (p + r - 1) & 1 == red else r + 12
            if foundations[p] > i:
                home += 1
        return home == 2


# by id: a variant's place here is its id, for ever (the saves keep it);
# FreeCell, first, says its own (rules.py: a game of it loads no other)
VARIANTS = (FreeCell, BakersGame, Seahaven, EightOff, Forecell, HalfCell)
for _id in range(1, len(VARIANTS)):
    VARIANTS[_id].id = _id


def by_name(name):
    """The variant class called `name` (fc-solve's preset names), or None."""
    for v in VARIANTS:
        if v.name == name:
            return v
    return None


def by_id(number):
    return VARIANTS[number] if 0 <= number < len(VARIANTS) else None
