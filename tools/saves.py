#!/usr/bin/env python3
"""Show a board's saved game, statistics, settings and result log on the
host, read with the firmware's own code (freecell/savefile.py,
app/records.py, freecell/results.py).

    tools/saves.py pull [--port PORT] [DIR]   copy them off the board with mpremote
                                              (into DIR, build/saves by default),
                                              set-aside .bad files too, then show them
    tools/saves.py show FILE|DIR ...          show files already on the host (a
                                              folder: its .sav and set-aside .bad
                                              files, as verify and submit take one:
                                              tools/saves.py show build/sim-flash)
    tools/saves.py wifi DIR NAME:PASSWORD URL [--ntp HOST]
                                              write DIR/upload.txt: the Wi-Fi and the
                                              leaderboard UPLOAD RESULTS uses (the
                                              simulator's folder, sim.py --wifi; or
                                              to copy onto a board by hand)

Exit codes: 0 shown, 1 a file is damaged (what is wrong is printed), 2 bad
usage, no board (or one that answers garbage), or a folder that cannot be
written.
"""

import os
import stat
import sys

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(ROOT, "tools", "shims"), os.path.join(ROOT, "firmware", "lib")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from app import records_format as R  # noqa: E402
from app.records import Settings, Stats  # noqa: E402
from freecell import notation  # noqa: E402
from freecell.deal import DealNumber  # noqa: E402
from freecell.game import Game, WON, GAVE_UP  # noqa: E402
from freecell.results import Result  # noqa: E402
from freecell.loadgame import decode_game  # noqa: E402
from freecell.scoring import NAMES as SCHEMES  # noqa: E402
from freecell.variants import VARIANTS  # noqa: E402

STATES = {0: "in progress", WON: "won", GAVE_UP: "given up"}
MOST_BYTES = 65536  # more than any save a board writes (a result of 4,000 actions: 8 KB)


class SavedGame:
    """The game file, read like the other records: decode() -> None or why not."""

    def decode(self, data):
        self.game = Game()
        serial = decode_game(data, self.game)
        if isinstance(serial, str):
            return serial
        self.serial = serial
        return None


def print_game(saved):
    game, h = saved.game, saved.game.history
    print("%s deal #%s, game %d of the player's, %s" % (
        game.variant.name, game.number.text(), saved.serial, STATES[game.state]))
    print("free cells %d, autoplay %s, %s scoring, %d s of play%s" % (
        game.table.cells, "on" if game.autoplay else "off", SCHEMES[game.scoring],
        game.seconds, ", the solver played part of it" if game.assisted else ""))
    print("moves %d, undos %d, score %d, cards home %d/52" % (
        game.moves, game.undos, game.final_score(), game.cards_home()))
    redo = len([i for i in range(h.head, h.end) if h.flags(i) & 0x80])
    print("undo history: %d moves can be undone, %d redone" % (h.groups(), redo))
    print(notation.position_text(game))


def print_stats(st):
    print("played %d: won %d (%d%%), given up %d, in progress %d%s" % (
        st.total(R.PLAYED), st.total(R.WINS), st.win_rate(), st.total(R.GIVEN_UP),
        st.in_progress, " (%s)" % VARIANTS[st.variant_id].name if st.in_progress else ""))
    for v in VARIANTS:
        g = v.id
        if not st.of(g, R.PLAYED):
            continue
        bests = ", ".join("%s %d" % (SCHEMES[k], st.of(g, R.BESTS[k])) for k in range(3))
        tours = ", ".join("%s %d" % (SCHEMES[k], st.of(g, R.BEST_TOURNAMENT + k))
                          for k in range(3))
        print("%s: played %d, won %d (%d%%), given up %d; win streak %d, best %d; best score "
              "%s; fewest moves for a win %s; daily %d won %d; the solver helped %d; "
              "tournaments %d, best %s" % (
                  v.name, st.of(g, R.PLAYED), st.of(g, R.WINS), st.win_rate(g),
                  st.of(g, R.GIVEN_UP), st.of(g, R.STREAK), st.of(g, R.BEST_STREAK), bests,
                  st.of(g, R.FEWEST) or "-", st.of(g, R.DAILY_PLAYED), st.of(g, R.DAILY_WON),
                  st.of(g, R.BY_SOLVER), st.of(g, R.TOURNAMENTS), tours))
    if st.tournament:
        print("a tournament of %s under way: %d of 3 rounds played, %d points so far" % (
            VARIANTS[st.tour_variant_id].name, st.tour_done, st.tour_total))
    for i in range(st.recent_count):
        hi, lo, how, moves, undos, score, more = st.record(i)
        deal = DealNumber()
        deal.hi, deal.lo = hi, lo
        ending = {R.WON: "won", R.SOLVED: "won with the solver's help"}.get(how & 3, "given up")
        print("  %s #%s%s%s %s, %d moves %d undos %s score %d" % (
            VARIANTS[how >> 3].name, deal.text(), " (daily)" if how & R.DAILY else "",
            " (tournament round %d)" % (more >> 2) if more >> 2 else "", ending,
            moves, undos, SCHEMES[more & 3], score))


def print_settings(s):
    print("game %s, autoplay %s, contrast %d/4, flip %s, free cells %d (FreeCell's, for new "
          "games), %s scoring, cards back from home %s, sound %s (where there is a buzzer)" % (
              s.variant().name, "on" if s.autoplay else "off", s.contrast + 1,
              "on" if s.flip else "off", s.cells, SCHEMES[s.scoring],
              "on" if s.take_back else "off", "on" if s.sound else "off"))


def print_result(result):
    print(result.line())
    problem = result.check()
    print("its log replays to it: confirmed" if problem is None else problem)


class PlayerFile:
    """app/player.py's file: the player's name and the board's key."""

    def decode(self, data):
        from app.player import decode

        found = decode(data)
        if isinstance(found, str):
            return found
        self.name, self.key = found
        return None


def print_player(player):
    # the key is the board's secret: shown as its length, never its bytes
    print("player %s (the board's signing key: %d bytes, kept for fc.py submit)"
          % (player.name.decode().strip(), len(player.key)))


class SentRecord:
    """app/upload.py's record of the result files the leaderboard confirmed."""

    def decode(self, data):
        from app import upload
        from freecell.container import unwrap

        where = unwrap(data, upload.KIND, upload.VERSION)
        if isinstance(where, str):
            return where
        at, n = where
        if n != upload.SLOTS * upload.DIGEST:
            return "not %d bytes of digests" % (upload.SLOTS * upload.DIGEST)
        self.digests = [bytes(data[at + i * upload.DIGEST:at + (i + 1) * upload.DIGEST])
                        for i in range(upload.SLOTS)]
        self.folder = None
        return None


def print_sent(record):
    marked = [i for i, d in enumerate(record.digests) if any(d)]
    print("uploaded: the leaderboard confirmed %d result file%s (the slot%s %s: the first 8 "
          "bytes of each one's SHA-256); UPLOAD RESULTS sends the others" % (
              len(marked), "" if len(marked) == 1 else "s", "" if len(marked) == 1 else "s",
              ", ".join("result%d.sav" % i for i in marked) or "none"))


# the container's kind byte -> how to read it, how to show it
KINDS = {ord("G"): (SavedGame, print_game), ord("S"): (Stats, print_stats),
         ord("O"): (Settings, print_settings), ord("R"): (Result, print_result),
         ord("P"): (PlayerFile, print_player), ord("U"): (SentRecord, print_sent)}


def show(path):
    """Print one file; returns False when it is damaged or unreadable."""
    print("== %s" % path)
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):  # a FIFO or a device would never end a read
            print("not read: %s, not a file" % ("a folder" if stat.S_ISDIR(mode) else
                                              "a FIFO" if stat.S_ISFIFO(mode) else "a device"))
            return False
        with open(path, "rb") as f:
            data = f.read(MOST_BYTES + 1)
    except OSError as error:
        print("cannot read it: %s" % error.strerror)
        return False
    if len(data) > MOST_BYTES:
        print("damaged: larger than any save (%d bytes at most)" % MOST_BYTES)
        return False
    kind = KINDS.get(data[2]) if len(data) > 3 and data[:2] == b"FC" else None
    record = kind[0]() if kind else None
    problem = record.decode(data) if record else "not a save file"
    if problem:
        print("damaged: %s" % problem)
        return False
    kind[1](record)
    return True


def is_saved(name):
    """A file the firmware writes (game.sav, result3.sav) or set aside
    (stats.sav.bad1)."""
    return name.endswith(".sav") or ".sav.bad" in name


def in_folders(paths):
    """The files to show: each FILE as given, each folder's saved files
    (a folder without any is an error: exit 2, naming it)."""
    files = []
    for path in paths:
        if not os.path.isdir(path):
            files.append(path)
            continue
        try:
            names = sorted(n for n in os.listdir(path) if is_saved(n))
        except OSError as error:
            fail("cannot read the folder %s: %s" % (path, error.strerror))
        if not names:
            fail("%s has no saved files (.sav)" % path)
        files += [os.path.join(path, n) for n in names]
    return files


def fail(message):
    """No board, or one that answers garbage: exit 2 (1 means a damaged file)."""
    sys.stderr.write("saves.py: %s\n" % message)
    sys.exit(2)


def pull(port, folder):
    from flash import MPREMOTE_TIMEOUT, run_tool, tool

    mpremote = tool("mpremote")
    if not mpremote:
        fail("mpremote is missing (pip install mpremote)")
    base = [mpremote] + (["connect", port] if port else []) + ["resume"]
    where = port or "the usual port"
    code, out, _ = run_tool(base + ["exec", "import os; print(' '.join(os.listdir()))"])
    if code is None:
        fail("the board on %s did not answer within %d s" % (where, MPREMOTE_TIMEOUT))
    if code != 0:
        fail("could not talk to the board on %s" % where)
    names = [n for n in out.split() if is_saved(n)]
    if any("/" in n or n.startswith(".") or "\ufffd" in n or not n.isprintable()
           for n in names):  # not a listing of file names
        fail("the board answered something that is not a list of files")
    if not names:
        print("saves.py: the board has no saved files yet")
        return []
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        fail("cannot make the folder %s: %s" % (folder, error.strerror))
    args = []
    for name in names:
        args += ["fs", "cp", ":" + name, os.path.join(folder, name), "+"]
    code, out, err = run_tool(base + args[:-1])
    if code is None:
        fail("copying from the board on %s did not finish within %d s" % (where, MPREMOTE_TIMEOUT))
    if code != 0:
        detail = (err or out).strip().splitlines()
        fail("copying failed: %s" % (detail[-1] if detail else "no answer"))
    return [os.path.join(folder, n) for n in names]


def parse(argv):
    parser = cli.parser("saves.py", __doc__)
    how = parser.add_subparsers(dest="how", required=True, metavar="pull|show|wifi")
    pull_them = how.add_parser("pull", help="copy the files off the board, then show them")
    pull_them.add_argument("--port", help="the board's serial device (mpremote finds it without)")
    pull_them.add_argument("folder", nargs="?", default=os.path.join(ROOT, "build", "saves"),
                           help="where they go (build/saves)")
    show_them = how.add_parser("show", help="show files already on the host")
    show_them.add_argument("files", nargs="+", metavar="FILE|DIR",
                           help="save files, or folders of them (build/sim-flash)")
    wifi = how.add_parser("wifi", help="write the upload file UPLOAD RESULTS reads")
    wifi.add_argument("folder", metavar="DIR", help="where it goes (build/sim-flash)")
    wifi.add_argument("wifi", metavar="NAME:PASSWORD", help="the network to join")
    wifi.add_argument("server", metavar="URL", help="the leaderboard (http:// or https://)")
    wifi.add_argument("--ntp", metavar="HOST[:PORT]", help="the time server (pool.ntp.org)")
    return parser.parse_args(argv)


def write_upload(args):
    """saves.py wifi: DIR/upload.txt, readable by this user only."""
    from flash import upload_text

    try:
        text = upload_text(args.wifi, args.server, args.ntp)
    except ValueError as error:
        fail(str(error))
    path = os.path.join(args.folder, "upload.txt")
    try:
        os.makedirs(args.folder, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(text)
    except OSError as error:
        fail("cannot write %s: %s" % (path, error.strerror))
    print("saves.py: %s written: UPLOAD RESULTS joins %s and sends to %s"
          % (path, args.wifi.partition(":")[0], args.server))
    return 0


def main(argv):
    args = parse(argv)
    if args.how == "wifi":
        return write_upload(args)
    paths = in_folders(args.files) if args.how == "show" else pull(args.port, args.folder)
    ok = True
    for path in sorted(paths):
        ok = show(path) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
