"""The saves in CircuitPython's nvm, with flash_files.py's interface: a log
in its one flash sector.

Why a log: on an RP2040, CircuitPython's microcontroller.nvm is one 4 KB
flash sector (which code can always write; CIRCUITPY is read-only to code
while USB may write it).  An assignment to nvm bytes that are all erased
(0xFF) only programs them, page by page; any other assignment copies the
sector to RAM, erases it and programs it back (the port's
common-hal/nvm/ByteArray.c).  Fixed regions rewritten in place cost an erase
a write, and a power cut inside it could leave the sector blank: every file
gone at once.  So files are appended where the sector is erased:

    0  4  MAGIC: b"FCN" and this layout's version
    then records, until an erased byte: a marker (RECORD), the file's index
          in `names`, a 2-byte length n (0: the file removed), n bytes (the
          file: a container, freecell/container.py, with its checksum)

A file is its name's last record, but one a cut left unfinished (unsound,
its last byte still erased: a record is programmed in order), which is
passed over: the one before it is the file.  So a write appends (programs only: no erase) and a
cut loses at most the file being written; writes are atomic (`atomic`:
app/storage.py writes no NAME.tmp here).  When a record does not fit in the
erased space left, the sector is compacted: each file's last record (the
new one for the file being written) laid out anew from the start, written
in one assignment: one erase.  A cut inside that erase and program (about
60 ms) is the one that can lose nvm's files: it comes once every several
saves (docs/CIRCUITPYTHON.md measures how often, and the wear).  There is
no room to set a bad file aside (the next save replaces it) and none for
the result log (holds()).

Erased nvm reads as no files.  An nvm written by the version before this
layout (a fixed region a file, `sizes`, each a 2-byte length then the
bytes, and a NAME.tmp region after each) is read as it was until the first
write lays it out as a log.
"""

from freecell.container import sound

MAGIC = b"FCN\x01"
RECORD = 0x52  # "R"
_HEAD = 4  # a record's marker, index and length


class NvmFiles:
    atomic = True  # a write is all or nothing (app/storage.py writes no .tmp)
    # the game saved at most once a minute while it is played (app/keeper.py;
    # 30 s on a board's flash files): a cut loses at most a minute of moves,
    # and the sector's erases stay years apart (docs/CIRCUITPYTHON.md)
    autosave_ms = 60000

    def __init__(self, nvm, sizes):
        """nvm: the byte array (microcontroller.nvm); sizes: (NAME, the
        largest file of that name) for each file it keeps, in a fixed order
        (app/storage.py's nvm_sizes(): the records' indexes, and the regions
        of the layout before this one)."""
        self.nvm = nvm
        self.names = [name for name, _ in sizes]
        self.files = {}  # name -> (offset of its bytes, length): the last sound record
        self.end = len(nvm)  # where the erased space starts (len(nvm): none left)
        self.erases = 0  # assignments that erased the sector (compactions)
        need = len(MAGIC) + sum(_HEAD + size for _, size in sizes)
        if need > len(nvm):
            raise ValueError("the nvm holds %d bytes; the saves need %d" % (len(nvm), need))
        self.old = None  # the files of the layout before this one, until the first write
        head = bytes(nvm[0:len(MAGIC)])
        if head == MAGIC:
            self._scan()
        elif head == b"\xff" * len(MAGIC):
            self.end = 0  # erased: no files, all room
        else:
            self.old = _old_files(nvm, sizes)

    def _scan(self):
        """Index the log: each name's last sound record, and where the
        erased space starts (none after a header a cut spoiled)."""
        nvm = self.nvm
        at = len(MAGIC)
        while at + _HEAD <= len(nvm):
            marker = nvm[at]
            if marker == 0xFF:
                self.end = at
                break
            n = nvm[at + 2] << 8 | nvm[at + 3]
            if marker != RECORD or nvm[at + 1] >= len(self.names) or at + _HEAD + n > len(nvm):
                break  # a record's head cut short: no room after it until a compaction
            name = self.names[nvm[at + 1]]
            if n == 0:
                self.files.pop(name, None)
            else:
                data = bytes(nvm[at + _HEAD:at + _HEAD + n])
                # a record a cut left unfinished ends in erased bytes (it
                # is programmed in order, its checksum last): passed over,
                # the file before it stays; one damaged since is the file,
                # which the loader names (and clears), never a silent step
                # back (but where its last byte happens to read 0xFF)
                if sound(data) or data[-1] != 0xFF:
                    self.files[name] = (at + _HEAD, n)
            at += _HEAD + n

    # -- flash_files.py's interface -----------------------------------------

    def holds(self, name):
        return name in self.names

    def size(self, name):
        data = self.old.get(name) if self.old is not None else None
        if self.old is not None:
            return None if data is None else len(data)
        found = self.files.get(name)
        return None if found is None else found[1]

    def read(self, name, limit):
        if self.old is not None:
            data = self.old.get(name)
            return None if data is None else data[:limit]
        found = self.files.get(name)
        if found is None:
            return None
        at, n = found
        return bytes(self.nvm[at:at + min(n, limit)])

    def exists(self, name):
        return self.size(name) is not None

    def write(self, name, parts):
        """Append NAME's new bytes (the pieces joined) as a record; where
        they do not fit, compact (one erase)."""
        if name not in self.names:
            raise OSError(2)  # no such place here
        data = bytearray()
        for part in parts:
            data += part
        self._put(name, data)

    def remove(self, name):
        if name in self.names and self.exists(name):
            self._put(name, b"")

    def rename(self, old, new):
        raise OSError(2)  # (writes are atomic: Storage renames nothing here)

    # -- appending and compacting -------------------------------------------

    def _put(self, name, data):
        index = self.names.index(name)
        record = bytearray(_HEAD + len(data))
        record[0] = RECORD
        record[1] = index
        record[2] = len(data) >> 8
        record[3] = len(data) & 0xFF
        record[_HEAD:] = data
        at = self.end
        if self.old is None and at == 0:  # erased nvm: the log starts
            record = MAGIC + record
        if self.old is not None or at + len(record) > len(self.nvm):
            self._compact(name, data)
            return
        self.nvm[at:at + len(record)] = record  # erased bytes: programmed, no erase
        self.end = at + len(record)
        start = at + len(record) - len(data)
        if data:
            self.files[name] = (start, len(data))
        else:
            self.files.pop(name, None)

    def _compact(self, name, data):
        """Every file's last bytes (`data` for NAME) laid out from the start,
        in one assignment of the whole sector: one erase."""
        image = bytearray(b"\xff" * len(self.nvm))
        image[0:len(MAGIC)] = MAGIC
        at = len(MAGIC)
        files = {}
        for i in range(len(self.names)):
            each = self.names[i]
            body = data if each == name else self.read(each, 1 << 16)
            if not body:
                continue
            if at + _HEAD + len(body) > len(image):
                raise OSError(28)  # no room, even laid out anew
            image[at] = RECORD
            image[at + 1] = i
            image[at + 2] = len(body) >> 8
            image[at + 3] = len(body) & 0xFF
            image[at + _HEAD:at + _HEAD + len(body)] = body
            files[each] = (at + _HEAD, len(body))
            at += _HEAD + len(body)
        self.nvm[0:len(image)] = image
        self.erases += 1
        self.old = None
        self.files = files
        self.end = at


def _old_files(nvm, sizes):
    """The files of the layout before the log: a region a name and one a
    NAME.tmp after it, each a 2-byte length then the bytes; a whole .tmp
    was a save whose rename a cut stopped (the newer)."""
    found = {}
    at = 0
    for name, size in sizes:
        for each in (name + ".tmp", name):
            start = at if each == name else at + 2 + size
            n = nvm[start] << 8 | nvm[start + 1]
            if 0 < n <= size and name not in found:
                data = bytes(nvm[start + 2:start + 2 + n])
                if sound(data) or each == name:
                    found[name] = data
        at += 2 * (2 + size)
    return found
