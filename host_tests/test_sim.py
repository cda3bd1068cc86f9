"""The simulator runs the firmware under MicroPython: golden frames for each
screen, the same frames under CPython, a whole game won through the buttons,
and the simulator's own command line.

Golden frames are plain PBM files in host_tests/golden; a change to one is a
deliberate, reviewed change: regenerate with `UPDATE_GOLDEN=1 make test` and
look at the diff (or the PNG from tools/sim.py)."""

import os
import sys

import pytest

from keyplan import keys_for_transcript
from conftest import ROOT, TOOLS, run

SIM = os.path.join(TOOLS, "sim.py")
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def moves(name):
    with open(os.path.join(ROOT, name)) as f:
        return f.read().split()


def won_617_keys():
    keys, driver = keys_for_transcript(617, moves("tools/data/617.moves"))
    assert driver.game.is_won()
    return " ".join(keys)


def halfcell_keys():
    """Deal 617 of HalfCell, autoplay on, the board's solver's first 30 moves:
    both piles under way, one past its first few cards."""
    from freecell.game import Game
    from freecell.variants import HalfCell
    from helpers import solver_line

    game = Game(variant=HalfCell())
    game.deal(617)
    tokens = solver_line(game)[:30]
    keys, driver = keys_for_transcript(617, tokens, autoplay_off=False, game="halfcell")
    assert min(driver.game.table.foundations[:2]) >= 2
    return " ".join(keys)


def long_column_keys(reveal=9):
    keys, driver = keys_for_transcript(252, moves("host_tests/data/252-long-column.moves"))
    column = max(range(8), key=lambda c: driver.game.table.heights[c])
    assert driver.game.table.heights[column] == 18
    p = driver.play
    step = "right" if (column - p.col) % 8 <= 4 else "left"
    walk = ["down"] * (1 if p.row == 0 else 0) + [step] * min((column - p.col) % 8,
                                                              (p.col - column) % 8)
    return " ".join(keys + walk + ["up"] * reveal)  # reveal a card deep in the column


def long_column_top_keys():
    return long_column_keys(reveal=0)


SCENARIOS = {  # name: (deal, keys[, display size])
    "title": (None, ""),
    "deal_entry": (None, "down*2 a a left up up"),
    "game_choice": (None, "down*2 a down*2"),
    "fresh_deal": (617, ""),
    "cursor_up_a_column": (617, "right*2 up*2"),
    "holding": (617, "a"),  # the cards held marked, the cursor on their best place
    "holding_two_places": (3, "a"),  # 3S: onto 4H (the cursor), or a free cell (marked)
    "holding_other_place": (3, "a right"),  # right: the other legal place
    "illegal_move": (617, "up a"),  # a pick-up the rules refuse, in words
    "menu": (617, "start"),
    "menu_refused": (617, "start down*2 a"),  # REDO struck through, and why
    "confirm_give_up": (617, "start down*10 a"),
    "controls": (None, "down*7 a"),
    "code_entry": (None, "down*3 a right*4 up"),
    "code_mistyped": (None, "down*3 a right*4 up a"),
    "tournament": (None, "down*4 a a"),
    "given_up": (617, "start down*10 a down a"),
    "long_column": (252, long_column_keys),
    "won": (617, won_617_keys),
    "hint": (1, "start down*4 a wait*10"),  # in words, the card and its place marked
    "thinking": (11982, "start down*6 a wait*30"),
    # the other games: ten narrow columns, twelve places on top (scrolling)
    "seahaven_deal": (617, "", "128x64", "seahaven"),
    "seahaven_holding_ten": (617, "left a", "128x64", "seahaven"),
    "eight_off_deal": (617, "", "128x64", "eight_off"),
    "eight_off_foundations": (617, "up*6 left*2", "128x64", "eight_off"),
    "forecell_deal": (617, "", "128x64", "forecell"),
    "bakers_game_holding": (617, "a", "128x64", "bakers_game"),
    "thumby_seahaven": (617, "left", "72x40", "seahaven"),
    "halfcell_deal": (617, "", "128x64", "halfcell"),
    "halfcell_home": (617, halfcell_keys, "128x64", "halfcell"),
    "thumby_halfcell_home": (617, halfcell_keys, "72x40", "halfcell"),
    # the Thumby's 72x40: four columns in view, scrolling with the cursor;
    # the top row whole in mini cards; the column under the cursor written
    # out in the strip (one line: thumby_fresh_deal; two: thumby_halfcell_home;
    # three: thumby_long_column_strip; up the column, no strip: thumby_long_column)
    "thumby_title": (None, "", "72x40"),
    "thumby_fresh_deal": (617, "", "72x40"),
    "thumby_scrolled": (617, "right*5 up*3", "72x40"),
    "thumby_long_column": (252, long_column_keys, "72x40"),
    "thumby_long_column_strip": (252, long_column_top_keys, "72x40"),
    "thumby_deal_entry": (None, "down*2 a a", "72x40"),
    "thumby_menu": (617, "long-b", "72x40"),
    "thumby_holding": (617, "a", "72x40"),
    "thumby_confirm": (617, "long-b down*10 a", "72x40"),
    "thumby_hint": (1, "long-b down*4 a wait*10", "72x40"),
    "thumby_settings": (None, "down*6 a down*6", "72x40"),
    "thumby_won": (617, won_617_keys, "72x40"),
    "thumby_code_entry": (None, "down*3 a", "72x40"),
    "thumby_cell_in_use": (617, "a a down", "72x40"),  # JD in a cell, the cursor on it
    # tall screens (96 rows and more): the 4x7 font, cards 8 rows a head;
    # on the PyBadge's 160x128 cards of 17 px with 7x7 suits
    "pybadge_title": (None, "", "160x128"),
    "pybadge_fresh_deal": (617, "", "160x128"),
    "pybadge_holding": (3, "a", "160x128"),
    "pybadge_menu": (617, "start", "160x128"),
    "pybadge_long_column": (252, long_column_keys, "160x128"),
    "pybadge_won": (617, won_617_keys, "160x128"),
    "pybadge_seahaven": (617, "left a", "160x128", "seahaven"),
    "pybadge_deal_entry": (None, "down*2 a a", "160x128"),
    "pybadge_controls": (None, "down*7 a", "160x128"),
    "square_title": (None, "", "128x128"),
    "square_fresh_deal": (617, "", "128x128"),
    "square_holding": (3, "a", "128x128"),
    "square_long_column": (252, long_column_keys, "128x128"),
    "square_menu": (617, "start", "128x128"),
    "square_seahaven": (617, "left a", "128x128", "seahaven"),
    "square_won": (617, won_617_keys, "128x128"),
    "square_settings": (None, "down*6 a", "128x128"),
}


def sim_frame(tmp_path, name, python=False):
    scenario = SCENARIOS[name]
    deal, keys, size, game = scenario + ("128x64", "freecell")[len(scenario) - 2:]
    if callable(keys):
        keys = keys()
    out = tmp_path / (name + (".py" if python else "") + ".pbm")
    cmd = [sys.executable, SIM, "--out", str(out), "--keys", keys, "--size", size,
           "--game", game]
    if deal is not None:
        cmd += ["--deal", str(deal)]
    if python:
        cmd.append("--python")
    result = run(cmd)
    assert result.returncode == 0, result.stderr
    return out.read_text()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_frame(micropython, tmp_path, name):
    frame = sim_frame(tmp_path, name)
    path = os.path.join(GOLDEN, name + ".pbm")
    if os.environ.get("UPDATE_GOLDEN") == "1" or not os.path.exists(path):
        with open(path, "w") as f:
            f.write(frame)
        if os.environ.get("UPDATE_GOLDEN") != "1":
            pytest.fail("no golden frame for %s: wrote one, review it" % name)
    with open(path) as f:
        assert frame == f.read(), "frame %s changed (see the module docstring)" % name


@pytest.mark.parametrize("name", ["fresh_deal", "illegal_move", "menu", "long_column",
                                  "thumby_scrolled", "seahaven_holding_ten",
                                  "eight_off_foundations"])
def test_cpython_draws_the_same_frames(micropython, tmp_path, name):
    assert sim_frame(tmp_path, name, python=True) == sim_frame(tmp_path, name)


def test_a_whole_game_won_through_the_buttons_on_micropython(micropython):
    result = run([sys.executable, SIM, "--deal", "617", "--keys", won_617_keys(), "--state"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "solved"
    assert result.stdout.splitlines()[0] == "Foundations: H-13 C-13 D-13 S-13"


def test_state_matches_fc_py_replay_after_some_moves(micropython):
    keys = "up a"  # deal 617: 4S JD is no run, refused; the state unchanged
    sim = run([sys.executable, SIM, "--deal", "617", "--keys", keys, "--state"]).stdout
    fc = run([sys.executable, os.path.join(TOOLS, "fc.py"), "replay", "617"]).stdout
    assert sim == fc


@pytest.mark.parametrize("args,message", [
    (["--keys", "up sideways"], "unknown button 'sideways'"),
    (["--deal", "0"], "deal number must be 1 to 8589934591, not '0'"),
    (["--out", "x.gif", "--keys", "a"], "--out must end in .png or .pbm"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["--seed", "x"], "--seed must be a whole number"),
])
def test_sim_bad_arguments_get_a_message(args, message):
    result = run([sys.executable, SIM] + args)
    assert result.returncode != 0
    assert message in result.stderr and "Traceback" not in result.stderr


def test_png_output_is_a_png(micropython, tmp_path):
    out = tmp_path / "t.png"
    assert run([sys.executable, SIM, "--deal", "1", "--out", str(out)]).returncode == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 500


def test_the_terminal_simulator_keeps_time_between_key_presses(micropython):
    """Interactive mode in a real pseudo-terminal: after SHOW ME the game
    plays itself, so the screen keeps changing with no key pressed."""
    import pty
    import select
    import time
    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator on the pty
        os.execv(sys.executable, [sys.executable, SIM, "--deal", "1"])

    def read_for(seconds):
        out = b""
        end = time.time() + seconds
        while time.time() < end:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
        return out

    try:
        first = read_for(2)
        assert b"keys: arrows move" in first
        for key in (b"\r",) + (b"\x1b[B",) * 5 + (b"z",):  # menu, SHOW ME
            os.write(fd, key)
            read_for(0.3)
        playing = read_for(3)
        assert playing.count(b"\x1b[H") >= 3, "the screen stood still"
        os.write(fd, b"q")
        read_for(1)
    finally:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        os.waitpid(pid, 0)


def test_an_output_folder_that_does_not_exist_is_a_message_not_a_traceback(tmp_path):
    r = run([sys.executable, SIM, "--deal", "617", "--out", str(tmp_path / "no" / "f.png")])
    assert r.returncode == 1 and "sim.py: cannot write" in r.stderr
    assert "Traceback" not in r.stderr


def test_quitting_and_starting_the_simulator_again_resumes_the_game(micropython, tmp_path):
    """The simulator keeps a flash (--flash, as make run keeps build/sim-flash):
    quit, start again, RESUME, and the game is where it was; --fresh starts
    clean."""
    flash = str(tmp_path / "flash")
    # two moves, then the menu (leaving the table saves, as quitting does;
    # a headless run's end is a power cut)
    first = run([sys.executable, SIM, "--deal", "617", "--keys", "a a right a a start", "--flash",
                 flash, "--state"])
    assert first.returncode == 0, first.stderr
    assert first.stdout != run([sys.executable, TOOLS + "/fc.py", "replay", "617"]).stdout
    again = run([sys.executable, SIM, "--keys", "a", "--flash", flash, "--state"])  # RESUME
    assert again.returncode == 0 and again.stdout == first.stdout
    out = tmp_path / "title.pbm"
    with open(os.path.join(flash, "player.sav"), "rb") as f:
        player = f.read()
    fresh = run([sys.executable, SIM, "--fresh", "--flash", flash, "--out", str(out)])
    assert fresh.returncode == 0
    with open(os.path.join(GOLDEN, "title.pbm")) as f:
        assert out.read_text() == f.read()  # no RESUME: the flash was emptied
    # a new board: its first boot made a player, with a key of its own
    assert sorted(os.listdir(flash)) == ["player.sav"]
    with open(os.path.join(flash, "player.sav"), "rb") as f:
        assert f.read() != player


def test_a_sleeping_display_shows_dark(micropython, tmp_path):
    out = tmp_path / "asleep.pbm"
    r = run([sys.executable, SIM, "--deal", "617", "--keys", "wait*1250", "--out", str(out)])
    assert r.returncode == 0, r.stderr
    rows = out.read_text().split("\n")[3:]
    assert not any("1" in row for row in rows)  # two minutes idle: the panel is off
    r = run([sys.executable, SIM, "--deal", "617", "--keys", "wait*1250 left", "--out", str(out)])
    assert any("1" in row for row in out.read_text().split("\n")[3:])  # a key wakes it
