"""The leaderboard's database: SQLite (a file, the default) or PostgreSQL
(a postgresql:// URL), one schema for both, brought up to date by
MIGRATIONS when the server starts.

Every query is a constant string with `?` placeholders and its values passed
apart (PostgreSQL's driver is handed the same string with `%s`): nothing is
ever built from what an upload says.  Each thread keeps one connection (the
server's requests run in a thread pool); a transaction is `with
db.transaction() as tx:`, committed when the block ends, rolled back when it
raises.  SQLite runs in WAL mode with synchronous=FULL: what a response said
was stored is on disk before the response is sent.
"""

import os
import sqlite3
import threading
from contextlib import contextmanager

# (version, what it does, SQL): applied in order, each once, in a transaction
# with its row in schema_migrations.  {id} is the dialect's auto-numbered key.
MIGRATIONS = (
    (1, "players, results and the first attempts", (
        """CREATE TABLE players (
            id {id},
            name TEXT NOT NULL UNIQUE,
            key_hex TEXT NOT NULL,
            first_seen TEXT NOT NULL)""",
        """CREATE TABLE results (
            id {id},
            player_id INTEGER NOT NULL REFERENCES players (id),
            sha256 TEXT NOT NULL UNIQUE,
            day INTEGER NOT NULL,
            game INTEGER NOT NULL,
            deal INTEGER NOT NULL,
            cells INTEGER NOT NULL,
            scheme INTEGER NOT NULL,
            won INTEGER NOT NULL,
            home INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            undos INTEGER NOT NULL,
            score INTEGER NOT NULL,
            seconds INTEGER NOT NULL,
            serial INTEGER NOT NULL,
            daily_flag INTEGER NOT NULL,
            by_solver INTEGER NOT NULL,
            day_deal INTEGER NOT NULL,
            received TEXT NOT NULL,
            file_hex TEXT NOT NULL)""",
        "CREATE INDEX results_by_day ON results (day, game)",
        """CREATE TABLE firsts (
            player_id INTEGER NOT NULL REFERENCES players (id),
            day INTEGER NOT NULL,
            game INTEGER NOT NULL,
            result_id INTEGER NOT NULL REFERENCES results (id),
            PRIMARY KEY (player_id, day, game))""",
    )),
)

_ID = {"sqlite": "INTEGER PRIMARY KEY AUTOINCREMENT", "postgres": "BIGSERIAL PRIMARY KEY"}


def default_url():
    """DATABASE_URL, else the SQLite file under build/."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.environ.get("DATABASE_URL") or os.path.join(here, "build", "leaderboard.sqlite3")


class Database:
    def __init__(self, url):
        self.url = url
        self.dialect = "postgres" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
        self.path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
        self._local = threading.local()
        # SQLite has one writer at a time: the server's threads take turns
        # here rather than in SQLite's busy handler, which sleeps and retries
        # (a p99 of 330 ms under 20 clients; in turn here, see make bench)
        self._writer = threading.Lock()

    def describe(self):
        """Where the data is, for the log (a PostgreSQL URL's password left out)."""
        if self.dialect == "sqlite":
            return "SQLite " + self.path
        from urllib.parse import urlsplit

        parts = urlsplit(self.url)
        return "PostgreSQL %s%s" % (parts.hostname or "(local socket)", parts.path)

    def _connect(self):
        if self.dialect == "postgres":
            import psycopg

            return psycopg.connect(self.url)
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                              check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("PRAGMA foreign_keys=ON")
        return con

    def connection(self):
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._local.con = self._connect()
        return con

    @contextmanager
    def transaction(self):
        if self.dialect == "sqlite":
            con = self.connection()
            with self._writer:
                con.execute("BEGIN IMMEDIATE")  # the write lock now, not half-way
                try:
                    yield Tx(con, self.dialect)
                    con.execute("COMMIT")
                except BaseException:
                    self._roll_back(con)  # (a COMMIT that failed too: a full disk)
                    raise
            return
        con, block = self._begin()
        try:
            yield Tx(con, self.dialect)
        except BaseException as error:
            self._end(con, block, error)
            raise
        self._end(con, block, None)

    def _roll_back(self, con):
        """Whatever failed, the connection leaves no transaction open (else
        every later BEGIN on it fails: a disk that had filled and has room
        again would still refuse)."""
        try:
            if con.in_transaction:
                con.execute("ROLLBACK")
        except sqlite3.Error:
            self._local.con = None  # (a new connection next time)
            con.close()

    def _begin(self):
        """PostgreSQL: (connection, its transaction block) entered.  A
        connection the database server cut (it restarted) is found out
        here, where nothing was sent on it yet: replaced once."""
        for attempt in (0, 1):
            con = self.connection()
            block = con.transaction()
            try:
                block.__enter__()
                return con, block
            except Exception:
                if not con.closed:
                    raise
                self._local.con = None  # the server went away: a new connection
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _end(self, con, block, error):
        try:
            block.__exit__(type(error) if error else None, error,
                           error.__traceback__ if error else None)
        finally:
            if con.closed:  # the server went away mid-way: a new connection next time
                self._local.con = None

    def migrate(self):
        """Apply the migrations this database has not had; returns their
        versions.  Two servers starting at once: one waits for the other."""
        done = []
        with self.transaction() as tx:
            if self.dialect == "postgres":  # one migrator at a time
                tx.run("SELECT pg_advisory_xact_lock(4204)")
            tx.run("CREATE TABLE IF NOT EXISTS schema_migrations ("
                   "version INTEGER PRIMARY KEY, what TEXT NOT NULL)")
            have = {row[0] for row in tx.all("SELECT version FROM schema_migrations")}
            for version, what, statements in MIGRATIONS:
                if version in have:
                    continue
                for sql in statements:
                    tx.run(sql.replace("{id}", _ID[self.dialect]))
                tx.run("INSERT INTO schema_migrations (version, what) VALUES (?, ?)",
                       (version, what))
                done.append(version)
        return done

    def ping(self):
        with self.transaction() as tx:
            return tx.one("SELECT 1")[0]

    def close(self):
        con = getattr(self._local, "con", None)
        if con is not None:
            con.close()
            self._local.con = None


class Tx:
    """One transaction's queries: constant SQL with `?` placeholders."""

    def __init__(self, con, dialect):
        self.con = con
        self.postgres = dialect == "postgres"

    def _sql(self, sql):
        return sql.replace("?", "%s") if self.postgres else sql

    def run(self, sql, values=()):
        """Run a statement; returns how many rows it changed."""
        cur = self.con.execute(self._sql(sql), values)
        return cur.rowcount

    def one(self, sql, values=()):
        return self.con.execute(self._sql(sql), values).fetchone()

    def all(self, sql, values=()):
        return self.con.execute(self._sql(sql), values).fetchall()
