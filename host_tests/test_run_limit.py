"""RUN LIMIT: STANDARD / SIMPLE.  One of the products this game
is measured against counts a run as (free cells + 1) x (empty columns + 1)
onto cards and (free cells + 1) x (empty columns) into an empty column.  As
a rule setting, off by default: held to that plain statement, refused moves
naming it, kept in saves and results, in fc.py, and honoured by the solver."""

import os
import sys

import pytest

from app.storage import SETTINGS, Storage
from conftest import TOOLS, run
from freecell import loadgame, savefile
from freecell.game import Game, OK
from freecell import results
from freecell.results import Result, encode
from freecell.variants import FreeCell
from helpers import play_line, position, solver_line
from keyplan import Driver, labels

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402

FC = os.path.join(TOOLS, "fc.py")


def simple_limit(free_cells, empty_columns, into_empty):
    """The products' statement, as they write it: empty_columns counts every
    empty column, the target too when the run goes into one."""
    if into_empty:
        return (free_cells + 1) * empty_columns
    return (free_cells + 1) * (empty_columns + 1)


def table(free_cells, empty_columns, simple=True):
    """A position with that many free cells and empty columns."""
    columns = ["KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D", "KD", "KH", "KC", "QS", "QD", "QC", "JS"]
    for c in range(empty_columns):
        columns[7 - c] = ""
    cells = ["AS"] * (4 - free_cells) + ["-"] * free_cells
    game = position(columns, cells=cells)
    game.variant.simple_runs = simple
    return game


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty_columns", range(5))
def test_the_simple_limit_is_the_products_formula(free_cells, empty_columns):
    game = table(free_cells, empty_columns)
    assert game.supermove_limit(False) == simple_limit(free_cells, empty_columns, False)
    if empty_columns:
        assert game.supermove_limit(True) == simple_limit(free_cells, empty_columns, True)
    standard = table(free_cells, empty_columns, simple=False)
    assert standard.supermove_limit(False) == (free_cells + 1) * 2 ** empty_columns


def test_off_by_default_everywhere():
    assert not FreeCell().simple_runs and not Game().variant.simple_runs
    d = Driver()
    assert not d.app.keeper.settings.simple_runs


def test_a_run_the_simple_limit_refuses_says_so():
    # 2 free cells, 2 empty columns: standard moves 12 cards onto cards, simple 9
    columns = ["KD", "QS JH TS 9H 8S 7H 6S 5H 4S 3H", "", ""] + ["KC", "KH", "QD", "QC"]
    for simple, code in ((False, OK), (True, 9)):
        game = position(columns, cells=["AS", "AH", "-", "-"])
        game.variant.simple_runs = simple
        assert game.move(1, 0, 0) == code
    assert game.reason() == "needs room for 10 cards, 9 fit under the simple run limit"


def test_the_rule_is_kept_in_a_saved_game_and_a_result():
    game = Game()
    game.variant.simple_runs = True
    game.deal(617)
    play_line(game, solver_line(game)[:10])
    loaded = Game()
    assert loadgame.decode_game(savefile.encode_game(game, 1), loaded) == 1
    assert loaded.variant.simple_runs and loaded.moves == 10
    game.give_up()
    result = Result()
    assert result.decode(encode(game, 1)) is None
    assert result.check() is None and "simple run limit" in result.line()
    standard = Game()
    standard.deal(617)
    assert loadgame.decode_game(savefile.encode_game(standard, 1), Game()) == 1
    out = Game()
    loadgame.decode_game(savefile.encode_game(standard, 1), out)
    assert not out.variant.simple_runs


def test_a_result_that_claims_the_simple_limit_for_a_standard_game_is_refuted():
    """A standard game whose line moves a run the simple rule forbids: its
    result, the flag set and resealed, no longer replays (the replay plays
    by the rule the result names)."""
    from freecell import container, notation
    for n in range(1, 60):
        game = Game()
        game.deal(n)
        line = solver_line(game)
        big = False
        for token in line:
            packed = notation.parse_move(token)
            src, dst = packed & 31, packed >> 5 & 31
            if dst < 10:  # onto a column: how many cards the rules settle on
                game.check(src, dst, packed >> 10)
                count = game._count
                free, empty = game.table.free_cells(), game.table.empty_columns()
                into = dst < 10 and not game.table.heights[dst]
                if count > simple_limit(free, empty, into):
                    big = True
            assert game.play(packed) == OK
        if big:
            break
    assert big, "no deal of 1-59 needed a run past the simple limit"
    data = bytearray(encode(game, 1))
    good = Result()
    assert good.decode(data) is None and good.check() is None
    payload = data[6:-4]
    payload[7] |= 32  # "the simple run limit"
    lie = Result()
    assert lie.decode(container.wrap(b"R", results.VERSION, payload, len(payload))) is None
    assert "simple run limit" in lie.line()
    assert lie.check().startswith("action ")  # the move the simple rule refuses


def test_the_setting_through_the_buttons_new_games_and_the_daily_deal():
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.choose("settings")
    screen = d.app.lazy("settings_screen")
    assert b"RUN LIMIT: STANDARD" in labels(screen)
    d.choose("runs")
    assert d.app.keeper.settings.simple_runs and b"RUN LIMIT: SIMPLE" in labels(screen)
    d.choose("done")
    assert files.files[SETTINGS][6] & 8  # kept: the settings' flags byte
    d.choose("random")
    assert d.game.variant.simple_runs
    d.press("start").choose("title")
    d.app.today = lambda: (2026, 12, 1)
    d.choose("daily")  # the daily deal is the standard game
    assert not d.game.variant.simple_runs
    again = Driver(storage=Storage(files))
    assert again.app.keeper.settings.simple_runs
    thumby = Driver(width=72, height=40)
    thumby.choose("settings")
    assert b"RUNS: STANDARD" in labels(thumby.app.lazy("settings_screen"))


def test_the_status_line_shows_the_simple_limit():
    d = Driver(1)
    game = table(2, 2)
    d.app.game = d.play.game = game
    d.play.reset()
    from test_new_player import texts_drawn
    shown = texts_drawn(d, lambda: d.app.view.draw(game, d.play))
    assert any(b"RUN 9/6" in t for t in shown), shown


def test_fc_py_solves_and_replays_under_the_simple_limit():
    for n in (1, 2, 617):
        solved = run([sys.executable, FC, "solve", str(n), "--run-limit", "simple"])
        assert solved.returncode == 0, solved.stderr
        replayed = run([sys.executable, FC, "replay", str(n), "--run-limit=simple"],
                       stdin=solved.stdout)
        assert replayed.returncode == 0, replayed.stderr
        assert "Foundations: H-13 C-13 D-13 S-13" in replayed.stdout


def test_the_solvers_lines_are_legal_under_the_simple_limit():
    """Deals 1-30 with the board's solver under the simple rule: every
    line it finds plays move for move under that rule (a supermove the rule
    forbids would be refused)."""
    for n in range(1, 31):
        game = Game()
        game.variant.simple_runs = True
        game.deal(n)
        play_line(game, solver_line(game))  # each move legal under the rule
        assert game.is_won()


def test_fc_py_refuses_an_unknown_run_limit():
    result = run([sys.executable, FC, "replay", "1", "--run-limit", "double"])
    assert result.returncode == 2
    assert result.stderr == "fc.py: --run-limit is standard or simple, not 'double'\n"
