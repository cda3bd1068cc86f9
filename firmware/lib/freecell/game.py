"""One game (of FreeCell or a variant): moves, autoplay, finish, give up,
undo/redo, score.

Everything is allocated in __init__ (table, history, scratch buffers); a move,
its autoplay, an undo and a redo allocate nothing.  A refused move changes
nothing and leaves a reason code in `error` (reasons.py's E_ codes, with
details in `need`, `fit`, `card`, `onto`); `reason()` turns it into words for
the player, and only that allocates (a string, when a message is shown).

Scoring: one of scoring.py's schemes (classic, timed, by moves), which says
what each step is worth; `score` holds the points of the steps so far and
final_score() the scheme's total.  Moves count every player action: each
move, each undo, each redo, each card finish plays.  Every action is also
written to `log` (movelog.py), marked when the solver made it, so a result
can be checked by replaying it; `assisted` says the solver played part of
this deal.
"""

import sys

# the heap collected after each module that loads (compat.loaded() says why)
from .compat import const, loaded
from .deal import DealNumber
loaded()
from .history import History
loaded()
from .movelog import MoveLog, CAPACITY, pack, src_of, dst_of, count_of
loaded()
from .scoring import step_points, undo_points, final_score, win_bonus
loaded()
from .table import Table, first_pile, home_put
loaded()
from .rules import FreeCell
loaded()

# other modules' numbers, copied so that the compiler folds them (an imported
# name is a look-up at run time and an entry in this module's globals)
_NO_CARD = const(255)  # cards.NO_CARD
_GROUP_START = const(0x80)  # history.GROUP_START
_AUTO = const(0x40)  # history.AUTO
_SOLVER = const(0x8000)  # movelog.SOLVER
_UNDO = const(31)  # movelog.UNDO
_REDO = const(63)  # movelog.REDO
_FINISH = const(95)  # movelog.FINISH
_AUTOPLAY_ON = const(127)  # movelog.AUTOPLAY_ON
_AUTOPLAY_OFF = const(159)  # movelog.AUTOPLAY_OFF
_HELPED = const(191)  # movelog.HELPED
_CLASSIC = const(0)  # scoring.CLASSIC
_CELL0 = const(10)  # table.CELL0
_FOUND0 = const(18)  # table.FOUND0
_FOUNDATION = const(22)  # table.FOUNDATION
_MAX_COLUMNS = const(10)  # table.MAX_COLUMNS
_HOME_BYTES = const(112)  # table.HOME_BYTES
_LOCATIONS = const(23)  # table.LOCATIONS
_COLUMN_CAP = const(19)  # table.COLUMN_CAP

PLAYING = const(0)
WON = const(1)
GAVE_UP = const(2)

OK = const(0)
_E_NOWHERE = const(1)  # reasons.E_NOWHERE
_E_SAME = const(2)  # reasons.E_SAME
_E_EMPTY = const(3)  # reasons.E_EMPTY
_E_FROM_FOUNDATION = const(4)  # reasons.E_FROM_FOUNDATION
_E_FOUNDATION = const(5)  # reasons.E_FOUNDATION
_E_CELL_TAKEN = const(6)  # reasons.E_CELL_TAKEN
_E_ONE_CARD = const(7)  # reasons.E_ONE_CARD
_E_NO_FIT = const(8)  # reasons.E_NO_FIT
_E_ROOM = const(9)  # reasons.E_ROOM
_E_NOT_RUN = const(10)  # reasons.E_NOT_RUN
_E_WHOLE_COLUMN = const(11)  # reasons.E_WHOLE_COLUMN
_E_COUNT = const(12)  # reasons.E_COUNT
_E_OVER = const(13)  # reasons.E_OVER
_E_NO_UNDO = const(14)  # reasons.E_NO_UNDO
_E_NO_REDO = const(15)  # reasons.E_NO_REDO
_E_NO_FINISH = const(16)  # reasons.E_NO_FINISH
_E_EMPTY_COLUMN = const(17)  # reasons.E_EMPTY_COLUMN
_E_HOME_TO_HOME = const(18)  # reasons.E_HOME_TO_HOME

# A refusal's words (reasons.py, 1 KB) stay loaded where the heap is plenty
# (MicroPython on a Pico or a Thumby, 220 KB free here: a refusal then says
# its words, and its buzz sounds, at once); elsewhere (an ESP32's heap, where
# the solver's table is at stake; CircuitPython's Pico, 144 KB free here but
# 40 KB once booted) they are loaded for each refusal and let go of after
# (about 30 ms on a Pico)
try:
    import gc

    _WORDS_KEPT = gc.mem_free() >= 160 * 1024
except AttributeError:  # CPython: plenty
    _WORDS_KEPT = True
if _WORDS_KEPT:
    from . import reasons  # noqa: F401  (kept in sys.modules)


def variant_class(number):
    """The variant class whose id is `number` (saves and statistics keep
    it), or None: variants.by_id(), without loading the other games for
    FreeCell."""
    if number == 0:
        return FreeCell
    from .variants import by_id

    return by_id(number)


class Game:
    def __init__(self, cells=4, autoplay=True, history=360, variant=None, log=CAPACITY):
        # the biggest buffers first, while the heap is least fragmented
        self.history = History(history)
        self.log = MoveLog(log)
        self.variant = variant or FreeCell(cells)
        self.table = Table(self.variant)
        self.number = DealNumber()
        self.autoplay = autoplay
        # replaying a solver's transcript: accept a whole column moved into an
        # empty one (a no-op a player is refused)
        self.allow_whole_column = False
        # the deal is known to be winnable (in this game, with these cells):
        # set by whoever knows, the app's list of FreeCell's unwinnable deals
        # or a win the solver found; saved with the game
        self.proved = False
        # the optional rule: a foundation's top card may come back to a
        # column or a free cell (off by default; saved with the game)
        self.take_back = False
        self.scoring = _CLASSIC  # scoring.py's scheme (saved with the game)
        self.seconds = 0  # of play, counted by the app (the timed score's clock)
        self.actor = 0  # movelog.SOLVER while the solver makes the moves
        self.assisted = False  # the solver made a move of this deal
        self._order = bytearray(52)
        self._heights = bytearray(_MAX_COLUMNS)  # finish's scratch
        self._home = bytearray(_HOME_BYTES)  # finish's scratch foundations
        self._count = 0  # the count check() settled on
        self._dst = 0  # the target check() settled on
        self.error = OK
        self.need = self.fit = 0
        self.card = self.onto = _NO_CARD
        self.deal(1)

    # -- starting --------------------------------------------------------

    def deal(self, number):
        """Start deal `number` (an int, or decimal text).  Returns an error
        message and changes nothing when the number is not a deal."""
        if isinstance(number, str):
            problem = self.number.parse(number)
        else:
            problem = self.number.set(number)
        if problem:
            return problem
        self.proved = False
        self.assisted = False
        self.restart()
        return None

    def set_variant(self, variant):
        """Play the next deal (or a loaded game) of `variant` (an object of
        variants.py, with its free cells).  Allocates nothing."""
        self.variant = variant
        self.table.take_shape(variant)

    def restart(self):
        """The same deal again from the start, counters cleared."""
        self.number.shuffle(self._order)
        self.table.lay_out(self._order, self.variant.dealt_cells)
        self.history.clear()
        self.moves = 0
        self.undos = 0
        self.score = 0
        self.seconds = 0
        self.state = PLAYING
        self.error = OK
        self.log.clear()
        if self.assisted:  # the deal stays helped: the log says so first
            self.log.add(_SOLVER | _HELPED)
        self.log_autoplay = self.autoplay  # what a replay of the log starts with
        if self.autoplay:
            self._autoplay()
            self.history.clear()  # cards sent home by the deal are no one's move

    # -- queries ---------------------------------------------------------

    def run_length(self, location):
        """How many cards at the top of `location` form a movable run."""
        t = self.table
        if location >= _CELL0:
            if location >= _FOUND0 and not self.take_back:
                return 0
            return 1 if t.top(location) != _NO_CARD else 0
        h = t.heights[location]
        if h == 0:
            return 0
        n = 1
        while n < h and self.variant.stacks_on(t.card(location, n - 1), t.card(location, n)):
            n += 1
        return n

    def supermove_limit(self, to_empty=False):
        """The longest run that may move now: onto a non-empty column, or (to_empty)
        onto an empty column, which then does not count as free space."""
        empty = self.table.empty_columns()
        if to_empty:
            empty = max(0, empty - 1)
        return self.variant.supermove_limit(self.table.free_cells(), empty)

    def is_won(self):
        return self.state == WON

    def is_over(self):
        return self.state != PLAYING

    def cards_home(self):
        return self.table.cards_home()

    def win_bonus(self):
        return win_bonus(self.scoring, self.moves) if self.state == WON else 0

    def final_score(self):
        """The score as the scheme counts it (classic's win bonus, the timed
        score's seconds)."""
        return final_score(self.scoring, self.score, self.state == WON, self.moves,
                           self.seconds)

    def legal_targets(self, src, count=0):
        """Bitmask of locations (bit n = location n) a move of `count` cards
        from src (0: the default, as move() takes it) may go to; an empty
        column counts when at least one card may go there."""
        mask = 0
        for dst in range(_LOCATIONS):
            if self._is_location(dst) and dst != _FOUNDATION and self.check(src, dst, count) == OK:
                mask |= 1 << dst
        self.error = OK
        return mask

    def has_move(self):
        """Is any move at all possible (a lost position has none)?"""
        last = _FOUND0 + self.table.piles() if self.take_back else _CELL0 + self.variant.cells
        for src in range(last):
            if self._is_location(src) and self.table.top(src) != _NO_CARD \
                    and self.legal_targets(src):
                return True
        return False

    def best_target(self, src, count=0, mask=-1, near=-1):
        """The most useful place for the top of src (of the legal ones, or of
        those in `mask`): its foundation, else the nearest column with cards
        that takes it, else the nearest empty column, else a free cell; -1 if
        none.  Never the place the same cards just came from (the quick
        action must not undo itself).  Nearest: to src's column, or for a
        card in a cell to column `near` (the one under it on the screen,
        which the app knows; else the first)."""
        mask &= self.legal_targets(src, count)
        back = self.came_from(src)
        if back >= 0:
            mask &= ~(1 << back)
        if _CELL0 <= src < _FOUND0:  # from a free cell to another one changes nothing
            mask &= ~(((1 << self.variant.cells) - 1) << _CELL0)
        if not mask:
            return -1
        for dst in range(_FOUND0, _FOUND0 + self.table.piles()):
            if mask & (1 << dst):
                return dst
        best = -1
        if near < 0:
            near = src if src < _CELL0 else 0
        for dst in range(self.variant.columns):
            if mask & (1 << dst) and (best < 0 or self._nearer(dst, best, near)):
                best = dst
        if best >= 0:
            return best
        for dst in range(_CELL0, _CELL0 + self.variant.cells):
            if mask & (1 << dst):
                return dst
        return -1

    def _nearer(self, a, b, near):
        """Is column a a better target than column b: one with cards before
        an empty one, then the nearer to column `near` (the left one of two
        as near)."""
        h = self.table.heights
        if (h[a] == 0) != (h[b] == 0):
            return h[a] != 0
        da = a - near if a > near else near - a
        db = b - near if b > near else near - b
        return da < db

    def came_from(self, location):
        """Where the last player move took the cards now on top of `location`
        from, if that move put them there; else -1 (quick's "do not undo")."""
        h = self.history
        n = h.head - 1
        while n >= h.first and not h.flags(n) & _GROUP_START:
            n -= 1
        if n < h.first or h.dst(n) != location:
            return -1
        return h.src(n)

    def most_to_empty(self, src):
        """The most cards of src's run that may go to an empty column now."""
        n = min(self.run_length(src), self.supermove_limit(True))
        if src < _CELL0 and n == self.table.heights[src] and not self.allow_whole_column:
            n -= 1
        return n

    def can_finish(self):
        """Can every card left reach the foundations by foundation moves alone?
        (Each card to the first pile that takes it, as finish() plays them.)"""
        if self.state != PLAYING:
            return False
        t = self.table
        home = self._home
        for c in range(t.columns):
            self._heights[c] = t.heights[c]
        home[:] = t.foundations
        gone = 0  # the cells whose card went home, a bit each
        placed = True
        while placed:
            placed = False
            for c in range(t.columns):
                h = self._heights[c]
                while h:
                    card = t.cards[c * _COLUMN_CAP + h - 1]
                    p = first_pile(home, card)
                    if p < 0:
                        break
                    home_put(home, p, card)
                    h -= 1
                    placed = True
                self._heights[c] = h
            for i in range(t.cells):
                card = t.cell_cards[i]
                if card != _NO_CARD and not gone >> i & 1:
                    p = first_pile(home, card)
                    if p >= 0:
                        home_put(home, p, card)
                        gone |= 1 << i
                        placed = True
        return home[0] + home[1] + home[2] + home[3] == 52

    # -- checking a move ---------------------------------------------------

    def _is_location(self, loc):
        if loc < 0:
            return False
        if loc < _CELL0:
            return loc < self.variant.columns
        if loc < _FOUND0:
            return loc - _CELL0 < self.variant.cells
        return loc == _FOUNDATION or loc < _FOUND0 + self.table.piles()

    def _refuse(self, code, need=0, fit=0):
        self.error = code
        self.need = need
        self.fit = fit
        return code

    def check(self, src, dst, count):
        """Is moving `count` cards (0: the default) from src to dst legal?
        Returns OK or an error code; on OK, _count and _dst hold the settled
        count and target."""
        t = self.table
        self.card = self.onto = _NO_CARD
        if self.state != PLAYING:
            return self._refuse(_E_OVER)
        if not (self._is_location(src) and self._is_location(dst)) or src == _FOUNDATION:
            return self._refuse(_E_NOWHERE)
        self.card = card = t.top(src)
        if src >= _FOUND0 and not self.take_back:
            return self._refuse(_E_FROM_FOUNDATION)
        if card == _NO_CARD:
            return self._refuse(_E_EMPTY)
        if src == dst:
            return self._refuse(_E_SAME)
        if dst >= _FOUND0:
            if src >= _FOUND0:
                return self._refuse(_E_HOME_TO_HOME)
            return self._check_foundation(card, dst, count)
        if dst >= _CELL0:
            if count > 1:
                return self._refuse(_E_ONE_CARD)
            if t.cell_cards[dst - _CELL0] != _NO_CARD:
                self.onto = t.cell_cards[dst - _CELL0]
                return self._refuse(_E_CELL_TAKEN)
            self._count = 1
            self._dst = dst
            return OK
        if t.heights[dst]:
            return self._check_onto_cards(src, dst, count)
        return self._check_onto_empty(src, dst, count)

    def _check_foundation(self, card, dst, count):
        if count > 1:
            return self._refuse(_E_ONE_CARD)
        if dst == _FOUNDATION:
            dst = _FOUND0 + self.table.pile_for(card)
        if dst < _FOUND0 or not self.table.takes(dst - _FOUND0, card):
            return self._refuse(_E_FOUNDATION)
        self._count = 1
        self._dst = dst
        return OK

    def _check_onto_cards(self, src, dst, count):
        onto = self.table.top(dst)
        self.onto = onto
        run = self.run_length(src)
        need = 0
        for k in range(run):
            c = self.card if src >= _CELL0 else self.table.card(src, k)
            if self.variant.stacks_on(c, onto):
                need = k + 1
                self.card = c
                break
        if need == 0:
            return self._refuse(_E_NO_FIT)
        if count and count != need:
            return self._refuse(_E_COUNT, count, need)
        limit = self.supermove_limit(False)
        if need > limit:
            return self._refuse(_E_ROOM, need, limit)
        self._count = need
        self._dst = dst
        return OK

    def _check_onto_empty(self, src, dst, count):
        count = count or 1
        run = self.run_length(src)
        if count > run:
            return self._refuse(_E_NOT_RUN, count, run)
        if src < _CELL0:
            self.card = self.table.card(src, count - 1)
        if not self.variant.empty_column_takes(self.card):
            return self._refuse(_E_EMPTY_COLUMN)
        limit = self.supermove_limit(True)
        if count > limit:
            return self._refuse(_E_ROOM, count, limit)
        if src < _CELL0 and count == self.table.heights[src] and not self.allow_whole_column:
            return self._refuse(_E_WHOLE_COLUMN)
        self._count = count
        self._dst = dst
        return OK

    def reason(self):
        """The last refusal in a player's words ('' when there was none):
        reasons.py's (kept loaded where memory is plenty, else loaded for
        the refusal and let go of after: _WORDS_KEPT)."""
        from . import reasons

        words = reasons.words(self)
        if not _WORDS_KEPT:  # its code can go now: no name keeps it
            sys.modules.pop("freecell.reasons", None)
            package = sys.modules.get("freecell")
            if package is not None and hasattr(package, "reasons"):
                delattr(package, "reasons")
        return words

    # -- playing -----------------------------------------------------------

    def move(self, src, dst, count=0):
        """Play a move (count 0: the forced count onto cards, one card onto an
        empty column).  Returns OK, or an error code and changes nothing."""
        code = self.check(src, dst, count)
        if code != OK:
            return code
        self.error = OK
        self._step(src, self._dst, self._count, _GROUP_START)
        self.moves += 1
        self._record(pack(src, self._dst, self._count))
        self._after_move()
        return OK

    def play(self, packed):
        """move() of a packed move (movelog.pack: the solver's, a log's)."""
        return self.move(src_of(packed), dst_of(packed), count_of(packed))

    def _record(self, entry):
        """Write a player's (or the solver's) action to the log."""
        self.log.add(entry | self.actor)
        if self.actor:
            self.assisted = True

    def _step(self, src, dst, count, flags):
        self.table.transfer(src, dst, count)
        self.history.push(src, dst, count, flags)
        self._score_step(src, dst)

    def _score_step(self, src, dst):
        self.score = max(0, self.score + step_points(self.scoring, src, dst))

    def set_autoplay(self, on):
        """Switch autoplay (the log keeps when: it changes what a move does)."""
        if on != self.autoplay:
            self.autoplay = on
            self._record(_AUTOPLAY_ON if on else _AUTOPLAY_OFF)

    def _after_move(self):
        # autoplay, except right after a card was taken back from a
        # foundation: it would only send it home again
        if self.autoplay and self.history.src(self.history.head - 1) < _FOUND0:
            self._autoplay()
        if self.table.cards_home() == 52:
            self.state = WON

    def _autoplay(self):
        while self._send_one_home(_AUTO, True):
            pass

    def _send_one_home(self, flags, safe_only):
        """Send the first card found that may go home (only a safe one, for
        autoplay).  Returns False when there is none."""
        src = self.table.next_home(self.variant, safe_only)
        if src < 0:
            return False
        self._step(src, _FOUND0 + self.table.pile_for(self.table.top(src)), 1, flags)
        return True

    def send_home(self, src):
        """The quick action with autoplay off: src's top card to its foundation."""
        return self.move(src, _FOUNDATION)

    def finish(self):
        """Play every card home by foundation moves; each counts as a move.
        Undone as one action."""
        if not self.can_finish():
            return self._refuse(_E_OVER if self.state != PLAYING else _E_NO_FINISH)
        self._record(_FINISH)
        flags = _GROUP_START
        while self._send_one_home(flags, False):
            flags = 0
            self.moves += 1
        self.state = WON
        self.error = OK
        return OK

    def give_up(self):
        if self.state == PLAYING:
            self.state = GAVE_UP

    def undo(self):
        """Take back the last player action with the autoplay it caused."""
        h = self.history
        if self.state != PLAYING:
            return self._refuse(_E_OVER)
        if not h.can_undo():
            return self._refuse(_E_NO_UNDO)
        points = 0  # what the steps taken back had brought
        while True:
            h.head -= 1
            n = h.head
            self.table.transfer(h.dst(n), h.src(n), h.count(n))
            points += step_points(self.scoring, h.src(n), h.dst(n))
            if h.flags(n) & _GROUP_START:
                break
        self.undos += 1
        self.moves += 1
        self.score = max(0, self.score + undo_points(self.scoring, points))
        self._record(_UNDO)
        self.error = OK
        return OK

    def redo(self):
        """Play again the last action undone, with its autoplay."""
        h = self.history
        if self.state != PLAYING:
            return self._refuse(_E_OVER)
        if not h.can_redo():
            return self._refuse(_E_NO_REDO)
        while True:
            n = h.head
            self.table.transfer(h.src(n), h.dst(n), h.count(n))
            self._score_step(h.src(n), h.dst(n))
            h.head += 1
            if h.head == h.end or h.flags(h.head) & _GROUP_START:
                break
        self.moves += 1
        self._record(_REDO)
        self.error = OK
        if self.table.cards_home() == 52:
            self.state = WON
        return OK
