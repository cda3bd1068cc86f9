"""Saving in nvm (CircuitPython: drivers/nvm_files.py's NvmFiles, a log in
its one flash sector), with the nvm written as the port's C code writes it
(fakes/nvm.py: an assignment to erased bytes programs them, any other
erases the sector and programs it back): a save cut at any step of an
append leaves the old game or the new one, a save erases at most once, and
the whole app keeps playing, resuming and counting across cuts."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import PowerCut  # noqa: E402
from nvm import FakeNvm  # noqa: E402

from app.records_format import SETTINGS_BYTES, STATS_BYTES  # noqa: E402
from app.storage import GAME, SETTINGS, STATS, Storage, nvm_files  # noqa: E402
from freecell import notation, savefile  # noqa: E402
from freecell.game import Game  # noqa: E402
from keyplan import Driver  # noqa: E402
from test_persistence import game_after, loads  # noqa: E402


def test_an_erased_nvm_holds_no_files_and_the_game_starts_fresh():
    d = Driver(storage=Storage(nvm_files(FakeNvm())))
    assert d.app.notice is None and not d.app.in_progress


def saved_at(base, data, cut):
    """base's nvm with a game save of `data` cut after `cut` steps (bytes
    erased or programmed: fakes/nvm.py): what a boot then reads."""
    nvm = base.copy()
    nvm.cut_after = cut
    try:
        Storage(nvm_files(nvm)).save(GAME, data)
    except PowerCut:
        pass
    return loads(nvm_files(nvm))[0], nvm


def test_a_save_cut_at_any_step_leaves_the_old_game_or_the_new_one():
    """A save appends a record where the sector is erased: programmed in
    place, no erase; a cut at any of its steps leaves the game before it
    (its record untouched) or the new one."""
    old, new = game_after(10), game_after(11)
    base = FakeNvm()
    Storage(nvm_files(base)).save(GAME, savefile.encode_game(old, 1))
    new_data = savefile.encode_game(new, 1)
    old_text, new_text = notation.position_text(old), notation.position_text(new)
    erases = base.erases
    seen = set()
    for cut in range(len(new_data) + 5):  # the record's head and bytes, one step each
        text, nvm = saved_at(base, new_data, cut)
        assert text in (old_text, new_text), cut
        assert nvm.erases == erases, cut  # no erase: programmed in place
        seen.add(text)
    assert seen == {old_text, new_text}


def test_a_save_that_compacts_erases_once_and_keeps_every_other_file():
    """Where the record does not fit, the sector is laid out anew in one
    assignment: one erase.  Uncut, every file is there after it; a cut in
    it is the one case that can lose them (drivers/nvm_files.py says so)."""
    base = FakeNvm()
    files = nvm_files(base)
    storage = Storage(files)
    storage.save(SETTINGS, b"FCO\x03" + bytes(12))
    texts = []
    for n in range(10, 40):  # game saves until the sector is full, then one more
        data = savefile.encode_game(game_after(n), 1)
        before = base.erases
        assert storage.save(GAME, data) is None
        texts.append(notation.position_text(game_after(n)))
        assert base.erases - before <= 1  # one erase a save at most
        if base.erases > before:
            break
    else:
        raise AssertionError("the sector never filled")
    again = nvm_files(base)
    assert again.read(SETTINGS, 100) == b"FCO\x03" + bytes(12)
    assert loads(again)[0] == texts[-1]
    # most saves erase nothing: the records since the last compaction
    assert len(texts) >= 4


def test_the_files_fit_the_nvm_of_an_rp2040_with_room_for_the_largest_saves():
    files = nvm_files(FakeNvm(4096))
    g = Game(autoplay=False, log=0)
    g.deal(617)
    g.move(0, 10)
    while g.history.end - g.history.first < 360:
        assert g.move(10, 11) == 0 or g.move(11, 10) == 0
    data = savefile.encode_game(g, 1)
    assert Storage(files).save(GAME, data) is None
    # the largest file of each format, from the formats
    assert Storage(files).save(GAME, b"x" * savefile.game_bytes(360, 0)) is None
    assert Storage(files).save(STATS, b"x" * STATS_BYTES) is None
    assert Storage(files).save(SETTINGS, b"x" * SETTINGS_BYTES) is None
    assert not files.holds("result0.sav")
    with pytest.raises(ValueError):
        nvm_files(FakeNvm(1024))  # too small for the largest files: said at once


def test_a_seventh_game_grows_the_statistics_file_and_the_log_takes_it(monkeypatch):
    """The statistics file grows by a game's tallies with each game (437
    bytes with six, 488 with seven): nvm's log has no fixed region to
    outgrow, and the size a file may have follows the format."""
    from app import records_format as records
    from app.storage import nvm_sizes

    before = dict(nvm_sizes())
    monkeypatch.setattr(records, "STATS_BYTES", records.STATS_BYTES + records.TALLY)
    grown = dict(nvm_sizes())
    assert grown[STATS] == records.STATS_BYTES > before[STATS] and grown[GAME] == before[GAME]
    files = nvm_files(FakeNvm(4096))
    assert Storage(files).save(GAME, savefile.encode_game(game_after(10), 1)) is None
    assert Storage(files).save(STATS, b"x" * records.STATS_BYTES) is None
    assert loads(nvm_files(files.nvm))[0] == notation.position_text(game_after(10))


def test_the_app_saves_in_nvm_and_resumes_after_a_reset():
    nvm = FakeNvm()
    d = Driver(617, storage=Storage(nvm_files(nvm)))
    d.press("a", "a", "start")  # a move, then the menu: saved
    before = notation.position_text(d.game), d.game.moves
    again = Driver(storage=Storage(nvm_files(nvm)))
    again.press("a")  # RESUME
    assert (notation.position_text(again.game), again.game.moves) == before
    assert again.app.keeper.stats.consistent()
    # a finished game: counted; its result is not kept (no room), and no
    # notice says a save failed
    again.press("start").choose("give_up")
    assert again.app.keeper.problem is None and again.app.keeper.stats.of(0, 2) == 1


def test_a_damaged_save_in_nvm_is_named_once_and_replaced_by_the_next_save():
    nvm = FakeNvm()
    d = Driver(617, storage=Storage(nvm_files(nvm)))
    d.press("a", "a", "start")
    at = nvm_files(nvm).files[GAME][0]
    nvm.data[at + 30] ^= 0xFF  # a byte of the game flipped
    again = Driver(storage=Storage(nvm_files(nvm)))
    assert again.app.notice == ("saved game: the checksum does not match; cleared (no room here "
                                "to keep it)")
    # no room to keep it aside: it is cleared, so the next boot does not name it again
    assert Driver(storage=Storage(nvm_files(nvm))).app.notice is None
    again.app.new_game("5")  # the next save fills its place
    third = Driver(storage=Storage(nvm_files(nvm)))
    assert third.app.notice is None and third.app.in_progress


@pytest.mark.parametrize("name", [GAME, STATS, SETTINGS])
def test_a_damaged_region_is_reported_at_one_boot_only(name):
    """A damaged settings (or statistics, or game) region was
    reported at every boot ("could not set it aside") and never replaced
    until that file was saved again."""
    nvm = FakeNvm()
    d = Driver(617, storage=Storage(nvm_files(nvm)))
    d.press("a", "a", "start")
    d.app.keeper.save_settings()
    at = nvm_files(nvm).files[name][0]
    nvm.data[at + 5] ^= 0x5A
    notes = [Driver(storage=Storage(nvm_files(nvm))).app.keeper.storage.notes for _ in range(3)]
    assert len(notes[0]) == 1 and notes[0][0].endswith("cleared (no room here to keep it)")
    assert notes[1] == [] and notes[2] == []


def test_an_all_zero_nvm_is_a_blank_board():
    """Nvm that reads all zeros (zeroed, not erased) was three
    damaged files at every boot; no save is empty, so it holds none."""
    nvm = FakeNvm()
    nvm.data[:] = bytes(len(nvm.data))
    first = Driver(storage=Storage(nvm_files(nvm)))
    assert first.app.keeper.storage.notes == [] and first.app.notice is None
    first.app.new_game("5")
    again = Driver(storage=Storage(nvm_files(nvm)))
    assert again.app.notice is None and again.app.in_progress


def test_an_hour_of_brisk_play_wears_the_sector_for_more_than_5_years():
    """tools/bench_nvm.py's player (a move every 2 s, the solver's lines of
    deals played through the buttons, the menu now and then) for half an
    hour of emulated play: the sector's 100,000 erases last more than 5
    years at 2 hours a day, each save at most one erase.  Before (a fixed
    region a file, each save several assignments): 360-455 erases an hour,
    under a year.  The model is the port's C code (fakes/nvm.py), and the
    count deterministic."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
        __file__))), "tools"))
    import bench_nvm

    saves, erases = bench_nvm.play(0.5, bench_nvm.BRISK_MS)
    assert erases <= saves / 5, (saves, erases)
    years = bench_nvm.RATED_ERASES / (erases * bench_nvm.HOURS_A_DAY * 365)
    assert years > 5, (saves, erases, years)
