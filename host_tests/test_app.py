"""The handheld app driven through its buttons, in-process on the sim board."""

import pytest

from keyplan import Driver, actions, labels
from helpers import column_text, snapshot


def test_title_offers_new_game_deal_number_stats_settings_and_controls():
    d = Driver()
    assert d.app.screen is d.app.title
    assert labels(d.app.title) == [b"NEW GAME", b"DAILY DEAL", b"DEAL NUMBER", b"GAME CODE",
                                  b"TOURNAMENT", b"STATISTICS", b"SETTINGS", b"CONTROLS"]
    d.press("a")  # NEW GAME: which game first, the last one chosen lit
    assert d.app.screen is d.app.game_picker and labels(d.app.game_picker)[0] == b"FREECELL"
    d.press("a")
    assert d.app.screen is d.play and d.game.number.text() not in ("11982", "146692")
    d.press("start")
    assert d.app.screen is d.app.menu
    d.choose("title")  # NEW GAME -> title, now with RESUME first
    assert d.app.screen is d.app.title and labels(d.app.title)[0] == b"RESUME"


def test_random_deals_differ_by_seed_and_skip_the_unwinnable():
    from app import dealer
    from freecell.daily import UNWINNABLE
    numbers = {Driver(seed=s).press("a", "a").game.number.text() for s in range(1, 8)}
    assert len(numbers) == 7
    d = Driver(seed=1)
    for _ in range(500):
        n = dealer.random_deal(d.app)
        assert 1 <= n <= 1000000 and n not in UNWINNABLE


def test_deal_number_editor_enters_any_number_and_refuses_zero():
    d = Driver()
    d.choose("enter_deal")
    assert d.app.showing("entry")
    assert d.app.lazy("entry").text() == "0000000001"
    d.press("down")  # 1 -> 0 in the last digit: 0000000000
    d.press("a")
    assert d.app.showing("entry")
    error = d.app.lazy("entry").error
    assert bytes(error.buf[:error.n]) == b"1 TO 8589934591 ONLY"
    d.press("left", "up*6", "right", "up*7", "a")  # 0000000067
    assert d.app.screen is d.play and d.game.number.text() == "67"


def test_deal_number_editor_refuses_numbers_past_the_range():
    d = Driver()
    d.choose("enter_deal").press("left*9", "up*9", "a")  # 9000000001
    assert d.app.showing("entry")
    d.press("b")
    assert d.app.screen is d.app.title


def test_the_largest_deal_number_can_be_entered():
    d = Driver()
    d.choose("enter_deal")
    for i, digit in enumerate("8589934591"):
        d.app.lazy("entry").values[i] = int(digit)
    d.press("a")
    assert d.game.number.text() == "8589934591"
    assert d.app.play.deal_text == b"8589934591"


def test_pick_up_and_put_down_moves_a_card():
    d = Driver(617)
    d.press("right*3", "a")  # 4H picked up (column 4): the cursor on its best place
    p = d.play
    assert p.held == 3 and p.targets >> p.location() & 1
    assert p.location() == d.game.best_target(3)
    d.press("a")  # put down there
    assert d.game.moves == 1 and p.held == -1
    assert (p.row, p.col, p.depth) == (1, 3, 0)  # back on column 4, its new top card


def test_holding_the_cursor_steps_between_legal_places_only():
    d = Driver(617)
    d.press("a")  # JD: a free cell (one for all four), or columns that take it
    p, game = d.play, d.game
    seen = set()
    for _ in range(12):
        loc = p.location()
        assert game.check(0, loc, 0) == 0, loc
        seen.add(loc)
        d.press("right")
    assert seen == {loc for loc in range(23) if p.targets >> loc & 1}
    assert len([loc for loc in seen if 10 <= loc < 18]) == 1  # the cells: one place
    before = snapshot(game)
    d.press("b")  # dropped: back where it lies, nothing changed
    assert p.held == -1 and snapshot(game) == before and p.location() == 0


def test_a_card_with_no_place_to_go_says_so_and_is_not_picked_up():
    d, game = on_position(["KS 2D", "KD", "KC", "KH", "QS", "QC", "QH", "QD"])
    for i, word in enumerate(("5C", "5D", "5H", "5S")):
        game.table.cell_cards[i] = __import__("freecell.cards", fromlist=["parse"]).parse(word)
    before = snapshot(game)
    d.press("a")
    assert d.message() == "NO PLACE TAKES 2D NOW" and d.play.held == -1
    assert snapshot(game) == before


def test_b_undoes_when_nothing_is_held():
    d = Driver(617)
    d.press("a", "up", "a")  # JD to cell a
    assert d.game.table.cell_cards[0] != 255
    d.press("b")
    assert d.game.table.cell_cards[0] == 255 and d.game.undos == 1
    d.press("b")
    assert d.message() == "NOTHING TO UNDO"


def test_quick_action_sends_home_or_to_the_best_place():
    d = Driver(617)
    d.press("select")  # JD: no foundation; best place: a column? no: a free cell
    assert d.game.table.cell_cards[0] == 10 * 4 + 1  # JD
    d.press("long-a")  # the next card down column 1: 4S -> best place
    assert d.game.moves == 2


def on_position(columns):
    """A driver whose game is set to a position (see helpers.position)."""
    from helpers import position
    d = Driver(1)
    game = position(columns)
    d.app.game = d.play.game = game
    d.play.reset()
    return d, game


def test_picking_a_card_up_the_column_moves_that_many_to_an_empty_column():
    d, game = on_position(["KS 9H 8C 7D", "KD", "QS", "JH", "TC", "9D", "8S", ""])
    d.press("up*2", "a")  # the cursor on 9H: pick up 9H 8C 7D
    assert d.play.held == 0 and d.play.held_count == 3
    d.press("left", "a")  # onto column 8, empty
    assert column_text(game, 7) == "9H 8C 7D" and column_text(game, 0) == "KS"


def test_picking_up_the_top_card_lets_the_rules_choose_the_count():
    d, game = on_position(["KS 9H 8C 7D", "TC", "QS", "JH", "KC", "9D", "8S", "KD"])
    d.press("a", "a")  # only 7D held; its best place is TC, and the run 9H 8C 7D goes
    assert column_text(game, 1) == "TC 9H 8C 7D"


def test_picking_a_non_run_is_refused():
    d, game = on_position(["KS 9H 8C 2D", "KD"] + ["KC"] * 6)
    d.press("up*2", "a")
    assert d.play.held == -1 and d.message() == "NO RUN THERE: ONLY THE TOP CARD CAN MOVE"


def test_cursor_reveals_any_card_and_moves_round_the_table():
    d = Driver(617)
    d.press("up*6")
    assert (d.play.row, d.play.depth) == (1, 6)  # the deepest card of column 1
    d.press("up")
    assert d.play.row == 0
    d.press("left")
    assert d.play.col == 7  # wraps: the spades foundation
    d.press("down")
    assert (d.play.row, d.play.col, d.play.depth) == (1, 7, 0)


def test_menu_toggles_autoplay_restarts_and_gives_up():
    d = Driver(617)
    fresh = snapshot(d.game)
    d.press("a", "up", "a")
    d.press("start").choose("autoplay")
    assert d.game.autoplay is False and d.app.screen is d.app.menu
    assert labels(d.app.menu)[actions(d.app.menu).index("autoplay")] == b"AUTOPLAY: OFF"
    d.choose("restart", sure=False)  # asks first, NO lit
    assert d.app.showing("confirm") and d.app.lazy("confirm").choice == 0
    d.press("a")  # NO: back to the menu, nothing changed
    assert d.app.screen is d.app.menu and d.game.moves == 1
    d.choose("restart", sure=False).press("down", "a")  # YES
    assert snapshot(d.game)[:3] == fresh[:3] and d.game.moves == 0
    d.press("long-b")  # a long B opens the menu too
    assert d.app.screen is d.app.menu
    d.choose("give_up", sure=False).press("b")  # B: no
    assert d.app.screen is d.app.menu and not d.game.is_over()
    d.choose("give_up", sure=False).press("down", "a")
    assert d.app.showing("end") and d.game.is_over()
    d.press("a")
    assert d.app.screen is d.app.title and labels(d.app.title)[0] == b"NEW GAME"


def test_the_menus_items_stay_put_and_what_cannot_be_done_says_why():
    d = Driver(617)
    d.press("start")
    fresh = list(labels(d.app.menu))
    d.choose("redo")  # struck through: nothing to redo
    assert d.app.screen is d.app.menu and d.app.menu.notice == "nothing to redo"
    d.press("b")  # the box goes, and nothing else
    assert d.app.screen is d.app.menu and d.app.menu.notice is None
    d.press("b")  # back to the game
    d.press("a", "a", "b")  # a move, then B: undo
    d.press("start")
    assert labels(d.app.menu) == fresh  # the same items, in the same places
    d.choose("redo")
    assert d.app.screen is d.play and d.game.moves == 3 and d.game.undos == 1


def test_controls_help_from_the_menu_returns_to_the_game():
    d = Driver(617)
    d.press("start", "up", "a")  # the last item: CONTROLS
    assert d.app.showing("help")
    d.press("b")
    assert d.app.screen is d.play


def test_redraw_happens_only_when_something_changed():
    d = Driver(617)
    n = d.app.redraws
    d.hold(0, 2000)
    assert d.app.redraws == n
    d.press("right")
    assert d.app.redraws == n + 1


def test_mashing_every_button_keeps_the_game_sound():
    import random
    d = Driver(617)
    rng = random.Random(5)
    for _ in range(3000):
        d.hold(rng.randrange(256), rng.randrange(1, 4) * 10)
        assert d.game.table.count_cards() == 52


def test_finish_from_the_menu_wins_and_shows_the_score():
    d, game = on_position(["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "KS QS", "KD QD", "KC QC",
                           "", "", "", ""])
    for s, n in ((0, 11), (1, 11), (3, 11)):
        game.table.pile_up(s, n)
    d.press("start")
    assert b"FINISH" in labels(d.app.menu)
    d.choose("finish")
    assert game.is_won() and d.app.showing("end")
    assert bytes(d.app.lazy("end").lines[0].buf[: d.app.lazy("end").lines[0].n]) == b"YOU WON!"


def test_the_glyph_module_is_what_its_generator_writes():
    import os
    import subprocess
    import sys
    from conftest import TOOLS
    result = subprocess.run([sys.executable, os.path.join(TOOLS, "make_glyphs.py"), "--check"])
    assert result.returncode == 0, "run python3 tools/make_glyphs.py and commit the result"


@pytest.mark.parametrize("width,height", [(128, 64), (72, 40)])
def test_every_card_can_be_brought_under_the_cursor_and_read(width, height):
    """Walk the cursor over every card of deal 252 after 45 moves (an 18-card
    column): each card under the cursor is drawn whole (its rank and suit
    rows), inside the screen, above the status line."""
    import os
    from conftest import ROOT
    from keyplan import keys_for_transcript
    tokens = open(os.path.join(ROOT, "host_tests", "data", "252-long-column.moves")).read().split()
    _, played = keys_for_transcript(252, tokens)
    d = Driver(252, width=width, height=height)
    d.app.game = d.play.game = played.game
    d.play.reset()
    view, lay, t = d.app.view, d.app.layout, played.game.table
    seen = 0
    for c in range(8):
        while d.play.col != c:
            d.press("right")
        for depth in range(t.heights[c]):
            assert (d.play.row, d.play.depth) == (1, depth)
            d.app.redraw()
            assert view.focus_h >= lay.head, (c, depth)
            # the card and at least one pixel of each bracket on screen (the
            # last column's right bracket is 1 px wide on 128 px: 129 needed)
            assert 0 <= view.focus_x - 2 and view.focus_x + lay.cols.card_w + 1 <= width
            assert lay.columns_y <= view.focus_y and view.focus_y + view.focus_h < lay.status_y
            # and no column runs into the status line (or the 72x40 strip)
            in_view = range(view.first, view.first + lay.cols.visible)
            assert all(view.ends[k] <= view.bottom for k in in_view), (c, depth)
            seen += 1
            if depth < t.heights[c] - 1:
                d.press("up")
        d.press("down*%d" % (t.heights[c] - 1))
    assert seen == sum(t.heights[c] for c in range(8))


def test_the_share_line_names_the_game():
    d = Driver()
    d.choose("random", game="seahaven")
    d.press("start").choose("give_up")
    assert d.app.showing("end")
    line = d.app.lazy("end").lines[4]
    assert bytes(line.buf[:line.n]) == b"SEAHAVEN #" + d.play.deal_text


def test_a_board_with_a_menu_of_its_own_gets_quit_which_saves_the_game_first():
    """The Thumby's quit() (back to its launcher) as QUIT, last on the title
    and the menu; the game in progress is saved before it is called.  A
    board without one has no QUIT."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
    from files import FakeFiles
    from app.storage import GAME, Storage

    assert b"QUIT" not in labels(Driver().app.title)
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    left = []
    d.app.quit = lambda: left.append(GAME in files.files)
    d.app.go(d.app.title)
    assert labels(d.app.title)[-1] == b"QUIT"
    d.press("a", "a", "right", "a", "right", "a", "right", "a", "right*3", "a")  # moves
    assert d.game.moves >= 2
    d.press("start")
    assert labels(d.app.menu)[-1] == b"QUIT" and actions(d.app.menu)[-1] == "quit"
    d.press("up", "a")
    assert left == [True]  # saved when quit() was called
    again = Driver(storage=Storage(files))  # the next start: the game as it was left
    assert labels(again.app.title)[0] == b"RESUME"
    again.press("a")
    assert again.game.moves == d.game.moves and snapshot(again.game) == snapshot(d.game)
