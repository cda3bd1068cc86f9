"""tools/saves.py shows saved files with the firmware's own code, locally and
pulled off a (virtual) board with mpremote."""

import os
import shutil
import sys

from conftest import TOOLS, run
from keyplan import Driver
from test_flash import MPREMOTE, virtual_board  # noqa: F401  (a fixture)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402

from app.storage import Storage  # noqa: E402

SAVES = os.path.join(TOOLS, "saves.py")


def saved_files(folder):
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "up", "a", "down", "right", "a", "up", "a", "b", "start")
    d.choose("settings").press("down", "a", "b")  # settings: contrast up one
    for name, data in files.files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    return sorted(os.path.join(folder, n) for n in files.files)


def test_show_prints_the_game_the_statistics_and_the_settings(tmp_path):
    paths = saved_files(str(tmp_path))
    result = run([sys.executable, SAVES, "show"] + paths)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "freecell deal #617, game 1 of the player's, in progress" in out
    assert "moves 3, undos 1, score 0, cards home 0/52" in out
    assert "undo history: 1 moves can be undone, 1 redone" in out
    assert "Freecells: JD - - -" in out
    assert "played 1: won 0 (0%), given up 0, in progress 1" in out
    assert "game freecell, autoplay on, contrast 4/4, flip off, free cells 4" in out


def test_show_names_what_is_wrong_with_a_damaged_file(tmp_path):
    paths = saved_files(str(tmp_path))
    game = [p for p in paths if p.endswith("game.sav")][0]
    with open(game, "r+b") as f:
        f.truncate(50)
    result = run([sys.executable, SAVES, "show", game, str(tmp_path / "nothing.sav")])
    assert result.returncode == 1
    assert "damaged: the file is cut short" in result.stdout
    assert "cannot read it: No such file or directory" in result.stdout
    assert "Traceback" not in result.stderr


def test_pull_copies_the_files_off_the_board_and_shows_them(virtual_board, tmp_path):
    for path in saved_files(str(tmp_path)):
        shutil.copy(path, virtual_board.flash_dir)
    out = tmp_path / "pulled"
    result = run([sys.executable, SAVES, "pull", "--port", virtual_board.port, str(out)])
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(out)) == ["game.sav", "settings.sav", "stats.sav"]
    assert "deal #617, game 1 of the player's, in progress" in result.stdout


def test_usage_errors():
    assert run([sys.executable, SAVES]).returncode == 2
    assert run([sys.executable, SAVES, "show"]).returncode == 2
    r = run([sys.executable, SAVES, "pull", "--port", "/dev/none"])
    # no board is exit 2, bad usage's, not 1, a damaged file's (issue 11)
    assert r.returncode == 2 and "could not talk to the board on /dev/none" in r.stderr


def test_recent_games_say_how_each_ended(tmp_path):
    """Given up and finished by the solver are not "won" (they were)."""
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.app.act("give_up")
    d.app.new_game("618")
    d.app.act("end_by_solver")
    path = str(tmp_path / "stats.sav")
    with open(path, "wb") as f:
        f.write(files.files["stats.sav"])
    out = run([sys.executable, SAVES, "show", path]).stdout
    assert "#618 finished by the solver, " in out and "#617 given up, " in out
    assert " won," not in out
