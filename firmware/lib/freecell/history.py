"""The undo/redo ring: a fixed-size bytearray of steps, allocated once.

A step is one transfer of cards, 3 bytes:
  byte 0  source location | GROUP_START (bit 7) | AUTO (bit 6)
  byte 1  target location (a specific foundation, never "its foundation")
  byte 2  number of cards
A player's action is a group: its own step(s) flagged GROUP_START, followed by
the autoplay steps it caused.  Undo takes back a whole group.  Steps done and
steps undone-but-redoable share the ring; a new move drops the redoable ones.
When the ring is full the oldest group falls off, and `from_deal` turns
False: the steps kept no longer lead back to the deal.

Why 360 steps is enough for the 300 moves docs/RULES.md asks for: foundation moves
can appear at most 52 times in the history that is kept (each card goes home
once; undoing removes the step), so the ring always holds at least
360 - 52 = 308 player moves.  3 bytes a step: 1,080 bytes in all.
"""

from .compat import const

GROUP_START = const(0x80)
AUTO = const(0x40)
_LOCATION = const(0x3F)


class History:
    def __init__(self, capacity=360):
        self.capacity = capacity
        self.steps = bytearray(capacity * 3)
        self.clear()

    def clear(self):
        # absolute step numbers; the ring slot is number % capacity
        self.first = 0  # oldest step kept
        self.head = 0  # one past the last step done
        self.end = 0  # one past the last step that can be redone
        self.from_deal = True  # undoing every step kept gives the deal's start

    def push(self, src, dst, count, flags):
        if self.head - self.first == self.capacity:
            self._drop_oldest_group()
        i = (self.head % self.capacity) * 3
        self.steps[i] = src | flags
        self.steps[i + 1] = dst
        self.steps[i + 2] = count
        self.head += 1
        self.end = self.head

    def _drop_oldest_group(self):
        self.from_deal = False
        self.first += 1
        while self.first < self.head and not self.flags(self.first) & GROUP_START:
            self.first += 1

    def can_undo(self):
        return self.head > self.first

    def can_redo(self):
        return self.end > self.head

    def src(self, n):
        return self.steps[(n % self.capacity) * 3] & _LOCATION

    def flags(self, n):
        return self.steps[(n % self.capacity) * 3] & (GROUP_START | AUTO)

    def dst(self, n):
        return self.steps[(n % self.capacity) * 3 + 1]

    def count(self, n):
        return self.steps[(n % self.capacity) * 3 + 2]

    # -- its state, for a save (savefile.py) and a load (loadgame.py) ---------

    def kept(self):
        """(steps kept, how many of them are done, the kept steps' bytes
        oldest first as one or two views into the ring: never copied)."""
        ring = memoryview(self.steps)
        start = (self.first % self.capacity) * 3
        stop = start + 3 * (self.end - self.first)
        if stop <= len(ring):
            return self.end - self.first, self.head - self.first, (ring[start:stop],)
        return (self.end - self.first, self.head - self.first,
                (ring[start:], ring[:stop - len(ring)]))

    def load(self, data, at, steps, done, from_deal):
        """The ring as kept() gave it: `steps` 3-byte steps at data[at:],
        `done` of them done (checked by the loader: steps <= capacity)."""
        self.clear()
        for i in range(3 * steps):
            self.steps[i] = data[at + i]
        self.head = done
        self.end = steps
        self.from_deal = from_deal

    def groups(self):
        """How many player actions can be undone (for display and tests)."""
        n = 0
        for i in range(self.first, self.head):
            if self.flags(i) & GROUP_START:
                n += 1
        return n
