"""The saved forms of the player's statistics and settings: their layouts
and every number those name, for records.py (which keeps them and writes
them) and records_load.py (which reads every version of the statistics).

Both use freecell.container's container (kind b"S" and b"O"), each in a file
of its own so that a damaged one never takes the other, or the game, with it.

Statistics are kept per game (FreeCell, Baker's Game, ...): each game has a
tally of FIELDS counters, 3 bytes each, in the order of the field numbers below:
    played, won, given up, current win streak, best win streak, best classic
    score, fewest moves in a won game (0: none yet), daily deals played (the
    first try of a day only), daily deals won, games the solver played part
    of ("show me"; never the player's win: counted as given up), best timed
    score, best by-moves score, best tournament total in each scheme
    (classic, timed, by moves), tournaments completed, the last day a daily
    deal was tried (days since 2000 + 1; 0: never)
A game's played = won + given up (+ 1 for the game in progress, if it is
of that game).  Played is at most MOST_GAMES: a game's tally stops counting
there (its next games are not counted), and every other counter that grows
is bounded by played, so none can outgrow its 3 bytes and every sum the
loader checks still holds after the next game.  A tournament's rounds
finished are games of its game that no completed tournament counts:
3 x tournaments completed + rounds finished (+ the game in progress) is at
most that game's played.  Only the player's own games set a best: never one the
solver played part of.
Statistics payload, version 4 (13 + 3F per game + 13 per recent game):
    0  3  serial: games begun, all games together (the game in progress's
          number, which its save carries)
    3  1  in progress 1 | the game in progress is a daily deal 2 |
          a tournament is under way 4 | its deals are random 8 |
          the solver played part of it 16
    4  1  the game in progress (a variant's id; 0 when none)
    5  1  G, the games tallied (those this version knew when it wrote)
    6  1  F, the counters in a tally (17)
    7  1  the tournament's rounds finished (0-2)
    8  1  its scoring scheme   9  1  its game: a variant's id | its free cells << 4
    10 3  its total so far
    13 3F x G: the tallies, by variant id
    then 13 x up to 8 recent games, newest first, until the end:
          deal hi 3, deal lo 2, how 1, moves 2, undos 2, score 2, more 1
          how: 0 given up, 1 won, 2 won with the solver's help; +4 a daily
          deal; + 8 x the game's variant id
          more: the scoring scheme | the tournament round << 2 (0: none)
Version 3 (a 6-byte head: serial, flags 1-2, game, G; tallies of 10
counters; 12-byte recent games) is read by the same code.  Versions 1 and 2
(one set of counters, from before games were counted apart) are still
read, as FreeCell's (records_load.py's _decode_old).
Settings payload, version 3 (6 bytes):
    0 1 autoplay 1 | cards may come back from the foundations 2 | sound off 4
        | the simple run limit 8 | not thinking ahead 16 (later bits of version 3)
    1 1 contrast level 0-3   2 1 flip (0/1)
    3 1 FreeCell's free cells 1-4   4 1 the game new deals are of (a variant's id)
    5 1 the scoring scheme of new games (freecell/scoring.py)
Versions 1 (the first 4 bytes: FreeCell) and 2 (the first 5) are still read.
"""

from freecell.compat import const
from freecell.container import HEADER, TRAILER

STATS = b"S"
SETTINGS = b"O"
VERSION = 3  # settings
STATS_VERSION = 4
LOST = 0
WON = 1
SOLVED = 2  # won with the solver's help
DAILY = 4
RECENT = 8
RECORD = 13
# a tally's fields
PLAYED = const(0)
WINS = const(1)
GIVEN_UP = const(2)
STREAK = const(3)
BEST_STREAK = const(4)
BEST_SCORE = const(5)  # classic's
FEWEST = const(6)
DAILY_PLAYED = const(7)
DAILY_WON = const(8)
BY_SOLVER = const(9)
BEST_TIMED = const(10)
BEST_BY_MOVES = const(11)
BEST_TOURNAMENT = const(12)  # + the scheme: classic's, timed's, by moves'
TOURNAMENTS = const(15)
LAST_DAILY = const(16)
FIELDS = const(17)
MOST_GAMES = const(999999)  # games a tally counts (a 6-digit figure on screen)
MOST_POINTS = const(0xFFFFFF)  # a score or a total: 3 bytes
BESTS = (BEST_SCORE, BEST_TIMED, BEST_BY_MOVES)  # by scheme
ROUNDS = 3  # games in a tournament
TALLY = const(51)  # 3 * FIELDS
HEAD = const(13)
GAMES = const(6)  # len(variants.VARIANTS), copied: a FreeCell game loads none of the others
# the flags byte
FLAG_IN_PROGRESS = const(1)
FLAG_DAILY = const(2)
FLAG_TOURNAMENT = const(4)
FLAG_RANDOM = const(8)
FLAG_HELPED = const(16)


# the largest files (the container adds 10 bytes): a larger one is no save
STATS_BYTES = HEADER + TRAILER + HEAD + GAMES * TALLY + RECENT * RECORD  # 433 with six games
SETTINGS_BYTES = HEADER + TRAILER + 6
# the largest flags byte of settings version 1, 2, 3 (autoplay 1, take back 2,
# quiet 4, simple run limit 8, not thinking ahead 16: bits the format's third
# version had spare)
SETTINGS_FLAGS = (0, 1, 3, 31)
