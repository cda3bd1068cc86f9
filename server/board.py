"""A day's leaderboard for one game, read from the database: the ranked
first attempts in order, then every other result of that day (later tries,
other deals, games the solver helped), as web.py shows them (HTML and JSON).

Order: won before not won, then more cards home, fewer moves, fewer undos,
and the earlier upload; the scheme's own figure (seconds for a timed game,
else its score) is shown beside.
"""

import datetime
import string

from .uploads import kind_of

from app.dealer import day_of, deal_of_day
from freecell.scoring import NAMES, TIMED
from freecell.variants import VARIANTS

_COLUMNS = ("SELECT r.id, p.name, r.won, r.home, r.moves, r.undos, r.score, r.seconds, "
            "r.scheme, r.deal, r.cells, r.day_deal, r.daily_flag, r.by_solver, r.received, "
            "CASE WHEN f.result_id IS NULL THEN 0 ELSE 1 END AS ranked "
            "FROM results r JOIN players p ON p.id = r.player_id "
            "LEFT JOIN firsts f ON f.result_id = r.id "
            "WHERE r.day = ? AND r.game = ? "
            "ORDER BY ranked DESC, r.won DESC, r.home DESC, r.moves, r.undos, r.id")


def parse_date(text):
    """A YYYY-MM-DD the boards can name (2000-2099), or None."""
    try:
        date = datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return date if 2000 <= date.year <= 2099 else None


def game_title(rules):
    """BAKER'S GAME as Baker's Game, FREECELL as FreeCell."""
    return string.capwords(rules.title.lower()).replace("cell", "Cell")


def share_line(rules, date, row):
    """Spoiler-free: the deal, cards home, moves and undos (no card named)."""
    return "%s daily %s #%d: %s %d/52 home, %d moves, %d undos" % (
        game_title(rules), date.isoformat(), row["deal"], "won," if row["won"] else "lost,",
        row["home"], row["moves"], row["undos"])


def figure(row):
    """The scheme's figure: a timed game's time, else its score."""
    if row["scheme"] == TIMED:
        return "%d:%02d" % divmod(row["seconds"], 60)
    return "%d (%s)" % (row["score"], NAMES[row["scheme"]])


def day(db, date, rules):
    """The day's page as data (what the JSON says; web.py draws the HTML)."""
    number = day_of(date.year, date.month, date.day)
    with db.transaction() as tx:
        rows = tx.all(_COLUMNS, (number, rules.id))
    keys = ("id", "name", "won", "home", "moves", "undos", "score", "seconds", "scheme",
            "deal", "cells", "day_deal", "daily_flag", "by_solver", "received", "ranked")
    ranked, others = [], []
    for values in rows:
        row = dict(zip(keys, values))
        entry = {"name": row["name"], "won": bool(row["won"]), "home": row["home"],
                 "moves": row["moves"], "undos": row["undos"], "score": row["score"],
                 "seconds": row["seconds"], "scheme": NAMES[row["scheme"]],
                 "figure": figure(row), "deal": row["deal"], "cells": row["cells"],
                 "received": row["received"]}
        if row["ranked"]:
            entry["rank"] = len(ranked) + 1
            entry["share"] = share_line(rules, date, row)
            ranked.append(entry)
        else:
            entry["kind"] = kind_of(bool(row["day_deal"]), bool(row["daily_flag"]),
                                    bool(row["by_solver"]), False)
            others.append(entry)
    one = datetime.timedelta(days=1)
    return {"date": date.isoformat(), "game": rules.name, "title": game_title(rules),
            "deal": deal_of_day(number, rules.id), "cells": rules().cells,
            "yesterday": (date - one).isoformat(), "tomorrow": (date + one).isoformat(),
            "games": [v.name for v in VARIANTS], "ranked": ranked, "others": others}

