"""Every game the engine plays, against the peers and under its own rules:
deals card for card with pysol-cards (Microsoft deals, PySol's layouts),
fc-solve's solutions (-g NAME) and our solver's lines replayed to 'solved',
illegal moves refused with the game's own reason, and saves that resume.
Without a peer a test skips with the reason, except in CI where it must run."""

import os
import random
import sys

import pytest

from conftest import TOOLS, need, run
from freecell import loadgame, notation, savefile
from freecell.cards import parse, text
from freecell.game import Game
from freecell.solver import SOLVED, Solver
from freecell.table import CELL0, COLUMN_CAP
from freecell.variants import VARIANTS, BakersGame, EightOff, Forecell, FreeCell, Seahaven, by_name
from test_peers import spread_of_deal_numbers

FC = os.path.join(TOOLS, "fc.py")
NAMES = [v.name for v in VARIANTS]
PEER_GAMES = ["bakers_game", "seahaven", "eight_off", "forecell"]


def dealt(name, n):
    game = Game(autoplay=False, variant=by_name(name)())
    game.deal(n)
    return game


def layout(game):
    """(cells, columns) as card texts, columns bottom first."""
    t = game.table
    cells = [text(t.cell_cards[i]) for i in range(t.cells)]
    columns = [[text(t.card(c, t.heights[c] - 1 - i)) for i in range(t.heights[c])]
               for c in range(t.columns)]
    return cells, columns


def pysol_layout(name, n):
    try:
        from pysol_cards.cards import CardRenderer
        from pysol_cards.deal_game import Game as PysolGame
        from pysol_cards.random_base import RandomBase
    except ImportError:
        need(False, "pysol-cards (pip install pysol-cards)")
    board = PysolGame(name, n, RandomBase.DEALS_MS).calc_layout_string(CardRenderer(True))
    cells = []
    columns = []
    for line in board.splitlines():
        if line.startswith("Freecells:"):
            cells = line.split()[1:]
        elif line.strip():
            columns.append(line.split())
    return cells, columns


@pytest.mark.parametrize("name", ["freecell"] + PEER_GAMES)
def test_deals_match_pysol_cards_card_for_card(name):
    for n in spread_of_deal_numbers(60, 11):
        cells, columns = pysol_layout(name, n)
        ours_cells, ours_columns = layout(dealt(name, n))
        assert ours_columns == columns, "%s deal %d" % (name, n)
        assert ours_cells == cells + ["-"] * (len(ours_cells) - len(cells)), "%s %d" % (name, n)


@pytest.mark.parametrize("name", PEER_GAMES)
def test_fc_py_deal_prints_the_cells_then_the_columns(name):
    out = run([sys.executable, FC, "deal", "617", "--game", name])
    assert out.returncode == 0, out.stderr
    game = dealt(name, 617)
    cells, columns = layout(game)
    head = ["Freecells: " + " ".join(cells)] if game.variant.dealt_cells else []
    assert out.stdout.splitlines() == head + [" ".join(c) for c in columns]


def fc_solve_line(name, n, env):
    board = run([sys.executable, FC, "deal", str(n), "--game", name]).stdout
    out = run(["fc-solve", "-g", name, "-m", "-snx"], stdin=board, env=env).stdout
    return out if "This game is solveable." in out else None


@pytest.mark.parametrize("name", PEER_GAMES)
def test_fc_solve_solutions_replay_to_solved(fc_solve, name):
    rng = random.Random(name)
    deals = list(range(1, 11)) + [rng.randrange(11, 2 ** 33) for _ in range(10)]
    replayed = 0
    for n in deals:
        transcript = fc_solve_line(name, n, fc_solve)
        if transcript is None:
            continue
        result = run([sys.executable, FC, "replay", str(n), "--game", name, "--no-autoplay"],
                     stdin=transcript)
        assert result.returncode == 0, "%s deal %d: %s" % (name, n, result.stderr)
        assert result.stdout.splitlines()[-1] == "solved"
        replayed += 1
    assert replayed >= 12, "fc-solve solved only %d of the deals" % replayed


def play_line(game, packed_moves):
    for packed in packed_moves:
        code = game.play(packed)
        assert code == 0, game.reason()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("autoplay", [True, False])
def test_our_solver_plays_every_game_and_its_lines_replay(name, autoplay):
    """The board's solver (a smaller table here, the same search) on deals
    1-8: each line it finds is legal in the game and wins it; a saved game
    taken halfway resumes and passes the loader's rule check."""
    solver = Solver(budget=20000, table_bits=15)
    solved = 0
    for n in range(1, 9):
        game = Game(autoplay=autoplay, variant=by_name(name)())
        game.deal(n)
        solver.start(game)
        while not solver.step(5000):
            pass
        if solver.state != SOLVED:
            continue
        line = solver.moves(autoplay)
        play_line(game, line[:len(line) // 2])
        resumed = Game()
        assert loadgame.decode_game(savefile.encode_game(game, n), resumed) == n
        assert resumed.variant.name == name
        assert notation.position_text(resumed) == notation.position_text(game)
        play_line(resumed, line[len(line) // 2:])
        assert resumed.is_won()
        solved += 1
    assert solved >= 4, "%s: %d of 8 solved" % (name, solved)  # the share: make bench


@pytest.mark.parametrize("name", NAMES)
def test_solve_and_replay_through_fc_py(name):
    solve = run([sys.executable, FC, "solve", "5", "--game", name, "--budget", "30000"])
    assert solve.returncode == 0, solve.stderr
    replay = run([sys.executable, FC, "replay", "5", "--game", name], stdin=solve.stdout)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.splitlines()[-1] == "solved"


# -- the rules, game by game -----------------------------------------------------


def table(variant, columns, cells=()):
    """A game of `variant` set to a position (cards not placed are absent)."""
    game = Game(autoplay=False, variant=variant)
    t = game.table
    t.clear()
    for c, words in enumerate(columns):
        for word in words.split():
            t.cards[c * COLUMN_CAP + t.heights[c]] = parse(word)
            t.heights[c] += 1
    for i, word in enumerate(cells):
        t.cell_cards[i] = 255 if word == "-" else parse(word)
    return game


def test_bakers_game_builds_by_suit():
    g = table(BakersGame(), ["KS 9H", "8H", "8C"] + ["KD"] * 5)
    assert g.move(2, 0) != 0 and g.reason() == "8C doesn't go on 9H"
    assert g.move(1, 0) == 0


@pytest.mark.parametrize("variant", [Seahaven(), EightOff(), Forecell()])
def test_only_a_king_goes_on_an_empty_column(variant):
    run = "2D KH QH" if variant.by_suit else "2D KS QH"
    columns = ["", "QH", run] + ["AC"] * (variant.columns - 3)
    g = table(variant, columns, ["JC"] + ["-"] * (variant.cells - 1))
    assert g.move(1, 0) != 0 and g.reason() == "only a king can go on an empty column"
    assert g.move(CELL0, 0) != 0 and g.reason() == "only a king can go on an empty column"
    assert g.move(2, 0, 2) == 0  # a run headed by a king


@pytest.mark.parametrize("variant,free,empty,limit", [
    (FreeCell(), 2, 1, 6), (BakersGame(), 2, 1, 6),
    (Seahaven(), 2, 1, 3), (EightOff(), 5, 2, 6), (Forecell(), 0, 3, 1),
])
def test_the_run_limit_is_fc_solves(variant, free, empty, limit):
    """Where only kings fill an empty column, empty columns carry no part of a
    run: free cells + 1 (fc-solve's calc_max_sequence_move)."""
    assert variant.supermove_limit(free, empty) == limit


def test_by_suit_games_send_any_next_card_home_by_autoplay():
    home = bytearray((2, 0, 0, 0))  # AC 2C home, no red card
    assert BakersGame().is_safe(parse("3C"), home)
    assert not FreeCell().is_safe(parse("3C"), home)
    assert not Forecell().is_safe(parse("3C"), home)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_deals_its_52_cards_once(name):
    for n in (1, 617, 2 ** 33 - 1):
        game = dealt(name, n)
        cells, columns = layout(game)
        cards = [c for c in cells if c != "-"] + [c for col in columns for c in col]
        assert sorted(cards) == sorted(text(c) for c in range(52))
        assert game.table.columns == game.variant.columns


def test_variants_keep_their_ids_and_names():
    """Saved games and statistics name a game by its id: never renumber."""
    assert [(v.id, v.name) for v in VARIANTS] == [
        (0, "freecell"), (1, "bakers_game"), (2, "seahaven"), (3, "eight_off"), (4, "forecell"),
        (5, "halfcell")]
    assert all(VARIANTS[v.id] is v for v in VARIANTS)


@pytest.mark.parametrize("args,message", [
    (["deal", "1", "--game", "spider"], "unknown game 'spider'"),
    (["replay", "1", "--game", "seahaven", "--cells", "2"],
     "seahaven is played with 4 free cells, not 2"),
    (["replay", "1", "--game"], "--game needs a game's name"),
])
def test_fc_py_refuses_unknown_games_and_cells_a_game_does_not_have(args, message):
    result = run([sys.executable, FC] + args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_variant_by_id_and_the_statistics_count_every_game():
    from app import records_format
    from freecell.game import variant_class

    assert records_format.GAMES == len(VARIANTS)
    for number in range(-1, len(VARIANTS) + 1):
        expected = VARIANTS[number] if 0 <= number < len(VARIANTS) else None
        assert variant_class(number) is expected


FREECELL_ONLY = """
import sys
sys.path[:0] = [%r, %r]
from keyplan import Driver
from test_sim import won_617_keys
d = Driver(617)
d.press(won_617_keys())
assert d.game.is_won(), "not won"
d.app.assistant.ready()
print(sorted(name for name in sys.modules if name.startswith(("freecell", "app"))))
"""


def test_a_freecell_game_loads_no_other_game():
    """rules.py holds FreeCell's rules: the other games' classes (2 KB of a
    board's heap) load only when one is played or the game list is shown."""
    here = os.path.dirname(os.path.abspath(__file__))
    result = run([sys.executable, "-c", FREECELL_ONLY % (TOOLS, here)],
                 env={"PYTHONPATH": os.path.join(os.path.dirname(TOOLS), "firmware", "lib")})
    assert result.returncode == 0, result.stdout + result.stderr
    loaded = result.stdout.strip()
    assert "'freecell.rules'" in loaded and "'freecell.game'" in loaded
    assert "'freecell.variants'" not in loaded, loaded
