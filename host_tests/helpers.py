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
        t.cells[i] = NO_CARD if word == "-" else cards.parse(word)
    for s in range(4):
        t.pile_up(s, home[s])
    return game


def snapshot(game):
    """Everything a player can see (stale bytes above a column's top excluded)."""
    t = game.table
    live = tuple(column_text(game, c) for c in range(t.columns))
    return (live, bytes(t.cells), bytes(t.foundations),
            game.moves, game.undos, game.score, game.state)


def column_text(game, c):
    t = game.table
    return " ".join(cards.text(t.card(c, t.heights[c] - 1 - i)) for i in range(t.heights[c]))


def solver_line(game, budget=50000, table_bits=16):
    """The solver's winning line from game's position, in standard notation
    (autoplay as the game has it); fails the test if it finds none."""
    from freecell.notation import move_text
    from freecell.solver import SOLVED, Solver

    solver = Solver(budget=budget, table_bits=table_bits)
    solver.start(game)
    while not solver.step(5000):
        pass
    assert solver.state == SOLVED
    return [move_text(m & 31, (m >> 5) & 31, m >> 10, game.variant.piles)
            for m in solver.moves(game.autoplay)]
