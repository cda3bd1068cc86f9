"""tools/fc.py: output formats, exit codes and messages for bad input."""

import os
import sys

import pytest

from conftest import TOOLS, run

FC = os.path.join(TOOLS, "fc.py")


def fc(*args, stdin=""):
    return run([sys.executable, FC] + list(args), stdin=stdin)


def test_deal_prints_eight_columns_bottom_card_first():
    out = fc("deal", "1").stdout.splitlines()
    assert len(out) == 8
    assert out[0] == "JD KD 2S 4C 3S 6D 6S"
    assert [line.split()[0] for line in out] == "JD 2D 9H JC 5D 7H 7C 5H".split()


def test_replay_prints_the_position_fc_solve_reads():
    r = fc("replay", "1", "3a", "32")
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1] == "Freecells: 2H - - -"
    assert lines[2] == ": JD KD 2S 4C 3S 6D 6S"
    assert lines[3] == ": 2D KC KS 5C TD 8S 9C 8D"
    assert lines[4] == ": 9H 9S 9D TS 4S"
    assert lines[-1] == "unsolved"


def test_replay_reads_moves_from_standard_input_with_fc_solve_noise():
    transcript = "-=-=-=-=-=-=-=-=-=-=-=-\n\n3a 32 \n\nThis game is solveable.\n" \
                 "Total number of states checked is 96.\nThis scan generated 161 states.\n"
    assert fc("replay", "1", stdin=transcript).stdout == fc("replay", "1", "3a", "32").stdout


def test_cells_option_limits_the_free_cells():
    r = fc("replay", "1", "--cells", "1", "3a", "3b")
    assert r.returncode == 2
    assert "move 2 ('3b') is not a move" in r.stderr
    assert fc("replay", "1", "--cells=2", "3b").stdout.splitlines()[1] == "Freecells: - 2H"


def test_an_illegal_move_names_the_move_and_why_and_exits_1():
    r = fc("replay", "1", "3a", "3h")
    assert r.returncode == 1
    assert r.stderr == "fc.py: move 2 (3h) is illegal: 8D can't go home yet\n"
    assert r.stdout.splitlines()[1] == "Freecells: 2H - - -"  # where it stopped


def test_autoplay_on_by_default_and_off_with_the_option():
    # deal 1: free the 2H? find a move that lets an ace go home
    on = fc("replay", "1", "5a", "5b", "5c", "5d").stdout
    off = fc("replay", "1", "--no-autoplay", "5a", "5b", "5c", "5d").stdout
    assert on.splitlines()[0] != "Foundations: H-0 C-0 D-0 S-0"  # AD went home by itself
    assert off.splitlines()[0] == "Foundations: H-0 C-0 D-0 S-0"


@pytest.mark.parametrize("args,message", [
    (["replay", "0"], "deal number must be 1 to 8589934591, not '0'"),
    (["replay", "-3"], "deal number must be a whole number, not '-3'"),
    (["deal", "8589934592"], "deal number must be 1 to 8589934591, not '8589934592'"),
    (["deal", "ten"], "deal number must be a whole number, not 'ten'"),
    (["deal"], "deal needs a deal number"),
    (["deal", "1", "2"], "deal takes one deal number, got 2"),
    (["replay", "1", "--cells", "9"], "--cells must be 1 to 4, not '9'"),
    (["replay", "1", "--cells"], "--cells needs a number, 1 to 4"),
    (["replay", "1", "--fast"], "unknown option '--fast' for replay"),
    (["replay", "1", "3a", "99"], "move 2 ('99') is not a move in standard notation"),
    (["solve-it"], "unknown command 'solve-it'"),
    ([], "no command given"),
])
def test_bad_input_gets_a_message_and_exit_2_never_a_traceback(args, message):
    r = fc(*args)
    assert r.returncode == 2
    assert r.stderr.startswith("fc.py: " + message)
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_help_goes_to_stdout():
    r = fc("--help")
    assert r.returncode == 0 and "fc.py replay N" in r.stdout
