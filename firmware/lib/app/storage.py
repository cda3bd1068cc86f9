"""Saving to the board's flash without ever spoiling what was saved before.

A save writes NAME.tmp and renames it over NAME (LittleFS, which MicroPython
uses on the RP2040 and the ESP32, renames atomically); where the files say a
write is all or nothing (`atomic`: CircuitPython's nvm, drivers/nvm_files.py's
log), it writes NAME alone.  At boot:
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


GAME = "game.sav"
STATS = "stats.sav"
SETTINGS = "settings.sav"
PLAYER = "player.sav"  # app/player.py's: the player's name and the board's key
UPLOAD = "upload.txt"  # app/upload.py's: the Wi-Fi and the leaderboard (the player's)
SENT = "sent.sav"  # app/upload.py's: the result files the leaderboard confirmed
_LABELS = {GAME: "saved game", STATS: "statistics", SETTINGS: "settings", PLAYER: "player"}


def label(name):
    """A file's name for the player: the result log's files are one thing."""
    return _LABELS.get(name) or ("result log" if name.startswith("result") else name)


def nvm_sizes(history=360):
    """Each file's nvm region: the largest file its format can write, from
    the formats themselves (a game with `history` undo steps and no log; the
    statistics of every game there is), never less than the first release's
    1,216, 448 and 32 bytes, so that a board's saves stay where they were."""
    from freecell.savefile import game_bytes
    from .records_format import SETTINGS_BYTES, STATS_BYTES

    return ((GAME, max(1216, game_bytes(history, 0))), (STATS, max(448, STATS_BYTES)),
            (SETTINGS, max(32, SETTINGS_BYTES)))


def nvm_files(nvm):
    """The saves in `nvm` (a byte array that survives resets), each file in
    a region nvm_sizes() long."""
    from drivers.nvm_files import NvmFiles

    return NvmFiles(nvm, nvm_sizes())


def board_files(board):
    """Where a board's saves go (its module's names, boards/__init__.py):
    its `files`; else its `nvm`; else (None) the flash's root."""
    files = getattr(board, "files", None)
    if files is None and getattr(board, "nvm", None) is not None:
        files = nvm_files(board.nvm)
    return files


class Storage:
    def __init__(self, files=None):
        if files is None:
            from drivers.flash_files import FlashFiles

            files = FlashFiles()
        self.files = files
        self.notes = []  # one line each, for the player, about files set aside
        self.unread = []  # names kept unread: the heap had no room for them
        self.writes = 0

    def save(self, name, data):
        """Write NAME safely.  Returns None, or why it could not (the old
        file is then still there); a MemoryError (the heap had no room for
        the file's buffers) is raised, the old file still there."""
        parts = data if isinstance(data, list) else (data,)  # (savefile.game_parts' pieces)
        if getattr(self.files, "atomic", False):  # a write all or nothing (nvm's log): no .tmp
            try:
                self.files.write(name, parts)
            except OSError as error:
                return "could not save the %s (error %s)" % (label(name), error)
            self.writes += 1
            return None
        try:
            self.files.write(name + ".tmp", parts)
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
