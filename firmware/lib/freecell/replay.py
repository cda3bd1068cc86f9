"""A game's log (movelog.py) played again under the rules, one action at a
time: the result log's check (results.py, tools/fc.py verify) and the
loader's (loadgame.py: a saved game whose log holds every action since the
deal must come out as the file says: its position, counters and score).
Allocates nothing but the words of a refusal.
"""

from .game import OK, PLAYING
from .movelog import (SOLVER, UNDO, REDO, FINISH, HELPED, AUTOPLAY_ON, check as check_entry,
                      is_move)


def play(game, entry):
    """One logged action on `game`: None, or why it cannot be played."""
    if not check_entry(entry):
        return "is not an action"
    game.actor = entry & SOLVER
    kind = entry & 0x7FFF
    if is_move(entry):
        code = game.play(kind)
    elif kind == UNDO:
        code = game.undo()
    elif kind == REDO:
        code = game.redo()
    elif kind == FINISH:
        code = game.finish()
    elif kind == HELPED:  # the solver played this deal before a restart
        if game.log.n or not entry & SOLVER:
            game.actor = 0
            return "comes after the game began"
        game.assisted = True
        game.log.add(entry)
        code = OK
    else:
        if game.state != PLAYING:
            game.actor = 0
            return "comes after the game ended"
        game.set_autoplay(kind == AUTOPLAY_ON)
        code = OK
    game.actor = 0
    return "is refused: " + game.reason() if code != OK else None
