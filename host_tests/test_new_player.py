"""Issue 27: what a new player hit, each pinned where it was seen: a
tournament that took the game it interrupted for its round 1, hold A moving
a card from one free cell to another, a daily deal that was not the same
game for everyone, an untouched game counted as given up, FINISH's words,
screens that never said which key goes on, settings that only A changed,
and words (the ten, hold A, a buried card, text on the screen's edge)."""

import os
import sys

from app import records_format as R
from app.storage import Storage
from conftest import ROOT
from freecell import codes
from freecell.cards import parse
from helpers import position
from keyplan import Driver, labels

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402


def texts_drawn(d, draw):
    """The bytes every painter.text call drew during draw()."""
    seen = []
    painter = d.app.painter
    original = painter.text

    def text(t, x, y, c=1, n=-1, scale=1):
        seen.append(bytes(t[:len(t) if n < 0 else n]))
        return original(t, x, y, c, n, scale)

    painter.text = text
    try:
        draw()
    finally:
        del painter.text
    return seen


def played(d):
    """One move on the table: pick up the card under the cursor, put it on
    its best place (a free cell at worst)."""
    moves = d.game.moves
    d.press("a", "a")
    assert d.game.moves == moves + 1
    return d


# -- 1. a tournament never takes the game it interrupts ------------------------

def test_a_tournament_started_over_a_played_game_counts_that_game_as_what_it_was():
    d = Driver(storage=Storage(FakeFiles()))
    d.choose("random")
    played(d)
    st = d.app.keeper.stats
    d.press("start").choose("title")
    d.choose("tournament")  # LEAVE THIS GAME? yes
    d.choose("tournament_random")
    assert st.tournament and st.tour_done == 0 and st.tour_total == 0
    assert st.recent_count == 1 and st.record(0)[6] >> 2 == 0  # given up, no round of any
    assert st.of(0, R.GIVEN_UP) == 1 and st.of(0, R.PLAYED) == 2
    d.press("start").choose("give_up")  # round 1, given up: its own score alone
    end = d.app.lazy("end")
    assert bytes(end.lines[8].buf[:end.lines[8].n]) == b"ROUND 1/3 TOTAL %d" % d.game.final_score()
    assert st.record(0)[6] >> 2 == 1 and st.record(1)[6] >> 2 == 0


def test_an_untouched_daily_deal_before_a_tournament_is_neither_a_round_nor_a_try():
    d = Driver(storage=Storage(FakeFiles()))
    d.app.today = lambda: (2026, 12, 1)
    d.choose("daily")
    st = d.app.keeper.stats
    assert st.daily
    d.press("start").choose("title")
    d.choose("tournament")  # no question: nothing to lose
    d.choose("tournament_random")
    assert st.tournament and st.tour_round() == 1 and st.recent_count == 0
    assert (st.of(0, R.PLAYED), st.of(0, R.DAILY_PLAYED), st.of(0, R.LAST_DAILY)) == (1, 0, 0)
    d.press("start").choose("give_up")
    assert d.app.keeper.stats.tour_done == 1
    d.press("a")  # on to the tournament's screen: round 2 next
    assert labels(d.app.lazy("tournament"))[0] == b"PLAY ROUND 2"


# -- 2. hold A on a free cell's card never moves it to another cell -------------

def test_hold_a_on_a_free_cells_card_with_nowhere_useful_to_go_moves_nothing():
    d = Driver(617)
    d.press("long-a")  # JD to a free cell (nothing else takes it)
    assert d.game.moves == 1 and d.game.table.cell_cards[0] == parse("JD")
    d.press("down", "long-a")
    assert d.game.moves == 1 and d.game.table.cell_cards[0] == parse("JD")
    assert d.message() == "NO COLUMN OR FOUNDATION TAKES JD NOW"
    assert d.play.refused


def test_seahaven_cell_card_with_nowhere_useful_to_go_stays():
    d = Driver(540230, game="seahaven")
    before = bytes(d.game.table.cell_cards)
    d.press("down", "long-a")
    assert d.game.moves == 0 and bytes(d.game.table.cell_cards) == before
    assert d.message().startswith("NO COLUMN OR FOUNDATION TAKES")


# -- 3. the daily deal is the standard game ------------------------------------

def test_the_daily_deal_is_the_standard_game_whatever_the_settings_say():
    d = Driver()
    d.app.today = lambda: (2026, 12, 1)
    s = d.app.keeper.settings
    s.cells, s.take_back = 2, True
    d.choose("daily")
    game = d.game
    assert game.table.cells == 4 and not game.take_back and game.proved
    assert codes.encode(game.variant, game.number).startswith("FC1-C4-")
    d.press("start").choose("title")
    d.choose("random")  # the other ways to a deal take the settings
    assert d.game.table.cells == 2 and d.game.take_back


def test_the_settings_say_the_cells_are_freecells():
    d = Driver()
    d.choose("settings")
    assert b"FREECELL CELLS: 4" in labels(d.app.lazy("settings_screen"))
    thumby = Driver(width=72, height=40)
    thumby.choose("settings")
    assert b"FC CELLS: 4" in labels(thumby.app.lazy("settings_screen"))


# -- 4. leaving a game nobody touched is free ----------------------------------

def test_a_new_game_over_an_untouched_deal_asks_nothing_and_counts_nothing():
    d = Driver(storage=Storage(FakeFiles()))
    d.choose("random")
    st = d.app.keeper.stats
    first = d.game.number.text()
    d.press("start").choose("title")
    d.choose("random", sure=False)
    assert d.app.screen is d.play and d.game.number.text() != first  # no LEAVE THIS GAME?
    assert (st.total(R.PLAYED), st.total(R.GIVEN_UP), st.recent_count) == (1, 0, 0)
    assert st.consistent()


def test_the_daily_try_starts_with_its_first_move():
    d = Driver(storage=Storage(FakeFiles()))
    d.app.today = lambda: (2026, 12, 1)
    d.choose("daily")
    st = d.app.keeper.stats
    d.press("start").choose("title")
    d.choose("random")  # the daily deal looked at, left untouched
    assert st.of(0, R.DAILY_PLAYED) == 0 and not st.daily
    d.press("start").choose("title")
    d.choose("daily")  # still the day's first try
    assert st.daily and st.of(0, R.DAILY_PLAYED) == 1
    played(d)
    d.press("start").choose("title")
    d.choose("daily")  # a move was made: that was the try
    assert not st.daily and st.of(0, R.DAILY_PLAYED) == 1 and st.of(0, R.GIVEN_UP) == 1
    again = Driver(storage=d.app.keeper.storage)  # and the files say the same
    assert again.app.keeper.stats.tallies == st.tallies


# -- 5. FINISH: the game and the README say the same ---------------------------

def test_finish_is_refused_until_every_card_can_go_home_as_the_readme_says():
    d = Driver(617)
    d.press("start")
    item = [i for i in d.app.menu.items if i[1] == "finish"][0]
    assert item[2] == "not every card can go home yet"
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = " ".join(f.read().split())
    assert "FINISH (once every card left can go home: it plays them all)" in readme
    with open(os.path.join(ROOT, "docs", "SCORES.md")) as f:
        assert "sending home what can go" not in " ".join(f.read().split())


def test_finish_plays_every_card_home_once_all_can_go():
    game = position(["KC QC JC", "KD QD", "KH", "KS"], home=(10, 11, 12, 12), autoplay=False)
    assert game.can_finish()
    game.finish()
    assert game.is_won()


# -- 6. which key goes on; settings change both ways ---------------------------

def test_the_end_screens_say_which_key_continues():
    for size in ((128, 64), (72, 40)):
        d = Driver(617, width=size[0], height=size[1])
        d.press("start").choose("give_up")
        end = d.app.lazy("end")
        assert d.app.screen is end
        assert b"A: CONTINUE" in texts_drawn(d, end.draw)


def test_settings_change_with_left_and_right():
    d = Driver()
    d.choose("settings")
    s = d.app.keeper.settings
    screen = d.app.lazy("settings_screen")
    while screen.items[screen.choice][1] != "contrast":
        d.press("down")
    d.press("right")
    assert s.contrast == 3
    d.press("left", "left")
    assert s.contrast == 1
    while screen.items[screen.choice][1] != "autoplay":
        d.press("up")
    d.press("left")
    assert not s.autoplay
    while screen.items[screen.choice][1] != "cells":
        d.press("down")
    d.press("left")
    assert s.cells == 3
    assert b"FREECELL CELLS: 3" in labels(screen)


# -- 10. words ------------------------------------------------------------------

def test_a_ten_is_10_in_every_word_a_player_reads():
    from app.assistant import hint_words
    game = position(["KD TS", "JH", "QS", "KC"])
    assert hint_words(game, 0, 1, 0) == "move 10S onto JH"
    assert "TS" not in game.reason()
    d = Driver(1)
    d.app.game = d.play.game = game
    d.play.reset()
    d.press("a")  # holding TS: the status line says 10S as well
    assert d.play.held == 0
    assert any(t.startswith(b"HOLDING 10S") for t in texts_drawn(
        d, lambda: d.app.view.draw(game, d.play)))


def test_a_buried_card_that_heads_no_run_says_only_the_top_card_moves():
    d = Driver(1)
    game = position(["KS 9H 8C 2D", "KD"] + ["KC"] * 6)
    d.app.game = d.play.game = game
    d.play.reset()
    d.press("up*2", "a")
    assert d.message() == "NO RUN THERE: ONLY THE TOP CARD CAN MOVE"


def test_controls_call_hold_a_the_best_move_not_send_home():
    from app.pages import HELP
    assert b"HOLD A BEST MOVE" in HELP and b"SELECT BEST MOVE" in HELP
    assert not [line for line in HELP if b"SEND HOME" in line]


def test_statistics_and_controls_keep_off_the_screens_left_edge():
    for size in ((128, 64), (72, 40)):
        for name in ("stats", "help"):
            d = Driver(617, width=size[0], height=size[1])
            d.press("start").choose("title")
            d.choose(name)
            d.app.redraw()
            fb = d.display
            lit = [y for y in range(7, size[1]) if fb.pixel(0, y)]
            assert not lit, (name, size, lit)
