"""What the leaderboard does with an uploaded result file: read it with the
engine's own code (freecell/results.py), check who signed it, replay every
move from the deal, and store it once.  accept() answers (HTTP status, JSON
body); a refusal's body says why in one line and nothing is stored.

Who is who (trust on first use): a name's first upload brings its board's
key (the X-FreeCell-Key header, 32 hex digits: tools/fc.py submit reads it
from the board's player.sav); the server keeps it, and takes later results
under that name only when that key signed them.  A lost key is a new name.

Which result counts (docs/SERVER.md): per player, day and game, the first
result received of that day's daily deal, played as the day's first try
(the board's daily flag), with no move by the solver, is ranked; the others
are kept and shown for what they are.
"""

import datetime
import hashlib

from freecell.daily import date_of as ymd_of, day_of, deal_of_day
from freecell.game import WON
from freecell.container import version_of
from freecell.results import KEY_BYTES, Result, VERSION, most_bytes, name_problem

MOST_BYTES = most_bytes(4000)  # ten times the largest log a board keeps (movelog.CAPACITY)

ACCEPTED, ALREADY, REFUSED, TOO_LARGE = 201, 409, 400, 413


def today(now=None):
    """The server's day (UTC) as the boards count days (freecell/daily.day_of)."""
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return day_of(now.year, now.month, now.day)


def date_of(day):
    """A day number as the date it names (the inverse of day_of), or None
    for one no calendar has (a 31st of a 30-day month)."""
    try:
        return datetime.date(*ymd_of(day))
    except ValueError:
        return None


def refuse(reason):
    return REFUSED, {"status": "refused", "reason": reason}


def too_large():
    return TOO_LARGE, {"status": "refused",
                       "reason": "too large: a result file is at most %d bytes" % MOST_BYTES}


def accept(db, data, key_hex=None, now=None, limit_name=None):
    """(status, body) for the uploaded bytes `data`; stores the result only
    when every check passed (status 201).  limit_name(name): True, or the
    seconds that name's uploads must wait (web.py's Limits)."""
    if not data:
        return refuse("empty upload: send a result file (result*.sav) as the body")
    if len(data) > MOST_BYTES:
        return too_large()
    result = Result()
    problem = result.decode(data)
    if problem:
        return refuse("not a result file: " + problem)
    if version_of(data) != VERSION or result.signature is None:
        return refuse("unsigned: this result comes from a firmware older than the leaderboard "
                      "(flash the game again)")
    name = result.name.decode("ascii", "replace")
    problem = name_problem(result.name)
    if problem:  # ALICE and " ALICE", "ALI  CE": one name, as a board sets it
        return refuse("the player's name is not one a board can set: " + problem)
    if date_of(result.day) is None:
        return refuse("dealt on a day no calendar has (the board's clock?)")
    if limit_name is not None:
        wait = limit_name(name)
        if wait is not True:
            return 429, {"status": "too many", "retry_after": wait,
                         "reason": "too many uploads for %s: try again in %d s" % (name, wait)}
    key = None
    if key_hex is not None:
        try:
            key = bytes.fromhex(key_hex.strip())
        except ValueError:
            key = None
        if key is None or len(key) != KEY_BYTES:
            return refuse("the key header is not %d hex digits" % (2 * KEY_BYTES))
    if result.day > today(now) + 1:
        return refuse("dealt on a day that has not come yet (is the board's clock set?)")
    with db.transaction() as tx:  # who signed it, before the replay's work
        row = tx.one("SELECT key_hex FROM players WHERE name = ?", (name,))
    if row is not None:
        key = bytes.fromhex(row[0])
    elif key is None:
        return refuse("%s has never uploaded: the first upload of a name brings its board's "
                      "key (tools/fc.py submit sends it)" % name)
    if not result.signed_with(key):
        return refuse(taken(name) if row is not None else
                      "the signature is not the key's that came with it")
    problem = result.check()
    if problem:
        return refuse("the replay disagrees: " + problem)
    digest = hashlib.sha256(bytes(data)).hexdigest()
    deal = result.hi * 65536 + result.lo
    stands = standing(result, deal_of_day(result.day, result.rules.id))
    received = (now or datetime.datetime.now(datetime.timezone.utc)).isoformat()
    with db.transaction() as tx:
        if row is None:  # trust on first use (two first uploads at once: one key wins)
            tx.run("INSERT INTO players (name, key_hex, first_seen) VALUES (?, ?, ?) "
                   "ON CONFLICT (name) DO NOTHING", (name, key.hex(), received))
        player_id, known_key = tx.one("SELECT id, key_hex FROM players WHERE name = ?", (name,))
        if known_key != key.hex():
            return refuse(taken(name))
        got = tx.one(
            "INSERT INTO results (player_id, sha256, day, game, deal, cells, scheme, won, home, "
            "moves, undos, score, seconds, serial, daily_flag, by_solver, day_deal, received, "
            "file_hex) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (sha256) DO NOTHING RETURNING id",
            (player_id, digest, result.day, result.rules.id, deal, result.cells, result.scheme,
             int(result.state == WON), result.home, result.moves, result.undos, result.score,
             result.seconds, result.serial, int(result.daily), int(result.by_solver),
             int(stands), received, bytes(data).hex()))
        if got is None:
            return ALREADY, {"status": "already there", "reason": "this result was uploaded before"}
        result_id = got[0]
        ranked = False
        place = None
        if stands == THE_DEAL and result.daily and not result.by_solver:
            ranked = tx.run("INSERT INTO firsts (player_id, day, game, result_id) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                            (player_id, result.day, result.rules.id, result_id)) == 1
        if ranked:  # where it stands now (the board shows "ranked 3rd")
            won = int(result.state == WON)
            place = 1 + tx.one(BETTER, (result.day, result.rules.id, won, won, result.home,
                                        result.home, result.moves, result.moves,
                                        result.undos))[0]
    return ACCEPTED, {"status": "accepted", "id": result_id, "ranked": ranked, "place": place,
                      "kind": kind_of(stands, result.daily, result.by_solver, ranked,
                                      result.cells),
                      "line": result.line(), "day": str(date_of(result.day)),
                      "game": result.rules.name, "title": result.rules.title}


# the ranked results of a day and game better than one (won, home, moves, undos):
# its place is one more (the page's ranks, board.ranks, count the same)
BETTER = ("SELECT COUNT(*) FROM results r JOIN firsts f ON f.result_id = r.id "
          "WHERE r.day = ? AND r.game = ? AND (r.won > ? OR (r.won = ? AND (r.home > ? "
          "OR (r.home = ? AND (r.moves < ? OR (r.moves = ? AND r.undos < ?))))))")


def taken(name):
    return ("signed by another board: the name %s is another board's (a lost key is a new "
            "name, set in the settings)" % name)


# how a result stands to its day's daily deal: the results table's day_deal
# column (0 and 1 before the rules were told apart; a result whose cells
# were not the game's was 0 then)
NOT_THE_DEAL, THE_DEAL, OTHER_CELLS, TAKE_BACK, SIMPLE_RUNS = range(5)


def standing(result, day_deal):
    """The day's deal played by the rules the daily is dealt with
    (THE_DEAL), another deal, or the deal with another rule: kept, never
    ranked (a player may choose 3 cells, cards back from the foundations
    or the simple run limit for their own games; the daily is the game's
    standard rules for everyone)."""
    if result.hi * 65536 + result.lo != day_deal:
        return NOT_THE_DEAL
    if result.cells != result.rules().cells:
        return OTHER_CELLS
    game = result.game()
    if game.take_back:
        return TAKE_BACK
    return SIMPLE_RUNS if game.variant.simple_runs else THE_DEAL


def kind_of(day_deal, daily_flag, by_solver, ranked, cells=4):
    """What a stored result is on the day's page."""
    if ranked:
        return "ranked"
    if day_deal == NOT_THE_DEAL:
        return "not the day's deal"
    if day_deal == OTHER_CELLS:
        return "another rule: %d free cells" % cells
    if day_deal == TAKE_BACK:
        return "another rule: cards back from the foundations"
    if day_deal == SIMPLE_RUNS:
        return "another rule: the simple run limit"
    if by_solver:
        return "the solver played part of it"
    if not daily_flag:
        return "a later try"
    return "a later attempt"
