"""The daily deal is winnable in every game, proved before it is dealt
(freecell/daily.py): the table made on the host says so up to its last day
(each game's deal proved again here on a sample of days, and by fc-solve
where it plays the game), a later day is proved by the solver the same
way on CPython and on MicroPython, days before the change keep their deal,
and the app, the simulator and the server all name the same one."""

import datetime
import os
import random
import sys


from conftest import FUZZ, ROOT, run
from freecell import daily, daily_table
from freecell.variants import VARIANTS, by_name

TOOLS = os.path.join(ROOT, "tools")
LIB = os.path.join(ROOT, "firmware", "lib")
sys.path.insert(0, TOOLS)
import daily_table as maker  # noqa: E402  (tools/daily_table.py)

TWO_YEARS = list(maker.real_days(daily.day_of(2027, 1, 1), daily.day_of(2028, 12, 31)))
# found lost, or not won in 200,000 positions, when the daily deal was not
# checked (tools/fc.py solve N --game G)
LOST = {"bakers_game": (458840, 497251, 581106), "forecell": (530205, 577272, 595666)}


def old_deal_of_day(days, variant_id):
    """The daily deal as it was before: FreeCell's eight skipped, nothing else."""
    n = 1 + (days * 541 + 7919 * (variant_id + 1)) % 1000000
    while n in daily.UNWINNABLE:
        n += 1
    return n


def test_the_table_lists_two_years_and_more_for_every_game():
    assert daily_table.LAST >= daily.day_of(2028, 12, 31)
    assert len(daily_table.SKIPS) == len(VARIANTS)
    for v in VARIANTS:
        rows = daily_table.SKIPS[v.id]
        assert len(rows) % 3 == 0
        days = [rows[i] << 8 | rows[i + 1] for i in range(0, len(rows), 3)]
        assert days == sorted(set(days)), v.name  # ordered: a binary search reads it
        assert all(rows[i + 2] for i in range(0, len(rows), 3))
        if v.KNOWN_WINNABLE >= 1000000:
            assert rows == b""  # FreeCell's are known without the solver


def test_no_day_in_two_years_deals_a_deal_found_lost():
    """The old rule dealt Baker's Game #458840 on 2027-01-18 (no solution
    at all); now no day does, and a day that skips says which it skips."""
    assert old_deal_of_day(daily.day_of(2027, 1, 18), 1) == 458840
    skipped = 0
    for v in VARIANTS:
        lost = LOST.get(v.name, ()) + daily.UNWINNABLE
        for days in TWO_YEARS:
            n = daily.deal_of_day(days, v.id)
            assert n not in lost, (v.name, maker.date_of(days), n)
            assert 1 <= n <= 1000000
            skipped += n != old_deal_of_day(days, v.id)
    assert skipped > 100  # the others' days that the solver did not win at first


def test_the_tables_days_are_what_the_proof_finds():
    """tools/daily_table.py --verify: days a game proved again (the deal
    won, each candidate skipped not), the same search the board runs."""
    r = run([sys.executable, os.path.join(TOOLS, "daily_table.py"), "--verify",
             "--sample", str(3 * FUZZ), "--jobs", "2"])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "%d days proved again, 0 differ" % (3 * FUZZ * 5) in r.stdout


def test_fc_solve_wins_the_daily_deals_of_the_games_it_plays(fc_solve):
    from test_variants import fc_solve_line

    rng = random.Random(51)
    for name in ("bakers_game", "seahaven", "eight_off", "forecell"):
        v = by_name(name)
        for days in rng.sample(TWO_YEARS, 3):
            n = daily.deal_of_day(days, v.id)
            assert fc_solve_line(name, n, fc_solve), (name, maker.date_of(days), n)


def test_days_before_the_change_keep_their_deals():
    for v in VARIANTS:
        for days in range(daily.day_of(2026, 1, 1), daily.FIRST):
            assert daily.deal_of_day(days, v.id) == old_deal_of_day(days, v.id)


FAR = ("2099-12-31", maker.date_of(daily_table.LAST + 1).isoformat())
SCRIPT = """
import sys
from freecell import daily
for date in sys.argv[1:] if hasattr(sys, "argv") and len(sys.argv) > 1 else %r:
    y, m, d = [int(p) for p in date.split("-")]
    days = daily.day_of(y, m, d)
    print(date, daily.listed(days), [daily.deal_of_day(days, v) for v in range(6)])
""" % (FAR,)


def test_a_day_after_the_table_is_proved_alike_on_micropython_and_cpython(micropython, tmp_path):
    """Past the table's last day (to 2099) the board proves the candidates
    itself: the unix port's solver (viper) and CPython's find the same,
    each deal won by the proof, and only FreeCell's found without it."""
    script = tmp_path / "far.py"
    script.write_text(SCRIPT)
    env = {"MICROPYPATH": LIB, "PYTHONPATH": LIB}
    on_mp = run([micropython, str(script)], env=env)
    on_cpython = run([sys.executable, str(script)], env=env)
    assert on_mp.returncode == 0, on_mp.stderr
    assert on_mp.stdout == on_cpython.stdout
    for line in on_mp.stdout.splitlines():
        date, listed, deals = line.split(" ", 2)
        assert listed == "False"
        deals = eval(deals)
        for v in VARIANTS[1:]:
            assert daily.proved(deals[v.id], v), (date, v.name)


def test_the_app_deals_the_proved_deal_without_the_unproved_mark():
    """DAILY DEAL in Baker's Game on 2027-01-18: the proved deal, not the
    lost #458840, and no '?' after its number."""
    from app.storage import Storage
    from fakes.files import FakeFiles
    from keyplan import Driver

    d = Driver(storage=Storage(FakeFiles()))
    d.app.keeper.settings.variant_id = 1
    d.app.today = lambda: (2027, 1, 18)
    d.choose("daily")
    days = daily.day_of(2027, 1, 18)
    assert d.game.variant.name == "bakers_game"
    assert d.game.number.text() == str(daily.deal_of_day(days, 1)) != "458840"
    assert d.game.proved
    for name in ("app.dealer", "freecell.daily", "freecell.daily_table"):
        assert name not in sys.modules, name  # let go of once the deal is dealt


def test_the_leaderboard_names_the_same_deal(tmp_path):
    """/api/day/DATE/GAME on days since the change (today's the last):
    each game's deal is the one the boards deal, on days where the old
    rule named another."""
    import serverkit as kit

    dates = [datetime.date(2026, 12, 3), datetime.date(2026, 12, 4)]
    assert any(daily.deal_of_day(days, v.id) != old_deal_of_day(days, v.id)
               for days in [daily.day_of(*d.timetuple()[:3]) for d in dates] for v in VARIANTS)
    with kit.Server(str(tmp_path / "board.sqlite3"), str(tmp_path)) as server:
        for date in dates:
            days = daily.day_of(date.year, date.month, date.day)
            for v in VARIANTS:
                page = kit.day_json(server.port, date.isoformat(), v.name)
                assert page["deal"] == daily.deal_of_day(days, v.id), (date, v.name)


def test_a_board_without_room_for_the_proof_says_so_and_keeps_its_game(monkeypatch):
    """A day after the table on a board whose heap cannot hold the proof's
    48 KB (CircuitPython, an ESP32): a line on the title, nothing dealt,
    the game in progress as it was."""
    from app.storage import Storage
    from fakes.files import FakeFiles
    from keyplan import Driver

    d = Driver(617, storage=Storage(FakeFiles()))
    d.press("a", "a")  # a move: a game in progress
    moves = d.game.moves
    assert moves == 1

    from freecell import solver

    def no_room(self, *args, **kwargs):  # the proof's table: 48 KB in one block
        raise MemoryError

    monkeypatch.setattr(solver.Solver, "__init__", no_room)
    d.app.keeper.settings.variant_id = 1
    d.app.today = lambda: (2099, 12, 31)
    d.app.do("title")
    d.choose("daily")
    assert d.app.screen is d.app.title and d.app.notice == "firmware too old"
    assert d.game.number.text() == "617" and d.game.moves == moves
    assert d.app.in_progress


def test_extending_the_table_adds_days_and_changes_none(tmp_path):
    """tools/daily_table.py --until DATE on a copy: the copy as the tool
    writes it, three days more, each its deal as a board proves it."""
    import shutil

    copy = tmp_path / "daily_table.py"
    shutil.copy(os.path.join(LIB, "freecell", "daily_table.py"), copy)
    last, rows = maker.current(str(copy))
    assert last == daily_table.LAST
    until = maker.date_of(last + 3)
    r = run([sys.executable, os.path.join(TOOLS, "daily_table.py"), "--until", until.isoformat(),
             "--table", str(copy), "--jobs", "2"])
    assert r.returncode == 0, r.stderr
    assert "3 days proved, listed to %s" % until in r.stdout
    new_last, new_rows = maker.current(str(copy))
    assert new_last == daily.day_of(until.year, until.month, until.day)
    for v in VARIANTS:
        old = {d: k for d, k in rows.get(v.id, {}).items() if k}
        new = {d: k for d, k in new_rows.get(v.id, {}).items() if k}
        assert {d: k for d, k in new.items() if d <= last} == old, v.name
        for days in range(last + 1, new_last + 1):  # as deal_of_day proves them past the table
            k = new.get(days, 0)
            assert daily.candidate(days, v.id, k) == daily.deal_of_day(days, v.id), v.name
