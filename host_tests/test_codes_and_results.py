"""Game codes (freecell/codes.py) and results anyone can check
(freecell/movelog.py, freecell/results.py, tools/fc.py code and verify)."""

import os
import random
import sys

import pytest

from conftest import TOOLS, run
from freecell import codes, notation, results, scoring
from freecell.deal import DealNumber
from freecell.game import Game, GAVE_UP
from freecell.movelog import SOLVER, UNDO, REDO, FINISH, AUTOPLAY_OFF, is_move
from freecell.container import unwrap, wrap
from freecell.variants import VARIANTS

FC = os.path.join(TOOLS, "fc.py")
EDGES = [1, 2, 617, 1000000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 8589934591]


def fc(*args):
    return run([sys.executable, FC] + list(args))


def deal(n):
    number = DealNumber()
    assert number.set(n) is None
    return number


@pytest.mark.parametrize("kind", VARIANTS, ids=[v.name for v in VARIANTS])
def test_every_game_cells_and_deal_round_trip(kind):
    rng = random.Random(kind.id)
    numbers = EDGES + [rng.randrange(1, 8589934592) for _ in range(300)]
    for cells in kind.CELL_CHOICES:
        for n in numbers:
            code = codes.encode(kind(cells), deal(n))
            assert len(code) == 16 and code[:7] == "%s1-C%d-" % (kind.code, cells)
            variant, number = codes.decode(code)
            assert (type(variant), variant.cells, number.hi * 65536 + number.lo) == \
                (kind, cells, n)
            assert all(ch in codes.LETTERS for ch in code[7:])


def test_one_wrong_letter_or_two_swapped_are_always_caught():
    rng = random.Random(5)
    for _ in range(60):
        kind = rng.choice(VARIANTS)
        code = codes.encode(kind(), deal(rng.randrange(1, 8589934592)))
        letters = code[7:]
        for i in range(len(letters)):
            for ch in codes.LETTERS:
                if ch != letters[i]:
                    typo = code[:7] + letters[:i] + ch + letters[i + 1:]
                    assert codes.decode(typo) == codes.MISTYPED, typo
            for j in range(i + 1, len(letters)):
                if letters[i] != letters[j]:
                    swapped = list(letters)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    assert codes.decode(code[:7] + "".join(swapped)) == codes.MISTYPED
        # the cells too: another count fails the check before it is judged
        other = code[:5] + ("3" if code[5] != "3" else "2") + code[6:]
        assert isinstance(codes.decode(other), str)


@pytest.mark.parametrize("text,message", [
    ("", codes.BAD), ("FC1-C4-AAAAABDW", codes.BAD), ("FC1-X4-AAAAABDWG", codes.BAD),
    ("ZZ1-C4-AAAAABDWG", "no game has the code ZZ"),
    ("FC7-C4-AAAAABDWG", "a code of another version (this game reads FC1)"),
    ("FC1-C4-AAAAABD0G", "codes use letters only, never I, L or O"),
    ("FC1-C4-AAAAAIDWG", "codes use letters only, never I, L or O"),
    ("FC1-C²-AAAAABDWG", codes.BAD),
])
def test_what_is_not_a_code_says_why(text, message):
    assert codes.decode(text) == message


def test_a_code_past_the_last_deal_is_refused():
    # ZZZZZZZZ is 23^8 - 1, past 8,589,934,591: a correct check, no deal
    values = bytearray((0, 4)) + bytearray([22] * 8)
    code = "FC1-C4-" + "Z" * 8 + codes.LETTERS[codes._check(values)]
    assert codes.decode(code) == "the code names no deal (1 to 8589934591)"


def test_decoding_ignores_case_spaces_and_dashes():
    code = codes.encode(VARIANTS[2](), deal(5))
    assert codes.decode(code.lower().replace("-", " "))[1].text() == "5"


def test_fc_py_code_encode_and_decode():
    r = fc("code", "encode", "--game", "eight_off", "8589934591")
    assert r.returncode == 0 and r.stdout == "EO1-C8-CPAQUSRAX\n"
    r = fc("code", "decode", "EO1-C8-CPAQUSRAX")
    assert r.stdout == "game: eight_off\ncells: 8\ndeal: 8589934591\n"
    r = fc("code", "encode", "--cells", "2", "617")
    assert fc("code", "decode", r.stdout.strip()).stdout == "game: freecell\ncells: 2\ndeal: 617\n"
    r = fc("code", "decode", "FC1-C4-AAAAABDWH")  # one letter off
    assert r.returncode == 2 and "mistyped" in r.stderr and r.stdout == ""
    assert fc("code", "decode").returncode == 2
    assert fc("code", "encode", "0").returncode == 2
    assert fc("code", "encode", "--game", "seahaven", "--cells", "3", "1").returncode == 2


# -- the log and the results -------------------------------------------------

def transcript(name="617.moves"):
    with open(os.path.join(TOOLS, "data", name)) as f:
        return f.read().split()


def play(game, tokens):
    for token in tokens:
        p = notation.parse_move(token, game.variant.columns, game.variant.cells)
        assert game.play(p) == 0


def won_617(scheme=scoring.CLASSIC):
    """Deal 617 won with autoplay switched off first, an undo and a redo on
    the way, and the last cards sent home by FINISH."""
    game = Game()
    game.scoring = scheme
    game.deal(617)
    game.set_autoplay(False)
    tokens = transcript()
    play(game, tokens[:20])
    assert game.undo() == 0 and game.redo() == 0
    for token in tokens[20:]:
        if game.can_finish():
            break
        play(game, [token])
    game.home_before_finish = game.cards_home()
    assert game.finish() == 0
    return game


def test_the_log_holds_every_action_in_order():
    game = won_617()
    log = game.log
    entries = [log.entry(i) for i in range(log.n)]
    assert entries[0] == AUTOPLAY_OFF and entries[21:23] == [UNDO, REDO]
    assert entries[-1] == FINISH and log.complete and not log.by_solver()
    moves = [e for e in entries if is_move(e)]
    # every action counts as a move but the log's autoplay switch; FINISH
    # counts a move for each card it plays
    assert len(moves) == game.moves - 2 - (52 - game.home_before_finish)
    game.deal(5)
    assert game.log.n == 0 and game.log.complete


def result_of(game, serial=3, **kw):
    data = results.encode(game, serial, **kw)
    r = results.Result()
    assert r.decode(data) is None
    return data, r


@pytest.mark.parametrize("scheme", [scoring.CLASSIC, scoring.TIMED, scoring.BY_MOVES])
def test_a_real_game_is_confirmed(scheme):
    game = won_617(scheme)
    game.seconds = 444
    data, r = result_of(game)
    assert (r.moves, r.undos, r.score, r.home) == (game.moves, 1, game.final_score(), 52)
    assert r.check() is None
    assert r.line().startswith("FC1-C4-AAAAABDWG (freecell #617): won, 52/52 home, %d moves, "
                               "1 undos, %s score %d" % (game.moves, scoring.NAMES[scheme],
                                                         game.final_score()))
    assert r.line().endswith("by the player")


def test_a_game_given_up_is_confirmed_as_given_up():
    game = Game()
    game.deal(5)
    play(game, ["1a", "1b"])
    game.give_up()
    assert result_of(game)[1].check() is None


def edited(data, change):
    at, n = unwrap(data, results.RESULT, results.VERSION)
    payload = bytearray(data[at:at + n])
    change(payload)
    return wrap(results.RESULT, results.VERSION, payload, len(payload))


@pytest.mark.parametrize("what,change,says", [
    ("moves", lambda p: p.__setitem__(13, p[13] - 1), "the result says moves"),
    ("undos", lambda p: p.__setitem__(16, 0), "the result says undos 0"),
    ("score", lambda p: p.__setitem__(18, p[18] ^ 1), "the result says score"),
    ("ending", lambda p: p.__setitem__(9, GAVE_UP), "the result says ending given up"),
    ("an action", lambda p: p.__setitem__(29 + 2 * 30, p[29 + 2 * 30] ^ 1), ""),
    ("a cut log", lambda p: p.__setitem__(28, p[28] - 1), "wrong size"),
])
def test_an_edited_result_is_refuted(what, change, says):
    data, _ = result_of(won_617())
    r = results.Result()
    problem = r.decode(edited(data, change)) or r.check()
    assert problem and says in problem, (what, problem)
    assert problem.startswith(("action ", "the result says ", "the result record")), problem


def test_a_result_that_hides_the_solvers_moves_is_refuted():
    game = Game()
    game.deal(617)
    game.actor = SOLVER  # "show me" played the first move
    play(game, transcript()[:1])
    game.actor = 0
    play(game, ["5b"])
    game.give_up()
    assert game.assisted and game.log.by_solver()
    data, r = result_of(game)
    assert r.check() is None and r.by_solver
    assert r.line().endswith("the solver played part of it")
    cleared = edited(data, lambda p: p.__setitem__(7, p[7] & ~8))  # the flag off
    r = results.Result()
    assert r.decode(cleared) is None
    assert r.check() == "the result says solver moves none, the replay makes some"


def test_a_log_that_overflowed_cannot_be_checked():
    game = Game(log=3)
    game.deal(617)
    play(game, transcript()[:5])
    assert not game.log.complete
    game.give_up()
    r = result_of(game)[1]
    assert r.check().startswith("cannot be checked")


def write_log(folder, games):
    os.makedirs(folder, exist_ok=True)
    for serial, game in enumerate(games, 1):
        with open(os.path.join(folder, results.file_name(serial)), "wb") as f:
            f.write(results.encode(game, serial))


def test_fc_py_verify_confirms_a_log_and_refutes_an_edited_one(tmp_path):
    won = won_617()
    given_up = Game()
    given_up.deal(8)
    play(given_up, ["1a"])
    given_up.give_up()
    folder = str(tmp_path / "saves")
    write_log(folder, [won, given_up])
    with open(os.path.join(folder, "game.sav"), "wb") as f:  # not a result: ignored
        f.write(b"FCG")
    r = fc("verify", folder)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.endswith(": confirmed") for line in lines)
    assert lines[0].startswith("game 1: FC1-C4-AAAAABDWG (freecell #617): won, 52/52 home")
    assert "(freecell #8): given up, " in lines[1]
    path = os.path.join(folder, results.file_name(1))
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(edited(data, lambda p: p.__setitem__(13, p[13] + 2)))  # two moves more
    r = fc("verify", path, os.path.join(folder, results.file_name(2)))
    assert r.returncode == 1
    assert "the result says moves %d, the replay makes %d" % (won.moves + 2, won.moves) \
        in r.stdout
    assert r.stdout.splitlines()[1].endswith(": confirmed")


@pytest.mark.parametrize("content,message", [
    (b"FCR", "is not a result file: not a save file"),
    (b"", "is not a result file: not a save file"),
])
def test_fc_py_verify_bad_input_is_exit_2(tmp_path, content, message):
    path = str(tmp_path / "result0.sav")
    with open(path, "wb") as f:
        f.write(content)
    r = fc("verify", path)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr
    assert fc("verify", str(tmp_path / "nothing")).returncode == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    r = fc("verify", str(empty))
    assert r.returncode == 2 and "no result files" in r.stderr


def test_fc_py_verify_is_byte_identical_on_both_interpreters(micropython, tmp_path):
    folder = str(tmp_path / "log")
    timed = won_617(scoring.TIMED)
    timed.seconds = 321
    given_up = Game()
    given_up.deal(8)
    play(given_up, ["1a"])
    given_up.give_up()
    write_log(folder, [timed, given_up, won_617(scoring.BY_MOVES)])
    path = os.path.join(folder, results.file_name(2))
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(edited(data, lambda p: p.__setitem__(16, 3)))  # three undos claimed
    a = run([sys.executable, FC, "verify", folder])
    b = run([micropython, FC, "verify", folder])
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert a.returncode == 1 and len(a.stdout.splitlines()) == 3
    assert "timed score %d in 321 s" % (52 * 200 - 321) in a.stdout


def test_a_restart_after_the_solver_played_keeps_the_deal_helped():
    """RESTART DEAL clears the counters and the log, not the solver's help:
    the log's first entry says it, and the replay agrees."""
    game = Game()
    game.deal(617)
    game.actor = SOLVER
    play(game, transcript()[:3])
    game.actor = 0
    game.restart()
    assert game.assisted and game.log.n == 1 and game.log.by_solver()
    play(game, transcript()[:2])
    game.give_up()
    data, r = result_of(game)
    assert r.by_solver and r.check() is None
    # and a HELPED entry anywhere but first is refused
    moved = edited(data, lambda p: p.__setitem__(slice(29, 33), p[31:33] + p[29:31]))
    r = results.Result()
    assert r.decode(moved) is None and "comes after the game began" in r.check()
