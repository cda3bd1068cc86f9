"""Properties over random play (hypothesis): no card is ever lost or made,
undoing everything returns exactly to the deal, and redo replays it."""

from hypothesis import given, settings, strategies as st

from freecell import game as G
from freecell import reasons as R
from freecell.game import Game
from freecell.table import LOCATIONS, FOUNDATION
from helpers import snapshot

deal_numbers = st.integers(min_value=1, max_value=2 ** 33 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10 ** 6), min_size=1, max_size=150)


def legal_moves(game):
    moves = []
    for src in range(LOCATIONS):
        if not game._is_location(src) or src == FOUNDATION:
            continue
        mask = game.legal_targets(src)
        for dst in range(LOCATIONS):
            if mask & (1 << dst):
                moves.append((src, dst))
    return moves


def play_randomly(game, picks):
    played = 0
    for pick in picks:
        moves = legal_moves(game)
        if not moves or game.is_over():
            break
        src, dst = moves[pick % len(moves)]
        count = 0
        if dst < 10 and game.table.heights[dst] == 0:
            count = 1 + pick % max(1, game.most_to_empty(src))
        assert game.move(src, dst, count) == G.OK, game.reason()
        assert game.table.count_cards() == 52
        played += 1
    return played


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices, st.booleans(), st.integers(min_value=1, max_value=4))
def test_random_legal_play_keeps_all_52_cards(number, picks, autoplay, cells):
    game = Game(cells=cells, autoplay=autoplay)
    game.deal(number)
    assert game.table.count_cards() == 52
    play_randomly(game, picks)
    seen = set()
    t = game.table
    for c in range(t.columns):
        for d in range(t.heights[c]):
            seen.add(t.card(c, d))
    for i in range(t.cells):
        if t.cell_cards[i] != 255:
            seen.add(t.cell_cards[i])
    for p in range(4):
        for i in range(t.foundations[p]):
            seen.add(t.pile_card(p, i))
    assert seen == set(range(52))


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices, st.booleans())
def test_undoing_every_move_returns_exactly_to_the_deal(number, picks, autoplay):
    game = Game(autoplay=autoplay)
    game.deal(number)
    dealt = snapshot(game)
    played = play_randomly(game, picks)
    end = snapshot(game)
    if game.is_over():
        return  # won: nothing to take back
    for _ in range(played):
        assert game.undo() == G.OK
    assert game.undo() == R.E_NO_UNDO
    assert snapshot(game)[:3] == dealt[:3]
    assert game.undos == played and game.moves == 2 * played
    for _ in range(played):
        assert game.redo() == G.OK
    assert snapshot(game)[:3] == end[:3]


@given(st.integers(min_value=0, max_value=4), st.integers(min_value=0, max_value=7))
def test_run_limit_formula(free, empty):
    from freecell.variants import FreeCell
    assert FreeCell().supermove_limit(free, empty) == (free + 1) * 2 ** empty
