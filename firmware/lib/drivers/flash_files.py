"""The saves as files on the board's own filesystem (LittleFS on the RP2040
and the ESP32).

Every place the saves can go has the same tiny interface, which app/storage.py
relies on (and a test's fake files too, so that it can cut a write at any
byte): size(name) (bytes; None: no such file; negative, UNREADABLE: there,
but not a file), read(name, limit), write(name, parts) (a list of buffers,
one after another), rename(old, new), remove(name), exists(name).  Here:
FlashFiles; CircuitPython's nvm: nvm_files.py.
"""

import os

UNREADABLE = -1  # size(): there, but not a file (a directory, a device)


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
