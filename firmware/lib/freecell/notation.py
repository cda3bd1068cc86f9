"""Standard FreeCell notation and the position text fc-solve reads.

A move is source then target: columns '1'..'9' and '10', free cells 'a'..'g'
and 'k' by position (fc-solve skips 'h', the foundation, and names the eighth
cell 'k'), foundation 'h' ('3a', 'a5', '7h', '58', '10h'): the pile that takes
the card; 'h1'..'h4' names a pile, as HalfCell's moves are written ('7h2'),
and a card taken back from a foundation (the optional rule: 'h3a').  fc-solve's extension: a run
of several cards carries 'v' and the count in hexadecimal ('82vc' moves 12).
Without it a move to an empty column moves one card; onto cards the count is
forced.  A parsed move is one int, movelog.pack's (count 0 = the default), so
parsing returns no tuple.  These helpers serve the host and
the screens; they allocate strings, the engine's move paths never call them.
"""

from .cards import BLANKS, text
from .movelog import count_of, dst_of, pack, src_of
from .table import CELL0, FOUND0, FOUNDATION

_CELL_LETTERS = "abcdefgk"

# lines of fc-solve's output around the moves
TRANSCRIPT_NOISE = (
    "-=-=",
    "This game is",
    "Total number of",
    "This scan generated",
    "I could not solve",
    "Iterations count exceeded",
    "Unsolved",
)


def _location(token, at, columns, cells, target):
    """The location named at token[at] ('10' takes two characters) as
    location | characters used << 8, or -1."""
    ch = token[at:at + 1]
    if ch == "1" and token[at + 1:at + 2] == "0" and columns >= 10:
        return 9 | 2 << 8
    if "1" <= ch <= "9":
        n = ord(ch) - ord("1")
        return n | 1 << 8 if n < columns else -1
    n = _CELL_LETTERS.find(ch) if ch else -1
    if 0 <= n < cells:
        return CELL0 + n | 1 << 8
    if ch == "h":
        pile = "1234".find(token[at + 1:at + 2]) if at + 1 < len(token) else -1
        if pile >= 0:
            return FOUND0 + pile | 2 << 8
        return FOUNDATION | 1 << 8 if target else -1  # a card leaves a named pile
    return -1


def parse_move(token, columns=8, cells=4):
    """'3a' / '82vc' / '10h' / '3h2' -> packed move int, or -1 when the token is not
    a move of a table with that many columns and cells."""
    token = token.lower()
    src = _location(token, 0, columns, cells, False)
    if src < 0:
        return -1
    dst = _location(token, src >> 8, columns, cells, True)
    if dst < 0:
        return -1
    rest = token[(src >> 8) + (dst >> 8):]
    src &= 0xFF
    dst &= 0xFF
    count = 0
    if rest:
        if rest[0] != "v" or len(rest) < 2 or len(rest) > 3:
            return -1
        for ch in rest[1:]:
            d = "0123456789abcdef".find(ch)
            if d < 0:
                return -1
            count = count * 16 + d
        if count == 0 or count > 31:  # a packed move keeps the count in 5 bits
            return -1
    return pack(src, dst, count)


def location_text(location, piles=4):
    """A location's name; a foundation is 'h', or 'h1'.. in a game whose
    piles are not one a suit (piles < 4: HalfCell)."""
    if location < CELL0:
        return str(location + 1)
    if location < FOUND0:
        return _CELL_LETTERS[location - CELL0]
    if piles < 4 and location != FOUNDATION:
        return "h%d" % (location - FOUND0 + 1)
    return "h"


def packed_text(packed, piles=4):
    """move_text() of a packed move (a parsed one, the solver's, a log's)."""
    return move_text(src_of(packed), dst_of(packed), count_of(packed), piles)


def move_text(src, dst, count=1, piles=4):
    """Notation for a move; several cards between columns carry 'v' + hex;
    in HalfCell (piles=2) a foundation is named by its pile."""
    token = location_text(src, 1 if src >= FOUND0 else piles) + location_text(dst, piles)
    if count > 1 and src < CELL0 and dst < CELL0:
        token += "v%x" % count
    return token


def is_noise(line):
    """Is this line part of fc-solve's header or trailer, not moves?"""
    line = line.strip(BLANKS)
    for prefix in TRANSCRIPT_NOISE:
        if line.startswith(prefix):
            return True
    return False


def position_text(game):
    """The position in fc-solve's board format, last line solved/unsolved:
        Foundations: H-n C-n D-n S-n     (n = cards home, 0 when none)
        Freecells: 8H - - -
        : JD KD 2S ...                   (one line per column, bottom first)
    In HalfCell, which fc-solve does not play, the foundations line gives
    each pile's cards and top card: "Foundations: 1-14 AD 2-3 3C".
    """
    t = game.table
    f = t.foundations
    if t.piles() < 4:
        lines = ["Foundations:" + "".join(" %d-%d %s" % (p + 1, f[p], text(t.top(FOUND0 + p)))
                                          for p in range(t.piles()))]
    else:
        lines = ["Foundations: H-%d C-%d D-%d S-%d" % (f[2], f[0], f[1], f[3])]
    lines.append("Freecells: " + " ".join(text(t.cell_cards[i]) for i in range(t.cells)))
    for c in range(t.columns):
        h = t.heights[c]
        words = [text(t.card(c, h - 1 - i)) for i in range(h)]
        lines.append(":" + "".join(" " + w for w in words))
    lines.append("solved" if t.cards_home() == 52 else "unsolved")
    return "\n".join(lines)
