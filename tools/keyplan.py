"""Turn a solver's transcript into the button presses a player would make,
by driving the app in-process (CPython, the sim board) and watching its
cursor.  Used by the tests (a whole game won through the buttons) and by
make bench (the smallest heap a whole game through the app needs).

    python3 tools/keyplan.py 617 < transcript    prints the presses, one line
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(_ROOT, "tools", "shims"), os.path.join(_ROOT, "firmware", "lib"),
              _ROOT, os.path.join(_ROOT, "tools")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from app import buttons as K  # noqa: E402
from app.app import App  # noqa: E402
from boards.sim import SimDisplay, SimKeys  # noqa: E402
from freecell import notation  # noqa: E402
from freecell.table import CELL0, FOUND0, FOUNDATION  # noqa: E402
from sim import WAIT, WAIT_MS, parse_keys  # noqa: E402

NAMES = {"up": K.UP, "down": K.DOWN, "left": K.LEFT, "right": K.RIGHT, "a": K.A, "b": K.B,
         "start": K.START, "select": K.SELECT}


class Driver:
    """An app on the sim board with a fake clock; presses go through Buttons."""

    def __init__(self, deal=None, seed=1, width=128, height=64, storage=None, game=None):
        self.display = SimDisplay(width, height)
        self.keys = SimKeys()
        self.app = App(self.display, self.keys, seed, storage=storage)
        self.now = 0
        self.app.tick(0)
        if game is not None:  # the game the settings hold: a new deal is of it
            from freecell.variants import by_name

            self.app.keeper.settings.game = by_name(game).id
        if deal is not None:
            self.app.new_game(str(deal))
            self.app.redraw()

    def hold(self, mask, ms):
        self.keys.mask = mask
        for _ in range(ms // 10):
            self.now += 10
            self.app.tick(self.now)

    def press(self, *scripts):
        """Press buttons as tools/sim.py --keys writes them ('right*3 a')."""
        for script in scripts:
            for word in parse_keys(script):
                if word == WAIT:
                    self.hold(0, WAIT_MS)
                    continue
                long = word.startswith("long-")
                button = NAMES[word[5:] if long else word]
                self.hold(1 << button, 700 if long else 50)
                self.hold(0, 50)
        return self

    def choose(self, action, game=None):
        """On a list screen (title, menu, settings), move to the item that
        does `action` and press A.  A deal on the title ('random', 'daily',
        'enter_deal') asks which game first: `game` (a name), or the one
        the settings hold."""
        screen = self.app.screen
        if action not in screen.actions and "game:" + action in screen.actions:
            self.choose("game:" + action)
            games = self.app.games
            if game is not None:
                from freecell.variants import by_name

                while games.choice != by_name(game).id:
                    self.press("down")
            return self.press("a")
        if action not in screen.actions:
            raise AssertionError("%s is not on this screen: %s" % (action, screen.actions))
        while screen.actions[screen.choice] != action:
            self.press("down")
        return self.press("a")

    @property
    def game(self):
        return self.app.game

    @property
    def play(self):
        return self.app.play

    def message(self):
        p = self.play
        return " ".join(bytes(p.message[i].buf[: p.message[i].n]).decode()
                        for i in range(p.message_lines))


def _cursor_to(driver, row, col, depth, keys):
    """Press arrows until the play screen's cursor is at row/col/depth."""
    p = driver.play
    for _ in range(200):
        if (p.row, p.col, p.depth) == (row, col, depth):
            return
        if p.row != row:
            name = "down" if row == 1 else "up"
        elif p.col != col:
            places = driver.app.layout.cols.places if row == 1 else driver.app.layout.top.places
            name = "right" if (col - p.col) % places <= places // 2 else "left"
        else:
            name = "up" if p.depth < depth else "down"
        driver.press(name)
        keys.append(name)
    raise AssertionError("cursor never reached %r" % ((row, col, depth),))


def keys_for_transcript(deal, tokens, autoplay_off=True, game=None):
    """The presses that play `tokens` (standard notation) on deal `deal` (of
    `game`, a name; the settings' game by default), starting on its freshly
    dealt table.  With autoplay_off the menu is used first to switch
    autoplay off, as fc-solve's transcripts need."""
    driver = Driver(deal, game=game)
    keys = []
    if autoplay_off:
        driver.press("start")
        keys.append("start")
        steps = driver.app.menu.actions.index("autoplay")  # from the top
        driver.press("down*%d" % steps, "a", "b")
        keys += ["down"] * steps + ["a", "b"]
        assert not driver.game.autoplay
    for token in tokens:
        packed = notation.parse_move(token, driver.game.variant.columns,
                                     driver.game.variant.cells)
        src, dst, count = (notation.move_src(packed), notation.move_dst(packed),
                           notation.move_count(packed))
        t = driver.game.table
        play = driver.app.play
        if src < CELL0:
            to_empty = dst < CELL0 and t.heights[dst] == 0
            _cursor_to(driver, 1, src, (count or 1) - 1 if to_empty else 0, keys)
        else:
            _cursor_to(driver, *play.slot_of(src), 0, keys)
        driver.press("a")
        keys.append("a")
        if dst == FOUNDATION:
            dst = FOUND0 + t.pile_for(t.top(src))
        _cursor_to(driver, *play.slot_of(dst), 0, keys)
        before = driver.game.moves
        driver.press("a")
        keys.append("a")
        assert driver.game.moves == before + 1, "%s refused: %s" % (token, driver.message())
    return keys, driver


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: keyplan.py DEAL < transcript")
    tokens = [t for line in sys.stdin.read().splitlines() if not notation.is_noise(line)
              for t in line.split()]
    keys, driver = keys_for_transcript(int(sys.argv[1]), tokens)
    print(" ".join(keys))


if __name__ == "__main__":
    main()
