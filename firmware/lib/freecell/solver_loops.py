"""The solver's inner loops, compiled to machine code on MicroPython.

Each function here is `@micropython.viper`: on a board it becomes machine
code working on machine ints, reading and writing bytearrays through ptr8
pointers; under CPython the decorator is compat's stand-in that does nothing,
so the same bodies run as plain Python and the tests check one code.  On the
emulated Pico the same search went from about 60 positions a second (these
loops in Python, already scoring a move by the two columns it changes) to
1,340 (make bench: pico_solver_pos_per_s).

A board without native code (CircuitPython's RP2040 build) runs the same
bodies as plain Python (tools/flash.py plain_python), where every loop
iteration and every call costs: no function here calls another (a call a
move listed was a fifth of list_moves' time there), a column is rated and
hashed again only when it changed, and a move is scored from what was kept
of its two columns.  Deal 617's search on CircuitPython's Pico took 14.8 s
before those, 9.0 s after (make bench: cp_solver_pos_per_s).

What may be written here: ints only, every value under 2**30 (a viper int
is a machine word, a Python int is not); bytes and bytearrays through ptr8;
no allocation; no calls out of this module.  A call between these functions
would go through the runtime (about 25 us on the Pico) and, with ten
arguments, allocated on the 32-bit ports.  A .mpy of this module is machine
code for one CPU: tools/flash.py compiles it for the board's (mpy-cross
-march), and mpy-cross without -march refuses it.  Nothing here knows the
rules: the solver hands in its tables (what stacks on what, the weights).
"""

import sys

from .compat import const, ptr8, ptr16, ptr32  # viper's casts; plain Python's identity

if sys.implementation.name == "micropython":  # its compiler reads the decorator
    import micropython  # noqa: F401
else:  # CPython (Blinka's `micropython` too): the stand-in; CircuitPython gets
    from .compat import micropython  # these loops with the decorators and the
    # int()/ptr8() casts taken out (tools/flash.py plain_python): it has no
    # native code, and there each cast would be a call

# the table's numbers (cards.py, table.py), folded by the compiler here;
# host_tests/test_solver.py checks that they agree
_EMPTY = const(255)  # cards.NO_CARD
_CAP = const(19)  # table.COLUMN_CAP: card slots a column
_CELL0 = const(10)  # table.CELL0: the first free cell's location
_FOUND0 = const(18)  # table.FOUND0: the first foundation's location
_RULE = const(4)  # table.HOME_RULE: 0 piles by suit, 1 HalfCell's alternate colours
_PILES = const(5)  # table.HOME_PILES: how many piles
_PILED = const(8)  # table.PILED: the piles' cards
_GOES = const(60)  # table.GOES: per card, a bit for each pile that takes it now
_COLUMNS = const(10)  # table.MAX_COLUMNS
# what rate_position keeps of each column c, at c + these in its list (after
# the shares, _COLUMNS apart; solver.SHARES in all)
_FIRST = const(10)  # where the first card a foundation wants lies (255: none)
_RUN = const(20)  # where the top run starts
_ORDER = const(30)  # the disorder's share
_BELOW = const(40)  # the same with the top run moved away
_ALL = const(0x3FF)  # a bit for each column
# shares (solver.column_q) is an array of 16-bit unsigned halfwords, each the
# figure plus _BIAS: figures are -32768..32767 (the weights keep them far
# inside), and a viper load of a halfword is never negative
_BIAS = const(32768)
HOME_CHANGED = const(1 << 10)  # transfer's answer: a foundation changed (bits 0-9: columns)
_TAKERS = const(208)  # in stacks, after 52 * 4: per card, the suits one rank lower it takes
_EXACT = const(22)  # in hashes, after the terms and sums (2 * _COLUMNS + 2): 1, the exact hash
# a move's count at least this: a dig, this + the cards into the cells (list_moves)
_DIG = const(64)
_P1 = const(16777213)  # primes under 2**24: h * 61 + 52 stays under 2**30
_P2 = const(16777199)
# 4 * n ** 1.3 for n cards under a column's top run
_UNDER = b"\x00\x04\x09\x10\x18\x20\x29\x32\x3b\x45\x4f\x5a\x65\x70\x7b\x87\x93\x9f\xab"


@micropython.viper
def remember(seen: ptr8, mask: int, cards: ptr8, heights: ptr8, columns: int, cells: ptr8,
             ncells: int, home: ptr8, hashes, dirty: int) -> int:
    """Put the position in the table of positions seen (open addressing,
    6-byte slots: two 24-bit hashes, the first odd; empty, a slot whose
    third byte is 0 (forget's); mask = slots - 1);
    0 when it was there already, else 1.  Each hash ignores the order of the
    columns and of the cells (a position reached with two columns swapped is
    the same), and the cards on piles 0 and 1 (which the rest settles in
    games built by suit, but not in HalfCell): a sum, mod a prime under
    2**24, of a polynomial hash of each column and a multiple of each
    cell's card; every product stays under
    2**30.  A column's two terms are kept in the list hashes (columns
    apart), and after them the two sums of the columns' terms: only the
    columns whose bit dirty sets are hashed again, and their terms' change
    is what changes the sums (all dirty: the sums are made anew).  The
    polynomial is linear in the cards, so its sum over the columns is the
    same for two positions that differ by cards exchanged at the same depth
    in two columns (the black fives on the two red sixes): the second is
    taken as seen, a cut that helps the search but proves nothing.  With
    hashes' last word set (exact) each term is mixed by a product of its
    own halves, and only chance makes two positions meet.
    (Computed here, not by a second function: on the 32-bit ports a
    viper call with this many arguments allocated 96 bytes.)"""
    kept = ptr32(hashes)  # an array of 32-bit words (solver.hashes)
    exact = int(kept[_EXACT])
    if (dirty & _ALL) == _ALL:  # every column: the sums anew (a new table, a new game)
        kept[2 * _COLUMNS] = 0
        kept[2 * _COLUMNS + 1] = 0
        for c in range(columns):
            kept[c] = 0
            kept[_COLUMNS + c] = 0
    h1 = int(kept[2 * _COLUMNS])  # ten terms under 2**24: under 2**28
    h2 = int(kept[2 * _COLUMNS + 1])
    d = dirty & ((1 << columns) - 1)  # the columns to hash again
    c = 0
    while d:
        if d & 1:
            a = 7
            b = 7
            base = c * _CAP
            for i in range(int(heights[c])):
                card = int(cards[base + i]) + 1
                a = (a * 61 + card) % _P1
                b = (b * 59 + card) % _P2
            a = a * 37 % _P1
            b = b * 41 % _P2
            if exact:  # a term not linear in the cards (below)
                a = (a + (a & 0xFFF) * ((a >> 12) + (a & 0xFFF))) % _P1
                b = (b + (b & 0xFFF) * ((b >> 12) + (b & 0xFFF))) % _P2
            h1 += a - int(kept[c])
            h2 += b - int(kept[_COLUMNS + c])
            kept[c] = a
            kept[_COLUMNS + c] = b
        d = d >> 1
        c += 1
    kept[2 * _COLUMNS] = h1
    kept[2 * _COLUMNS + 1] = h2
    h1 = h1 % _P1
    h2 = h2 % _P2
    for i in range(ncells):
        card = int(cells[i])
        if card != _EMPTY:
            h1 = (h1 + (card + 1) * 104729) % _P1
            h2 = (h2 + (card + 1) * 130363) % _P2
    h1 = (h1 + int(home[0]) * 7919 + int(home[1]) * 104723) % _P1
    h2 = (h2 + int(home[0]) * 6007 + int(home[1]) * 130367) % _P2
    h1 = h1 | 1
    i = h1 & mask
    k = 0
    while True:
        k = 6 * i
        if seen[k + 2] == 0:
            break
        a = (int(seen[k]) << 16) | (int(seen[k + 1]) << 8) | int(seen[k + 2])
        if a == h1 and ((int(seen[k + 3]) << 16) | (int(seen[k + 4]) << 8)
                        | int(seen[k + 5])) == h2:
            return 0
        i = (i + 1) & mask
    seen[k] = h1 >> 16
    seen[k + 1] = (h1 >> 8) & 0xFF
    seen[k + 2] = h1 & 0xFF
    seen[k + 3] = h2 >> 16
    seen[k + 4] = (h2 >> 8) & 0xFF
    seen[k + 5] = h2 & 0xFF
    return 1


@micropython.viper
def forget(seen: ptr8, slots: int):
    """Empty the table of positions seen (remember's): a slot is empty when
    its third byte is 0, as a stored first hash, odd, never is; so one byte
    in six is cleared, allocating nothing (slice assignments would allocate
    a slice object each)."""
    for i in range(2, 6 * slots, 6):
        seen[i] = 0


@micropython.viper
def list_moves(cards: ptr8, heights: ptr8, cells: ptr8, home: ptr8, stacks: ptr8,
               parent: ptr8, cand: ptr8, limits: ptr8, runs: ptr8, shares) -> int:
    """The legal moves of the position into cand (4 bytes each: src, dst,
    count, then the tie-break bonus that score_moves adds to the score);
    returns how many (those past the room in cand are left out).
    limits: free cells, kings only (may only a king head a run on an empty
    column), take back (may a foundation's top card come back to a column),
    room in cand, columns, digs (list the digs below: a strategy's, in the
    games built by suit); runs[free cells * 11 + empty columns]: the
    longest run the rules let move (the empty columns not counting the
    target); stacks[_TAKERS + card]: a bit for each suit whose card one
    rank lower may go on card; parent: 53 bytes of list_moves' own (below);
    shares:
    rate_position's figures for this position (where each top run starts).
    Order: each free cell's card home, onto a column, into an empty column;
    with take back, each foundation's top card onto a column, into an empty
    column; then each column's top card home, every part of its top run onto a
    column that takes it, into an empty column (every length: each leads
    somewhere else), its top card into a free cell, then (digs) its digs,
    onto each column that takes a card it covers, and last into the cells
    alone.  (Each move is written
    where it is found: a call a move cost a fifth of this function's time
    on CircuitPython, where these loops run as plain Python.)"""
    qs = ptr16(shares)
    ncells = int(limits[0])
    kings_only = int(limits[1])
    most = int(limits[3])
    columns = int(limits[4])
    digs = int(limits[5])
    # parent[card]: 1 + the column the card may go on, marked (the high
    # four bits) with the count of this call, parent[52], so that what an
    # earlier call wrote counts for nothing and needs no clearing but once
    # in 15 calls: (parent[card] ^ mark) - 1 is a column only if written now
    mark = int(parent[52]) + 16
    if mark > 255:
        for i in range(52):
            parent[i] = 0
        mark = 16
    parent[52] = mark
    empty = -1
    empties = 0
    for c in range(columns):
        h = int(heights[c])
        if h == 0:
            if empty < 0:
                empty = c
            empties += 1
            continue
        top = int(cards[c * _CAP + h - 1])
        suits = int(stacks[_TAKERS + top])
        below = top - 4 - (top & 3)  # the first card one rank lower
        here = mark + c + 1
        if suits & 1:
            parent[below] = here
        if suits & 2:
            parent[below + 1] = here
        if suits & 4:
            parent[below + 2] = here
        if suits & 8:
            parent[below + 3] = here
    free_cell = -1  # the first free cell, and how many: counted with the cells' cards
    free = 0
    n = 0
    j = 0
    # the single cards: each free cell's, then (with take back) each pile's top
    stride = 26 if int(home[_RULE]) else 13
    singles = ncells + (int(home[_PILES]) if limits[2] else 0)
    for i in range(singles):
        if i < ncells:
            card = int(cells[i])
            if card == _EMPTY:
                if free_cell < 0:
                    free_cell = _CELL0 + i
                free += 1
                continue
            src = _CELL0 + i
            onto = 2  # the bonus for a cell's card onto a column
            g = int(home[_GOES + card])
            p = 0
            while g:  # home, to each pile that takes it
                if g & 1 and n < most:
                    j = 4 * n
                    cand[j] = src
                    cand[j + 1] = _FOUND0 + p
                    cand[j + 2] = 1
                    cand[j + 3] = 3
                    n += 1
                g = g >> 1
                p += 1
        else:
            p = i - ncells
            h = int(home[p])
            if h == 0:
                continue
            card = int(home[_PILED + p * stride + h - 1])
            src = _FOUND0 + p
            onto = 0
        dst = (int(parent[card]) ^ mark) - 1
        if dst < _COLUMNS and n < most:
            j = 4 * n
            cand[j] = src
            cand[j + 1] = dst
            cand[j + 2] = 1
            cand[j + 3] = onto
            n += 1
        if empty >= 0 and (not kings_only or card >> 2 == 12) and n < most:
            j = 4 * n
            cand[j] = src
            cand[j + 1] = empty
            cand[j + 2] = 1
            cand[j + 3] = 0
            n += 1
    onto_cards = int(runs[free * 11 + empties])
    onto_empty = int(runs[free * 11 + empties - 1]) if empties else 0
    for c in range(columns):
        h = int(heights[c])
        if h == 0:
            continue
        base = c * _CAP
        top = int(cards[base + h - 1])
        g = int(home[_GOES + top])
        p = 0
        while g:
            if g & 1 and n < most:
                j = 4 * n
                cand[j] = c
                cand[j + 1] = _FOUND0 + p
                cand[j + 2] = 1
                cand[j + 3] = 3
                n += 1
            g = g >> 1
            p += 1
        run = h - (int(qs[_RUN + c]) - _BIAS)
        longest = run if run < onto_cards else onto_cards
        for k in range(1, longest + 1):
            dst = (int(parent[cards[base + h - k]]) ^ mark) - 1
            if dst < _COLUMNS and dst != c and n < most:
                j = 4 * n
                cand[j] = c
                cand[j + 1] = dst
                cand[j + 2] = k
                # a part of the run leaves a proper card: it gains only by
                # the whole run, which empties its column or uncovers a
                # card wanted sooner
                cand[j + 3] = 2 if k == run else 0
                n += 1
        if empty >= 0:
            longest = run
            if onto_empty < longest:
                longest = onto_empty
            if h - 1 < longest:
                longest = h - 1
            for k in range(1, longest + 1):
                if (not kings_only or int(cards[base + h - k]) >> 2 == 12) and n < most:
                    j = 4 * n
                    cand[j] = c
                    cand[j + 1] = empty
                    cand[j + 2] = k
                    cand[j + 3] = 1
                    n += 1
        if free_cell >= 0 and n < most:
            j = 4 * n
            cand[j] = c
            cand[j + 1] = free_cell
            cand[j + 2] = 1
            cand[j + 3] = 0
            n += 1
            # digging, as one move: the top cards into the cells, then the
            # card they covered onto a column that takes it, or home (by
            # autoplay), or none (the column emptied): fc-solve's "move
            # stack cards to different stacks", "put non-top stack cards in
            # the foundations" and "empty an entire stack into the
            # freecells".  No card uncovered on the way may go home, as a
            # player's autoplay would send it.  count: _DIG + the cards
            # into the cells
            if digs:  # (games built by suit: limits)
                d = 1
                while d < h and d <= free:
                    card = int(cards[base + h - 1 - d])
                    if int(home[_GOES + card]):
                        break
                    dst = (int(parent[card]) ^ mark) - 1
                    if dst < _COLUMNS and dst != c and n < most:
                        j = 4 * n
                        cand[j] = c
                        cand[j + 1] = dst
                        cand[j + 2] = _DIG + d
                        cand[j + 3] = 0
                        n += 1
                    d += 1
                if 1 < d <= free and n < most:
                    j = 4 * n
                    cand[j] = c
                    cand[j + 1] = free_cell
                    cand[j + 2] = _DIG + d
                    cand[j + 3] = 0
                    n += 1
    return n


@micropython.viper
def score_moves(cand, n: int, cards, heights: ptr8, cells, home, w, shares, quality: int,
                safe: ptr8, slow: ptr8, scores) -> int:
    """Score the n candidates (into scores, an array of halfwords: cand's
    fourth byte, the bonus, plus four times the rating) by the position each
    leads to: this one's quality with the source and target columns' shares
    as they would be (shares: what rate_position keeps of each column; w[3]
    a free cell's worth), without making the move.  A move home, or one
    uncovering a card autoplay would send home (safe[0]: a bit for each pile
    whose next card may go), changes what every column waits for: those go
    into slow (their indices; the count is returned) for the solver to score
    by making them, and so do digs (list_moves)."""
    out = ptr8(cand)
    kept = ptr16(scores)
    deck = ptr8(cards)
    wanted = ptr8(home)
    weight = ptr8(w)
    qs = ptr16(shares)
    cell_worth = int(weight[3])
    nslow = 0
    for m in range(n):
        j = 4 * m
        src = int(out[j])
        dst = int(out[j + 1])
        count = int(out[j + 2])
        if dst >= _FOUND0 or src >= _FOUND0:  # home, or back from home
            slow[nslow] = m
            nslow += 1
            continue
        q = quality
        if src < _CELL0:
            base = src * _CAP
            h = int(heights[src]) - count
            if h > 0:
                card = int(deck[base + h - 1])
                if int(wanted[_GOES + card]) & int(safe[0]):
                    slow[nslow] = m
                    nslow += 1
                    continue
                # the column without the run: its cards below the top run
                # are as rated; the run leaves from the top
                first = int(qs[_FIRST + src]) - _BIAS
                if first < h:
                    q -= int(weight[2]) * (h - 1 - first)
                # the column's share as rated out, the new disorder in (the
                # biases cancel)
                if h > int(qs[_RUN + src]) - _BIAS:
                    q += int(qs[_ORDER + src]) - int(qs[src])
                else:  # the whole top run leaves
                    q += int(qs[_BELOW + src]) - int(qs[src])
            else:
                if count >= _DIG:  # a dig (more cards than the column's: here only)
                    slow[nslow] = m
                    nslow += 1
                    continue
                q += int(weight[1]) - (int(qs[src]) - _BIAS)
            moved = deck
            at = base + h
        else:
            q += cell_worth  # a cell freed
            moved = ptr8(cells)
            at = src - _CELL0
        if dst >= _CELL0:
            q -= cell_worth
        else:
            # onto a card that takes it or alone into a column: the run and
            # the join are in order, so the column's disorder stays its
            # share's; only the cards over the first one a foundation
            # wants are more
            if int(heights[dst]) == 0:  # alone, the run's share is that only
                q -= int(qs[dst]) - _BIAS
            if int(qs[_FIRST + dst]) - _BIAS < int(heights[dst]):
                q -= int(weight[2]) * count  # each card moved is over a wanted one
            else:
                i = 0
                while i < count and not wanted[_GOES + moved[at + i]]:
                    i += 1
                if i < count:
                    q -= int(weight[2]) * (count - 1 - i)
        score = 4 * q + int(out[j + 3])
        if score < 0:
            score = 0
        if score > 65535:
            score = 65535
        kept[m] = score
    return nslow


@micropython.viper
def sort_moves(scores, order: ptr8, n: int, best: int):
    """order[:best]: the best `best` of the n candidates by score (scores,
    an array of halfwords), best first, as a stable sort would put them
    (equal scores keep the listing order): an insertion sort that keeps
    only that many (a strategy tries its best 2-4 moves)."""
    score = ptr16(scores)
    kept = 0
    low = 0  # the last kept one's score, once `best` are kept
    for x in range(n):
        s = int(score[x])
        if kept == best:
            if low >= s:  # no better than the last kept: left out
                continue
        else:
            kept += 1
        j = kept - 2  # (when full, the last kept one makes way)
        while j >= 0:
            y = int(order[j])
            if int(score[y]) >= s:
                break
            order[j + 1] = y
            j -= 1
        order[j + 1] = x
        if kept == best:
            low = int(score[int(order[kept - 1])])


@micropython.viper
def rate_position(cards: ptr8, heights: ptr8, columns: int, home: ptr8, stacks: ptr8, w: ptr8,
                  shares, dirty: int, keep: int, cells: ptr8, ncells: int) -> int:
    """The position's rating (Solver._quality): 2000, w[0] for each card
    home, w[3] for each empty cell, and the sum of the columns' shares
    (all of it here: the cells' few lines cost a dozen look-ups and
    subscripts in the solver's native code).  shares: each column's share and what else is kept
    of it (below), as last rated; dirty: a bit for each column moved since,
    and HOME_CHANGED if a foundation changed (which changes what every
    column waits for, not its order).  Those are rated anew, the rest taken
    as shares has them; with keep, what is rated anew is kept in shares.
    w: the strategy's weights (empty column, blocking, -, -, disorder, -,
    -, how disorder is counted); home: the foundations (GOES: the piles
    each card may go to now); stacks[card * 4 + s]: may card go on the card
    one rank higher of suit s.  A column's share: the empty column's worth,
    or less the cards over the first card a foundation wants and its
    disorder.  Kept beside it, for score_moves to rate a move from or onto
    the column without making it: where that first wanted card is (_FIRST;
    255, none), where the top run starts (_RUN), the disorder (_ORDER) and
    the disorder with the top run gone (_BELOW)."""
    qs = ptr16(shares)
    total = 2000 + int(w[0]) * (int(home[0]) + int(home[1]) + int(home[2]) + int(home[3]))
    for i in range(ncells):
        if int(cells[i]) == _EMPTY:
            total += int(w[3])
    blocks = int(w[2])
    same_home = dirty <= _ALL
    for c in range(columns):
        moved = (dirty >> c) & 1
        # as rated: unmoved, and the foundations the same or the column
        # empty (an empty column waits for no card)
        if not moved and (same_home or heights[c] == 0):
            total += int(qs[c]) - _BIAS
            continue
        h = int(heights[c])
        base = c * _CAP
        q = 0
        first = 255
        for i in range(h):  # the cards over the first one a foundation wants
            if home[_GOES + cards[base + i]]:
                first = i
                q = -blocks * (h - 1 - i)
                break
        if not moved:  # in the same order
            q += int(qs[_ORDER + c]) - _BIAS
            if keep:
                qs[c] = q + _BIAS
                qs[_FIRST + c] = first + _BIAS
            total += q
            continue
        # the cards out of order: each not on a proper card (w[7] 0), or
        # those under the top run, superlinear in their number (w[7] 1)
        disorder = int(w[4])
        run = 0
        bad = 0
        card = int(cards[base + h - 1]) if h else 0
        for i in range(h - 1, 0, -1):
            onto = int(cards[base + i - 1])
            if (onto >> 2) != (card >> 2) + 1 or not stacks[(card << 2) | (onto & 3)]:
                if run == 0:
                    run = i
                    if w[7]:
                        break
                bad += 1
            card = onto  # the next pair's upper card
        below = 0
        if w[7]:
            under = ptr8(_UNDER)
            order = -((disorder * int(under[run])) >> 2)
            if run > 0:  # the start of the run below the top one
                i = run - 1
                while i > 0:
                    card = int(cards[base + i])
                    onto = int(cards[base + i - 1])
                    if (onto >> 2) != (card >> 2) + 1 or not stacks[(card << 2) | (onto & 3)]:
                        break
                    i -= 1
                below = -((disorder * int(under[i])) >> 2)
        else:
            order = -disorder * bad
            below = order + disorder
        q += order
        if h == 0:
            q = int(w[1])
        if keep:
            qs[c] = q + _BIAS
            qs[_FIRST + c] = first + _BIAS
            qs[_RUN + c] = run + _BIAS
            qs[_ORDER + c] = order + _BIAS
            qs[_BELOW + c] = below + _BIAS
        total += q
    return total


@micropython.viper
def transfer(steps: ptr8, first: int, last: int, back: int, cards: ptr8, heights: ptr8,
             cells: ptr8, home: ptr8) -> int:
    """Carry out the moves steps[3 * first:3 * last] (src, dst, count each;
    the caller has checked them), or with back take them back, last first.
    As table.Table.transfer does: a run keeps its order; cells and
    foundations take one card at a time, and a pile's change updates which
    cards it takes (table.home_put and home_take).  Returns what changed:
    a bit for each column, and HOME_CHANGED if a foundation did."""
    changed = 0
    k = first
    while k < last:
        at = 3 * (last - 1 - (k - first) if back else k)
        src = int(steps[at + back])  # taken back: from where it went
        dst = int(steps[at + 1 - back])
        count = int(steps[at + 2])
        k += 1
        if src < _CELL0:
            changed |= 1 << src
        if dst < _CELL0:
            changed |= 1 << dst
        if src < _CELL0 and dst < _CELL0:
            a = src * _CAP + int(heights[src]) - count
            b = dst * _CAP + int(heights[dst])
            for j in range(count):
                cards[b + j] = cards[a + j]
            heights[src] = int(heights[src]) - count
            heights[dst] = int(heights[dst]) + count
            continue
        pile = -1
        old = 0
        new = 0
        stride = 26 if int(home[_RULE]) else 13  # a pile's card slots
        if src < _CELL0:  # one card: take it
            heights[src] = int(heights[src]) - 1
            card = int(cards[src * _CAP + int(heights[src])])
        elif src < _FOUND0:
            card = int(cells[src - _CELL0])
            cells[src - _CELL0] = _EMPTY
        else:
            pile = src - _FOUND0
            old = int(home[pile])
            new = old - 1
            card = int(home[_PILED + pile * stride + new])
            home[_PILED + pile * stride + new] = _EMPTY
        if dst < _CELL0:  # and put it
            cards[dst * _CAP + int(heights[dst])] = card
            heights[dst] = int(heights[dst]) + 1
        elif dst < _FOUND0:
            cells[dst - _CELL0] = card
        else:
            pile = dst - _FOUND0
            old = int(home[pile])
            new = old + 1
            home[_PILED + pile * stride + old] = card
        if pile < 0:
            continue
        changed |= HOME_CHANGED
        home[pile] = new
        bit = 1 << pile
        for phase in range(2):  # the cards the pile took at `old` lose its bit; at `new`, gain it
            m = new if phase else old
            if m >= stride:
                continue  # full: takes nothing
            if stride == 26:  # HalfCell: rank m % 13, pile 0 black at even heights
                one = ((m - 13 if m >= 13 else m) << 2) | ((pile + m) & 1)
                two = one ^ 3  # the other suit of that colour
            else:
                one = (m << 2) | pile
                two = one
            if phase:
                home[_GOES + one] = int(home[_GOES + one]) | bit
                home[_GOES + two] = int(home[_GOES + two]) | bit
            else:
                home[_GOES + one] = int(home[_GOES + one]) & (255 ^ bit)
                home[_GOES + two] = int(home[_GOES + two]) & (255 ^ bit)
    return changed


@micropython.viper
def next_home(cards: ptr8, heights: ptr8, columns: int, cells: ptr8, ncells: int,
              home: ptr8, safe: ptr8) -> int:
    """The first location (columns, then cells) whose top card autoplay may
    send home: a pile takes it whose bit safe[0] sets; -1 when none is."""
    bits = int(safe[0])
    for c in range(columns):
        h = int(heights[c])
        if h:
            card = int(cards[c * _CAP + h - 1])
            if int(home[_GOES + card]) & bits:
                return c
    for i in range(ncells):
        card = int(cells[i])
        if card != _EMPTY and int(home[_GOES + card]) & bits:
            return _CELL0 + i
    return -1
