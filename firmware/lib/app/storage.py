"""Saving to the board's flash without ever spoiling what was saved before.

A save writes NAME.tmp and renames it over NAME (LittleFS, which MicroPython
uses on the RP2040 and the ESP32, renames atomically).  At boot:
  - a NAME.tmp that reads as a whole, valid file is a save whose rename was
    cut off: it is newer than NAME, so it takes NAME's place;
  - a NAME.tmp that does not is an unfinished write: removed (NAME, the last
    finished save, is untouched);
  - a NAME that is cut short, fails its checksum, has a foreign version, is
    garbage, is larger than any save of its kind (the caller's `limit`: its
    size is asked first, and such a file is never read into memory) or cannot
    be read at all (a directory of that name) is set aside as NAME.bad1
    (.bad2 ... .bad9, the last reused), never deleted, and `notes` gets one
    line for the player; where the files have no room to set a file aside
    (CircuitPython's nvm), the damaged file is cleared instead, so that it
    is reported once, not at every boot;
  - a file that the heap has no room to read or check (after a collection)
    is kept as it is, with a note: never set aside for the board's lack of
    memory (`unread` names it);
  - a flash that refuses a rename (full) leaves the file where it is, with
    a note: the game starts anyway, and the next save replaces the file only
    once the new one is written.
(Those rules are boot's work: restore.py's load(), loaded for the boot and
let go of after, so their code takes no room during play.)
The game, the statistics and the settings are separate files.  Files go
through a tiny interface (size, read, write of a list of buffers, rename,
remove, exists) so that a test can cut a write at any byte.  A save that
runs out of memory, or a write the flash refuses, leaves the last save in
place and says why.
"""

import os

from freecell.savefile import join

GAME = "game.sav"
STATS = "stats.sav"
SETTINGS = "settings.sav"
_LABELS = {GAME: "saved game", STATS: "statistics", SETTINGS: "settings"}
UNREADABLE = -1  # size(): there, but not a file (a directory, a device)


def label(name):
    """A file's name for the player: the result log's files are one thing."""
    return _LABELS.get(name) or ("result log" if name.startswith("result") else name)


class FlashFiles:
    """The board's own filesystem: the files in its root, or in `folder`
    (an absolute path, made with its parents when missing: the Thumby keeps
    each game's saves in /Saves/NAME)."""

    def __init__(self, folder=""):
        self.folder = folder
        at = 0
        while folder:
            at = folder.find("/", at + 1)
            try:
                os.mkdir(folder if at < 0 else folder[:at])
            except OSError:  # there already (or a read-only flash: a save says so)
                pass
            if at < 0:
                break

    def path(self, name):
        return self.folder + "/" + name if self.folder else name

    def size(self, name):
        """The file's size in bytes; None when there is no such file,
        UNREADABLE when the name is something else (a directory)."""
        try:
            st = os.stat(self.path(name))
        except OSError:
            return None
        # S_IFREG: not a directory, a FIFO or a device
        return st[6] if st[0] & 0xF000 == 0x8000 else UNREADABLE

    def read(self, name, limit):
        """At most limit bytes of the file (the caller asked its size), or
        None when it cannot be read."""
        try:
            with open(self.path(name), "rb") as f:
                return f.read(limit)
        except OSError:
            return None

    def write(self, name, parts):
        """The buffers in `parts`, one after another, as the file."""
        with open(self.path(name), "wb") as f:
            for part in parts:
                f.write(part)

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


def nvm_sizes(history=360):
    """Each file's nvm region: the largest file its format can write, from
    the formats themselves (a game with `history` undo steps and no log; the
    statistics of every game there is), never less than the first release's
    1,216, 448 and 32 bytes, so that a board's saves stay where they were."""
    from freecell.savefile import game_bytes
    from .records import SETTINGS_BYTES, STATS_BYTES

    return ((GAME, max(1216, game_bytes(history, 0))), (STATS, max(448, STATS_BYTES)),
            (SETTINGS, max(32, SETTINGS_BYTES)))


class NvmFiles:
    """The same files in a byte array that survives resets: CircuitPython's
    microcontroller.nvm (4 KB on an RP2040), which code can always write
    (CIRCUITPY is read-only to code unless boot.py remounts it).

    Each name (NAME and NAME.tmp of every file given) has a fixed region
    (nvm_sizes(): a statistics file grown by a seventh game grows its region,
    which moves the settings' along; the game's and the statistics' stay):
    a 2-byte length, then its bytes.  A write puts the bytes first and the
    length last, so a cut write leaves a length whose bytes fail the
    container's checksum; a rename copies the .tmp region the same way and
    then empties it.  Storage's rules do the rest: a whole .tmp is promoted
    at boot, a broken one dropped.  There is no room to set a bad file aside
    (the next save replaces it) and none for the result log (holds()).
    Erased nvm (0xFF) reads as no files."""

    def __init__(self, nvm, sizes=None):
        self.nvm = nvm
        sizes = sizes or nvm_sizes()
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


class Storage:
    def __init__(self, files=None):
        self.files = files or FlashFiles()
        self.notes = []  # one line each, for the player, about files set aside
        self.unread = []  # names kept unread: the heap had no room for them
        self.writes = 0

    def save(self, name, data):
        """Write NAME safely.  Returns None, or why it could not (the old
        file is then still there); a MemoryError (the heap had no room for
        the file's buffers) is raised, the old file still there."""
        try:
            # a file as one buffer, or as pieces (savefile.game_parts)
            self.files.write(name + ".tmp", data if isinstance(data, list) else (data,))
            try:
                self.files.rename(name + ".tmp", name)
            except OSError:  # a filesystem that will not rename over a file:
                # the old one moves aside (not deleted) until the new one is in place
                self.files.rename(name, name + ".old")
                self.files.rename(name + ".tmp", name)
                self.files.remove(name + ".old")
        except (OSError, MemoryError) as error:
            if self.files.exists(name):  # else the .tmp is the newest save: a boot takes it
                self.files.remove(name + ".tmp")
            if isinstance(error, MemoryError):  # the caller may make room and try again
                raise
            return "could not save the %s (error %s)" % (label(name), error)
        self.writes += 1
        return None
