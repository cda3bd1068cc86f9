"""Nothing lost, nowhere: each way an adversarial campaign still
lost data, pinned by a test that failed before the fix.  (The fuzzers that
would have found them are in test_micropython.py and test_small_heap.py;
CircuitPython's regions in test_nvm.py; fc.py on both interpreters in
test_micropython.py; sim.py, flash.py and saves.py at the end here.)"""

import os
import sys

import pytest

from app import records_format as R
from app.records import Stats
from app.storage import GAME, STATS, Storage
from freecell import container, loadgame, savefile
from freecell.cards import parse
from freecell.game import Game
from freecell.table import CELL0, COLUMN_CAP
from keyplan import Driver

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402
from test_persistence import game_after  # noqa: E402
from test_sim import won_617_keys  # noqa: E402


def reboot(files):
    return Driver(storage=Storage(files))


# -- 1. the daily deal's mark ----------------------------------------------------

@pytest.mark.parametrize("ending", ["give_up", "win"])
def test_finishing_the_daily_deal_keeps_the_statistics_across_a_reboot(ending):
    """Before: Stats.finish() and lose() left the daily mark standing with no
    game in progress; the loader refused that file at the next boot, so
    every player of the daily deal lost their statistics."""
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.app.today = lambda: (2026, 12, 2)
    d.choose("daily")
    assert d.app.keeper.stats.daily
    if ending == "win":
        from helpers import play_line, solver_line

        play_line(d.game, solver_line(d.game))
        assert d.game.is_won()
        d.app.do("end")
    else:
        d.press("start").choose("give_up")
    assert not d.app.keeper.stats.in_progress and not d.app.keeper.stats.daily
    again = reboot(files)
    assert again.app.keeper.storage.notes == []
    st = again.app.keeper.stats
    assert st.of(0, R.PLAYED) == 1 and st.of(0, R.DAILY_PLAYED) == 1
    assert st.record(0)[2] & R.DAILY


def test_a_file_with_the_daily_mark_alone_loads_with_the_mark_dropped():
    """Files the earlier version wrote after a daily deal (its own bug) load:
    the counters are the player's; the mark alone means nothing."""
    st = Stats()
    st.start(0, daily=True, day=9000)
    st.in_progress = 0  # what finish() left before the fix: the mark alone
    st.set(0, R.GIVEN_UP, 1)
    old = st.encode()
    assert old[6 + 3] == R.FLAG_DAILY
    fresh = Stats()
    assert fresh.decode(old) is None
    assert not fresh.daily and fresh.of(0, R.PLAYED) == 1 and fresh.of(0, R.DAILY_PLAYED) == 1


# -- 2. a column grown past its room through undo -----------------------------------

def king_under_seven():
    """Deal 617 with an eighth card on column 0 and a king on top of it,
    then the king moved to a free cell (a legal move): the saved position
    has 7 cards on column 0, but undoing the move leaves 8 under a king,
    and a queen down to an ace would then need 21 places."""
    g = Game(autoplay=False)
    g.deal(617)
    t = g.table
    t.transfer(7, 0, 1)
    king = parse("KD")
    where = next(i for i in range(len(t.cards)) if t.cards[i] == king
                 and i % COLUMN_CAP < t.heights[i // COLUMN_CAP])
    top = t.heights[0] - 1
    t.cards[where], t.cards[top] = t.cards[top], king
    g.history.from_deal = False
    g.log.complete = False  # built behind the rules' back: no log leads here
    assert g.move(0, CELL0, 1) == 0
    return g


def test_an_undo_that_would_build_a_column_past_its_room_is_refused_at_load():
    g = king_under_seven()
    data = savefile.encode_game(g, 1)
    assert loadgame.decode_game(data, Game()) == "the undo history builds a column past its room"


def test_a_redo_that_would_build_a_column_past_its_room_is_refused_at_load():
    """The same position reached by redo: the king put back, the step
    undone, the saved position the 8-card one... which the height rule at
    the saved position already refuses; so the redo is tried from the
    other side: a redoable step onto a column that would pass its room."""
    g = king_under_seven()
    assert g.undo() == 0  # now 8 cards under the king: saved here, refused by the table check
    data = savefile.encode_game(g, 1)
    assert loadgame.decode_game(data, Game()) == "a column is longer than any column can be"


def test_an_honest_long_column_still_loads():
    """A real game that builds a column to its full 19 cards (the deal's
    7 and a run from a king's queen down to an ace) loads, undo and all."""
    from freecell import notation

    g = Game(autoplay=False)
    g.deal(252)
    tokens = open(os.path.join(os.path.dirname(__file__), "data", "252-long-column.moves")).read()
    for token in tokens.split():
        p = notation.parse_move(token)
        assert g.play(p) == 0
    assert max(g.table.heights) >= 17
    other = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 3), other) == 3
    while other.undo() == 0:
        pass
    assert other.history.head == 0


# -- 5. lies that cost data later ----------------------------------------------------

def stats_with(**fields):
    st = Stats()
    for name, value in fields.items():
        st.set(0, getattr(R, name), value)
    return st


def test_counters_beyond_their_bound_are_refused_and_a_full_tally_stops_counting():
    """Before: played at 0xFFFFFF (summing right) loaded, and the next game
    saturated played but not won + given up: the statistics were set aside
    at the next boot."""
    full = stats_with(PLAYED=0xFFFFFF, WINS=0xFFFFFF)
    assert Stats().decode(full.encode()) == "the statistics do not add up"
    at = stats_with(PLAYED=R.MOST_GAMES, WINS=R.MOST_GAMES)
    assert Stats().decode(at.encode()) is None
    files = FakeFiles()
    files.files[STATS] = bytes(at.encode())
    d = Driver(storage=Storage(files))
    d.app.new_game("5")
    d.press("start").choose("give_up")
    d.press("a")
    d.app.new_game("6")
    again = reboot(files)
    assert again.app.keeper.storage.notes == []
    st = again.app.keeper.stats
    assert st.consistent() and st.of(0, R.PLAYED) == R.MOST_GAMES


def test_a_tournament_with_more_rounds_done_than_games_played_is_refused():
    st = Stats()
    st.start(0)
    st.start_tournament(0, 0, False)
    st.tour_done = 2  # two rounds done, but only the game in progress was played
    assert Stats().decode(st.encode()) == "the statistics do not add up"
    st.set(0, R.PLAYED, 3)
    st.set(0, R.GIVEN_UP, 2)
    assert Stats().decode(st.encode()) is None


def test_finishing_a_loaded_tournament_keeps_the_statistics():
    """What the loader accepts, finishing the tournament keeps adding up."""
    st = Stats()
    from app.mend import lose
    for _ in range(2):
        st.start(0)
        lose(st)
    st.start(0)
    st.start_tournament(0, 0, False)
    st.tour_done = 2
    fresh = Stats()
    assert fresh.decode(st.encode()) is None
    g = Game()
    g.deal(5)
    fresh.finish(g)
    assert fresh.of(0, R.TOURNAMENTS) == 1 and Stats().decode(fresh.encode()) is None


def test_a_score_its_own_log_contradicts_is_refused():
    """Before: a game file claiming 9,000 points, sealed, loaded; its end
    then made 9,000 the player's best score."""
    g = game_after(20)
    good = savefile.encode_game(g, 1)
    assert loadgame.decode_game(good, Game()) == 1
    payload = bytearray(good[6:-4])
    container.put(payload, 15, 9000, 3)
    lie = container.wrap(b"G", savefile.GAME_VERSION, payload, len(payload))
    other = Game()
    assert loadgame.decode_game(lie, other) == "the game's counters or score do not match its log"
    assert other.score == 0 and other.history.head == 0  # a fresh deal, not the lie
    for at, value in ((9, 40), (12, 1)):  # more moves, an undo, than the log holds
        bad = bytearray(good[6:-4])
        container.put(bad, at, value, 3)
        wrapped = container.wrap(b"G", savefile.GAME_VERSION, bad, len(bad))
        assert loadgame.decode_game(wrapped, Game()) == \
            "the game's counters or score do not match its log"


def test_the_lying_score_never_becomes_the_best_through_the_app():
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press(" ".join(won_617_keys().split()[:40]))
    d.app.keeper.save_game(d.game)
    payload = bytearray(files.files[GAME][6:-4])
    container.put(payload, 15, 9000, 3)
    files.files[GAME] = bytes(container.wrap(b"G", savefile.GAME_VERSION, payload, len(payload)))
    again = reboot(files)
    assert again.app.notice == "saved game: the game's counters or score do not match its log; " \
                               "set aside as game.sav.bad1"
    assert again.app.keeper.stats.of(0, R.BEST_SCORE) < 9000


# -- 3 and 4. memory: saving fails into a message, never a traceback -----------------

def test_a_save_with_no_memory_keeps_the_last_save_and_says_so(monkeypatch):
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "a")
    d.app.keeper.save_game(d.game)
    before = files.files[GAME]
    import app.keeper as keeper

    def no_room(*args):
        raise MemoryError

    monkeypatch.setattr(keeper, "game_parts", no_room)
    moves = d.game.moves
    d.press("right", "a", "a", "right", "right", "a", "a")
    assert d.game.moves > moves
    d.app.keeper.flush(d.game)
    assert files.files[GAME] == before
    assert d.app.keeper.unsaved(d.game)  # tried again at the next chance
    d.press("left")
    assert d.message() == "NOT ENOUGH MEMORY TO SAVE THE GAME; THE LAST SAVE IS KEPT"
    monkeypatch.undo()
    d.app.keeper.flush(d.game)
    assert files.files[GAME] != before and not d.app.keeper.unsaved(d.game)


def test_a_write_that_runs_out_of_memory_keeps_the_old_file_and_makes_room():
    """The write itself (a file's buffers) can run out too: the keeper
    collects, then lets the solver's tables go, and tries again."""
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.app.keeper.save_stats()
    old = files.files[STATS]
    write, calls = files.write, []

    def no_room_twice(name, parts):
        calls.append(name)
        if len(calls) <= 2:
            raise MemoryError
        write(name, parts)

    files.write = no_room_twice
    made_room = []
    d.app.keeper.make_room = lambda: made_room.append(1)
    d.app.keeper.stats.start(0)
    d.app.keeper.save_stats()
    assert made_room == [1] and files.files[STATS] != old and d.app.keeper.problem is None
    files.write = lambda name, parts: (_ for _ in ()).throw(MemoryError)
    before = files.files[STATS]
    d.app.keeper.save_stats()
    assert files.files[STATS] == before
    assert d.app.keeper.problem == "not enough memory to save the statistics; the last save is kept"


def test_a_refusal_whose_words_do_not_fit_says_so_and_makes_room():
    """The soak on the 32-bit port at 120 KB, with the code 3 KB smaller
    (mpy-cross -O3): the solver's table took the room a refused move's
    words needed (their code is loaded for them on a small heap), and the
    press ended in a traceback.  Now any key's MemoryError is said in words,
    the solver's tables go, and the next refusal says its own."""
    d = Driver(617)
    assert d.app.assistant.ready()
    game = d.game
    reason = game.reason
    game.reason = lambda: (_ for _ in ()).throw(MemoryError)
    redraw, drawn = d.app.redraw, []
    d.app.redraw = lambda: drawn.append(1) or redraw()
    d.press("b")  # nothing to undo: refused
    assert d.message() == "NOT ENOUGH MEMORY FOR THAT ON THIS BOARD" and drawn  # shown
    assert d.app.assistant.solver is None and game.moves == 0
    game.reason = reason
    d.press("right", "b")
    assert d.message() == "NOTHING TO UNDO"


@pytest.mark.parametrize("name", [GAME, GAME + ".tmp", "result3.sav.tmp"])
@pytest.mark.parametrize("size", [2100, 4096, 60 * 1024])
def test_a_file_too_large_for_its_kind_is_never_read(name, size):
    """Before: a 4 KB game.sav (or .tmp, or result .tmp) was read whole at
    boot, which a small heap could not hold: the board stopped at boot."""
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "a")
    d.app.keeper.save_game(d.game)
    files.files[name] = b"FCG\x03" + bytes(size - 4)
    files.largest_read = 0
    again = reboot(files)
    assert files.largest_read < 2000  # the files that are saves, not the big one
    assert name not in files.files or name == GAME + ".bad1"
    if name == GAME:
        assert again.app.notice == "saved game: larger than any save; set aside as game.sav.bad1"
    else:  # an unfinished write: dropped; the game resumes
        assert again.app.in_progress and again.game.moves == d.game.moves


@pytest.mark.parametrize("version", [1, 2])
def test_a_finished_result_whose_rename_was_cut_takes_its_place_at_boot(version):
    """A result file written whole but not yet renamed (the power went
    between the two) is the newest: the boot finishes the save, whichever
    format wrote it (the signed one read as the first did not: it was
    dropped as unfinished)."""
    from freecell import results

    game = Game()
    game.deal(5)
    game.move(0, CELL0)
    game.give_up()
    data = bytes(results.encode(game, 3, name=b"ALICE", key=bytes(16), day=9800))
    if version == 1:  # the first format: no name, day or signature
        at, n = container.unwrap(data, results.RESULT, 2)
        head = 29 + 2 * game.log.n
        data = bytes(container.wrap(results.RESULT, 1, bytearray(data[at:at + head]), head))
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "a")
    d.app.keeper.save_game(d.game)
    files.files["result3.sav.tmp"] = data
    reboot(files)
    assert files.files.get("result3.sav") == data and "result3.sav.tmp" not in files.files


def test_the_largest_game_file_is_the_one_the_loader_allows():
    """A game with a full undo ring and a full log: exactly game_bytes()."""
    from helpers import full_ring_and_log

    g = full_ring_and_log()
    data = savefile.encode_game(g, 1)
    assert g.history.end - g.history.first >= g.history.capacity - 2
    assert g.log.n == g.log.capacity
    assert len(data) <= savefile.game_bytes(g.history.capacity, g.log.capacity)
    assert savefile.game_bytes(360, 400) == 1996
    assert loadgame.decode_game(data, Game()) == 1


# -- 7. the tools: one line and exit 2, never a traceback or a hang -------------

from conftest import TOOLS, run  # noqa: E402

SIM = os.path.join(TOOLS, "sim.py")


@pytest.mark.parametrize("args,said", [
    (["--deal", "\n5"], None),  # a deal with blanks: dealt as 5 (the firmware got two lines)
    (["--size", "\u0661\u0662\u0668x64"], "sim.py: --size is WIDTHxHEIGHT"),
    (["--seed", "\u0663"], "sim.py: --seed must be a whole number"),
    (["--size", "128x\u0966\u0966"], "sim.py: --size is WIDTHxHEIGHT"),
])
def test_sim_says_what_is_wrong_in_one_line(args, said):
    result = run([sys.executable, SIM, "--python", "--keys", "a", "--state"] + args)
    assert "Traceback" not in result.stderr + result.stdout
    if said is None:
        assert result.returncode == 0 and result.stdout.count("\n") > 8
    else:
        assert result.returncode == 1 and result.stderr.startswith(said)
        assert result.stderr.count("\n") == 1


def fake_mpremote(tmp_path, body):
    path = tmp_path / "mpremote"
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("tool", ["flash.py pico_ssd1306", "saves.py pull"])
def test_a_board_that_prints_binary_gets_a_message(tool, tmp_path):
    noise = fake_mpremote(tmp_path, "printf 'ok\\377\\376 \\200junk.sav\\n'")
    cmd = [sys.executable, os.path.join(TOOLS, tool.split()[0])] + tool.split()[1:]
    result = run(cmd + ([str(tmp_path / "saves")] if "saves" in tool else []),
                 env={"MPREMOTE": noise})
    assert "Traceback" not in result.stderr and result.returncode in (1, 2)
    assert result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("tool", ["flash.py pico_ssd1306", "saves.py pull"])
def test_a_board_that_hangs_is_given_up_on_with_a_message(tool, tmp_path):
    hang = fake_mpremote(tmp_path, "sleep 60")
    cmd = [sys.executable, os.path.join(TOOLS, tool.split()[0])] + tool.split()[1:]
    result = run(cmd, env={"MPREMOTE": hang, "MPREMOTE_TIMEOUT": "1"})
    assert "Traceback" not in result.stderr and result.returncode in (1, 2)
    assert "within 1 s" in result.stderr and result.stderr.count("\n") == 1, result.stderr


# -- found by the fuzzers' longer run (FUZZ=10) -----------------------------------

def test_a_redoable_step_the_log_never_made_is_refused():
    """boot_fuzz, case 15,169 of 50,000: a sealed file whose undone (redoable)
    step was sent from another column loaded, its log replayed right (the
    log holds no redoable step), and a redo then made a move nobody made:
    the next save's log and position disagreed and it was set aside."""
    g = Game(autoplay=False)
    g.deal(617)
    assert g.move(1, CELL0, 1) == 0 and g.undo() == 0  # column 2's card to a cell, undone
    good = savefile.encode_game(g, 1)
    assert loadgame.decode_game(good, Game()) == 1
    payload = bytearray(good[6:-4])
    table_end = 43 + sum(payload[33:43])
    assert (payload[table_end + 1], payload[table_end + 3]) == (1, 0)  # one step, redoable
    j = table_end + 4
    payload[j] = (payload[j] & 0xC0) | 2  # from column 3 instead: as legal
    lie = container.wrap(b"G", savefile.GAME_VERSION, payload, len(payload))
    other = Game()
    assert loadgame.decode_game(lie, other) == "the undo history does not match the game's log"
    assert other.history.end == 0  # nothing of the lie


def test_a_game_the_statistics_missed_ends_a_tournament_of_another_game():
    """boot_fuzz over nvm, case 4,192 of 30,000: a Baker's Game in progress
    (a save of another moment) met statistics between the rounds of a
    FreeCell tournament; the boot counted it as in progress, the tournament
    still under way, and the next boot refused the statistics it wrote."""
    from freecell.variants import BakersGame

    st = Stats()
    st.start(0)
    st.start_tournament(0, 0, True)
    g = Game()
    g.deal(5)
    st.finish(g)  # round 1 done, between rounds
    assert st.tournament and st.tour_done == 1
    st.start(BakersGame.id)
    assert not st.tournament and st.consistent()
    assert Stats().decode(st.encode()) is None

    files = FakeFiles()
    files.files[STATS] = bytes(Stats().encode())
    between = Stats()
    between.start(0)
    between.start_tournament(0, 0, True)
    between.finish(g)
    files.files[STATS] = bytes(between.encode())
    bakers = Game(variant=BakersGame())
    bakers.deal(9)
    files.files[GAME] = bytes(savefile.encode_game(bakers, 7))
    first = reboot(files)
    assert first.app.in_progress and not first.app.keeper.stats.tournament
    again = reboot(files)
    assert again.app.keeper.storage.notes == [] and again.app.in_progress
