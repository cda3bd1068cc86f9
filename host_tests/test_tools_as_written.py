"""The tools, run as the README writes them (`python3 tools/...`):
with a Python outside the project's .venv they still find its MicroPython
and mpremote; fc.py's help, budget and closed pipes; the result log's round
and file names; sim.py's help names every game."""

import os
import select
import shutil
import subprocess
import sys

import pytest

from app.storage import Storage
from conftest import ROOT, TOOLS, need, run
from freecell.variants import VARIANTS
from keyplan import Driver

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402

FC = os.path.join(TOOLS, "fc.py")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")


@pytest.fixture(scope="module")
def outside():
    """A Python that is not the .venv's, with a PATH that holds no .venv
    (as a newcomer's shell after make run): the system's python3."""
    python = shutil.which("python3", path="/usr/bin:/bin")
    need(python, "a python3 in /usr/bin (Debian's)")
    need(os.path.exists(os.path.join(VENV_BIN, "micropython")), "the .venv make run builds")
    return python, {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}


def test_sim_finds_the_venvs_micropython_when_run_with_another_python(outside):
    python, env = outside
    result = subprocess.run([python, os.path.join(TOOLS, "sim.py"), "--deal", "1", "--keys", "a",
                             "--state"], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert "using CPython" not in result.stderr and "no MicroPython" not in result.stderr
    assert result.stdout.startswith("Foundations:")


def test_saves_pull_finds_the_venvs_mpremote(outside, tmp_path):
    python, env = outside
    result = subprocess.run([python, os.path.join(TOOLS, "saves.py"), "pull", "--port",
                             "/dev/no-such-board", str(tmp_path)], capture_output=True,
                            text=True, env=env, cwd=ROOT, timeout=120)
    assert "mpremote is missing" not in result.stderr
    assert "could not talk to the board on /dev/no-such-board" in result.stderr, result.stderr


def test_the_virtual_board_finds_the_venvs_micropython(outside, tmp_path):
    python, env = outside
    need(shutil.which("socat", path=env["PATH"]), "socat (Debian package socat)")
    proc = subprocess.Popen([python, os.path.join(TOOLS, "virtual_board.py"), str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        first = proc.stdout.readline() if ready else ""
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert first.startswith("virtual board on "), (first, err)
    assert "micropython is missing" not in err
    # terminated, it stopped its board (socat and the interpreter with it,
    # and its pty's folder gone), as Ctrl-C does
    port = first.split()[3]
    assert not os.path.exists(os.path.dirname(port)), port


def test_fc_py_reader_that_stops_early_gets_no_traceback(micropython):
    for interpreter in (sys.executable, micropython):
        read, write = os.pipe()
        os.close(read)  # the reader is gone before the first line
        result = subprocess.run([interpreter, FC, "deal", "1"], stdout=write,
                                stderr=subprocess.PIPE, text=True, timeout=120)
        os.close(write)
        assert "Traceback" not in result.stderr and "Error" not in result.stderr, result.stderr


def test_fc_py_help_after_a_command_is_the_usage():
    for args in (["solve", "--help"], ["deal", "-h"], ["help"], ["--help"]):
        result = run([sys.executable, FC] + args)
        assert result.returncode == 0 and result.stdout.startswith("usage:"), (args, result.stderr)
        assert "unknown option" not in result.stderr


def test_fc_py_solve_that_gives_up_names_its_budget():
    result = run([sys.executable, FC, "solve", "617", "--budget", "50"])
    assert result.returncode == 3
    assert result.stderr == ("fc.py: gave up: its budget of 50 positions was spent without a"
                             " solution (try a bigger --budget)\n")


def test_a_tournament_rounds_result_says_its_round_and_the_first_result_is_result1(tmp_path):
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.choose("tournament")
    d.choose("tournament_random")
    d.press("a", "a")
    d.press("start").choose("give_up")
    assert sorted(n for n in files.files if n.startswith("result")) == ["result1.sav"]
    path = tmp_path / "result1.sav"
    path.write_bytes(files.files["result1.sav"])
    result = run([sys.executable, FC, "verify", str(path)])
    assert result.returncode == 0, result.stderr
    assert ", tournament round 1)" in result.stdout and "confirmed" in result.stdout
    shown = run([sys.executable, os.path.join(TOOLS, "saves.py"), "show", str(path)])
    assert ", tournament round 1)" in shown.stdout, shown.stdout
    with open(os.path.join(ROOT, "docs", "SCORES.md")) as f:
        scores = " ".join(f.read().split())
    assert "the first game writes `result1.sav`" in scores


def test_sim_help_names_every_game():
    result = run([sys.executable, os.path.join(TOOLS, "sim.py"), "--help"])
    text = " ".join(result.stdout.split())
    for v in VARIANTS:
        assert v.name in text, v.name
