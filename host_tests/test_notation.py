"""Standard notation, fc-solve's v-count, and the position text."""

import pytest

from freecell import notation as N
from freecell.game import Game
from freecell.movelog import count_of, dst_of, src_of
from freecell.table import CELL0, FOUND0, FOUNDATION


@pytest.mark.parametrize("token,src,dst,count", [
    ("3a", 2, CELL0, 0), ("a5", CELL0, 4, 0), ("7h", 6, FOUNDATION, 0), ("58", 4, 7, 0),
    ("dh", CELL0 + 3, FOUNDATION, 0), ("82vc", 7, 1, 12), ("13v2", 0, 2, 2), ("12V1F", 0, 1, 31),
    ("3A", 2, CELL0, 0),
])
def test_tokens_parse(token, src, dst, count):
    p = N.parse_move(token)
    assert (src_of(p), dst_of(p), count_of(p)) == (src, dst, count)


@pytest.mark.parametrize("token", ["", "3", "h3", "39", "93", "3e", "ab3", "12v", "12v0",
                                   "12vg", "12x2", "12v100", "1 2", "-1"])
def test_malformed_tokens_are_refused(token):
    assert N.parse_move(token) == -1


def test_cells_beyond_the_game_are_not_places():
    assert N.parse_move("3c", 8, 2) == -1
    assert N.parse_move("3b", 8, 2) >= 0


@pytest.mark.parametrize("src,dst,count,token", [
    (2, CELL0, 1, "3a"), (CELL0 + 1, 4, 1, "b5"), (6, FOUNDATION, 1, "7h"),
    (7, 1, 12, "82vc"), (0, 2, 1, "13"), (CELL0, FOUND0, 1, "ah"),
])
def test_moves_write_as_tokens(src, dst, count, token):
    assert N.move_text(src, dst, count) == token
    p = N.parse_move(token)
    assert src_of(p) == src


@pytest.mark.parametrize("token,columns,cells,src,dst", [
    ("10h", 10, 4, 9, FOUNDATION), ("a10", 10, 4, CELL0, 9), ("110", 10, 4, 0, 9),
    ("101", 10, 4, 9, 0), ("5k", 8, 8, 4, CELL0 + 7), ("g3", 8, 8, CELL0 + 6, 2),
])
def test_ten_columns_and_eight_cells_as_fc_solve_writes_them(token, columns, cells, src, dst):
    """fc-solve writes column ten as '10' and the eighth cell as 'k' ('h' is
    the foundation)."""
    p = N.parse_move(token, columns, cells)
    assert (src_of(p), dst_of(p)) == (src, dst)
    assert N.move_text(src, dst) == token
    assert N.parse_move(token) == -1  # not places on FreeCell's table


def test_transcript_noise_lines():
    assert N.is_noise("-=-=-=-=-=-=-=-=-=-=-=-")
    assert N.is_noise("This game is solveable.")
    assert N.is_noise("Total number of states checked is 96.")
    assert not N.is_noise("5a 5b 5c")


def test_position_text_of_a_fresh_deal():
    g = Game()
    g.deal(1)
    lines = N.position_text(g).splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1] == "Freecells: - - - -"
    assert lines[2] == ": JD KD 2S 4C 3S 6D 6S"
    assert lines[-1] == "unsolved" and len(lines) == 11


def test_position_text_after_moves_shows_cells_and_foundations():
    g = Game(cells=2, autoplay=False)
    g.deal(1)
    g.move(2, CELL0)  # 2H to cell a
    lines = N.position_text(g).splitlines()
    assert lines[1] == "Freecells: 2H -"
    assert lines[4] == ": 9H 9S 9D TS 4S 8D"
