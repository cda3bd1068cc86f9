"""A day's leaderboard for one game, read from the database: the ranked
first attempts in order, then every other result of that day (later tries,
other deals, games the solver helped), as web.py shows them (HTML and JSON),
PAGE of each a page (a day of many thousands stays a page of a few KB).

Order: won before not won, then more cards home, fewer moves, fewer undos,
and the earlier upload; the scheme's own figure (seconds for a timed game,
else its score) is shown beside.  Results alike in all four share a rank
(1, 2, 2, 4: `tied`), whichever page they fall on.
"""

import datetime

from .uploads import BETTER as _BETTER, date_of, kind_of

from freecell.daily import day_of, deal_of_day
from freecell.scoring import NAMES, TIMED
from freecell.variants import VARIANTS

PAGE = 100  # rows of each list a page
_SELECT = ("SELECT r.id, p.name, r.won, r.home, r.moves, r.undos, r.score, r.seconds, "
           "r.scheme, r.deal, r.cells, r.day_deal, r.daily_flag, r.by_solver, r.received "
           "FROM results r JOIN players p ON p.id = r.player_id "
           "LEFT JOIN firsts f ON f.result_id = r.id WHERE r.day = ? AND r.game = ? ")
_RANKED = (_SELECT + "AND f.result_id IS NOT NULL "
           "ORDER BY r.won DESC, r.home DESC, r.moves, r.undos, r.id LIMIT ? OFFSET ?")
_OTHERS = (_SELECT + "AND f.result_id IS NULL "
           "ORDER BY r.won DESC, r.home DESC, r.moves, r.undos, r.id LIMIT ? OFFSET ?")
_COUNTS = ("SELECT COUNT(f.result_id), COUNT(*) FROM results r "
           "LEFT JOIN firsts f ON f.result_id = r.id WHERE r.day = ? AND r.game = ?")
# the ranked results better than (won, home, moves, undos), and those alike
_ALIKE = ("SELECT COUNT(*) FROM results r JOIN firsts f ON f.result_id = r.id "
          "WHERE r.day = ? AND r.game = ? AND r.won = ? AND r.home = ? AND r.moves = ? "
          "AND r.undos = ?")


def parse_date(text):
    """A YYYY-MM-DD the boards can name (2000-2099), or None: that form
    only (not 20261207 nor 2026-W49-1, which fromisoformat also takes)."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-" \
            or not (text[:4] + text[5:7] + text[8:]).isdigit() or not text.isascii():
        return None
    try:
        date = datetime.date.fromisoformat(text)
    except ValueError:
        return None
    return date if 2000 <= date.year <= 2099 else None


def game_title(rules):
    """The game's name as words: Baker's Game, FreeCell, Seahaven Towers."""
    return rules.words


def share_line(rules, date, row):
    """Spoiler-free: the deal, cards home, moves and undos (no card named)."""
    return "%s daily %s #%d: %s %d/52 home, %d moves, %d undos" % (
        game_title(rules), date.isoformat(), row["deal"], "won," if row["won"] else "lost,",
        row["home"], row["moves"], row["undos"])


_PLAYER = "SELECT id FROM players WHERE name = ?"
# a player's ranked daily results (their first attempts), the latest first
_DAILIES = ("SELECT r.day, r.game, r.deal, r.won, r.home, r.moves, r.undos FROM results r "
            "JOIN firsts f ON f.result_id = r.id WHERE r.player_id = ? "
            "ORDER BY r.day DESC, r.game LIMIT ? OFFSET ?")
_TOTALS = ("SELECT COUNT(*), COALESCE(SUM(r.won), 0) FROM results r "
           "JOIN firsts f ON f.result_id = r.id WHERE r.player_id = ?")
_WON_DAYS = ("SELECT DISTINCT r.day FROM results r JOIN firsts f ON f.result_id = r.id "
             "WHERE r.player_id = ? AND r.won = 1 AND r.day <= ? ORDER BY r.day DESC")


def player(db, name, today, page=1):
    """A player's page as data, or None for a name nobody uploaded as:
    their daily results (PAGE a page, the latest first), how many they
    played and won, and the current streak: the days in a row, back from
    today (or yesterday, while today's is not won yet), on which they won
    a daily deal of some game."""
    skip = (page - 1) * PAGE
    with db.transaction() as tx:
        found = tx.one(_PLAYER, (name,))
        if found is None:
            return None
        rows = tx.all(_DAILIES, (found[0], PAGE, skip))
        played, won = tx.one(_TOTALS, (found[0],))
        now = day_of(today.year, today.month, today.day)
        won_days = {row[0] for row in tx.all(_WON_DAYS, (found[0], now))}
    one = datetime.timedelta(days=1)
    date = today if now in won_days else today - one
    streak = 0
    while day_of(date.year, date.month, date.day) in won_days:
        streak += 1
        date -= one
    dailies = []
    for day, game, deal, won_it, home, moves, undos in rows:
        rules = VARIANTS[game]
        dailies.append({"date": date_of(day).isoformat(), "game": rules.name,
                        "title": game_title(rules), "deal": deal, "won": bool(won_it),
                        "home": home, "moves": moves, "undos": undos})
    return {"name": name, "played": played, "won": int(won), "streak": streak,
            "dailies": dailies, "page": page, "pages": max(1, (played + PAGE - 1) // PAGE)}


def ranks(tx, ranked, day, skip):
    """Each entry's `rank` (1 + the results better than it) and `tied`
    (another result alike): counted on this page, asked of the database
    at its edges, where a tie may go on from the page before or after."""
    def key(entry):
        return (int(entry["won"]), entry["home"], entry["moves"], entry["undos"])

    for i, entry in enumerate(ranked):
        k = key(entry)
        if i and k == key(ranked[i - 1]):
            entry["rank"] = ranked[i - 1]["rank"]
        elif i:
            entry["rank"] = skip + i + 1
        else:
            won, home, moves, undos = k
            entry["rank"] = 1 + tx.one(_BETTER, day + (won, won, home, home, moves, moves,
                                                       undos))[0]
        entry["tied"] = bool(i and k == key(ranked[i - 1])) or (
            i + 1 < len(ranked) and k == key(ranked[i + 1]))
    for entry in (ranked[0], ranked[-1]):  # a tie across a page's edge
        if not entry["tied"]:
            entry["tied"] = tx.one(_ALIKE, day + key(entry))[0] > 1


def figure(row):
    """The scheme's figure: a timed game's time, else its score."""
    if row["scheme"] == TIMED:
        return "%d:%02d" % divmod(row["seconds"], 60)
    return "%d (%s)" % (row["score"], NAMES[row["scheme"]])


_KEYS = ("id", "name", "won", "home", "moves", "undos", "score", "seconds", "scheme", "deal",
         "cells", "day_deal", "daily_flag", "by_solver", "received")  # _SELECT's columns


def entry_of(values, rules, date, ranked):
    """A row of _SELECT as the page's entry: a ranked one with its share
    line, another with why it is not ranked."""
    row = dict(zip(_KEYS, values))
    entry = {"name": row["name"], "won": bool(row["won"]), "home": row["home"],
             "moves": row["moves"], "undos": row["undos"], "score": row["score"],
             "seconds": row["seconds"], "scheme": NAMES[row["scheme"]], "figure": figure(row),
             "deal": row["deal"], "cells": row["cells"], "received": row["received"],
             "id": row["id"]}
    if ranked:
        entry["share"] = share_line(rules, date, row)
    else:
        entry["kind"] = kind_of(row["day_deal"], bool(row["daily_flag"]), bool(row["by_solver"]),
                                False, row["cells"])
    return entry


def day(db, date, rules, page=1):
    """The day's page as data (what the JSON says; web.py draws the HTML):
    page `page` of the ranked results and of the others, and how many
    there are of each."""
    number = day_of(date.year, date.month, date.day)
    skip = (page - 1) * PAGE
    with db.transaction() as tx:
        ranked_rows = tx.all(_RANKED, (number, rules.id, PAGE, skip))
        other_rows = tx.all(_OTHERS, (number, rules.id, PAGE, skip))
        n_ranked, n_all = tx.one(_COUNTS, (number, rules.id))
        ranked = [entry_of(values, rules, date, True) for values in ranked_rows]
        others = [entry_of(values, rules, date, False) for values in other_rows]
        if ranked:  # in the same transaction: the ranks count what the rows show
            ranks(tx, ranked, (number, rules.id), skip)
    one = datetime.timedelta(days=1)
    pages = max(1, (max(n_ranked, n_all - n_ranked) + PAGE - 1) // PAGE)
    return {"date": date.isoformat(), "game": rules.name, "title": game_title(rules),
            "deal": deal_of_day(number, rules.id), "cells": rules().cells,
            "yesterday": (date - one).isoformat(), "tomorrow": (date + one).isoformat(),
            "games": [v.name for v in VARIANTS], "game_words": [v.words for v in VARIANTS],
            "ranked": ranked, "others": others,
            "ranked_count": n_ranked, "others_count": n_all - n_ranked, "page": page,
            "pages": pages}

