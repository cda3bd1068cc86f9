# Sealed lies through the whole firmware: the game, statistics, settings and
# result files a real session saved, taken at many points, one of them
# changed (a few bytes, then the checksum made right again; or cut short,
# removed, swapped for the same file of another moment, or grown past any
# save), and the app booted on them and pressed at random.  The sessions
# play daily deals and tournaments as well as random presses (a finished
# daily deal's statistics were once refused at the next boot), and a
# boot now and then undoes every move and redoes them, drawing each
# position (a column grown past its room through undo).  After the boot and
# every press: no exception, each of the 52 cards once, no game won without
# them all home, played = won + given up + in progress.  A changed file
# either loads or is set aside with a note; whatever the boot and the
# presses left on the flash loads cleanly at the next boot (nothing the
# firmware writes is ever set aside); every result the sessions wrote is
# confirmed by replaying its log.  Prints one summary line; the same on
# CPython (tools/shims) and MicroPython.
#   boot_fuzz.py CASES [nvm] [cuts]   nvm: CircuitPython's nvm (NvmFiles, its
#                                     log, written as the port's C code does)
# With `cuts`, each case is a power cut instead: a session on a real flash
# plays on (presses, daily deals, tournaments, new deals over games nobody
# touched, games given up), and the power goes at a random write of its
# files: inside it, or between two files of one step (just before a write:
# the files before it whole, the rest not begun).  Then a boot: no note (a
# cut never leaves a file the boot sets aside), the statistics add up and
# count every game finished before the step that the cut interrupted, and
# the cards are sound.  On nvm, a cut inside a compaction (the one erase
# that lays the sector out anew) is counted apart: the one case nvm's
# single sector cannot protect (drivers/nvm_files.py).
import sys

from boards import sim
from app.app import App
from app.storage import GAME, SETTINGS, STATS, Storage, nvm_files
from files import FakeFiles, PowerCut
from nvm import FakeNvm
from freecell import savefile
from freecell.game import Game
from lcg import Lcg, mutate
from sound import sound

NVM = "nvm" in sys.argv[2:]
CUTS = "cuts" in sys.argv[2:]
NAMES = (GAME, STATS, SETTINGS, "result")  # result: one of the result files there
KINDS = (savefile.GAME, b"S", b"O", b"R")
LABELS = ("saved game", "statistics", "settings", "result log")
# d-pad and A most often, as a player would; B, START, SELECT less
WEIGHTS = b"\x00\x00\x01\x01\x02\x02\x03\x03\x04\x04\x04\x05\x05\x06\x07"
# what a session does besides random presses, now and then
EPISODES = ("daily", "tournament_random", "give_up", "next_round", "random")


class Clock:
    now = 0


class Flash:
    """The board's saved files, as FakeFiles or as CircuitPython's nvm."""

    def __init__(self, nvm=None, files=None):
        self.nvm = nvm
        self.files = files if files is not None else (nvm_files(nvm) if nvm else FakeFiles())

    def copy(self):
        if self.nvm is not None:
            nvm = self.nvm.copy()
            return Flash(nvm, nvm_files(nvm))
        return Flash(None, self.files.copy())

    def names(self):
        if self.nvm is not None:
            return [n for n in self.files.names if self.files.exists(n)]
        return list(self.files.files)

    def get(self, name):
        size = self.files.size(name)
        return None if size is None or size < 0 else self.files.read(name, size)

    def put(self, name, data):
        """The file as `data`; False where nvm has no place or no room for it."""
        try:
            self.files.write(name, (data,))
        except OSError:
            return False
        return True


def press(app, keys, button, ticks=7):
    keys.mask = 1 << button
    for _ in range(ticks):
        Clock.now += 10
        app.tick(Clock.now)
    keys.mask = 0
    for _ in range(5):
        Clock.now += 10
        app.tick(Clock.now)


def boot(flash):
    return App(sim.display, sim.keys, 1, Game(), Storage(flash.files))


def episode(app, rng):
    """A daily deal, a tournament, a game given up or a new one, as the
    menus would do it (their actions), in whatever state the app is."""
    action = EPISODES[rng.next(len(EPISODES))]
    if action == "give_up" and not app.in_progress:
        return
    if action == "next_round" and not app.keeper.stats.tournament:
        return
    if action == "daily":  # one of three days: a day's second try is a plain game
        day = 1 + rng.next(3)
        app.today = lambda: (2026, 12, day)
    app.do(action)
    if app.showing("confirm"):  # it asks first: yes
        app.do(action)


def real_flashes(rng, count):
    """Copies of the flash taken while a session of presses and episodes plays."""
    flash = Flash(FakeNvm()) if NVM else Flash()
    app = boot(flash)
    app.keeper.save_settings()  # as a player who has opened SETTINGS once
    kept = []
    while len(kept) < count:
        if rng.next(3) == 0:
            episode(app, rng)
        for _ in range(5 + rng.next(40)):
            press(app, sim.keys, WEIGHTS[rng.next(len(WEIGHTS))], 70 if rng.next(20) == 0 else 7)
        if flash.get(GAME) is not None:
            kept.append(flash.copy())
    return kept


def check(app, where):
    if not sound(app.game):
        return where + ": the cards are not each there once"
    if app.game.is_won() and app.game.cards_home() != 52:
        return where + ": a game won without its 52 cards home"
    if not app.keeper.stats.consistent():
        return where + ": the statistics do not add up"
    return None


def change(flash, name, which, flashes, rng):
    """One file of the flash changed; returns False when it is not there."""
    data = flash.get(name)
    if data is None:
        return False
    how = rng.next(12)
    if how < 6:
        return flash.put(name, mutate(data, KINDS[which], rng))
    if how == 6:  # a write cut short, as if a power cut beat the rename
        return flash.put(name, data[:rng.next(len(data))] or b"F")
    if how == 7:
        flash.files.remove(name)
        return True
    if how == 8:  # larger than any save of its kind (a save of a few KB)
        return flash.put(name, data + bytes(2048 + rng.next(4096 if not NVM else 1024)))
    if how == 9:  # the same, left where an unfinished save goes
        return flash.put(name + ".tmp", mutate(data, KINDS[which], rng) if rng.next(2)
                         else data[:rng.next(len(data))] + bytes(rng.next(3000)))
    # a real file of another moment: sound, but not this flash's
    other = flashes[rng.next(len(flashes))].get(name)
    return other is not None and flash.put(name, other)


def undo_everything(app):
    """Undo to the start, then redo to the end, drawing every position."""
    game = app.game
    for step in range(2000):
        if game.undo():
            break
        app.view.draw(game, app.play)
        if not sound(game):
            return "undo %d: the cards are not each there once, or a column is past its room" % step
    for step in range(2000):
        if game.redo():
            break
        app.view.draw(game, app.play)
    return None


def one_case(flashes, base, rng, tally):
    which = rng.next(3 if NVM else 4)
    flash = base.copy()
    name = NAMES[which]
    if which == 3:  # one of the result files there
        results = [n for n in flash.names() if n.startswith("result") and n.endswith(".sav")]
        if not results:
            which, name = 0, GAME
        else:
            name = results[rng.next(len(results))]
    changed = change(flash, name, which, flashes, rng)
    app = boot(flash)
    notes = app.keeper.storage.notes
    refused = False
    for line in notes:
        refused = refused or line.startswith(LABELS[which])
    tally[which * 2 + (1 if refused else 0)] += 1
    if len(notes) > 1 or (notes and not refused) or (refused and not changed):
        return "a note about a file that was not changed: " + notes[0]
    problem = check(app, "boot")
    if not problem and app.in_progress and rng.next(3) == 0:
        problem = undo_everything(app)
    for k in range(rng.next(12)):
        if problem:
            return problem
        press(app, sim.keys, WEIGHTS[rng.next(len(WEIGHTS))])
        problem = check(app, "press %d" % k)
    if problem:
        return problem
    app.keeper.flush(app.game)
    again = boot(flash)
    if again.keeper.storage.notes:
        return "the next boot set aside: " + again.keeper.storage.notes[0]
    return check(again, "the next boot")


def confirm_results(flashes):
    """Every result a session wrote is confirmed by its log's replay (or
    says it cannot be checked: its log was full).  Returns how many."""
    from freecell.results import Result

    seen = {}
    for flash in flashes:
        for name in flash.names():
            if name.startswith("result") and name.endswith(".sav"):
                seen[bytes(flash.get(name))] = name
    confirmed = 0
    for data in seen:
        result = Result()
        problem = result.decode(data) or result.check()
        if problem and not problem.startswith("cannot be checked"):
            return "result %s: %s" % (seen[data], problem), confirmed
        confirmed += 1
    return None, confirmed


class Cutter:
    """The flash's files with the power cut at their `at`-th change (a
    write, a rename, a remove): just before it (`inside` -1: the files of a
    step before it whole, the rest not begun), or `inside` bytes (on nvm,
    steps of its C code's work: fakes/nvm.py) into it."""

    def __init__(self, flash, at, inside):
        self.flash = flash
        self.files = flash.files
        self.at = at
        self.inside = inside
        self.calls = 0

    def __getattr__(self, name):  # the rest of the files' interface (atomic, holds, ...)
        return getattr(self.files, name)

    def _arm(self, writes):
        n = self.calls
        self.calls += 1
        if n != self.at:
            return
        if self.inside < 0 or not writes:
            raise PowerCut()
        (self.flash.nvm if self.flash.nvm is not None else self.files).cut_after = self.inside

    def write(self, name, parts):
        self._arm(True)
        return self.files.write(name, parts)

    def rename(self, old, new):
        self._arm(False)
        return self.files.rename(old, new)

    def remove(self, name):
        self._arm(False)
        return self.files.remove(name)


def finished(stats):
    from app.records_format import GIVEN_UP, WINS

    return stats.total(WINS) + stats.total(GIVEN_UP)


def cut_case(base, rng, tally):
    """A session on a copy of a real flash, the power cut at a random change
    of its files; then a boot.  None, or what went wrong."""
    flash = base.copy()
    erases = flash.nvm.erases if flash.nvm is not None else 0
    cutter = Cutter(flash, rng.next(12), -1 if rng.next(3) == 0 else rng.next(
        300 if rng.next(4) else 9000))
    app = App(sim.display, sim.keys, 1, Game(), Storage(cutter))
    done = finished(app.keeper.stats)
    try:
        for _ in range(60):
            done = finished(app.keeper.stats)  # what is finished before this step
            if rng.next(4) == 0:
                episode(app, rng)
            for _ in range(1 + rng.next(20)):
                press(app, sim.keys, WEIGHTS[rng.next(len(WEIGHTS))])
            app.keeper.flush(app.game)
        tally[0] += 1  # the session ended before its cut
        return None
    except PowerCut:
        pass
    in_compaction = flash.nvm is not None and flash.nvm.erases > erases
    again = App(sim.display, sim.keys, 1, Game(), Storage(Flash(flash.nvm, flash.files).files))
    notes = again.keeper.storage.notes
    lost = finished(again.keeper.stats) < done
    if in_compaction:  # nvm's one unprotected moment: counted, not judged
        tally[2] += 1
        tally[3] += 1 if notes or lost else 0
        return check(again, "a boot after a cut in a compaction")
    tally[1] += 1
    if notes:
        return "a cut left a file the boot set aside: " + notes[0]
    if lost:
        return "a cut lost finished games: %d before, %d after" % (
            done, finished(again.keeper.stats))
    return check(again, "the boot after a cut")


def cuts(cases):
    rng = Lcg(2028)
    flashes = real_flashes(rng, 20)
    tally = [0] * 4  # sessions not cut, cuts judged, cuts in a compaction, of which lost
    for case in range(cases):
        try:
            problem = cut_case(flashes[case % len(flashes)], rng, tally)
        except Exception as error:  # noqa: BLE001 - any exception is the finding
            problem = "raised %s %s" % (type(error).__name__, error)
        if problem:
            print("case", case, problem)
            return
    print("cuts", cases, "uncut", tally[0], "judged", tally[1], "compactions", tally[2],
          "lost", tally[3], "ok")


def main(cases):
    rng = Lcg(2027)
    flashes = real_flashes(rng, 30)
    problem, confirmed = (None, 0) if NVM else confirm_results(flashes)
    if problem:
        print("results", problem)
        return
    tally = [0] * 8  # per file: loaded, set aside
    for case in range(cases):
        try:
            problem = one_case(flashes, flashes[case % len(flashes)], rng, tally)
        except Exception as error:  # noqa: BLE001 - any exception is the finding
            problem = "raised %s %s" % (type(error).__name__, error)
        if problem:
            print("case", case, problem)
            return
    print("cases", cases, "game", tally[0], tally[1], "stats", tally[2], tally[3],
          "settings", tally[4], tally[5], "results", tally[6], tally[7],
          "confirmed", confirmed, "ok")


if CUTS:
    cuts(int(sys.argv[1]))
else:
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
