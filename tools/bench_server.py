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
import shutil
import subprocess
import tempfile
import time

import serverkit as kit


ATTACK = 1100  # the slowloris's connections: more than the server's 1,024 open files
KEY = bytes(range(16))


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


def board_figures(folder):
    """UPLOAD RESULTS from a board (tools/bench_upload.py: the app booted,
    three result files sent to the real server on loopback): the smallest
    heap it runs in on the 32-bit unix port, and the heap free after it in
    an ESP32's 110 KB; on the 64-bit port (the one with ssl) the smallest
    heap over HTTP and over HTTPS (a TLS front, P-256): their difference is
    what the TLS handshake takes."""
    import bench
    from flash import upload_text
    from app.player import encode

    flash = os.path.join(folder, "flash")
    os.makedirs(flash)
    for serial in (1, 2, 3):
        game = kit.given_up(kit.daily_game(), serial)
        with open(os.path.join(flash, "result%d.sav" % serial), "wb") as f:
            f.write(kit.signed(game, serial, b"BENCH", KEY, daily=serial == 1))
    with open(os.path.join(flash, "player.sav"), "wb") as f:
        f.write(bytes(encode(b"BENCH", KEY)))
    netshim = os.path.join(bench.TOOLS, "netshim")
    lines = []
    with kit.Server(os.path.join(folder, "boards.sqlite3"), folder, limits=False) as server:
        context = kit.tls_context(folder)
        front = kit.Front(server.port, "tls", context=context) if context else None

        def run(kb, bits, url):
            trial = os.path.join(folder, "trial")
            shutil.rmtree(trial, ignore_errors=True)
            shutil.copytree(flash, trial)
            with open(os.path.join(trial, "upload.txt"), "w") as f:
                f.write(upload_text("home:secret", url, "127.0.0.1:9"))
            code = "import sys\nsys.argv.extend(%r)\nimport bench_upload\n" % (
                [trial, "home:secret"],)
            cmd = [bench.MICROPYTHON32 if bits == 32 else bench.MICROPYTHON,
                   "-X", "heapsize=%dk" % kb, "-c", code]
            path = (bench.BUILD32 if bits == 32 else ".frozen:" + bench.BUILD) + ":" + netshim
            out = subprocess.run(cmd, capture_output=True, text=True,
                                 env=dict(os.environ, MICROPYPATH=path)).stdout
            done = "3/3 " in out and "NO ANSWER" not in out and "free: " in out
            return int(out.split("free: ")[1]) if done else None

        if os.path.exists(bench.MICROPYTHON32):
            bench.compile_tree(bench.BUILD32, "x86")
            lines.append("upload_min_heap_kb32: %s" % bench.smallest(
                lambda kb: run(kb, 32, server.url) is not None, 40, 160))
            lines.append("upload_free_kb32_110k: %s" % run(bench.SMALL_HEAP_KB, 32, server.url))
        else:
            lines.append("upload_min_heap_kb32: n/a (no %s)" % bench.MICROPYTHON32)
        bench.compile_tree(bench.BUILD)
        http = bench.smallest(lambda kb: run(kb, 64, server.url) is not None, 40, 400)
        lines.append("upload_min_heap_kb64: %s" % http)
        if front:
            tls = bench.smallest(lambda kb: run(kb, 64, front.url) is not None, 40, 400)
            lines.append("upload_tls_min_heap_kb64: %s" % tls)
            if isinstance(tls, int) and isinstance(http, int):
                lines.append("upload_tls_handshake_kb64: %d" % (tls - http))
            front.close()
        else:
            lines.append("upload_tls_min_heap_kb64: n/a (no openssl)")
    return lines


def figures():
    try:
        import starlette  # noqa: F401
    except ImportError:
        return ["leaderboard_upload_p99_ms: n/a (requirements-server.txt not installed)"]
    folder = tempfile.mkdtemp(prefix="bench-server-")
    lines = board_figures(folder)
    lines += load_figures(os.path.join(folder, "leaderboard.sqlite3"), folder, "")
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
