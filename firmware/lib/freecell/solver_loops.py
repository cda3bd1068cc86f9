"""The solver's inner loops, compiled to machine code on MicroPython.

Each function here is `@micropython.viper`: on a board it becomes machine
code working on machine ints, reading and writing bytearrays through ptr8
pointers; under CPython the decorator is compat's stand-in that does nothing,
so the same bodies run as plain Python and the tests check one code.  On the
emulated Pico the same search went from about 60 positions a second (these
loops in Python, already scoring a move by the two columns it changes) to
634 (make bench: pico_solver_pos_per_s).

What may be written here: ints only, every value under 2**30 (a viper int
is a machine word, a Python int is not); bytes and bytearrays through ptr8;
no allocation; no calls out of this module.  A call between these functions
goes through the runtime (about 25 us on the Pico) and, with ten arguments,
allocated on the 32-bit ports: keep such calls few and short of that.  A .mpy of this module is machine code for one
CPU: tools/flash.py compiles it for the board's (mpy-cross -march), and
mpy-cross without -march refuses it.  Nothing here knows the rules: the
solver hands in its tables (what stacks on what, the weights).
"""

import sys

from .compat import const, ptr8  # ptr8: viper's cast; plain Python's identity

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
_P1 = const(16777213)  # primes under 2**24: h * 61 + 52 stays under 2**30
_P2 = const(16777199)
# 4 * n ** 1.3 for n cards under a column's top run
_UNDER = b"\x00\x04\x09\x10\x18\x20\x29\x32\x3b\x45\x4f\x5a\x65\x70\x7b\x87\x93\x9f\xab"


@micropython.viper
def column_share(cards: ptr8, base: int, h: int, extra: ptr8, at: int, n: int,
                 home: ptr8, stacks: ptr8, w: ptr8) -> int:
    """A column's share of a position's rating (Solver._quality): the
    column is cards[base:base + h] with extra[at:at + n] put on top (a run
    that a candidate move would bring), so a move is rated without making it.
    home: the table's foundations (GOES: the piles each card may go to);
    stacks[card * 4 + s]: may card go on the
    card one rank higher of suit s;
    w: the strategy's weights (empty column, blocking, -, -, disorder, -, -,
    how disorder is counted)."""
    size = h + n
    if size == 0:
        return int(w[1])
    q = 0
    i = 0
    while i < size:  # the card each foundation wants next: those above it block
        card = cards[base + i] if i < h else extra[at + i - h]
        if home[_GOES + card]:
            q -= int(w[2]) * (size - 1 - i)
            break
        i += 1
    if w[7]:  # the cards under the top run, superlinear in their number
        i = size - 1
        while i > 0:
            card = cards[base + i] if i < h else extra[at + i - h]
            below = cards[base + i - 1] if i - 1 < h else extra[at + i - 1 - h]
            if (below >> 2) != (card >> 2) + 1 or not stacks[(card << 2) | (below & 3)]:
                break
            i -= 1
        under = ptr8(_UNDER)
        q -= (int(w[4]) * int(under[i])) >> 2
    else:  # the cards not on a proper card
        below = cards[base] if h > 0 else extra[at]
        i = 1
        while i < size:
            card = cards[base + i] if i < h else extra[at + i - h]
            if (below >> 2) != (card >> 2) + 1 or not stacks[(card << 2) | (below & 3)]:
                q -= int(w[4])
            below = card
            i += 1
    return q


@micropython.viper
def remember(seen: ptr8, mask: int, cards: ptr8, heights: ptr8, columns: int, cells: ptr8,
             ncells: int, home: ptr8) -> int:
    """Put the position in the table of positions seen (open addressing,
    6-byte slots: two 24-bit hashes, 0 an empty slot; mask = slots - 1);
    0 when it was there already, else 1.  Each hash ignores the order of the
    columns and of the cells (a position reached with two columns swapped is
    the same), and the cards on piles 0 and 1 (which the rest settles in
    games built by suit, but not in HalfCell): a sum, mod a prime under 2**24, of a polynomial hash of each
    column and a multiple of each cell's card; every product stays under
    2**30.  (Computed here, not by a second function: on the 32-bit ports a
    viper call with this many arguments allocated 96 bytes.)"""
    h1 = 0
    h2 = 0
    for c in range(columns):
        a = 7
        b = 7
        base = c * _CAP
        for i in range(int(heights[c])):
            card = int(cards[base + i]) + 1
            a = (a * 61 + card) % _P1
            b = (b * 59 + card) % _P2
        h1 = (h1 + a * 37 % _P1) % _P1
        h2 = (h2 + b * 41 % _P2) % _P2
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
        a = (int(seen[k]) << 16) | (int(seen[k + 1]) << 8) | int(seen[k + 2])
        if a == 0:
            break
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
def clear(buf: ptr8, n: int):
    """The first n bytes of buf to 0, allocating nothing (slice assignments
    would allocate a slice object each)."""
    for i in range(n):
        buf[i] = 0


@micropython.viper
def _emit(cand, n: int, most: int, src: int, dst: int, count: int, bonus: int) -> int:
    """Candidate n (src, dst, count; the tie-break bonus where its score
    goes), if there is room for it; returns the count of candidates."""
    if n >= most:
        return n
    out = ptr8(cand)
    j = 5 * n
    out[j] = src
    out[j + 1] = dst
    out[j + 2] = count
    out[j + 3] = bonus
    out[j + 4] = 0
    return n + 1


@micropython.viper
def list_moves(cards: ptr8, heights: ptr8, cells: ptr8, home: ptr8, stacks: ptr8,
               parent: ptr8, cand, limits: ptr8, runs: ptr8) -> int:
    """The legal moves of the position into cand (5 bytes each: src, dst,
    count, then the tie-break bonus that score_moves turns into the score);
    returns how many.  limits: free cells, kings only (may only a king
    head a run on an empty column), take back (may a foundation's top card
    come back to a column), room in cand, columns;
    runs[free cells * 11 + empty columns]: the longest run the rules let
    move (the empty columns not counting the target).
    Order: each free cell's card home, onto a column, into an empty column;
    with take back, each foundation's top card onto a column, into an empty
    column; then each column's top card home, every part of its top run onto a
    column that takes it, into an empty column (every length: each leads
    somewhere else), its top card into a free cell."""
    ncells = int(limits[0])
    kings_only = int(limits[1])
    most = int(limits[3])
    columns = int(limits[4])
    for i in range(52):  # card -> 1 + the column it may go on
        parent[i] = 0
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
        r = top >> 2
        if r:  # the cards one rank lower that the rules let go on it
            below = (r - 1) << 2
            for s in range(4):
                if stacks[((below | s) << 2) | (top & 3)]:
                    parent[below | s] = c + 1
    free_cell = -1
    free = 0
    for i in range(ncells):
        if int(cells[i]) == _EMPTY:
            if free_cell < 0:
                free_cell = _CELL0 + i
            free += 1
    onto_cards = int(runs[free * 11 + empties])
    onto_empty = int(runs[free * 11 + empties - 1]) if empties else 0
    n = 0
    for i in range(ncells):
        card = int(cells[i])
        if card == _EMPTY:
            continue
        g = int(home[_GOES + card])
        p = 0
        while g:  # home, to each pile that takes it
            if g & 1:
                n = int(_emit(cand, n, most, _CELL0 + i, _FOUND0 + p, 1, 3))
            g = g >> 1
            p += 1
        if parent[card]:
            n = int(_emit(cand, n, most, _CELL0 + i, int(parent[card]) - 1, 1, 2))
        if empty >= 0 and (not kings_only or card >> 2 == 12):
            n = int(_emit(cand, n, most, _CELL0 + i, empty, 1, 0))
    if limits[2]:
        stride = 26 if int(home[_RULE]) else 13
        for p in range(int(home[_PILES])):
            h = int(home[p])
            if h == 0:
                continue
            card = int(home[_PILED + p * stride + h - 1])
            if parent[card]:
                n = int(_emit(cand, n, most, _FOUND0 + p, int(parent[card]) - 1, 1, 0))
            if empty >= 0 and (not kings_only or card >> 2 == 12):
                n = int(_emit(cand, n, most, _FOUND0 + p, empty, 1, 0))
    for c in range(columns):
        h = int(heights[c])
        if h == 0:
            continue
        base = c * _CAP
        top = int(cards[base + h - 1])
        g = int(home[_GOES + top])
        p = 0
        while g:
            if g & 1:
                n = int(_emit(cand, n, most, c, _FOUND0 + p, 1, 3))
            g = g >> 1
            p += 1
        run = 1
        while run < h:
            card = int(cards[base + h - run])
            onto = int(cards[base + h - run - 1])
            if (onto >> 2) != (card >> 2) + 1 or not stacks[(card << 2) | (onto & 3)]:
                break
            run += 1
        for k in range(1, run + 1):
            card = int(cards[base + h - k])
            dst = int(parent[card]) - 1
            if dst >= 0 and dst != c and k <= onto_cards:
                # a run already on a proper card gains only if it empties
                # its column or uncovers a card wanted soon
                bonus = 2
                onto = int(cards[base + h - k - 1]) if k < h else 0
                if k < h and (onto >> 2) == (card >> 2) + 1 and stacks[(card << 2) | (onto & 3)]:
                    bonus = 0
                n = int(_emit(cand, n, most, c, dst, k, bonus))
        if empty >= 0:
            longest = run
            if onto_empty < longest:
                longest = onto_empty
            if h - 1 < longest:
                longest = h - 1
            for k in range(1, longest + 1):
                if not kings_only or int(cards[base + h - k]) >> 2 == 12:
                    n = int(_emit(cand, n, most, c, empty, k, 1))
        if free_cell >= 0:
            n = int(_emit(cand, n, most, c, free_cell, 1, 0))
    return n


@micropython.viper
def score_moves(cand, n: int, cards, heights: ptr8, cells, home, stacks, w,
                shares, quality: int, safe: ptr8, slow: ptr8) -> int:
    """Score the n candidates (2 bytes, over the bonus) by the position each
    leads to: this one's quality with the source and target columns rated
    anew (shares: each column's share now, as column_share gives it; w[3]
    a free cell's worth).  A move home, or one uncovering a card autoplay
    would send home (safe[0]: a bit for each pile whose next card may go),
    changes what
    every column waits for: those go into slow (their indices; the count is
    returned) for the solver to score by making them."""
    out = ptr8(cand)
    deck = ptr8(cards)
    wanted = ptr8(home)
    weight = ptr8(w)
    cell_worth = int(weight[3])
    nslow = 0
    for m in range(n):
        j = 5 * m
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
            q += int(column_share(cards, base, h, cards, 0, 0, home, stacks, w)) - int(shares[src])
            moved = cards
            at = base + h
        else:
            q += cell_worth  # a cell freed
            moved = cells
            at = src - _CELL0
        if dst >= _CELL0:
            q -= cell_worth
        elif int(heights[dst]) == 0:  # the run alone in a column
            q += int(column_share(cards, dst * _CAP, 0, moved, at, count, home, stacks,
                                  w)) - int(shares[dst])
        else:
            # onto a card that takes it: the run and the join are in order,
            # so the column's disorder stays its share's (column_share);
            # only the cards over the first one a foundation wants grow
            base = dst * _CAP
            top = base + int(heights[dst])
            i = base
            while i < top and not wanted[_GOES + deck[i]]:
                i += 1
            if i < top:
                q -= int(weight[2]) * count
            else:
                extra = ptr8(moved)
                i = 0
                while i < count and not wanted[_GOES + extra[at + i]]:
                    i += 1
                if i < count:
                    q -= int(weight[2]) * (count - 1 - i)
        score = 4 * q + int(out[j + 3])
        if score < 0:
            score = 0
        if score > 65535:
            score = 65535
        out[j + 3] = score >> 8
        out[j + 4] = score & 0xFF
    return nslow


@micropython.viper
def sort_moves(cand: ptr8, order: ptr8, n: int):
    """order[:n]: the candidates by score, best first (insertion sort,
    stable: equal scores keep the listing order)."""
    for i in range(n):
        order[i] = i
    for i in range(1, n):
        x = int(order[i])
        s = (int(cand[5 * x + 3]) << 8) | int(cand[5 * x + 4])
        j = i - 1
        while j >= 0:
            y = int(order[j])
            if ((int(cand[5 * y + 3]) << 8) | int(cand[5 * y + 4])) >= s:
                break
            order[j + 1] = y
            j -= 1
        order[j + 1] = x


@micropython.viper
def rate_columns(cards, heights: ptr8, columns: int, home, stacks, w, shares,
                 dirty: int) -> int:
    """The share (column_share) of each column whose bit is set in dirty
    into the list shares (the others' are as the list has them); returns
    the sum of every column's."""
    total = 0
    for c in range(columns):
        if (dirty >> c) & 1:
            shares[c] = column_share(cards, c * _CAP, int(heights[c]), cards, 0, 0, home, stacks, w)
        total += int(shares[c])
    return total


@micropython.viper
def transfer(steps: ptr8, first: int, last: int, back: int, cards: ptr8, heights: ptr8,
             cells: ptr8, home: ptr8):
    """Carry out the moves steps[3 * first:3 * last] (src, dst, count each;
    the caller has checked them), or with back take them back, last first.
    As table.Table.transfer does: a run keeps its order; cells and
    foundations take one card at a time, and a pile's change updates which
    cards it takes (table.home_put and home_take)."""
    stride = 26 if int(home[_RULE]) else 13
    k = first
    while k < last:
        i = last - 1 - (k - first) if back else k
        src = int(steps[3 * i + back])  # taken back: from where it went
        dst = int(steps[3 * i + 1 - back])
        count = int(steps[3 * i + 2])
        k += 1
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
