"""What happens once, at boot: Storage's rules for reading a file back
(storage.py's docstring), and the keeper's loading and reconciling of the
game, the statistics and the settings (keeper.py's).  A module of its own,
loaded for the boot and let go of after it (Keeper.boot), so that none of
this code takes room while the game is played: the heap a small board
(an ESP32's) has left for the solver's tables.
"""

import gc

from freecell.game import PLAYING
from freecell.container import unwrap, version_of
from freecell.savefile import game_bytes

from . import let_go
from .records_format import SETTINGS_BYTES, STATS_BYTES
from .storage import GAME, SETTINGS, STATS, label

RESULT_SLOTS = 8  # results.SLOTS: result0.sav .. result7.sav
_NO_ROOM = MemoryError  # a marker: read() or decode() found no room on the heap


# -- Storage's side: reading a file back -------------------------------------

def load(storage, name, decode, limit):
    """Read NAME with decode(data) -> None or an error message; a file
    over `limit` bytes is no save of this kind.  Returns True when
    something was loaded."""
    tmp = _read(storage, name + ".tmp", limit)
    if tmp is _NO_ROOM:
        return _unread(storage, name)
    if tmp is not None:
        problem = tmp if isinstance(tmp, str) else _decode(decode, tmp)
        tmp = None
        if problem is _NO_ROOM:
            return _unread(storage, name)
        if problem is None:
            # a finished save whose rename was cut off: it is the newest
            try:
                storage.files.remove(name)
                storage.files.rename(name + ".tmp", name)
            except OSError as error:  # the .tmp stays: a later boot tries again
                storage.notes.append("%s: could not finish the last save (error %s)"
                                  % (label(name), error))
            return True
        storage.files.remove(name + ".tmp")  # an unfinished write
    data = _read(storage, name, limit)
    if data is None:
        return False
    if data is _NO_ROOM:
        return _unread(storage, name)
    problem = data if isinstance(data, str) else _decode(decode, data)
    data = None
    if problem is None:
        return True
    if problem is _NO_ROOM:
        return _unread(storage, name)
    set_aside(storage, name, problem)
    return False


def _read(storage, name, limit):
    """The file's bytes; None when it is not there; a str when it is no
    save (too large, not a file: never read); _NO_ROOM when the heap
    has no room for it."""
    size = storage.files.size(name)
    if size is None:
        return None
    if size < 0:  # there, but not a file (drivers/flash_files.py's UNREADABLE)
        return "it cannot be read"
    if size > limit:
        return "larger than any save"
    for attempt in range(2):
        try:
            data = storage.files.read(name, size)
            return "it cannot be read" if data is None else data
        except MemoryError:
            gc.collect()
    return _NO_ROOM

def _unread(storage, name):
    storage.unread.append(name)
    storage.notes.append("%s: not enough memory to load it; kept as it is" % label(name))
    return False


def set_aside(storage, name, problem):
    what = label(name)
    holds = getattr(storage.files, "holds", None)
    if holds is not None and not holds(name + ".bad1"):  # no room to keep it
        storage.files.remove(name)
        storage.notes.append("%s: %s; cleared (no room here to keep it)" % (what, problem))
        return
    for i in range(1, 10):
        bad = "%s.bad%d" % (name, i)
        if not storage.files.exists(bad) or i == 9:
            break
    try:
        storage.files.remove(bad)
        storage.files.rename(name, bad)
    except OSError as error:  # a full flash: it stays, the next save replaces it
        storage.notes.append("%s: %s; could not set it aside (error %s)"
                          % (what, problem, error))
        return
    storage.notes.append("%s: %s; set aside as %s" % (what, problem, bad))


def _decode(decode, data):
    """decode(data), once more after a collection if the heap ran out;
    _NO_ROOM if it ran out again."""
    for attempt in range(2):
        try:
            return decode(data)
        except MemoryError:
            gc.collect()
    return _NO_ROOM


# -- the keeper's side: loading everything, then making the counts agree ------

def _is_result(data):
    """A whole result file (its container sound, either version), or why not."""
    where = unwrap(data, b"R", 1 if version_of(data) == 1 else 2)  # the first, or results.VERSION
    return where if isinstance(where, str) else None


def boot(keeper, game):
    """Load everything; returns True when `game` holds a game to resume."""
    s = keeper.storage
    load(s, SETTINGS, keeper.settings.decode, SETTINGS_BYTES)
    load(s, STATS, keeper.stats.decode, STATS_BYTES)
    let_go("app", "records_load")  # its room, for the game's checks
    from freecell.loadgame import decode_game  # (let go of with this module after the boot)

    found = [0]

    def load_game(data):
        result = decode_game(data, game)
        if isinstance(result, str):
            return result
        found[0] = result
        return None

    loaded = load(s, GAME, load_game, game_bytes(game.history.capacity, game.log.capacity))
    _tidy_results(keeper, game.log.capacity)
    # the game's loaders go before the player's file is read
    load_game = decode_game = None  # noqa: F811
    for name in ("loadgame", "savefile_old", "replay", "results"):
        let_go("freecell", name)
    gc.collect()
    if not getattr(s.files, "holds", None):  # a board that keeps results: who signs them
        from .player import at_boot

        at_boot(s, load)
        let_go("app", "player")
    resumable = loaded and game.state == PLAYING
    # a game or statistics the heap had no room to load stay as they
    # are, on the flash and in the counts, for a boot with more room
    if not (GAME in s.unread or STATS in s.unread) \
            and _reconcile(keeper, game, loaded, resumable, found[0]):
        keeper.save_stats()
    if resumable and found[0] != keeper.stats.serial:  # the statistics renumbered it
        keeper.save_game(game)
    keeper.saved_moves = game.moves if resumable else -1
    keeper.saved_seconds = game.seconds
    return resumable


def _tidy_results(keeper, log):
    """Each result file checked as every save is (storage.load's rules): a
    write a cut interrupted, finished, takes its place, unfinished, goes;
    a damaged one (a flipped bit) is named and set aside, never shared or
    uploaded as if it were whole."""
    files = keeper.storage.files
    for i in range(RESULT_SLOTS):
        name = "result%d.sav" % i
        if files.exists(name) or files.exists(name + ".tmp"):
            from freecell.results import most_bytes

            load(keeper.storage, name, _is_result, most_bytes(log))


def _reconcile(keeper, game, loaded, resumable, serial):
    st = keeper.stats
    if resumable:
        if st.in_progress and st.serial == serial:
            if st.variant_id == game.variant.id:
                return False
            from .mend import move_in_progress  # (rare: loaded only for it)

            move_in_progress(st, game.variant.id)  # counted before games were apart
            return True
        if st.in_progress:  # another game was under way and is gone
            from .mend import lose

            lose(st)
        # counted as the latest game the statistics know: its own serial
        # may be higher than the games they count (statistics reset)
        st.start(game.variant.id)
        return True
    if not st.in_progress:
        return False
    from .mend import lose, move_in_progress

    if loaded and serial == st.serial:  # it ended; the stats missed it
        move_in_progress(st, game.variant.id)
        keeper.save_result(game, serial, st.daily, st.tour_round() if st.tournament else 0)
        st.finish(game)
    else:
        lose(st)
    return True
