"""Cards as plain ints: card = rank * 4 + suit (the Microsoft deck order).

rank 0 = ace .. 12 = king; suit 0..3 = clubs, diamonds, hearts, spades.
Diamonds and hearts (suits 1 and 2) are red.  NO_CARD marks an empty cell.
Everything here allocates nothing except the text helpers, which are for
display and the host.
"""

from .compat import const

NO_CARD = const(255)
# what separates words in text: ASCII blanks only, on every interpreter
# (CPython's strip() and split() also take a no-break or an em space,
# MicroPython's do not)
BLANKS = " \t\r\n\x0b\x0c"
CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)
KING = const(12)

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


def is_red(card):
    # suits 1 and 2 are red: the two bits differ
    return ((card ^ (card >> 1)) & 1) == 1


def make(rank_, suit_):
    return (rank_ << 2) | suit_


def text(card):
    """Two-letter form, ten written T: 'TD'.  '-' for NO_CARD."""
    if card == NO_CARD:
        return "-"
    return RANK_LETTERS[card >> 2] + SUIT_LETTERS[card & 3]


def name(card):
    """A card in a player's words, the ten written 10: '10D' (text() is the
    notation's 'TD').  '-' for NO_CARD."""
    if card == NO_CARD:
        return "-"
    return ("10" if card >> 2 == 9 else RANK_LETTERS[card >> 2]) + SUIT_LETTERS[card & 3]


def parse(word):
    """'TD' (or '10D', any case) -> card int, or -1 when it is not a card."""
    word = word.upper()
    if word[:2] == "10":
        word = "T" + word[2:]
    if len(word) != 2:
        return -1
    r = RANK_LETTERS.find(word[0])
    s = SUIT_LETTERS.find(word[1])
    if r < 0 or s < 0:
        return -1
    return make(r, s)
