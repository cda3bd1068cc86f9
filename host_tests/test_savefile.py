"""The saved game's bytes: round trips at every point of a game, the sizes the
format promises, and every kind of damage refused with a reason and no change."""

import os

import pytest

from freecell import container, loadgame, notation, savefile
from freecell.game import Game
from freecell.cards import parse
from freecell.history import AUTO, GROUP_START
from freecell.table import CELL0, COLUMN_CAP, FOUND0
from helpers import snapshot

TRANSCRIPT = open(__file__.replace("host_tests/test_savefile.py",
                                   "tools/data/617.moves")).read().split()


def played(moves, undos=0):
    g = Game(autoplay=False)
    g.allow_whole_column = True
    g.deal(617)
    for token in TRANSCRIPT[:moves]:
        p = notation.parse_move(token)
        assert g.play(p) == 0
    for _ in range(undos):
        g.undo()
    return g


def same_game(a, b):
    assert notation.position_text(a) == notation.position_text(b)
    assert (a.moves, a.undos, a.score, a.state, a.autoplay) == \
        (b.moves, b.undos, b.score, b.state, b.autoplay)
    assert a.number.text() == b.number.text()
    assert (a.scoring, a.seconds, a.assisted, a.log_autoplay) == \
        (b.scoring, b.seconds, b.assisted, b.log_autoplay)
    assert (a.log.entries[:2 * a.log.n], a.log.complete) == (b.log.entries[:2 * b.log.n],
                                                             b.log.complete)


@pytest.mark.parametrize("moves,undos", [(0, 0), (1, 0), (30, 4), (60, 0), (103, 0), (90, 90)])
def test_round_trip_resumes_exactly_with_undo_and_redo(moves, undos):
    g = played(moves, undos)
    h = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 42), h) == 42
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
    assert len(savefile.encode_game(played(0), 1)) == 6 + 106 + 4
    fresh = Game()
    fresh.deal(1)
    assert len(savefile.encode_game(fresh, 1)) <= 6 + 106 + 4
    ten = played(10)
    logged = len(savefile.encode_game(ten, 1))
    ten.log.clear()
    assert logged - len(savefile.encode_game(ten, 1)) == 2 * 10  # 2 bytes an action
    # a full ring: 360 steps
    g = Game(autoplay=False)
    g.deal(617)
    g.move(0, 10)
    while g.history.end - g.history.first < 360 or g.log.complete:
        assert g.move(10, 11) == 0 or g.move(11, 10) == 0
    data = savefile.encode_game(g, 1)
    # and a full log: 400 actions
    assert g.log.n == 400 and not g.log.complete
    assert len(data) <= 6 + 1185 + 800 + 4 and g.history.end - g.history.first == 360
    again = Game()
    assert loadgame.decode_game(data, again) == 1 and not again.log.complete


def test_options_and_big_deal_numbers_survive():
    g = Game(cells=2, autoplay=False)
    g.deal("8589934591")
    g.move(0, 10)
    h = Game()
    loadgame.decode_game(savefile.encode_game(g, 3), h)
    assert h.table.cells == 2 and h.variant.cells == 2 and not h.autoplay
    assert h.number.text() == "8589934591"


def test_every_truncation_and_every_flipped_byte_is_refused_without_change():
    data = savefile.encode_game(played(20, 2), 5)
    victim = played(7)
    before = snapshot(victim)
    for n in range(len(data)):
        assert isinstance(loadgame.decode_game(data[:n], victim), str)
    for i in range(len(data)):
        bad = bytearray(data)
        bad[i] ^= 0x5A
        assert isinstance(loadgame.decode_game(bad, victim), str), i
    assert snapshot(victim) == before


@pytest.mark.parametrize("damage,message", [
    (lambda d: d[:2] + b"S" + d[3:], "a save file of another kind"),
    (lambda d: b"GARBAGE" * 20, "not a save file"),
    (lambda d: d + b"\0", "extra bytes"),
    (lambda d: d[:-1], "the file is cut short"),
])
def test_damage_is_named(damage, message):
    data = bytes(savefile.encode_game(played(5), 1))
    assert loadgame.decode_game(damage(data), Game()) == message


def reseal(payload, version=savefile.GAME_VERSION):
    return container.wrap(savefile.GAME, version, payload, len(payload))


def payload_of(game):
    data = savefile.encode_game(game, 1)
    return bytearray(data[6:-4])


def tail(game):
    """The bytes after the undo history: scheme, seconds, the log, the rule
    options."""
    return 6 + 2 * game.log.n + 1


def test_a_foreign_version_is_named():
    assert loadgame.decode_game(reseal(payload_of(played(3)), 5), Game()) == \
        "format version 5, this game reads 4"


@pytest.mark.parametrize("offset,value,message", [
    (6, 0, "the game record has impossible values"),  # no free cells
    (6, 5, "the game record has impossible values"),  # FreeCell has at most 4
    (8, 9, "the game record has impossible values"),  # state 9
    (5, 99, "a game this version does not know (number 99)"),
    (33, 30, "a column is longer than any column can be"),
    (41, 3, "a column is longer than any column can be"),  # FreeCell has no ninth
    (43, 60, "a column holds something that is not a card"),
    (44, 7 * 4 + 3, "the table does not hold each of the 52 cards once"),  # a duplicate
    (21, 99, "a free cell holds something that is not a card"),
    (25, 3, "a free cell holds something that is not a card"),  # a fifth cell
    (29, 14, "a foundation holds more cards than it can"),
])
def test_well_sealed_nonsense_is_refused(offset, value, message):
    p = payload_of(played(0))
    p[offset] = value
    assert loadgame.decode_game(reseal(p), Game()) == message


def test_a_history_that_does_not_match_the_table_is_refused():
    g = played(10)
    p = payload_of(g)
    steps_at = len(p) - 3 * 10 - tail(g)
    p[steps_at + 2] = 5  # the first move claims 5 cards
    assert loadgame.decode_game(reseal(p), Game()) == "the undo history does not match the table"
    p = payload_of(g)
    p[steps_at] &= 0x7F  # the oldest step is not the start of a move
    assert loadgame.decode_game(reseal(p), Game()) in (
        "the undo history starts in the middle of a move",
        "the undo history does not match the table")


def sealed(data, change):
    """A saved game's file with its payload changed by change(payload) and
    sealed again (right length and checksum): well formed, but lying."""
    at, n = container.unwrap(data, savefile.GAME, savefile.GAME_VERSION)
    payload = bytearray(data[at:at + n])
    payload = change(payload) or payload
    return container.wrap(savefile.GAME, savefile.GAME_VERSION, payload, len(payload))


def test_a_sealed_record_of_a_column_no_play_can_build_is_refused():
    """19 cards with a king on top: a queen could go on it and write past
    the column's room.  Loading refuses it and leaves the game as it was."""
    g = Game()
    g.deal(617)
    data = savefile.encode_game(g, 1)

    def tall(p):  # column 1: 18 cards and a king; the other 33 over the rest
        cards = [p[43 + i] for i in range(52)]
        king = [c for c in cards if c >> 2 == 12][0]
        rest = [c for c in cards if c != king]
        p[33:43] = bytes([19, 5, 5, 5, 5, 5, 4, 4, 0, 0])
        p[43:43 + 52] = bytes(rest[:18] + [king] + rest[18:])

    target = Game()
    target.deal(5)
    before = snapshot(target)
    assert loadgame.decode_game(sealed(data, tall), target) == \
        "a column is longer than any column can be"
    assert snapshot(target) == before


def test_a_sealed_history_that_would_send_a_card_home_out_of_turn_is_refused():
    """A step recorded as "from a foundation to a cell": undoing it would put
    the cell's card on a foundation it does not follow, and lose a card."""
    g = Game(autoplay=False)
    g.deal(617)
    assert g.move(0, CELL0, 1) == 0
    card = g.table.cell_cards[0]
    assert card >> 2 > 0  # not an ace: it cannot be the first card home
    data = savefile.encode_game(g, 1)

    def from_home(p):
        first = len(p) - 3 - tail(g)  # the one step: src | flags, dst, count
        p[first] = (p[first] & 0xC0) | (FOUND0 + (card & 3))

    assert loadgame.decode_game(sealed(data, from_home), Game()) == \
        "the undo history does not match the table"


def test_a_sealed_record_whose_state_contradicts_its_cards_is_refused():
    g = Game()
    g.deal(617)
    data = savefile.encode_game(g, 1)

    def won(p):
        p[8] = 1  # WON, with no card home

    assert loadgame.decode_game(sealed(data, won), Game()) == \
        "the game's state does not match the cards home"



def push(g, src, dst, count, flags):
    """A step made behind the rules' back: the table's own transfer, pushed
    on the history as if played.  The log cannot hold it, so it says it does
    not hold every action (else the loader's replay of the log refuses the
    file before the history's checks are reached)."""
    g.log.complete = False
    g.table.transfer(src, dst, count)
    g.history.push(src, dst, count, flags)
    g.moves += 1


def test_a_history_step_the_rules_forbid_is_refused():
    """Deal 617 ends its columns in JH and QH: JH onto QH is a transfer the
    table can undo, but no player could have made it."""
    g = Game(autoplay=False)
    g.deal(617)
    push(g, 6, 7, 1, GROUP_START)
    assert loadgame.decode_game(savefile.encode_game(g, 1), Game()) == \
        "the undo history holds a move the rules forbid"


def with_tops(*words):
    """Deal 617 with the cards `words` swapped to the tops of columns 0, 1, ...
    (a sound position that is not the deal, so its history cannot start there)."""
    g = Game(autoplay=False)
    g.deal(617)
    t = g.table
    for c, word in enumerate(words):
        card = parse(word)
        top = c * COLUMN_CAP + t.heights[c] - 1
        where = next(i for i in range(len(t.cards)) if t.cards[i] == card
                     and i % COLUMN_CAP < t.heights[i // COLUMN_CAP])
        t.cards[where], t.cards[top] = t.cards[top], card
    g.history.from_deal = False
    g.log.complete = False  # not the deal: no log leads here
    return g


def test_an_autoplay_step_that_was_not_safe_is_refused():
    """3C sent home "by autoplay" while no red two is home: not safe, so only
    the player or FINISH could send it, and the step says autoplay."""
    g = with_tops("AC", "2C", "3C")
    push(g, 0, FOUND0, 1, GROUP_START)
    push(g, 1, FOUND0, 1, AUTO)
    good = savefile.encode_game(g, 1)
    assert loadgame.decode_game(good, Game()) == 1  # 2C: twos are always safe
    push(g, 2, FOUND0, 1, AUTO)
    assert loadgame.decode_game(savefile.encode_game(g, 1), Game()) == \
        "the undo history holds a move the rules forbid"


def test_a_finish_step_must_send_the_next_card_home():
    g = with_tops("AC", "2C", "3C", "5H", "4C")
    push(g, 0, FOUND0, 1, GROUP_START)  # FINISH: AC, 2C, 3C as one action
    push(g, 1, FOUND0, 1, 0)
    push(g, 2, FOUND0, 1, 0)
    assert loadgame.decode_game(savefile.encode_game(g, 1), Game()) == 1
    push(g, 3, CELL0, 1, GROUP_START)  # 5H to a cell, then 4C home in the
    push(g, 4, FOUND0, 1, 0)  # same action: a move is not a FINISH
    assert loadgame.decode_game(savefile.encode_game(g, 1), Game()) == \
        "the undo history holds a move the rules forbid"


def test_a_history_from_the_deal_must_lead_back_to_it():
    """The file says undoing everything gives the deal: a position that is
    sound but not the deal's is refused; without that claim it loads."""
    g = with_tops("KS")
    g.history.from_deal = True
    assert loadgame.decode_game(savefile.encode_game(g, 1), Game()) == \
        "the undo history does not lead back to the deal"
    g.history.from_deal = False
    h = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 1), h) == 1
    assert not h.history.from_deal


@pytest.mark.parametrize("autoplay", [False, True])
def test_a_whole_game_from_the_deal_loads_and_keeps_its_claim(autoplay):
    """Deal 1 sends aces home at the start with autoplay on: the history's
    start is the deal after its own autoplay."""
    g = Game(autoplay=autoplay)
    g.deal(1)
    for src in range(8):
        for dst in range(8):
            g.move(src, dst)
    assert g.history.from_deal
    h = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 7), h) == 7
    assert h.history.from_deal and notation.position_text(h) == notation.position_text(g)


def test_a_full_ring_no_longer_claims_the_deal():
    g = Game(autoplay=False)
    g.deal(617)
    g.move(0, CELL0)
    while g.history.end - g.history.first < 361 and g.history.first == 0:
        assert g.move(CELL0, CELL0 + 1) == 0 or g.move(CELL0 + 1, CELL0) == 0
    assert not g.history.from_deal
    h = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 1), h) == 1
    assert not h.history.from_deal


@pytest.mark.parametrize("offset,value", [(11, 0), (14, 200)])
def test_counters_below_what_the_history_proves_are_refused(offset, value):
    """Moves at 0 with ten moves in the history, or more undos than moves."""
    p = payload_of(played(10))
    p[offset] = value
    assert loadgame.decode_game(reseal(p), Game()) in (
        "the game counts fewer moves than its history holds",
        "the game record has impossible values")


V1 = os.path.join(os.path.dirname(__file__), "data", "saves_v1")


V1_NAMES = ["617_middle_undone", "617_won", "fresh_1", "full_ring", "two_cells_given_up"]


def test_the_first_format_fixtures_are_all_there():
    assert sorted(n[:-4] for n in os.listdir(V1) if n.endswith(".sav")) == V1_NAMES


@pytest.mark.parametrize("name", V1_NAMES)
def test_files_of_the_first_format_still_load(name):
    """Saves written by version 1 of the format (FreeCell only), kept as made
    by that code: the same position, counters and a working undo."""
    with open(os.path.join(V1, name + ".sav"), "rb") as f:
        data = f.read()
    with open(os.path.join(V1, name + ".txt")) as f:
        expected = f.read()
    g = Game()
    assert loadgame.decode_game(data, g) == 7
    assert notation.position_text(g) + "\n%d %d %d %d %d\n" % (
        g.moves, g.undos, g.score, g.state, g.autoplay) == expected
    if g.state == 0 and g.history.can_undo():
        assert g.undo() == 0 and g.redo() == 0
    again = Game()
    assert loadgame.decode_game(savefile.encode_game(g, 7), again) == 7
    assert notation.position_text(again) == notation.position_text(g)
