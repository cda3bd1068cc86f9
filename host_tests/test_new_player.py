"""What a new player hit, each pinned where it was seen: a
tournament that took the game it interrupted for its round 1, hold A moving
a card from one free cell to another, a daily deal that was not the same
game for everyone, an untouched game counted as given up, FINISH's words,
screens that never said which key goes on, settings that only A changed,
and words (the ten, hold A, a buried card, text on the screen's edge)."""

import os
import sys

import pytest

from app import records_format as R
from app.storage import Storage
from conftest import ROOT
from freecell import codes
from freecell.cards import parse
from freecell.game import Game
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
    from app.hints import hint_words
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


# -- 7. the cursor apart from every other mark -----------------------------------

@pytest.mark.parametrize("size", [(128, 64), (72, 40), (160, 128), (128, 128)])
def test_the_cursor_on_a_cell_never_meets_the_mark_of_the_empty_column_under_it(size):
    """Holding a card that may go to a free cell or an empty column, the
    cursor on the cell right over that column: in the rows between the top
    row and the columns only the cursor's own hooks are lit; the column's
    mark is dotted inside it, with no line across; the cursor's brackets
    are solid and as tall as the card."""
    d = Driver(1, width=size[0], height=size[1])
    game = position(["", "KS QH", "KD", "KC", "QS", "QD", "QC", "JS"])
    d.app.game = d.play.game = game
    d.play.reset()
    d.play.row, d.play.col = 1, 1
    d.press("a")  # QH: onto KS? no; a free cell, the empty column, KC, KS ...
    assert d.play.held == 1
    p, lay, view = d.play, d.app.layout, d.app.view
    assert p.targets >> 10 & 1 and p.targets & 1  # cell a and column 1
    p.row, p.col = 0, 0  # the cursor on cell a
    d.app.redraw()
    fb = d.display
    top = lay.top
    x = top.x(view.top_first, 0)
    w, b = top.card_w, top.bracket
    for y in range(lay.full + 1, lay.columns_y - 1):  # the rows between (not the hooks' own)
        lit = [i for i in range(lay.width) if fb.pixel(i, y)]
        assert all(x - b <= i < x + w + b for i in lit), (y, lit)
    for dy in range(lay.full):  # the cursor's bracket: solid, the card's height
        assert fb.pixel(x - 1, dy) and fb.pixel(x + w, dy)
    cx = lay.cols.x(view.first, 0)
    if cx >= 0:  # the empty column's mark: dots inside, no line over it
        inside = [fb.pixel(cx + dx, lay.columns_y + dy) for dx in range(2, lay.cols.card_w - 2)
                  for dy in range(2, lay.full - 2)]
        assert any(inside)
        assert not any(fb.pixel(cx + dx, lay.columns_y - 1) for dx in range(lay.cols.card_w))


# -- 8. cards a player can read ---------------------------------------------------

def glyph_pixels(data, start, width):
    return {(x, y) for x in range(width) for y in range(8) if data[start + x] >> y & 1}


@pytest.mark.parametrize("module", ["glyphs", "glyphs_tall"])
def test_every_suit_and_rank_differs_from_the_others_at_a_glance(module):
    """The two suits of a colour (which the card's colour does not tell
    apart) differ in at least 5 pixels (clubs and spades differed in 4 of
    25), every two ranks in at least 3 (a 5 and a 6 differed in one), in
    each set."""
    import importlib
    g = importlib.import_module("app." + module)
    sets = [(g.SUITS, g.SUIT_WIDTH)] + ([(g.BIG_SUITS, g.BIG_SUITS_WIDTH)]
                                        if hasattr(g, "BIG_SUITS") else [])
    for data, w in sets:
        signs = [glyph_pixels(data, i * w, w) for i in range(4)]
        for i, j in ((0, 3), (1, 2)):  # clubs and spades, diamonds and hearts
            assert len(signs[i] ^ signs[j]) >= 5, (module, w, i, j)
    ranks = [glyph_pixels(g.RANKS, r * g.RANK_STEP, g.RANK_WIDTHS[r]) for r in range(13)]
    for i in range(13):
        for j in range(i + 1, 13):
            assert len(ranks[i] ^ ranks[j]) >= 3, (module, i, j)
    digits = [glyph_pixels(g.FONT, (48 + d - g.FONT_FIRST) * g.FONT_WIDTH, g.FONT_WIDTH)
              for d in range(10)]  # deal numbers and counts: a 0 and an 8 differed in one
    for i in range(10):
        for j in range(i + 1, 10):
            assert len(digits[i] ^ digits[j]) >= 3, (module, i, j)


@pytest.mark.parametrize("module", ["glyphs", "glyphs_tall"])
def test_the_ten_is_a_flagged_1_and_a_0_not_a_bar(module):
    import importlib
    g = importlib.import_module("app." + module)
    ten = glyph_pixels(g.RANKS, 9 * g.RANK_STEP, g.RANK_WIDTHS[9])
    one = {(x, y) for x, y in ten if x < 2}
    assert {x for x, _ in one} == {0, 1}  # the 1 has its flag: two columns
    assert all((2, y) not in ten for y in range(g.HEIGHT))  # a dark column between 1 and 0


def test_neighbouring_red_narrow_cards_never_merge_into_one_band():
    """Seahaven's ten narrow columns: between two red cards side by side at
    least two dark columns, on every row of their faces."""
    d = Driver(1)
    from freecell.variants import Seahaven
    game = Game(variant=Seahaven())
    game.deal(617)
    t = game.table
    reds = ["JH", "QD"] * 5
    for c in range(10):
        t.cards[c * 19] = parse(reds[c])
        t.heights[c] = 1
    d.app.game = d.play.game = game
    d.play.reset()
    d.play.row = 0
    d.app.redraw()
    lay, fb = d.app.layout, d.display
    row = lay.cols
    assert row.card_w == 11 and row.pitch == 12
    for c in range(9):
        x = row.x(0, c)
        for y in range(lay.columns_y + 1, lay.columns_y + lay.full - 1):
            dark = [i for i in range(x, x + row.pitch + 1) if not fb.pixel(i, y)]
            assert len([i for i in dark if i >= x + row.card_w - 1]) >= 2, (c, y)


# -- who plays on this board ----------------------------------------------------

def test_the_name_editors_letters_are_the_players_and_its_length_the_results():
    from app import player
    from app.name_entry import NameEntryScreen
    from freecell import results

    assert NameEntryScreen.ALPHABET == player.NAME_LETTERS
    assert NameEntryScreen._PLACES <= player.NAME_LEN == results.NAME_LEN


def test_the_player_names_themselves_in_the_settings_and_results_are_signed():
    from app.player import decode
    from freecell.results import Result
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    name, key = decode(files.files["player.sav"])  # made at the first boot
    assert name.startswith(b"FC") and len(key) == 16
    d.choose("settings")
    d.choose("player")
    editor = d.app.lazy("name_entry")
    assert d.app.showing("name_entry") and bytes(editor.render().buf[:8]).strip() == name
    for _ in range(8):  # clear it: spaces
        editor.values[editor.pos] = 0
        d.press("right")
    d.press("up*14", "right", "up*5", "a")  # "NE"
    assert decode(files.files["player.sav"]) == (b"NE", key)  # the same key
    assert d.app.showing("settings_screen")
    d.choose("done")
    d.choose("random")
    d.press("a", "a")
    d.press("start").choose("give_up")
    result = Result()
    results = [n for n in files.files if n.startswith("result")]
    assert result.decode(files.files[results[0]]) is None
    assert result.name == b"NE" and result.signed_with(key) and not result.signed_with(b"x" * 16)
    Driver(storage=Storage(files))  # the next boot keeps name and key
    assert decode(files.files["player.sav"]) == (b"NE", key)
