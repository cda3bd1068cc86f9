# Sealed lies through the whole firmware: the game, statistics and settings
# files a real session of presses saved, taken at many points, one of them
# changed (a few bytes, then the checksum made right again; or cut short,
# removed, or swapped for the same file of another moment), and the app
# booted on them and pressed at random.  After the boot and every press:
# no exception, each of the 52 cards once, no game won without them all
# home, played = won + given up + in progress.  A changed file either loads or is set aside with a note; and
# whatever the boot and the presses left on the flash loads cleanly at the
# next boot (nothing the firmware writes is ever set aside).  Prints one
# summary line; the same on CPython (tools/shims) and MicroPython.
#   boot_fuzz.py CASES
import sys

from boards import sim
from app.app import App
from app.storage import GAME, SETTINGS, STATS, Storage
from files import FakeFiles
from freecell import savefile
from freecell.game import Game
from lcg import Lcg, mutate
from sound import sound

NAMES = (GAME, STATS, SETTINGS)
KINDS = (savefile.GAME, b"S", b"O")
# d-pad and A most often, as a player would; B, START, SELECT less
WEIGHTS = b"\x00\x00\x01\x01\x02\x02\x03\x03\x04\x04\x04\x05\x05\x06\x07"


class Clock:
    now = 0


def press(app, keys, button, ticks=7):
    keys.mask = 1 << button
    for _ in range(ticks):
        Clock.now += 10
        app.tick(Clock.now)
    keys.mask = 0
    for _ in range(5):
        Clock.now += 10
        app.tick(Clock.now)


def boot(files):
    return App(sim.display, sim.keys, 1, Game(), Storage(files))


def real_flashes(rng, count):
    """Copies of the flash taken while a session of random presses plays."""
    files = FakeFiles()
    app = boot(files)
    kept = []
    while len(kept) < count:
        for _ in range(5 + rng.next(40)):
            press(app, sim.keys, WEIGHTS[rng.next(len(WEIGHTS))], 70 if rng.next(20) == 0 else 7)
        if GAME in files.files:
            kept.append(files.copy())
    return kept


def check(app, where):
    if not sound(app.game):
        return where + ": the cards are not each there once"
    if app.game.is_won() and app.game.cards_home() != 52:
        return where + ": a game won without its 52 cards home"
    if not app.keeper.stats.consistent():
        return where + ": the statistics do not add up"
    return None


def one_case(flashes, flash, rng, tally):
    which = rng.next(3)
    name = NAMES[which]
    files = flash.copy()
    how = rng.next(10)
    if how < 6:
        files.files[name] = mutate(files.files[name], KINDS[which], rng)
    elif how == 6:  # a write cut short, as if a power cut beat the rename
        files.files[name] = files.files[name][:rng.next(len(files.files[name]))]
    elif how == 7:
        del files.files[name]
    else:  # a real file of another moment: sound, but not this flash's
        files.files[name] = flashes[rng.next(len(flashes))].files[name]
    app = boot(files)
    notes = app.keeper.storage.notes
    refused = False
    for line in notes:
        refused = refused or line.startswith(("saved game", "statistics", "settings")[which])
    tally[which * 2 + (1 if refused else 0)] += 1
    if len(notes) > 1 or (notes and not refused):
        return "a note about a file that was not changed: " + notes[0]
    problem = check(app, "boot")
    for k in range(rng.next(12)):
        if problem:
            return problem
        press(app, sim.keys, WEIGHTS[rng.next(len(WEIGHTS))])
        problem = check(app, "press %d" % k)
    if problem:
        return problem
    app.keeper.flush(app.game)
    again = boot(files)
    if again.keeper.storage.notes:
        return "the next boot set aside: " + again.keeper.storage.notes[0]
    return check(again, "the next boot")


def main(cases):
    rng = Lcg(2027)
    flashes = real_flashes(rng, 30)
    tally = [0] * 6  # per file: loaded, set aside
    for case in range(cases):
        try:
            problem = one_case(flashes, flashes[case % len(flashes)], rng, tally)
        except Exception as error:  # noqa: BLE001 - any exception is the finding
            problem = "raised %s %s" % (type(error).__name__, error)
        if problem:
            print("case", case, problem)
            return
    print("cases", cases, "game", tally[0], tally[1], "stats", tally[2], tally[3],
          "settings", tally[4], tally[5], "ok")


main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
