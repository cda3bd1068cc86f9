"""Saved games of the earlier formats, rewritten as the current one.

Version 1 (FreeCell only: 4 cells, 8 columns, foundations at locations
14-17) is rewritten as version 2; version 2 (before scores had schemes and
games a log) as version 3; version 3 (before rule options) as version 4,
which loadgame.py then checks like any other.  A
module of its own, imported only when such a file is found (once in a
board's life: the next save is the current version), so that its code does
not sit in every board's heap.
"""

from .cards import NO_CARD
from .compat import const
from .table import FOUND0

# version 3's layout (savefile.py's; test_structure checks the copies)
_AT_VARIANT = const(5)  # savefile._AT_VARIANT
_AT_CELLS = const(6)  # savefile._AT_CELLS
_AT_FLAGS = const(7)  # savefile._AT_FLAGS
_AT_STATE = const(8)  # savefile._AT_STATE
_AT_MOVES = const(9)  # savefile._AT_MOVES
_AT_CELL_CARDS = const(21)  # savefile._AT_CELL_CARDS
_AT_PILES = const(29)  # savefile._AT_PILES
_AT_HEIGHTS = const(33)  # savefile._AT_HEIGHTS
_AT_CARDS = const(43)  # savefile._AT_CARDS
_TAIL_BYTES = const(6)  # savefile._TAIL_BYTES


def upgrade(data, at, n, version):
    """A version 1, 2 or 3 payload rewritten as version 4, or an error
    message.  A game of version 2 is scored classic, has played 0 seconds
    and has an empty log that does not reach its deal (so its result cannot
    be checked); a game of version 3 or earlier plays the standard run limit
    (its rule options byte 0)."""
    if version == 3:
        out = bytearray(n + 1)  # + the rule options: none
        out[:n] = data[at:at + n]
        return out
    if version == 1:
        data = from_version_1(data, at, n)
        if isinstance(data, str):
            return data
        at, n = 0, len(data)
    if n < _AT_CARDS + 4 or data[at + _AT_FLAGS] & 0xE0:  # version 2's layout is 3's, to the tail
        return "the game record has impossible values" if n >= _AT_CARDS + 4 else \
            "the game record is too short"
    out = bytearray(n + _TAIL_BYTES + 1)  # + scheme 0 (classic), 0 seconds, no log, no options
    out[:n] = data[at:at + n]
    return out


def from_version_1(data, at, n):
    """A version-1 payload (FreeCell, 4 cells, 8 columns, foundations at
    locations 14-17) rewritten as version 2, or an error message."""
    if n < 39:
        return "the game record is too short"
    old = data[at + 5]
    out = bytearray(n + 8)
    out[0:_AT_VARIANT] = data[at:at + 5]  # the deal number
    out[_AT_VARIANT] = 0  # FreeCell
    out[_AT_CELLS] = old & 15
    out[_AT_FLAGS] = (old >> 4) & 7 | (8 if old & 0x80 else 0)  # a stray bit stays wrong
    out[_AT_STATE] = data[at + 6]
    out[_AT_MOVES:_AT_CELL_CARDS] = data[at + 7:at + 19]  # moves, undos, score, serial
    out[_AT_CELL_CARDS:_AT_CELL_CARDS + 4] = data[at + 19:at + 23]
    for i in range(_AT_CELL_CARDS + 4, _AT_PILES):
        out[i] = NO_CARD
    out[_AT_PILES:_AT_HEIGHTS] = data[at + 23:at + 27]
    out[_AT_HEIGHTS:_AT_HEIGHTS + 8] = data[at + 27:at + 35]
    out[_AT_CARDS:] = data[at + 35:at + n]
    first = _AT_CARDS + 4
    for c in range(8):
        first += out[_AT_HEIGHTS + c]
    for j in range(first, len(out) - 2, 3):  # the steps' locations: foundations moved
        for k in (j, j + 1):
            loc = out[k] & 0x3F if k == j else out[k]
            if 14 <= loc < 18:
                loc += FOUND0 - 14
            elif loc >= 18:
                loc = 0x3F  # no such place then: none now
            out[k] = (out[k] & 0xC0 if k == j else 0) | loc
    return out
