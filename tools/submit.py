"""fc.py submit URL LOG ...: send a board's results to a leaderboard
(server/, docs/SERVER.md).  Each result file (or the folder tools/saves.py
pull filled) is POSTed to URL/results as the board wrote it, with the
board's key from the player.sav beside it (the leaderboard learns a name's
key from its first upload and checks every later one against it).  A line
of progress per file, then the summary: accepted (and how many ranked),
already there, refused and why.  CPython only (urllib).

Exit: 0 every file accepted or already there, 1 one refused, 2 bad input or
the server could not be reached (after RETRIES tries a file).
"""

import json
import os
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "firmware", "lib"))

from app.player import decode  # noqa: E402

RETRIES = 4  # a server restarting: each file tried again after 0.5, 1, 2 s
KEY_HEADER = "X-FreeCell-Key"


class Unreachable(Exception):
    pass


def player_key(path):
    """(name, key) from the player.sav beside a result file, or None."""
    found = os.path.join(os.path.dirname(os.path.abspath(path)), "player.sav")
    if not os.path.isfile(found):
        return None
    with open(found, "rb") as f:
        got = decode(f.read(4096))
    return None if isinstance(got, str) else got


def post(url, data, key=None, timeout=30):
    """(HTTP status, JSON body) for one upload; raises Unreachable."""
    headers = {"Content-Type": "application/octet-stream"}
    if key is not None:
        headers[KEY_HEADER] = key.hex()
    request = urllib.request.Request(url.rstrip("/") + "/results", data=data, headers=headers,
                                     method="POST")
    wait = 0.5
    for attempt in range(RETRIES):
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            body = error.read()
            try:
                return error.code, json.loads(body)
            except ValueError:
                return error.code, {"status": "refused", "reason": "HTTP %d: %s" % (
                    error.code, body[:200].decode("utf-8", "replace").strip())}
        except (urllib.error.URLError, OSError) as error:
            problem = getattr(error, "reason", error)
            if attempt == RETRIES - 1:
                raise Unreachable("cannot reach %s: %s" % (url, problem))
            time.sleep(wait)
            wait *= 2
    raise AssertionError("unreachable")


def submit(url, paths, out=sys.stdout):
    """Send every result file; print progress and the summary.  Returns
    how many were refused."""
    if not url.startswith(("http://", "https://")):
        raise ValueError("the leaderboard's address starts with http:// or https://, not '%s'"
                         % url)
    accepted = ranked = already = 0
    refused = []
    keys = {}
    for i, path in enumerate(paths):
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in keys:
            keys[folder] = player_key(path)
        with open(path, "rb") as f:
            data = f.read(16384)
        status, body = post(url, data, keys[folder][1] if keys[folder] else None)
        word = body.get("status", "refused")
        if status == 201:
            accepted += 1
            ranked += 1 if body.get("ranked") else 0
            said = "accepted, %s (%s %s)" % (body.get("kind"), body.get("game"), body.get("day"))
        elif status == 409:
            already += 1
            said = "already there"
        else:
            refused.append((path, body.get("reason") or word))
            said = "refused: " + (body.get("reason") or word)
        print("[%d/%d] %s: %s" % (i + 1, len(paths), os.path.basename(path), said), file=out)
    print("%d sent: %d accepted (%d ranked), %d already there, %d refused" % (
        len(paths), accepted, ranked, already, len(refused)), file=out)
    for path, why in refused:
        print("  refused %s: %s" % (path, why), file=out)
    return len(refused)
