# Soak: random button presses (short and long, every button) through the real
# input path, across every screen, with random power cuts: some strike in the
# middle of a write (at a random byte), some between writes; after each the
# firmware boots again from the files it saved.  After every press all 52
# cards are on the table and played = won + given up + in progress; the heap
# after a collection must not grow.  Run it with a board-sized heap:
#   micropython -X heapsize=...  app_soak.py PRESSES SEED FOLDER
import gc
import sys

# the boot order of firmware/main.py: the big buffers while the heap is whole
from boards import sim  # noqa: E402
from freecell.game import Game  # noqa: E402

GAME = Game()
gc.collect()
from app.app import App  # noqa: E402
from app import let_go  # noqa: E402
from app.keeper import Keeper  # noqa: E402
from app.storage import Storage
from drivers.flash_files import FlashFiles  # noqa: E402
from app import records_format as R

PRESSES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 1
FOLDER = sys.argv[3] if len(sys.argv) > 3 else "."
# d-pad and A most often, as a player would; B, START, SELECT less
WEIGHTS = bytearray(b"\x00\x00\x00\x01\x01\x01\x02\x02\x02\x03\x03\x03"
                    b"\x04\x04\x04\x04\x05\x05\x06\x07")
SCREENS = ("PlayScreen", "TitleScreen", "MenuScreen", "HelpScreen", "DealEntryScreen", "GameScreen",
           "EndScreen", "SettingsScreen", "StatsScreen", "CodeEntryScreen", "TournamentScreen",
           "ConfirmScreen", "NameEntryScreen")


BOOT_MODULES = set()  # what the first boot loaded: the rest a reset would forget


class PowerCut(Exception):
    pass


class FaultyFlash(FlashFiles):
    """Real files, but the power can go at a chosen byte of a write."""

    def __init__(self, folder):
        super().__init__(folder)
        self.cut_after = -1

    def write(self, name, parts):
        data = b"".join(bytes(part) for part in parts)
        if 0 <= self.cut_after < len(data):
            with open(self.path(name), "wb") as f:
                f.write(data[: self.cut_after])
            self.cut_after = -1
            raise PowerCut()
        FlashFiles.write(self, name, parts)


def boot(flash):
    """As main.py does: the keeper boots (the saved files loaded and checked)
    before the app is made.  (The app's code stays loaded across the soak's
    reboots, unlike a board's: the heap here is tighter than after a reset.)"""
    keeper = Keeper(Storage(flash))
    keeper.boot(GAME)
    gc.collect()
    app = App(sim.display, sim.keys, SEED, GAME, keeper=keeper)
    app.clock = CLOCK  # one day whenever it runs: the daily deals, and so the soak's path
    return app


def CLOCK():  # noqa: N802 - stands for the method it replaces
    return (2026, 12, 7)


def soak():
    flash = FaultyFlash(FOLDER)
    app = boot(flash)
    BOOT_MODULES.update(sys.modules)
    keys = sim.keys
    state = SEED
    now = 0
    first_half_max = second_half_max = 0  # ints: a list would grow the heap itself
    screens = 0
    boots = cut_writes = samples = 0
    due = False
    for i in range(PRESSES):
        state = (state * 4005 + 1) & 0xFFFF
        button = WEIGHTS[state % len(WEIGHTS)]
        ticks = 70 if (state >> 8) % 23 == 0 else 5  # now and then a long press
        roll = (state >> 4) % 1000
        if roll < 3:
            flash.cut_after = (state >> 2) % 1200  # the next write is cut short
        try:
            keys.mask = 1 << button
            for _ in range(ticks):
                now += 10
                app.tick(now)
            keys.mask = 0
            for _ in range(5):
                now += 10
                app.tick(now)
            cut = roll >= 997  # the power goes between writes
        except PowerCut:
            cut = True
            cut_writes += 1
        if cut:
            flash.cut_after = -1
            app = None
            # a reset forgets every module; the soak can forget those loaded
            # since boot (the solver's, a screen's), as a board's boot would not have them
            for name in list(sys.modules):
                if name not in BOOT_MODULES:
                    let_go(*name.split(".", 1)) if "." in name else sys.modules.pop(name)
            gc.collect()
            app = boot(flash)
            boots += 1
        if app.game.table.count_cards() != 52 or not app.keeper.stats.consistent():
            st = app.keeper.stats
            print("FAIL after press", i, app.game.table.count_cards(),
                  st.total(R.PLAYED), st.total(R.WINS), st.total(R.GIVEN_UP), st.in_progress)
            return
        screens |= 1 << SCREENS.index(type(app.screen).__name__)
        # the heap, sampled where no screen made on demand is held (their
        # code comes and goes with them: app.py's LAZY) and neither the
        # solver nor the thinker is (they come at the first question or the
        # first pause, the tables as large as the free memory then: their
        # size is the moment's, not a leak)
        if i % 500 == 499:
            due = True
        # (no name for the assistant: it would hold the old app's tables across a reboot)
        if due and app._held is None and app.assistant.solver is None \
                and app.assistant.thinker is None:
            due = False
            gc.collect()
            if i < PRESSES // 2:
                first_half_max = max(first_half_max, gc.mem_alloc())
            else:
                second_half_max = max(second_half_max, gc.mem_alloc())
            samples += 1
    st = app.keeper.stats
    print("presses", PRESSES)
    print("boots", boots)
    print("cut_writes", cut_writes)
    print("screens_seen", bin(screens).count("1"), "of", len(SCREENS))
    print("played", st.total(R.PLAYED), "won", st.total(R.WINS), "given_up", st.total(R.GIVEN_UP))
    print("heap_first_half_max", first_half_max)
    print("heap_second_half_max", second_half_max)
    print("heap_samples", samples)
    print("ok")


soak()
