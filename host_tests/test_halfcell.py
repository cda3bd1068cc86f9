"""HalfCell, which no peer plays: its rules (docs/RULES.md, docs/GAMES.md) checked
exhaustively against a plain statement of them, and the game played, saved
and undone (test_variants.py solves and replays it with the other games).

The rules as stated here, independently of table.py: two foundation piles of
26 cards; pile p's i-th card (from 0) has rank i % 13 and is black when
p + i is even (pile 0 starts with a black ace, pile 1 with a red one: the
two starting aces differ in colour); any card of that rank and colour goes.
"""

import itertools
import random

import pytest

from freecell import container, loadgame, notation, savefile
from freecell.cards import is_red, make, parse, text
from freecell.game import OK, Game
from freecell.table import FOUND0, FOUNDATION
from freecell.variants import HalfCell


def wants(p, i):
    """(rank, red) of the i-th card of pile p, by the rules' statement."""
    return i % 13, (p + i) % 2 == 1


def build(n0, n1, rng):
    """A HalfCell game whose piles hold n0 and n1 cards built by the rules,
    the suits chosen at random where a colour has two; None when no choice
    of suits can build both (a rank and colour asked for three times)."""
    game = Game(autoplay=False, variant=HalfCell())
    t = game.table
    t.clear()
    used = set()
    for p, n in ((0, n0), (1, n1)):
        for i in range(n):
            r, red = wants(p, i)
            suits = [s for s in ((1, 2) if red else (0, 3)) if make(r, s) not in used]
            if not suits:
                return None
            card = make(r, rng.choice(suits))
            assert t.takes(p, card), (p, i, text(card))
            t._put(FOUND0 + p, card)
            used.add(card)
    return game


def test_every_card_goes_where_the_rules_say_on_every_pile_height():
    """All 27 x 27 pile heights, all 52 cards, both piles: the table takes a
    card exactly when the statement of the rules does (and never on piles 2
    and 3, which HalfCell has not)."""
    rng = random.Random(1)
    checked = 0
    for n0, n1 in itertools.product(range(27), range(27)):
        game = build(n0, n1, rng)
        if game is None:
            continue
        t = game.table
        assert (t.foundations[0], t.foundations[1], t.cards_home()) == (n0, n1, n0 + n1)
        for card in range(52):
            for p, n in ((0, n0), (1, n1)):
                expect = n < 26 and wants(p, n) == (card >> 2, is_red(card))
                assert bool(t.takes(p, card)) == expect, (n0, n1, p, text(card))
            assert not t.takes(2, card) and not t.takes(3, card)
        checked += 1
    assert checked > 600


def test_the_two_piles_start_with_aces_of_different_colours():
    game = Game(autoplay=False, variant=HalfCell())
    t = game.table
    t.clear()
    black = [c for c in range(4) if not is_red(c)]
    red = [c for c in range(4) if is_red(c)]
    assert [c for c in range(52) if t.takes(0, c)] == black
    assert [c for c in range(52) if t.takes(1, c)] == red
    t._put(FOUND0, parse("AS"))
    # the other black ace waits for pile 1's second lap; a red one starts pile 1
    assert not t.takes(1, parse("AC")) and t.takes(1, parse("AH"))


def test_a_pile_wraps_past_the_king_to_the_ace_and_stops_at_26():
    rng = random.Random(2)
    game = build(13, 0, rng)
    t = game.table
    assert t.top(FOUND0) >> 2 == 12 and not is_red(t.top(FOUND0))  # a black king
    assert t.takes(0, parse("AH")) and t.takes(0, parse("AD")) and not t.takes(0, parse("2H"))
    game = build(26, 0, rng)
    assert not any(game.table.takes(0, c) for c in range(52))
    # the 26 cards: each rank once in each colour
    cards = [game.table.pile_card(0, i) for i in range(26)]
    assert sorted((c >> 2, is_red(c)) for c in cards) == sorted(
        (r, red) for r in range(13) for red in (False, True))


def test_taking_a_card_back_restores_what_the_pile_takes():
    rng = random.Random(3)
    for n0, n1 in ((0, 1), (5, 14), (13, 13), (26, 25)):
        game = build(n0, n1, rng)
        t = game.table
        before = bytes(t.foundations)
        top = t.top(FOUND0 + 1)
        t.transfer(FOUND0 + 1, 0, 1)
        assert t.heights[0] == 1 and t.foundations[1] == n1 - 1
        assert t.takes(1, top)
        t.transfer(0, FOUND0 + 1, 1)
        assert bytes(t.foundations) == before


def home_count(game, r, red):
    t = game.table
    return sum(1 for p in range(2) for i in range(t.foundations[p])
               if (t.pile_card(p, i) >> 2, is_red(t.pile_card(p, i))) == (r, red))


def test_autoplay_is_safe_exactly_when_nothing_could_be_built_on_the_card():
    """Our rule, by its statement: a card the piles take goes by autoplay when
    it is an ace, or both cards one rank lower of the other colour are home
    (so no card could ever go on it in a column).  Every pile height."""
    rng = random.Random(4)
    v = HalfCell()
    seen = {True: 0, False: 0}
    for n0, n1 in itertools.product(range(27), range(27)):
        game = build(n0, n1, rng)
        if game is None:
            continue
        f = game.table.foundations
        for card in range(52):
            if not game.table.pile_for(card) >= 0:
                assert not v.is_safe(card, f)
                continue
            r = card >> 2
            expect = r == 0 or home_count(game, r - 1, not is_red(card)) == 2
            assert v.is_safe(card, f) == expect, (n0, n1, text(card))
            seen[expect] += 1
    assert seen[True] > 100 and seen[False] > 100


def test_moves_home_are_refused_with_the_reason_and_the_pile_can_be_named():
    game = Game(autoplay=False, variant=HalfCell())
    game.deal(617)
    t = game.table
    col = next(c for c in range(8) if t.top(c) >> 2 > 0)
    assert game.move(col, FOUNDATION) != OK
    assert game.reason() == "%s can't go home yet" % text(t.top(col))
    # an ace: only the pile of its colour takes it, named or not
    for number in range(1, 50):
        game = Game(autoplay=False, variant=HalfCell())
        game.deal(number)
        aces = [c for c in range(8) if game.table.top(c) >> 2 == 0]
        if aces:
            break
    c = aces[0]
    top = game.table.top(c)
    wrong = FOUND0 + (0 if is_red(top) else 1)
    assert game.move(c, wrong) != OK and game.reason() == "%s can't go home yet" % text(top)
    assert game.move(c, FOUNDATION) == OK and game.table.top(FOUND0 + 1 - (wrong - FOUND0)) == top
    assert notation.parse_move("3h2") == 2 | (FOUND0 + 1) << 5
    assert notation.move_text(2, FOUND0 + 1, 1, 2) == "3h2"
    assert notation.move_text(2, FOUND0 + 1, 1) == "3h"


def random_game(seed, moves=400):
    """A HalfCell game of random legal moves (autoplay on), with undos."""
    rng = random.Random(seed)
    game = Game(variant=HalfCell())
    game.deal(rng.randrange(1, 32000))
    for _ in range(moves):
        if game.is_over():
            break
        if rng.random() < 0.1:
            game.undo()
            continue
        src = rng.randrange(FOUND0 + 2)
        if 8 <= src < 10 or src >= 14 and src < FOUND0:
            continue
        mask = game.legal_targets(src)
        targets = [d for d in range(FOUND0 + 2) if mask >> d & 1]
        if targets:
            assert game.move(src, rng.choice(targets)) == OK
    return game


def piles_follow_the_rules(game):
    t = game.table
    seen = set()
    for p in range(2):
        for i in range(t.foundations[p]):
            card = t.pile_card(p, i)
            assert (card >> 2, is_red(card)) == wants(p, i)
            seen.add(card)
    for c in range(8):
        seen.update(t.card(c, d) for d in range(t.heights[c]))
    seen.update(t.cell_cards[i] for i in range(4) if t.cell_cards[i] != 255)
    assert seen == set(range(52))


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_the_piles_lawful_and_saves_resume(seed):
    game = random_game(seed)
    piles_follow_the_rules(game)
    resumed = Game()
    assert loadgame.decode_game(savefile.encode_game(game, 7), resumed) == 7
    assert resumed.variant.name == "halfcell"
    assert notation.position_text(resumed) == notation.position_text(game)
    assert bytes(resumed.table.foundations) == bytes(game.table.foundations)
    while resumed.undo() == OK:  # the history, undone on the resumed game
        piles_follow_the_rules(resumed)


def test_a_saved_pile_that_breaks_the_rules_is_refused():
    game = next(g for g in map(random_game, range(50)) if g.table.foundations[0] >= 2)
    t = game.table
    data = bytearray(savefile.encode_game(game, 1))
    # the piles' cards follow the columns' in the record: swap pile 0's
    # first two (an ace and a two: no longer built by the rules)
    at = container.HEADER + 43 + sum(t.heights[c] for c in range(8))
    assert data[at] == t.pile_card(0, 0)
    data[at], data[at + 1] = data[at + 1], data[at]
    n = len(data) - container.TRAILER
    container.put(data, n, container.checksum(data, n), 4)
    assert loadgame.decode_game(bytes(data), Game()) == \
        "a foundation pile is not built by the rules"
    # a count on a third pile HalfCell has not
    data = bytearray(savefile.encode_game(game, 1))
    data[container.HEADER + 31] = 1
    container.put(data, n, container.checksum(data, n), 4)
    assert loadgame.decode_game(bytes(data), Game()) == "a foundation holds more cards than it can"
