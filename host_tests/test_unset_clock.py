"""A board whose clock is unset (it reads earlier than the version was
made: a Pico without a battery starts at 2021-01-01 after every power cut)
asks the date once a power-up when the daily deal is chosen, from the last
date the board knew; the deal, the statistics and the result carry that
date.  A board whose clock is set never asks.  (On the
real firmware: test_server's emulated Pico, whose clock starts unset.)"""

from app.storage import Storage
from app.version import DATE
from fakes.files import FakeFiles
from freecell.daily import date_of, day_of, deal_of_day
from freecell.results import Result
from keyplan import Driver

UNSET = (2021, 1, 1)


def board(clock=UNSET, files=None):
    d = Driver(storage=Storage(files if files is not None else FakeFiles()))
    d.app.clock = lambda: clock
    return d


def shown(d):
    line = d.app.screen.render()
    return bytes(line.buf[:line.n]).decode()


def test_an_unset_clock_asks_the_date_once_a_power_up_and_the_deal_is_that_days():
    d = board()
    d.choose("daily")
    assert type(d.app.screen).__name__ == "DateEntryScreen"
    assert shown(d) == "%d-%02d-%02d" % DATE  # nothing known yet: the version's day
    d.press("up", "left", "left", "up", "a")  # a day on, then a year on
    entered = (DATE[0] + 1, DATE[1], DATE[2] + 1)
    assert d.app.date == entered and d.app.screen is d.app.play
    days = day_of(*entered)
    assert d.game.number.text() == str(deal_of_day(days, 0))
    assert d.app.keeper.stats.daily
    d.app.do("title")
    d.choose("daily", "bakers_game")  # the same power-up: not asked again
    assert d.app.screen is d.app.play
    assert d.game.number.text() == str(deal_of_day(days, 1))


def test_the_result_and_the_statistics_carry_the_date_set():
    """Five days after the version's, a card moved, given up: the result
    file's day is the date set, and the next power-up's editor starts
    there (the statistics keep each game's last daily deal)."""
    files = FakeFiles()
    d = board(files=files)
    d.choose("daily")
    d.press("up*5", "a")
    days = day_of(*DATE) + 5
    d.press("long-a", "start")
    d.choose("give_up")
    assert d.game.moves == 1 and d.game.state != 0
    found = [n for n in files.files if n.startswith("result")]
    assert len(found) == 1, sorted(files.files)
    result = Result()
    assert result.decode(bytes(files.files[found[0]])) is None
    assert result.day == days
    again = board(files=files)
    again.choose("daily")
    assert shown(again) == "%d-%02d-%02d" % date_of(days)


def test_a_set_clock_never_asks():
    d = board(clock=(2027, 3, 4))
    d.choose("daily")
    assert d.app.screen is d.app.play and d.app.date is None
    assert d.game.number.text() == str(deal_of_day(day_of(2027, 3, 4), 0))


def test_the_editor_refuses_a_day_that_does_not_exist_or_comes_before_the_version():
    d = board()
    d.choose("daily")
    d.press("left", "left", "down*3", "a")  # the year, three back: before the version
    assert d.app.screen.error.n and bytes(d.app.screen.error.buf[:d.app.screen.error.n]) \
        == b"TOO EARLY"
    d.press("up", "up", "up", "up", "right")  # a year after the version
    while shown(d)[5:7] != "02":
        d.press("up")
    d.press("right")
    while shown(d)[8:] != "30":
        d.press("up")
    d.press("a")
    assert bytes(d.app.screen.error.buf[:d.app.screen.error.n]) == b"NO SUCH DAY"
    d.press("b")
    assert d.app.screen is d.app.title and d.app.date is None


def test_the_date_editor_fits_every_screen():
    """The date, its title, what up/down do and A/B, each inside the
    screen, on the Thumby's 72x40, the usual 128x64 and the 128x128."""
    for width, height in ((72, 40), (128, 64), (128, 128)):
        d = Driver(storage=Storage(FakeFiles()), width=width, height=height)
        d.app.clock = lambda: UNSET
        d.choose("daily")
        painter = d.app.painter
        drawn = []
        original = painter.text

        def text(t, x, y, c=1, n=-1, scale=1):
            n = len(t) if n < 0 else n
            drawn.append((bytes(t[:n]), x, y, scale))
            return original(t, x, y, c, n, scale)

        painter.text = text
        try:
            d.app.screen.draw()
        finally:
            del painter.text
        words = [t for t, _, _, _ in drawn]
        assert b"%d-%02d-%02d" % DATE in words, (width, words)
        for t, x, y, scale in drawn:
            assert 0 <= x and x + len(t) * painter.char_w * scale <= width + 1, (width, t, x)
            assert 0 <= y and y + painter.glyph_h * scale <= height, (width, t, y)
