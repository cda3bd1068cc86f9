"""The leaderboard (server/) driven from outside, for its tests
(host_tests/test_server.py) and make bench (tools/bench_server.py): the
server as its own process (python -m server, as make serve starts it), a
throwaway PostgreSQL cluster, signed result files made with the engine, a
small HTTP client, and the load: many uploads from concurrent clients."""

import datetime
import glob
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

import submit  # noqa: E402  (tools/submit.py: fc.py submit's upload)
from app.dealer import day_of, deal_of_day  # noqa: E402
from freecell import results  # noqa: E402
from freecell.game import Game  # noqa: E402
from freecell.table import CELL0  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """python -m server on a free loopback port, its log in a file."""

    def __init__(self, database, folder):
        self.database = database
        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.log = os.path.join(folder, "server-%d.log" % self.port)
        self.proc = None

    def start(self, wait=30):
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "server", "--database", self.database, "--port",
                 str(self.port), "--quiet"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + wait
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server ended: " + self.output())
            try:
                if get(self.port, "/health")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not answer within %d s: %s" % (wait, self.output()))

    def kill(self):
        """SIGKILL: no goodbye, as a crash or a pulled plug."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self):
        with open(self.log) as f:
            return f.read()[-3000:]

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def request(port, method, path, body=None, headers=None, timeout=30):
    """(status, body bytes) over a fresh connection."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        con.request(method, path, body=body, headers=headers or {})
        response = con.getresponse()
        return response.status, response.read()
    finally:
        con.close()


def get(port, path):
    return request(port, "GET", path)


def upload(port, data, key=None):
    """(status, the JSON answer) for one result file, as fc.py submit sends it."""
    return submit.post("http://127.0.0.1:%d" % port, data, key)


def day_json(port, date, game="freecell"):
    status, body = get(port, "/api/day/%s/%s" % (date, game))
    assert status == 200, body
    return json.loads(body)


# -- results made with the engine, signed as a board signs them --------------

DATE = datetime.date(2026, 1, 15)


def signed(game, serial, name, key, date=DATE, daily=True):
    return bytes(results.encode(game, serial, daily, 0, name, key,
                                day_of(date.year, date.month, date.day)))


def daily_game(date=DATE, variant=0):
    game = Game()
    game.deal(deal_of_day(day_of(date.year, date.month, date.day), variant))
    return game


def given_up(game, moves=1):
    """Up to `moves` legal moves (a column's top card to a free cell), then
    given up."""
    for i in range(moves):
        if game.move(i % 8, CELL0 + i % 4) != 0:
            break
    game.give_up()
    return game


# -- a throwaway PostgreSQL ----------------------------------------------------

def postgres_bin():
    """The folder of Debian's PostgreSQL programs (initdb, pg_ctl), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


class Postgres:
    """A cluster of its own in a temporary folder, reached by its socket
    there (no TCP port), as user `freecell` (trust: loopback only).  As
    root (CI), its programs run as the `postgres` user, as they must."""

    def __init__(self):
        self.bin = postgres_bin()
        self.folder = tempfile.mkdtemp(prefix="fc-pg-")
        self.data = os.path.join(self.folder, "data")
        self.as_user = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *cmd):
        done = subprocess.run(self.as_user + list(cmd), capture_output=True, text=True,
                              timeout=120)
        if done.returncode != 0:
            raise RuntimeError("%s: %s" % (cmd[0], done.stderr or done.stdout))

    def start(self):
        self._run(os.path.join(self.bin, "initdb"), "-D", self.data, "-A", "trust", "-U",
                  "freecell", "--no-sync", "-E", "UTF8")
        self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-w", "-l",
                  os.path.join(self.folder, "log"), "-o",
                  "-k %s -c listen_addresses='' -c max_connections=200" % self.folder, "start")
        return self

    def url(self, database="postgres"):
        return "postgresql://freecell@/%s?host=%s" % (database, self.folder)

    def new_database(self, name):
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute("DROP DATABASE IF EXISTS " + name)  # a name the test chose
            con.execute("CREATE DATABASE " + name)
        return self.url(name)

    def stop(self):
        try:
            self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", "immediate",
                      "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


# -- the load: uploads from concurrent clients ---------------------------------

def load_files(valid=1800, again=100, broken=100, players=90, date=DATE):
    """[(file, key, what)] in a fixed shuffled order: `valid` distinct
    results (given up after a move, of `players` boards, each its own name
    and key), `again` of them sent a second time, `broken` with one bit
    flipped.  what: "valid", "again" or "broken"."""
    import random

    rng = random.Random(29)
    keys = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(players)]
    base = daily_game(date)
    files = []
    for i in range(valid):
        game = Game()
        game.deal(base.number.text())
        given_up(game, 1 + i % 3)
        player = i % players
        files.append((signed(game, 1 + i // players, b"LOAD %d" % player, keys[player], date),
                      keys[player], "valid"))
    extra = []
    for i in range(again):
        extra.append((files[i * 7 % valid][0], files[i * 7 % valid][1], "again"))
    for i in range(broken):
        data = bytearray(files[i * 11 % valid][0])
        data[8 + i % 20] ^= 1 << (i % 8)
        extra.append((bytes(data), files[i * 11 % valid][1], "broken"))
    everything = files + extra
    rng.shuffle(everything)
    return everything


def run_load(port, uploads, clients=20, retry_s=0.0, after=None):
    """Send `uploads` ([(file, key, what)]) from `clients` threads, each
    over its own keep-alive connection.  An upload that meets a closed or
    refused connection is sent again (for up to retry_s seconds: a server
    restarting).  after(done): called with the count of answers so far,
    after each.  Returns [(status, ms, body)] in the uploads' order."""
    answers = [None] * len(uploads)
    lock = threading.Lock()
    counter = [0]
    failures = []

    def client(which):
        con = None
        for i in range(which, len(uploads), clients):
            data, key, _ = uploads[i]
            headers = {"Content-Type": "application/octet-stream",
                       submit.KEY_HEADER: key.hex()}
            give_up_at = None
            while True:
                try:
                    if con is None:
                        con = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    started = time.perf_counter()
                    con.request("POST", "/results", body=data, headers=headers)
                    response = con.getresponse()
                    body = json.loads(response.read())
                    answers[i] = (response.status, (time.perf_counter() - started) * 1000, body)
                    break
                except (OSError, http.client.HTTPException, ValueError) as error:
                    if con is not None:
                        con.close()
                    con = None
                    now = time.time()
                    give_up_at = give_up_at or now + retry_s
                    if now >= give_up_at:
                        failures.append((i, repr(error)))
                        return
                    time.sleep(0.05)
            with lock:
                counter[0] += 1
                done = counter[0]
            if after:
                after(done)
        if con is not None:
            con.close()

    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise RuntimeError("%d uploads got no answer, the first: %s" % (len(failures),
                                                                        failures[0]))
    return answers


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
