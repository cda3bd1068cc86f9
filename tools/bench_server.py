"""make bench's leaderboard part (tools/bench.py server): 2,000 uploads
from 20 concurrent clients on loopback (1,800 different valid results of 90
boards, 100 sent twice, 100 with a flipped bit: serverkit.load_files), to
`python -m server` on a new SQLite file and on a throwaway PostgreSQL
cluster (Debian's; n/a without it).  Prints the 99th percentile of the time
from sending a file to its answer, and the uploads a second; then the same
with a slowloris beside them (serverkit.Slowloris: 1,100 connections fed a
header byte a second, the server allowed the usual 1,024 open files), the
figures named _slowloris.  The server runs without its uploads-a-minute
limits here: the 2,000 uploads all come from one address."""

import os
import tempfile
import time

import serverkit as kit


ATTACK = 1100  # the slowloris's connections (issue 50's)


def load_figures(database, folder, suffix, attack=False):
    uploads = kit.load_files()
    with kit.Server(database, folder, limits=False, files=1024 if attack else None) as server:
        with kit.Slowloris(server.port, ATTACK if attack else 0) as slowloris:
            if attack:  # its connections open before the load starts
                deadline = time.time() + 30
                while slowloris.opened < 500 and time.time() < deadline:
                    time.sleep(0.1)
            started = time.perf_counter()
            answers = kit.run_load(server.port, uploads)
            seconds = time.perf_counter() - started
    ms = [a[1] for a in answers]
    suffix += "_slowloris" if attack else ""
    return ["leaderboard_upload_p99_ms%s: %.0f" % (suffix, kit.percentile(ms, 0.99)),
            "leaderboard_upload_p50_ms%s: %.1f" % (suffix, kit.percentile(ms, 0.5)),
            "leaderboard_uploads_per_s%s: %.0f" % (suffix, len(uploads) / seconds)]


def figures():
    try:
        import starlette  # noqa: F401
    except ImportError:
        return ["leaderboard_upload_p99_ms: n/a (requirements-server.txt not installed)"]
    folder = tempfile.mkdtemp(prefix="bench-server-")
    lines = load_figures(os.path.join(folder, "leaderboard.sqlite3"), folder, "")
    lines += load_figures(os.path.join(folder, "attacked.sqlite3"), folder, "", attack=True)
    if not kit.postgres_bin():
        return lines + ["leaderboard_upload_p99_ms_postgres: n/a (no PostgreSQL)"]
    cluster = kit.Postgres().start()
    try:
        lines += load_figures(cluster.new_database("bench"), folder, "_postgres")
        lines += load_figures(cluster.new_database("attacked"), folder, "_postgres", attack=True)
    finally:
        cluster.stop()
    return lines


if __name__ == "__main__":
    for line in figures():
        print(line)
