"""Saved data as bytes: one container for every file, and the game's layout.

Container (every saved file):
    0   2   b"FC"
    2   1   kind: b"G" game, b"S" statistics, b"O" options (settings)
    3   1   format version of that kind
    4   2   payload length n (big-endian)
    6   n   payload
    6+n 4   Fletcher-32 of bytes 0 .. 6+n-1 (big-endian)
A truncated, altered or foreign file fails the length, the checksum or the
kind/version check; read() says which, in words.

Game payload, version 2 (43 + cards on the columns + 4 + 3 per history step
bytes: 99 for a fresh deal, at most 1,179 with a full 360-step undo ring; the
file adds 10):
    0   3   deal number, high part (N = hi * 65536 + lo)
    3   2   deal number, low part
    5   1   the game: its variant's id (variants.py)
    6   1   free cells (1-8)
    7   1   autoplay 1 | allow_whole_column 2 | history from the deal 4
            (undoing every step gives the deal)
    8   1   state: 0 playing, 1 won, 2 given up
    9   3   moves
    12  3   undos
    15  3   score
    18  3   serial: which of the player's games this is (for the statistics)
    21  8   the eight cell slots: a card 0-51, or 255 when empty
    29  4   cards home per suit (clubs, diamonds, hearts, spades)
    33  10  cards in each column
    43  n   the columns' cards, column by column, bottom card first
    43+n 2  history steps kept (S), then 2: how many of them are done (H)
    47+n 3S the steps, oldest first (history.py's 3-byte layout)
Version 1 (FreeCell only: 4 cells, 8 columns, foundations at locations 14-17)
is still read: it is rewritten as version 2 and checked like one.
Loading checks everything a hand-made file could get wrong: 52 distinct cards,
columns no play can build, a state the cards contradict, counters below what
the history proves.  It then undoes the whole history on a scratch table (back
to the deal itself when the file says the history reaches it) and plays every
step forward again under the rules: each player move one the game would
accept, each autoplay step a safe card going home, each step of FINISH a card
that may go home.  So a later undo or redo can neither fail nor make a move
the rules forbid.
"""

from .cards import NO_CARD
from .game import Game, OK, PLAYING, WON
from .history import GROUP_START, AUTO
from .table import CELL0, FOUND0, FOUNDATION, COLUMN_CAP, MAX_CELLS, MAX_COLUMNS, Table
from .variants import by_id

GAME = b"G"
GAME_VERSION = 2
HEADER = 6
TRAILER = 4


def checksum(data, n):
    """Fletcher-32 over data[0:n], in small ints only."""
    a = b = 0
    for i in range(n):
        a = (a + data[i]) % 65535
        b = (b + a) % 65535
    return (b << 16) | a


def put(buf, at, value, size):
    """Write value big-endian in `size` bytes; returns the next offset."""
    for i in range(size - 1, -1, -1):
        buf[at + i] = value & 0xFF
        value >>= 8
    return at + size


def get(buf, at, size):
    value = 0
    for i in range(size):
        value = (value << 8) | buf[at + i]
    return value


def wrap(kind, version, payload, n):
    """The container around payload[0:n], as a new bytearray."""
    out = bytearray(HEADER + n + TRAILER)
    out[0] = 70  # F
    out[1] = 67  # C
    out[2] = kind[0]
    out[3] = version
    put(out, 4, n, 2)
    out[HEADER : HEADER + n] = payload[:n]
    put(out, HEADER + n, checksum(out, HEADER + n), 4)
    return out


def unwrap(data, kind, version):
    """-> (payload offset, length) or an error message (a str)."""
    if len(data) < HEADER + TRAILER or data[0] != 70 or data[1] != 67:
        return "not a save file"
    if data[2] != kind[0]:
        return "a save file of another kind"
    n = get(data, 4, 2)
    if len(data) != HEADER + n + TRAILER:
        return "the file is cut short" if len(data) < HEADER + n + TRAILER else "extra bytes"
    if get(data, HEADER + n, 4) != checksum(data, HEADER + n):
        return "the checksum does not match"
    if data[3] != version:
        return "format version %d, this game reads %d" % (data[3], version)
    return (HEADER, n)


def encode_game(game, serial):
    """The game as a saved file (a new bytearray)."""
    t = game.table
    h = game.history
    steps = h.end - h.first
    cards = 0
    for c in range(t.columns):
        cards += t.heights[c]
    buf = bytearray(47 + cards + 3 * steps)
    at = put(buf, 0, game.number.hi, 3)
    at = put(buf, at, game.number.lo, 2)
    buf[5] = game.variant.id
    buf[6] = t.cells_count
    buf[7] = (1 if game.autoplay else 0) | (2 if game.allow_whole_column else 0) \
        | (4 if h.from_deal else 0)
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
    at = put(buf, at, steps, 2)
    at = put(buf, at, h.head - h.first, 2)
    for k in range(h.first, h.end):
        j = (k % h.capacity) * 3
        buf[at] = h.steps[j]
        buf[at + 1] = h.steps[j + 1]
        buf[at + 2] = h.steps[j + 2]
        at += 3
    return wrap(GAME, GAME_VERSION, buf, at)


def decode_game(data, game):
    """Load a saved game into `game`.  Returns the game's serial, or an error
    message (a str) and leaves `game` as it was."""
    where = unwrap(data, GAME, GAME_VERSION)
    if isinstance(where, str) and data[3:4] == b"\x01":  # the first format
        where = unwrap(data, GAME, 1)
        if not isinstance(where, str):  # loaded only here: once in a board's life
            from .savefile_v1 import from_version_1

            data = from_version_1(data, where[0], where[1])
            if isinstance(data, str):
                return data
            where = (0, len(data))
    if isinstance(where, str):
        return where
    at, n = where
    end = at + n
    if n < 47:
        return "the game record is too short"
    hi = get(data, at, 3)
    lo = get(data, at + 3, 2)
    kind = by_id(data[at + 5])
    cells = data[at + 6]
    flags = data[at + 7]
    state = data[at + 8]
    moves = get(data, at + 9, 3)
    undos = get(data, at + 12, 3)
    if kind is None:
        return "a game this version does not know (number %d)" % data[at + 5]
    if hi > 0x1FFFF or (hi == 0 and lo == 0) or cells not in kind.CELL_CHOICES \
            or state > 2 or flags & 0xF8 or undos > moves:
        return "the game record has impossible values"
    variant = kind(cells)
    # a game of its own to judge the history by: the same rules, the deal
    referee = Game(autoplay=False, history=1, variant=variant)
    referee.number.hi = hi
    referee.number.lo = lo
    referee.allow_whole_column = bool(flags & 2)
    scratch = Table(variant.columns, cells)
    problem = _read_table(data, at + 21, end, scratch)
    if problem:
        return problem
    if (state == WON) != (scratch.cards_home() == 52):
        return "the game's state does not match the cards home"
    table_end = at + 43
    for c in range(variant.columns):
        table_end += scratch.heights[c]
    steps = get(data, table_end, 2)
    done = get(data, table_end + 2, 2)
    first_step = table_end + 4
    if first_step + 3 * steps != end or done > steps or steps > game.history.capacity:
        return "the undo history does not fit the record"
    problem = _check_history(data, first_step, steps, done, scratch, referee, flags & 4)
    if problem:
        return problem
    actions = 0
    for k in range(done):
        if data[first_step + 3 * k] & GROUP_START:
            actions += 1
    if moves < actions:
        return "the game counts fewer moves than its history holds"
    # everything checked: now change the game
    game.number.hi = hi
    game.number.lo = lo
    game.set_variant(variant)
    game.autoplay = bool(flags & 1)
    game.allow_whole_column = bool(flags & 2)
    game.state = state
    game.moves = moves
    game.undos = undos
    game.score = get(data, at + 15, 3)
    _read_table(data, at + 21, end, game.table)
    h = game.history
    h.clear()
    for k in range(steps):
        j = first_step + 3 * k
        h.steps[3 * k] = data[j]
        h.steps[3 * k + 1] = data[j + 1]
        h.steps[3 * k + 2] = data[j + 2]
    h.head = done
    h.end = steps
    h.from_deal = bool(flags & 4)
    game.error = 0
    return get(data, at + 18, 3)


def _read_table(data, at, end, t):
    """Fill table t (its shape set) from the record; returns an error message or None."""
    seen = bytearray(52)
    t.clear()
    for s in range(4):
        home = data[at + 8 + s]
        if home > 13:
            return "a foundation holds more than 13 cards"
        t.foundations[s] = home
        for r in range(home):
            seen[r * 4 + s] += 1
    for i in range(MAX_CELLS):
        card = data[at + i]
        if card != NO_CARD and (card > 51 or i >= t.cells_count):
            return "a free cell holds something that is not a card"
        t.cells[i] = card
        if card != NO_CARD:
            seen[card] += 1
    heights = at + 12
    at += 22
    for c in range(MAX_COLUMNS):
        height = data[heights + c]
        if height > COLUMN_CAP or at + height > end or (height and c >= t.columns):
            return "a column is longer than any column can be"
        for i in range(height):
            card = data[at + i]
            if card > 51:
                return "a column holds something that is not a card"
            t.cards[c * COLUMN_CAP + i] = card
            seen[card] += 1
        # no play builds more: 7 dealt cards, then a run from a queen down
        # onto them, whose top is this card; cards of lower rank can still
        # go on it, so height + its rank stays within a column's room
        if height and height + (data[at + height - 1] >> 2) > COLUMN_CAP:
            return "a column is longer than any column can be"
        t.heights[c] = height
        at += height
    for card in range(52):
        if seen[card] != 1:
            return "the table does not hold each of the 52 cards once"
    return None


def _valid_step(src, dst, count, t):
    for loc in (src, dst):
        if loc >= FOUNDATION or (CELL0 + t.cells_count <= loc < FOUND0) \
                or (t.columns <= loc < CELL0):
            return False
    return src != dst and 1 <= count <= COLUMN_CAP and not (dst >= CELL0 and count != 1) \
        and not (src >= CELL0 and count != 1)


def _check_history(data, first_step, steps, done, table, referee, from_deal):
    """Undo every done step on a copy of the table, down to where the history
    starts (the deal, when from_deal), then play every step forward under the
    rules.  Returns an error message or None."""
    back = referee.table
    back.copy_from(table)
    for k in range(done - 1, -1, -1):  # undo, newest first
        j = first_step + 3 * k
        if not _transfer_ok(back, data[j + 1], data[j] & 0x3F, data[j + 2], data[j] & 0xC0):
            return "the undo history does not match the table"
    if steps and not data[first_step] & GROUP_START:
        return "the undo history starts in the middle of a move"
    if from_deal and not _is_start(referee, table):
        return "the undo history does not lead back to the deal"
    home = False  # in a FINISH: each of its steps sends a card home
    for k in range(steps):
        j = first_step + 3 * k
        flags = data[j] & 0xC0
        if flags & GROUP_START:
            home = data[j + 1] >= FOUND0 and not flags & AUTO
        src = data[j] & 0x3F
        if not _valid_step(src, data[j + 1], data[j + 2], table):
            return "the undo history does not match the table"
        if not _rules_allow(referee, src, data[j + 1], data[j + 2], flags, home):
            return "the undo history holds a move the rules forbid"
    return None


def _is_start(referee, scratch):
    """Is referee's table (where undoing led) the deal's first position, as
    laid out or after the deal's own autoplay?  Uses scratch as room."""
    scratch.copy_from(referee.table)
    referee.restart()
    if _same(referee.table, scratch):
        return True
    referee._autoplay()
    same = _same(referee.table, scratch)
    referee.table.copy_from(scratch)
    return same


def _same(a, b):
    if a.heights != b.heights or a.cells != b.cells or a.foundations != b.foundations:
        return False
    for c in range(a.columns):
        base = c * COLUMN_CAP
        for i in range(a.heights[c]):
            if a.cards[base + i] != b.cards[base + i]:
                return False
    return True


def _rules_allow(g, src, dst, count, flags, finishing):
    """Play one step on referee g's table if the rules allow it."""
    t = g.table
    g.state = PLAYING
    card = t.top(src) if src < FOUND0 else NO_CARD
    if flags & AUTO or not flags & GROUP_START:
        # autoplay: a safe card home; FINISH: any card that may go home
        if count != 1 or card == NO_CARD or dst != FOUND0 + (card & 3) \
                or t.foundations[card & 3] != card >> 2:
            return False
        if flags & AUTO and not g.variant.is_safe(card, t.foundations):
            return False
        if not flags & AUTO and not finishing:
            return False
    elif g.check(src, dst, count) != OK or g._dst != dst or g._count != count:
        return False
    t.transfer(src, dst, count)
    return True


def _transfer_ok(t, src, dst, count, flags):
    if flags & ~(GROUP_START | AUTO) or not _valid_step(src, dst, count, t):
        return False
    if t.size(src) < count or (CELL0 <= dst < FOUND0 and t.size(dst)):
        return False
    if dst < CELL0 and t.heights[dst] + count > COLUMN_CAP:
        return False
    if dst >= FOUND0 and (t.top(src) & 3 != dst - FOUND0
                          or t.top(src) >> 2 != t.foundations[dst - FOUND0]):
        return False  # only its suit's next card goes home
    if src >= FOUND0 and t.foundations[src - FOUND0] == 0:
        return False
    t.transfer(src, dst, count)
    return True

