"""Saved games of the earlier formats, rewritten as the current one.

Version 1 (FreeCell only: 4 cells, 8 columns, foundations at locations
14-17) is rewritten as version 2; version 2 (before scores had schemes and
games a log) as version 3, which loadgame.py then checks like any other.  A
module of its own, imported only when such a file is found (once in a
board's life: the next save is the current version), so that its code does
not sit in every board's heap.
"""

from .cards import NO_CARD
from .table import FOUND0


def upgrade(data, at, n, version):
    """A version 1 or 2 payload rewritten as version 3, or an error message.
    A game of version 2 is scored classic, has played 0 seconds and has an
    empty log that does not reach its deal (so its result cannot be
    checked)."""
    if version == 1:
        data = from_version_1(data, at, n)
        if isinstance(data, str):
            return data
        at, n = 0, len(data)
    if n < 47 or data[at + 7] & 0xE0:
        return "the game record has impossible values" if n >= 47 else \
            "the game record is too short"
    out = bytearray(n + 6)  # + scheme 0 (classic), 0 seconds, no log
    out[:n] = data[at:at + n]
    return out


def from_version_1(data, at, n):
    """A version-1 payload (FreeCell, 4 cells, 8 columns, foundations at
    locations 14-17) rewritten as version 2, or an error message."""
    if n < 39:
        return "the game record is too short"
    old = data[at + 5]
    out = bytearray(n + 8)
    out[0:5] = data[at:at + 5]
    out[5] = 0  # FreeCell
    out[6] = old & 15
    out[7] = (old >> 4) & 7 | (8 if old & 0x80 else 0)  # a stray bit stays wrong
    out[8] = data[at + 6]
    out[9:21] = data[at + 7:at + 19]  # moves, undos, score, serial
    out[21:25] = data[at + 19:at + 23]
    for i in range(25, 29):
        out[i] = NO_CARD
    out[29:33] = data[at + 23:at + 27]
    out[33:41] = data[at + 27:at + 35]
    out[43:] = data[at + 35:at + n]
    first = 47
    for c in range(8):
        first += out[33 + c]
    for j in range(first, len(out) - 2, 3):  # the steps' locations: foundations moved
        for k in (j, j + 1):
            loc = out[k] & 0x3F if k == j else out[k]
            if 14 <= loc < 18:
                loc += FOUND0 - 14
            elif loc >= 18:
                loc = 0x3F  # no such place then: none now
            out[k] = (out[k] & 0xC0 if k == j else 0) | loc
    return out
