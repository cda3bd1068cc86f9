"""The app: owns the game, the screens and the buttons, and switches between
screens on the actions they return.  A screen is an object with open(),
key(button, press) -> an action or None, and draw(); the app shows one with
go(screen), which remembers where it was opened from (back() returns there).
An action is a name ('game:random': a name and an argument); do() runs what
ROUTES below says it does, the one table of every action.
tick() reads the keys, handles their
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

from freecell.compat import loaded, sleep_ms, ticks_diff, ticks_ms
from freecell.game import Game
from freecell.scoring import TIMED

# the heap collected after each module that loads, as freecell/game.py
# does (freecell.compat.loaded() says why)
from .assistant import PROGRESS, Assistant, HINT, SHOW, WINNABLE
loaded()
from .buttons import Buttons, B, NO_EVENT
loaded()
from . import let_go
from .keeper import Keeper
loaded()
from .layout import Layout
loaded()
from .paint import Painter
loaded()
from .play import PlayScreen
loaded()
from .screens import GameScreen, MenuScreen, TitleScreen
loaded()
from .table_view import TableView
loaded()

IDLE_MS = 120000  # the display sleeps after two minutes without a press
# Screens made when first asked for (app.lazy("end"), ...) and let go of,
# with their module's code, when another screen takes over: a player sees
# them now and then, and on a small heap (an ESP32's) their code would cost
# the solver's table.  One is held at a time.  name: (module in app/, class)
LAZY = {
    "entry": ("editors", "DealEntryScreen"),
    "code_entry": ("editors", "CodeEntryScreen"),
    "date_entry": ("editors", "DateEntryScreen"),
    "name_entry": ("name_entry", "NameEntryScreen"),
    "end": ("endings", "EndScreen"),
    "tournament": ("endings", "TournamentScreen"),
    "help": ("pages", "HelpScreen"),
    "stats_screen": ("pages", "StatsScreen"),
    "settings_screen": ("pages", "SettingsScreen"),
    "confirm": ("confirm", "ConfirmScreen"),
    "upload": ("upload", "UploadScreen"),
}
# Every action a screen returns, and what runs it (do()): one table, so that
# an action is followed from here (host_tests/test_structure.py checks that
# every action a screen can return is in it, and that each entry resolves).
#   "@NAME"   the LAZY screen NAME opens
#   HINT, SHOW, WINNABLE   the assistant's question (on the table)
#   "app"     the app's method do_<action>: the ways about, kept loaded
#   "dealer"  app/dealer.py's function <action>: the ways to a deal
#   "actions" app/actions.py's function <action>: the rest
# (both modules loaded for one action and let go of after: their code takes
# no room while the game is played; a table, not a method each, since a
# method costs the board's heap about 60 bytes)
ROUTES = {
    "resume": "app", "menu": "app", "title": "app", "back": "app",
    "settings": "@settings_screen", "stats": "@stats_screen", "help": "@help",
    "tournament": "@tournament", "enter_deal": "@entry", "enter_code": "@code_entry",
    "enter_name": "@name_entry", "upload": "@upload",
    "hint": HINT, "show": SHOW, "winnable": WINNABLE,
    "random": "dealer", "daily": "dealer", "date_entered": "dealer", "deal_entered": "dealer",
    "code_entered": "dealer", "tournament_random": "dealer", "tournament_chosen": "dealer",
    "next_round": "dealer", "quit_tournament": "dealer",
    "game": "actions", "settings_done": "actions", "undo": "actions", "redo": "actions",
    "show_code": "actions", "finish": "actions", "autoplay": "actions", "restart": "actions",
    "give_up": "actions", "end": "actions", "quit": "actions",
}
# between ticks when nothing runs: a press is seen within this, then counts
# once steady for the buttons' 20 ms debounce (a tick costs about 0.3 ms on a
# Pico; 10 here made a cursor press take 5 ms longer: pico_press_ms)
IDLE_TICK_MS = 4
# after this long without a press (and nothing at work) it polls more
# slowly: a tick costs about 0.6 ms on the Pico, so 4 ms kept the chip awake
# 14% of the time; at 30 ms it is 2% (make bench: pico_idle_busy_pct).  The
# first press after such a pause is seen up to 30 ms later; presses in play
# (a move is three) come faster than this and keep the quick polling
RESTING_MS = 2000
RESTING_TICK_MS = 30


class App:
    def __init__(self, display, keys, seed=1, game=None, storage=None, keeper=None,
                 quit=None, buzzer=None, wifi=None):
        """keeper: one that has booted already (main.py boots it before the
        app's code is loaded, so that a saved game's checks never share the
        heap with it); else a keeper of `storage`, booted here.  quit: the
        board's way back to its own menu (the Thumby's launcher), for a QUIT
        item on the title and the menu; None: the board has none.  buzzer:
        the board's (drivers/buzzer.py), for the game's sounds (sounds.py)
        and a SOUND setting; None: silent, no such setting.  wifi: the
        board's way to its Wi-Fi station (a function returning a
        network.WLAN), for UPLOAD RESULTS (upload.py); None: no such item."""
        self.display = display
        self.quit = quit
        self.wifi = wifi
        self.keys = keys
        self.layout = Layout(display.width, display.height)
        self.painter = Painter(display, self.layout.tall)
        self.game = game or Game()
        debounce = getattr(keys, "debounce_ms", None)  # the board's keys may debounce
        self.buttons = Buttons() if debounce is None else Buttons(debounce)
        self.keeper = keeper or Keeper(storage)
        storage = self.keeper.storage
        self.play = PlayScreen(self.game, self.layout)
        self.view = self.play.view = TableView(self.painter, self.layout)
        self.title = TitleScreen(self)
        self.menu = MenuScreen(self)
        self.game_picker = GameScreen(self)
        self._held = self._held_name = None  # the LAZY screen made last
        self.screen = None
        self.assistant = Assistant(self)
        self.play.assistant = self.assistant
        self.keeper.make_room = self.assistant.release
        # the dealer's state (dealer.py is loaded for a deal and let go of,
        # so what it keeps between deals lives here, named for it): the
        # random deals' generator, and the ms of the second of play being
        # counted (the timed score's clock, which a new deal starts again)
        self.deal_seed = seed & 0xFFFF
        self.play_ms = 0
        self._clock = None  # the last tick's time
        self.entry_for_tournament = False  # the deal number entered is a round's
        self.date = None  # today's, as the player set it (a board whose clock is unset)
        self.redraws = 0
        self.thought = False  # the last tick gave the thinker a slice
        self.last_press = None
        self.asleep = False
        resumed = self.keeper.resumed if keeper else self.keeper.boot(self.game)
        if not resumed:
            self.game.autoplay = self.keeper.settings.autoplay
        self.play.reset(self.keeper.stats)
        self.sounds = None
        if buzzer:  # its code only where there is one (a small heap has no room to spare)
            from .sounds import Sounds

            self.sounds = Sounds(buzzer, self.game, self.keeper.settings)
        self.apply_display_settings()
        # one line per file set aside at boot, shown on the title screen
        self.notice = storage.notes[0] if storage and storage.notes else None
        self.go(self.title)

    def lazy(self, name):
        """The LAZY screen `name`, made now if it is not the one held (the one
        held before is let go of, its module too when the new one is
        another's)."""
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
        it, as lazy() would.)"""
        return self._held_name == name and self.screen is self._held

    def _make(self, module, cls):
        screen = getattr(self.need("app." + module), cls)(self)
        screen.made_for_now = True  # a LAZY screen: never one to come back to
        return screen

    def _let_go_held(self, with_module=True):
        if with_module:
            let_go("app", LAZY[self._held_name][0])
            let_go("app", "text_page")  # the page of lines LAZY modules share (text_page.py)
        self._held = self._held_name = None

    @property
    def in_progress(self):
        """A game is under way: the statistics keep that, not the app."""
        return self.keeper.stats.in_progress == 1

    # -- the loop ----------------------------------------------------------

    def run(self):
        """The key loop.  A tick while the table waits (and a slice of the
        thinker's search) allocates nothing, not even a frame: MicroPython
        puts a bytecode function's frame on the heap for the call when it
        is over 11 words (locals and stack; a try takes three), and each
        such gc_alloc searches the heap from its lowest free block.  On the
        emulated Pico that search was a third of a hint's time and a tenth
        of an idle tick's, and varied with the heap's history.  So the
        functions the idle tick calls keep small frames (buttons.tick,
        assistant.think, thinker.tick) and the solver's per-position methods
        are native code, whose frames are on the C stack
        (host_tests/mp/think_alloc.py checks both)."""
        while True:
            now = ticks_ms()
            self.tick(now)
            if not self.working():  # a search takes the idle time; else sleep
                sleep_ms(self.idle_ms(now))

    def working(self):
        """Did the last tick's search want the time (a question's, or a
        slice of the thinker's: not one waiting for the player to pause)?"""
        return self.assistant.mode != 0 or self.thought

    def idle_ms(self, now):
        """How long the key loop sleeps after the tick of `now` (nothing at
        work): quick polling while keys are being pressed, slow after a pause."""
        if self.last_press is None or ticks_diff(now, self.last_press) < RESTING_MS:
            return IDLE_TICK_MS
        return RESTING_TICK_MS

    def tick(self, now):
        raw = self.keys.get_pressed()
        self.buttons.tick(raw, now)
        event = self.buttons.event()
        if self.last_press is None:
            self.last_press = now
        pressed = event != NO_EVENT
        while event != NO_EVENT:
            self.last_press = now
            if self.asleep:  # the press that wakes the display does nothing else
                self.wake()
            else:
                self.press(event >> 2, event & 3)
            event = self.buttons.event()
        self.thought = False
        if self.assistant.busy():
            changed = self.assistant.tick(now)
        else:  # the table waits: the thinker's turn (after the keys: a press never waits on it)
            changed = 0
            if not self.asleep and not pressed and not raw:  # (no key even on its way down)
                self.thought = self.assistant.think(now, self.last_press)
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
        self.play_ms += min(elapsed, 1000)  # a stall counts a second at most
        while self.play_ms >= 1000:
            self.play_ms -= 1000
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

    def press(self, button, how):
        """One button event for the current screen."""
        if self.notice is not None:  # a note on the title: the key closes it, nothing else
            self.notice = None
            self.dirty = True
            return
        if self.sounds:
            self.sounds.key(False)
        if self.assistant.busy():  # B stops the solver; "show me" stops on any key
            if button == B or self.assistant.showing:
                self.assistant.cancel()
                self.dirty = True
            return
        screen = self.screen
        try:
            action = screen.key(button, how)
        except MemoryError:  # a refusal's words (their code loaded for it), beside the solver's
            self.no_room()  # tables on a small heap: the tables go, the words next time
            self.dirty = True
            return
        if self.sounds and getattr(screen, "refused", False):
            self.sounds.key(True)
        self.dirty = True
        if action:
            try:
                self.do(action)
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
            self.go(self.title)
        except MemoryError:  # stay where it is
            gc.collect()

    def redraw(self):
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

    def go(self, screen):
        """Show `screen` (an object): it opens, and remembers the screen it
        was opened from for back() (not a LAZY one, which is let go of now:
        back() from a screen opened there goes to the title)."""
        came = self.screen
        if came is not None and came is not screen:
            came.close()
            # a LAZY screen is let go of when left (even for another one,
            # which lazy() has made the held one already): back() from here
            # goes to the title, never to a screen whose code is gone
            screen.opened_from = None if getattr(came, "made_for_now", False) else came
        if self._held is not None and screen is not self._held:  # it is left
            self._let_go_held()
        screen.open()
        self.screen = screen
        self.dirty = True

    # -- what the screens ask for --------------------------------------------

    def asks_first(self, action):
        """What throws a game or a tournament away asks once (confirm.py):
        True when the question is now on screen (YES comes back here as the
        same action).  A way to another deal ends a tournament under way
        (its rounds are the tournament's own), and leaves a game with a move
        made; an untouched game costs nothing."""
        leaving = action.startswith("game:") or action == "enter_code"
        ending = leaving and self.keeper.stats.tournament
        if action not in ("give_up", "restart") and not ending and not (
                leaving and self.in_progress and self.game.moves):
            return False
        if self._held_name == "confirm" and self.lazy("confirm").take(action):
            return False
        confirm = self.lazy("confirm")
        confirm.ask(action, ending)
        self.go(confirm)
        return True

    def do(self, action):
        """Run what a screen asked for ('name' or 'name:argument'): what
        ROUTES says.  A name it does not know is a bug in a screen, said
        aloud."""
        if self.asks_first(action):
            return
        colon = action.find(":")
        name = action if colon < 0 else action[:colon]
        route = ROUTES.get(name)
        if route is None:
            raise ValueError("no such action: " + action)
        if route == "app":
            getattr(self, "do_" + name)()
            return
        if isinstance(route, int):
            self.go(self.play)
            self.assistant.start(route)
            return
        if route[0] == "@":
            self.go(self.lazy(route[1:]))
            return
        module = route
        handler = getattr(self.need("app." + module), name)
        if colon < 0:
            handler(self)
        else:
            handler(self, action[colon + 1:])
        self.let_go(module)

    @staticmethod
    def let_go(module):
        """A helper module of the app's let go of after its action, with
        the engine's daily deal (freecell/daily.py) that dealer.py loads."""
        let_go("app", module)
        if module == "dealer":
            let_go("freecell", "daily")

    # the screens' ways about
    def do_resume(self):
        self.go(self.play)

    def do_menu(self):
        self.keeper.flush(self.game)
        self.go(self.menu)

    def do_title(self):
        self.keeper.flush(self.game)
        self.go(self.title)

    def do_back(self):
        """To the screen this one was opened from (the title if none)."""
        self.go(self.screen.opened_from or self.title)

    # -- starting deals: app/dealer.py, loaded for it and let go of after ----

    def dealer(self):
        return self.need("app.dealer")  # let go of after: let_go("dealer")

    def new_game(self, number, daily=False, tournament=False):
        """Deal `number` (dealer.py says how)."""
        self.dealer().new_game(self, number, daily, tournament)
        self.let_go("dealer")

    def today(self):
        """(year, month, day): the board's clock (make flash sets it), or
        where that is unset, the date the player set this power-up."""
        return self.date or self.clock()

    @staticmethod
    def clock():
        """(year, month, day) as the board's clock reads."""
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
