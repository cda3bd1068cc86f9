"""The engine and the command line under the real MicroPython interpreter,
their output compared with CPython's; allocation counts asserted."""

import os
import sys

import pytest

from conftest import FUZZ, LIB, ROOT, TOOLS, run

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
    cases = 20000 * FUZZ
    outputs = [run([interpreter, script, str(cases)], env=env).stdout
               for interpreter in (micropython, sys.executable)]
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("cases %d loaded" % cases) and outputs[0].endswith(" ok\n")
    print(outputs[0])


BOOT_FUZZ_PATH = os.pathsep.join([LIB, ROOT, os.path.join(HERE, "fakes"), os.path.join(HERE, "mp")])


def boot_fuzz(interpreter, cases, *more):
    env = {"MICROPYPATH": BOOT_FUZZ_PATH,
           "PYTHONPATH": os.pathsep.join([BOOT_FUZZ_PATH, os.path.join(TOOLS, "shims")])}
    result = run([interpreter, os.path.join(HERE, "mp", "boot_fuzz.py"), str(cases)] + list(more),
                 env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def fuzz_counts(out, cases):
    """{name: [its numbers]} from 'cases N game 1 2 stats 3 4 ... ok'."""
    words = out.split()
    assert words[:2] == ["cases", str(cases)] and words[-1] == "ok", out
    counts = {}
    name = None
    for word in words[2:-1]:
        if word.isdigit():
            counts[name].append(int(word))
        else:
            name = word
            counts[name] = []
    return counts


def test_sealed_lies_in_every_file_boot_to_a_playable_game(micropython):
    """host_tests/mp/boot_fuzz.py: 5,000 boots of the whole firmware on real
    flashes (sessions that play daily deals and tournaments too) with one
    file changed and sealed (or cut, removed, swapped for an older one, or
    grown past any save, or left as an unfinished save), then random
    presses (and now and then every move undone and redone, each position
    drawn) and a second boot: no exception, the cards sound, no column past
    its room, the statistics adding up, and nothing the firmware wrote set
    aside at the next boot; every result the sessions wrote is confirmed by
    its replay.  Each file is both loaded and refused many times; CPython
    (slower: fewer cases) prints the same."""
    out = boot_fuzz(micropython, 5000 * FUZZ)
    print(out)
    counts = fuzz_counts(out, 5000 * FUZZ)
    for name in ("game", "stats", "settings"):
        assert min(counts[name]) > 200, counts
    assert counts["results"][0] > 200 and counts["confirmed"][0] >= 3, counts
    assert boot_fuzz(sys.executable, 400) == boot_fuzz(micropython, 400)


def test_sealed_lies_in_circuitpythons_nvm_regions_boot_to_a_playable_game(micropython):
    """The same over CircuitPython's nvm (NvmFiles): a damaged region is
    named once and cleared (there is no room to keep it), never named at
    the next boot."""
    out = boot_fuzz(micropython, 3000 * FUZZ, "nvm")
    print(out)
    counts = fuzz_counts(out, 3000 * FUZZ)
    for name in ("game", "stats", "settings"):
        assert min(counts[name]) > 100, counts


def cut_counts(out, cases):
    """{name: number} from 'cuts N uncut a judged b compactions c lost d ok'."""
    words = out.split()
    assert words[:2] == ["cuts", str(cases)] and words[-1] == "ok", out
    return dict(zip(words[2:-1:2], map(int, words[3:-1:2])))


def test_a_power_cut_at_any_write_or_between_two_files_loses_nothing(micropython):
    """boot_fuzz.py N cuts: sessions on real flashes (presses,
    daily deals, tournaments, new deals over games nobody touched, games
    given up) with the power cut at a random change of their files, inside
    it or just before it (the files of a step before it whole, the rest not
    begun), then a boot: no file set aside, no finished game lost, the
    statistics adding up.  Before: a cut between a withdrawn game's
    statistics and the next deal's files set the statistics aside (case 36
    of these).  The same on CPython."""
    out = boot_fuzz(micropython, 1000 * FUZZ, "cuts")
    print(out)
    counts = cut_counts(out, 1000 * FUZZ)
    assert counts["judged"] > 800 * FUZZ and counts["compactions"] == 0, counts
    assert boot_fuzz(sys.executable, 100, "cuts") == boot_fuzz(micropython, 100, "cuts")


def test_a_power_cut_in_nvm_loses_at_most_the_save_but_in_a_compaction(micropython):
    """The same over CircuitPython's nvm written as the port's C code
    writes it (fakes/nvm.py: an erase, then page programs, cut at any step):
    every cut outside a compaction loses nothing; a cut inside one (the one
    erase every dozen saves) is counted apart, the case one sector cannot
    protect (docs/CIRCUITPYTHON.md)."""
    out = boot_fuzz(micropython, 600 * FUZZ, "nvm", "cuts")
    print(out)
    counts = cut_counts(out, 600 * FUZZ)
    assert counts["judged"] > 300 * FUZZ and counts["compactions"] > 0, counts


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
    # a count past 19 was once a traceback on CPython and a
    # wrapped count on MicroPython; letters upper() makes ASCII on CPython
    # only; a code with a newline a two-line message
    (["replay", "1", "12v40"], None),
    (["replay", "1", "12v64"], None),
    (["replay", "1", "12v14"], None),
    (["code", "decode", "FC1-C4-AAAAABDW\u017f"], None),
    (["code", "decode", "FC1-C4-AAAAAB\u00dfG"], None),
    (["code", "decode", "FC1-C4-AAAAABD\ufb00"], None),
    (["code", "decode", "FC1-C4-AAAAA\nBDWG"], None),
    (["deal", "6\n17"], None),
    (["replay", "1"], "3a\nb\xe9\n"),
]


@pytest.mark.parametrize("args,stdin", FC_CASES)
def test_fc_py_is_byte_identical_on_both_interpreters(micropython, args, stdin):
    fc = os.path.join(TOOLS, "fc.py")
    a = run([sys.executable, fc] + args, stdin=stdin or "")
    b = run([micropython, fc] + args, stdin=stdin or "")
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert "Traceback" not in a.stderr + b.stderr


def run_bytes(cmd, stdin):
    import subprocess

    result = subprocess.run(cmd, input=stdin, capture_output=True, timeout=600)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("stdin", [b"3a\n\xff\xfe 32\n", b"3a \xe2\x80\n", b"\x00\x00"])
def test_standard_input_that_is_not_utf8_is_refused_alike(micropython, stdin):
    """Bytes that are not UTF-8 were read differently by the
    two interpreters; now both read bytes and refuse such a line."""
    fc = os.path.join(TOOLS, "fc.py")
    a = run_bytes([sys.executable, fc, "replay", "1"], stdin)
    b = run_bytes([micropython, fc, "replay", "1"], stdin)
    assert a == b and b"Traceback" not in a[2] and a[0] == 2


def test_verify_passes_over_names_that_are_not_utf8_and_never_opens_a_fifo(micropython, tmp_path):
    """A file name that is not UTF-8 was a UnicodeError
    traceback on MicroPython; a FIFO named result0.sav hung verify."""
    from freecell.game import Game
    from freecell.results import encode

    game = Game()
    game.deal(5)
    game.give_up()
    (tmp_path / "result1.sav").write_bytes(bytes(encode(game, 1)))
    (tmp_path / "other").mkdir()
    os.mkfifo(str(tmp_path / "result0.sav"))
    with open(os.path.join(str(tmp_path).encode(), b"result\xff.sav"), "wb") as f:
        f.write(b"x")
    fc = os.path.join(TOOLS, "fc.py")
    outs = [run([interpreter, fc, "verify", str(tmp_path)]) for interpreter in
            (sys.executable, micropython)]
    assert (outs[0].returncode, outs[0].stdout, outs[0].stderr) == \
        (outs[1].returncode, outs[1].stdout, outs[1].stderr)
    assert outs[0].returncode == 0 and outs[0].stdout.count("confirmed") == 1
    fifo = [run([interpreter, fc, "verify", str(tmp_path / "result0.sav")]) for interpreter in
            (sys.executable, micropython)]
    said = "fc.py: %s is not a file\n" % (tmp_path / "result0.sav")
    assert fifo[0].stderr == fifo[1].stderr == said


def test_forty_thousand_moves_as_arguments_replay_on_both(micropython):
    """They were a MemoryError traceback on MicroPython (the
    arguments joined into one string, then split again)."""
    fc = os.path.join(TOOLS, "fc.py")
    moves = ["3a"] + ["ab", "ba"] * 20000
    a = run([sys.executable, fc, "replay", "1", "--no-autoplay"] + moves)
    b = run([micropython, fc, "replay", "1", "--no-autoplay"] + moves)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert a.returncode == 0 and "Traceback" not in b.stderr
