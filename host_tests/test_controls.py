"""The controls a move takes, what the table shows while holding,
questions before what cannot be taken back, lost positions, messages that
hide nothing, and text that fits the Thumby's 72x40."""


from freecell.table import CELL0, FOUND0
from helpers import position
from keyplan import Driver, labels


def on(columns, cells=(), home=(0, 0, 0, 0), width=128, height=64):
    d = Driver(1, width=width, height=height)
    game = position(columns, cells, home, autoplay=True)
    d.app.game = d.play.game = game
    d.play.reset()
    return d, game


def test_a_move_takes_three_presses_or_fewer_over_solver_lines():
    """The planner's cheapest presses for the board's solver's lines of deals
    1-10 (make bench measures deals 1-100: presses_per_move)."""
    import bench
    line = bench.presses_per_move(range(1, 11))
    assert float(line.split()[1]) <= 3.0, line


def test_a_move_on_the_thumby_takes_three_and_a_half_presses_or_fewer():
    """The same on the Thumby's 72x40 table and six buttons (make bench over
    deals 1-100: presses_per_move_thumby)."""
    import bench
    line = bench.presses_per_move(range(1, 11), thumby=True)
    assert line.startswith("presses_per_move_thumby: ") and float(line.split()[1]) <= 3.5, line


def test_the_quick_action_never_sends_a_card_back_where_it_came_from():
    # 9H can go onto TS or TC: quick sends it to the nearer, then from there
    # not back again but on to the other black ten
    d, game = on(["KD TS", "KH 9H", "QD TC", "KC"])
    d.press("right", "long-a")
    first = [c for c in range(4) if game.table.heights[c] == 3 and c != 1]
    assert len(first) == 1 and game.moves == 1
    d.play.point_at(first[0])
    d.press("long-a")
    assert game.moves == 2 and game.table.heights[1] == 1  # not back to column 2
    d.play.point_at(first[0])  # the first ten: the 9H left it; nothing to undo there
    assert game.best_target(next(c for c in (0, 2) if game.table.heights[c] == 3)) != 1


def test_with_nothing_held_the_cursor_skips_what_cannot_be_picked_up():
    d, game = on(["KS", "", "QH", "", "JC", "KD", "QC", "JH"], cells=["-", "5D", "-", "-"])
    d.press("right")
    assert (d.play.row, d.play.col) == (1, 2)  # past the empty column 2
    d.press("down")  # from a top card: the top row, on its card
    assert (d.play.row, d.play.col) == (0, 1)
    d.press("right")  # no other card up there: one step
    assert (d.play.row, d.play.col) == (0, 2)
    d.press("up")  # and back down to the columns
    assert d.play.row == 1


def test_holding_up_and_down_go_to_the_other_rows_legal_place():
    d, game = on(["KS QH", "KC", "KD", "KH"])
    d.press("a")  # QH: onto KS? no (same column); KC: yes; a free cell
    assert d.play.held == 0 and d.play.location() == 1
    d.press("up")
    assert CELL0 <= d.play.location() < FOUND0
    d.press("down")
    assert d.play.location() == 1


def test_a_lost_position_says_so_and_b_closes_the_message_then_undoes():
    # the cells full after 9H goes into the last one: no card can go anywhere
    d, game = on(["KS 2D", "KD 2C", "KC 2H", "KH 2S 9H", "QS", "QD", "QC", "QH"],
                 cells=["9C", "9D", "9S", "-"])
    assert game.has_move()
    d.press("right*3", "a")  # 9H: its only place, the free cell
    d.press("a")
    assert not game.has_move()
    assert d.message() == "NO MOVES LEFT: UNDO WITH B, OR GIVE UP IN THE MENU"
    d.press("b")  # the message goes, and nothing else (a tournament's undo costs points)
    assert game.undos == 0 and not d.play.message_lines
    d.press("b")
    assert game.undos == 1 and game.table.cell_cards[3] == 255
    # with nothing to take back: give up is the way on
    d, game = on(["KS 2D", "KD 2C", "KC 2H", "KH 2S", "QS", "QD", "QC", "QH"],
                 cells=["9C", "9D", "9S", "9H"])
    d.app.go(d.play)
    assert d.message() == "NO MOVES LEFT: GIVE UP IN THE MENU"


# deal 9, misplayed: moves are left, but every line from here is lost
LOST_9 = ("8c 5d 2b 23 d6 5a cd bc 4b 35 53 25 62 d8 8d 26 62 d8 1d 26 81 62 26 62 18 26 62 "
          "81 18 26 81 62 18 26 62 81 26 18 81 62 26 62 18 26 81 18 81 18").split()


def test_winnable_answers_at_once_where_few_moves_are_left():
    """Where no position has more moves than the first strategy tries, its
    running out is a proof: winnable? says no after a handful of positions,
    not after trying every strategy in turn."""
    from freecell import notation
    from freecell.game import Game
    game = Game()
    game.deal(9)
    for token in LOST_9:
        p = notation.parse_move(token)
        assert game.play(p) == 0
    assert game.has_move()
    d = Driver(9)
    d.app.game = d.play.game = game
    d.play.reset()
    d.press("start").choose("winnable")
    for _ in range(50):
        if not d.app.assistant.busy():
            break
        d.hold(0, 10)
    solver = d.app.assistant.solver
    assert d.message() == "NO: THIS GAME CAN NO LONGER BE WON"
    assert solver.strategy == 0 and solver.positions <= 10


def test_a_message_box_covers_no_card_a_player_can_play():
    from test_sim import moves
    from keyplan import keys_for_transcript
    _, played = keys_for_transcript(252, moves("host_tests/data/252-long-column.moves"))
    for width, height in ((128, 64), (72, 40)):
        d = Driver(1, width=width, height=height)
        d.app.game = d.play.game = played.game
        d.play.reset()
        d.play.say_text("a message long enough to need three lines on any screen of these")
        assert d.play.message_lines == 3
        d.app.redraw()
        view, t = d.app.view, played.game.table
        box_top = height - (3 * 6 + 3)
        first = view.first
        for c in range(first, min(t.columns, first + d.app.layout.cols.visible)):
            assert view.ends[c] <= box_top, (width, c, view.ends[c], box_top)


def test_leaving_a_game_in_progress_from_the_title_asks_first():
    d = Driver(617)
    d.press("a", "a")  # a move: now it is a game someone played
    d.press("start").choose("title")
    d.choose("random", sure=False)  # NEW GAME
    assert d.app.showing("confirm") and d.app.lazy("confirm").title == b"LEAVE THIS GAME?"
    d.press("a")  # NO
    assert d.app.screen is d.app.title and d.app.in_progress
    assert d.game.number.text() == "617"
    d.choose("random")  # YES this time: the game is given up, a new one dealt
    assert d.app.screen is d.play and d.game.number.text() != "617"


SCREENS = [("title", None), ("menu", "start"), ("settings", "settings"),
           ("stats", "stats"), ("help", "help"), ("games", "game:random"),
           ("tournament", "game:tournament")]


def labels_on_a_thumby():
    """Every line of text each list and page shows on a 72x40 display."""
    from app.storage import Storage
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
    from files import FakeFiles
    d = Driver(width=72, height=40, storage=Storage(FakeFiles()))
    d.app.new_game("617")
    d.press("start").choose("give_up")  # some statistics to show
    d.press("a")
    shown = {"title": list(labels(d.app.title))}
    for name, action in SCREENS[2:]:
        d.choose(action)
        screen = d.app.screen
        shown[name] = list(getattr(screen, "labels", ())) + list(getattr(screen, "lines", ()))
        if name == "games":
            d.press("b")
        elif name == "tournament":
            d.press("b")
        else:
            d.press("b")
        if d.app.screen is not d.app.title:
            d.app.go(d.app.title)
    d.app.new_game("5")
    d.press("start")
    shown["menu"] = list(labels(d.app.menu)) + [d.app.menu.title]
    d.choose("give_up", sure=False)
    shown["confirm"] = list(labels(d.app.lazy("confirm"))) + [d.app.lazy("confirm").title]
    d.press("down", "a")
    shown["end"] = [bytes(line.buf[:line.n]) for line in d.app.lazy("end").lines]
    return shown


def test_every_screens_text_fits_the_thumby():
    for screen, lines in labels_on_a_thumby().items():
        for line in lines:
            line = bytes(line)
            limit = 18 if screen != "title" else 17  # the list's 4 px inset
            assert len(line) <= limit, (screen, line)


def test_holding_on_the_thumby_the_status_line_fits():
    d = Driver(617, width=72, height=40)
    d.press("a")
    d.app.redraw()
    line = d.app.view.status
    assert line.n <= 18 and bytes(line.buf[:line.n]).endswith(b"B:DROP")
