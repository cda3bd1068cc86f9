"""A stored result's game to watch: every position from the deal to its
end, as the server's replay of its log made them (freecell/replay.py, the
same rules that accepted it), for the replay page (web.py) to step
through.  A day's moves stay hidden until the day is over (UTC), so that
nobody can copy that day's line: the page says when they show.
"""

from freecell.notation import position_text
from freecell.replay import play
from freecell.results import Result, action_text

from .board import game_title
from .uploads import date_of

_STORED = ("SELECT r.day, p.name, r.file_hex FROM results r "
           "JOIN players p ON p.id = r.player_id WHERE r.id = ?")


def frame(game):
    """The position as the page draws it: the foundations' line, the free
    cells and each column from its buried card to the one on top."""
    lines = position_text(game).split("\n")
    return {"found": lines[0].split(": ", 1)[1],
            "cells": lines[1].split(": ", 1)[1].split(" "),
            "columns": [line[2:].split(" ") if len(line) > 1 else [] for line in lines[2:-1]]}


def replay(db, result_id, today):
    """(status, data): 200 and the positions with the action before each;
    403 while the result's day is today or later; 404 for no such result."""
    with db.transaction() as tx:
        row = tx.one(_STORED, (result_id,))
    if row is None:
        return 404, {"status": "not found", "reason": "no such result"}
    day, name, file_hex = row
    if day >= today:
        return 403, {"status": "hidden", "reason": "the moves of %s's games show once that "
                     "day is over (UTC)" % date_of(day)}
    result = Result()
    result.decode(bytes.fromhex(file_hex))  # whole and checked when it was accepted
    game = result.game()
    frames, actions = [frame(game)], [""]
    for entry in result.entries:
        if play(game, entry):
            break  # (it replayed whole when it was accepted)
        frames.append(frame(game))
        actions.append(action_text(entry, game.variant.piles))
    return 200, {"id": result_id, "name": name, "date": date_of(day).isoformat(),
                 "game": result.rules.name, "title": game_title(result.rules),
                 "deal": result.hi * 65536 + result.lo, "line": result.line(),
                 "frames": frames, "actions": actions}
