"""A board's nvm in memory (CircuitPython's microcontroller.nvm on an
RP2040), written the way the port's C code writes it
(ports/raspberrypi/common-hal/nvm/ByteArray.c): an assignment whose target
bytes are all erased (0xFF) is programmed into them, page by page (the
bytes already there are programmed again with what they hold: unchanged);
any other copies the whole sector to RAM, erases it, and programs it back
with the new bytes in place.  A power cut can strike at any step of that
work: `cut_after` counts the bytes still to be erased or programmed before
the power goes (an erase erases every byte of the sector, in order, then
the program writes every byte back), so a cut inside an erase leaves the
sector partly erased and a cut inside a program partly programmed, never
what the assignment asked.  `erases` counts the erases, for the wear."""

from files import PowerCut

SECTOR = 4096


class FakeNvm:
    def __init__(self, size=SECTOR):
        self.data = bytearray(b"\xff" * size)
        self.cut_after = -1  # bytes still to be erased or programmed before the power goes
        self.erases = 0  # sector erases (the flash's wear)
        self.assignments = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, _ = index.indices(len(self.data))
            value = bytes(value)
        else:
            start, stop, value = index, index + 1, bytes((value,))
        assert stop - start == len(value), "nvm assignments keep their length"
        self.assignments += 1
        if self.data[start:stop] == b"\xff" * len(value):  # erased: programmed in place
            self._program(start, value)
            return
        image = bytearray(self.data)  # the sector, copied to RAM, the new bytes in it
        image[start:stop] = value
        self.erases += 1
        for i in range(len(self.data)):
            self._step()
            self.data[i] = 0xFF
        self._program(0, image)

    def _program(self, start, value):
        for i in range(len(value)):
            self._step()
            self.data[start + i] &= value[i]  # (programming only clears bits)

    def _step(self):
        """One byte of work: the power cut (PowerCut) once cut_after are done."""
        if self.cut_after == 0:
            self.cut_after = -1
            raise PowerCut()
        if self.cut_after > 0:
            self.cut_after -= 1

    def copy(self):
        other = FakeNvm(len(self.data))
        other.data[:] = self.data
        return other
