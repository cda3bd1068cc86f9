"""Saved data as bytes: one container for every file, and the game's layout.

The container (kind, version, length, checksum) is container.py's.

Game payload, version 3 (43 + cards on the columns + 4 + 3 per history step
+ 6 + 2 per logged action bytes: 105 for a fresh deal, at most 1,185 + 800
with a full 360-step undo ring and a full 400-action log; the file adds 10):
    0   3   deal number, high part (N = hi * 65536 + lo)
    3   2   deal number, low part
    5   1   the game: its variant's id (variants.py)
    6   1   free cells (1-8)
    7   1   autoplay 1 | allow_whole_column 2 | history from the deal 4
            (undoing every step gives the deal) | the deal is proved
            winnable 8 | cards may be taken back from the foundations 16 |
            the solver made a move of it 32 | autoplay at the deal (the
            log's start) 64 | the log holds every action since the deal 128
    8   1   state: 0 playing, 1 won, 2 given up
    9   3   moves
    12  3   undos
    15  3   score (the points of the steps: scoring.py)
    18  3   serial: which of the player's games this is (for the statistics)
    21  8   the eight cell slots: a card 0-51, or 255 when empty
    29  4   cards on each foundation pile (by suit: clubs, diamonds, hearts,
            spades; HalfCell: its two piles, then two 0s)
    33  10  cards in each column
    43  n   the columns' cards, column by column, bottom card first
    43+n f  only in HalfCell (whose piles the counts do not spell): the
            piles' cards, pile by pile, bottom card first (f = cards home)
    43+n+f 2  history steps kept (S), then 2: how many of them are done (H)
    47+n+f 3S the steps, oldest first (history.py's 3-byte layout)
    then    1   the scoring scheme (scoring.py: 0 classic, 1 timed, 2 by moves)
            3   seconds of play
            2   actions logged (L), then 2L: the log (movelog.py), oldest first
Versions 1 (FreeCell only: 4 cells, 8 columns, foundations at locations
14-17) and 2 (no scheme, seconds or log) are still read: savefile_old.py
rewrites them as version 3, checked like one.
Loading is loadgame.py's decode_game (imported where a file is loaded: on
a board only at boot, and let go of after): it checks everything a hand-made
file could get wrong.  This module does not import it: the two import in
one direction only.
"""

from .cards import NO_CARD
from .container import HEADER, TRAILER, checksum_of, head, join, put
from .table import ALTERNATE, COLUMN_CAP, MAX_CELLS, MAX_COLUMNS

GAME = b"G"
GAME_VERSION = 3


def game_bytes(history, log):
    """The largest game file a board whose undo ring holds `history` steps
    and whose log holds `log` actions can write (the layout above: all 52
    cards on the columns or, in HalfCell, on the piles): 1,995 bytes with
    the default 360 and 400.  A larger file in its place is no save."""
    return HEADER + 53 + 52 + 3 * history + 2 * log + TRAILER


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
    h = game.history
    steps = h.end - h.first
    cards = 0
    for c in range(t.columns):
        cards += t.heights[c]
    piled = game.variant.home_rule == ALTERNATE
    if piled:
        cards += t.cards_home()
    log = game.log
    n = 53 + cards + 3 * steps + 2 * log.n
    first = head(bytearray(HEADER + 47 + cards), GAME, GAME_VERSION, n)  # to the steps
    buf = memoryview(first)[HEADER:]
    at = put(buf, 0, game.number.hi, 3)
    at = put(buf, at, game.number.lo, 2)
    buf[5] = game.variant.id
    buf[6] = t.cells_count
    buf[7] = (1 if game.autoplay else 0) | (2 if game.allow_whole_column else 0) \
        | (4 if h.from_deal else 0) | (8 if game.proved else 0) \
        | (16 if game.take_back else 0) | (32 if game.assisted else 0) \
        | (64 if game.log_autoplay else 0) | (128 if log.complete else 0)
    buf[8] = game.state
    at = 9
    for value in (game.moves, game.undos, game.score, serial):
        at = put(buf, at, min(value, 0xFFFFFF), 3)
    for i in range(MAX_CELLS):
        buf[21 + i] = t.cells[i] if i < t.cells_count else NO_CARD
    for s in range(4):
        buf[29 + s] = t.foundations[s]
    for c in range(MAX_COLUMNS):
        buf[33 + c] = t.heights[c] if c < t.columns else 0
    at = 43
    for c in range(t.columns):
        for i in range(t.heights[c]):
            buf[at] = t.cards[c * COLUMN_CAP + i]
            at += 1
    for p in range(t.piles() if piled else 0):
        for i in range(t.foundations[p]):
            buf[at] = t.pile_card(p, i)
            at += 1
    at = put(buf, at, steps, 2)
    put(buf, at, h.head - h.first, 2)
    parts = [first]
    ring = memoryview(h.steps)
    start = (h.first % h.capacity) * 3
    stop = start + 3 * steps
    if stop <= len(ring):  # the steps kept, oldest first: one piece, or two where the ring wraps
        parts.append(ring[start:stop])
    else:
        parts.append(ring[start:])
        parts.append(ring[:stop - len(ring)])
    tail = bytearray(6)
    tail[0] = game.scoring
    put(tail, 1, min(game.seconds, 0xFFFFFF), 3)
    put(tail, 4, log.n, 2)
    parts.append(tail)
    parts.append(memoryview(log.entries)[:2 * log.n])
    trailer = bytearray(TRAILER)
    put(trailer, 0, checksum_of(parts), 4)
    parts.append(trailer)
    return parts
