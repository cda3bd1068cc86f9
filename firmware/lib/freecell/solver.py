"""A FreeCell solver small enough for the board: depth-first search with
ordered moves, run a slice at a time.

Memory is fixed when it is made and nothing grows after:
  seen     positions already searched, as two 24-bit hashes in an open-
           addressed table of 2**table_bits slots (6 bytes each; 8,192 slots
           = 48 KB).  A position is hashed canonically: the order of the
           columns and of the free cells does not matter, and the
           foundations are their card counts (the rest says which
           cards).  Two hashes of 24 bits each make a false match about 1
           in 10**9 for the largest searches here.
  path     for each depth, the move taken and the index of the next move to
           try, and the moves after the first that a strategy trying only
           its best few (_WIDEST at most) will try there, kept when they
           are generated: coming back to a position after a move's subtree
           failed (deal 617: 936 times in 998 positions) takes them from
           there, where generating them again was two fifths of the search's
           time.  The last strategy, which tries every move, generates a
           position's moves again each time it comes back to it, so that
           they need no storage.
  steps    the card transfers on the path (moves and the safe foundation
           moves that follow each), to undo them.
It never recurses.  step(n) examines up to n more positions and returns, so
the device can draw a progress bar and let the player cancel; the answer is
SOLVED (moves(), a winning line), NO_SOLUTION (every position reachable was
searched) or GAVE_UP (the budget or the memory ran out).
Products stay under 2**30: no long ints on a 32-bit board.
"""

from array import array

from .compat import const, micropython  # the decorator: compat.py says how
from .solver_loops import remember, transfer
from .solver_moves import _autoplay_after, _dig, _generate, _undo_to
from .solver_setup import best_move, get_steps as _get_steps, line, restart
from .table import Table

# the table's numbers, folded here (an imported name is a look-up at run time)
_BY_SUIT = const(0)  # table.BY_SUIT
_CELL0 = const(10)  # table.CELL0
_FOUND0 = const(18)  # table.FOUND0
_COLUMN_CAP = const(19)  # table.COLUMN_CAP
_MAX_CELLS = const(8)  # table.MAX_CELLS
_MAX_COLUMNS = const(10)  # table.MAX_COLUMNS

SEARCHING = const(0)
SOLVED = const(1)
NO_SOLUTION = const(2)
GAVE_UP = const(3)

_MAX_MOVES = const(96)
_WIDEST = const(4)  # the most moves a position any strategy but the last tries (STRATEGIES)
_KEPT = const(3)  # _WIDEST - 1: the moves kept a depth (the first is made at once)
_NOT_LISTED = const(255)  # path_count's mark: this depth's moves not generated yet
_GOES = const(60)  # table.GOES
_SAFE_KEPT = const(84)  # safe_for's bytes: the heights now, then 16 slots of 5
# distinct positions: the app's hint, show me and winnable?  A position
# reached again (already in the seen table) is tried but not counted, as
# fc-solve's iterations (-mi) count, so the two are compared on one measure
BOARD_BUDGET = const(10000)
TABLE_BITS = const(13)  # 8,192 slots of the seen table: 48 KB
# the rest: what stacks on what, the candidates, the scores, and the objects
# (measured on the 32-bit port: a 512-slot, depth-200 Solver is 9,840 bytes,
# memory() says 9,872)
_FIXED_BYTES = const(3000)
SHARES = const(50)  # a column's share and four more figures (solver_loops: _FIRST...)
_TAKERS = const(208)  # solver_loops._TAKERS: where stacks' second part starts
_ALL = const(0x3FF)  # solver_loops._ALL: a bit for each column (table.MAX_COLUMNS: 10)
_EXACT = const(22)  # solver_loops._EXACT: in hashes, remember()'s exact flag
_AVOID = const(23)  # in hashes after it: start()'s avoid + 1
_DIG = const(64)  # solver_loops._DIG: a move's count from this up, a dig
# The search runs these strategies in turn, each from a fresh start with its
# share of the budget (parts of the shares' sum: here tenths).  Depth-first
# search sinks into bad subtrees;
# trying only a position's best 2-4 moves keeps it on good lines, and a
# differently scored search usually finds what one misses.  The last
# strategy tries every move, so a search that runs out of positions there
# proves there is no solution.
# Weights: cards home, empty column, card above the next wanted card, empty
# cell, disorder; then how many moves to try (0: all), the share of the
# budget, how disorder is counted: 0, the cards not on a proper card;
# 1, the cards under a column's top run, superlinear in their number (as
# fc-solve rates positions), so one deep column costs more than two short;
# and whether it digs in the games built by suit (solver_loops.list_moves:
# cards into the cells and the card they covered moved, one move).  Not
# the first: with digs among its best few moves, deals it solved at once
# were lost (Baker's Game deal 875: 372 positions without, not in 10,000
# with).
# Measured on deals 1-1000 with the board's 10,000 positions (make bench),
# when the budget still counted positions reached again: counting disorder
# the first way only, 98.8%; the two ways fail on different deals, and
# these five strategies together solve 99.1% (97.8% with 6,000 positions,
# 95.0% with 3,000); 99.7% since it counts new positions only, as fc-solve
# does (docs/MEASURED.md has each game's figures).  With 3 and 2 free cells the
# third and fourth matter most (deals 1-100: 96 with 3 cells; 1-60: 43 with
# 2).  Re-tuned weights and wider portfolios moved the figures by under a
# point; random restarts with noisy move order did worse.  Baker's Game
# (74.8% without digs, fc-solve 75.7%) the same: ten other portfolios
# (weights, shares, widths, a strategy ordered by move kind alone, as
# fc-solve's default scan is) solved 71.7-74.8% of its deals 1-1000, and 17
# more, tried on deals 1-400 when the budget still counted positions
# reached again, within a point of these; a strategy that ran out of its
# few moves early tried again a move wider, 71.0%.  Digs took it to 75.4%
# (every strategy digging: 75.3%; all but the last: 4 deals fewer of the
# 196 that are slow or unsolved).
STRATEGIES = (
    (40, 15, 6, 8, 10, 3, 4, 0, 0),
    (40, 15, 6, 8, 10, 3, 2, 1, 1),
    (40, 30, 6, 8, 20, 2, 2, 0, 1),
    (20, 30, 6, 8, 10, 4, 1, 0, 1),
    (40, 30, 6, 8, 3, 0, 1, 0, 1),
)
# Baker's Game's (built by suit, any card into an empty column: the games
# built by suit with kings only play FreeCell's, and beat fc-solve with
# them): two more strategies first, which dig and count disorder fc-solve's
# way, with 2 and 1 of the 38 shares (526 and 263 positions; FreeCell's five
# keep their proportions as near as whole shares go).  Their few hundred
# positions solve deals 508, 514 (the first) and 222 (the second), which
# the others miss in 10,000; given more, or placed later, they took the
# budget from the last strategy, which solves deals 9, 112 and 356 only
# after 8,000 positions (75.4% -> 75.7% of deals 1-1000, as fc-solve).
BAKERS_STRATEGIES = ((20, 15, 6, 8, 20, 4, 2, 1, 1), (20, 15, 6, 8, 30, 3, 1, 1, 1)) + tuple(
    weights[:6] + (share,) + weights[7:] for weights, share in zip(STRATEGIES, (14, 7, 7, 4, 3)))


class Solver:
    def __init__(self, budget=BOARD_BUDGET, table_bits=TABLE_BITS, max_depth=400, keep=True):
        """The defaults are the board's: 10,000 positions (99% of deals
        1-1000 solved, measured by `make bench`), 8,192 table slots (48 KB)
        and lines up to 400 moves deep; 58 KB in all (memory() says how
        much for other sizes: a smaller board gets a smaller table).  With
        keep False the moves a depth are not kept (path_cand): 9 bytes a
        depth less, for a heap at its edge, and slower."""
        self.budget = budget
        self.size = 1 << table_bits
        # the buffers by size, the largest first, while the free memory is
        # least broken up
        self.seen = bytearray(6 * self.size)
        # a move a depth, and each card home once (more only where cards may
        # come back from the foundations: _apply then cuts the line short)
        self.steps = bytearray(3 * (max_depth + 52))
        self.max_depth = max_depth
        self.path_move = bytearray(3 * max_depth)  # src, dst, count
        self.cand = bytearray(4 * _MAX_MOVES)  # src, dst, count, the score's bonus
        self.path_steps = bytearray(2 * max_depth)  # steps on `steps` after this depth
        # [card * 4 + s]: may card go on the card one rank higher of suit s;
        # then [_TAKERS + card]: a bit for each suit s whose card one rank
        # lower may go on card
        self.stacks = bytearray(52 * 5)
        # each column's share of the position's quality, and what else
        # rate_position keeps of it for score_moves: halfwords, each figure +
        # solver_loops._BIAS (viper reads an array through a pointer, a list
        # item by item through the runtime)
        self.column_q = array("H", [0] * SHARES)
        self.path_next = bytearray(max_depth)  # the next candidate to try (under _MAX_MOVES)
        # the moves to try at each depth after the first (src, dst, count;
        # _KEPT a depth), and how many in all (_NOT_LISTED: not generated
        # yet), for a strategy that tries few
        self.path_cand = bytearray(3 * _KEPT * max_depth if keep else 0)
        self.path_count = bytearray(max_depth)
        self.table = Table()  # room for every variant's shape
        # [free cells * 11 + empty columns]: the longest run the rules let
        # move (capped at 255: a column holds at most 19 cards)
        self.runs = bytearray((_MAX_CELLS + 1) * (_MAX_COLUMNS + 1))
        self.order = bytearray(_MAX_MOVES)
        self.slow = bytearray(_MAX_MOVES)  # candidates score_moves leaves to _generate
        # the candidates' scores (score_moves'; sort_moves reads one a
        # halfword load, where two bytes were two loads and a shift)
        self.scores = array("H", [0] * _MAX_MOVES)
        # remember()'s, of each column, and their two sums; then `exact`;
        # then start()'s move to avoid, + 1 (0: none; here rather than an
        # attribute of its own, which grew the object's table by 96 bytes)
        self.hashes = array("I", [0] * (_AVOID + 1))
        self.parent = bytearray(53)  # for list_moves: card -> 1 + the column it may go on
        self.w = bytearray(8)  # the strategy's weights
        # for list_moves: cells, kings only, take back, room, columns, digs
        self.limits = bytearray(6)
        self.limits[3] = _MAX_MOVES
        self.safe = bytearray(1)  # a bit per pile: may autoplay send its next card home
        # the pile heights `safe` is for, then 16 slots of heights met before
        # and their answer (_update_safe); 255: none
        self.safe_for = bytearray(b"\xff" * _SAFE_KEPT)
        # the columns moved since their shares in column_q were rated (a bit
        # each, and solver_loops.HOME_CHANGED when the foundations changed,
        # which changes what each column waits for but not its order): a
        # position differs from the last one rated in 2-3 columns, and only
        # those are rated again whole (deal 617: 29% of them)
        self.touched = _ALL
        # the columns moved since remember() last hashed them (it keeps their
        # hashes in `hashes`): 2-3 of them too
        self.unhashed = _ALL
        self.variant = None
        self.simple_runs = False  # the variant's run limit the runs table was made for
        self.state = GAVE_UP
        self.width = 0
        # every attribute a search sets, here: an object's attributes grow
        # its table as they come, and a search allocates nothing
        self.game = None
        self.strategies = self.strategy = self.spent = self.share_end = self.full = 0
        self.portfolio = STRATEGIES  # the game's strategies (_portfolio)
        self.trimmed = False
        self.positions = self.stored = self.depth = self.nsteps = self.max_reached = 0
        self.tries = 0  # moves made in the search, new positions or not: step()'s measure
        self.cut = False
        self.by_pile = False
        # 1 for the search that proves: the last one that ran out of
        # positions again, with every position told apart (_backtrack)
        self.exact = 0

    @staticmethod
    def memory(table_bits=TABLE_BITS, max_depth=400, keep=True):
        """The bytes a Solver of that size takes (its buffers, to within a
        few hundred bytes of objects): the seen table, the path and the rest."""
        return 6 * (1 << table_bits) + (10 + (3 * _KEPT if keep else 0)) * max_depth \
            + _FIXED_BYTES

    # -- starting ------------------------------------------------------------

    def start(self, game, strategies=None, avoid=-1):
        """Search from `game`'s position (with its variant and free cells),
        trying each strategy in turn with its share of the budget;
        strategies=N runs only the first N.  An exhausted search proves there
        is no solution only when every move was tried: by the last strategy
        (which the host's proofs get most of the budget for), or by one that
        never met a position with more moves than it tries (a position with
        few moves left); and only once the same search, run again with every
        position told apart (exact), runs out too.  avoid: a move (packed)
        whose position counts as seen from the start, so that no line goes
        through it (the one the player's last move left, whose line the app
        knows already); a search that runs out then proves nothing."""
        self.game = game
        self.hashes[_AVOID] = avoid + 1
        self.portfolio = _portfolio(game.variant)
        self.strategies = min(len(self.portfolio), strategies or len(self.portfolio))
        self.strategy = 0
        self.exact = 0
        self.spent = 0  # positions used by the strategies before this one
        self.tries = 0
        return restart(self)

    def best_move(self, game):
        """The move the search ranks first from `game`'s position (packed), or
        -1: a guess for when the budget ran out (solver_setup.best_move)."""
        self.portfolio = _portfolio(game.variant)
        return best_move(self, game)

    def progress(self):
        """0..100: how much of the budget is used."""
        return min(100, self.positions * 100 // self.budget)

    # -- the search ------------------------------------------------------------

    @micropython.native
    def step(self, n):
        """Make up to n more moves of the search (each a position, new or
        reached before: a slice's work); returns the state."""
        t = self.table
        cand = self.cand
        order = self.order
        path_next = self.path_next
        path_move = self.path_move
        steps_at = self.path_steps
        kept = self.path_cand
        kept_count = self.path_count
        keeping = len(kept) > 0  # (not where memory is short)
        # a try's work, written out here with the buffers in locals: _apply,
        # _remember and _undo_to each look up a dozen names (on the Pico
        # about 2 us each, and 7 us a call), and most tries uncover nothing
        # autoplay would send home, which is asked here before calling it
        steps = self.steps
        cards = t.cards
        heights = t.heights
        cells = t.cell_cards
        f = t.foundations
        seen = self.seen
        hashes = self.hashes
        mask = self.size - 1
        columns = t.columns  # the game's shape, the same for every strategy
        ncells = t.cells
        back_dst = back_count = 0
        # lines that may hold more steps than a move a depth and each card
        # home once: cards back from the foundations, cards into the cells
        # as one move (limits' digs: the strategy's, so again at each new
        # strategy below)
        crowded = self.limits[2] or self.limits[5]
        room = len(steps)
        tries = self.tries  # (written back at the end)
        stop = tries + n
        left = self._left()
        while self.state == SEARCHING and tries < stop:
            if left <= 0:  # the strategy's share spent, or the table full
                if self.strategy + 1 < self.strategies:  # the next strategy
                    self.strategy += 1
                    self.spent = self.positions
                    restart(self)
                    left = self._left()
                    crowded = self.limits[2] or self.limits[5]
                    continue
                self.state = GAVE_UP
                break
            if crowded and 3 * (self.nsteps + 53 + _MAX_CELLS) > room:
                # cards taken back and sent home again, or moved into the
                # cells as one move, filled the steps: this line goes no
                # deeper (so running out proves nothing); room for a move of
                # the most cards and each card home
                self.cut = True
                _backtrack(self)
                left = self._left()  # (the next strategy's, if it moved on)
                crowded = self.limits[2] or self.limits[5]
                continue
            depth = self.depth
            width = self.width
            few = width if keeping else 0  # the best few kept at the first visit
            count = kept_count[depth] if few else _NOT_LISTED
            if count == _NOT_LISTED:  # the moves generated (each visit, unless kept)
                count = _generate(self)
                if width and count > width:
                    count = width  # this strategy tries only the best few
                    self.trimmed = True
                if few:
                    k = 3 * _KEPT * depth
                    for x in range(1, count):
                        j = order[x] * 4
                        kept[k] = cand[j]
                        kept[k + 1] = cand[j + 1]
                        kept[k + 2] = cand[j + 2]
                        k += 3
                    kept_count[depth] = count
            # the move taking back the one that led here, if nothing went home
            # after it, leads to the position before, which is seen: not tried
            # (deal 617: 463 of 1,960 tries).  It keeps its place in the order.
            back = 255  # no candidate's source
            if depth:
                k = 2 * depth  # as _get_steps(): the steps made by the last move and after it
                made = steps_at[k] << 8 | steps_at[k + 1]
                if made - (steps_at[k - 2] << 8 | steps_at[k - 1]) == 1:
                    k = 3 * depth - 3
                    back = path_move[k + 1]
                    back_dst = path_move[k]
                    back_count = path_move[k + 2]
            i = path_next[depth]
            while i < count:
                if few and i:
                    j = 3 * (_KEPT * depth + i - 1)
                    src = kept[j]
                    dst = kept[j + 1]
                    moved = kept[j + 2]
                else:
                    j = order[i] * 4
                    src = cand[j]
                    dst = cand[j + 1]
                    moved = cand[j + 2]
                i += 1
                if src == back and dst == back_dst and moved == back_count:
                    continue
                rated = self.touched  # (as it is again once the move is taken back)
                mark = self.nsteps  # _apply(self, src, dst, count):
                if moved >= _DIG:  # cards into the cells and the next moved, one move
                    last = _dig(self, mark, src, dst, moved - _DIG)
                else:
                    k = 3 * mark
                    steps[k] = src
                    steps[k + 1] = dst
                    steps[k + 2] = moved
                    last = mark + 1
                self.nsteps = last
                changed = transfer(steps, mark, last, 0, cards, heights, cells, f)
                self.touched |= changed
                if dst >= _FOUND0 or src < _CELL0 and heights[src] and \
                        f[_GOES + cards[src * _COLUMN_CAP + heights[src] - 1]]:
                    self.unhashed |= changed & _ALL
                    _autoplay_after(self, src, dst)  # a card went home, or one it may is uncovered
                    changed = self.unhashed
                else:
                    changed |= self.unhashed
                # changed is now the columns to hash (remember() hashes only
                # those); a name of its own, one local more, costs
                # CircuitPython 0.3% of the search
                tries += 1
                new = remember(seen, mask, cards, heights, columns, cells, ncells, f, hashes,
                               changed)  # _remember(self)
                if new:
                    self.unhashed = 0
                    self.stored += 1
                    self.positions += 1  # the budget counts new positions only
                    left -= 1
                    break
                # seen: _undo_to(self, mark).  The columns are again as
                # before the move, so are those to rate again: the move's
                # are not rated for nothing (deal 617: 2,887 -> 2,631
                # column ratings); those hashed again are the move's
                changed = transfer(steps, mark, self.nsteps, 1, cards, heights, cells, f)
                self.unhashed = changed & _ALL
                self.touched = rated
                self.nsteps = mark
            else:  # every move tried: back to the position before
                if depth:  # _backtrack(self)'s usual case, without its calls
                    depth -= 1
                    self.depth = depth
                    k = 2 * depth
                    mark = steps_at[k] << 8 | steps_at[k + 1]  # _undo_to(self, mark)
                    changed = transfer(steps, mark, self.nsteps, 1, cards, heights, cells, f)
                    self.unhashed |= changed & _ALL
                    self.touched |= changed
                    self.nsteps = mark
                else:
                    _backtrack(self)
                    left = self._left()
                    crowded = self.limits[2] or self.limits[5]
                continue
            path_next[depth] = i
            if depth + 1 >= self.max_depth:
                self.cut = True  # so an exhausted search proves nothing
                _undo_to(self, mark)
                continue
            k = 3 * depth
            path_move[k] = src
            path_move[k + 1] = dst
            path_move[k + 2] = moved
            depth += 1
            self.depth = depth
            if depth > self.max_reached:
                self.max_reached = depth
            k = 2 * depth  # _set_steps(self, depth, self.nsteps)
            steps_at[k] = self.nsteps >> 8
            steps_at[k + 1] = self.nsteps & 0xFF
            path_next[depth] = 0
            kept_count[depth] = _NOT_LISTED
            if f[0] + f[1] + f[2] + f[3] == 52:  # t.cards_home(), without the call
                self.state = SOLVED
        self.tries = tries
        return self.state

    def _left(self):
        """The new positions this strategy may still store: its share of
        the budget and the table's room, whichever ends first."""
        return min(self.share_end - self.positions, self.full - self.stored)

    def _shares(self, n):
        """The budget shares of the first n strategies run (parts of the
        portfolio's sum: FreeCell's are tenths)."""
        total = 0
        for k in range(n):
            total += self.portfolio[k][6]
        return total

    # -- the answer ---------------------------------------------------------------

    # moves(with_autoplay): the winning line as packed moves, in a new list
    # (solver_setup.line, a method)
    moves = line


# -- the search's helpers --------------------------------------------------------
# (these, and solver_moves.py's: moving cards, autoplay, rating and listing
# moves, positions seen.)  Functions of the solver rather than its methods, for the chip: there
# self.helper() first looks the name up among the solver's 42 attributes,
# where it is not (a nearly full attribute table, so the miss probes most of
# it, a division a slot), and only then in the class: 22 us a call on the
# Pico against 7 us for a module's function, one cached look-up (the
# emulated Pico, from @micropython.native code).  Deal 617's hint makes
# 26,000 such calls.

def _backtrack(self):
    if self.depth == 0:
        # not every move was tried: no proof.  A strategy that tries only
        # a few moves but never met a position with more has tried them all
        if self.cut or self.trimmed:
            if self.strategy + 1 < self.strategies and not self.exact:
                self.strategy += 1
                self.spent = self.positions
                restart(self)
            else:
                self.state = GAVE_UP
            return
        if not self.exact:
            # every move was tried, but the seen table's hash took some
            # positions never searched for seen (remember(): cards swapped
            # between columns, a cut that helps the search find a line):
            # the same search again, every position told apart, with the
            # rest of the budget, is the proof (or finds the line)
            self.exact = 1
            self.spent = self.positions
            restart(self)
            return
        # (a position left out from the start: no proof)
        self.state = GAVE_UP if self.hashes[_AVOID] else NO_SOLUTION
        return
    self.depth -= 1
    _undo_to(self, _get_steps(self, self.depth))


def _portfolio(variant):
    """The strategies the search runs for the game's rules (STRATEGIES)."""
    return BAKERS_STRATEGIES if variant.by_suit and not variant.kings_only else STRATEGIES


