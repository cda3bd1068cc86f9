"""Everything done in a game since its deal, so that anyone can replay it and
check its result: each move, undo, redo, FINISH and autoplay switch, in
order, 2 bytes each, in a bytearray allocated once.

An entry is a packed move (pack() below), src | dst << 5 | count << 10, with the
target and count the game settled on (a specific foundation pile, the count
a run moved), plus bit 15 when the solver made it ("show me").  An action
that is not a move has src 31 (no location is) and its kind in dst: UNDO,
REDO, FINISH, AUTOPLAY_ON, AUTOPLAY_OFF, and HELPED: the first entry after a
restart of a deal the solver had played part of (marked as the solver's, so
the deal stays helped).  The undo ring (history.py) keeps
only what can still be undone; this keeps what happened.

When the log is full it stops and says so (`complete` False): the game plays
on, and its result is kept but cannot be checked.  Allocates nothing after
construction.
"""

from .compat import const

SOLVER = const(0x8000)
_ACTION = const(31)
UNDO = const(31)  # 31 | 0 << 5
REDO = const(63)  # 31 | 1 << 5
FINISH = const(95)  # 31 | 2 << 5
AUTOPLAY_ON = const(127)  # 31 | 3 << 5
AUTOPLAY_OFF = const(159)  # 31 | 4 << 5
HELPED = const(191)  # 31 | 5 << 5
ACTIONS = (UNDO, REDO, FINISH, AUTOPLAY_ON, AUTOPLAY_OFF, HELPED)


# A move in one int: this module owns its layout, which the game logs, the
# solver answers in and notation.py parses to (only solver_loops.py's compiled
# code spells it out itself).  Count 0: as many cards as the rules settle.
def pack(src, dst, count):
    return src | dst << 5 | count << 10


def src_of(packed):
    return packed & 31


def dst_of(packed):
    return packed >> 5 & 31


def count_of(packed):
    return packed >> 10 & 31
CAPACITY = 400  # a won game is about 100 moves; 400 allows many undos too


class MoveLog:
    def __init__(self, capacity=CAPACITY):
        self.capacity = capacity
        self.entries = bytearray(2 * capacity)
        self.clear()

    def clear(self):
        self.n = 0
        self.complete = True  # every action since the deal is here

    def kept(self):
        """The entries' bytes (2 each, low byte first): a view, never copied."""
        return memoryview(self.entries)[:2 * self.n]

    def load(self, data, at, n, complete):
        """The log as kept() gave it: `n` entries at data[at:] (checked by
        the loader: n <= capacity, each entry an action)."""
        for i in range(2 * n):
            self.entries[i] = data[at + i]
        self.n = n
        self.complete = complete

    def add(self, entry):
        if self.n == self.capacity:
            self.complete = False
            return
        i = 2 * self.n
        self.entries[i] = entry & 0xFF
        self.entries[i + 1] = entry >> 8
        self.n += 1

    def entry(self, i):
        return self.entries[2 * i] | self.entries[2 * i + 1] << 8

    def by_solver(self):
        """Did the solver make any of these moves?"""
        for i in range(self.n):
            if self.entries[2 * i + 1] & 0x80:
                return True
        return False


def is_move(entry):
    return src_of(entry) != _ACTION


def check(entry):
    """Is `entry` something a log can hold (a move between locations, or one
    of the actions)?  The rules judge a move on replay; this judges shape."""
    if not is_move(entry):
        return entry & 0x7FFF in ACTIONS
    src, dst, count = src_of(entry), dst_of(entry), count_of(entry)
    return src < 22 and dst < 22 and src != dst and 1 <= count <= 19
