"""UPLOAD RESULTS (a board with Wi-Fi: the Pico W, the ESP32): the result
log's files the leaderboard has not yet confirmed, sent one by one, with the
server's answer for each in a line.

The player's file UPLOAD ("upload.txt", beside the saves; `make flash
WIFI=name:password SERVER=url` or `tools/saves.py wifi` writes it, never the
repository) has one setting a line:
    wifi=NAME        the network to join
    password=SECRET  its password (none for an open one; spaces at its end
                     are dropped, as at every line's)
    server=URL       the leaderboard: http://host:port or https://host
    ntp=HOST         where the clock is set from (pool.ntp.org if not said)
The record SENT ("sent.sav", the container's kind b"U") keeps, for each of
the result log's SLOTS files, the first DIGEST bytes of the SHA-256 of the
file the server confirmed (accepted, or already there): a file whose digest
is not there is sent.  So a connection cut before the answer marks nothing
(the next upload sends it again, and the server, which keeps each file once
by its digest, answers "already there"), and nothing confirmed is sent
twice.  A refused file is not marked either: it is shown again, with why.

Loaded for an upload and let go of after (the app's LAZY screens), with
drivers/net.py.  The board's clock is set by SNTP once joined, so the daily
deal's date is right and is never asked again this power-up.
"""

import gc

from freecell.container import HEADER, TRAILER, container, seal, sound, unwrap

from . import let_go
from .text_page import TextScreen
from .storage import SENT, UPLOAD

KIND = b"U"
VERSION = 1
SLOTS = 8  # freecell.results.SLOTS (a test holds them equal)
DIGEST = 8  # bytes of each file's SHA-256 kept: a wrong match is 1 in 2**64
MOST_RESULT = 16384  # a result file's most bytes (fc.py submit reads as many)
MOST_CONFIG = 512
KEY_HEADER = "X-FreeCell-Key"  # server/uploads.py's (a test holds them equal)
NTP_HOST = "pool.ntp.org"
ORDINAL = ("TH", "ST", "ND", "RD")


def config(text):
    """{'wifi': ..., 'server': ..., 'password': ..., 'ntp': ...} from the
    file's text, or why it is not one (a str)."""
    found = {"password": "", "ntp": NTP_HOST}
    for line in text.split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        name = name.strip().lower()
        if not sep or name not in ("wifi", "password", "server", "ntp"):
            return "a line is wifi=, password=, server= or ntp=, not %s" % line[:12]
        found[name] = value.strip() if name != "password" else value.rstrip("\r")
    if not found.get("wifi"):
        return "no Wi-Fi named (wifi=NAME)"
    server = found.get("server", "")
    if not server.startswith(("http://", "https://")) or len(server) < 10:
        return "no server named (server=http://... or https://...)"
    return found


def read_config(files):
    """config() of the board's UPLOAD file, or why there is none (a str)."""
    size = files.size(UPLOAD)
    if size is None:
        return "no Wi-Fi set up: put %s on the board (make flash WIFI=... SERVER=...)" % UPLOAD
    data = files.read(UPLOAD, MOST_CONFIG) if 0 <= size <= MOST_CONFIG else None
    if data is None:
        return "%s cannot be read or is too large" % UPLOAD
    try:
        found = config(data.decode())
    except UnicodeError:
        found = "not text"
    return found if not isinstance(found, str) else "%s: %s" % (UPLOAD, found)


def sent_record(files):
    """The record's SLOTS x DIGEST bytes (a bytearray); zeros where there is
    none or it is damaged (then every file is sent again: the server says
    already there, and the record is whole again)."""
    size = files.size(SENT)
    data = files.read(SENT, size) if size == HEADER + SLOTS * DIGEST + TRAILER else None
    out = bytearray(SLOTS * DIGEST)
    if data is not None and sound(data):
        where = unwrap(data, KIND, VERSION)
        if not isinstance(where, str):
            out[:] = data[where[0]:where[0] + SLOTS * DIGEST]
    return out


def encode_sent(record):
    out = container(KIND, VERSION, SLOTS * DIGEST)
    out[HEADER:HEADER + SLOTS * DIGEST] = record
    return seal(out)


def digest(data):
    from hashlib import sha256

    return sha256(data).digest()[:DIGEST]


def result(files, slot):
    """The bytes of the result file in `slot`, or None (none there, or a
    damaged one, which the boot's check sets aside)."""
    name = "result%d.sav" % slot
    size = files.size(name)
    if size is None or not 0 < size <= MOST_RESULT:
        return None
    data = files.read(name, size)  # (a read allocates all it may take)
    return data if data is not None and sound(data) else None


def pending(files, record):
    """The slots of the result files the server has not confirmed (each
    read again to be sent: on a small heap only one is held at a time)."""
    out = []
    for slot in range(SLOTS):
        data = result(files, slot)
        if data is not None and digest(data) != bytes(record[slot * DIGEST:(slot + 1) * DIGEST]):
            out.append(slot)
    return out


def said(status, answer):
    """The server's answer to one file, in a line for the player; and
    whether it is confirmed (accepted or already there: never sent again)."""
    import json

    try:
        body = json.loads(answer)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        return "HTTP %d: not the leaderboard's answer" % status, False
    if status == 201:
        place = body.get("place")
        if body.get("ranked") and isinstance(place, int) and place > 0:
            words = "ranked %d%s" % (place, ORDINAL[place % 10] if place % 10 < 4 and
                                     place % 100 // 10 != 1 else "TH")
        else:
            words = str(body.get("kind") or "accepted")
        return "%s %s: %s" % (body.get("title") or body.get("game", ""),
                              str(body.get("day", ""))[5:], words), True
    if status == 409:
        return "already there", True
    if status in (429, 503):
        return "the server is busy: try later", False
    return "refused: %s" % body.get("reason", status), False


def send_all(storage, cfg, wlan, show, key=None):
    """Join, set the clock, send every file not confirmed; show(line) says
    each step.  Returns how many were confirmed now.  A line goes to show()
    for each file; a stop (no Wi-Fi, no server, a cut) ends it with why."""
    from drivers import net

    files = storage.files
    show("joining %s" % cfg["wifi"])
    problem = net.join(wlan, cfg["wifi"], cfg["password"])
    if problem:
        show(problem)
        return 0
    host, _, port = cfg["ntp"].partition(":")
    try:
        seconds = net.ntp_seconds(host, int(port) if port.isdigit() else net.NTP_PORT)
    except (OSError, IndexError):  # (getaddrinfo of an unknown name: OSError or [])
        show("no time server: the clock is as it was")
    else:
        from time import gmtime

        t = gmtime(seconds)
        show("%s %04d-%02d-%02d %02d:%02d UTC" % (
            "clock set:" if net.set_clock(seconds) else "time:", t[0], t[1], t[2],
            t[3], t[4]))
    record = sent_record(files)
    todo = pending(files, record)
    if not todo:
        show("every result is there already")
        return 0
    headers = [("Content-Type", "application/octet-stream")]
    if key is not None:
        from binascii import hexlify

        headers.append((KEY_HEADER, hexlify(key).decode()))
    done = 0
    for i, slot in enumerate(todo):
        data = result(files, slot)
        gc.collect()
        try:
            status, answer = net.post(cfg["server"], "/results", data, headers)
        except (OSError, IndexError) as error:  # (getaddrinfo of a bad name: OSError or [])
            show("%d/%d no answer: %s" % (i + 1, len(todo), _why(error)))
            break
        except ImportError:  # a firmware built without ssl
            show("this firmware has no HTTPS: use an http:// server")
            break
        line, confirmed = said(status, answer)
        show("%d/%d %s" % (i + 1, len(todo), line))
        if confirmed:
            record[slot * DIGEST:(slot + 1) * DIGEST] = digest(data)
            problem = storage.save(SENT, encode_sent(record))
            if problem:  # the flash is full: said; the server keeps it once anyway
                show(problem)
                break
            done += 1
        elif status in (429, 503):
            break
    return done


def _why(error):
    if isinstance(error, IndexError):
        return "the server's name is not known"
    words = error.args[0] if error.args else error
    if isinstance(words, int):
        import errno

        names = {getattr(errno, n, -1): w for n, w in (
            ("ECONNREFUSED", "the server is not running"), ("ETIMEDOUT", "timed out"),
            ("ECONNRESET", "the connection was cut"), ("EHOSTUNREACH", "no way to the server"))}
        return names.get(words, "error %d" % words)
    return str(words)


class UploadScreen(TextScreen):
    """Sends when opened, drawing each line as it comes; A or B goes back."""

    title = b"UPLOAD RESULTS"

    def open(self):
        TextScreen.open(self)
        self.lines = []
        app = self.app
        app.assistant.release()  # the solver's tables: room for the sockets (and TLS)
        gc.collect()
        cfg = read_config(app.keeper.storage.files) if app.keeper.storage else \
            "this board keeps no results"
        if isinstance(cfg, str):
            self.show(cfg)
            return
        from .player import load

        found = load(app.keeper.storage)
        try:
            station = app.wifi()
        except (OSError, ImportError) as error:  # (a firmware without the Wi-Fi's driver)
            self.show("no Wi-Fi on this firmware: %s" % error)
            return
        try:
            send_all(app.keeper.storage, cfg, station, self.show, found[1] if found else None)
        finally:
            let_go("drivers", "net")  # (this module and text_page go when the screen is left)
            let_go("app", "player")
        from .version import DATE

        if app.clock() >= DATE:  # the clock is set now: the date is not asked
            app.date = None
        let_go("app", "version")

    def show(self, line):
        """One more line (wrapped to the screen), drawn at once."""
        app = self.app
        width = app.layout.text_chars - 1  # (a margin of 2 px each side)
        words = line.upper().encode()
        while words:
            cut = len(words) if len(words) <= width else (words.rfind(b" ", 0, width + 1) if
                                                           words.rfind(b" ", 0, width + 1) > 0
                                                           else width)
            self.lines.append(words[:cut])
            words = words[cut:].lstrip()
        self.top = max(0, len(self.lines) - self.rows())
        self.draw()
        app.display.show()
