"""A hint you can follow: after HINT, A picks up exactly the cards it names
and the cursor goes to the place it names, where A puts them; a move worth
the line's next one (the same cards to another empty column, a run moved a
card at a time) keeps the line; no hint takes back the move just made while
a winning line is known; and from 300 mid-game positions of every game
(host_tests/data/hint_positions.txt: tools/hint_follow.py --make 300 1),
HINT and A, A win every one, as SHOW ME stopped after each move does."""

import pytest

from app import buttons as K
from freecell.movelog import count_of, dst_of, src_of
from freecell.table import CELL0
import hint_follow as H

PLACES = H.read()


def hinted(app, clock):
    H.ask(app, "hint", clock)
    words = H.message(app)
    assert words.startswith("HINT: "), words
    p = app.play
    return p.hint_src, p.hint_dst, p.hint_count


def test_the_positions_are_of_every_game_with_autoplay_on_and_off_and_on_the_thumby():
    assert len(PLACES) == 300
    kinds = {(p[0], p[3]) for p in PLACES}
    assert kinds == {(g, a) for g in range(6) for a in (True, False)}
    assert {p[4] for p in PLACES} == {(128, 64), (72, 40)}
    assert {p[0] for p in PLACES if p[4] == (72, 40)} == set(range(6))


@pytest.mark.parametrize("show", (False, True), ids=("hint_a_a", "show_me_stopped"))
def test_following_the_help_wins_every_position_without_meeting_one_twice(show):
    """HINT then A, A (or SHOW ME, stopped after its move) until the game
    is won: within the solver's line length plus 5 questions, never a
    position met twice (tools/hint_follow.py; make bench: hint_follow_*)."""
    places = PLACES if not show else PLACES[::3]
    results = H.follow_all(places, show)
    failed = ["game %d deal %d after %d moves: %s" % (p[0], p[1], len(p[2]), r[2])
              for p, r in zip(places, results) if not r[0]]
    assert not failed, failed
    assert all(r[1] <= p[5] + H.EXTRA for p, r in zip(places, results))


def first_place(want):
    """The first hint `want(app, hint)` likes, following the hints through
    the positions in turn (A, A after each): (app, clock, hint)."""
    for place in PLACES:
        app = H.app_at(place)
        clock = H.Clock()
        while not app.game.is_over():
            hint = hinted(app, clock)
            if want(app, hint):
                return app, clock, hint
            app.press(K.A, K.PRESS)
            app.press(K.A, K.PRESS)
    raise AssertionError("no such hint along the 300 positions' lines")


def players_move(app):
    """The last move the player made: (from, to, cards), autoplay after it
    left out (its first step is the one flagged 0x80)."""
    h = app.game.history
    first = h.head - 1
    while not h.flags(first) & 0x80:
        first -= 1
    return h.src(first), h.dst(first), h.count(first)


def test_a_hinted_run_is_picked_up_whole_and_put_down_where_the_hint_said():
    """The cursor on the card the hint names (not the run's top card), A
    picks up the hint's count and goes to its place, A puts them there."""
    app, clock, (src, dst, count) = first_place(
        lambda app, h: h[0] < CELL0 and h[2] >= 2 and h[1] < CELL0)
    p = app.play
    assert (p.row, p.col, p.depth) == (1, src, count - 1)
    app.press(K.A, K.PRESS)
    assert p.held == src and p.held_count == count and p.location() == dst
    moves = app.game.moves
    app.press(K.A, K.PRESS)
    assert app.game.moves == moves + 1
    assert players_move(app) == (src, dst, count)


def test_a_hint_into_a_free_cell_goes_to_that_very_cell():
    """A line followed with its places turned to the player's may name a
    free cell that is not the first one free: that one it is."""
    app = H.app_at((0, 1, [], True, (128, 64), 0))  # deal 1 as dealt
    t = app.game.table
    free = [i for i in range(t.cells) if t.cell_cards[i] == 255]
    assert len(free) >= 2 and t.heights[0]
    first, last = free[0], free[-1]
    app.play.hint(0, CELL0 + last, 1)  # column 1's top card to that cell
    app.press(K.A, K.PRESS)
    assert app.play.location() == CELL0 + last
    app.press(K.A, K.PRESS)
    assert t.cell_cards[last] != 255 and t.cell_cards[first] == 255


def test_the_same_cards_to_another_empty_column_keep_the_line():
    def two_empty(app, h):
        t = app.game.table
        return h[1] < CELL0 and t.heights[h[1]] == 0 and t.empty_columns() >= 2
    app, clock, (src, dst, count) = first_place(two_empty)
    game = app.game
    plan = app.assistant.plan
    line = list(plan.line)
    step = plan.next
    other = [c for c in range(game.table.columns) if game.table.heights[c] == 0 and c != dst][0]
    assert game.move(src, other, count) == 0  # not where the line put them
    assert plan.fits(game) and plan.next == step + 1 and plan.line is not None
    following = plan.line[plan.next]
    expected = line[step + 1]
    swap = {dst: other, other: dst}  # the line's later moves turned to the column used
    assert (src_of(following), dst_of(following), count_of(following)) == (
        swap.get(src_of(expected), src_of(expected)),
        swap.get(dst_of(expected), dst_of(expected)), count_of(expected))
    assert hinted(app, clock)[:2] == (src_of(following), dst_of(following))


def test_a_run_moved_a_card_at_a_time_keeps_the_line():
    def run_onto_cards(app, h):
        t = app.game.table
        return h[0] < CELL0 and h[1] < CELL0 and t.heights[h[1]] and h[2] == 2 \
            and t.free_cells() >= 1 and not app.game.autoplay
    app, clock, (src, dst, count) = first_place(run_onto_cards)
    game = app.game
    plan = app.assistant.plan
    step = plan.next
    expected = plan.line[step + 1]
    cell = CELL0 + [i for i in range(game.table.cells) if game.table.cell_cards[i] == 255][0]
    assert game.move(src, cell, 1) == 0  # the top card into a free cell,
    assert not plan.fits(game) and plan.state == 1  # (kept: the player is on the way)
    assert game.move(src, dst, 1) == 0  # the card the hint named onto its place,
    assert game.move(cell, dst, 1) == 0  # and the top card back onto it
    assert plan.fits(game) and plan.next == step + 1
    assert hinted(app, clock)[:2] == (src_of(expected), dst_of(expected))


def test_no_hint_takes_back_the_move_just_made_while_a_line_is_known():
    """Data position 0: with column 1's top card moved into a free cell off
    the line, a search from scratch begins by moving it back (found with
    tools/hint_follow.py's positions); the hint looks for another way on."""
    app = H.app_at(PLACES[0])
    clock = H.Clock()
    hinted(app, clock)  # a line is known
    game = app.game
    assert (app.play.hint_src, app.play.hint_dst) != (0, CELL0)
    assert game.move(0, CELL0) == 0  # off the line
    src, dst, _ = hinted(app, clock)
    assert (src, dst) != (CELL0, 0)
    assert app.assistant.plan.state == 1  # and it wins from here


def test_hold_a_after_a_hint_makes_the_hinted_move():
    app, clock, (src, dst, count) = first_place(lambda app, h: h[2] >= 2 and h[1] < CELL0)
    moves = app.game.moves
    app.press(K.A, K.LONG)
    assert app.game.moves == moves + 1
    assert players_move(app) == (src, dst, count)
