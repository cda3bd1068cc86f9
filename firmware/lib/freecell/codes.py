"""Game codes: a short text that names the game, its free cells and the deal,
for passing a deal to a friend, e.g. FC1-C4-AAAAABDWG for FreeCell deal 617
with four cells.

    FC1      the game's two-letter code (variants.py) and this format's
             version, 1
    C4       the free cells (FreeCell: 1-4; the other games their own)
    AAAAABDW the deal number in base 23, most significant letter first,
             eight letters (23^8 > 8,589,934,591)
    G        a check letter
The letters are the alphabet without I, L and O, which are read as digits.
The check letter makes the weighted sum of every value, the game's id,
the cells, the eight deal letters and the check itself, weighted 1 to 11,
a multiple of 23.  23 is prime and the weights differ, so a single wrong
letter, a wrong cell count or two neighbours swapped always fail the check.
Decoding ignores case, spaces and dashes.

Arithmetic on the deal stays in its two parts (hi * 65536 + lo), as
deal.py's: no long integers on a 32-bit board.
"""

from .deal import DealNumber

VERSION = 1
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
BASE = 23
DEAL_LETTERS = 8
_CHECK_WEIGHT = 11
_WEIGHT_INVERSE = 21  # 11 * 21 = 231 = 10 * 23 + 1
BAD = "not a game code (like FC1-C4-AAAAABDWG)"
MISTYPED = "the code is mistyped: its check letter does not match"


def _check(values):
    """The check letter's value for the values before it."""
    total = 0
    for i in range(len(values)):
        total += (i + 1) * values[i]
    return (-total * _WEIGHT_INVERSE) % BASE


def _digits(hi, lo):
    """The deal number's eight base-23 digits, most significant first."""
    out = bytearray(DEAL_LETTERS)
    for i in range(DEAL_LETTERS - 1, -1, -1):
        r = hi % BASE
        hi //= BASE
        rest = (r << 16) | lo  # < 23 * 65536: a small int
        lo = rest // BASE
        out[i] = rest % BASE
    return out


def encode(variant, number):
    """The code of deal `number` (a DealNumber) of `variant` (a variant
    object, its cells chosen)."""
    values = bytearray((variant.id, variant.cells)) + _digits(number.hi, number.lo)
    letters = "".join(LETTERS[v] for v in values[2:])
    return "%s%d-C%d-%s%s" % (variant.code, VERSION, variant.cells, letters,
                              LETTERS[_check(values)])


def decode(text):
    """-> (variant object, DealNumber), or an error message (a str)."""
    from .variants import VARIANTS  # (the menu's code, encode(), needs none of the family)

    for ch in text:  # ASCII only: upper() maps some letters ('\u017f', '\u00df') to
        if ch > "~":  # ASCII on CPython and not on MicroPython
            return BAD
    text = text.upper().replace("-", "").replace(" ", "")
    if len(text) != 5 + DEAL_LETTERS + 1 or text[3] != "C" or not "0" <= text[4] <= "9":
        return BAD
    kind = None
    for v in VARIANTS:
        if v.code == text[:2]:
            kind = v
    if kind is None:
        return "no game has the code " + text[:2]
    if text[2] != str(VERSION):
        return "a code of another version (this game reads %s%d)" % (kind.code, VERSION)
    values = bytearray((kind.id, int(text[4])))
    for ch in text[5:]:
        if ch not in LETTERS:
            return "codes use letters only, never I, L or O"
        values.append(LETTERS.index(ch))
    if _check(values[:-1]) != values[-1]:
        return MISTYPED
    cells = values[1]
    if cells not in kind.CELL_CHOICES:
        return "%s is played with %s free cells" % (
            kind.title, " or ".join(str(n) for n in kind.CELL_CHOICES))
    hi = lo = 0
    for v in values[2:-1]:
        lo = lo * BASE + v
        hi = hi * BASE + (lo >> 16)
        lo &= 0xFFFF
    number = DealNumber()
    if hi > 0x1FFFF or (hi == 0 and lo == 0):
        return "the code names no deal (1 to 8589934591)"
    number.hi, number.lo = hi, lo
    return kind(cells), number
