"""Saving to the board's flash without ever spoiling what was saved before.

A save writes NAME.tmp and renames it over NAME (LittleFS, which MicroPython
uses on the RP2040 and the ESP32, renames atomically).  At boot:
  - a NAME.tmp that reads as a whole, valid file is a save whose rename was
    cut off: it is newer than NAME, so it takes NAME's place;
  - a NAME.tmp that does not is an unfinished write: removed (NAME, the last
    finished save, is untouched);
  - a NAME that is cut short, fails its checksum, has a foreign version, is
    garbage, is larger than any save (only MAX_BYTES + 1 are read) or cannot
    be read at all (a directory of that name) is set aside as NAME.bad1
    (.bad2 ... .bad9, the last reused), never deleted, and `notes` gets one
    line for the player;
  - a flash that refuses a rename (full) leaves the file where it is, with
    a note: the game starts anyway, and the next save replaces the file only
    once the new one is written.
The game, the statistics and the settings are separate files.  Files go
through a tiny interface (read, write, rename, remove, exists) so that a test
can cut a write at any byte.
"""

import os

GAME = "game.sav"
STATS = "stats.sav"
SETTINGS = "settings.sav"
_LABELS = {GAME: "saved game", STATS: "statistics", SETTINGS: "settings"}


def _label(name):
    """A file's name for the player: the result log's files are one thing."""
    return _LABELS.get(name) or ("result log" if name.startswith("result") else name)
# the largest save is a game with a full undo ring: 1,181 bytes (savefile.py)
MAX_BYTES = 4096


class FlashFiles:
    """The board's own filesystem."""

    def __init__(self, folder=""):
        self.folder = folder

    def path(self, name):
        return self.folder + "/" + name if self.folder else name

    def read(self, name, limit):
        """At most limit bytes of the file, or None when it cannot be read.
        Asks the file's size first, so that a save takes a buffer its own
        size, not the largest a save could be."""
        try:
            size = os.stat(self.path(name))[6]
            with open(self.path(name), "rb") as f:
                return f.read(min(size, limit))
        except OSError:
            return None

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)

    def rename(self, old, new):
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False


class NvmFiles:
    """The same files in a byte array that survives resets: CircuitPython's
    microcontroller.nvm (4 KB on an RP2040), which code can always write
    (CIRCUITPY is read-only to code unless boot.py remounts it).

    Each name (NAME and NAME.tmp of every file given) has a fixed region: a
    2-byte length, then its bytes.  A write puts the bytes first and the
    length last, so a cut write leaves a length whose bytes fail the
    container's checksum; a rename copies the .tmp region the same way and
    then empties it.  Storage's rules do the rest: a whole .tmp is promoted
    at boot, a broken one dropped.  There is no room to set a bad file aside
    (the next save replaces it) and none for the result log (holds()).
    Erased nvm (0xFF) reads as no files."""

    def __init__(self, nvm, sizes=((GAME, 1216), (STATS, 448), (SETTINGS, 32))):
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
        return None if n > size else (at + 2, n)

    def read(self, name, limit):
        found = self._length(name)
        if found is None:
            return None
        at, n = found
        return bytes(self.nvm[at:at + min(n, limit)])

    def write(self, name, data):
        region = self.regions.get(name)
        if region is None:
            raise OSError(2)  # no such place here
        at, size = region
        if len(data) > size:
            raise OSError(28)  # no room
        self.nvm[at + 2:at + 2 + len(data)] = data
        self.nvm[at:at + 2] = bytes((len(data) >> 8, len(data) & 0xFF))

    def rename(self, old, new):
        data = self.read(old, 1 << 16)
        if data is None or new not in self.regions:
            raise OSError(2)
        self.write(new, data)
        self.remove(old)

    def remove(self, name):
        region = self.regions.get(name)
        if region is not None:
            self.nvm[region[0]:region[0] + 2] = b"\xff\xff"

    def exists(self, name):
        return self._length(name) is not None


class Storage:
    def __init__(self, files=None):
        self.files = files or FlashFiles()
        self.notes = []  # one line each, for the player, about files set aside
        self.writes = 0

    def load(self, name, decode):
        """Read NAME with decode(data) -> None or an error message.  Returns
        True when something was loaded."""
        tmp = self.files.read(name + ".tmp", MAX_BYTES + 1)
        if tmp is not None:
            if len(tmp) <= MAX_BYTES and decode(tmp) is None:
                # a finished save whose rename was cut off: it is the newest
                try:
                    self.files.remove(name)
                    self.files.rename(name + ".tmp", name)
                except OSError as error:  # the .tmp stays: a later boot tries again
                    self.notes.append("%s: could not finish the last save (error %s)"
                                      % (_label(name), error))
                return True
            self.files.remove(name + ".tmp")  # an unfinished write
        data = self.files.read(name, MAX_BYTES + 1)
        if data is None:
            if self.files.exists(name):  # there, but not a file we can read
                self.set_aside(name, "it cannot be read")
            return False
        problem = "larger than any save" if len(data) > MAX_BYTES else decode(data)
        if problem is None:
            return True
        self.set_aside(name, problem)
        return False

    def set_aside(self, name, problem):
        for i in range(1, 10):
            bad = "%s.bad%d" % (name, i)
            if not self.files.exists(bad) or i == 9:
                break
        label = _label(name)
        try:
            self.files.remove(bad)
            self.files.rename(name, bad)
        except OSError as error:  # a full flash: it stays, the next save replaces it
            self.notes.append("%s: %s; could not set it aside (error %s)"
                              % (label, problem, error))
            return
        self.notes.append("%s: %s; set aside as %s" % (label, problem, bad))

    def save(self, name, data):
        """Write NAME safely.  Returns None, or why it could not (the old
        file is then still there)."""
        try:
            self.files.write(name + ".tmp", data)
            try:
                self.files.rename(name + ".tmp", name)
            except OSError:  # a filesystem that will not rename over a file:
                # the old one moves aside (not deleted) until the new one is in place
                self.files.rename(name, name + ".old")
                self.files.rename(name + ".tmp", name)
                self.files.remove(name + ".old")
        except OSError as error:
            if self.files.exists(name):  # else the .tmp is the newest save: a boot takes it
                self.files.remove(name + ".tmp")
            return "could not save the %s (error %s)" % (_label(name), error)
        self.writes += 1
        return None
