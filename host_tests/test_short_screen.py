"""The Thumby's 72x40 table read as a player reads it: the top
row's eight places always in view, in mini cards; the covered cards of the
column under the cursor written out in the strip, deepest first, whenever
the table cannot show their faces; the deal number on the status line, or
after a short strip.  Each check reads the frame back against cards drawn
alone by the same painter, so a card that is there but unreadable fails."""

import pytest

from boards.sim import SimDisplay
from freecell.cards import NO_CARD
from freecell.table import CELL0, COLUMN_CAP, FOUND0
from keyplan import Driver

from app.layout import NARROW_W, MINI_W, Layout
from app.paint import Line, Painter
from app.short_view import ShortView

W, H = 72, 40


_ALONE = {}


def alone(card, w, h):
    """A card drawn by itself at (0, 0), as its rows of pixels: what a
    reader compares."""
    if (card, w, h) not in _ALONE:
        d = SimDisplay(w, 8)
        painter = Painter(d)
        ShortView(painter, Layout(W, H), Line())  # the painter's mini cards
        painter.card(card, 0, 0, w, h)
        _ALONE[card, w, h] = [[d.pixel(i, j) for i in range(w)] for j in range(h)]
    return _ALONE[card, w, h]


def shows(display, card, x, y, w, h):
    """Is `card` on `display` at x, y, exactly as drawn alone?"""
    return [[display.pixel(x + i, y + j) for i in range(w)] for j in range(h)] == \
        alone(card, w, h)


def test_a_short_screen_shows_the_whole_top_row_in_mini_cards_and_128x64_does_not():
    lay = Layout(W, H)
    assert (lay.top.visible, lay.top.places, lay.top.card_w) == (8, 8, MINI_W)
    xs = [lay.top.x(0, i) for i in range(8)]
    assert xs[0] >= 1 and xs[-1] + MINI_W + 1 <= W  # both brackets of each on screen
    assert all(b - a == 9 for a, b in zip(xs, xs[1:]))
    assert Layout(128, 64).top.card_w == 13 and not Layout(128, 64).short
    assert Layout(72, 40, columns=10, cell_slots=4).top.visible == 8  # Seahaven
    eight_off = Layout(72, 40, columns=8, cell_slots=8)  # twelve places: eight, scrolling
    assert (eight_off.top.visible, eight_off.top.places) == (8, 12)


def test_the_cards_in_the_cells_and_on_the_foundations_read_wherever_the_cursor_is():
    d = Driver(617, width=W, height=H)
    d.press("a", "a")  # JD to a free cell
    d.press("right*3", "a", "a")  # and another card moved
    t = d.game.table
    lay = d.app.layout
    for col in range(8):  # the cursor on each column: the top row never scrolls
        while d.play.col != col:
            d.press("right")
        d.app.redraw()
        for slot in range(8):
            loc = CELL0 + slot if slot < 4 else FOUND0 + slot - 4
            card = t.top(loc)
            if card != NO_CARD:
                assert shows(d.display, card, lay.top.x(0, slot), 0, MINI_W, lay.full), (col, slot)
    assert t.cell_cards[0] != NO_CARD


def strip_cards(d):
    """The cards the strip shows, read back from the frame: each place of
    its lines compared with every card drawn alone."""
    lay = d.app.layout
    lines = d.app.view.short.lines(d.game, d.play)
    found = []
    for k in range(lines * lay.strip_cards):
        x = 1 + (k % lay.strip_cards) * (NARROW_W + 1)
        y = H - lines * lay.full + (k // lay.strip_cards) * lay.full
        match = [c for c in range(52) if shows(d.display, c, x, y, NARROW_W, lay.full)]
        if not match:
            break
        found.append(match[0])
    return found


@pytest.mark.parametrize("deal", [617, 1, 252])
def test_every_covered_card_of_the_column_under_the_cursor_reads_in_the_strip(deal):
    d = Driver(deal, width=W, height=H)
    t = d.game.table
    for col in range(8):
        while d.play.col != col:
            d.press("right")
        d.app.redraw()
        n = t.heights[col]
        column = [t.cards[col * COLUMN_CAP + i] for i in range(n)]
        assert strip_cards(d) == column[:-1], (deal, col)  # deepest first; the top card
        view = d.app.view  # is whole on the table, above the strip
        assert view.focus_h == d.app.layout.full and view.focus_y + view.focus_h <= view.bottom


def test_an_eighteen_card_column_takes_three_lines_and_its_top_card_stays_on_the_table():
    import os
    from conftest import ROOT
    from keyplan import keys_for_transcript

    with open(os.path.join(ROOT, "host_tests", "data", "252-long-column.moves")) as f:
        tokens = f.read().split()
    _, played = keys_for_transcript(252, tokens)
    d = Driver(252, width=W, height=H)
    d.app.game = d.play.game = played.game
    d.play.reset()
    t = played.game.table
    col = max(range(8), key=lambda c: t.heights[c])
    while d.play.col != col:
        d.press("right")
    d.app.redraw()
    assert d.app.view.short.lines(d.game, d.play) == 3
    assert strip_cards(d) == [t.cards[col * COLUMN_CAP + i] for i in range(17)]
    assert d.app.view.focus_y + d.app.view.focus_h <= d.app.view.bottom


def status_text(d):
    line = d.app.view.status
    return bytes(line.buf[:line.n])


def test_the_deal_number_shows_on_the_top_row_and_after_a_short_strip():
    d = Driver(617, width=W, height=H)
    d.press("down")  # from column 1's top card to the top row: the status line
    assert d.play.row == 0
    d.app.redraw()
    assert status_text(d).startswith(b"#617 M0")
    # a column of five: four covered cards, one line, room for the number after it
    d = Driver(617, width=W, height=H)
    t = d.game.table
    col = next(c for c in range(8) if t.heights[c] == 6)
    d.play.col = col
    d.press("a", "a")  # its top card away: five left, four covered
    d.play.row, d.play.col, d.play.depth = 1, col, 0
    d.app.redraw()
    assert t.heights[col] == 5  # the two presses moved that top card away
    assert d.app.view.short.lines(d.game, d.play) == 1 and status_text(d) == b"#617"
    text = alone_text(b"#617")
    assert all(d.display.pixel(W - 15 + i, H - 6 + j) == text.pixel(i, j)
               for i in range(15) for j in range(5))


def alone_text(text):
    d = SimDisplay(4 * len(text), 8)
    Painter(d).text(text, 0, 0)
    return d


def test_no_strip_while_holding_or_with_a_message_or_where_every_card_shows():
    d = Driver(617, width=W, height=H)
    d.press("a")  # holding: what is held, and where it may go
    d.app.redraw()
    assert d.app.view.short.lines(d.game, d.play) == 0
    assert status_text(d).endswith(b"B:DROP")
    d.press("b", "b")  # dropped; B again: nothing to undo, said in words
    assert d.play.message_lines and d.app.view.short.lines(d.game, d.play) == 0
    wide = Driver(617)  # 128x64: every covered card shows its face; no strip, nor its code
    assert wide.app.view.short is None and wide.app.painter.mini is None




def test_a_short_screens_redraw_allocates_nothing_on_micropython(micropython):
    import os
    import sys
    from conftest import LIB, ROOT, run

    script = os.path.join(ROOT, "host_tests", "mp", "short_screen_alloc.py")
    result = run([micropython, script], env={"MICROPYPATH": LIB + ":" + ROOT})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["short_frame_alloc_bytes 0", "strip_lines 1 1 0 0 0 3"]
    skipped = run([sys.executable, script], env={"PYTHONPATH": LIB + ":" + ROOT})
    assert skipped.stdout.strip() == "SKIP"


def test_a_tall_screens_redraw_allocates_nothing_on_micropython(micropython):
    """The PyBadge's 160x128 and a 128x128 panel: the tall glyphs and the big
    cards draw without allocating (host_tests/mp/tall_screen_alloc.py)."""
    import os
    from conftest import LIB, ROOT, run

    script = os.path.join(ROOT, "host_tests", "mp", "tall_screen_alloc.py")
    result = run([micropython, script], env={"MICROPYPATH": LIB + ":" + ROOT})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["tall_frame_alloc_bytes 160x128 0",
                                          "tall_frame_alloc_bytes 128x128 0"]
