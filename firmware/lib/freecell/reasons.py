"""A refused move: its code (Game.error, what Game.move() and the rest
return) and its words for a player (Game.reason()).  Loaded for a refusal and
let go of after, so the words take no room while the game is played; game.py
folds its own copies of the codes.
"""

from .cards import name
from .compat import const

E_NOWHERE = const(1)
E_SAME = const(2)
E_EMPTY = const(3)
E_FROM_FOUNDATION = const(4)
E_FOUNDATION = const(5)
E_CELL_TAKEN = const(6)
E_ONE_CARD = const(7)
E_NO_FIT = const(8)
E_ROOM = const(9)
E_NOT_RUN = const(10)
E_WHOLE_COLUMN = const(11)
E_COUNT = const(12)
E_OVER = const(13)
E_NO_UNDO = const(14)
E_NO_REDO = const(15)
E_NO_FINISH = const(16)
E_EMPTY_COLUMN = const(17)
E_HOME_TO_HOME = const(18)

# what each refusal says, by error code: {0} the card moved, {1} the card it
# should go on, {2} the cards asked for, {3} the cards that fit (or form a
# run); {4} "s" when {3} is not 1 (cards), {5} "s" when it is (fits)
_REASONS = (
    "",
    "no such place",
    "that is where it is",
    "nothing to move there",
    "cards on the foundations stay there",
    "{0} can't go home yet",
    "that cell is taken",
    "one card at a time there",
    "{0} doesn't go on {1}",
    "needs room for {2} cards, {3} fit{5}{6}",
    "only {3} card{4} form{5} a run there",
    "moving a whole column to an empty one changes nothing",
    "onto {1} it takes {3} card{4}, not {2}",
    "the game is over",
    "nothing to undo",
    "nothing to redo",
    "not every card can go home yet",
    "only a king can go on an empty column",
    "a card taken from a foundation goes to a column or a free cell",
)


def words(game):
    """What game's last refusal says ('' when there was none)."""
    one = game.fit == 1
    if game.error == E_NOT_RUN and one:  # a buried card ("only 1 card forms a run" misled)
        return "no run there: only the top card can move"
    return _REASONS[game.error].format(name(game.card), name(game.onto), game.need, game.fit,
                                       "" if one else "s", "s" if one else "",
                                       " under the simple run limit"
                                       if game.variant.simple_runs else "")
