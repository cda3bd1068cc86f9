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
Statistics payload, version 5 (17 + 3F per game + 13 per recent game);
each field's offset is named below (AT_SERIAL ...; a recent game's, R_HI
...), and records.py and records_load.py use the names:
    0  3  AT_SERIAL     games begun, all games together (the game in
                        progress's number, which its save carries)
    3  1  AT_FLAGS      in progress 1 | the game in progress is a daily
                        deal 2 | a tournament is under way 4 | its deals
                        are random 8 | the solver played part of it 16
    4  1  AT_GAME       the game in progress (a variant's id; 0 when none)
    5  1  AT_GAMES      G, the games tallied (those this version knew)
    6  1  AT_FIELDS     F, the counters in a tally (17)
    7  1  AT_TOUR_DONE  the tournament's rounds finished (0-2)
    8  1  AT_TOUR_SCHEME  its scoring scheme
    9  1  AT_TOUR_GAME  its game: a variant's id | its free cells << 4
    10 3  AT_TOUR_TOTAL  its total so far
    13 2  AT_DEALT      the day the game in progress was dealt (days since
                        2000 + 1; 0: not known), for its result
    15 2  AT_LAST_DAY   the last day the board knew (its clock's, or the
                        player's), + 1; 0: none yet
    17 3F x G: the tallies, by variant id
    then RECORD (13) x up to 8 recent games, newest first, until the end:
    0 3 R_HI deal hi   3 2 R_LO deal lo   5 1 R_HOW how   6 2 R_MOVES moves
    8 2 R_UNDOS undos  10 2 R_SCORE score  12 1 R_MORE more
          how: 0 given up, 1 won, 2 won with the solver's help; +4 a daily
          deal; + 8 x the game's variant id
          more: the scoring scheme | the tournament round << 2 (0: none)
Version 4 (a 13-byte head: no days) and version 3 (a 6-byte head: serial,
flags 1-2, game, G; tallies of 10 counters; 12-byte recent games) are read
by the same code.  Versions 1 and 2 (one set of counters, from before
games were counted apart) are still read, as FreeCell's (records_load.py's
_decode_old).
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
STATS_VERSION = 5
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
# the head's fields (their sizes above)
AT_SERIAL = const(0)
AT_FLAGS = const(3)
AT_GAME = const(4)
AT_GAMES = const(5)
AT_FIELDS = const(6)
AT_TOUR_DONE = const(7)
AT_TOUR_SCHEME = const(8)
AT_TOUR_GAME = const(9)
AT_TOUR_TOTAL = const(10)
AT_DEALT = const(13)
AT_LAST_DAY = const(15)
HEAD = const(17)
OLD_HEADS = (6, 13)  # version 3's and 4's
# a recent game's record
R_HI = const(0)
R_LO = const(3)
R_HOW = const(5)
R_MOVES = const(6)
R_UNDOS = const(8)
R_SCORE = const(10)
R_MORE = const(12)
GAMES = const(6)  # len(variants.VARIANTS), copied: a FreeCell game loads none of the others
# the flags byte
FLAG_IN_PROGRESS = const(1)
FLAG_DAILY = const(2)
FLAG_TOURNAMENT = const(4)
FLAG_RANDOM = const(8)
FLAG_HELPED = const(16)


# the largest files (the container adds 10 bytes): a larger one is no save
STATS_BYTES = HEADER + TRAILER + HEAD + GAMES * TALLY + RECENT * RECORD  # 437 with six games
SETTINGS_BYTES = HEADER + TRAILER + 6
# the largest flags byte of settings version 1, 2, 3 (autoplay 1, take back 2,
# quiet 4, simple run limit 8, not thinking ahead 16: bits the format's third
# version had spare)
SETTINGS_FLAGS = (0, 1, 3, 31)
