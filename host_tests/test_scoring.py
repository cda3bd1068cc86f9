"""The three scoring schemes, from their rules (freecell/scoring.py):
classic, timed and by moves; each step's worth, undo and redo, the floor at
0, the win bonus."""

import pytest

from freecell import scoring
from freecell.game import Game, WON
from freecell.movelog import dst_of, src_of
from freecell.table import CELL0, FOUND0, FOUNDATION
from helpers import position


def scored(scheme, **kw):
    game = position(**kw)
    game.scoring = scheme
    return game


def test_classic_is_ten_a_card_home_less_ten_an_undo_never_below_zero():
    game = scored(scoring.CLASSIC, columns=["KS AH", "2H", "QD"])
    assert game.move(0, FOUNDATION) == 0 and game.score == 10
    assert game.move(1, FOUNDATION) == 0 and game.score == 20
    assert game.undo() == 0 and game.score == 10  # the undo costs 10; the card's 10 stay
    assert game.undo() == 0 and game.score == 0
    assert game.move(2, CELL0) == 0 and game.undo() == 0 and game.score == 0  # not below 0
    assert game.final_score() == 0  # no bonus without a win


def test_classic_win_bonus_is_700_less_two_a_move():
    game = scored(scoring.CLASSIC, columns=["KH"], home=(13, 13, 12, 13))
    game.moves = 40
    assert game.move(0, FOUNDATION) == 0 and game.state == WON
    assert game.score == 10 and game.win_bonus() == 700 - 2 * 41
    assert game.final_score() == 10 + 700 - 82
    game.moves = 400
    assert game.win_bonus() == 0  # never below 0


def test_by_moves_gives_five_for_a_card_from_a_cell_onto_a_column():
    game = scored(scoring.BY_MOVES, columns=["KS", "QD", "8C"], cells=["QH"])
    assert game.move(CELL0, 0) == 0 and game.score == 5  # QH onto KS
    assert game.move(2, CELL0) == 0 and game.score == 5  # a column to a cell: nothing
    assert game.move(1, 2) != 0 and game.score == 5  # refused: nothing
    assert game.undo() == 0 and game.score == 5  # undoing a 0-point move takes back 0
    assert game.undo() == 0 and game.score == 0  # ... and the +5 move exactly 5
    assert game.redo() == 0 and game.score == 5  # a redo gives them again
    assert game.final_score() == 5


def test_by_moves_undo_takes_back_exactly_what_the_move_and_its_autoplay_gave():
    game = scored(scoring.BY_MOVES, columns=["4S 2D", "9H AD", "KC"], cells=["QD"],
                  autoplay=True)
    assert game.move(1, CELL0 + 1) == 0  # AD to a cell: then AD and 2D go home
    assert game.table.foundations[1] == 2 and game.score == 20  # the move itself 0
    assert game.undo() == 0 and game.score == 0 and game.table.foundations[1] == 0
    assert game.redo() == 0 and game.score == 20
    assert game.move(CELL0, 2) == 0 and game.score == 25  # QD onto KC: +5
    assert game.undo() == 0 and game.score == 20


def test_by_moves_a_card_taken_back_costs_what_it_brought():
    game = scored(scoring.BY_MOVES, columns=["KS 3H"], home=(2, 0, 0, 0))
    game.take_back = True
    game.score = 20
    assert game.move(FOUND0, 0) == 0 and game.score == 10  # 2C back onto 3H
    assert game.undo() == 0 and game.score == 20  # the undo gives the 10 back


def test_timed_is_two_hundred_a_card_home_less_a_point_a_second():
    game = scored(scoring.TIMED, columns=["KS AH", "2H", "QD"])
    assert game.move(0, FOUNDATION) == 0 and game.score == 200
    assert game.move(1, FOUNDATION) == 0 and game.score == 400
    game.seconds = 75
    assert game.final_score() == 325
    assert game.undo() == 0 and game.score == 200  # 2H left home: its 200 with it
    assert game.final_score() == 125
    game.seconds = 1000
    assert game.final_score() == 0  # never below 0


def test_timed_a_card_taken_back_costs_two_hundred():
    game = scored(scoring.TIMED, columns=["KS 3H"], home=(2, 0, 0, 0))
    game.take_back = True
    game.score = 400
    assert game.move(FOUND0, 0) == 0 and game.score == 200
    assert game.final_score() == 200 and game.win_bonus() == 0


@pytest.mark.parametrize("scheme", [scoring.CLASSIC, scoring.TIMED, scoring.BY_MOVES])
def test_a_whole_game_scores_by_its_scheme(scheme):
    """Deal 617 won by a fixed line with one undo and redo: every scheme's
    total from its rule."""
    from freecell import notation
    import os
    with open(os.path.join(os.path.dirname(__file__), "..", "tools", "data", "617.moves")) as f:
        tokens = f.read().split()
    game = Game(autoplay=False)
    game.scoring = scheme
    game.deal(617)
    from_cells = 0
    for i, token in enumerate(tokens):
        p = notation.parse_move(token)
        src, dst = src_of(p), dst_of(p)
        assert game.play(p) == 0
        from_cells += CELL0 <= src < FOUND0 and dst < CELL0
        if i == 10:
            assert game.undo() == 0 and game.redo() == 0
    game.seconds = 300
    assert game.state == WON and game.moves == len(tokens) + 2
    if scheme == scoring.CLASSIC:
        # 52 cards, one undo, and the redo gave its card's points again if any
        assert game.final_score() == game.score + 700 - 2 * game.moves
    elif scheme == scoring.TIMED:
        assert game.score == 52 * 200 and game.final_score() == 52 * 200 - 300
    else:
        assert game.score == 52 * 10 + 5 * from_cells and game.final_score() == game.score


def test_scheme_names_and_lines_fit_the_screens():
    assert scoring.NAMES == ("classic", "timed", "moves")
    assert scoring.by_name("timed") == scoring.TIMED and scoring.by_name("x") == -1
    from app.endings import EXPLAINED, EXPLAINED_SHORT
    assert len(EXPLAINED) == len(EXPLAINED_SHORT) == scoring.SCHEMES
    assert all(len(line) <= 28 for line in EXPLAINED)
    assert all(len(line) <= 18 for line in EXPLAINED_SHORT)
