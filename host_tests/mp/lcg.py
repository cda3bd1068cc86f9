# The scripts' random numbers: the same sequence on CPython and MicroPython
# (an LCG kept under 2**30, so no long int on a 32-bit MicroPython), and the
# fuzzers' one way to make a sealed lie of a saved file.
from freecell import container, savefile


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.state >> 8) % n


def mutate(data, kind, rng):
    """The saved file `data` (of `kind`, its own version) with one to three
    payload bytes changed and the container sealed again: right length,
    right checksum, wrong contents."""
    at, n = container.unwrap(data, kind, data[3])
    payload = bytearray(data[at:at + n])
    for _ in range(1 + rng.next(3)):
        i = rng.next(len(payload))
        roll = rng.next(4)
        if roll == 0:
            payload[i] = rng.next(256)
        elif roll == 1:
            payload[i] ^= 1 << rng.next(8)
        elif roll == 2:
            payload[i] = (payload[i] + 1) & 0xFF
        else:  # a small number: a card, a count, a flag
            payload[i] = rng.next(53)
    return container.wrap(kind, data[3], payload, len(payload))


def mutate_step(data, rng):
    """A FreeCell save with one of its history's steps sent from another
    column, one of the tallest (undoing it puts the cards back there),
    sealed again: the lie that once grew a column past its room.
    None when the save has no step."""
    at, n = container.unwrap(data, savefile.GAME, data[3])
    payload = bytearray(data[at:at + n])
    table_end = 43
    for c in range(10):
        table_end += payload[33 + c]
    steps = payload[table_end] << 8 | payload[table_end + 1]
    if not steps:
        return None
    j = table_end + 4 + 3 * rng.next(steps)
    tallest = 0
    for c in range(8):
        if payload[33 + c] > payload[33 + tallest] or (
                payload[33 + c] == payload[33 + tallest] and rng.next(2)):
            tallest = c
    payload[j] = (payload[j] & 0xC0) | tallest
    return container.wrap(savefile.GAME, data[3], payload, len(payload))
