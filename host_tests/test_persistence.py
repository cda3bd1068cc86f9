"""Never lose a game: saves cut at every byte, damaged files set aside, the
game resumed exactly after a reset, statistics and settings kept, and the
flash written only when it should be."""

import os
import sys

import pytest

from app import records_format as R

from conftest import ROOT
from freecell import loadgame, notation, savefile
from freecell.game import Game

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles, PowerCut  # noqa: E402

from app.keeper import AUTOSAVE_MS  # noqa: E402
from app.storage import GAME, SETTINGS, STATS, Storage  # noqa: E402
from keyplan import Driver, labels  # noqa: E402


def game_after(moves):
    g = Game(autoplay=False)
    g.deal(617)
    for token in open(os.path.join(os.path.dirname(__file__), "..", "tools", "data",
                                   "617.moves")).read().split()[:moves]:
        p = notation.parse_move(token)
        g.play(p)
    return g


def loads(files):
    """Boot: what a fresh Storage reads back (the position text, or None)."""
    from app.restore import load

    storage = Storage(files)
    g = Game()
    ok = load(storage, GAME, lambda data: None if not isinstance(
        loadgame.decode_game(data, g), str) else "bad", 4096)
    return (notation.position_text(g) if ok else None), storage


def test_a_save_cut_at_any_byte_leaves_the_old_game_or_the_new_one():
    old, new = game_after(10), game_after(11)
    base = FakeFiles()
    Storage(base).save(GAME, savefile.encode_game(old, 1))
    new_data = savefile.encode_game(new, 1)
    old_text, new_text = notation.position_text(old), notation.position_text(new)
    for cut in range(len(new_data) + 1):
        files = base.copy()
        files.cut_after = cut
        try:
            Storage(files).save(GAME, new_data)
        except PowerCut:
            pass
        text, storage = loads(files)
        assert text == (new_text if cut == len(new_data) else old_text), cut
        assert storage.notes == []  # an unfinished write is nobody's data
        assert sorted(files.files) == [GAME]  # the half-written .tmp is gone


def test_a_save_cut_between_write_and_rename_is_finished_at_boot():
    base = FakeFiles()
    Storage(base).save(GAME, savefile.encode_game(game_after(10), 1))
    base.cut_at_rename = True
    with pytest.raises(PowerCut):
        Storage(base).save(GAME, savefile.encode_game(game_after(11), 1))
    text, storage = loads(base)
    assert text == notation.position_text(game_after(11))
    assert sorted(base.files) == [GAME]


@pytest.mark.parametrize("damage", [
    lambda d: d[: len(d) // 2],  # truncated
    lambda d: d[:40] + bytes([d[40] ^ 1]) + d[41:],  # a flipped bit: bad checksum
    lambda d: d[:3] + b"\x07" + d[4:],  # a foreign version (and checksum)
    lambda d: b"\xff" * 300,  # garbage
    lambda d: b"",  # empty
])
def test_a_damaged_game_is_set_aside_named_and_the_rest_kept(damage):
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "up", "a")  # a move, then to the title: saves
    d.press("start").choose("title")
    files.files[GAME] = damage(files.files[GAME])
    damaged = files.files[GAME]
    again = Driver(storage=Storage(files))
    assert not again.app.in_progress and labels(again.app.title)[0] == b"NEW GAME"
    assert again.app.notice.startswith("saved game: ")
    assert again.app.notice.endswith("; set aside as game.sav.bad1")
    assert files.files["game.sav.bad1"] == damaged  # renamed, never deleted
    st = again.app.keeper.stats  # the statistics file was fine: the lost game
    # counts as given up
    assert (st.total(R.PLAYED), st.total(R.GIVEN_UP), st.in_progress) == (1, 1, 0)
    assert st.consistent()
    again.press("a")  # any press clears the notice; a new game starts cleanly
    assert again.app.notice is None and again.game.table.count_cards() == 52


def test_set_aside_files_are_numbered_not_overwritten():
    files = FakeFiles()
    for i in range(3):
        files.files[GAME] = b"junk %d" % i
        Driver(storage=Storage(files))
    assert [files.files["game.sav.bad%d" % i] for i in (1, 2, 3)] == [b"junk 0", b"junk 1",
                                                                       b"junk 2"]


def test_a_damaged_statistics_file_does_not_touch_the_game():
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "up", "a", "start")
    files.files[STATS] = files.files[STATS][:-2]
    again = Driver(storage=Storage(files))
    assert again.app.in_progress and labels(again.app.title)[0] == b"RESUME"
    assert "statistics: the file is cut short; set aside as stats.sav.bad1" == again.app.notice
    assert again.app.keeper.stats.consistent() and again.app.keeper.stats.in_progress == 1


def test_a_reset_resumes_exactly_undo_included():
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    # JD to cell a; KS (column 2) to cell b (each's best place); undo that;
    # then the menu (saves)
    d.press("a", "a", "right", "a", "a", "b", "start")
    assert d.game.moves == 3 and d.game.history.can_redo()
    before = notation.position_text(d.game), d.game.moves, d.game.undos, d.game.score
    again = Driver(storage=Storage(files))  # the power cycled
    again.press("a")  # RESUME
    assert again.app.screen is again.play
    g = again.game
    assert (notation.position_text(g), g.moves, g.undos, g.score) == before
    assert g.history.can_redo()  # the undone move can be redone
    assert g.undo() == 0 and not g.history.can_undo()  # the first move, then nothing


def test_moves_are_saved_at_most_every_30_seconds_and_on_leaving_the_table():
    files = FakeFiles()
    storage = Storage(files)
    d = Driver(617, storage=storage)
    writes = storage.writes  # the new game: game + statistics
    d.press("a", "up", "a", "b", "a", "up", "a")  # three actions within a second
    assert storage.writes == writes + 1  # the first move saved: nothing saved before it
    d.press("b", "a", "up", "a")
    assert storage.writes == writes + 1  # within 30 s: not again
    d.hold(0, AUTOSAVE_MS)
    assert storage.writes == writes + 2  # 30 s later the unsaved moves are written
    d.hold(0, AUTOSAVE_MS)
    assert storage.writes == writes + 2  # nothing new: nothing written
    d.press("down", "a", "up", "a", "start")  # JD to cell a again, then the menu
    assert storage.writes == writes + 3  # leaving the table saves


def test_the_display_sleeps_after_two_idle_minutes_saving_first_and_wakes_on_a_press():
    files = FakeFiles()
    storage = Storage(files)
    d = Driver(617, storage=storage)
    d.press("a", "up", "a")
    d.hold(0, 10000)
    saved = storage.writes
    d.press("b")  # an undo: a change not yet saved (within 30 s of the last save)
    assert storage.writes == saved
    d.hold(0, 120000)
    assert not d.display.powered and storage.writes > saved
    col = d.play.col
    d.press("right")  # wakes only
    assert d.display.powered and d.play.col == col
    d.press("right")
    assert d.play.col == (col + 1) % 8


def test_statistics_count_wins_give_ups_and_abandoned_games():
    from test_sim import won_617_keys
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press(won_617_keys())
    st = d.app.keeper.stats
    assert (st.total(R.PLAYED), st.total(R.WINS), st.total(R.GIVEN_UP),
            st.in_progress) == (1, 1, 0, 0)
    assert (st.of(0, R.STREAK), st.of(0, R.BEST_STREAK), st.of(0, R.FEWEST),
            st.of(0, R.BEST_SCORE)) == (1, 1, 103, 1014)
    assert st.record(0) == (0, 617, 1, 103, 0, 1014, 0)
    d.press("a")  # to the title
    d.press("a", "a")  # a new random game (of FreeCell, the game screen's choice)
    d.press("start").choose("give_up")
    assert (st.total(R.PLAYED), st.total(R.WINS), st.total(R.GIVEN_UP),
            st.of(0, R.STREAK)) == (2, 1, 1, 0)
    d.press("a", "a", "a")  # title, new game, FreeCell
    d.press("a", "a")  # a move: a game someone played (an untouched one is not counted)
    d.press("start").choose("title")  # NEW GAME from the menu goes to the title...
    assert labels(d.app.title)[:2] == [b"RESUME", b"NEW GAME"]
    d.choose("random")  # ...where a new game abandons this one
    assert (st.total(R.PLAYED), st.total(R.GIVEN_UP), st.in_progress) == (4, 2, 1)
    assert st.consistent()
    assert st.win_rate() == 33
    again = Driver(storage=Storage(files))
    s2 = again.app.keeper.stats
    assert (s2.total(R.PLAYED), s2.total(R.WINS), s2.total(R.GIVEN_UP), s2.in_progress,
            s2.recent_count) == (4, 1, 2, 1, 3)
    again.choose("stats")
    assert again.app.showing("stats_screen")
    assert again.app.lazy("stats_screen").lines[:4] == [b"FREECELL:", b"PLAYED 4", b"WON 1 (33%)",
                                                b"GIVEN UP 2"]
    assert again.app.lazy("stats_screen").lines[-1].startswith(b"FC #617 WON 103M 0U 1014")


def test_settings_are_kept_and_applied():
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.choose("settings")
    d.press("a", "down", "a", "a", "down", "a", "down", "a", "b")  # autoplay off, contrast x2,
    again = Driver(storage=Storage(files))  # flip on, cells 4 -> 1
    s = again.app.keeper.settings
    assert (s.autoplay, s.contrast, s.flip, s.cells) == (False, 0, True, 1)
    assert again.display.flipped and again.display.contrast_level == 0x10
    again.press("a", "a")  # a new game (FreeCell) uses them
    assert again.game.table.cells == 1 and not again.game.autoplay


def test_boot_reconciles_statistics_with_the_saved_game():
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "up", "a", "start")
    del files.files[STATS]  # the statistics write was lost
    again = Driver(storage=Storage(files))
    st = again.app.keeper.stats
    assert (st.total(R.PLAYED), st.in_progress) == (1, 1) and st.consistent()
    files.files.pop(GAME)  # now the game is gone but the statistics say in progress
    third = Driver(storage=Storage(files))
    st = third.app.keeper.stats
    assert (st.total(R.PLAYED), st.total(R.GIVEN_UP), st.in_progress) == (1, 1, 0)
    assert st.consistent()
    assert not third.app.in_progress


def test_a_failed_save_is_reported_and_play_goes_on():
    class FullFlash(FakeFiles):
        def write(self, name, data):
            raise OSError(28)  # ENOSPC

    d = Driver(storage=Storage(FullFlash()))
    d.press("a", "a")  # a new game: its save fails
    assert d.app.screen is d.play
    assert d.message().startswith("COULD NOT SAVE THE ")  # the game, then the statistics
    d.press("a", "up", "a")
    assert d.game.moves == 1


def test_statistics_and_settings_refuse_well_sealed_nonsense():
    from app.records import Settings, Stats
    from freecell.container import wrap
    st = Stats()
    st.start()
    good = st.encode()
    version = R.STATS_VERSION
    payload = bytearray(good[6:-4])
    payload[R.HEAD + 2] = 9  # FreeCell played 9, but won + given up + in progress = 1
    fresh = Stats()
    assert fresh.decode(wrap(b"S", version, payload, len(payload))) == \
        "the statistics do not add up"
    # no game 9; no games; more games than there are; tallies of another
    # size; a tournament in round 4, of scheme 7, of game 9, of FreeCell with
    # 5 cells.  (A daily deal's mark with no game in progress was refused
    # too; an earlier version wrote such files itself, so they load,
    # the mark dropped: test_nothing_lost.py.)
    for at, value in ((4, 9), (5, 0), (5, 99), (6, 10), (3, 5 | 64)):
        bad = bytearray(good[6:-4])
        bad[at] = value
        assert fresh.decode(wrap(b"S", version, bad, len(bad))) in (
            "the statistics do not add up", "the statistics record has the wrong size")
    for at, value in ((7, 3), (8, 7), (9, 9), (9, 5 << 4)):
        bad = bytearray(good[6:-4])
        bad[3] |= 4  # a tournament under way
        bad[9] = 4 << 4  # FreeCell, 4 cells
        bad[at] = value
        assert fresh.decode(wrap(b"S", version, bad, len(bad))) == \
            "the statistics do not add up", (at, value)
    assert fresh.total(R.PLAYED) == 0
    assert fresh.decode(good[:-5]) == "the file is cut short"
    assert fresh.decode(good) is None and fresh.total(R.PLAYED) == 1
    s = Settings()
    for bad in ((4, 1, 0, 4), (1, 9, 0, 4), (1, 1, 3, 4), (1, 1, 0, 0), (1, 1, 0, 5)):
        assert s.decode(wrap(b"O", 1, bytes(bad), 4)) == "the settings have impossible values"
        assert s.decode(wrap(b"O", 2, bytes(bad + (0,)), 5)) == \
            "the settings have impossible values"
    assert s.decode(wrap(b"O", 2, bytes((1, 1, 0, 4, 99)), 5)) == \
        "the settings have impossible values"  # no such game
    assert s.decode(wrap(b"O", 2, bytes((1, 1, 0, 4)), 4)) == \
        "the settings have impossible values"  # version 2 has the game
    assert s.decode(wrap(b"O", 3, bytes((1, 1, 0, 4, 0, 3)), 6)) == \
        "the settings have impossible values"  # no scheme 3
    assert (s.autoplay, s.contrast, s.flip, s.cells, s.variant_id) == (True, 2, False, 4, 0)
    assert s.decode(wrap(b"O", 4, bytes((1, 1, 0, 4, 0, 0)), 6)) == \
        "format version 4, this game reads 3"
    assert s.decode(wrap(b"O", 3, bytes((1, 1, 0, 4, 0)), 5)) == \
        "the settings have impossible values"  # version 3 has the scheme
    assert s.decode(wrap(b"O", 1, bytes((0, 1, 1, 3)), 4)) is None  # the first format
    assert (s.autoplay, s.contrast, s.flip, s.cells, s.variant_id) == (False, 1, True, 3, 0)
    assert s.decode(wrap(b"O", 2, bytes((1, 3, 0, 2, 2)), 5)) is None
    assert s.variant().name == "seahaven" and s.variant().cells == 4  # cells: FreeCell's


def test_a_save_from_another_format_version_is_set_aside_at_boot():
    from freecell.container import wrap
    files = FakeFiles()
    Driver(617, storage=Storage(files)).press("a", "up", "a", "start")
    data = files.files[GAME]
    files.files[GAME] = bytes(wrap(b"G", 0, data[6:-4], len(data) - 10))  # "version 0"
    again = Driver(storage=Storage(files))
    assert again.app.notice == ("saved game: format version 0, this game reads 4; "
                                "set aside as game.sav.bad1")
    assert not again.app.in_progress and again.app.keeper.stats.consistent()



def test_statistics_from_the_first_format_are_read():
    from app.records import Stats
    from freecell.container import put, wrap
    old = bytearray(25 + 12)  # version 1: 25 bytes, then one recent game
    for i, value in enumerate((3, 2, 1)):
        put(old, 3 * i, value, 3)
    old[9] = 0
    for i, value in enumerate((2, 2, 900, 80, 3)):
        put(old, 10 + 3 * i, value, 3)
    put(old, 25, 0, 3)
    put(old, 28, 617, 2)
    old[30] = 1
    st = Stats()
    assert st.decode(wrap(b"S", 1, old, len(old))) is None
    assert (st.total(R.PLAYED), st.total(R.WINS), st.total(R.GIVEN_UP), st.of(0, R.BEST_SCORE),
            st.of(0, R.FEWEST)) == (3, 2, 1, 900, 80)
    assert (st.total(R.DAILY_PLAYED), st.total(R.BY_SOLVER), st.recent_count) == (0, 0, 1)
    assert st.record(0)[:3] == (0, 617, 1)
    again = Stats()
    # rewritten as version 3
    assert again.decode(st.encode()) is None and again.total(R.PLAYED) == 3


def test_statistics_reset_once_keep_the_game_and_later_results():
    """A damaged stats.sav beside a game that is not the player's first: the
    statistics are set aside once, start again around the game in progress,
    and the next boots find them whole (they used to copy the game's serial
    into the fresh statistics, which then did not add up, boot after boot)."""
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.app.new_game("618")
    d.app.new_game("619")  # the player's third game
    d.press("a", "up", "a", "start")
    files.files[STATS] = b"garbage"
    again = Driver(storage=Storage(files))
    assert "set aside as stats.sav.bad1" in again.app.notice
    stats = again.app.keeper.stats
    assert stats.consistent() and stats.in_progress == 1 and stats.total(R.PLAYED) == 1
    for _ in range(3):  # later boots: nothing more set aside, nothing counted twice
        later = Driver(storage=Storage(files))
        assert later.app.notice is None
        assert labels(later.app.title)[0] == b"RESUME"
        st = later.app.keeper.stats
        assert (st.total(R.PLAYED), st.in_progress) == (1, 1)
    assert "stats.sav.bad2" not in files.files
    later.press("a")  # RESUME: the game, as it was
    assert later.game.moves == 1 and notation.position_text(later.game).count("\n") > 8


def test_an_oversized_file_is_never_read_and_is_set_aside():
    """A save file of a few hundred KB: boot asks its size, never reads it
    (reading it could take the heap a small board has), sets it
    aside, and the game starts."""
    files = FakeFiles()
    files.files[GAME] = b"FCG\x01" + bytes(300 * 1024)
    d = Driver(storage=Storage(files))
    assert files.largest_read == 0
    assert d.app.notice == "saved game: larger than any save; set aside as game.sav.bad1"
    assert labels(d.app.title)[0] != b"RESUME"
    d.press("down", "a", "a")  # the daily deal: a game starts and is saved
    assert d.app.screen is d.app.play and GAME in files.files


def test_a_directory_where_a_save_should_be_is_set_aside_and_saving_works():
    files = FakeFiles()
    files.unreadable.add(STATS)  # mkdir stats.sav, say
    d = Driver(storage=Storage(files))
    assert d.app.notice == "statistics: it cannot be read; set aside as stats.sav.bad1"
    assert STATS + ".bad1" in files.unreadable  # moved, not deleted
    d.press("down", "a", "a")
    assert d.app.keeper.stats.total(R.PLAYED) == 1 and STATS in files.files


def test_a_flash_that_refuses_renames_at_boot_gives_a_note_and_a_playable_game():
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "up", "a", "start")  # a move, then the menu: saved
    saved = files.files[GAME]
    files.files[STATS] = b"garbage"
    files.files[GAME + ".tmp"] = saved  # a save whose rename was cut off
    files.renames_fail = True  # and now the flash is full
    again = Driver(storage=Storage(files))  # boots: no exception
    notes = again.app.keeper.storage.notes
    assert any("could not finish the last save" in n for n in notes)
    assert any("could not set it aside" in n for n in notes)
    assert files.files[GAME + ".tmp"] == saved  # nothing of the player's deleted
    again.press("a")  # the note goes (that key does nothing else)
    assert again.app.screen is again.app.title and again.app.notice is None
    again.press("a")  # RESUME: the finished save, as it was
    assert again.app.screen is again.play and again.game.moves == 1


def test_a_save_the_flash_refuses_to_rename_keeps_the_old_file():
    """A full flash refuses every rename: the save fails with a message and
    the last good save is still there (the fallback for filesystems that
    will not rename over a file used to delete it first)."""
    files = FakeFiles()
    storage = Storage(files)
    assert storage.save(GAME, savefile.encode_game(game_after(10), 1)) is None
    old = files.files[GAME]
    files.renames_fail = True
    problem = storage.save(GAME, savefile.encode_game(game_after(11), 1))
    assert problem and problem.startswith("could not save the saved game")
    assert files.files[GAME] == old and GAME + ".tmp" not in files.files


def test_a_filesystem_that_will_not_rename_over_a_file_still_saves():
    class NoReplace(FakeFiles):
        def rename(self, old, new):
            if new in self.files:
                raise OSError(17)  # EEXIST
            FakeFiles.rename(self, old, new)

    files = NoReplace()
    storage = Storage(files)
    assert storage.save(GAME, savefile.encode_game(game_after(10), 1)) is None
    new = savefile.encode_game(game_after(11), 1)
    assert storage.save(GAME, new) is None
    assert files.files[GAME] == new and sorted(files.files) == [GAME]


@pytest.mark.parametrize("name", ["seahaven", "eight_off", "forecell", "bakers_game",
                                  "halfcell"])
def test_every_game_is_chosen_on_the_device_remembered_and_resumed(name):
    """NEW GAME asks which game (the settings keep the choice); a game of it
    is saved as that game, resumes after a reset, its undo works and the
    solver gives a hint in it."""
    from freecell.variants import by_name

    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.choose("random", game=name)
    assert d.game.variant.name == name and d.app.keeper.settings.variant_id == by_name(name).id
    assert d.game.table.columns == by_name(name).columns
    assert d.game.table.cells == by_name(name).CELLS
    played = 0
    for src in range(d.game.table.columns):  # some moves, whatever is legal
        dst = d.game.best_target(src)
        if dst >= 0 and d.game.move(src, dst) == 0:
            played += 1
    assert played
    d.press("start")  # leaving the table saves
    before = notation.position_text(d.game), d.game.moves
    again = Driver(storage=Storage(files))
    assert again.app.keeper.settings.variant_id == by_name(name).id
    again.press("a")  # RESUME
    assert again.game.variant.name == name
    assert (notation.position_text(again.game), again.game.moves) == before
    assert again.game.undo() == 0
    again.press("start")
    again.choose("hint")
    for _ in range(400):
        if not again.app.assistant.busy():
            break
        again.hold(0, 100)
    # the moves above were any legal ones: they may have lost the deal, and
    # the solver proving it is an answer too
    assert again.message().startswith(("HINT: ", "NO WAY TO WIN FROM HERE")), again.message()
    again.press("start")
    again.choose("title")
    again.choose("game:random")  # the game screen lights the game chosen last
    assert again.app.game_picker.choice == by_name(name).id


SAVES_V2 = os.path.join(os.path.dirname(__file__), "data", "saves_v2")


def earlier_files(folder):
    """A flash holding the game, statistics and settings an earlier release
    wrote (host_tests/data/saves_v*, each folder's made_by.py.txt)."""
    files = FakeFiles()
    for name in (GAME, STATS, SETTINGS):
        with open(os.path.join(folder, name), "rb") as f:
            files.files[name] = f.read()
    return files


def test_statistics_are_kept_per_game():
    """A FreeCell win, a HalfCell game given up and one in progress: each
    game's counters apart, the totals the sum, and the file says the same."""
    from test_sim import won_617_keys
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press(won_617_keys())
    assert d.game.is_won()
    d.app.keeper.settings.variant_id = 5
    d.app.new_game("5")
    d.press("a", "a")  # a move: left for another deal, it counts as given up
    d.app.new_game("6")
    st = d.app.keeper.stats
    assert (st.of(0, R.PLAYED), st.of(0, R.WINS), st.of(0, R.STREAK)) == (1, 1, 1)
    assert (st.of(5, R.PLAYED), st.of(5, R.GIVEN_UP), st.of(5, R.STREAK)) == (2, 1, 0)
    assert (st.total(R.PLAYED), st.variant_id, st.in_progress, st.serial) == (3, 5, 1, 3)
    assert st.consistent() and st.record(0)[2] >> 3 == 5 and st.record(1)[2] >> 3 == 0
    again = Driver(storage=Storage(files))
    st2 = again.app.keeper.stats
    assert st2.tallies == st.tallies and again.game.variant.name == "halfcell"
    assert again.app.notice is None
    again.choose("stats")
    text = b"\n".join(again.app.lazy("stats_screen").lines)
    assert b"HALFCELL:\nPLAYED 2" in text and b"FREECELL:\nPLAYED 1\nWON 1 (100%)" in text


def test_statistics_written_before_games_were_counted_apart_are_read():
    """Files made by the previous version (host_tests/data/saves_v2: its
    made_by.py.txt): one set of counters, for three FreeCell games and a
    Seahaven game in progress.  They load as FreeCell's, the game in progress
    moves to Seahaven's tally, and the game resumes."""
    files = earlier_files(SAVES_V2)
    assert files.files[STATS][3] == 2  # format 2
    d = Driver(storage=Storage(files))
    assert d.app.notice is None and d.app.in_progress and d.game.variant.name == "seahaven"
    st = d.app.keeper.stats
    assert (st.of(0, R.PLAYED), st.of(0, R.WINS), st.of(0, R.GIVEN_UP)) == (3, 1, 2)
    assert (st.of(2, R.PLAYED), st.variant_id, st.in_progress, st.serial) == (1, 2, 1, 4)
    assert st.consistent() and files.files[STATS][3] == R.STATS_VERSION  # the current format
    assert d.app.keeper.settings.variant_id == 2


SAVES_V3 = os.path.join(os.path.dirname(__file__), "data", "saves_v3")


def test_files_of_the_version_before_scores_had_schemes_still_load():
    """Files made by the version before scores had schemes (host_tests/data/saves_v3:
    its made_by.py.txt): statistics format 3, settings format 2, a game of
    format 2 in progress (HalfCell, cards back from home allowed).  They load
    as they were, classic scoring, the game resumes and plays, and the next
    saves are the new formats."""
    from app.records_format import BESTS, DAILY_PLAYED, LAST_DAILY
    files = earlier_files(SAVES_V3)
    assert (files.files[GAME][3], files.files[STATS][3], files.files[SETTINGS][3]) == (2, 3, 2)
    d = Driver(storage=Storage(files))
    assert d.app.notice is None and d.app.in_progress
    st = d.app.keeper.stats
    assert (st.of(0, R.PLAYED), st.of(0, R.WINS), st.of(0, R.FEWEST), st.of(0, BESTS[0])) == \
        (1, 1, 103, 1014)
    assert (st.of(1, R.PLAYED), st.of(1, R.GIVEN_UP), st.of(1, DAILY_PLAYED)) == (1, 1, 1)
    assert st.of(1, LAST_DAILY) == 0  # not known then: the next daily try counts
    assert (st.of(5, R.PLAYED), st.variant_id, st.in_progress, st.serial) == (1, 5, 1, 3)
    assert [st.record(i)[6] for i in range(st.recent_count)] == [0, 0]  # classic, no tournament
    assert st.consistent() and not st.tournament
    settings = d.app.keeper.settings
    assert (settings.variant_id, settings.take_back, settings.scoring) == (5, True, 0)
    d.press("a")  # RESUME
    game = d.game
    assert game.variant.name == "halfcell" and game.moves == 1 and game.take_back
    assert game.scoring == 0 and game.seconds == 0 and not game.log.complete
    assert game.undo() == 0 and game.redo() == 0
    d.press("start")  # leaving the table saves: the new format
    assert files.files[GAME][3] == savefile.GAME_VERSION
    d.press("b", "start").choose("give_up")  # its result: kept, but not checkable
    assert files.files[STATS][3] == R.STATS_VERSION
    from freecell.results import Result
    r = Result()
    assert r.decode(files.files["result3.sav"]) is None
    assert r.check().startswith("cannot be checked")


SAVES_V4 = os.path.join(os.path.dirname(__file__), "data", "saves_v4")


def test_files_of_the_version_before_rule_options_still_load():
    """Files made by the release before RUN LIMIT (host_tests/data/saves_v4:
    its made_by.py.txt): a game of format 3 in progress (deal 3, two free
    cells, timed, a whole log), statistics 4, settings 3, a result.  They
    load as they were, the standard run limit, and the next save is format 4."""
    import subprocess
    files = earlier_files(SAVES_V4)
    assert (files.files[GAME][3], files.files[STATS][3], files.files[SETTINGS][3]) == (3, 4, 3)
    d = Driver(storage=Storage(files))
    assert d.app.notice is None and d.app.in_progress
    settings = d.app.keeper.settings
    assert (settings.cells, settings.scoring, settings.simple_runs) == (2, 1, False)
    d.press("a")  # RESUME
    game = d.game
    assert (game.number.text(), game.table.cells, game.moves, game.undos) == ("3", 2, 6, 1)
    assert game.scoring == 1 and game.log.complete and not game.variant.simple_runs
    assert game.undo() == 0 and game.redo() == 0
    d.press("start")  # leaving the table saves: the new format
    assert files.files[GAME][3] == 4 and files.files[GAME][-5] == 0  # no rule options
    result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fc.py"), "verify",
                             os.path.join(SAVES_V4, "result1.sav")], capture_output=True,
                            text=True)
    assert result.returncode == 0 and "confirmed" in result.stdout, result.stdout + result.stderr
