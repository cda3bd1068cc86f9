"""The optional rule: a foundation's top card may come back to a column or a
free cell.  Off by default (the setting FROM HOME); the game, autoplay, the
score, undo, saves, the loader and the solver all respect it."""

import os
import sys

from conftest import TOOLS, run
from freecell import container, loadgame, savefile
from freecell.game import OK, Game
from freecell.movelog import src_of
from freecell.solver import NO_SOLUTION, SOLVED, Solver
from freecell.table import CELL0, FOUND0, FOUNDATION
from freecell.notation import move_text, parse_move
from helpers import column_text, position

CLUBS, DIAMONDS, HEARTS, SPADES = FOUND0, FOUND0 + 1, FOUND0 + 2, FOUND0 + 3
FC = os.path.join(TOOLS, "fc.py")

# no move at all but bringing 5C back onto 6H, then 4H onto it: every top
# card red, the one cell taken, 3H under 4H (solvable only with the rule)
STUCK = ["3H 4H", "6D 5H", "6C 7D", "KC QC JC TC 9C 8C 7C 6H", "8D 9D 7H", "TD JD 8H",
         "QD KD 9H TH", "JH QH"]


def stuck(take_back, autoplay=True):
    g = position(STUCK, ["KH"], home=(5, 5, 2, 13), free_cells=1, autoplay=autoplay)
    g.take_back = take_back
    return g


def test_off_by_default_the_foundations_keep_their_cards():
    g = stuck(False)
    assert not Game().take_back
    assert g.move(CLUBS, 3) != OK and g.reason() == "cards on the foundations stay there"
    assert g.legal_targets(CLUBS) == 0


def test_with_the_rule_a_top_card_comes_back_under_the_rules_of_the_table():
    g = stuck(True)
    assert g.legal_targets(CLUBS) == 1 << 3  # onto 6H only: no cell, no empty column
    assert g.move(DIAMONDS, 3) != OK and g.reason() == "5D doesn't go on 6H"
    assert g.move(CLUBS, HEARTS) != OK
    assert g.reason() == "a card taken from a foundation goes to a column or a free cell"
    assert g.move(CLUBS, FOUNDATION) != OK
    score = g.score = 50
    assert g.move(CLUBS, 3) == OK
    # autoplay leaves it there (it would only send it home again); the score
    # gives back what going home gave
    assert column_text(g, 3).endswith("6H 5C") and g.table.foundations[0] == 4
    assert g.score == score - 10
    assert g.move(0, 3) == OK  # 4H onto 5C; then autoplay: 3H, 4H, 5C home...
    assert g.table.foundations[2] >= 4 and g.table.foundations[0] >= 5
    while g.undo() == OK:
        pass
    assert g.table.foundations[:4] == bytes((5, 5, 2, 13)) and column_text(g, 0) == "3H 4H"
    assert g.redo() == OK and column_text(g, 3).endswith("6H 5C")
    g2 = stuck(True)
    assert g2.move(SPADES, CELL0) != OK and g2.reason() == "that cell is taken"


def test_a_save_keeps_the_rule_and_a_history_that_breaks_it_is_refused():
    g = stuck(True)
    g.number.set(1)
    g.history.from_deal = False
    assert g.move(CLUBS, 3) == OK and g.move(0, 3) == OK
    data = savefile.encode_game(g, 3)
    again = Game()
    assert loadgame.decode_game(data, again) == 3 and again.take_back
    assert again.undo() == OK and again.undo() == OK
    assert column_text(again, 0) == "3H 4H"
    # the same file claiming the rule off: its first step is now forbidden
    p = bytearray(data[container.HEADER:-container.TRAILER])
    p[7] &= ~16
    forged = container.wrap(savefile.GAME, savefile.GAME_VERSION, p, len(p))
    assert loadgame.decode_game(forged, Game()) == "the undo history holds a move the rules forbid"


def solve(game):
    s = Solver(budget=200000, table_bits=16)
    s.start(game)
    while not s.step(5000):
        pass
    return s


def test_the_solver_takes_cards_back_only_under_the_rule():
    assert solve(stuck(False)).state == NO_SOLUTION  # searched through: no move at all
    g = stuck(True)
    s = solve(g)
    assert s.state == SOLVED
    line = s.moves(True)
    assert src_of(line[0]) == CLUBS  # 5C comes back first
    for m in line:
        assert g.play(m) == OK, g.reason()
    assert g.is_won()


def test_notation_names_the_pile_a_card_leaves():
    assert move_text(CLUBS, 3) == "h14" and move_text(FOUND0 + 2, CELL0) == "h3a"
    assert parse_move("h14") == CLUBS | 3 << 5 and parse_move("h3a") == (FOUND0 + 2) | CELL0 << 5
    assert parse_move("ha") == -1  # a card leaves a named pile


def test_fc_py_solves_and_replays_with_the_rule():
    for game in ("freecell", "halfcell"):
        solve = run([sys.executable, FC, "solve", "7", "--game", game, "--take-back"])
        assert solve.returncode == 0, solve.stderr
        replay = run([sys.executable, FC, "replay", "7", "--game", game, "--take-back"],
                     stdin=solve.stdout)
        assert replay.returncode == 0 and replay.stdout.splitlines()[-1] == "solved"
    refused = run([sys.executable, FC, "replay", "1", "--no-autoplay", "6a", "6b", "6h", "h11"])
    assert refused.returncode == 1
    assert "cards on the foundations stay there" in refused.stderr


def test_on_the_device_the_setting_lets_the_cursor_pick_a_card_up_from_home():
    from keyplan import Driver, labels

    d = Driver()
    d.choose("settings")
    d.choose("take_back")
    assert d.app.keeper.settings.take_back and b"FROM HOME: ON" in labels(d.app.screen)
    d.press("b")
    d.app.new_game("1")
    assert d.game.take_back
    # 3D and 2C to the cells: AC goes home, and 2C after it
    assert d.game.move(5, CELL0) == OK and d.game.move(5, CELL0 + 1) == OK
    assert d.game.table.foundations[0] == 2
    d.play.point_at(CLUBS)
    d.press("a")  # the clubs pile: 2C picked up
    assert d.play.held == CLUBS
    p = d.play
    while not 10 <= p.location() < 18:  # a free cell, among its legal places
        d.press("right")
    d.press("a")
    assert 4 in d.game.table.cell_cards and d.game.table.foundations[0] == 1
    d.app.new_game("2")  # the setting off again: the next deal keeps its cards home
    d.app.keeper.settings.take_back = False
    d.app.new_game("3")
    assert not d.game.take_back
