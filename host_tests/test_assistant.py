"""The solver on the device: hint, show me, is it winnable, B to stop, and
the daily deal."""

from app import records_format as R
from app import dealer
from freecell.daily import UNWINNABLE
from app.assistant import STEP
from freecell.solver import BOARD_BUDGET
from app.records_format import DAILY, SOLVED
from keyplan import Driver


def think(d):
    """Let the solver work until it has answered (or the test gives up)."""
    for _ in range(400):
        if not d.app.assistant.busy():
            return
        d.hold(0, 100)
    raise AssertionError("the solver never finished")


def hinted(d):
    d.press("start").choose("hint")
    think(d)
    message = d.message()
    assert message.startswith(("HINT: ", "A GUESS: ")), message
    return message


def test_a_hint_names_a_legal_move_and_puts_the_cursor_on_it():
    d = Driver(1)  # solved well within the board's budget
    message = hinted(d)
    assert message.startswith("HINT: ")
    p = d.play
    src, dst = p.hint_src, p.hint_dst
    assert p.location() == src and dst >= 0
    assert d.game.move(src, dst, p.hint_count) == 0


def test_when_the_budget_runs_out_the_hint_is_the_best_ranked_move():
    d = Driver(336)  # not solved within the board's budget by this solver
    message = hinted(d)
    assert message.startswith("A GUESS: ")
    p = d.play
    assert d.game.move(p.hint_src, p.hint_dst, p.hint_count) == 0


def test_winnable_says_yes_for_a_fresh_deal_and_not_sure_when_the_budget_runs_out():
    d = Driver(1)
    d.press("start").choose("winnable")
    think(d)
    assert d.message().startswith("YES: THE SOLVER WINS FROM HERE IN ")
    hard = Driver(11982)
    hard.press("start").choose("winnable")
    think(hard)
    message = hard.message()
    assert message.startswith("NOT SURE: NO WIN FOUND IN ")
    assert BOARD_BUDGET <= int(message.split()[6].replace(",", "")) <= BOARD_BUDGET + STEP


def test_the_progress_shows_and_b_stops_the_solver():
    d = Driver(11982)  # long enough to watch
    d.press("start").choose("winnable")
    assert d.app.assistant.busy() and d.play.thinking() >= 0
    d.press("b")
    assert not d.app.assistant.busy() and d.message() == "STOPPED"


def test_a_search_works_in_small_slices_and_redraws_only_when_its_progress_moves():
    from app.paint import Painter
    from app.table_view import TableView
    from boards.sim import SimDisplay

    d = Driver(11982)  # runs the whole budget
    d.press("start").choose("winnable")
    before = d.app.redraws
    solver = d.app.assistant.solver
    whole = SimDisplay()  # where the whole table is drawn, to compare
    view = TableView(Painter(whole), d.app.layout)
    slices = []
    shown = d.display.shown
    progress = []
    while d.app.assistant.busy():
        tries = solver.tries
        d.hold(0, 10)
        slices.append(solver.tries - tries)
        if d.display.shown != shown and d.app.assistant.busy():
            shown = d.display.shown
            progress.append(d.play.thinking())
            view.draw(d.game, d.play)
            assert d.display.buffer == whole.buffer, progress[-1]
    assert max(slices) <= 2 * STEP  # small slices: the buttons are read often
    # a frame per percent, each only the status line drawn again over the
    # last (and each the frame a whole redraw would give); and the answer
    assert 90 <= len(progress) <= 100 and progress == sorted(set(progress))
    assert d.app.redraws - before == 1


def test_show_me_plays_the_game_out_and_the_statistics_say_so():
    from app.storage import Storage
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
    from files import FakeFiles
    d = Driver(1, storage=Storage(FakeFiles()))
    d.press("start").choose("show")
    for _ in range(1000):
        if d.app.showing("end"):
            break
        d.hold(0, 200)
    assert d.game.is_won() and d.app.showing("end")
    assert bytes(d.app.lazy("end").lines[0].buf[: d.app.lazy("end").lines[0].n]) == b"SOLVED"
    st = d.app.keeper.stats
    assert (st.total(R.WINS), st.total(R.GIVEN_UP), st.total(R.BY_SOLVER)) == (0, 1, 1)
    assert st.consistent()
    assert st.record(0)[2] == SOLVED


def test_any_key_stops_show_me():
    d = Driver(1)
    d.press("start").choose("show")
    for _ in range(30):
        d.hold(0, 200)
    assert d.game.moves > 0 and d.app.assistant.busy()
    d.press("left")  # a move due while the press settles may still land
    moves = d.game.moves
    d.hold(0, 3000)
    assert d.game.moves == moves and not d.app.assistant.busy()
    assert d.message() == "STOPPED"


def test_the_daily_deal_is_the_same_for_everyone_on_a_date_and_never_unwinnable():
    a, b = Driver(), Driver(seed=99)
    for d in (a, b):
        d.app.today = lambda: (2026, 11, 30)
    assert dealer.daily_deal(a.app) == dealer.daily_deal(b.app)
    seen = set()
    for year in (2026, 2027, 2028):
        for month in range(1, 13):
            for day in range(1, 29):
                a.app.today = lambda y=year, m=month, dd=day: (y, m, dd)
                n = dealer.daily_deal(a.app)
                assert 1 <= n <= 1000000 and n not in UNWINNABLE
                seen.add(n)
    assert len(seen) == 3 * 12 * 28  # a different deal every day


def test_the_daily_deal_has_its_own_line_in_the_statistics():
    d = Driver()
    d.app.today = lambda: (2026, 11, 30)
    d.choose("daily")
    assert d.app.screen is d.play and d.game.number.text() == str(dealer.daily_deal(d.app))
    st = d.app.keeper.stats
    assert (st.total(R.DAILY_PLAYED), st.daily) == (1, True)
    d.press("start").choose("give_up")
    assert st.record(0)[2] & DAILY


def test_each_game_has_its_own_daily_deal_and_freecells_stays_as_it_was():
    d = Driver()
    d.app.today = lambda: (2026, 11, 30)
    # FreeCell's formula is the one the daily deal always had
    formula = 1 + ((26 * 372 + 10 * 31 + 29) * 541 + 7919) % 1000000
    assert dealer.daily_deal(d.app) == dealer.daily_deal(d.app, 0) == formula
    deals = [dealer.daily_deal(d.app, v) for v in range(6)]
    assert len(set(deals)) == 6
    d.app.keeper.settings.variant_id = 2
    d.choose("daily")
    assert d.game.variant.name == "seahaven" and d.game.number.text() == str(deals[2])


def status(d):
    d.app.redraw()
    line = d.app.view.status
    return bytes(line.buf[:line.n])


def test_a_deal_not_known_winnable_is_marked_until_the_solver_wins_it():
    """FreeCell's first million deals (with four cells) are known winnable
    but for the eight unwinnable ones; any other deal is marked '?' on the
    status line until a search wins it, and the mark stays off after a
    reboot."""
    from app.storage import Storage
    from files import FakeFiles

    d = Driver(617)
    assert d.game.proved and status(d).startswith(b"#617 M0")
    d.app.new_game(str(UNWINNABLE[0]))
    d.press("b")  # what the mark means, said once a session: gone at a key
    assert not d.game.proved and status(d).startswith(b"#11982? M0")
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.app.keeper.settings.variant_id = 2  # Seahaven
    d.app.new_game("5")
    d.press("b")
    assert not d.game.proved and status(d).startswith(b"SEAHAVEN #5? ")
    d.press("start").choose("winnable")
    think(d)
    assert d.message().startswith("YES") and d.game.proved
    d.press("a", "up", "a")  # a move, then the autosave
    d.app.keeper.flush(d.game)
    again = Driver(storage=Storage(files))
    again.choose("resume")
    assert again.game.proved and status(again).startswith(b"SEAHAVEN #5 ")
