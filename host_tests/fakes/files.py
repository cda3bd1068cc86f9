"""Files in memory with a power cut that can strike at any byte of a write,
or between a write and its rename.  Runs on CPython and MicroPython."""


class PowerCut(Exception):
    """The power went: not an OSError, so nothing in the firmware catches it."""


class FakeFiles:
    def __init__(self):
        self.files = {}
        self.cut_after = -1  # bytes still to be written before the power goes
        self.cut_at_rename = False
        self.unreadable = set()  # names there that open() refuses (directories)
        self.renames_fail = False  # a full flash: every rename raises
        self.largest_read = 0  # the most bytes a read() asked for

    def size(self, name):
        if name in self.unreadable:
            return -1  # storage.UNREADABLE: a directory
        data = self.files.get(name)
        return None if data is None else len(data)

    def read(self, name, limit):
        self.largest_read = max(self.largest_read, limit)
        if name in self.unreadable:
            return None
        data = self.files.get(name)
        return None if data is None else bytes(data[:limit])

    def write(self, name, parts):
        data = b"".join(bytes(part) for part in parts)
        if 0 <= self.cut_after < len(data):
            self.files[name] = bytes(data[: self.cut_after])
            self.cut_after = -1
            raise PowerCut()
        if self.cut_after >= 0:
            self.cut_after -= len(data)
        self.files[name] = bytes(data)

    def rename(self, old, new):
        if self.cut_at_rename:
            self.cut_at_rename = False
            raise PowerCut()
        if self.renames_fail:
            raise OSError(28)  # ENOSPC
        if old in self.unreadable:  # a directory moves like a file
            self.unreadable.discard(old)
            self.unreadable.add(new)
            return
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        if name in self.files:
            del self.files[name]

    def exists(self, name):
        return name in self.files or name in self.unreadable

    def copy(self):
        other = FakeFiles()
        other.files = dict(self.files)
        return other
