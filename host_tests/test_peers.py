"""Against the reference peers: deals card for card with fc-solve's
make-microsoft-freecell-board and with pysol-cards, and fc-solve's solutions
replayed to 'solved' through tools/fc.py.  Without a peer the test skips with
the reason, except in CI where it must run."""

import os
import random
import sys

import pytest

from conftest import TOOLS, need, run
from freecell import notation
from freecell.game import Game

FC = os.path.join(TOOLS, "fc.py")


def spread_of_deal_numbers(count, seed):
    """Numbers across the whole range, with every boundary in it."""
    rng = random.Random(seed)
    edges = [1, 2, 11982, 1000000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 33 - 1]
    per_range = (count - len(edges)) // 3
    numbers = list(edges)
    for low, high in ((1, 2 ** 31), (2 ** 31, 2 ** 32), (2 ** 32, 2 ** 33)):
        numbers += [rng.randrange(low, high) for _ in range(per_range)]
    return numbers


def our_deal(n):
    result = run([sys.executable, FC, "deal", str(n)])
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_deals_match_make_microsoft_freecell_board(fc_solve):
    for n in spread_of_deal_numbers(300, 7):
        theirs = run(["make-microsoft-freecell-board", "-t", str(n)], env=fc_solve).stdout
        raw = Game(autoplay=False)  # autoplay might send aces home at once
        raw.deal(n)
        ours = "".join(line[2:] + "\n" for line in
                       notation.position_text(raw).splitlines()[2:10])
        assert ours == theirs, "deal %d differs" % n


def test_fc_py_deal_output_is_exactly_make_microsoft_freecell_board(fc_solve):
    for n in spread_of_deal_numbers(30, 8):
        theirs = run(["make-microsoft-freecell-board", "-t", str(n)], env=fc_solve).stdout
        assert our_deal(n) == theirs


def test_deals_match_pysol_cards():
    try:
        from pysol_cards.cards import CardRenderer
        from pysol_cards.deal_game import Game as PysolGame
        from pysol_cards.random_base import RandomBase
    except ImportError:
        need(False, "pysol-cards (pip install pysol-cards)")
    for n in spread_of_deal_numbers(120, 9):
        theirs = PysolGame("freecell", n, RandomBase.DEALS_MS).calc_layout_string(
            CardRenderer(True))
        game = Game(autoplay=False)
        game.deal(n)
        ours = "".join(line[2:] + "\n" for line in
                       notation.position_text(game).splitlines()[2:10])
        assert ours == theirs, "deal %d differs" % n


def solve(n, env, cells=4):
    board = run(["make-microsoft-freecell-board", "-t", str(n)], env=env).stdout
    out = run(["fc-solve", "-m", "-snx", "-l", "lg", "--freecells-num", str(cells)],
              stdin=board, env=env).stdout
    return out if "This game is solveable." in out else None


@pytest.mark.parametrize("cells,count", [(4, 110), (3, 25), (2, 15)])
def test_fc_solve_solutions_replay_to_solved(fc_solve, cells, count):
    rng = random.Random(cells)
    deals = list(range(1, 61)) + [rng.randrange(61, 2 ** 33) for _ in range(60)]
    replayed = 0
    for n in deals:
        transcript = solve(n, fc_solve, cells)
        if transcript is None:
            continue
        result = run([sys.executable, FC, "replay", str(n), "--no-autoplay",
                      "--cells", str(cells)], stdin=transcript)
        assert result.returncode == 0, "deal %d: %s" % (n, result.stderr)
        assert result.stdout.splitlines()[-1] == "solved"
        replayed += 1
        if replayed == count:
            break
    assert replayed == count


def test_our_positions_are_read_back_by_fc_solve(fc_solve):
    # play part of a game, print the position, and let fc-solve finish it
    transcript = solve(617, fc_solve)
    first_moves = [t for line in transcript.splitlines() if not notation.is_noise(line)
                   for t in line.split()][:20]
    mid = run([sys.executable, FC, "replay", "617", "--no-autoplay"] + first_moves)
    assert mid.returncode == 0
    position = "\n".join(mid.stdout.splitlines()[:-1]) + "\n"
    rest = run(["fc-solve", "-m", "-snx", "-l", "lg"], stdin=position, env=fc_solve).stdout
    assert "This game is solveable." in rest
    end = run([sys.executable, FC, "replay", "617", "--no-autoplay"],
              stdin=" ".join(first_moves) + "\n" + rest)
    assert end.returncode == 0, end.stderr
    assert end.stdout.splitlines()[-1] == "solved"
