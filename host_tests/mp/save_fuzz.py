# Sealed lies: real saved games, taken at many points of real play, with a
# few bytes changed (or one history step sent from another column) and the
# checksum made right again.  Each must either be
# refused with a reason, or load as a sound game that then survives undo,
# redo and random moves with its 52 cards, each once.  Prints one summary
# line; the same on CPython and MicroPython.
import sys

from freecell import loadgame, savefile
from freecell.game import Game
from freecell.table import CELL0, FOUNDATION
from lcg import Lcg, mutate, mutate_step
from sound import sound


def real_saves(rng, count):
    """Saves of games played at random for a while (undo and redo among the moves)."""
    saves = []
    for k in range(count):
        g = Game(cells=1 + rng.next(4), autoplay=rng.next(3) > 0)
        g.deal(1 + rng.next(30000))
        for _ in range(rng.next(120)):
            roll = rng.next(12)
            if roll == 0:
                g.undo()
            elif roll == 1:
                g.redo()
            elif roll < 5:  # a column's top card to a free cell: high cards too
                g.move(rng.next(8), CELL0 + rng.next(g.table.cells))
            else:
                g.move(rng.next(FOUNDATION + 1), rng.next(FOUNDATION + 1), rng.next(4))
        # half say their log is not whole, and half of each that their ring
        # no longer reaches the deal (as after a long game): the loader then
        # judges them by the undo history alone, as it must such a game
        g.log.complete = k % 2 == 0
        g.history.from_deal = k % 4 < 2
        saves.append(savefile.encode_game(g, 1 + k))
    return saves


def exercise(game, rng):
    """Undo everything, redo everything, then random moves: never an
    exception, never a card lost or made twice."""
    for _ in range(game.history.capacity + 1):
        if game.undo():
            break
        if not sound(game):
            return "undo broke the cards"
    for _ in range(game.history.capacity + 1):
        if game.redo():
            break
        if not sound(game):
            return "redo broke the cards"
    for _ in range(40):
        game.move(rng.next(FOUNDATION + 1), rng.next(FOUNDATION + 1), rng.next(4))
        if not sound(game):
            return "a move broke the cards"
    return None


def main(cases):
    rng = Lcg(2026)
    saves = real_saves(rng, 40)
    loaded = refused = 0
    for case in range(cases):
        save = saves[case % len(saves)]
        # a quarter: a step sent from another column (undo then builds there)
        data = (case % 4 == 3 and mutate_step(save, rng)) or mutate(save, savefile.GAME, rng)
        game = Game()
        try:
            result = loadgame.decode_game(data, game)
            if isinstance(result, str):
                refused += 1
                continue
            loaded += 1
            if not sound(game):
                print("case", case, "loaded a table without its 52 cards")
                return
            problem = exercise(game, rng)
        except Exception as error:  # noqa: BLE001 - any exception is the finding
            print("case", case, "raised", type(error).__name__, error)
            return
        if problem:
            print("case", case, problem)
            return
    print("cases", cases, "loaded", loaded, "refused", refused, "ok")


main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
