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
import ssl
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

import submit  # noqa: E402  (tools/submit.py: fc.py submit's upload)
from freecell.daily import day_of, deal_of_day  # noqa: E402
from freecell import results  # noqa: E402
from freecell.game import Game  # noqa: E402
from freecell.table import CELL0  # noqa: E402


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """python -m server on a free loopback port, its log in a file; `limits`
    False: no uploads-a-minute limits (the load's 2,000 uploads come from one
    address)."""

    def __init__(self, database, folder, limits=True, args=(), files=None, fsize=None):
        """files: the process's open-file limit (soft and hard), as a
        system's default of 1024 would be; fsize: the most bytes it may
        write into a file (a disk that fills: writes beyond fail)."""
        self.database = database
        self.rlimits = []
        import resource

        if files:
            self.rlimits.append((resource.RLIMIT_NOFILE, files))
        if fsize:
            self.rlimits.append((resource.RLIMIT_FSIZE, fsize))  # (raised by the test: room again)
        self.args = list(args) + ([] if limits else ["--per-address", "0", "--per-name", "0"])
        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.log = os.path.join(folder, "server-%d.log" % self.port)
        self.proc = None

    def start(self, wait=30):
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "server", "--database", self.database, "--port",
                 str(self.port), "--quiet"] + self.args, cwd=ROOT, stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self._limit if self.rlimits else None)
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

    def _limit(self):
        import resource

        for which, value in self.rlimits:
            resource.setrlimit(which, (value, value if which == resource.RLIMIT_NOFILE
                                       else resource.RLIM_INFINITY))

    def room_again(self):
        """The file size limit lifted: the disk has room again."""
        import resource

        resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE,
                         (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    def log_bytes(self):
        return os.path.getsize(self.log)

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


def tls_context(folder):
    """A server-side TLS context with a new self-signed P-256 certificate
    (openssl), for an HTTPS front on loopback; None without openssl."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    try:
        made = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                               "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj",
                               "/CN=127.0.0.1", "-keyout", key, "-out", cert],
                              capture_output=True)
    except OSError:
        return None
    if made.returncode != 0:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


class Front:
    """A TCP front between the board and the server, on loopback: `mode`
    "pass" forwards, "cut" closes both sides after `after` bytes of the
    request (a connection lost in the middle of a send), "mute" forwards
    the whole request and closes the board's side before the answer (the
    server stored it; the board never heard), "tls" is an HTTPS front (the
    board speaks TLS to it, it plain HTTP to the server)."""

    def __init__(self, port, mode="pass", after=0, context=None):
        self.port_to, self.mode, self.after, self.context = port, mode, after, context
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.url = "%s://127.0.0.1:%d" % ("https" if mode == "tls" else "http", self.port)
        self.requests = 0
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            try:
                self._one(conn)
            except (OSError, ssl.SSLError):
                pass
            finally:
                conn.close()

    def _one(self, conn):
        conn.settimeout(20)
        if self.mode == "tls":
            conn = self.context.wrap_socket(conn, server_side=True)
        request = b""
        while b"\r\n\r\n" not in request:
            got = conn.recv(4096)
            if not got:
                return
            request += got
        head, _, body = request.partition(b"\r\n\r\n")
        length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:")]
        while length and len(body) < length[0]:
            got = conn.recv(4096)
            if not got:
                return
            body += got
        self.requests += 1
        whole = head + b"\r\n\r\n" + body
        with socket.create_connection(("127.0.0.1", self.port_to), timeout=20) as up:
            if self.mode == "cut":
                up.sendall(whole[:self.after])
                return  # both closed: the server sees a body cut short
            up.sendall(whole)
            answer = b""
            while True:
                got = up.recv(4096)
                if not got:
                    break
                answer += got
        if self.mode == "mute":
            return
        conn.sendall(answer)

    def close(self):
        self.sock.close()


class TimeServer:
    """SNTP on loopback (UDP): every query answered with `when`."""

    def __init__(self, when=datetime.datetime(2026, 12, 8, 12, 0, tzinfo=datetime.timezone.utc)):
        self.time = when
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        seconds = int(self.time.timestamp()) + 2208988800
        while True:
            try:
                _, addr = self.sock.recvfrom(48)
            except OSError:
                return
            answer = bytearray(48)
            answer[0], answer[1] = 0x1C, 2  # a server, version 3; stratum 2
            answer[40:44] = seconds.to_bytes(4, "big")
            self.sock.sendto(answer, addr)


class Slowloris:
    """The attack that once took the leaderboard down: `count`
    connections, each sending a request's first lines and then one header
    byte every `drip_s` seconds, never the end; one the server closes is
    opened again at once.  Runs in its own thread (with ... as attack:);
    `closed` counts the connections the server closed, `opened` all."""

    HEAD = b"POST /results HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 900\r\n"

    def __init__(self, port, count, drip_s=1.0):
        self.port, self.count, self.drip_s = port, count, drip_s
        self.opened = self.closed = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self):
        s = socket.socket()
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", self.port))
            s.sendall(self.HEAD)
        except OSError:
            s.close()
            return None
        s.setblocking(False)
        self.opened += 1
        return s

    def _alive(self, s):
        try:
            if s.recv(4096) == b"":
                return False
        except BlockingIOError:
            pass
        except OSError:
            return False
        try:
            s.send(b"X")
        except BlockingIOError:
            pass
        except OSError:
            return False
        return True

    def _run(self):
        socks = []
        try:
            while not self.stopping.is_set():
                while len(socks) < self.count and not self.stopping.is_set():
                    s = self._open()
                    if s is None:
                        break
                    socks.append(s)
                kept = []
                for s in socks:
                    if self._alive(s):
                        kept.append(s)
                    else:
                        self.closed += 1
                        s.close()
                socks = kept
                self.stopping.wait(self.drip_s)
        finally:
            for s in socks:
                s.close()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        self.thread.join(30)


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
        self.resume()
        return self

    def url(self, database="postgres"):
        return "postgresql://freecell@/%s?host=%s" % (database, self.folder)

    def new_database(self, name):
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute("DROP DATABASE IF EXISTS " + name)  # a name the test chose
            con.execute("CREATE DATABASE " + name)
        return self.url(name)

    def halt(self):
        """Stopped at once (its connections cut), its data kept: a
        database server gone away."""
        self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", "immediate", "stop")

    def resume(self):
        self._run(os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-w", "-l",
                  os.path.join(self.folder, "log"), "-o",
                  "-k %s -c listen_addresses='' -c max_connections=200" % self.folder, "start")

    def stop(self):
        try:
            self.halt()
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
