"""The app: owns the game, the screens and the buttons, and switches between
screens on the actions they return.  tick() reads the keys, handles their
events and redraws only when something changed; run() is the board's loop.

Construct it with hardware passed in: a display (a framebuf.FrameBuffer with
width, height and show(); contrast(), flip(), poweroff() and poweron() are
used when it has them) and keys (get_pressed() -> K_* bitmask).  With a
storage (storage.Storage) the game, statistics and settings survive resets;
without one nothing is kept.
"""

import gc
import sys
from time import localtime

from freecell.compat import sleep_ms, ticks_diff, ticks_ms
from freecell.game import Game
from freecell.scoring import TIMED

from .assistant import PROGRESS, Assistant, HINT, SHOW, WINNABLE
from .buttons import Buttons, B, NO_EVENT
from . import let_go
from .keeper import Keeper
from .layout import Layout
from .paint import Painter
from .play import PlayScreen
from .screens import GameScreen, MenuScreen, TitleScreen
from .table_view import TableView


IDLE_MS = 120000  # the display sleeps after two minutes without a press
# Screens made when first asked for (app.end, app.entry, ...) and let go of,
# with their module's code, when another screen takes over: a player sees
# them now and then, and on a small heap (an ESP32's) their code would cost
# the solver's table.  One is held at a time.  name: (module in app/, class)
LAZY = {
    "entry": ("editors", "DealEntryScreen"),
    "code_entry": ("editors", "CodeEntryScreen"),
    "end": ("endings", "EndScreen"),
    "tournament": ("endings", "TournamentScreen"),
    "help": ("pages", "HelpScreen"),
    "stats_screen": ("pages", "StatsScreen"),
    "settings_screen": ("pages", "SettingsScreen"),
    "confirm": ("confirm", "ConfirmScreen"),
}
# between ticks when nothing runs: a press is seen within this, then counts
# once steady for the buttons' 20 ms debounce (a tick costs about 0.3 ms on a
# Pico; 10 here made a cursor press take 5 ms longer: pico_press_ms)
IDLE_TICK_MS = 4


class App:
    def __init__(self, display, keys, seed=1, game=None, storage=None, keeper=None,
                 quit=None, buzzer=None):
        """keeper: one that has booted already (main.py boots it before the
        app's code is loaded, so that a saved game's checks never share the
        heap with it); else a keeper of `storage`, booted here.  quit: the
        board's way back to its own menu (the Thumby's launcher), for a QUIT
        item on the title and the menu; None: the board has none.  buzzer:
        the board's (drivers/buzzer.py), for the game's sounds (sounds.py)
        and a SOUND setting; None: silent, no such setting."""
        self.display = display
        self.quit = quit
        self.keys = keys
        self.layout = Layout(display.width, display.height)
        self.painter = Painter(display)
        self.game = game or Game()
        debounce = getattr(keys, "debounce_ms", None)  # the board's keys may debounce
        self.buttons = Buttons() if debounce is None else Buttons(debounce)
        self.keeper = keeper or Keeper(storage)
        storage = self.keeper.storage
        self.play = PlayScreen(self.game, self.layout)
        self.view = TableView(self.painter, self.layout)
        self.title = TitleScreen(self)
        self.menu = MenuScreen(self)
        self.games = GameScreen(self)
        self._held = self._held_name = None  # the LAZY screen made last
        self.assistant = Assistant(self)
        self.play.assistant = self.assistant
        self.keeper.make_room = self.assistant.release
        self._random = seed & 0xFFFF
        self._clock = None  # the last tick's time
        self._play_ms = 0  # of the second being counted (the timed score's clock)
        self.entry_for_tournament = False  # the deal number entered is a round's
        self.redraws = 0
        self.last_press = None
        self.asleep = False
        resumed = self.keeper.resumed if keeper else self.keeper.boot(self.game)
        if not resumed:
            self.game.autoplay = self.keeper.settings.autoplay
        self.play.reset()
        self.sounds = None
        if buzzer:  # its code only where there is one (a small heap has no room to spare)
            from .sounds import Sounds

            self.sounds = Sounds(buzzer, self.game, self.keeper.settings)
        self.apply_display_settings()
        # one line per file set aside at boot, shown on the title screen
        self.notice = storage.notes[0] if storage and storage.notes else None
        self.show(self.title)

    def __getattr__(self, name):
        """A LAZY screen, made now if it is not the one held (the one held
        before is let go of, its module too when the new one is another's)."""
        if name not in LAZY:
            raise AttributeError(name)
        if name == self._held_name:
            return self._held
        module, cls = LAZY[name]
        if self._held_name is not None:
            self._let_go_held(LAZY[self._held_name][0] != module)
        try:
            screen = self._make(module, cls)
        except MemoryError:  # its code fitted, the screen did not: the solver's tables go
            self.assistant.release()
            gc.collect()
            screen = self._make(module, cls)
        self._held, self._held_name = screen, name
        return screen

    def showing(self, name):
        """Is the LAZY screen `name` the one on screen?  (Asks without making
        it, as app.<name> would.)"""
        return self._held_name == name and self.screen is self._held

    def _make(self, module, cls):
        return getattr(self.need("app." + module), cls)(self)

    def _let_go_held(self, with_module=True):
        if with_module:
            let_go("app", LAZY[self._held_name][0])
        self._held = self._held_name = None

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
        changed = self.assistant.tick(now) if self.assistant.busy() else 0
        if changed:
            self.last_press = now  # the solver at work keeps the display awake
            if changed != PROGRESS or self.screen is not self.play:
                self.dirty = True
            elif not self.dirty:
                self.dirty = PROGRESS  # the status line only
        self.count_time(now)
        if not self.asleep and ticks_diff(now, self.last_press) >= IDLE_MS:
            self.sleep()
        if self.dirty and not self.asleep:
            if self.dirty == PROGRESS:
                self.redraw_progress()
            else:
                self.redraw()
        if self.in_progress:  # after the redraw: a move shows before the flash's time
            self.keeper.tick(now, self.game)  # (CircuitPython's nvm: 360-580 ms a save)
        if self.sounds:  # what the keys and the solver's moves did, heard as it shows:
            self.sounds.tick(now)  # last, so that no redraw or save draws a note out

    def count_time(self, now):
        """The seconds of play of a timed game: while the table is shown,
        the display awake and the game under way.  (Every tick: the other
        schemes, which do not count seconds, pay one comparison.)"""
        clock, self._clock = self._clock, now
        game = self.game
        if game.scoring != TIMED:
            return
        elapsed = ticks_diff(now, clock) if clock is not None else 0
        if self.screen is not self.play or self.asleep or game.state or not self.in_progress:
            return
        self._play_ms += min(elapsed, 1000)  # a stall counts a second at most
        while self._play_ms >= 1000:
            self._play_ms -= 1000
            game.seconds += 1
            self.dirty = True  # the status line shows the score

    def sleep(self):
        """Save, then switch the display off: the known power-down path."""
        self.keeper.flush(self.game)
        self.asleep = True
        if self.sounds:
            self.sounds.stop()
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
        if self.sounds:
            self.sounds.key(False)
        if self.assistant.busy():  # B stops the solver; "show me" stops on any key
            if button == B or self.assistant.line is not None:
                self.assistant.cancel()
                self.dirty = True
            return
        screen = self.screen
        action = screen.key(button, kind)
        if self.sounds and getattr(screen, "refused", False):
            self.sounds.key(True)
        self.dirty = True
        if action:
            try:
                self.act(action)
            except MemoryError:  # what it needed did not fit, even without the solver
                self.no_room()
        if self.keeper.problem:  # a save failed: say so once
            self.play.say_text(self.keeper.problem)
            self.keeper.problem = None

    def no_room(self):
        """An action the heap had no room for (a small board's, at its
        edge): said in words, the game as it was; never a traceback."""
        self.assistant.release()
        gc.collect()
        words = "not enough memory for that on this board"
        if self.screen is self.play:
            self.play.say_text(words)
            return
        self.notice = words
        try:
            self.show(self.title)
        except MemoryError:  # stay where it is
            gc.collect()

    def redraw(self):
        if self.screen is self.play:
            self.view.draw(self.game, self.play)
        else:
            self.screen.draw()
        self.display.show()
        self.dirty = False
        self.redraws += 1

    def redraw_progress(self):
        """Only the solver's progress moved: its status line is drawn again,
        not the table (the frame is the same as a whole redraw's)."""
        if self.view.draw_progress(self.game, self.play):
            self.display.show()
        self.dirty = False

    def show(self, screen):
        if self._held is not None and screen is not self._held:  # it is left
            self._let_go_held()
        if hasattr(screen, "open"):
            screen.open()
        self.screen = screen
        self.dirty = True

    # -- what the screens ask for --------------------------------------------

    def asks_first(self, action):
        """What throws a game away asks once (confirm.py): True when the
        question is now on screen (YES comes back here as the same action)."""
        if action not in ("give_up", "restart") and not (
                self.in_progress and (action.startswith("game:") or action == "enter_code")):
            return False
        if self._held_name == "confirm" and self.confirm.take(action):
            return False
        self.confirm.ask(action)
        self.show(self.confirm)
        return True

    def act(self, action):
        game = self.game
        if self.asks_first(action):
            return
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
            self.new_game(self.entry.text(), tournament=self.keeper.stats.tournament
                          and self.entry_for_tournament)
        elif action == "enter_code":
            self.code_entry.open(game)
            self.screen = self.code_entry
        elif action == "code_entered":
            variant, number = self.code_entry.found
            self.keeper.settings.game = variant.id
            if len(variant.CELL_CHOICES) > 1:  # a game whose cells are a setting (FreeCell)
                self.keeper.settings.cells = variant.cells
            self.keeper.save_settings()
            self.new_game(number.text())
        elif action == "tournament":
            self.show(self.tournament)
        elif action in ("tournament_random", "tournament_chosen", "next_round"):
            self.next_round(action)
        elif action == "quit_tournament":
            self.keeper.end_tournament()
            self.show(self.title)
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
            game.set_autoplay(not game.autoplay)
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
        elif action == "end":
            self.keeper.finished(game)
            self.show(self.end)
        elif action == "quit":  # the game is saved first: RESUME has it next time
            self.keeper.flush(game)
            self.quit()
        else:  # a screen asked for something the app does not do: a bug, said aloud
            raise ValueError("no such action: " + action)

    # -- starting deals: app/dealer.py, loaded for it and let go of after ----

    def dealer(self):
        return self.need("app.dealer")

    def next_round(self, action):
        self.dealer().next_round(self, action)
        let_go("app", "dealer")

    def new_game(self, number, daily=False, tournament=False):
        """Deal `number` (dealer.py says how)."""
        self.dealer().new_game(self, number, daily, tournament)
        let_go("app", "dealer")
        self._play_ms = 0

    def random_deal(self):
        return self.dealer().random_deal(self)

    def daily_deal(self, game=0):
        return self.dealer().daily_deal(self, game)

    def day_number(self):
        return self.dealer().day_number(self)

    def game_code(self):
        """The game's code (freecell/codes.py, loaded for it and let go of:
        the menu shows it each time it opens)."""
        code = self.need("freecell.codes").encode(self.game.variant, self.game.number)
        let_go("freecell", "codes")
        return code

    def today(self):
        """(year, month, day) from the board's clock (make flash sets it)."""
        t = localtime()
        return t[0], t[1], t[2]

    def need(self, name):
        """Module `name` ('app.dealer'), imported now if it is not: when the
        heap has no room for its code, the solver's tables are let go of
        first (the next question makes them again)."""
        if name not in sys.modules:
            try:
                __import__(name)
            except MemoryError:
                self.assistant.release()
                gc.collect()
                __import__(name)
        return sys.modules[name]
