"""Who plays on this board: a name (set in the settings, shown on the
leaderboard) and the board's own key, made at its first boot, which signs
every result (freecell/results.py: HMAC-SHA256).  The key never leaves the
board but through tools/saves.py pull, for tools/fc.py submit to hand to the
leaderboard once: it learns a name's key with that name's first upload and
refuses later ones signed otherwise (so a lost key is a new name, not a
takeover).

Its file, player.sav, is freecell.container's, kind b"P", version 1:
    0   1   the name's length (N, 1 to NAME_LEN)
    1   N   the name: A-Z, 0-9, spaces (NAME_LETTERS)
    1+N 16  the key
Loaded when needed (a result to sign, the name's editor, the boot that makes
it), never kept: its code takes no room while the game is played.
"""

from freecell.compat import const
from freecell.container import HEADER, TRAILER, unwrap, wrap

from .storage import PLAYER

NAME_LEN = const(12)  # results.NAME_LEN (a copy: results.py's code is not loaded at boot for it)

KIND = b"P"
VERSION = 1
KEY_BYTES = 16  # results.KEY_BYTES (a test holds them equal)
# results.NAME_LETTERS (a test holds them equal)
NAME_LETTERS = b" ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
MOST_BYTES = HEADER + TRAILER + 1 + NAME_LEN + KEY_BYTES  # the container, and the payload


def encode(name, key):
    buf = bytearray(1 + len(name) + KEY_BYTES)
    buf[0] = len(name)
    buf[1:1 + len(name)] = name
    buf[1 + len(name):] = key
    return wrap(KIND, VERSION, buf, len(buf))


def decode(data):
    """(name, key) from a player file, or why it is not one (a str)."""
    where = unwrap(data, KIND, VERSION)
    if isinstance(where, str):
        return where
    at, n = where
    size = data[at] if n else 0
    if not 1 <= size <= NAME_LEN or n != 1 + size + KEY_BYTES:
        return "the player record has the wrong size"
    name = bytes(data[at + 1:at + 1 + size])
    if [c for c in name if c not in NAME_LETTERS] or not name.strip():
        return "the player's name holds something that is not a letter"
    return name, bytes(data[at + 1 + size:at + n])


def new_player():
    """A name and a key for a board that has none: the key from the
    board's random source, the name made from it ("FC" and six hex digits:
    two boards' first names differ), for the player to change."""
    from os import urandom

    key = bytes(urandom(KEY_BYTES))
    return b"FC%02X%02X%02X" % (key[0], key[1], key[2]), key


def at_boot(storage, checked_load):
    """The boot's part (restore.py's, which hands its load(): a cut write's
    .tmp promoted or removed, a damaged file set aside, as for every saved
    file), then the player made at a board's first boot."""
    checked_load(storage, PLAYER, _problem, MOST_BYTES)
    load(storage)


def _problem(data):
    found = decode(data)
    return found if isinstance(found, str) else None


def load(storage):
    """(name, key) from the board's files, made and saved when there is
    none yet (a board's first boot); None where the files cannot keep one
    (CircuitPython's nvm, which keeps no result log either)."""
    files = storage.files
    holds = getattr(files, "holds", None)
    if holds is not None and not holds(PLAYER):
        return None
    size = files.size(PLAYER) if files.exists(PLAYER) else 0
    if 0 < size <= MOST_BYTES:
        found = decode(files.read(PLAYER, size))
        if not isinstance(found, str):
            return found
    # none (the boot set a damaged one aside as player.sav.bad1): a new key
    name, key = new_player()
    storage.save(PLAYER, encode(name, key))
    return name, key


def rename(storage, name):
    """Keep `name` (bytes: the editor's text) with this board's key, tidied
    as the leaderboard takes names (results.tidy_name); None or why not."""
    from freecell.results import tidy_name

    name = tidy_name(name)
    found = load(storage)
    if found is None:
        return "this board keeps no results"
    return storage.save(PLAYER, encode(name, found[1]))


def save_result(keeper, game, serial, daily, round_):
    """Write the finished game's result file, signed by this board's
    player (keeper.save_result's work, here where its code is loaded for it
    and let go of after); None or why it could not."""
    from freecell.results import encode, file_name, tidy_name

    name, key = load(keeper.storage) or (b"", b"")
    name = tidy_name(name)  # (as a version before kept it: "ALI  CE" is "ALI CE")
    st = keeper.stats
    day = st.dealt - 1  # the day it was dealt, kept with the statistics
    if day < 0:  # not known (statistics saved by a version before they kept it):
        from .records import LAST_DAILY  # a daily deal's is its game's last daily

        day = max(0, st.of(game.variant.id, LAST_DAILY) - 1) if daily else 0
    return keeper.storage.save(file_name(serial), encode(game, serial, daily, round_, name, key,
                                                          day))
