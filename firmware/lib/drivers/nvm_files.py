"""The saves in CircuitPython's nvm, with flash_files.py's interface."""

from freecell.container import join


class NvmFiles:
    """The same files in a byte array that survives resets: CircuitPython's
    microcontroller.nvm (4 KB on an RP2040), which code can always write
    (CIRCUITPY is read-only to code unless boot.py remounts it).

    Each name (NAME and NAME.tmp of every (NAME, size) in `sizes`, in order)
    has a fixed region (app/storage.py's nvm_sizes() sizes them from the
    formats: a statistics file grown by a seventh game grows its region,
    which moves the settings' along; the game's and the statistics' stay):
    a 2-byte length, then its bytes.  A write puts the bytes first and the
    length last, so a cut write leaves a length whose bytes fail the
    container's checksum; a rename copies the .tmp region the same way and
    then empties it.  Storage's rules do the rest: a whole .tmp is promoted
    at boot, a broken one dropped.  There is no room to set a bad file aside
    (the next save replaces it) and none for the result log (holds()).
    Erased nvm (0xFF) reads as no files."""

    def __init__(self, nvm, sizes):
        self.nvm = nvm
        self.regions = {}
        at = 0
        for name, size in sizes:
            for each in (name, name + ".tmp"):
                self.regions[each] = (at, size)
                at += 2 + size
        if at > len(nvm):
            raise ValueError("the nvm holds %d bytes; the saves need %d" % (len(nvm), at))

    def holds(self, name):
        return name in self.regions

    def _length(self, name):
        """(start, length) of a file there, or None."""
        region = self.regions.get(name)
        if region is None:
            return None
        at, size = region
        n = self.nvm[at] << 8 | self.nvm[at + 1]
        # 0: nvm that was zeroed, not erased; no save is empty
        return None if n > size or n == 0 else (at + 2, n)

    def size(self, name):
        found = self._length(name)
        return None if found is None else found[1]

    def read(self, name, limit):
        found = self._length(name)
        if found is None:
            return None
        at, n = found
        return bytes(self.nvm[at:at + min(n, limit)])

    def write(self, name, parts):
        """The pieces joined, in one assignment: on a board each assignment
        to nvm erases and writes its whole 4 KB flash sector, so a save
        costs two (the bytes, then the length), not one a piece."""
        region = self.regions.get(name)
        if region is None:
            raise OSError(2)  # no such place here
        at, size = region
        data = parts[0] if len(parts) == 1 else join(parts)
        if len(data) > size:
            raise OSError(28)  # no room
        self.nvm[at + 2:at + 2 + len(data)] = data
        self.nvm[at:at + 2] = bytes((len(data) >> 8, len(data) & 0xFF))

    def rename(self, old, new):
        data = self.read(old, 1 << 16)
        if data is None or new not in self.regions:
            raise OSError(2)
        self.write(new, (data,))
        self.remove(old)

    def remove(self, name):
        region = self.regions.get(name)
        if region is not None:
            self.nvm[region[0]:region[0] + 2] = b"\xff\xff"

    def exists(self, name):
        return self._length(name) is not None
