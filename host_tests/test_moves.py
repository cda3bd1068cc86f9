"""Moves and their refusals, the run (supermove) limit and the queries."""

import pytest

from freecell import game as G
from freecell.variants import FreeCell
from freecell.table import CELL0, FOUND0, FOUNDATION
from helpers import position, snapshot, column_text

A, B, C, D = CELL0, CELL0 + 1, CELL0 + 2, CELL0 + 3


def refused(game, src, dst, count=0):
    before = snapshot(game)
    code = game.move(src, dst, count)
    assert code != G.OK
    assert snapshot(game) == before, "a refused move changed the table"
    return game.reason()


def test_a_card_goes_on_one_rank_higher_of_the_other_colour():
    g = position(["9H", "TS", "TD", "9S"])
    assert refused(g, 0, 2) == "9H doesn't go on 10D"  # a player's words: the ten is 10
    assert g.move(0, 1) == G.OK
    assert column_text(g, 1) == "TS 9H"
    assert refused(g, 3, 1) == "9S doesn't go on 9H"
    assert refused(g, 3, 1 + 0) == "9S doesn't go on 9H"
    assert g.move(3, 2) == G.OK
    assert g.moves == 2


def test_any_card_goes_on_an_empty_column_and_into_a_free_cell():
    g = position(["KS 5D", "", "3C"])
    assert g.move(0, 1) == G.OK
    assert column_text(g, 1) == "5D"
    assert g.move(2, A) == G.OK
    assert refused(g, 0, A) == "that cell is taken"
    assert g.move(A, 2) == G.OK  # back from the cell onto the empty column
    assert g.table.cell_cards[0] == 255


def test_cells_take_one_card_and_empty_places_give_none():
    g = position(["KS QH JC"])
    assert refused(g, 0, A, 2) == "one card at a time there"
    assert refused(g, 1, 0) == "nothing to move there"
    assert refused(g, B, 0) == "nothing to move there"
    assert refused(g, 0, 0) == "that is where it is"
    assert refused(g, 0, 9) == "no such place"
    assert refused(g, -1, 0) == "no such place"


def test_foundations_build_up_by_suit_and_keep_their_cards():
    g = position(["2H", "AH", "AS 3H"])
    assert refused(g, 0, FOUNDATION) == "2H can't go home yet"
    assert g.move(1, FOUNDATION) == G.OK
    assert g.move(0, FOUND0 + 2) == G.OK
    assert refused(g, 2, FOUND0 + 0) == "3H can't go home yet"  # not the hearts pile
    assert g.move(2, FOUNDATION) == G.OK
    assert refused(g, FOUND0 + 2, 0) == "cards on the foundations stay there"
    assert g.cards_home() == 3
    assert g.score == 30


def test_a_run_moves_with_the_forced_count_onto_cards():
    g = position(["KS 9H 8C 7D 6S", "TC", "8H"], cells=["-", "-", "-", "-"])
    assert g.run_length(0) == 4
    assert g.move(0, 1) == G.OK  # 9H 8C 7D 6S onto TC: four cards
    assert column_text(g, 1) == "TC 9H 8C 7D 6S"
    assert column_text(g, 0) == "KS"
    # onto 8H only 7? no: the forced card is the one that fits, with what is above
    g2 = position(["KS 9H 8C 7D 6S", "8D"])
    assert refused(g2, 0, 1) == "6S doesn't go on 8D"
    g3 = position(["KS 9H 8C 7D 6S", "8S"])
    assert g3.move(0, 1) == G.OK
    assert column_text(g3, 1) == "8S 7D 6S"


def test_a_run_count_given_onto_cards_must_be_the_forced_one():
    g = position(["KS 9H 8C 7D 6S", "TC"])
    assert refused(g, 0, 1, 2) == "onto 10C it takes 4 cards, not 2"
    assert g.move(0, 1, 4) == G.OK


def test_onto_an_empty_column_the_player_chooses_how_many():
    g = position(["KS 9H 8C 7D 6S", ""], cells=["-", "-", "-", "-"])
    assert g.most_to_empty(0) == 4
    assert refused(g, 0, 1, 5) == "only 4 cards form a run there"
    assert g.move(0, 1, 3) == G.OK
    assert column_text(g, 1) == "8C 7D 6S"
    assert column_text(g, 0) == "KS 9H"


def test_a_whole_column_into_an_empty_one_is_refused_in_play_but_replays():
    g = position(["9H 8C 7D", ""])
    assert refused(g, 0, 1, 3) == "moving a whole column to an empty one changes nothing"
    g = position(["9H 8C 7D", ""])
    assert g.move(0, 1) == G.OK  # one card of three is fine
    g = position(["9H 8C 7D", ""])
    assert g.most_to_empty(0) == 2
    g.allow_whole_column = True
    assert g.move(0, 1, 3) == G.OK
    assert column_text(g, 1) == "9H 8C 7D"


def test_a_single_card_column_to_an_empty_column_is_refused_in_play():
    g = position(["9H", ""])
    assert refused(g, 0, 1) == "moving a whole column to an empty one changes nothing"


def test_too_long_a_run_says_how_many_fit_now():
    # 6-card run, no free cell, no empty column: 1 fits
    g = position(["5C QH JC TD 9S 8H 7C", "KS"] + ["KD"] * 6, cells=["2C", "3C", "4C", "5C"])
    assert g.supermove_limit() == 1
    assert refused(g, 0, 1) == "needs room for 6 cards, 1 fits"


# docs/RULES.md's table: free cells -> (to a non-empty column with 0/1/2 empty
# columns), (to an empty column with 1/2 empty columns in all)
RULES_TABLE = {
    0: ((1, 2, 4), (1, 2)),
    1: ((2, 4, 8), (2, 4)),
    2: ((3, 6, 12), (3, 6)),
    3: ((4, 8, 16), (4, 8)),
    4: ((5, 10, 20), (5, 10)),
}


@pytest.mark.parametrize("free", range(5))
def test_supermove_limit_matches_the_rules_table(free):
    onto_cards, onto_empty = RULES_TABLE[free]
    rules = FreeCell(4)
    for empty, limit in enumerate(onto_cards):
        assert rules.supermove_limit(free, empty) == limit
    for empty_in_all, limit in zip((1, 2), onto_empty):
        g = position([""] * empty_in_all + ["KS"] * (8 - empty_in_all),
                     cells=["AC"] * (4 - free) + ["-"] * free)
        assert g.supermove_limit(to_empty=True) == limit
    for empty, limit in enumerate(onto_cards):
        g = position([""] * empty + ["KS"] * (8 - empty), cells=["AC"] * (4 - free) + ["-"] * free)
        assert g.supermove_limit() == limit


def test_the_limit_is_enforced_at_the_boundary():
    # a 12-card run K..2 alternating; 2 free cells, 2 empty columns -> 12 onto cards
    run = "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S"
    g = position(["KC " + run[3:], "", "", "AH", "KS", "KD", "KC", "KH"],
                 cells=["AC", "AD", "-", "-"])
    # column 0: KC then QS..2S (11 cards); move onto a red king in column 5
    assert g.run_length(0) == 11
    assert g.supermove_limit() == 12
    assert g.move(0, 5) == G.OK
    g = position(["KC " + run[3:], "", "", "AH", "KS", "KD", "KC", "KH"],
                 cells=["AC", "AD", "AS", "-"])
    assert g.supermove_limit() == 8
    assert refused(g, 0, 5) == "needs room for 11 cards, 8 fit"


def test_cells_option_changes_the_table_and_the_limit():
    for cells in (1, 2, 3, 4):
        g = G.Game(cells=cells)
        assert g.table.cells == cells
        assert g.supermove_limit() == cells + 1
    with pytest.raises(ValueError):
        G.Game(cells=5)
    with pytest.raises(ValueError):
        G.Game(cells=0)


def test_a_missing_cell_is_no_place():
    g = position(["KS QH"], free_cells=2)
    assert refused(g, 0, C) == "no such place"
    assert g.move(0, B) == G.OK


def test_legal_targets_and_best_target():
    g = position(["KS 9H", "TC", "", "TS"], cells=["-", "AH", "-", "-"])
    mask = g.legal_targets(0)
    assert mask & (1 << 1) and mask & (1 << 3) and mask & (1 << 2)
    assert mask & (1 << A) and not mask & (1 << B)
    assert not mask & (1 << FOUND0 + 2)
    assert g.best_target(0) == 1  # a column with cards beats the empty one
    assert g.best_target(B) == FOUND0 + 2  # the ace goes home first
    assert g.error == G.OK  # queries leave no refusal behind
    g2 = position(["KS QH", "KD"] + ["KD"] * 6, cells=["AC", "AD", "AS", "2C"])
    assert g2.best_target(0) == -1


def test_refusals_after_the_game_is_over():
    g = position(["KS QH", ""])
    g.give_up()
    assert g.is_over()
    assert refused(g, 0, 1) == "the game is over"
