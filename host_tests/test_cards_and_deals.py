"""Cards and the Microsoft deal generator, checked against docs/RULES.md directly."""

import random

import pytest

from freecell import cards
from freecell.deal import DealNumber, OUT_OF_RANGE, BAD_NUMBER


def reference_deal(n):
    """docs/RULES.md's generator written with Python's big ints, for comparison."""
    if n < 2 ** 32:
        state, mod = n, 2 ** 31
    else:
        state, mod = n - 2 ** 32, 2 ** 32
    deck = list(range(52))
    order = []
    left = 52
    for _ in range(52):
        state = (state * 214013 + 2531011) % mod
        if n < 2 ** 31:
            r = state >> 16
        elif n < 2 ** 32:
            r = (state >> 16) | 0x8000
        else:
            r = ((state >> 16) & 0xFFFF) + 1
        j = r % left
        order.append(deck[j])
        deck[j] = deck[left - 1]
        left -= 1
    return order


def dealt(text_or_int):
    d = DealNumber()
    problem = d.parse(text_or_int) if isinstance(text_or_int, str) else d.set(text_or_int)
    assert problem is None
    order = bytearray(52)
    d.shuffle(order)
    return list(order)


def test_card_ints_follow_the_microsoft_deck_order():
    assert [cards.text(c) for c in range(5)] == ["AC", "AD", "AH", "AS", "2C"]
    assert cards.text(51) == "KS"
    assert cards.text(cards.make(9, cards.DIAMONDS)) == "TD"


def test_colours_ranks_and_suits():
    for c in range(52):
        assert cards.rank(c) == c // 4
        assert cards.suit(c) == c % 4
        assert cards.is_red(c) == (cards.SUIT_LETTERS[c % 4] in "DH")


def test_text_round_trip_and_bad_words():
    for c in range(52):
        assert cards.parse(cards.text(c)) == c
        assert cards.parse(cards.text(c).lower()) == c
    assert cards.parse("10H") == cards.parse("TH")
    for bad in ("", "X", "1H", "TX", "KSS", "ZZ"):
        assert cards.parse(bad) == -1
    assert cards.text(cards.NO_CARD) == "-"


def test_deal_1_matches_rules_md():
    order = dealt(1)
    column1 = [cards.text(order[i]) for i in range(0, 52, 8)]
    assert column1 == "JD KD 2S 4C 3S 6D 6S".split()
    assert [cards.text(order[i]) for i in range(8)] == "JD 2D 9H JC 5D 7H 7C 5H".split()


@pytest.mark.parametrize("n", [1, 2, 617, 11982, 1000000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1,
                               3000000000, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 33 - 1])
def test_boundaries_match_the_reference_generator(n):
    assert dealt(n) == reference_deal(n)
    assert dealt(str(n)) == reference_deal(n)


def test_random_numbers_across_the_whole_range_match_the_reference():
    rng = random.Random(1)
    for _ in range(300):
        n = rng.randrange(1, 2 ** 33)
        assert dealt(n) == reference_deal(n)


def test_every_deal_is_a_permutation():
    for n in (1, 5, 2 ** 31 + 7, 2 ** 33 - 1):
        assert sorted(dealt(n)) == list(range(52))


@pytest.mark.parametrize("text", ["1", "617", "2147483648", "4294967296", "8589934591"])
def test_number_text_round_trip(text):
    d = DealNumber()
    assert d.parse(text) is None
    assert d.text() == text
    assert d.hi * 65536 + d.lo == int(text)


@pytest.mark.parametrize("text,problem", [
    ("0", OUT_OF_RANGE), ("000", OUT_OF_RANGE), ("8589934592", OUT_OF_RANGE),
    ("99999999999999999999", OUT_OF_RANGE), ("-5", BAD_NUMBER), ("abc", BAD_NUMBER),
    ("", BAD_NUMBER), ("1.5", BAD_NUMBER), ("12 3", BAD_NUMBER), ("1" * 41, BAD_NUMBER),
])
def test_bad_deal_numbers_are_refused_and_change_nothing(text, problem):
    d = DealNumber(617)
    assert d.parse(text) == problem
    assert d.text() == "617"


def test_set_refuses_out_of_range_ints():
    d = DealNumber(5)
    assert d.set(0) == OUT_OF_RANGE
    assert d.set(-1) == OUT_OF_RANGE
    assert d.set(2 ** 33) == OUT_OF_RANGE
    assert d.text() == "5"
    assert d.set(2 ** 33 - 1) is None
