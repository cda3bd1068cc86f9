"""Loading a saved game (savefile.py's layout): the checks.

Everything a hand-made file could get wrong: 52 distinct cards,
columns no play can build, a state the cards contradict, counters below what
the history proves.  It then undoes the whole history on a scratch table (back
to the deal itself when the file says the history reaches it) and plays every
step forward again under the rules: each player move one the game would
accept, each autoplay step a safe card going home, each step of FINISH a card
that may go home; and every position on the way (each one an undo or a redo
can reach) within a column's room.  So a later undo or redo can neither fail
nor make a move the rules forbid, nor build a column past its 19 cards.
When the log holds every action since the deal, it is played again from the
deal (replay.py) on `game` itself, which the load overwrites anyway: the
position, the moves, the undos, the score and the ending must come out as
the file says, so a score the log contradicts never reaches the statistics.
(A log that is not complete cannot be checked so: its score is taken as
written.)  The referee is made with a 1-step ring and a 1-action log, and
the file's bytes are copied in without slices: a load allocates the file
and two small tables.
Imported only to load: the keeper lets go of this module after boot, so its
code takes no room on the board while the game is played.
"""

from .cards import NO_CARD
from .compat import const
from .game import Game, GAVE_UP, OK, PLAYING, WON, variant_class
from .history import GROUP_START, AUTO
from .movelog import SOLVER, check as check_entry
from .replay import play
from .scoring import SCHEMES
from .container import get, unwrap, version_of
from .savefile import GAME, GAME_VERSION
from .table import (CELL0, FOUND0, FOUNDATION, COLUMN_CAP, MAX_CELLS,
                    MAX_COLUMNS, Table, home_put)

# savefile.py's layout: copies, folded by the compiler (public names would
# cost the board's heap a dict entry each); test_structure checks each one
_AT_NUMBER = const(0)  # savefile._AT_NUMBER
_AT_VARIANT = const(5)  # savefile._AT_VARIANT
_AT_CELLS = const(6)  # savefile._AT_CELLS
_AT_FLAGS = const(7)  # savefile._AT_FLAGS
_AT_STATE = const(8)  # savefile._AT_STATE
_AT_MOVES = const(9)  # savefile._AT_MOVES
_AT_UNDOS = const(12)  # savefile._AT_UNDOS
_AT_SCORE = const(15)  # savefile._AT_SCORE
_AT_SERIAL = const(18)  # savefile._AT_SERIAL
_AT_CELL_CARDS = const(21)  # savefile._AT_CELL_CARDS
_AT_PILES = const(29)  # savefile._AT_PILES
_AT_HEIGHTS = const(33)  # savefile._AT_HEIGHTS
_AT_CARDS = const(43)  # savefile._AT_CARDS
_SHORTEST = const(54)  # savefile._SHORTEST
_F_AUTOPLAY = const(1)  # savefile._F_AUTOPLAY
_F_WHOLE_COLUMN = const(2)  # savefile._F_WHOLE_COLUMN
_F_FROM_DEAL = const(4)  # savefile._F_FROM_DEAL
_F_PROVED = const(8)  # savefile._F_PROVED
_F_TAKE_BACK = const(16)  # savefile._F_TAKE_BACK
_F_ASSISTED = const(32)  # savefile._F_ASSISTED
_F_LOG_AUTOPLAY = const(64)  # savefile._F_LOG_AUTOPLAY
_F_LOG_COMPLETE = const(128)  # savefile._F_LOG_COMPLETE
_AT_SCHEME = const(0)  # savefile._AT_SCHEME
_AT_SECONDS = const(1)  # savefile._AT_SECONDS
_AT_LOGGED = const(4)  # savefile._AT_LOGGED
_TAIL_BYTES = const(6)  # savefile._TAIL_BYTES
_RULES_BYTES = const(1)  # savefile._RULES_BYTES
_R_SIMPLE_RUNS = const(1)  # savefile._R_SIMPLE_RUNS


def decode_game(data, game):
    """Load a saved game into `game`.  Returns the game's serial, or an error
    message (a str) and leaves `game` as it was."""
    where = unwrap(data, GAME, GAME_VERSION)
    version = version_of(data)
    if isinstance(where, str) and version in (1, 2, 3):  # an earlier format
        where = unwrap(data, GAME, version)
        if not isinstance(where, str):  # loaded only here: once in a board's life
            from .savefile_old import upgrade

            data = upgrade(data, where[0], where[1], version)
            if isinstance(data, str):
                return data
            where = (0, len(data))
    if isinstance(where, str):
        return where
    at, n = where
    end = at + n
    if n < _SHORTEST:
        return "the game record is too short"
    hi = get(data, at + _AT_NUMBER, 3)
    lo = get(data, at + _AT_NUMBER + 3, 2)
    rules = variant_class(data[at + _AT_VARIANT])
    cells = data[at + _AT_CELLS]
    flags = data[at + _AT_FLAGS]
    state = data[at + _AT_STATE]
    moves = get(data, at + _AT_MOVES, 3)
    undos = get(data, at + _AT_UNDOS, 3)
    score = get(data, at + _AT_SCORE, 3)
    if rules is None:
        return "a game this version does not know (number %d)" % data[at + _AT_VARIANT]
    if hi > 0x1FFFF or (hi == 0 and lo == 0) or cells not in rules.CELL_CHOICES \
            or state > 2 or undos > moves:
        return "the game record has impossible values"
    variant = rules(cells)
    options = data[end - _RULES_BYTES]
    if options & ~_R_SIMPLE_RUNS:
        return "the game record has impossible values"
    variant.simple_runs = bool(options & _R_SIMPLE_RUNS)
    # a game of its own to judge the history by: the same rules, the deal
    referee = Game(autoplay=False, history=1, variant=variant, log=1)
    referee.number.hi = hi
    referee.number.lo = lo
    referee.allow_whole_column = bool(flags & _F_WHOLE_COLUMN)
    referee.take_back = bool(flags & _F_TAKE_BACK)
    scratch = Table(variant)
    table_end = _read_table(data, at, end, scratch)
    if isinstance(table_end, str):
        return table_end
    if (state == WON) != (scratch.cards_home() == 52):
        return "the game's state does not match the cards home"
    steps = get(data, table_end, 2)
    done = get(data, table_end + 2, 2)
    first_step = table_end + 4
    tail = first_step + 3 * steps  # the scheme, the seconds and the log
    if tail + _TAIL_BYTES > end or done > steps or steps > game.history.capacity:
        return "the undo history does not fit the record"
    logged = get(data, tail + _AT_LOGGED, 2)
    entries = tail + _TAIL_BYTES
    if entries + 2 * logged + _RULES_BYTES != end or logged > game.log.capacity:
        return "the game's log does not fit the record"
    scheme = data[tail + _AT_SCHEME]
    if scheme >= SCHEMES:
        return "the game record has impossible values"
    solver_moved = False
    for k in range(logged):
        entry = data[entries + 2 * k + 1] << 8 | data[entries + 2 * k]
        if not check_entry(entry):
            return "the game's log holds something that is not an action"
        solver_moved = solver_moved or entry & SOLVER
    problem = _check_history(data, first_step, steps, done, scratch, referee, flags & _F_FROM_DEAL)
    if problem:
        return problem
    actions = 0
    for k in range(done):
        if data[first_step + 3 * k] & GROUP_START:
            actions += 1
    if moves < actions:
        return "the game counts fewer moves than its history holds"
    referee = None
    if flags & _F_LOG_COMPLETE:
        _read_table(data, at, end, scratch)  # the history's check used it as room
        problem = _check_log(data, entries, logged, game, variant, hi, lo, flags, scheme,
                             scratch, (state, moves, undos, score), (first_step, steps, done))
        if problem:
            return problem
    # everything checked: now change the game
    game.number.hi = hi
    game.number.lo = lo
    game.set_variant(variant)
    game.autoplay = bool(flags & _F_AUTOPLAY)
    game.allow_whole_column = bool(flags & _F_WHOLE_COLUMN)
    game.proved = bool(flags & _F_PROVED)
    game.take_back = bool(flags & _F_TAKE_BACK)
    game.state = state
    game.moves = moves
    game.undos = undos
    game.score = score
    game.scoring = scheme
    game.seconds = get(data, tail + _AT_SECONDS, 3)
    game.assisted = bool(flags & _F_ASSISTED or solver_moved)  # the log proves it, if need be
    game.log_autoplay = bool(flags & _F_LOG_AUTOPLAY)
    game.log.load(data, entries, logged, bool(flags & _F_LOG_COMPLETE))
    _read_table(data, at, end, game.table)  # as checked: the same cards
    game.history.load(data, first_step, steps, done, bool(flags & _F_FROM_DEAL))
    game.error = 0
    return get(data, at + _AT_SERIAL, 3)


def _check_log(data, at, logged, game, variant, hi, lo, flags, scheme, table, claims, ring):
    """Play the log from the deal on `game`: None when it comes out at
    `table` with the claimed (state, moves, undos, score) and the undo
    history `ring` (where its steps are, how many, how many done) step for
    step, redoable ones included (a redo replays them: a step the log did
    not make would be a move nobody made), else what is wrong (and `game`
    is back at the start of the deal it had)."""
    was = (game.variant, game.number.hi, game.number.lo, game.autoplay, game.scoring,
           game.take_back, game.allow_whole_column)
    game.set_variant(variant)
    game.number.hi, game.number.lo = hi, lo
    game.autoplay = bool(flags & _F_LOG_AUTOPLAY)  # as it was at the deal
    game.take_back = bool(flags & _F_TAKE_BACK)
    game.allow_whole_column = bool(flags & _F_WHOLE_COLUMN)
    game.scoring = scheme
    game.assisted = False
    game.restart()
    problem = None
    for k in range(logged):
        if play(game, data[at + 2 * k] | data[at + 2 * k + 1] << 8):
            problem = "the game's log does not replay under the rules"
            break
    if problem is None:
        if claims[0] == GAVE_UP:
            game.give_up()
        if (game.state, game.moves, game.undos, game.score) != claims \
                or not _same(game.table, table):
            problem = "the game's counters or score do not match its log"
        elif not _same_ring(game.history, data, ring):
            problem = "the undo history does not match the game's log"
    if problem:  # back to the start of the deal it had
        game.set_variant(was[0])
        game.number.hi, game.number.lo = was[1], was[2]
        game.autoplay, game.scoring, game.take_back, game.allow_whole_column = was[3:]
        game.assisted = False
        game.restart()
    return problem


def _same_ring(h, data, ring):
    first_step, steps, done = ring
    if h.end - h.first != steps or h.head - h.first != done:
        return False
    for k in range(steps):
        j = ((h.first + k) % h.capacity) * 3
        for b in range(3):
            if h.steps[j + b] != data[first_step + 3 * k + b]:
                return False
    return True


def _read_table(data, record, end, t):
    """Fill table t (its shape set) from the record that starts at
    data[record]; returns where the record goes on after the table, or an
    error message."""
    seen = bytearray(52)
    t.clear()
    piled = not t.counts_spell_piles()
    for p in range(4):
        home = data[record + _AT_PILES + p]
        if home > 52 // t.piles() or (home and p >= t.piles()):
            return "a foundation holds more cards than it can"
        if not piled:
            t.pile_up(p, home)
            for r in range(home):
                seen[r * 4 + p] += 1
    homes = record + _AT_PILES
    for i in range(MAX_CELLS):
        card = data[record + _AT_CELL_CARDS + i]
        if card != NO_CARD and (card > 51 or i >= t.cells):
            return "a free cell holds something that is not a card"
        t.cell_cards[i] = card
        if card != NO_CARD:
            seen[card] += 1
    heights = record + _AT_HEIGHTS
    at = record + _AT_CARDS
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
    for p in range(t.piles() if piled else 0):  # HalfCell: the piles' cards
        for i in range(data[homes + p]):
            card = data[at] if at < end else NO_CARD
            if not t.takes(p, card):
                return "a foundation pile is not built by the rules"
            home_put(t.foundations, p, card)
            seen[card] += 1
            at += 1
    for card in range(52):
        if seen[card] != 1:
            return "the table does not hold each of the 52 cards once"
    return at


def _valid_step(src, dst, count, t):
    for loc in (src, dst):
        if loc >= FOUNDATION or (CELL0 + t.cells <= loc < FOUND0) \
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
    for c in range(back.columns):  # where undoing every step leads
        if not _in_room(back, c):
            return "the undo history builds a column past its room"
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
        if data[j + 1] < CELL0 and not _in_room(back, data[j + 1]):
            return "the undo history builds a column past its room"
    return None


def _in_room(t, c):
    """_read_table's rule for column c of t: height + the top card's rank
    within a column's room, so the cards that may still go on it fit."""
    h = t.heights[c]
    return not h or h + (t.cards[c * COLUMN_CAP + h - 1] >> 2) <= COLUMN_CAP


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
    if a.heights != b.heights or a.cell_cards != b.cell_cards or a.foundations != b.foundations:
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
        if count != 1 or dst < FOUND0 or not t.takes(dst - FOUND0, card):
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
    if dst >= FOUND0 and not t.takes(dst - FOUND0, t.top(src)):
        return False  # only a card the pile takes goes home
    if src >= FOUND0 and t.foundations[src - FOUND0] == 0:
        return False
    t.transfer(src, dst, count)
    return True

