"""The engine and the command line under the real MicroPython interpreter,
their output compared with CPython's; allocation counts asserted."""

import os
import sys

import pytest

from conftest import LIB, ROOT, TOOLS, run

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = ["engine_deals.py", "engine_play.py"]


def run_script(interpreter, script):
    env = {"MICROPYPATH": LIB, "PYTHONPATH": LIB}
    result = run([interpreter, os.path.join(HERE, "mp", script)], env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("script", SCRIPTS)
def test_engine_scripts_print_the_same_on_both_interpreters(micropython, script):
    on_cpython = run_script(sys.executable, script)
    on_micropython = run_script(micropython, script)
    assert on_cpython.count("\n") > 10
    assert on_micropython == on_cpython


def test_sealed_lies_in_saved_games_are_refused_or_load_sound(micropython):
    """host_tests/mp/save_fuzz.py: 20,000 real saves with bytes changed and
    the checksum made right, loaded, then undone, redone and played at
    random: refused with a reason, or sound throughout; the same on both
    interpreters.  (It finds the out-of-turn card home within 8,000 cases on
    the loader before that check.)"""
    script = os.path.join(HERE, "mp", "save_fuzz.py")
    env = {"MICROPYPATH": LIB, "PYTHONPATH": LIB}
    outputs = [run([interpreter, script, "20000"], env=env).stdout
               for interpreter in (micropython, sys.executable)]
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("cases 20000 loaded") and outputs[0].endswith(" ok\n")


BOOT_FUZZ_PATH = os.pathsep.join([LIB, ROOT, os.path.join(HERE, "fakes"), os.path.join(HERE, "mp")])


def boot_fuzz(interpreter, cases):
    env = {"MICROPYPATH": BOOT_FUZZ_PATH,
           "PYTHONPATH": os.pathsep.join([BOOT_FUZZ_PATH, os.path.join(TOOLS, "shims")])}
    result = run([interpreter, os.path.join(HERE, "mp", "boot_fuzz.py"), str(cases)], env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_sealed_lies_in_every_file_boot_to_a_playable_game(micropython):
    """host_tests/mp/boot_fuzz.py: 5,000 boots of the whole firmware on real
    flashes with one file changed and sealed (or cut, removed, or swapped for
    an older one), then random presses and a second boot: no exception, the
    cards sound, the statistics adding up, and nothing the firmware wrote
    set aside at the next boot.  Each file is both loaded and refused many
    times; CPython (slower: fewer cases) prints the same."""
    out = boot_fuzz(micropython, 5000)
    words = out.split()
    assert words[:2] == ["cases", "5000"] and words[-1] == "ok", out
    counts = [int(w) for w in words[2:] if w.isdigit()]
    assert len(counts) == 6 and min(counts) > 200, out
    assert boot_fuzz(sys.executable, 400) == boot_fuzz(micropython, 400)


def test_scripted_game_is_won_with_the_expected_score(micropython):
    out = run_script(micropython, "engine_play.py")
    assert "before finish 37 True" in out  # fc-solve's line ends with foundation moves
    # 100 transcript moves + 15 cards by finish; 52 home; bonus 700 - 2 * 115
    assert "finish 0 True 115 520 470 990" in out
    assert "state 1" in out


def test_allocation_on_micropython(micropython):
    out = run_script(micropython, "engine_alloc.py").split()
    figures = dict(zip(out[::2], out[1::2]))
    assert int(figures["moves_made"]) > 1000
    assert figures["deal_alloc_bytes"] == "0"
    assert figures["play_alloc_bytes"] == "0"


def test_alloc_script_skips_itself_on_cpython():
    assert run_script(sys.executable, "engine_alloc.py").strip() == "SKIP"


FC_CASES = [
    (["deal", "1"], None),
    (["deal", "8589934591"], None),
    (["replay", "1", "3a", "3h", "21"], None),
    (["replay", "1", "--no-autoplay", "--cells", "2", "5a", "5b", "5h"], None),
    (["replay", "617"], "13\n# comment-free stdin\n"),
    (["replay", "1", "--no-autoplay"], "-=-=-=\n\n5a 5b 5c 5d 5h b2 8b\nThis game is solveable.\n"),
    (["replay", "0"], None),
    (["replay", "1", "--cells", "9"], None),
    (["replay", "1", "z9"], None),
    (["solve", "1"], None),
    (["solve", "5", "--no-autoplay", "--cells", "3"], None),
    (["solve", "178", "--budget", "200"], None),
    (["deal", "5", "--game", "seahaven"], None),
    (["replay", "5", "--game", "eight_off", "--no-autoplay", "ch", "3b", "e3", "5k"], None),
    (["solve", "5", "--game", "bakers_game"], None),
    (["replay", "5", "--game", "seahaven", "10h", "a10"], None),
    (["solve", "5", "--game", "halfcell"], None),
    (["solve", "7", "--take-back"], None),
    (["replay", "1", "--no-autoplay", "--take-back", "6a", "6b", "6h", "h1c", "h11"], None),
    (["replay", "1", "--game", "halfcell", "--no-autoplay", "6a", "6b", "6h1", "6h2"], None),
    (["code", "encode", "--game", "halfcell", "8589934591"], None),
    (["code", "encode", "--cells", "1", "617"], None),
    (["code", "decode", "fc1-c4-aaaaabdwg"], None),
    (["code", "decode", "FC1-C4-AAAAABDWH"], None),
    (["code", "decode", "FC1-C\u00b2-AAAAABDWG"], None),
    (["code", "decode", "FC1-C4-\u0391AAAABDWG"], None),
    (["code"], None),
    (["verify"], None),
    (["verify", "/no/such/log"], None),
    (["frobnicate"], None),
    ([], None),
    (["--help"], None),
    # ASCII digits and blanks only, on both: other scripts' digits, a
    # superscript, a no-break space and an em space are refused alike
    (["deal", "\u0666\u0661\u0667"], None),
    (["deal", "617\u00a0"], None),
    (["deal", " 617\t"], None),
    (["solve", "1", "--budget", "\u00b2"], None),
    (["replay", "1"], "3a\u200332\n"),
    (["replay", "1"], "3a\t32\r\n\x0b"),
    # a 66 KB transcript: read in pieces, kept as 2 bytes a move
    (["replay", "1", "--no-autoplay"], "3a\n" + ("ab ba " * 10 + "\n") * 1100),
    (["replay", "1"], "3a" * 3000),  # one line longer than any: refused
]


@pytest.mark.parametrize("args,stdin", FC_CASES)
def test_fc_py_is_byte_identical_on_both_interpreters(micropython, args, stdin):
    fc = os.path.join(TOOLS, "fc.py")
    a = run([sys.executable, fc] + args, stdin=stdin or "")
    b = run([micropython, fc] + args, stdin=stdin or "")
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert "Traceback" not in a.stderr + b.stderr
