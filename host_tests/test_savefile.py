"""The saved game's bytes: round trips at every point of a game, the sizes the
format promises, and every kind of damage refused with a reason and no change."""

import pytest

from freecell import notation, savefile
from freecell.game import Game
from freecell.table import CELL0, FOUND0
from helpers import snapshot

TRANSCRIPT = open(__file__.replace("host_tests/test_savefile.py",
                                   "tools/data/617.moves")).read().split()


def played(moves, undos=0):
    g = Game(autoplay=False)
    g.allow_whole_column = True
    g.deal(617)
    for token in TRANSCRIPT[:moves]:
        p = notation.parse_move(token)
        assert g.move(notation.move_src(p), notation.move_dst(p), notation.move_count(p)) == 0
    for _ in range(undos):
        g.undo()
    return g


def same_game(a, b):
    assert notation.position_text(a) == notation.position_text(b)
    assert (a.moves, a.undos, a.score, a.state, a.autoplay) == \
        (b.moves, b.undos, b.score, b.state, b.autoplay)
    assert a.number.text() == b.number.text()


@pytest.mark.parametrize("moves,undos", [(0, 0), (1, 0), (30, 4), (60, 0), (103, 0), (90, 90)])
def test_round_trip_resumes_exactly_with_undo_and_redo(moves, undos):
    g = played(moves, undos)
    h = Game()
    assert savefile.decode_game(savefile.encode_game(g, 42), h) == 42
    same_game(g, h)
    while g.redo() == 0:
        assert h.redo() == 0
        same_game(g, h)
    assert h.redo() != 0
    g.state = h.state = 0
    while g.undo() == 0:
        assert h.undo() == 0
        same_game(g, h)
    assert h.undo() != 0


def test_sizes_match_the_documented_layout():
    assert len(savefile.encode_game(played(0), 1)) == 6 + 91 + 4
    fresh = Game()
    fresh.deal(1)
    assert len(savefile.encode_game(fresh, 1)) <= 6 + 91 + 4
    # a full ring: 360 steps
    g = Game(autoplay=False)
    g.deal(617)
    g.move(0, 10)
    while g.history.end - g.history.first < 360:
        assert g.move(10, 11) == 0 or g.move(11, 10) == 0
    data = savefile.encode_game(g, 1)
    assert len(data) <= 6 + 1171 + 4 and g.history.end - g.history.first == 360


def test_options_and_big_deal_numbers_survive():
    g = Game(cells=2, autoplay=False)
    g.deal("8589934591")
    g.move(0, 10)
    h = Game()
    savefile.decode_game(savefile.encode_game(g, 3), h)
    assert h.table.cells_count == 2 and h.rules.cells == 2 and not h.autoplay
    assert h.number.text() == "8589934591"


def test_every_truncation_and_every_flipped_byte_is_refused_without_change():
    data = savefile.encode_game(played(20, 2), 5)
    victim = played(7)
    before = snapshot(victim)
    for n in range(len(data)):
        assert isinstance(savefile.decode_game(data[:n], victim), str)
    for i in range(len(data)):
        bad = bytearray(data)
        bad[i] ^= 0x5A
        assert isinstance(savefile.decode_game(bad, victim), str), i
    assert snapshot(victim) == before


@pytest.mark.parametrize("damage,message", [
    (lambda d: d[:2] + b"S" + d[3:], "a save file of another kind"),
    (lambda d: b"GARBAGE" * 20, "not a save file"),
    (lambda d: d + b"\0", "extra bytes"),
    (lambda d: d[:-1], "the file is cut short"),
])
def test_damage_is_named(damage, message):
    data = bytes(savefile.encode_game(played(5), 1))
    assert savefile.decode_game(damage(data), Game()) == message


def reseal(payload, version=1):
    return savefile.wrap(savefile.GAME, version, payload, len(payload))


def payload_of(game):
    data = savefile.encode_game(game, 1)
    return bytearray(data[6:-4])


def test_a_foreign_version_is_named():
    assert savefile.decode_game(reseal(payload_of(played(3)), 2), Game()) == \
        "format version 2, this game reads 1"


@pytest.mark.parametrize("offset,value,message", [
    (5, 0, "the game record has impossible values"),  # no free cells
    (6, 9, "the game record has impossible values"),  # state 9
    (27, 30, "a column is longer than any column can be"),
    (35, 60, "a column holds something that is not a card"),
    (36, 7 * 4 + 3, "the table does not hold each of the 52 cards once"),  # a duplicate
    (19, 99, "a free cell holds something that is not a card"),
    (23, 14, "a foundation holds more than 13 cards"),
])
def test_well_sealed_nonsense_is_refused(offset, value, message):
    p = payload_of(played(0))
    p[offset] = value
    assert savefile.decode_game(reseal(p), Game()) == message


def test_a_history_that_does_not_match_the_table_is_refused():
    g = played(10)
    p = payload_of(g)
    steps_at = len(p) - 3 * 10
    p[steps_at + 2] = 5  # the first move claims 5 cards
    assert savefile.decode_game(reseal(p), Game()) == "the undo history does not match the table"
    p = payload_of(g)
    p[steps_at] &= 0x7F  # the oldest step is not the start of a move
    assert savefile.decode_game(reseal(p), Game()) in (
        "the undo history starts in the middle of a move",
        "the undo history does not match the table")


def sealed(data, change):
    """A saved game's file with its payload changed by change(payload) and
    sealed again (right length and checksum): well formed, but lying."""
    at, n = savefile.unwrap(data, savefile.GAME, savefile.GAME_VERSION)
    payload = bytearray(data[at:at + n])
    payload = change(payload) or payload
    return savefile.wrap(savefile.GAME, savefile.GAME_VERSION, payload, len(payload))


def test_a_sealed_record_of_a_column_no_play_can_build_is_refused():
    """19 cards with a king on top: a queen could go on it and write past
    the column's room.  Loading refuses it and leaves the game as it was."""
    g = Game()
    g.deal(617)
    data = savefile.encode_game(g, 1)

    def tall(p):  # column 1: 18 cards and a king; the other 33 over the rest
        cards = [p[35 + i] for i in range(52)]
        king = [c for c in cards if c >> 2 == 12][0]
        rest = [c for c in cards if c != king]
        p[27:35] = bytes([19, 5, 5, 5, 5, 5, 4, 4])
        p[35:35 + 52] = bytes(rest[:18] + [king] + rest[18:])

    target = Game()
    target.deal(5)
    before = snapshot(target)
    assert savefile.decode_game(sealed(data, tall), target) == \
        "a column is longer than any column can be"
    assert snapshot(target) == before


def test_a_sealed_history_that_would_send_a_card_home_out_of_turn_is_refused():
    """A step recorded as "from a foundation to a cell": undoing it would put
    the cell's card on a foundation it does not follow, and lose a card."""
    g = Game(autoplay=False)
    g.deal(617)
    assert g.move(0, CELL0, 1) == 0
    card = g.table.cells[0]
    assert card >> 2 > 0  # not an ace: it cannot be the first card home
    data = savefile.encode_game(g, 1)

    def from_home(p):
        first = len(p) - 3  # the one step: src | flags, dst, count
        p[first] = (p[first] & 0xC0) | (FOUND0 + (card & 3))

    assert savefile.decode_game(sealed(data, from_home), Game()) == \
        "the undo history does not match the table"


def test_a_sealed_record_whose_state_contradicts_its_cards_is_refused():
    g = Game()
    g.deal(617)
    data = savefile.encode_game(g, 1)

    def won(p):
        p[6] = 1  # WON, with no card home

    assert savefile.decode_game(sealed(data, won), Game()) == \
        "the game's state does not match the cards home"
