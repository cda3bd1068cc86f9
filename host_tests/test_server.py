"""The daily leaderboard (server/, docs/SERVER.md), as its own process, on
SQLite and on a real PostgreSQL (Debian's, a throwaway cluster; skipped
without it on a laptop, required in CI): every lie refused with its reason
and nothing stored, the first attempt ranked, results from the simulator's
flash and from the emulated Pico accepted and ranked, 2,000 uploads from 20
clients each valid one stored once, the server killed in the middle of
them, and the page in a real headless browser (Debian's chromium)."""

import ast
import datetime
import glob
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import ROOT, TOOLS, need, run

sys.path.insert(0, TOOLS)
import serverkit as kit  # noqa: E402
from serverkit import DATE, daily_game, given_up, signed, upload  # noqa: E402

from freecell import container, results  # noqa: E402
from freecell.game import WON  # noqa: E402
from freecell.movelog import SOLVER  # noqa: E402
from freecell.table import CELL0  # noqa: E402
from helpers import play_line, solver_line  # noqa: E402

FC = os.path.join(TOOLS, "fc.py")
KEY = bytes(range(16))
OTHER_KEY = bytes(range(16, 32))

pytest.importorskip("starlette", reason="the server's packages (requirements-server.txt)")


@pytest.fixture(scope="module")
def postgres():
    need(kit.postgres_bin() and (os.geteuid() != 0 or shutil.which("runuser")),
         "PostgreSQL (Debian package postgresql)")
    cluster = kit.Postgres().start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A new, empty database: a SQLite file, or one on the cluster."""
    if request.param == "sqlite":
        return str(tmp_path / "leaderboard.sqlite3")
    return request.getfixturevalue("postgres").new_database("fc_" + request.node.name.split(
        "[")[0][-40:].lower())


@pytest.fixture
def server(database, tmp_path):
    """The server as make serve starts it (its limits on)."""
    with kit.Server(database, str(tmp_path)) as running:
        yield running


@pytest.fixture
def unlimited(database, tmp_path):
    """The server with no uploads-a-minute limits: the load's 2,000
    uploads all come from one address."""
    with kit.Server(database, str(tmp_path), limits=False) as running:
        yield running


def won_daily(date=DATE):
    game = daily_game(date)
    play_line(game, solver_line(game))
    assert game.is_won()
    return game


def stored(database):
    """(results, distinct files) in the database."""
    from server.db import Database

    db = Database(database)
    try:
        with db.transaction() as tx:
            return tuple(tx.one("SELECT COUNT(*), COUNT(DISTINCT sha256) FROM results"))
    finally:
        db.close()


# -- lies and junk ---------------------------------------------------------------

def resigned(data, key, change):
    """`data` with its payload changed by change(payload) (a bytearray), then
    signed with `key` and checksummed again: a lie only the replay can see."""
    at, n = container.unwrap(data, results.RESULT, results.VERSION)
    payload = bytearray(data[at:at + n])
    change(payload)
    payload[-results.SIGNATURE:] = results.hmac_sha256(key, bytes(payload[:-results.SIGNATURE]))
    return bytes(container.wrap(results.RESULT, results.VERSION, payload, len(payload)))


def first_move_illegal(payload):
    payload[29:31] = bytes((CELL0, 0))  # from an empty free cell to column 1


def claims_a_win(payload):
    payload[9] = WON


def more_moves_claimed(payload):
    payload[13] += 1


def day_to_come(payload):
    payload[-34:-32] = bytes((0xFF, 0))  # the day, before the signature: in 2175


def rechecksummed(good):
    """One more move claimed and the container's checksum made good again,
    the signature left as it was."""
    at, n = container.unwrap(good, results.RESULT, results.VERSION)
    payload = bytearray(good[at:at + n])
    more_moves_claimed(payload)
    return bytes(container.wrap(results.RESULT, results.VERSION, payload, n))


def first_format(good):
    """The same game as the first format wrote it: no name, day or signature."""
    at, n = container.unwrap(good, results.RESULT, results.VERSION)
    head = 29 + 2 * (good[at + 27] << 8 | good[at + 28])
    return bytes(container.wrap(results.RESULT, 1, bytearray(good[at:at + head]), head))


LIES = {
    "empty": (lambda good: b"", 400, "empty upload"),
    "1 MB": (lambda good: b"FC" + bytes(1 << 20), 413, "too large"),
    "truncated": (lambda good: good[:-7], 400, "not a result file"),
    "bit flipped": (lambda good: good[:40] + bytes([good[40] ^ 4]) + good[41:], 400,
                    "not a result file"),
    "re-checksummed, not re-signed": (rechecksummed, 400, "signed by another board"),
    "a move no player can make": (lambda good: resigned(good, KEY, first_move_illegal), 400,
                                  "the replay disagrees: action 1 (a1)"),
    "a claimed win that is not one": (lambda good: resigned(good, KEY, claims_a_win), 400,
                                      "the replay disagrees: the result says ending won"),
    "a count that is not the replay's": (lambda good: resigned(good, KEY, more_moves_claimed),
                                         400, "the replay disagrees: the result says moves"),
    "another board's signature": (lambda good: resigned(good, OTHER_KEY, lambda p: None), 400,
                                  "signed by another board"),
    "no signature (the first format)": (first_format, 400, "unsigned"),
    "dealt on a day to come": (lambda good: resigned(good, KEY, day_to_come), 400,
                               "a day that has not come"),
    "the same file again": (lambda good: good, 409, "uploaded before"),
}


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_every_lie_is_refused_with_its_reason_and_nothing_is_stored(server, database):
    game = given_up(daily_game(), 2)
    good = signed(game, 5, b"ALICE", KEY)
    assert upload(server.port, good) == (400, {
        "status": "refused", "reason": "ALICE has never uploaded: the first upload of a name "
        "brings its board's key (tools/fc.py submit sends it)"})
    status, body = upload(server.port, good, KEY)
    assert status == 201 and body["kind"] == "ranked", body
    for what, (make, code, reason) in LIES.items():
        status, body = upload(server.port, make(good), KEY)
        assert status == code and reason in body["reason"], (what, status, body)
        assert body["status"] != "accepted" and "\n" not in json.dumps(body), what
    # a stranger taking the name with a key of their own
    status, body = upload(server.port, resigned(good, OTHER_KEY, lambda p: None), OTHER_KEY)
    assert status == 400 and "signed by another board" in body["reason"]
    status, body = upload(server.port, good, bytes(3))
    assert status == 400 and "the key header is not 32 hex digits" in body["reason"]
    assert stored(database) == (1, 1)
    page = kit.day_json(server.port, DATE)
    assert [r["name"] for r in page["ranked"]] == ["ALICE"] and page["others"] == []


def test_the_first_attempt_is_ranked_and_the_rest_are_kept_as_what_they_are(server, database):
    alice, bob, carol = b"ALICE", b"BOB 2", b"CAROL"
    keys = {alice: KEY, bob: OTHER_KEY, carol: bytes(16)}
    win = won_daily()
    slower = daily_game()
    line = solver_line(slower)
    slower.move(0, CELL0)  # a detour: two moves more
    slower.undo()
    play_line(slower, line)
    helped = daily_game()
    helped.actor = SOLVER  # "show me" made a move
    play_line(helped, solver_line(helped)[:1])
    helped.actor = 0
    play_line(helped, solver_line(helped))
    other_deal = daily_game(DATE + datetime.timedelta(days=3))  # not this day's deal
    given_up(other_deal)
    uploads = [
        (signed(win, 1, alice, KEY), "ranked"),
        (signed(given_up(daily_game()), 2, alice, KEY), "a later attempt"),  # flagged again
        (signed(won_daily(), 3, alice, KEY, daily=False), "a later try"),
        (signed(given_up(daily_game()), 1, carol, keys[carol]), "ranked"),
        (signed(slower, 4, bob, OTHER_KEY), "ranked"),
        (signed(helped, 5, bob, OTHER_KEY), "the solver played part of it"),
        (signed(other_deal, 6, bob, OTHER_KEY, date=DATE), "not the day's deal"),
    ]
    for data, kind in uploads:
        name = results.Result()
        assert name.decode(data) is None
        status, body = upload(server.port, data, keys[name.name])
        assert status == 201 and body["kind"] == kind, (kind, body)
    page = kit.day_json(server.port, DATE)
    assert [(r["rank"], r["name"], r["won"]) for r in page["ranked"]] == [
        (1, "ALICE", True), (2, "BOB 2", True), (3, "CAROL", False)]
    assert page["ranked"][1]["moves"] == win.moves + 2 and page["ranked"][1]["undos"] == 1
    first = page["ranked"][0]
    assert first["share"] == "FreeCell daily %s #%d: won, 52/52 home, %d moves, 0 undos" % (
        DATE.isoformat(), page["deal"], win.moves)
    assert sorted(r["kind"] for r in page["others"]) == sorted(
        k for _, k in uploads if k != "ranked")
    assert page["yesterday"] == "2026-01-14" and page["tomorrow"] == "2026-01-16"
    assert kit.day_json(server.port, DATE + datetime.timedelta(days=1))["ranked"] == []
    status, _ = kit.get(server.port, "/api/day/2026-02-30/freecell")
    assert status == 404
    status, _ = kit.get(server.port, "/day/2026-01-15/spider")
    assert status == 404


# -- from a board: the simulator's flash, the emulated Pico -----------------------

def title_to_daily(date, unset=False):
    """The presses from a fresh board's title to the day's FreeCell deal,
    and that deal, found by driving the app as keyplan does.  `unset`: the
    board's clock is (the emulated Pico's starts at 2021-01-01), so the
    date is asked, and set to `date` from where the editor starts (the
    version's day, app/version.py)."""
    from app.storage import Storage
    from fakes.files import FakeFiles
    from keyplan import Driver

    class Recorder(Driver):
        def press(self, *scripts):
            self.log = getattr(self, "log", []) + list(scripts)
            return super().press(*scripts)

    d = Recorder(storage=Storage(FakeFiles()))
    if not unset:
        d.app.today = lambda: (date.year, date.month, date.day)
        d.choose("daily")
        return d.log, d
    from app.version import DATE as MADE

    d.app.clock = lambda: (2021, 1, 1)
    d.choose("daily")
    assert (date - datetime.date(*MADE)).days in range(0, 32) and date.month == MADE[1]
    for _ in range(date.day - MADE[2]):  # (a press a word: the emulated Pico's keys)
        d.press("up")
    d.press("a")
    assert d.app.date == (date.year, date.month, date.day)
    return d.log, d


def submit(server, folder):
    return run([sys.executable, FC, "submit", server.url, str(folder)])


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_win_in_the_simulator_is_accepted_and_ranked(server, tmp_path, micropython):
    """sim.py on the MicroPython unix port, its clock on DATE: the day's
    deal from the title, won through the buttons; then fc.py submit."""
    from keyplan import keys_for_solver_line

    presses, d = title_to_daily(DATE)
    keys, _ = keys_for_solver_line(int(d.game.number.text()))
    flash = tmp_path / "flash"
    played = run([sys.executable, os.path.join(TOOLS, "sim.py"), "--date", DATE.isoformat(),
                  "--flash", str(flash), "--keys", " ".join(presses + keys)])
    assert played.returncode == 0, played.stderr
    assert sorted(os.listdir(flash)) == ["game.sav", "player.sav", "result1.sav", "stats.sav"]
    shown = run([sys.executable, os.path.join(TOOLS, "saves.py"), "show", str(flash)])
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert shown.stdout.count("== %s" % flash) == 4  # the folder, as submit takes it
    assert "(freecell #%s, daily): won" % d.game.number.text() in shown.stdout, shown.stdout
    assert "its log replays to it: confirmed" in shown.stdout
    sent = submit(server, flash)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert "[1/1] result1.sav: accepted, ranked (freecell %s)" % DATE.isoformat() in sent.stdout
    assert sent.stdout.endswith("1 sent: 1 accepted (1 ranked), 0 already there, 0 refused\n")
    again = submit(server, flash)
    assert again.returncode == 0 and "0 accepted (0 ranked), 1 already there" in again.stdout
    page = kit.day_json(server.port, DATE)
    assert len(page["ranked"]) == 1 and page["ranked"][0]["won"]
    assert page["ranked"][0]["name"].startswith("FC")  # the board's first name


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_result_pulled_from_the_emulated_pico_is_accepted_and_ranked(server, tmp_path):
    """A fresh Pico (the official firmware, emulated; its clock starts on
    2021-01-01, unset): the daily deal from the title, which asks the date
    (the version's day, as the editor starts), a card to a free cell, then
    GIVE UP from the menu; its files pulled with saves.py over mpremote,
    then sent with fc.py submit: the board's own name, key and signature,
    ranked on the date set (not 2021-01-01, as before it asked)."""
    import flash as flash_tool
    import pico

    pico.install()
    problem = pico.missing(need_socat=True)
    need(problem is None, problem or "")
    from app.version import DATE as MADE

    day = datetime.date(*MADE)
    presses, d = title_to_daily(day, unset=True)
    d.press("long-a", "start")
    d.choose("give_up")
    assert d.game.state != 0 and d.game.moves == 1
    staged = str(tmp_path / "staged")
    flash_tool.stage("pico_ssd1306", staged, False, "armv6m")
    image, cut = str(tmp_path / "flash.img"), str(tmp_path / "played.img")
    pico.make_image(image, flash_tool.staged_paths(staged))
    boot = pico.boot(image, d.log, save_to=cut, tail_ms=1500)
    assert "Traceback" not in boot.output, boot.output
    pulled = tmp_path / "pulled"
    with pico.VirtualPico(cut) as board:
        got = run([sys.executable, os.path.join(TOOLS, "saves.py"), "pull", "--port", board.port,
                   str(pulled)])
    assert got.returncode == 0, got.stderr
    assert {"player.sav", "result1.sav"} <= set(os.listdir(pulled))
    sent = submit(server, pulled)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert "accepted, ranked (freecell %s)" % day.isoformat() in sent.stdout
    page = kit.day_json(server.port, day)
    assert [(r["rank"], r["won"], r["moves"]) for r in page["ranked"]] == [(1, False, 1)]
    assert page["deal"] == int(d.game.number.text())


# -- under load, and killed ----------------------------------------------------------

def test_2000_uploads_from_20_clients_store_every_valid_one_once(unlimited, database):
    uploads = kit.load_files()
    answers = kit.run_load(unlimited.port, uploads)
    by_kind = {}
    for (data, _, what), (status, _, _) in zip(uploads, answers):
        by_kind.setdefault(what, []).append((status, data))
    assert {s for s, _ in by_kind["broken"]} == {400}
    valid = {data for _, data in by_kind["valid"]}
    accepted = [data for status, data in by_kind["valid"] + by_kind["again"] if status == 201]
    assert sorted(accepted) == sorted(valid)  # each once; the other copy was "already there"
    assert stored(database) == (len(valid), len(valid))


def test_killed_in_the_middle_of_the_load_nothing_accepted_is_lost_or_doubled(unlimited,
                                                                             database):
    """SIGKILL after 600 answers, started again on the same port; the
    clients send what got no answer again."""
    server = unlimited
    uploads = kit.load_files(valid=1000, again=50, broken=50, players=40)
    state = {"killed": False}

    def after(done):
        if done == 600 and not state["killed"]:
            state["killed"] = True
            server.kill()
            server.start()

    answers = kit.run_load(server.port, uploads, retry_s=60, after=after)
    assert state["killed"]
    valid = {data for data, _, what in uploads if what == "valid"}
    accepted = [data for (data, _, _), (status, _, _) in zip(uploads, answers) if status == 201]
    assert len(accepted) == len(set(accepted)) <= len(valid)
    assert stored(database) == (len(valid), len(valid))  # every one, whether its answer came


# -- the database and the queries ------------------------------------------------------

def test_the_schema_comes_from_the_migrations_once(database):
    from server.db import MIGRATIONS, Database

    db = Database(database)
    try:
        assert db.migrate() == [m[0] for m in MIGRATIONS]
        assert db.migrate() == []
        with db.transaction() as tx:
            assert [r[0] for r in tx.all("SELECT version FROM schema_migrations ORDER BY "
                                         "version")] == [m[0] for m in MIGRATIONS]
    finally:
        db.close()


def test_no_query_is_built_from_strings():
    """Every query the server runs is one constant string (values apart)."""
    for path in glob.glob(os.path.join(ROOT, "server", "*.py")):
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            func = node.func if isinstance(node, ast.Call) else None
            on = getattr(func, "value", None)
            if func is not None and getattr(func, "attr", "") in ("run", "one", "all", "execute") \
                    and node.args and (getattr(on, "id", "") in ("tx", "con")
                                       or getattr(on, "attr", "") == "con"):
                sql = node.args[0]
                constant = isinstance(sql, ast.Constant) or (
                    isinstance(sql, ast.Name) and sql.id.isupper()) or (
                    isinstance(sql, ast.Call) and getattr(sql.func, "attr", "") in (
                        "_sql", "replace"))
                assert constant, "%s:%d builds a query" % (path, node.lineno)


# -- the page in a real browser ----------------------------------------------------------

def chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def dump_dom(url):
    done = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-dev-shm-usage", "--dump-dom", url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_page_in_a_headless_browser_escapes_names_and_links_the_days(server, database):
    need(chromium(), "chromium (Debian package chromium)")
    status, body = upload(server.port, signed(won_daily(), 1, b"ALICE", KEY), KEY)
    assert status == 201
    # a name no board can set, written straight into the database: the page
    # must show it as text, never run it
    from server.db import Database

    db = Database(database)
    evil = '<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>'
    try:
        with db.transaction() as tx:
            tx.run("UPDATE players SET name = ? WHERE name = ?", (evil, "ALICE"))
    finally:
        db.close()
    dom = dump_dom(server.url + "/day/%s/freecell" % DATE.isoformat())
    assert "<title>FreeCell daily 2026-01-15</title>" in dom and "pwned" not in dom.split(
        "<body>")[0]
    assert "&lt;script&gt;document.title=\"pwned\"&lt;/script&gt;" in dom
    assert "<script>" not in dom and "<img" not in dom
    assert 'id="yesterday" href="/day/2026-01-14/freecell"' in dom
    assert 'id="tomorrow" href="/day/2026-01-16/freecell"' in dom
    deal = kit.day_json(server.port, DATE)["deal"]
    assert "FreeCell daily 2026-01-15 #%d: won, 52/52 home" % deal in dom
    tomorrow = dump_dom(server.url + "/day/2026-01-16/freecell")
    assert 'id="empty"' in tomorrow and "FreeCell daily 2026-01-16" in tomorrow


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_ties_are_shown_as_ties_and_games_by_their_names(server, database, monkeypatch):
    """Two first attempts alike in all the order counts share a rank (1=,
    1=, 3), on the JSON, on the page in a real browser, and across a
    page's edge; the games' links read as words (Baker's Game)."""
    need(chromium(), "chromium (Debian package chromium)")
    players = [(b"ALICE", KEY), (b"BOB", OTHER_KEY), (b"CAROL", bytes(16))]
    games = [won_daily(), won_daily(), given_up(daily_game())]
    for (name, key), game in zip(players, games):
        status, body = upload(server.port, signed(game, 1, name, key), key)
        assert status == 201 and body["kind"] == "ranked", body
    page = kit.day_json(server.port, DATE)
    assert [(r["rank"], r["tied"], r["name"]) for r in page["ranked"]] == [
        (1, True, "ALICE"), (1, True, "BOB"), (3, False, "CAROL")]
    dom = dump_dom(server.url + "/day/%s/freecell" % DATE.isoformat())
    ranks = [cell.split(">", 1)[1].split("<", 1)[0]
             for cell in dom.split('<td class="rank"')[1:]]
    assert ranks == ["1=", "1=", "3"], ranks
    assert ">Baker's Game</a>" in dom.replace("&#x27;", "'").replace("&#39;", "'") \
        and ">Seahaven Towers</a>" in dom and ">bakers_game<" not in dom
    # a page of one result each: the tie goes on from the page before
    from server import board
    from server.db import Database

    monkeypatch.setattr(board, "PAGE", 1)
    rules = board.VARIANTS[0]
    db = Database(database)
    try:
        pages = [board.day(db, DATE, rules, n)["ranked"] for n in (1, 2, 3)]
    finally:
        db.close()
    assert [(p[0]["rank"], p[0]["tied"]) for p in pages] == [(1, True), (1, True), (3, False)]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_daily_played_by_another_rule_is_kept_but_not_ranked(server, database):
    """The day's deal, first try, but with 3 free cells, cards back from
    the foundations, or the simple run limit (a player's settings for
    their own games): kept, listed with why, never ranked."""
    from freecell.daily import day_of, deal_of_day
    from freecell.game import Game
    from freecell.rules import FreeCell

    number = deal_of_day(day_of(DATE.year, DATE.month, DATE.day), 0)
    three = Game(variant=FreeCell(3))
    three.deal(number)
    back = daily_game()
    back.take_back = True
    simple = Game(variant=FreeCell())
    simple.variant.simple_runs = True
    simple.deal(number)
    players = [(b"ALICE", KEY), (b"BOB", OTHER_KEY), (b"CAROL", bytes(16))]
    kinds = ["another rule: 3 free cells", "another rule: cards back from the foundations",
             "another rule: the simple run limit"]
    for (name, key), game, kind in zip(players, (three, back, simple), kinds):
        status, body = upload(server.port, signed(given_up(game), 1, name, key), key)
        assert status == 201 and body["kind"] == kind and not body["ranked"], body
    page = kit.day_json(server.port, DATE)
    assert page["ranked"] == []
    assert sorted(r["kind"] for r in page["others"]) == sorted(kinds)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_players_page_has_their_dailies_wins_and_streak(server, database):
    """BOB 2 won the daily on the last three days (today's the last) and
    lost one five days ago: 4 played, 3 won, a streak of 3; a later try is
    not a daily result. On the JSON and in a real browser, linked from the
    day's page; a name nobody uploaded as is not found."""
    need(chromium(), "chromium (Debian package chromium)")
    today = datetime.datetime.now(datetime.timezone.utc).date()
    one = datetime.timedelta(days=1)
    serial = 0
    for date, won in ((today - 5 * one, False), (today - 2 * one, True), (today - one, True),
                      (today, True)):
        serial += 1
        game = won_daily(date) if won else given_up(daily_game(date))
        status, body = upload(server.port, signed(game, serial, b"BOB 2", KEY, date=date), KEY)
        assert status == 201 and body["kind"] == "ranked", body
    status, body = upload(server.port, signed(won_daily(today), serial + 1, b"BOB 2", KEY,
                                              date=today, daily=False), KEY)
    assert status == 201 and body["kind"] == "a later try", body
    status, text = kit.get(server.port, "/api/player/BOB%202")
    assert status == 200, text
    found = json.loads(text)
    assert (found["played"], found["won"], found["streak"]) == (4, 3, 3)
    assert [d["date"] for d in found["dailies"]] == [
        (today - n * one).isoformat() for n in (0, 1, 2, 5)]
    assert found["dailies"][0]["title"] == "FreeCell" and not found["dailies"][-1]["won"]
    dom = dump_dom(server.url + "/player/BOB%202")
    assert "4 played, 3 won; current streak: 3 days won in a row" in dom
    assert 'href="/day/%s/freecell"' % today.isoformat() in dom
    day = dump_dom(server.url + "/day/%s/freecell" % today.isoformat())
    assert '<a href="/player/BOB%202">BOB 2</a>' in day
    for missing in ("/api/player/NOBODY", "/api/player/bob%20%202", "/player/%3Cscript%3E"):
        assert kit.get(server.port, missing)[0] == 404, missing


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_result_can_be_watched_move_by_move_once_its_day_is_over(server, database):
    """A ranked win of a past day: its replay steps through every position
    from the deal (the server's own replay of the log), in a real browser
    at any step; today's result is hidden until the day is over, on its
    page and in the JSON, and the day's page says so instead of a link."""
    need(chromium(), "chromium (Debian package chromium)")
    from server.replays import frame

    win = won_daily()
    status, body = upload(server.port, signed(win, 1, b"ALICE", KEY), KEY)
    assert status == 201 and body["kind"] == "ranked", body
    ranked = kit.day_json(server.port, DATE)["ranked"][0]
    status, text = kit.get(server.port, "/api/replay/%d" % ranked["id"])
    assert status == 200, text
    found = json.loads(text)
    deal = daily_game()
    assert found["frames"][0] == frame(deal) and found["actions"][0] == ""
    logged = results.Result()
    assert logged.decode(signed(win, 1, b"ALICE", KEY)) is None
    assert len(found["frames"]) == len(found["actions"]) == len(logged.entries) + 1
    assert found["frames"][-1]["found"] == "H-13 C-13 D-13 S-13"
    day = dump_dom(server.url + "/day/%s/freecell" % DATE.isoformat())
    assert '<a href="/replay/%d">watch</a>' % ranked["id"] in day
    step = 3
    dom = dump_dom(server.url + "/replay/%d?step=%d" % (ranked["id"], step))
    assert '<span id="step">%d / %d</span>' % (step, len(found["frames"]) - 1) in dom, dom[-3000:]
    assert '<span id="action">%s</span>' % found["actions"][step] in dom
    shown = found["frames"][step]
    assert '<p id="found">%s</p>' % shown["found"] in dom
    last = dump_dom(server.url + "/replay/%d?step=99999" % ranked["id"])
    assert '<p id="found">H-13 C-13 D-13 S-13</p>' in last
    # today's: hidden until the day is over
    today = datetime.datetime.now(datetime.timezone.utc).date()
    status, body = upload(server.port, signed(won_daily(today), 2, b"ALICE", KEY, date=today), KEY)
    assert status == 201 and body["kind"] == "ranked", body
    todays = kit.day_json(server.port, today)["ranked"][0]["id"]
    status, text = kit.get(server.port, "/api/replay/%d" % todays)
    assert status == 403 and b"once that day is over" in text and b"frames" not in text
    assert "once that day is over" in dump_dom(server.url + "/replay/%d" % todays)
    assert "after the day" in dump_dom(server.url + "/day/%s/freecell" % today.isoformat())
    for missing in ("999999", "x", "-1"):
        assert kit.get(server.port, "/api/replay/" + missing)[0] == 404


def test_make_serve_starts_it(tmp_path):
    port = kit.free_port()
    proc = subprocess.Popen(["make", "-s", "-C", ROOT, "serve",
                             "ARGS=--port %d --database %s" % (port, tmp_path / "lb.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith("leaderboard: SQLite %s (migrated to" % (tmp_path / "lb.sqlite3"))
        deadline = 30
        while deadline > 0:
            try:
                if kit.get(port, "/health") == (200, b"ok\n"):
                    break
            except OSError:
                pass
            time.sleep(0.2)
            deadline -= 0.2
        assert deadline > 0, "make serve did not answer"
        with urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=30) as page:
            today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
            assert page.url.endswith("/day/%s/freecell" % today)  # followed the redirect
            assert b"<h1>FreeCell daily %s</h1>" % today.encode() in page.read()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)


def test_refused_bad_input_on_the_command_line(tmp_path):
    r = run([sys.executable, FC, "submit", "ftp://x", str(tmp_path)])
    assert r.returncode == 2 and "no result files" in r.stderr
    (tmp_path / "result1.sav").write_bytes(signed(given_up(daily_game()), 1, b"ALICE", KEY))
    r = run([sys.executable, FC, "submit", "ftp://x", str(tmp_path)])
    assert r.returncode == 2 and "starts with http://" in r.stderr
    port = kit.free_port()  # nothing listens there
    r = run([sys.executable, FC, "submit", "http://127.0.0.1:%d" % port, str(tmp_path)])
    assert r.returncode == 2 and "is the leaderboard running? make serve" in r.stderr


def test_any_file_signed_right_is_answered_in_one_line_never_a_crash(tmp_path):
    """A board's own key signing whatever bytes: 600 payloads with random
    bytes changed (the log's actions above all), each re-signed and
    re-checksummed, go through accept(): every answer is a 201, 409 or 400
    with a one-line reason, never an exception."""
    import random

    from server.db import Database
    from server.uploads import accept

    db = Database(str(tmp_path / "fuzz.sqlite3"))
    db.migrate()
    game = won_daily()
    good = signed(game, 1, b"FUZZ", KEY)
    rng = random.Random(29)
    seen = set()
    try:
        for i in range(600):
            def scramble(payload):
                for _ in range(1 + i % 4):
                    at = rng.randrange(29, len(payload) - results.SIGNATURE - 3) if i % 3 \
                        else rng.randrange(len(payload) - results.SIGNATURE)
                    payload[at] = rng.randrange(256)

            status, body = accept(db, resigned(good, KEY, scramble), KEY.hex())
            assert status in (201, 400, 409), (status, body)
            assert status == 201 or "\n" not in body["reason"], body
            seen.add(status)
        for i in range(300):  # and bytes that are no file at all, or a file cut anywhere
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 1200))) if i % 2 \
                else good[:rng.randrange(1, len(good))]
            status, body = accept(db, data, KEY.hex())
            assert status == 400 and "\n" not in body["reason"], (status, body)
    finally:
        db.close()
    assert 400 in seen
