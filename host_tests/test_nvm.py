"""Saving in nvm (CircuitPython: drivers/nvm_files.py's NvmFiles) keeps the files'
promise: a save cut at any byte of any write leaves the old game or the new
one, and the whole app keeps playing, resuming and counting across cuts."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import PowerCut  # noqa: E402
from nvm import FakeNvm  # noqa: E402

from app.records_format import SETTINGS_BYTES, STATS_BYTES  # noqa: E402
from app.storage import GAME, SETTINGS, STATS, Storage, nvm_files  # noqa: E402
from drivers.nvm_files import NvmFiles  # noqa: E402
from freecell import notation, savefile  # noqa: E402
from freecell.game import Game  # noqa: E402
from keyplan import Driver  # noqa: E402
from test_persistence import game_after, loads  # noqa: E402


def test_an_erased_nvm_holds_no_files_and_the_game_starts_fresh():
    d = Driver(storage=Storage(nvm_files(FakeNvm())))
    assert d.app.notice is None and not d.app.in_progress


def test_a_save_cut_at_any_byte_leaves_the_old_game_or_the_new_one():
    old, new = game_after(10), game_after(11)
    base = FakeNvm()
    Storage(nvm_files(base)).save(GAME, savefile.encode_game(old, 1))
    new_data = savefile.encode_game(new, 1)
    old_text, new_text = notation.position_text(old), notation.position_text(new)
    # the writes of a save: the .tmp's bytes and length, the copy's bytes and
    # length, the .tmp emptied; a cut anywhere in them
    total = 2 * (len(new_data) + 2) + 2
    seen = set()
    for cut in range(total + 1):
        nvm = base.copy()
        nvm.cut_after = cut
        try:
            Storage(nvm_files(nvm)).save(GAME, new_data)
        except PowerCut:
            pass
        text, storage = loads(nvm_files(nvm))
        assert text in (old_text, new_text), cut
        seen.add(text)
        # once the .tmp was whole, the new game is what a boot finds
        if cut >= len(new_data) + 2:
            assert text == new_text, cut
        assert not nvm_files(nvm).exists(GAME + ".tmp"), cut  # the boot tidied it
    assert seen == {old_text, new_text}


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
        nvm_files(FakeNvm(2048))  # too small: said at once


def test_a_seventh_game_grows_the_statistics_region_and_keeps_the_games_place(monkeypatch):
    """The statistics file grows by a game's tallies with each game (433
    bytes with six, 484 with seven): the region follows the format, where a
    fixed 448 bytes refused the save of every statistics file from then on."""
    from app import records_format as records
    from app.storage import nvm_sizes

    before = dict(nvm_sizes())
    monkeypatch.setattr(records, "STATS_BYTES", records.STATS_BYTES + records.TALLY)
    grown = dict(nvm_sizes())
    assert grown[STATS] == records.STATS_BYTES > before[STATS] and grown[GAME] == before[GAME]
    files = nvm_files(FakeNvm(4096))
    assert Storage(files).save(STATS, b"x" * records.STATS_BYTES) is None
    assert files.regions[GAME] == NvmFiles(FakeNvm(4096), tuple(before.items())).regions[GAME]


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
    at = nvm_files(nvm).regions[GAME][0]
    nvm.data[at + 30] ^= 0xFF  # a byte of the game flipped
    again = Driver(storage=Storage(nvm_files(nvm)))
    assert again.app.notice == "saved game: the checksum does not match; cleared (no room here to keep it)"
    # no room to keep it aside: it is cleared, so the next boot does not name it again
    assert Driver(storage=Storage(nvm_files(nvm))).app.notice is None
    again.app.new_game("5")  # the next save fills its place
    third = Driver(storage=Storage(nvm_files(nvm)))
    assert third.app.notice is None and third.app.in_progress


@pytest.mark.parametrize("name", [GAME, STATS, SETTINGS])
def test_a_damaged_region_is_reported_at_one_boot_only(name):
    """Issue 22 (6): a damaged settings (or statistics, or game) region was
    reported at every boot ("could not set it aside") and never replaced
    until that file was saved again."""
    nvm = FakeNvm()
    d = Driver(617, storage=Storage(nvm_files(nvm)))
    d.press("a", "a", "start")
    d.app.keeper.save_settings()
    at = nvm_files(nvm).regions[name][0]
    nvm.data[at + 5] ^= 0x5A
    notes = [Driver(storage=Storage(nvm_files(nvm))).app.keeper.storage.notes for _ in range(3)]
    assert len(notes[0]) == 1 and notes[0][0].endswith("cleared (no room here to keep it)")
    assert notes[1] == [] and notes[2] == []


def test_an_all_zero_nvm_is_a_blank_board():
    """Issue 22 (6): nvm that reads all zeros (zeroed, not erased) was three
    damaged files at every boot; no save is empty, so it holds none."""
    nvm = FakeNvm()
    nvm.data[:] = bytes(len(nvm.data))
    first = Driver(storage=Storage(nvm_files(nvm)))
    assert first.app.keeper.storage.notes == [] and first.app.notice is None
    first.app.new_game("5")
    again = Driver(storage=Storage(nvm_files(nvm)))
    assert again.app.notice is None and again.app.in_progress
