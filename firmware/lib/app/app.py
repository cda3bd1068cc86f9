"""The app: owns the game, the screens and the buttons, and switches between
screens on the actions they return.  tick() reads the keys, handles their
events and redraws only when something changed; run() is the board's loop.

Construct it with hardware passed in: a display (a framebuf.FrameBuffer with
width, height and show(); contrast(), flip(), poweroff() and poweron() are
used when it has them) and keys (get_pressed() -> K_* bitmask).  With a
storage (storage.Storage) the game, statistics and settings survive resets;
without one nothing is kept.
"""

from time import localtime

from freecell.compat import ticks_diff
from freecell.game import Game

from .assistant import Assistant, HINT, SHOW, WINNABLE
from .buttons import Buttons, B, NO_EVENT
from .keeper import Keeper
from .layout import Layout
from .paint import Painter
from .play import PlayScreen
from .screens import (DealEntryScreen, EndScreen, GameScreen, HelpScreen, MenuScreen,
                      SettingsScreen, StatsScreen, TitleScreen)
from .table_view import TableView

from freecell.compat import ticks_ms, sleep_ms


# the deals in 1..1,000,000 that no one can win with four cells (RULES.md)
UNWINNABLE = (11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948)
IDLE_MS = 120000  # the display sleeps after two minutes without a press
# between ticks when nothing runs: a press is seen within this, then counts
# once steady for the buttons' 20 ms debounce (a tick costs about 0.3 ms on a
# Pico; 10 here made a cursor press take 5 ms longer: pico_press_ms)
IDLE_TICK_MS = 4


class App:
    def __init__(self, display, keys, seed=1, game=None, storage=None):
        self.display = display
        self.keys = keys
        self.layout = Layout(display.width, display.height)
        self.painter = Painter(display)
        self.game = game or Game()
        self.buttons = Buttons()
        self.keeper = Keeper(storage)
        self.play = PlayScreen(self.game, self.layout)
        self.view = TableView(self.painter, self.layout)
        self.title = TitleScreen(self)
        self.menu = MenuScreen(self)
        self.games = GameScreen(self)
        self.help = HelpScreen(self)
        self.entry = DealEntryScreen(self)
        self.end = EndScreen(self)
        self.settings_screen = SettingsScreen(self)
        self.stats_screen = StatsScreen(self)
        self.assistant = Assistant(self)
        self.play.assistant = self.assistant
        self.by_solver = False  # the game just ended was finished by "show me"
        self._random = seed & 0xFFFF
        self.redraws = 0
        self.last_press = None
        self.asleep = False
        if not self.keeper.boot(self.game):
            self.game.autoplay = self.keeper.settings.autoplay
        self.play.reset()
        self.apply_display_settings()
        # one line per file set aside at boot, shown on the title screen
        self.notice = storage.notes[0] if storage and storage.notes else None
        self.show(self.title)

    @property
    def in_progress(self):
        """A game is under way: the statistics keep that, not the app."""
        return self.keeper.stats.in_progress == 1

    # -- the loop ----------------------------------------------------------

    def run(self):
        while True:
            self.tick(ticks_ms())
            if self.assistant.progress() < 0:  # a search takes the idle time
                sleep_ms(IDLE_TICK_MS)

    def tick(self, now):
        self.buttons.tick(self.keys.get_pressed(), now)
        event = self.buttons.event()
        if self.last_press is None:
            self.last_press = now
        while event != NO_EVENT:
            self.last_press = now
            if self.asleep:  # the press that wakes the display does nothing else
                self.wake()
            else:
                self.press(event >> 2, event & 3)
            event = self.buttons.event()
        if self.assistant.busy() and self.assistant.tick(now):
            self.dirty = True
            self.last_press = now  # the solver at work keeps the display awake
        if self.in_progress:
            self.keeper.tick(now, self.game)
        if not self.asleep and ticks_diff(now, self.last_press) >= IDLE_MS:
            self.sleep()
        if self.dirty and not self.asleep:
            self.redraw()

    def sleep(self):
        """Save, then switch the display off: the known power-down path."""
        self.keeper.flush(self.game)
        self.asleep = True
        if hasattr(self.display, "poweroff"):
            self.display.poweroff()

    def wake(self):
        self.asleep = False
        if hasattr(self.display, "poweron"):
            self.display.poweron()
        self.dirty = True

    def apply_display_settings(self):
        settings = self.keeper.settings
        if hasattr(self.display, "contrast"):
            self.display.contrast(settings.CONTRASTS[settings.contrast])
        if hasattr(self.display, "flip"):
            self.display.flip(settings.flip)

    def press(self, button, kind):
        """One button event for the current screen."""
        self.notice = None
        if self.assistant.busy():  # B stops the solver; "show me" stops on any key
            if button == B or self.assistant.line is not None:
                self.assistant.cancel()
                self.dirty = True
            return
        action = self.screen.key(button, kind)
        self.dirty = True
        if action:
            self.act(action)
        if self.keeper.problem:  # a save failed: say so once
            self.play.say_text(self.keeper.problem)
            self.keeper.problem = None

    def redraw(self):
        if self.screen is self.play:
            self.view.draw(self.game, self.play)
        else:
            self.screen.draw()
        self.display.show()
        self.dirty = False
        self.redraws += 1

    def show(self, screen):
        if hasattr(screen, "open"):
            screen.open()
        self.screen = screen
        self.dirty = True

    # -- what the screens ask for --------------------------------------------

    def act(self, action):
        game = self.game
        if action == "resume":
            self.show(self.play)
        elif action == "menu":
            self.keeper.flush(game)
            self.show(self.menu)
        elif action == "title":
            self.keeper.flush(game)
            self.show(self.title)
        elif action == "settings":
            self.settings_screen.back = "menu" if self.screen is self.menu else "title"
            self.show(self.settings_screen)
        elif action == "settings_done":
            self.keeper.save_settings()
            self.act(self.settings_screen.back)
        elif action == "stats":
            self.show(self.stats_screen)
        elif action.startswith("game:"):  # which game, then the deal
            self.games.then = action[5:]
            self.show(self.games)
        elif action == "help":
            self.help.back = "resume" if self.screen is self.menu else "title"
            self.show(self.help)
        elif action == "random":
            self.new_game(self.random_deal())
        elif action == "enter_deal":
            self.entry.open(game.number)
            self.screen = self.entry
        elif action == "deal_entered":
            self.new_game(self.entry.text())
        elif action == "undo":
            self.show(self.play)
            self.play.undo()
        elif action == "redo":
            game.redo()
            self.show(self.play)
        elif action == "finish":
            game.finish()
            self.act("end" if game.is_over() else "resume")
        elif action == "autoplay":
            game.autoplay = not game.autoplay
            self.keeper.settings.autoplay = game.autoplay
            self.keeper.save_settings()
            choice = self.menu.choice
            self.menu.open()  # the label changes; the highlight stays put
            self.menu.choice = choice
        elif action == "restart":
            game.restart()
            self.play.reset()
            self.show(self.play)
        elif action == "give_up":
            game.give_up()
            self.act("end")
        elif action in ("hint", "show", "winnable"):
            self.show(self.play)
            self.assistant.start(HINT if action == "hint" else SHOW if action == "show"
                                 else WINNABLE)
        elif action == "daily":
            self.new_game(self.daily_deal(self.keeper.settings.game), daily=True)
        elif action in ("end", "end_by_solver"):
            self.by_solver = action == "end_by_solver"
            self.keeper.finished(game, self.by_solver)
            self.show(self.end)

    def new_game(self, number, daily=False):
        game = self.game
        if self.in_progress:  # abandoned for a new deal: it counts as given up
            game.give_up()
            self.keeper.finished(game)
        settings = self.keeper.settings
        if game.variant.id != settings.game:
            game.set_variant(settings.variant())
        elif settings.cells in game.variant.CELL_CHOICES:  # FreeCell's choice of cells
            game.set_cells(settings.cells)
        game.autoplay = settings.autoplay
        game.take_back = settings.take_back
        problem = game.deal(number)
        if problem:  # the entry screen checked it; say so rather than crash
            self.entry.error.clear().add(problem.upper().encode())
            return
        game.proved = self.known_winnable(game)
        self.play.reset()
        self.keeper.started(game, daily)
        self.show(self.play)

    @staticmethod
    def known_winnable(game):
        """Is the deal known to be winnable before anyone plays it?  FreeCell's
        with four cells among the first million deals are, but for the eight
        in UNWINNABLE (an exhaustive search proved those lost).  Other games'
        deals, and FreeCell with fewer cells, are proved by a win the solver
        finds (hint, show me, winnable?); until then the status line marks
        the deal number with '?'."""
        n = game.number
        return (game.variant.id == 0 and game.variant.cells == 4 and n.hi * 65536 + n.lo
                <= 1000000 and n.hi * 65536 + n.lo not in UNWINNABLE)

    def _draw16(self):
        # a full-period 16-bit LCG (a = 1 mod 4, c odd) whose products stay
        # under 2^28: no long ints on a 32-bit board
        self._random = (self._random * 4005 + 1) & 0xFFFF
        return self._random

    def today(self):
        """(year, month, day) from the board's clock (make flash sets it)."""
        t = localtime()
        return t[0], t[1], t[2]

    def daily_deal(self, game=0):
        """The same deal for everyone on a date and in a game (a variant id),
        never one of FreeCell's unwinnable ones: the day's number since 2000
        (a proleptic count, good to 2099), scrambled into 1..1,000,000 with
        small-int arithmetic, each game a deal of its own (FreeCell's as it
        always was)."""
        year, month, day = self.today()
        days = (year - 2000) * 372 + (month - 1) * 31 + day - 1
        # 541 is prime: successive days spread; 7,919 apart, the games
        n = 1 + (days * 541 + 7919 * (game + 1)) % 1000000
        while n in UNWINNABLE:
            n += 1
        return n

    def random_deal(self):
        """1..1,000,000, never one of the unwinnable deals."""
        while True:
            n = 1 + (((self._draw16() & 0x3FFF) << 16) | self._draw16()) % 1000000
            if n not in UNWINNABLE:
                return n
