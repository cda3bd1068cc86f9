"""fc.py submit URL LOG ...: send a board's results to a leaderboard
(server/, docs/SERVER.md).  Each result file (or the folder tools/saves.py
pull filled) is POSTed to URL/results as the board wrote it, with the
board's key from the player.sav beside it (the leaderboard learns a name's
key from its first upload and checks every later one against it).  A line
of progress per file, then the summary: accepted (and how many ranked),
already there, refused and why.  Each file is checked first (its container
whole, its checksum right): a damaged one is named and not sent.  CPython
only (urllib).

Exit: 0 every file accepted or already there, 1 one refused or damaged, 2
bad input, the server could not be reached (after RETRIES tries a file),
answered with something that is not the leaderboard's JSON, or is busy or
failing (429, 503: try again later); each said in one line.
"""

import http.client
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "firmware", "lib"))

from app.player import decode  # noqa: E402
from freecell.results import KEY_HEADER, Result  # noqa: E402

RETRIES = 4  # a server restarting: each file tried again after 0.5, 1, 2 s


class Unreachable(Exception):
    """No answer from the leaderboard, or none it would give (exit 2)."""


class TryLater(Unreachable):
    """The leaderboard is busy (429) or failing (503): nothing was refused."""


def check_url(url):
    """The leaderboard's address, or ValueError saying what is wrong with it."""
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise ValueError("the leaderboard's address starts with http:// or https://, not '%s'"
                         % url)
    if [c for c in url if c.isspace() or ord(c) < 32 or ord(c) == 127]:
        raise ValueError("the leaderboard's address has a space or a control character in it")
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - (a port that is not a number raises here)
    except ValueError as error:
        raise ValueError("the leaderboard's address is not one: %s" % error)
    if not parts.hostname:
        raise ValueError("the leaderboard's address names no host: '%s'" % url)
    return url


def json_answer(status, body, url):
    """The leaderboard's one JSON object, or Unreachable saying what came
    instead (a web page, a list, bytes)."""
    try:
        found = json.loads(body)
    except ValueError:  # (UnicodeDecodeError too)
        found = None
    if not isinstance(found, dict):
        text = body[:60].decode("utf-8", "replace")
        what = "an HTML page" if text.lstrip().lower().startswith(("<!doctype", "<html")) \
            else "%d bytes that are not its JSON" % len(body)
        raise Unreachable("%s answered HTTP %d with %s: is that the leaderboard's address?"
                          % (url, status, what))
    return status, found


def player_key(path):
    """(name, key) from the player.sav beside a result file, or None."""
    found = os.path.join(os.path.dirname(os.path.abspath(path)), "player.sav")
    if not os.path.isfile(found):
        return None
    with open(found, "rb") as f:
        got = decode(f.read(4096))
    return None if isinstance(got, str) else got


def post(url, data, key=None, timeout=30):
    """(HTTP status, JSON object) for one upload; raises Unreachable (no
    answer, or one that is not the leaderboard's)."""
    check_url(url)
    headers = {"Content-Type": "application/octet-stream"}
    if key is not None:
        headers[KEY_HEADER] = key.hex()
    request = urllib.request.Request(url.rstrip("/") + "/results", data=data, headers=headers,
                                     method="POST")
    wait = 0.5
    for attempt in range(RETRIES):
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json_answer(response.status, response.read(), url)
        except urllib.error.HTTPError as error:
            try:
                body = error.read()
            except (OSError, http.client.HTTPException):
                body = b""
            return json_answer(error.code, body, url)
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            problem = getattr(error, "reason", error)  # (a server restarting: tried again)
            if attempt == RETRIES - 1:
                raise Unreachable("cannot reach %s: %s (is the leaderboard running? make serve)"
                                  % (url, problem))
            time.sleep(wait)
            wait *= 2
        except (http.client.HTTPException, OSError, ValueError) as error:
            # an answer that is no HTTP (a status line of garbage, a header
            # line of 200 KB, a body cut short): not a leaderboard
            raise Unreachable("%s did not answer as a leaderboard does (%s)"
                              % (url, type(error).__name__))
    raise AssertionError("unreachable")


def damage(data):
    """Why a result file is not whole (a cut, a flipped bit), or None."""
    return Result().decode(data)


def submit(url, paths, out=sys.stdout):
    """Send every result file; print progress and the summary.  Returns
    how many were refused."""
    check_url(url)
    accepted = ranked = already = 0
    refused = []
    keys = {}
    for i, path in enumerate(paths):
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in keys:
            keys[folder] = player_key(path)
        with open(path, "rb") as f:
            data = f.read(16384)
        problem = damage(data)
        if problem:
            refused.append((path, "damaged, not sent: " + problem))
            print("[%d/%d] %s: damaged, not sent: %s" % (i + 1, len(paths),
                                                         os.path.basename(path), problem),
                  file=out)
            continue
        status, body = post(url, data, keys[folder][1] if keys[folder] else None)
        word = str(body.get("status", "refused"))
        if status in (429, 503):  # nothing wrong with the file: the server's state
            print("[%d/%d] %s: not sent" % (i + 1, len(paths), os.path.basename(path)),
                  file=out)
            raise TryLater("the leaderboard at %s is %s (%s): try again later; %d of %d "
                           "files sent" % (url, "busy" if status == 429 else "failing",
                                           str(body.get("reason") or status), i, len(paths)))
        if status == 201:
            accepted += 1
            ranked += 1 if body.get("ranked") else 0
            said = "accepted, %s (%s %s)" % (body.get("kind"), body.get("game"), body.get("day"))
        elif status == 409:
            already += 1
            said = "already there"
        else:
            reason = str(body.get("reason") or word)
            refused.append((path, reason))
            said = "refused: " + reason
        print("[%d/%d] %s: %s" % (i + 1, len(paths), os.path.basename(path), said), file=out)
    print("%d sent: %d accepted (%d ranked), %d already there, %d refused" % (
        len(paths), accepted, ranked, already, len(refused)), file=out)
    for path, why in refused:
        print("  refused %s: %s" % (path, why), file=out)
    return len(refused)
