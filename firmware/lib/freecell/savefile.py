"""Saved data as bytes: one container for every file, and the game's layout.

The container (kind, version, length, checksum) is container.py's.

Game payload, version 4 (43 + cards on the columns + 4 + 3 per history step
+ 6 + 2 per logged action + 1 bytes: 106 for a fresh deal, at most 1,186 +
800 with a full 360-step undo ring and a full 400-action log; the file adds
10).
Each field's offset is named below (as a const, _AT_MOVES and so on, which the
compiler folds): the writer here uses the names, and the readers
(loadgame.py, savefile_old.py) keep copies that host_tests/test_structure.py
checks against these:
    0   3   AT_NUMBER      deal number, high part (N = hi * 65536 + lo),
                           then 2 bytes: the low part
    5   1   AT_VARIANT     the game: its variant's id (variants.py)
    6   1   AT_CELLS       free cells (1-8)
    7   1   AT_FLAGS       F_AUTOPLAY 1 | F_WHOLE_COLUMN 2 (allow_whole_column)
                           | F_FROM_DEAL 4 (undoing every step gives the deal)
                           | F_PROVED 8 (proved winnable) | F_TAKE_BACK 16
                           (cards may be taken back from the foundations)
                           | F_ASSISTED 32 (the solver made a move of it)
                           | F_LOG_AUTOPLAY 64 (autoplay at the deal, the
                           log's start) | F_LOG_COMPLETE 128 (the log holds
                           every action since the deal)
    8   1   AT_STATE       0 playing, 1 won, 2 given up
    9   3   AT_MOVES       moves
    12  3   AT_UNDOS       undos
    15  3   AT_SCORE       score (the points of the steps: scoring.py)
    18  3   AT_SERIAL      which of the player's games this is (statistics)
    21  8   AT_CELL_CARDS  the eight cell slots: a card 0-51, 255 when empty
    29  4   AT_PILES       cards on each foundation pile (by suit: clubs,
                           diamonds, hearts, spades; HalfCell: its two
                           piles, then two 0s)
    33  10  AT_HEIGHTS     cards in each column
    43  n   AT_CARDS       the columns' cards, column by column, bottom first
    43+n f                 only in HalfCell (whose piles the counts do not
                           spell): the piles' cards, pile by pile, bottom
                           first (f = cards home)
    then 2                 history steps kept (S), then 2: how many of them
                           are done (H)
    then 3S                the steps, oldest first (history.py's layout)
    then the tail, from its own start:
    0   1   AT_SCHEME      the scoring scheme (scoring.py: 0 classic, ...)
    1   3   AT_SECONDS     seconds of play
    4   2   AT_LOGGED      actions logged (L); then 2L (from TAIL_BYTES):
                           the log (movelog.py), oldest first
    then 1                 the rule options (the payload's last byte):
                           R_SIMPLE_RUNS 1 (the variant's simple_runs: RUN
                           LIMIT: SIMPLE)
Versions 1 (FreeCell only: 4 cells, 8 columns, foundations at locations
14-17), 2 (no scheme, seconds or log) and 3 (no rule options) are still
read: savefile_old.py rewrites them as version 4, checked like one.
Loading is loadgame.py's decode_game (imported where a file is loaded: on
a board only at boot, and let go of after): it checks everything a hand-made
file could get wrong.  This module does not import it: the two import in
one direction only.
"""

from .cards import NO_CARD
from .compat import const
from .container import HEADER, TRAILER, checksum_of, head, join, put
from .table import COLUMN_CAP, MAX_CELLS, MAX_COLUMNS

GAME = b"G"
GAME_VERSION = 4
_AT_NUMBER = const(0)
_AT_VARIANT = const(5)
_AT_CELLS = const(6)
_AT_FLAGS = const(7)
_AT_STATE = const(8)
_AT_MOVES = const(9)
_AT_UNDOS = const(12)
_AT_SCORE = const(15)
_AT_SERIAL = const(18)
_AT_CELL_CARDS = const(21)
_AT_PILES = const(29)
_AT_HEIGHTS = const(33)
_AT_CARDS = const(43)
_SHORTEST = const(54)  # _AT_CARDS + 4 (no steps kept) + _TAIL_BYTES + _RULES_BYTES, no card
_F_AUTOPLAY = const(1)
_F_WHOLE_COLUMN = const(2)
_F_FROM_DEAL = const(4)
_F_PROVED = const(8)
_F_TAKE_BACK = const(16)
_F_ASSISTED = const(32)
_F_LOG_AUTOPLAY = const(64)
_F_LOG_COMPLETE = const(128)
_AT_SCHEME = const(0)  # in the tail
_AT_SECONDS = const(1)
_AT_LOGGED = const(4)
_TAIL_BYTES = const(6)
_RULES_BYTES = const(1)  # after the log
_R_SIMPLE_RUNS = const(1)


def game_bytes(history, log):
    """The largest game file a board whose undo ring holds `history` steps
    and whose log holds `log` actions can write (the layout above: all 52
    cards on the columns or, in HalfCell, on the piles): 1,996 bytes with
    the default 360 and 400.  A larger file in its place is no save."""
    return HEADER + _SHORTEST + 52 + 3 * history + 2 * log + TRAILER


def encode_game(game, serial):
    """The game as a saved file (a new bytearray): game_parts() joined."""
    return join(game_parts(game, serial))


def game_parts(game, serial):
    """The game file as a list of pieces that, written in order, are the
    file: the head (the container's, then the table), the undo ring's steps
    and the log as views into the game's own buffers (never copied), the
    scheme and seconds, the checksum.  A save allocates about 200 bytes
    however long the game, where one buffer would need a 2 KB block that a
    small board's heap, broken up, may not have."""
    t = game.table
    steps, done, ring = game.history.kept()
    cards = 0
    for c in range(t.columns):
        cards += t.heights[c]
    piled = not t.counts_spell_piles()
    if piled:
        cards += t.cards_home()
    log = game.log
    n = _SHORTEST + cards + 3 * steps + 2 * log.n
    first = head(bytearray(HEADER + _AT_CARDS + cards + 4), GAME, GAME_VERSION, n)  # to the steps
    buf = memoryview(first)[HEADER:]
    put(buf, put(buf, _AT_NUMBER, game.number.hi, 3), game.number.lo, 2)
    buf[_AT_VARIANT] = game.variant.id
    buf[_AT_CELLS] = t.cells
    buf[_AT_FLAGS] = (_F_AUTOPLAY if game.autoplay else 0) \
        | (_F_WHOLE_COLUMN if game.allow_whole_column else 0) \
        | (_F_FROM_DEAL if game.history.from_deal else 0) | (_F_PROVED if game.proved else 0) \
        | (_F_TAKE_BACK if game.take_back else 0) | (_F_ASSISTED if game.assisted else 0) \
        | (_F_LOG_AUTOPLAY if game.log_autoplay else 0) | (_F_LOG_COMPLETE if log.complete else 0)
    buf[_AT_STATE] = game.state
    at = _AT_MOVES  # then _AT_UNDOS, _AT_SCORE, _AT_SERIAL
    for value in (game.moves, game.undos, game.score, serial):
        at = put(buf, at, min(value, 0xFFFFFF), 3)
    for i in range(MAX_CELLS):
        buf[_AT_CELL_CARDS + i] = t.cell_cards[i] if i < t.cells else NO_CARD
    for s in range(4):
        buf[_AT_PILES + s] = t.foundations[s]
    for c in range(MAX_COLUMNS):
        buf[_AT_HEIGHTS + c] = t.heights[c] if c < t.columns else 0
    at = _AT_CARDS
    for c in range(t.columns):
        for i in range(t.heights[c]):
            buf[at] = t.cards[c * COLUMN_CAP + i]
            at += 1
    for p in range(t.piles() if piled else 0):
        for i in range(t.foundations[p]):
            buf[at] = t.pile_card(p, i)
            at += 1
    put(buf, put(buf, at, steps, 2), done, 2)
    parts = [first]
    parts.extend(ring)  # the steps kept, oldest first: one piece, or two where the ring wraps
    tail = bytearray(_TAIL_BYTES)
    tail[_AT_SCHEME] = game.scoring
    put(tail, _AT_SECONDS, min(game.seconds, 0xFFFFFF), 3)
    put(tail, _AT_LOGGED, log.n, 2)
    parts.append(tail)
    parts.append(log.kept())
    parts.append(bytearray((_R_SIMPLE_RUNS if game.variant.simple_runs else 0,)))
    trailer = bytearray(TRAILER)
    put(trailer, 0, checksum_of(parts), 4)
    parts.append(trailer)
    return parts
