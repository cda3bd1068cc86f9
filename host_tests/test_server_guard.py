"""The leaderboard under attack and under fault, and the command line fed
what no leaderboard answers (docs/SERVER.md, "Under attack"):
a slowloris of 1,100 half-open connections beside a real upload, a full
disk, PostgreSQL gone and back, uploads beyond the limits a minute,
look-alike names and days no calendar has, a day of many results paged,
dates in one form only; then fc.py submit against garbage, damaged result
files, and saves.py show on a FIFO.  Each a test that failed before."""

import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from conftest import TOOLS, run

sys.path.insert(0, TOOLS)
import serverkit as kit  # noqa: E402
from serverkit import DATE, daily_game, given_up, signed, upload  # noqa: E402

from freecell.daily import day_of  # noqa: E402
from app.player import encode  # noqa: E402
from freecell import results  # noqa: E402
from test_server import database, postgres, server, stored  # noqa: E402,F401  (fixtures)

FC = os.path.join(TOOLS, "fc.py")
SAVES = os.path.join(TOOLS, "saves.py")
KEY = bytes(range(16))

pytest.importorskip("starlette", reason="the server's packages (requirements-server.txt)")


def gave_up(name, key=KEY, serial=1, date=DATE, moves=1):
    return signed(given_up(daily_game(date), moves), serial, name, key, date)


def wait_for(check, seconds):
    """check() until it is true, for up to `seconds` (a bound, not a timing
    claim: what is asserted is that it happens)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return check()


def fault_lines(server):
    return [line for line in server.output().splitlines() if "a request failed" in line]


# -- a slowloris ------------------------------------------------------------------------

@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_slowloris_neither_keeps_an_upload_waiting_nor_fills_the_log(database, tmp_path):
    """1,100 connections fed a header byte a second, against a server
    allowed the usual 1,024 open files: before, the upload beside them got
    no answer in 2 minutes and the log grew by 700 MB (an accept() error
    and its traceback, again and again).  Now: the upload is answered, the
    idle ones are closed at the deadline (3 s here), the log stays a few
    lines."""
    with kit.Server(database, str(tmp_path), files=1024,
                    args=["--request-seconds", "3"]) as server:
        with kit.Slowloris(server.port, 1100) as attack:
            assert wait_for(lambda: attack.opened >= 500, 30)
            status, body = kit.request(server.port, "POST", "/results", gave_up(b"ALICE"),
                                       {kit.submit.KEY_HEADER: KEY.hex()}, timeout=20)
            assert status == 201, body
            assert wait_for(lambda: attack.closed >= 100, 30)  # the deadline, or the cap
            assert kit.get(server.port, "/health") == (200, b"ok\n")
        assert server.proc.poll() is None
        assert server.log_bytes() < 20000, server.output()
        assert "Traceback" not in server.output()
        assert stored(database) == (1, 1)


def test_the_deadline_closes_a_request_that_never_ends(tmp_path):
    """One connection sending its head and then nothing: closed at the
    deadline, with no answer and no log line."""
    database = str(tmp_path / "lb.sqlite3")
    with kit.Server(database, str(tmp_path), args=["--request-seconds", "1"]) as server:
        s = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        s.sendall(b"POST /results HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123")
        started = time.time()
        assert s.recv(100) == b""  # closed by the server, long before the 20 s timeout
        assert time.time() - started < 15
        s.close()
        assert fault_lines(server) == []


# -- faults of the server's own ----------------------------------------------------------

@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_full_disk_is_a_503_to_try_again_later_in_one_line(database, tmp_path):
    """The database file may not grow past 150 KB (RLIMIT_FSIZE: its
    writes fail as on a full disk).  Before: a bare 500 and a traceback a
    request, and fc.py submit said "refused" (exit 1)."""
    uploads = kit.load_files(valid=300, again=0, broken=0, players=30)
    with kit.Server(database, str(tmp_path), limits=False, fsize=150000) as server:
        answers = [upload(server.port, data, key) for data, key, _ in uploads]
        statuses = [status for status, _ in answers]
        assert statuses[0] == 201 and 503 in statuses and set(statuses) <= {201, 503}
        accepted = statuses.count(201)
        status, body = answers[statuses.index(503)]
        assert body["status"] == "unavailable" and "try again later" in body["reason"]
        folder = tmp_path / "board"
        folder.mkdir()
        (folder / "player.sav").write_bytes(bytes(encode(b"NEWCOMER", KEY)))
        (folder / "result1.sav").write_bytes(gave_up(b"NEWCOMER"))
        r = run([sys.executable, FC, "submit", server.url, str(folder)])
        assert r.returncode == 2 and "try again later" in r.stderr, (r.stdout, r.stderr)
        assert "refused" not in r.stdout + r.stderr and len(r.stderr.splitlines()) == 1
        log = server.output()
        assert "Traceback" not in log and len(fault_lines(server)) <= 5  # guard.BURST a minute
        assert server.log_bytes() < 5000
        server.room_again()  # the disk has room again: taken again, no restart
        assert upload(server.port, gave_up(b"LATER", OTHER), OTHER)[0] == 201
    assert stored(database) == (accepted + 1, accepted + 1)  # what was acknowledged is there


@pytest.mark.parametrize("database", ["postgres"], indirect=True)
def test_postgresql_gone_is_a_503_in_one_line_and_back_again(database, postgres, tmp_path):  # noqa: F811
    with kit.Server(database, str(tmp_path)) as server:
        assert upload(server.port, gave_up(b"ALICE"), KEY)[0] == 201
        postgres.halt()
        try:
            answers = [upload(server.port, gave_up(b"BOB %d" % i, bytes([i]) * 16), bytes([i]) * 16)
                       for i in range(20)]
            assert {status for status, _ in answers} == {503}
            assert all("try again later" in body["reason"] for _, body in answers)
            assert kit.get(server.port, "/health")[0] == 503
        finally:
            postgres.resume()
        assert upload(server.port, gave_up(b"CAROL", OTHER), OTHER)[0] == 201
        assert "Traceback" not in server.output() and len(fault_lines(server)) <= 5
    assert stored(database) == (2, 2)


OTHER = bytes(range(16, 32))


# -- what an upload may say ------------------------------------------------------------

LOOK_ALIKES = [b" ALICE", b"ALICE ", b"ALICE  ", b"ALI  CE", b"ABCDEFGHIJKL", b"ALICE\x00"]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_look_alike_names_long_names_and_days_no_calendar_has_are_refused(server_limited,
                                                                          database):
    port = server_limited.port
    for i, name in enumerate(LOOK_ALIKES):
        key = bytes([i + 1]) * 16
        status, body = upload(port, gave_up(name, key), key)
        assert status == 400 and "name is not one a board can set" in body["reason"], (name, body)
    game = given_up(daily_game())
    impossible = bytes(results.encode(game, 1, True, 0, b"DAVE", KEY, day_of(2026, 2, 30)))
    status, body = upload(port, impossible, KEY)
    assert status == 400 and "no calendar" in body["reason"], body
    assert upload(port, gave_up(b"ALICE"), KEY)[0] == 201
    assert upload(port, gave_up(b"ALI CE", OTHER), OTHER)[0] == 201
    names = [row["name"] for row in kit.day_json(port, DATE)["ranked"]]
    assert sorted(names) == ["ALI CE", "ALICE"]
    assert stored(database) == (2, 2)


@pytest.fixture
def server_limited(database, tmp_path):  # noqa: F811
    """Limits small enough to reach: 12 uploads a minute an address, 3 a name."""
    with kit.Server(database, str(tmp_path), args=["--per-address", "12",
                                                   "--per-name", "3"]) as running:
        yield running


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_uploads_beyond_the_limits_wait_with_a_429_and_nothing_is_stored(database, tmp_path):
    """Before: 893 largest uploads in 20 s from one key were all taken."""
    with kit.Server(database, str(tmp_path), args=["--per-address", "6",
                                                   "--per-name", "3"]) as server:
        port = server.port
        answers = [upload(port, gave_up(b"ALICE", serial=s), KEY) for s in range(1, 5)]
        assert [status for status, _ in answers] == [201, 201, 201, 429]
        assert "too many uploads for ALICE" in answers[3][1]["reason"]
        status, raw = kit.request(port, "POST", "/results", gave_up(b"BOB", OTHER),
                                  {kit.submit.KEY_HEADER: OTHER.hex()})
        assert status == 201  # another name: the address's fifth
        status, raw = kit.request(port, "POST", "/results", gave_up(b"BOB", OTHER, serial=2),
                                  {kit.submit.KEY_HEADER: OTHER.hex()})
        assert status == 201  # the sixth
        con = kit.http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        con.request("POST", "/results", gave_up(b"BOB", OTHER, serial=3),
                    {kit.submit.KEY_HEADER: OTHER.hex()})
        response = con.getresponse()
        body = json.loads(response.read())
        con.close()
        assert response.status == 429 and "from this address" in body["reason"]
        assert 1 <= int(response.getheader("Retry-After")) <= 60
        folder = tmp_path / "board"
        folder.mkdir()
        (folder / "player.sav").write_bytes(bytes(encode(b"ALICE", KEY)))
        (folder / "result4.sav").write_bytes(gave_up(b"ALICE", serial=4))
        r = run([sys.executable, FC, "submit", server.url, str(folder)])
        assert r.returncode == 2 and "busy" in r.stderr and "try again later" in r.stderr
        assert len(r.stderr.splitlines()) == 1
    assert stored(database) == (5, 5)


# -- the day's page ----------------------------------------------------------------------

def test_a_day_of_many_results_is_paged(tmp_path):
    """250 players' first attempts and 30 second tries: 100 of each list a
    page (before: every row on one page, 2.3 MB for 21,368 results)."""
    from server.db import Database
    from server.uploads import accept

    path = str(tmp_path / "lb.sqlite3")
    db = Database(path)
    db.migrate()
    try:
        for i in range(250):
            key = i.to_bytes(2, "big") * 8
            status, body = accept(db, gave_up(b"P%d" % i, key, moves=1 + i % 3), key.hex())
            assert status == 201, body
        for i in range(30):
            key = i.to_bytes(2, "big") * 8
            assert accept(db, gave_up(b"P%d" % i, key, serial=2, moves=2), key.hex())[0] == 201
    finally:
        db.close()
    with kit.Server(path, str(tmp_path)) as server:
        pages = [json.loads(kit.get(server.port, "/api/day/%s/freecell?page=%d" % (DATE, n))[1])
                 for n in (1, 2, 3)]
        assert [len(p["ranked"]) for p in pages] == [100, 100, 50]
        assert [len(p["others"]) for p in pages] == [30, 0, 0]
        # 1, 2 and 3 moves each, all else alike: three ties, across the pages' edges
        assert [r["rank"] for p in pages for r in p["ranked"]] == [1] * 84 + [85] * 83 \
            + [168] * 83
        assert all(r["tied"] for p in pages for r in p["ranked"])
        assert pages[0]["pages"] == 3 and pages[0]["ranked_count"] == 250
        assert pages[0]["others_count"] == 30
        status, html = kit.get(server.port, "/day/%s/freecell?page=2" % DATE)
        assert status == 200 and html.count(b"<tr>") <= 2 + 100 + 1
        assert b'href="/day/%s/freecell?page=1"' % str(DATE).encode() in html
        assert b'href="/day/%s/freecell?page=3"' % str(DATE).encode() in html
        for bad in ("0", "x", "-1", "99999999"):
            status, _ = kit.get(server.port, "/api/day/%s/freecell?page=%s" % (DATE, bad))
            assert status == 404


@pytest.mark.parametrize("date", ["20260115", "2026-W03-4", "2026-1-15", "2026-01-15T00:00",
                                  "２０２６-01-15", "2026-02-30"])
def test_a_day_is_named_in_one_form_only(tmp_path, date):
    from server import board

    assert board.parse_date(date) is None
    assert board.parse_date("2026-01-15") == DATE


# -- the command line ---------------------------------------------------------------------

class Canned:
    """A server on loopback that answers every connection with the same
    bytes, whatever was asked, then closes it."""

    def __init__(self, answer):
        self.answer = answer
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = "http://127.0.0.1:%d" % self.sock.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                con, _ = self.sock.accept()
            except OSError:
                return
            con.settimeout(5)
            try:
                got = b""
                while b"\r\n\r\n" not in got:
                    got += con.recv(65536) or b"\r\n\r\n"
                head, _, body = got.partition(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                while length and len(body) < length[0]:  # (all of it read: no reset)
                    body += con.recv(65536) or b"x" * length[0]
                con.sendall(self.answer)
            except OSError:
                pass
            finally:
                con.close()

    def close(self):
        self.sock.close()


def http_answer(status, body, headers=b"", length=None):
    return (b"HTTP/1.1 %d X\r\nContent-Length: %d\r\n%s\r\n" % (
        status, len(body) if length is None else length, headers)) + body


GARBAGE = {
    "no HTTP at all": b"HELLO THERE\r\n\r\n",
    "binary": bytes(range(256)) * 4,
    "a JSON list": http_answer(201, b"[1, 2, 3]"),
    "a JSON string": http_answer(400, b'"refused"'),
    "a body cut short": http_answer(201, b'{"status": "acc', length=200),
    "a 200 KB header": b"HTTP/1.1 201 Created\r\nX-Big: " + b"a" * 200000 + b"\r\n\r\n",
    "an HTML page": http_answer(200, b"<!DOCTYPE html><html><body>Welcome</body></html>"),
    "JSON that is not UTF-8": http_answer(201, b'{"status": "\xff\xfe"}'),
}


@pytest.fixture
def board_folder(tmp_path):
    folder = tmp_path / "board"
    folder.mkdir()
    (folder / "player.sav").write_bytes(bytes(encode(b"ALICE", KEY)))
    (folder / "result1.sav").write_bytes(gave_up(b"ALICE"))
    return folder


@pytest.mark.parametrize("what", sorted(GARBAGE))
def test_submit_to_a_server_answering_garbage_says_so_in_one_line(what, board_folder):
    server = Canned(GARBAGE[what])
    try:
        r = run([sys.executable, FC, "submit", server.url, str(board_folder)])
    finally:
        server.close()
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    assert "fc.py: %s " % server.url in r.stderr and "refused" not in r.stdout
    assert "did not answer as a leaderboard does" in r.stderr \
        or "is that the leaderboard's address?" in r.stderr


@pytest.mark.parametrize("status,word", [(503, "failing"), (429, "busy")])
def test_submit_to_a_busy_or_failing_server_says_try_again_later(status, word, board_folder):
    server = Canned(http_answer(status, b'{"status": "x", "reason": "later"}',
                                b"Retry-After: 30\r\n"))
    try:
        r = run([sys.executable, FC, "submit", server.url, str(board_folder)])
    finally:
        server.close()
    assert r.returncode == 2 and word in r.stderr and "try again later" in r.stderr
    assert len(r.stderr.splitlines()) == 1 and "refused" not in r.stdout


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/lead board", "http://", "http://x:port",
                                 "http://x\n/"])
def test_submit_to_an_address_that_is_none_says_so_in_one_line(url, board_folder):
    r = run([sys.executable, FC, "submit", url, str(board_folder)])
    assert r.returncode == 2 and "address" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.splitlines()) == 1, r.stderr


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_damaged_result_is_named_and_not_sent_nor_replayed(server, database, board_folder,
                                                             micropython):
    good = gave_up(b"ALICE", serial=2)
    damaged = bytearray(gave_up(b"ALICE", serial=3, moves=2))
    damaged[40] ^= 4  # a flipped bit on the flash
    (board_folder / "result2.sav").write_bytes(good)
    (board_folder / "result3.sav").write_bytes(bytes(damaged))
    r = run([sys.executable, FC, "submit", server.url, str(board_folder)])
    assert r.returncode == 1 and "result3.sav: damaged, not sent: the checksum" in r.stdout
    assert "2 accepted" in r.stdout and stored(database) == (2, 2)
    for interpreter in (sys.executable, micropython):
        v = run([interpreter, FC, "verify", str(board_folder)])
        assert v.returncode == 1, v.stderr
        assert "result3.sav: damaged, not checked: the checksum does not match" in v.stdout
        assert v.stdout.count("confirmed") == 2


def test_saves_show_reads_no_fifo_and_verify_of_the_root_names_no_files(tmp_path, micropython):
    fifo = tmp_path / "game.sav"
    os.mkfifo(str(fifo))
    r = subprocess.run([sys.executable, SAVES, "show", str(fifo)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1 and "not read: a FIFO, not a file" in r.stdout
    for interpreter in (sys.executable, micropython):
        v = run([interpreter, FC, "verify", "/"])
        assert v.returncode == 2 and v.stderr == "fc.py: no result files in /\n", v.stderr
