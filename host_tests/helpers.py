"""Building positions for tests from card text, and snapshots to compare."""

from freecell import cards
from freecell.cards import NO_CARD
from freecell.game import Game
from freecell.table import COLUMN_CAP


def position(columns=(), cells=(), home=(0, 0, 0, 0), free_cells=4, autoplay=False):
    """A game set to a position: columns as 'KS QH JC' strings (bottom first),
    cells as card texts or '-', home as cards home per suit C D H S.  Cards not
    placed anywhere are simply absent (tests of rules need not use all 52)."""
    game = Game(cells=free_cells, autoplay=autoplay)
    t = game.table
    t.clear()
    for c, words in enumerate(columns):
        for word in words.split():
            t.cards[c * COLUMN_CAP + t.heights[c]] = cards.parse(word)
            t.heights[c] += 1
    for i, word in enumerate(cells):
        t.cell_cards[i] = NO_CARD if word == "-" else cards.parse(word)
    for s in range(4):
        t.pile_up(s, home[s])
    game.log.complete = False  # a position set by hand: no log from a deal leads here
    return game


def snapshot(game):
    """Everything a player can see (stale bytes above a column's top excluded)."""
    t = game.table
    live = tuple(column_text(game, c) for c in range(t.columns))
    return (live, bytes(t.cell_cards), bytes(t.foundations),
            game.moves, game.undos, game.score, game.state)


def column_text(game, c):
    t = game.table
    return " ".join(cards.text(t.card(c, t.heights[c] - 1 - i)) for i in range(t.heights[c]))


def solver_line(game, budget=50000, table_bits=16):
    """The solver's winning line from game's position, in standard notation
    (autoplay as the game has it); fails the test if it finds none."""
    from freecell.notation import packed_text
    from freecell.solver import SOLVED, Solver

    solver = Solver(budget=budget, table_bits=table_bits)
    solver.start(game)
    while not solver.step(5000):
        pass
    assert solver.state == SOLVED
    return [packed_text(m, game.variant.piles) for m in solver.moves(game.autoplay)]


def full_ring_and_log(deal=617):
    """A real game whose undo ring and action log are both full: a card to
    a free cell, then cell to cell until the ring is full, then undo and
    redo until the log is.  The largest game file a board writes."""
    from freecell.table import CELL0

    game = Game(autoplay=False)
    game.deal(deal)
    h = game.history
    assert game.move(0, CELL0, 1) == 0
    at = CELL0
    while h.end - h.first < h.capacity:
        assert game.move(at, at ^ 1, 1) == 0  # cell a <-> cell b
        at ^= 1
    while game.log.n < game.log.capacity:
        assert game.undo() == 0 if game.log.n % 2 else game.redo() == 0 or game.undo() == 0
    return game


def play_line(game, line):
    """Play moves in notation (solver_line's) on game; each must be legal."""
    from freecell import notation

    for token in line:
        p = notation.parse_move(token)
        assert game.play(p) == 0
