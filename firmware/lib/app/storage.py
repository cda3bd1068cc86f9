"""Saving to the board's flash without ever spoiling what was saved before.

A save writes NAME.tmp and renames it over NAME (LittleFS, which MicroPython
uses on the RP2040 and the ESP32, renames atomically).  At boot:
  - a NAME.tmp that reads as a whole, valid file is a save whose rename was
    cut off: it is newer than NAME, so it takes NAME's place;
  - a NAME.tmp that does not is an unfinished write: removed (NAME, the last
    finished save, is untouched);
  - a NAME that is cut short, fails its checksum, has a foreign version or is
    garbage is set aside as NAME.bad1 (.bad2 ... .bad9, the last reused),
    never deleted, and `notes` gets one line for the player.
The game, the statistics and the settings are separate files.  Files go
through a tiny interface (read, write, rename, remove, exists) so that a test
can cut a write at any byte.
"""

import os

GAME = "game.sav"
STATS = "stats.sav"
SETTINGS = "settings.sav"
_LABELS = {GAME: "saved game", STATS: "statistics", SETTINGS: "settings"}


class FlashFiles:
    """The board's own filesystem."""

    def __init__(self, folder=""):
        self.folder = folder

    def path(self, name):
        return self.folder + "/" + name if self.folder else name

    def read(self, name):
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
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


class Storage:
    def __init__(self, files=None):
        self.files = files or FlashFiles()
        self.notes = []  # one line each, for the player, about files set aside
        self.writes = 0

    def load(self, name, decode):
        """Read NAME with decode(data) -> None or an error message.  Returns
        True when something was loaded."""
        tmp = self.files.read(name + ".tmp")
        if tmp is not None:
            if decode(tmp) is None:  # a finished save whose rename was cut off
                self.files.remove(name)
                self.files.rename(name + ".tmp", name)
                return True
            self.files.remove(name + ".tmp")  # an unfinished write
        data = self.files.read(name)
        if data is None:
            return False
        problem = decode(data)
        if problem is None:
            return True
        self.set_aside(name, problem)
        return False

    def set_aside(self, name, problem):
        for i in range(1, 10):
            bad = "%s.bad%d" % (name, i)
            if not self.files.exists(bad) or i == 9:
                break
        self.files.remove(bad)
        self.files.rename(name, bad)
        self.notes.append("%s: %s; set aside as %s" % (_LABELS.get(name, name), problem, bad))

    def save(self, name, data):
        """Write NAME safely.  Returns None, or why it could not (the old
        file is then still there)."""
        try:
            self.files.write(name + ".tmp", data)
            try:
                self.files.rename(name + ".tmp", name)
            except OSError:  # a filesystem that will not rename over a file
                self.files.remove(name)
                self.files.rename(name + ".tmp", name)
        except OSError as error:
            self.files.remove(name + ".tmp")
            return "could not save the %s (error %s)" % (_LABELS.get(name, name), error)
        self.writes += 1
        return None
