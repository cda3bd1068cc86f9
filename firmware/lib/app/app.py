"""The app: owns the game, the screens and the buttons, and switches between
screens on the actions they return.  tick() reads the keys, handles their
events and redraws only when something changed; run() is the board's loop.

Construct it with hardware passed in: a display (a framebuf.FrameBuffer with
width, height and show()) and keys (get_pressed() -> K_* bitmask).
"""

from freecell.game import Game

from .buttons import Buttons, NO_EVENT
from .layout import Layout
from .paint import Painter
from .play import PlayScreen
from .screens import DealEntryScreen, EndScreen, HelpScreen, MenuScreen, TitleScreen
from .table_view import TableView

from freecell.compat import ticks_ms, sleep_ms


# the deals in 1..1,000,000 that no one can win with four cells (RULES.md)
UNWINNABLE = (11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948)


class App:
    def __init__(self, display, keys, seed=1, game=None):
        self.display = display
        self.keys = keys
        self.layout = Layout(display.width, display.height)
        self.painter = Painter(display)
        self.game = game or Game()
        self.buttons = Buttons()
        self.play = PlayScreen(self.game, self.layout)
        self.view = TableView(self.painter, self.layout)
        self.title = TitleScreen(self)
        self.menu = MenuScreen(self)
        self.help = HelpScreen(self)
        self.entry = DealEntryScreen(self)
        self.end = EndScreen(self)
        self._random = seed & 0xFFFF
        self.in_progress = False
        self.redraws = 0
        self.show(self.title)

    # -- the loop ----------------------------------------------------------

    def run(self):
        while True:
            self.tick(ticks_ms())
            sleep_ms(10)

    def tick(self, now):
        self.buttons.tick(self.keys.get_pressed(), now)
        event = self.buttons.event()
        while event != NO_EVENT:
            self.press(event >> 2, event & 3)
            event = self.buttons.event()
        if self.dirty:
            self.redraw()

    def press(self, button, kind):
        """One button event for the current screen."""
        action = self.screen.key(button, kind)
        self.dirty = True
        if action:
            self.act(action)

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
            self.show(self.menu)
        elif action == "title":
            self.show(self.title)
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
        elif action == "end":
            self.in_progress = False
            self.show(self.end)

    def new_game(self, number):
        problem = self.game.deal(number)
        if problem:  # the entry screen checked it; say so rather than crash
            self.entry.error.clear().add(problem.upper().encode())
            return
        self.play.reset()
        self.in_progress = True
        self.show(self.play)

    def _draw16(self):
        # a full-period 16-bit LCG (a = 1 mod 4, c odd) whose products stay
        # under 2^28: no long ints on a 32-bit board
        self._random = (self._random * 4005 + 1) & 0xFFFF
        return self._random

    def random_deal(self):
        """1..1,000,000, never one of the unwinnable deals."""
        while True:
            n = 1 + (((self._draw16() & 0x3FFF) << 16) | self._draw16()) % 1000000
            if n not in UNWINNABLE:
                return n
