"""What a new player hit, round two, each pinned where it was seen: hold A
from a free cell, keys that close a message or a menu, where the menu's
NEW GAME and SETTINGS lead, the name editor's help, the cursor's hook over
the status line, leaving a tournament, a resumed game's day, the Thumby
Arcade's words; and screens that say where you are (the game, the daily
deal, the tournament's round, what a mark means, glyphs that read at a
glance)."""

import os
import sys

from app.storage import Storage
from freecell.cards import parse
from freecell.table import CELL0
from helpers import position
from keyplan import Driver, actions, labels

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402


def on_table(game, width=128, height=64):
    """A driver whose app plays `game` (a position of helpers.position)."""
    d = Driver(1, width=width, height=height)
    d.app.game.table.copy_from(game.table)
    d.app.game.autoplay = game.autoplay
    d.app.play.reset()
    return d


# -- 2.1 hold A from a free cell goes to the nearest column --------------------

def test_hold_a_from_a_free_cell_picks_the_nearest_column_that_takes_the_card():
    """3D in cell 4 (above column 4 on 128x64): black fours top columns 1
    and 6; column 6 is the nearer (it went to column 1)."""
    game = position(columns=("KH 4C", "KD", "QS", "JH", "TD", "9S 4S", "8H", "7D"),
                    cells=("-", "-", "-", "3D"))
    d = on_table(game)
    d.play.point_at(CELL0 + 3)
    d.press("long-a")
    assert d.game.table.cell_cards[3] == 255
    assert d.game.table.card(5, 0) == parse("3D")


def test_hold_a_from_eight_offs_cells_picks_the_column_under_the_card():
    """Eight Off's twelve places over eight columns: cell 6 sits over
    column 5 (0-based), not column 6."""
    d = Driver(1, game="eight_off")
    play = d.play
    assert play.under(CELL0 + 6) == 4 and play.under(CELL0) == 0 and play.under(3) == 3


# -- 2.2 a key that closes a message or a menu does only that -------------------

def test_b_that_closes_the_no_moves_left_message_does_not_undo_too():
    """B closes the message, and only a second B takes a move back (in a
    tournament an undo costs points, and no question is asked)."""
    game = position(columns=("KS 2D", "KD 2C", "KC 2H", "KH 2S 9H", "QS", "QD", "QC", "QH"),
                    cells=("9C", "9D", "9S", "-"))
    d = on_table(game)
    d.press("right*3", "a", "a")  # 9H into the last free cell: nothing moves any more
    assert d.message().startswith("NO MOVES LEFT")
    d.press("b")
    assert d.game.undos == 0 and not d.play.message_lines
    d.press("b")
    assert d.game.undos == 1


def test_a_key_that_closes_a_menus_refusal_does_nothing_else():
    d = Driver(617)
    d.press("start").choose("redo")  # nothing to redo: said in a box
    assert d.app.menu.notice
    choice = d.app.menu.choice
    for key in ("down", "a", "b"):
        d.press(key)  # the box goes; the menu stays as it was
        assert d.app.screen is d.app.menu and d.app.menu.choice == choice
        d.press("a")  # REDO again: refused again
        assert d.app.menu.notice
    d.press("b", "b")
    assert d.app.screen is d.play


def test_a_key_that_closes_the_titles_note_does_nothing_else():
    d = Driver()
    d.app.notice = "a file was set aside"
    title = d.app.title
    d.press("down")
    assert d.app.notice is None and title.choice == 0 and d.app.screen is title
    d.press("down")
    assert title.choice == 1


# -- 2.3 where the menu's NEW GAME and SETTINGS lead; CONTROLS and back -----------

def test_the_menus_new_game_opens_the_game_picker_and_deals_a_random_game_of_it():
    d = Driver(617)
    d.press("start")
    assert ("game:random", "title") == (actions(d.app.menu)[9], actions(d.app.menu)[12])
    d.choose("game:random")  # nothing played: no question
    assert d.app.screen is d.app.game_picker and d.app.game_picker.then == "random"
    d.press("down", "a")  # Baker's Game
    assert d.app.screen is d.play and d.game.variant.name == "bakers_game"
    assert d.game.number.text() != "617"


def test_settings_opened_from_the_game_go_back_to_the_game():
    d = Driver(617)
    d.press("start").choose("settings")
    assert d.app.showing("settings_screen")
    d.press("b")
    assert d.app.screen is d.play
    d.press("start").choose("settings")
    d.choose("done")
    assert d.app.screen is d.play
    d.press("start").choose("title")  # from the title, back to the title
    d.choose("settings")
    d.press("b")
    assert d.app.screen is d.app.title


def test_leaving_controls_keeps_the_titles_cursor_where_it_was():
    d = Driver()
    title = d.app.title
    for action in ("help", "stats", "settings"):
        d.choose(action)
        d.press("b")
        assert d.app.screen is title and actions(title)[title.choice] == action
    d.choose("game:random")  # the game picker
    d.press("b")
    assert actions(title)[title.choice] == "game:random"


# -- 2.4 the name editor's help says what A does there ----------------------------

def test_the_player_name_editors_help_says_a_keeps_the_name():
    from test_new_player import texts_drawn

    d = Driver(storage=Storage(FakeFiles()))
    d.choose("settings")
    d.choose("player")
    seen = texts_drawn(d, d.app.screen.draw)
    assert b"A: KEEP  B: BACK" in seen and b"A: PLAY  B: BACK" not in seen
    d2 = Driver()
    d2.choose("enter_deal")
    assert b"A: PLAY  B: BACK" in texts_drawn(d2, d2.app.screen.draw)


# -- 2.5 the cursor's hooks never meet the status line ---------------------------

def test_the_cursor_under_a_columns_bottom_card_keeps_a_dark_row_above_the_status_line():
    """4C at the foot of column 3 with 3D held: the cursor's lower hooks sat
    on the status line's letters ("HOLDING 3D"), and over "B: DROP" further
    right.  A dark row now lies between them at every size."""
    for size in ((128, 64), (72, 40), (128, 128), (160, 128)):
        lay = Driver(1, width=size[0], height=size[1]).app.layout
        assert lay.columns_y + lay.columns_h < lay.status_y - 1, size  # the hooks, a dark row
    game = position(columns=("KH QS JH TS 9H 8S 7H 6S 5H", "KD", "9C 8D 7C 6D 5C 4D 3C 2D 4C",
                             "QC", "JD", "TC", "9D", "8C"), cells=("3D", "-", "-", "-"))
    d = on_table(game)
    d.play.point_at(CELL0)
    d.press("a")  # 3D: onto 4C (column 3) or 4... the cursor on a bottom card
    d.play.row, d.play.col, d.play.depth = 1, 2, 0
    d.app.redraw()
    view, lay = d.app.view, d.app.layout
    assert view.focus_y + view.focus_h + 1 < lay.status_y  # the hooks' row, then a dark one
    fb = d.display
    row = lay.status_y - 1
    assert not any(fb.pixel(x, row) for x in range(fb.width))


# -- 2.6 leaving a game during a tournament says the tournament ends ---------------

def test_a_new_game_during_a_tournament_says_first_that_the_tournament_ends():
    d = Driver(storage=Storage(FakeFiles()))
    d.choose("tournament")
    d.choose("tournament_random")
    st = d.app.keeper.stats
    assert st.tournament
    d.press("start").choose("game:random", sure=False)  # nothing played: still asked
    confirm = d.app.lazy("confirm")
    assert d.app.showing("confirm") and confirm.title == b"END THE TOURNAMENT?"
    assert labels(confirm) == [b"NO", b"YES: IT ENDS HERE"]
    d.press("a")  # NO
    assert st.tournament and d.app.screen is d.app.menu
    d.choose("game:random")  # YES, then the picker
    d.press("a")
    assert not st.tournament and d.app.screen is d.play


# -- 2.7 a resumed game keeps the day it was dealt ------------------------------------

def test_a_game_resumed_after_a_reboot_keeps_the_day_it_was_dealt():
    from freecell.daily import day_of
    from freecell.results import Result

    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.app.today = lambda: (2026, 11, 5)
    d.choose("random")
    d.press("a", "up", "a")  # a move
    d.press("start")  # saved
    again = Driver(storage=Storage(files))  # a reboot, days later
    again.app.today = lambda: (2026, 12, 7)
    again.press("a")  # RESUME
    again.press("start").choose("give_up")
    names = [n for n in files.files if n.startswith("result")]
    r = Result()
    assert r.decode(files.files[names[-1]]) is None
    assert r.day == day_of(2026, 11, 5)


# -- 2.8 the Thumby Arcade's description names every game --------------------------

def test_the_thumby_arcade_description_names_every_game():
    import thumby_arcade
    from freecell.variants import VARIANTS

    text = " ".join(thumby_arcade.DESCRIPTION.split())
    assert all(v.words in text for v in VARIANTS), text
    assert "HalfCell" in text


# -- 3. screens that say where you are ------------------------------------------------

def status(d):
    """The status line's text as drawn."""
    d.app.redraw()
    line = d.app.view.status
    return bytes(line.buf[:min(line.n, d.app.layout.text_chars)]).decode()


def test_the_status_line_names_the_game_the_daily_deal_and_the_round():
    d = Driver(617)
    assert status(d).startswith("#617 M0")  # FreeCell: as it was
    d = Driver(617, game="eight_off")
    d.app.new_game("617")
    assert status(d).startswith("EIGHT OFF #617? M0")
    d = Driver(storage=Storage(FakeFiles()))
    d.app.today = lambda: (2026, 12, 7)
    d.choose("daily")
    assert status(d).startswith("DAILY #")
    d.press("start").choose("give_up")
    d.press("a")
    d.choose("tournament")
    d.choose("tournament_random")
    assert status(d).startswith("ROUND 1/3 #")
    thumby = Driver(617, game="bakers_game", width=72, height=40)
    thumby.app.new_game("617")
    view = thumby.app.view  # (its status line, where the strip of a column leaves it)
    view.draw_status(thumby.game, thumby.play)
    assert bytes(view.status.buf[:view.status.n]).decode().startswith("BG #617? M0")


def test_the_deal_and_code_editors_name_the_game():
    d = Driver(game="eight_off")
    d.choose("enter_deal")
    assert d.app.screen.heading() == b"EIGHT OFF DEAL"
    d = Driver(617, game="seahaven")
    d.press("start").choose("title")
    d.choose("enter_code")
    code = d.app.screen
    assert code.heading() == b"SEAHAVEN CODE"  # the game on the table's
    code.pos = 0
    d.press("up")  # the code's first place: its game
    assert code.heading() == b"EIGHT OFF CODE"


def test_the_menus_title_names_the_game_and_deal_and_game_code_shows_the_code():
    d = Driver(617, game="halfcell")
    d.app.new_game("617")
    d.press("b", "start")
    assert d.app.menu.title == b"HALFCELL #617?"
    d.choose("show_code")
    from freecell import codes
    assert d.app.menu.notice == "game code " + codes.encode(d.game.variant, d.game.number)
    assert d.app.menu.notice.startswith("game code HC1-C4-")
    thumby = Driver(8589934591, game="bakers_game", width=72, height=40)
    thumby.app.new_game("8589934591")
    thumby.press("b", "start")
    assert thumby.app.menu.title == b"BG #8589934591?"  # the words do not fit 18 characters


def test_the_deals_question_mark_is_explained_where_it_appears_once_a_session():
    d = Driver(game="seahaven")
    d.choose("random")
    assert d.message() == "? AFTER THE DEAL NUMBER: NOT YET SHOWN WINNABLE"
    d.press("b", "start")
    d.choose("random")  # a second deal of the session: not said again
    assert not d.play.message_lines
    d = Driver()
    d.choose("random")  # FreeCell's deals are known winnable: nothing to explain
    assert not d.play.message_lines


def test_the_statistics_say_what_the_star_of_a_daily_deal_means():

    d = Driver(storage=Storage(FakeFiles()))
    d.app.today = lambda: (2026, 12, 7)
    d.choose("daily")
    d.press("a", "up", "a")
    d.press("start").choose("give_up")
    d.press("a")
    d.choose("stats")
    lines = d.app.screen.lines
    assert any(b"GAV*" in line for line in lines) and lines[-1] == b"*: A DAILY DEAL"


def test_the_glyphs_a_new_player_misread_differ_in_shape():
    """"#617 M0" was read as "H617 NO", "M6" as "Mb", and a narrow card's 7
    as its T (the ten): the hash lights no corner where H lights all four;
    the six has a top stroke; the seven runs down its right two rows."""
    import make_glyphs as M

    corners = lambda g: [g[0][0], g[0][2], g[4][0], g[4][2]]  # noqa: E731
    assert corners(M.FONT["#"]) == [" "] * 4 and corners(M.FONT["H"]) == ["#"] * 4
    assert M.FONT["6"][0] != "#  " and M.FONT["6"][0].count("#") >= 2
    diff = lambda a, b: sum(x != y for ra, rb in zip(M.FONT[a], M.FONT[b])  # noqa: E731
                            for x, y in zip(ra, rb))
    assert diff("7", "T") >= 4 and diff("#", "H") >= 3 and diff("M", "N") >= 4 \
        and diff("0", "O") >= 4 and diff("6", "8") >= 3


def test_no_two_cards_look_alike_narrow_or_not():
    """Seahaven's 11 px cards (the ten written T): each of the 52 faces
    differs from every other in 3 pixels or more, as the 13 px ones do (a 7
    and a T differed in 2)."""
    from app.layout import CARD_W, NARROW_W
    from app.paint import Painter
    from boards.sim import SimDisplay

    for width in (NARROW_W, CARD_W):
        display = SimDisplay(128, 64)
        painter = Painter(display)
        faces = []
        for card in range(52):
            display.fill(0)
            painter.card(card, 2, 2, width, 7)
            faces.append([display.pixel(x, y) for y in range(11) for x in range(width + 4)])
        closest = min(sum(a != b for a, b in zip(faces[i], faces[j]))
                      for i in range(52) for j in range(i + 1, 52))
        assert closest >= 3, (width, closest)


# -- 4. the simulator as a player uses it -----------------------------------------------

def test_keys_that_arrive_together_are_each_taken():
    from sim import split_keys

    assert split_keys("\x1b[D\x1b[Dz") == ["left", "left", "a"]  # "Left Left z" in one read
    assert split_keys("\x1b[C" * 5) == ["right"] * 5  # an arrow held: its repeat
    assert split_keys("\x1bOA\x1b[1;5Bx\rZ") == ["up", "b", "start", "long-a"]  # (ctrl-down: none)
    assert split_keys("q") == ["quit"] and split_keys("\x1b") == []


def test_flip_and_contrast_show_in_the_simulator(tmp_path):
    from sim import Firmware, to_braille, to_png

    fw = Firmware(size="128x64")
    try:
        before = fw.frame()
        assert not before.flipped and before.level == 0x7F
        braille = to_braille(before)
        for key in ("down",) * 6 + ("a",):  # SETTINGS
            fw.press(key)
        labels_seen = to_braille(fw.frame())
        for key in ("down", "left", "down", "a"):  # CONTRAST one lower; FLIP on
            fw.press(key)
        after = fw.frame()
    finally:
        fw.close()
    assert after.flipped and after.level < 0x7F
    seen = to_braille(after)
    assert seen != labels_seen and seen[0][::-1] != seen[0]  # turned round on screen
    assert to_png(after) != to_png(type(after)(after.width, after.height, after.data))
    assert braille
