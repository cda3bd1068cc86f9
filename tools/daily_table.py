#!/usr/bin/env python3
"""Make firmware/lib/freecell/daily_table.py: for each game and day, how
many of the day's candidates the daily deal skips, found with the proof
the board itself runs (freecell/daily.py's proved()), so a board deals the
day's deal at once up to the table's last day.

    tools/daily_table.py [--until DATE] [--jobs N]   extend the table to DATE
    tools/daily_table.py --verify [--sample N]       prove N days a game again
    (--table PATH: another copy of the table than the firmware's)

Extending never changes a day already listed: the days after the table's
LAST are added (a day is proved by the same search whichever runs it).
--verify picks N days a game (all with --sample 0) and proves again that
the day's deal is won and each candidate it skips is not; exit 1 naming a
day that differs.  About 1 s a day for the five games on one core.
"""

import ast
import datetime
import multiprocessing
import os
import random
import sys

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

from freecell import daily  # noqa: E402
from freecell.variants import VARIANTS  # noqa: E402

TABLE = os.path.join(ROOT, "firmware", "lib", "freecell", "daily_table.py")
MOST_SKIPS = 255  # a row's count is a byte


def date_of(days):
    return datetime.date(*daily.date_of(days))


def real_days(first, last):
    """day_of's numbers of the real dates first..last (no 31 June)."""
    date, end = date_of(first), date_of(last)
    while date <= end:
        yield daily.day_of(date.year, date.month, date.day)
        date += datetime.timedelta(days=1)


def proved_games():
    """The games whose daily deal the solver proves (not FreeCell's)."""
    return [v.id for v in VARIANTS if v.KNOWN_WINNABLE < 1000000]


def skips(task):
    """(variant id, day) -> the candidates skipped before one is won."""
    variant_id, days = task
    rules = VARIANTS[variant_id]
    k = 0
    while not daily.proved(daily.candidate(days, variant_id, k), rules):
        k += 1
        if k > MOST_SKIPS:
            raise SystemExit("daily_table.py: %s %s skips more than %d candidates"
                             % (rules.name, date_of(days), MOST_SKIPS))
    return k


def current(path):
    """The table as it is: (LAST, {variant id: {day: skips}}), or before
    FIRST where there is none (read as text: its LAST = const(N) and its
    SKIPS tuple of bytes)."""
    try:
        with open(path) as f:
            tree = ast.parse(f.read())
    except FileNotFoundError:
        return daily.FIRST - 1, {}
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = node.value.args[0] if isinstance(node.value, ast.Call) else node.value
            found[node.targets[0].id] = ast.literal_eval(value)
    rows = {}
    for variant_id, data in enumerate(found["SKIPS"]):
        rows[variant_id] = {daily.FIRST + (data[i] << 8 | data[i + 1]): data[i + 2]
                            for i in range(0, len(data), 3)}
    return found["LAST"], rows


def text(last, rows):
    lines = ['"""How many candidates each day\'s daily deal skips, by game (by id;',
             "freecell/daily.py reads it): rows of 3 bytes, the day after daily.FIRST",
             "(2) and the count (1), for the days that skip any.  Made by",
             "tools/daily_table.py with the board's own proof; do not edit.",
             '"""', "", "from .compat import const", "",
             "LAST = const(%d)  # day_of%s: the last day listed"
             % (last, date_of(last).timetuple()[:3]), "SKIPS = ("]
    for v in VARIANTS:
        found = rows.get(v.id, {})
        data = b"".join(bytes(((d - daily.FIRST) >> 8, (d - daily.FIRST) & 255, k))
                        for d, k in sorted(found.items()) if k)
        if v.id not in proved_games():
            lines.append('    b"",  # %s: known winnable without the solver' % v.name)
            continue
        lines.append("    # %s: %d days skip, %d candidates in all"
                     % (v.name, len(data) // 3, sum(found.values())))
        chunks = [data[i:i + 15] for i in range(0, len(data), 15)] or [b""]
        for i, chunk in enumerate(chunks):
            lines.append("    " + repr(chunk) + ("," if i == len(chunks) - 1 else ""))
    lines.append(")")
    return "\n".join(lines) + "\n"


def extend(until, jobs, path):
    last, rows = current(path)
    target = daily.day_of(until.year, until.month, until.day)
    target = max(target, last)  # (the file is written again: its text as this tool writes it)
    tasks = [(v, d) for d in real_days(last + 1, target) for v in proved_games()]
    with multiprocessing.Pool(jobs) as pool:
        for (variant_id, days), k in zip(tasks, pool.imap(skips, tasks, chunksize=4)):
            rows.setdefault(variant_id, {})[days] = k
    with open(path, "w") as f:
        f.write(text(target, rows))
    print("daily_table.py: %d days proved, listed to %s" % (len(tasks) // len(proved_games()),
                                                             date_of(target)))
    return 0


def verify(sample, jobs, path):
    last, rows = current(path)
    days = list(real_days(daily.FIRST, last))
    picked = [(v, d) for v in proved_games()
              for d in (random.Random(v).sample(days, sample) if sample else days)]
    wrong = 0
    with multiprocessing.Pool(jobs) as pool:
        for (variant_id, d), k in zip(picked, pool.imap(skips, picked, chunksize=4)):
            listed = rows.get(variant_id, {}).get(d, 0)
            if k != listed:
                wrong += 1
                print("%s %s: the table skips %d, the proof %d"
                      % (VARIANTS[variant_id].name, date_of(d), listed, k))
    print("daily_table.py: %d days proved again, %d differ" % (len(picked), wrong))
    return 1 if wrong else 0


def main(argv):
    parser = cli.parser("daily_table.py", __doc__)
    parser.add_argument("--until", type=datetime.date.fromisoformat,
                        help="the last day to list (YYYY-MM-DD)")
    parser.add_argument("--verify", action="store_true", help="prove listed days again")
    parser.add_argument("--sample", type=int, default=20, help="days a game to verify (0: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes")
    parser.add_argument("--table", default=TABLE, help="the table's file (the firmware's)")
    args = parser.parse_args(argv)
    if args.verify:
        return verify(args.sample, args.jobs, args.table)
    if not args.until:
        parser.error("say --until DATE or --verify")
    if args.until.year > 2099:
        parser.error("day_of counts to 2099")
    return extend(args.until, args.jobs, args.table)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
