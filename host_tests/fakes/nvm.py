"""A board's nvm in memory (CircuitPython's microcontroller.nvm): bytes
that survive resets, and a power cut that can strike at any byte written."""

from files import PowerCut


class FakeNvm:
    def __init__(self, size=4096):
        self.data = bytearray(b"\xff" * size)
        self.cut_after = -1  # bytes still to be written before the power goes

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice) and 0 <= self.cut_after < len(value):
            start = index.start
            self.data[start:start + self.cut_after] = value[:self.cut_after]
            self.cut_after = -1
            raise PowerCut()
        if self.cut_after >= 0:
            self.cut_after -= len(value) if isinstance(index, slice) else 1
        self.data[index] = value

    def copy(self):
        other = FakeNvm(len(self.data))
        other.data[:] = self.data
        return other
