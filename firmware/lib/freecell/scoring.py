"""The three ways a game is scored, and what each step of play is worth.

  CLASSIC   +10 a card home (autoplay included), -10 a card taken back from
            a foundation (the optional rule), -10 an undo, never below 0; a
            win adds 700 - 2 x moves (never below 0; every player action
            counts as a move: each move, undo and redo, and each card FINISH
            plays; autoplay does not).  docs/RULES.md's score.
  TIMED     +200 a card home, -200 a card leaving a foundation (taken back,
            or undone), -1 a second of play (counted while the table is
            shown and the display awake; only timed games count them), from
            0, never below 0.  Since
            every card home gave 200 and every card leaving took 200 back,
            the score is max(0, 200 x cards home - seconds).
  BY_MOVES  +10 a card home, +5 a card from a free cell onto a column, 0
            anything else; an undo takes back exactly the points its move
            gave (and a redo gives them again); never below 0.  A card taken
            back from a foundation costs the 10 it brought (the issue says
            0, which would let a card go home and back for ever: ours).
The game keeps `score` (the points of the steps so far) and `seconds`; its
final_score() is the scheme's total.  Allocates nothing.
"""

from .compat import const

CLASSIC = const(0)
TIMED = const(1)
BY_MOVES = const(2)
SCHEMES = 3
NAMES = ("classic", "timed", "moves")  # as fc.py and the result log name them
TITLES = ("CLASSIC", "TIMED", "BY MOVES")

_CELL0 = const(10)  # table.CELL0
_FOUND0 = const(18)  # table.FOUND0
_HOME = (10, 200, 10)
_CELL_TO_COLUMN = (0, 0, 5)
_UNDO = const(10)  # classic's price of an undo
_WIN_BONUS = const(700)


def step_points(scheme, src, dst):
    """What one transfer of cards from src to dst is worth (locations as in
    table.py): a card home, a card leaving a foundation, a card from a free
    cell onto a column."""
    if dst >= _FOUND0:
        return _HOME[scheme]
    if src >= _FOUND0:
        return -_HOME[scheme]
    if _CELL0 <= src and dst < _CELL0:
        return _CELL_TO_COLUMN[scheme]
    return 0


def undo_points(scheme, steps_points):
    """What an undo changes the score by, given the points the steps it
    takes back had brought: classic charges 10 and keeps them; the others
    take back exactly those points."""
    if scheme == CLASSIC:
        return -_UNDO
    return -steps_points


def final_score(scheme, score, won, moves, seconds):
    """The scheme's total for a game whose steps brought `score` points."""
    if scheme == CLASSIC:
        return score + (win_bonus(scheme, moves) if won else 0)
    if scheme == TIMED:
        return max(0, score - seconds)
    return score


def win_bonus(scheme, moves):
    """Classic's bonus for a win; the other schemes have none."""
    return max(0, _WIN_BONUS - 2 * moves) if scheme == CLASSIC else 0


def by_name(name):
    """A scheme's number from its name (NAMES), or -1."""
    for i in range(SCHEMES):
        if NAMES[i] == name:
            return i
    return -1
