"""Nothing lost, on the board's side: a power cut
between two files of one step (a game nobody touched withdrawn, then the
next deal's files), a result file whose bits flipped on the flash, and
names a board keeps tidied as the leaderboard takes them.  Each a test
that failed before.  (The fuzzer that cuts between files is boot_fuzz.py's
`cuts`, in test_micropython.py; the leaderboard's side is
test_server_guard.py.)"""

import os
import sys

import pytest

from app import records_format as R
from app.storage import GAME, Storage, nvm_files
from freecell import results
from freecell.game import Game
from keyplan import Driver

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles, PowerCut  # noqa: E402
from nvm import FakeNvm  # noqa: E402


class CutAt:
    """The files, the power cut just before the first write of `name` once
    armed: the files of a step before it whole, the rest not begun."""

    def __init__(self, files, name):
        self.files = files
        self.name = name
        self.armed = False

    def __getattr__(self, attribute):
        return getattr(self.files, attribute)

    def write(self, name, parts):
        if self.armed and name.startswith(self.name):
            self.armed = False
            raise PowerCut()
        return self.files.write(name, parts)


def finished(st):
    return st.total(R.WON) + st.total(R.GIVEN_UP)


@pytest.mark.parametrize("where", ["flash", "nvm"])
def test_a_cut_between_a_withdrawn_game_and_the_next_deal_keeps_the_statistics(where):
    """Dealing over a game with no move made withdraws it (its statistics
    saved at once), then saves the next deal's game.  Before: the power cut
    between the two left statistics whose serial was ahead of the games
    played, and the next boot set them all aside ("the statistics do not
    add up"; on nvm: cleared for good): 5 games given up became none."""
    base = FakeFiles() if where == "flash" else nvm_files(FakeNvm())
    files = CutAt(base, GAME)
    d = Driver(storage=Storage(files))
    for deal in range(1, 6):  # five games, a move each, given up
        d.app.new_game(str(deal))
        assert d.game.move(0, 10) == 0  # (a column's top card to a free cell)
        d.press("start").choose("give_up")
    d.app.new_game("6")  # dealt, nobody touched it
    assert d.app.keeper.stats.in_progress
    files.armed = True
    with pytest.raises(PowerCut):
        d.app.new_game("7")  # over it: withdrawn, then the power goes
    again = Driver(storage=Storage(base))
    assert again.app.keeper.storage.notes == []
    st = again.app.keeper.stats
    assert finished(st) == 5
    assert st.total(R.PLAYED) == finished(st) + (1 if st.in_progress else 0)


def test_a_result_file_with_a_flipped_bit_is_named_and_set_aside_at_boot():
    """Before: a result file damaged on the flash was left as it was and
    read back without a word (by the share of it, the upload, verify)."""
    from helpers import play_line, solver_line

    files = FakeFiles()
    d = Driver(storage=Storage(files))
    d.app.new_game("617")
    play_line(d.game, solver_line(d.game))
    d.app.do("end")
    name = [n for n in files.files if n.startswith("result")][0]
    data = bytearray(files.files[name])
    data[40] ^= 4
    files.files[name] = bytes(data)
    again = Driver(storage=Storage(files))
    notes = again.app.keeper.storage.notes
    assert len(notes) == 1 and notes[0].startswith("result log: the checksum does not match")
    assert name + ".bad1" in files.files and name not in files.files
    assert Driver(storage=Storage(files)).app.keeper.storage.notes == []  # named once


@pytest.mark.parametrize("typed,kept", [(b"ALI  CE", b"ALI CE"), (b" ALICE  ", b"ALICE"),
                                        (b"BOB", b"BOB")])
def test_a_name_is_kept_as_the_leaderboard_takes_it(typed, kept):
    """The name editor's eight places can hold "ALI  CE" or " ALICE": kept
    tidied (the leaderboard refuses the untidy ones as look-alikes), and a
    name an earlier version kept untidy is signed tidied."""
    from app import player

    files = FakeFiles()
    storage = Storage(files)
    player.load(storage)
    assert player.rename(storage, typed) is None
    assert player.load(storage)[0] == kept
    storage.save(player.PLAYER, player.encode(typed, player.load(storage)[1]))  # (as before)
    game = Game()
    game.deal(5)
    game.move(0, 10)
    game.give_up()

    class Keeper:
        pass

    keeper = Keeper()
    keeper.storage = storage
    keeper.stats = Driver(storage=Storage(FakeFiles())).app.keeper.stats
    assert player.save_result(keeper, game, 1, False, 0) is None
    result = results.Result()
    assert result.decode(files.files[results.file_name(1)]) is None
    assert bytes(result.name) == kept and results.name_problem(result.name) is None
