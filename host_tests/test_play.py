"""Autoplay, finish, give up, undo/redo and the score, as docs/RULES.md says."""

from freecell import game as G
from freecell import reasons as R
from freecell.game import Game
from freecell.table import CELL0, FOUND0, FOUNDATION
from helpers import position, snapshot, column_text

A = CELL0
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def test_autoplay_sends_aces_and_twos_at_once():
    g = position(["KS 2H", "KD AH", "QC"], autoplay=True)
    assert g.move(2, A) == G.OK  # any move triggers autoplay
    assert g.table.foundations[HEARTS] == 2
    assert column_text(g, 0) == "KS" and column_text(g, 1) == "KD"
    assert g.score == 20 and g.moves == 1  # autoplay scores but is no move


def test_a_card_is_safe_once_both_other_colour_cards_one_lower_are_home():
    # 5H needs 4S and 4C home
    g = position(["KD 5H", "QD"], home=(3, 4, 4, 4), autoplay=True)
    g.move(1, A)
    assert column_text(g, 0) == "KD 5H", "4C is not home: 5H must wait"
    g = position(["KD 5H", "QD"], home=(4, 4, 4, 4), autoplay=True)
    g.move(1, A)
    assert column_text(g, 0) == "KD" and g.table.foundations[HEARTS] == 5


def test_autoplay_repeats_until_nothing_is_safe():
    # AC frees 2C, which frees 3C (safe: 2D and 2H are home), then 4C waits
    g = position(["KS 4C 3C", "KD 2C", "KH AC", "QH"], home=(0, 2, 2, 0), autoplay=True)
    assert g.move(3, A) == G.OK
    assert g.table.foundations[CLUBS] == 3
    assert column_text(g, 0) == "KS 4C"


def test_three_waits_for_the_other_colour_twos():
    g = position(["KS 3C", "2C", "AC", "QH"], autoplay=True)
    g.move(3, A)
    assert g.table.foundations[CLUBS] == 2 and column_text(g, 0) == "KS 3C"
    g = position(["KS 3C", "2C", "AC", "QH"], home=(0, 2, 2, 0), autoplay=True)
    g.move(3, A)
    assert g.table.foundations[CLUBS] == 3


def test_autoplay_off_moves_nothing_and_the_quick_action_sends_home():
    g = position(["KS AH", "QD"], autoplay=False)
    g.move(1, A)
    assert column_text(g, 0) == "KS AH"
    assert g.send_home(0) == G.OK
    assert g.table.foundations[HEARTS] == 1 and g.moves == 2


def test_the_deal_itself_triggers_autoplay_and_that_is_not_undoable():
    # deal 1 has no ace on top; find a deal whose columns show one
    g = Game(autoplay=True)
    for n in range(1, 200):
        g.deal(n)
        if g.cards_home():
            break
    assert g.cards_home() > 0 and g.moves == 0
    assert g.score == 10 * g.cards_home()
    assert g.undo() == R.E_NO_UNDO


def test_undo_takes_back_the_move_with_its_autoplay():
    g = position(["KS 2H", "KD AH", "QC"], autoplay=True)
    before = snapshot(g)
    g.move(2, A)
    assert g.undo() == G.OK
    after = snapshot(g)
    assert after[:3] == before[:3]  # the same cards in the same places
    assert (g.moves, g.undos, g.score) == (2, 1, 10)  # 20 - 10


def test_score_never_below_zero_and_undo_costs_a_move():
    g = position(["KS QH", "KD", "5C"])
    g.move(2, A)
    g.undo()
    assert g.score == 0 and g.moves == 2 and g.undos == 1
    assert g.undo() == R.E_NO_UNDO and g.reason() == "nothing to undo"


def test_redo_plays_the_undone_move_again_and_a_new_move_drops_redo():
    g = position(["KS 2H", "KD AH", "QC", "JD"], autoplay=True)
    g.move(2, A)
    moved = snapshot(g)
    g.undo()
    assert g.redo() == G.OK
    assert snapshot(g)[:3] == moved[:3]
    assert g.redo() == R.E_NO_REDO
    g.undo()
    g.move(3, A)
    assert g.redo() == R.E_NO_REDO and g.reason() == "nothing to redo"


def test_the_oldest_moves_fall_off_the_undo_ring():
    g = position(["KS QH", "KD", "KC"] + ["KH"] * 5)
    for i in range(1001):  # QH shuttles between two kings, ends on KC
        assert g.move(0 if i % 2 == 0 else 2, 2 if i % 2 == 0 else 0) == G.OK
    for _ in range(360):  # the ring holds 360 steps
        assert g.undo() == G.OK
    assert g.undo() == R.E_NO_UNDO
    assert column_text(g, 2) == "KC QH"  # 1001 - 360 = 641 moves: odd


def test_at_least_300_player_moves_stay_undoable_with_all_autoplay_kept():
    from freecell.history import History, GROUP_START, AUTO
    h = History()
    for _ in range(52):  # every card sent home by autoplay after some move
        h.push(0, 1, 1, GROUP_START)
        h.push(1, 14, 1, AUTO)
    for _ in range(300):
        h.push(0, 1, 1, GROUP_START)
    assert h.groups() >= 300
    assert h.head - h.first <= h.capacity


def test_finish_plays_everything_home_counting_each_card():
    g = position(["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "KS QS", "KD QD", "KC QC"],
                 home=(11, 11, 0, 11))
    assert g.can_finish()
    assert g.finish() == G.OK
    assert g.is_won() and g.cards_home() == 52
    assert g.moves == 19 and g.score == 190
    assert g.win_bonus() == 700 - 2 * 19
    assert g.final_score() == 190 + 662


def test_finish_refuses_while_a_card_is_buried():
    g = position(["AH KH", "QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"], home=(13, 13, 0, 13))
    assert not g.can_finish()
    assert g.finish() == R.E_NO_FINISH
    assert g.reason() == "not every card can go home yet"


def test_win_bonus_never_below_zero():
    g = position(["KH"], home=(13, 13, 12, 13))
    g.moves = 400
    assert g.move(0, FOUNDATION) == G.OK
    assert g.is_won() and g.win_bonus() == 0


def test_give_up_keeps_the_score_so_far():
    g = position(["KS QH", "AC"], autoplay=False)
    g.move(1, FOUND0)
    g.give_up()
    assert g.state == G.GAVE_UP and g.final_score() == 10
    assert g.undo() == R.E_OVER


def test_restart_deals_the_same_game_again():
    g = Game()
    g.deal(617)
    fresh = snapshot(g)
    g.move(0, A)
    g.restart()
    assert snapshot(g) == fresh


def test_deal_with_bad_numbers_keeps_the_game():
    g = Game()
    g.deal(617)
    g.move(0, A)
    before = snapshot(g)
    assert g.deal("0") == "deal number must be 1 to 8589934591"
    assert g.deal("x") == "deal number must be a whole number"
    assert g.deal(0) == "deal number must be 1 to 8589934591"
    assert snapshot(g) == before

