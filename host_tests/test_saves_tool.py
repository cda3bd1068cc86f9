"""tools/saves.py shows saved files with the firmware's own code, locally and
pulled off a (virtual) board with mpremote."""

import os
import shutil
import sys

from conftest import ROOT, TOOLS, run
from keyplan import Driver
from test_flash import MPREMOTE, virtual_board  # noqa: F401  (a fixture)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402

from app.storage import Storage  # noqa: E402

SAVES = os.path.join(TOOLS, "saves.py")


def saved_files(folder):
    files = FakeFiles()
    d = Driver(617, storage=Storage(files))
    d.press("a", "a", "right", "a", "a", "b", "start")  # JD and KS to cells, undo
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


def test_show_takes_a_folder_as_verify_and_submit_do(tmp_path):
    """A folder: its saved files, a set-aside one too, nothing else; a
    folder without any is named (exit 2)."""
    paths = saved_files(str(tmp_path))
    os.rename(paths[0], paths[0] + ".bad1")  # game.sav set aside by a boot
    (tmp_path / "notes.txt").write_text("not a save")
    result = run([sys.executable, SAVES, "show", str(tmp_path)])
    assert result.returncode == 0, result.stdout + result.stderr
    shown = [line[3:] for line in result.stdout.splitlines() if line.startswith("== ")]
    assert shown == sorted([paths[0] + ".bad1"] + paths[1:])
    (tmp_path / "empty").mkdir()
    result = run([sys.executable, SAVES, "show", str(tmp_path / "empty")])
    assert result.returncode == 2 and "has no saved files" in result.stderr


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
    assert sorted(os.listdir(out)) == ["game.sav", "player.sav", "settings.sav", "stats.sav"]
    assert "deal #617, game 1 of the player's, in progress" in result.stdout
    assert "player FC" in result.stdout and "signing key: 16 bytes" in result.stdout


def test_usage_errors():
    assert run([sys.executable, SAVES]).returncode == 2
    assert run([sys.executable, SAVES, "show"]).returncode == 2
    r = run([sys.executable, SAVES, "pull", "--port", "/dev/none"])
    # no board is exit 2, bad usage's, not 1, a damaged file's
    assert r.returncode == 2 and "could not talk to the board on /dev/none" in r.stderr


def test_recent_games_say_how_each_ended(tmp_path):
    """Given up and won with the solver's help are not "won"; each result of
    the log is shown with what its replay says."""
    from freecell import notation
    from freecell.movelog import SOLVER
    files = FakeFiles()
    d = Driver(618, storage=Storage(files))
    d.press("start").choose("give_up")  # YES: given up (an untouched game left for another is not)
    d.app.new_game("617")
    game = d.game
    game.set_autoplay(False)
    with open(os.path.join(ROOT, "tools", "data", "617.moves")) as f:
        tokens = f.read().split()
    for i, token in enumerate(tokens):
        game.actor = SOLVER if i == len(tokens) - 1 else 0  # "show me" made the last move
        p = notation.parse_move(token)
        assert game.play(p) == 0
    d.app.do("end")
    for name in ("stats.sav", "result1.sav", "result2.sav"):
        with open(str(tmp_path / name), "wb") as f:
            f.write(files.files[name])
    out = run([sys.executable, SAVES, "show", str(tmp_path / "stats.sav")]).stdout
    assert "#617 won with the solver's help, " in out and "#618 given up, " in out
    assert " won," not in out
    out = run([sys.executable, SAVES, "show", str(tmp_path / "result1.sav"),
               str(tmp_path / "result2.sav")]).stdout
    assert "(freecell #618): given up, " in out and "0 moves, 0 undos" in out
    assert "(freecell #617): won, 52/52 home, 103 moves, 0 undos, classic score" in out
    assert "the solver played part of it" in out
    assert out.count("its log replays to it: confirmed") == 2
