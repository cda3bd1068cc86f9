#!/usr/bin/env python3
"""Turn a solver's transcript into the button presses a player would make,
by driving the app in-process (CPython, the sim board) and watching its
cursor.  Used by the tests (a whole game won through the buttons) and by
make bench (the smallest heap a whole game through the app needs).

    tools/fc.py solve 617 | tools/keyplan.py 617     prints the presses, one line
    fc-solve's transcripts (every foundation move): keyplan.py --no-autoplay
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
from freecell.cards import NO_CARD  # noqa: E402
from freecell.movelog import count_of, dst_of, src_of  # noqa: E402
from freecell.table import CELL0, FOUND0, FOUNDATION  # noqa: E402
from sim import WAIT, WAIT_MS, parse_keys  # noqa: E402

NAMES = {"up": K.UP, "down": K.DOWN, "left": K.LEFT, "right": K.RIGHT, "a": K.A, "b": K.B,
         "start": K.START, "select": K.SELECT}


def labels(screen):
    """A list screen's items' labels, in order."""
    return [item[0] for item in screen.items]


def actions(screen):
    """A list screen's items' actions, in order."""
    return [item[1] for item in screen.items]


class Driver:
    """An app on the sim board with a fake clock; presses go through Buttons."""

    def __init__(self, deal=None, seed=1, width=128, height=64, storage=None, game=None,
                 buzzer=None):
        self.display = SimDisplay(width, height)
        self.keys = SimKeys()
        self.app = App(self.display, self.keys, seed, storage=storage, buzzer=buzzer)
        self.now = 0
        self.app.tick(0)
        if game is not None:  # the game the settings hold: a new deal is of it
            from freecell.variants import by_name

            self.app.keeper.settings.variant_id = by_name(game).id
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

    def choose(self, action, game=None, sure=True):
        """On a list screen (title, menu, settings), move to the item that
        does `action` and press A.  A deal on the title ('random', 'daily',
        'enter_deal') asks which game first: `game` (a name), or the one
        the settings hold.  What asks "are you sure?" (give up, restart, a
        new deal over a game in progress) gets YES, unless sure=False."""
        screen = self.app.screen
        if action not in actions(screen) and "game:" + action in actions(screen):
            self.choose("game:" + action, sure=sure)
            if self.app.showing("confirm"):  # not sure: the question stays
                return self
            games = self.app.game_picker
            if game is not None:
                from freecell.variants import by_name

                while games.choice != by_name(game).id:
                    self.press("down")
            return self.press("a")
        if action not in actions(screen):
            raise AssertionError("%s is not on this screen: %s" % (action, actions(screen)))
        while actions(screen)[screen.choice] != action:
            self.press("down")
        self.press("a")
        if sure and self.app.showing("confirm") and screen is not self.app.screen:
            self.press("down", "a")
        return self

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


class Planner:
    """The cheapest presses for each move of a line, found by searching the
    real play screen's cursor (every control a player has: the d-pad with
    and without a card held, A, the quick action), then pressed for real.

    The line's moves are a solver's or a transcript's, in standard notation;
    the app treats all free cells as one place and all empty columns as one,
    so where the app put a card (cell b for the line's cell c) is kept in
    `where`, a map from the line's locations to the app's."""

    def __init__(self, driver, quick=True):
        self.d = driver
        self.quick_ok = quick
        self.where = list(range(32))  # the line's location -> the app's
        self.keys = []

    # -- probing the cursor without changing the game ------------------------

    def state(self):
        p = self.d.play
        return (p.row, p.col, p.depth, p.held, p.held_count, p.held_card, p.targets)

    def restore(self, state):
        p = self.d.play
        p.row, p.col, p.depth, p.held, p.held_count, p.held_card, p.targets = state

    def routes(self, limit=40):
        """Every cursor state reachable with the d-pad from here, with the
        fewest presses: {(row, col, depth): keys}."""
        p = self.d.play
        start = self.state()
        seen = {start[:3]: []}
        frontier = [start]
        while frontier and len(seen) < 400:
            nxt = []
            for state in frontier:
                path = seen[state[:3]]
                if len(path) >= limit:
                    continue
                for name, step in (("up", p.up), ("down", p.down),
                                   ("left", lambda: p.sideways(-1)),
                                   ("right", lambda: p.sideways(1))):
                    self.restore(state)
                    step()
                    after = self.state()
                    if after[:3] not in seen:
                        seen[after[:3]] = path + [name]
                        nxt.append(after)
            frontier = nxt
        self.restore(start)
        return seen

    # -- one move ------------------------------------------------------------

    def plan(self, src, dst, count):
        """The cheapest presses for the app's move src -> dst (dst: a set of
        equivalent app locations), `count` cards (0: the rules' count)."""
        p, game = self.d.play, self.d.game
        t = game.table
        to_empty = dst[0] < CELL0 and t.heights[dst[0]] == 0
        depth = (count or 1) - 1 if src < CELL0 and to_empty else 0
        row, col = p.slot_of(src)
        start = self.state()
        routes = self.routes()
        best = None
        reach = routes.get((row, col, depth))
        if reach is not None and self.quick_ok:  # the quick action from there
            self.restore((row, col, depth) + start[3:])
            qcount = depth + 1 if depth else 0
            qdst = game.best_target(src, qcount)
            if qdst >= 0 and qcount == 0 and qdst < CELL0 and t.heights[qdst] == 0:
                qcount = game.most_to_empty(src)
            if qdst in dst and (qcount or game_count(game, src, qdst)) == \
                    (count or game_count(game, src, qdst)):
                best = reach + ["long-a"]
            self.restore(start)
        if reach is not None:  # pick up there, then to a place of dst, A
            self.restore((row, col, depth) + start[3:])
            p.pick_up()
            if p.held == src:
                carry = self.routes()
                for (r, c, _), keys in carry.items():
                    if p.location_at(r, c) in dst:
                        plan = reach + ["a"] + keys + ["a"]
                        if best is None or len(plan) < len(best):
                            best = plan
            self.restore(start)
        return best

    def move(self, token, line_game):
        """Play the line's move `token` (as `line_game`, the line's own copy
        of the game, plays it) through the buttons."""
        v = line_game.variant
        packed = notation.parse_move(token, v.columns, v.cells)
        if packed < 0:
            raise AssertionError("'%s' is not a move in standard notation" % token)
        lsrc, ldst, count = src_of(packed), dst_of(packed), count_of(packed)
        lt = line_game.table
        if line_game.check(lsrc, ldst, count) != 0:
            raise AssertionError("%s is illegal here: %s" % (token, line_game.reason()))
        if ldst == FOUNDATION:
            ldst = FOUND0 + lt.pile_for(lt.top(lsrc))
        if count == 0 and ldst < CELL0 and lt.heights[ldst] == 0:
            count = 1
        game = self.d.game
        t = game.table
        src = self.where[lsrc]
        if ldst >= FOUND0:
            dst = [FOUND0 + t.pile_for(t.top(src))] if t.piles() == 4 else [self.where[ldst]]
        elif ldst >= CELL0:
            dst = [CELL0 + i for i in range(t.cells) if t.cell_cards[i] == NO_CARD]
        elif lt.heights[ldst] == 0:
            dst = [c for c in range(t.columns) if t.heights[c] == 0]
        else:
            dst = [self.where[ldst]]
        keys = self.plan(src, dst, count)
        if keys is None:
            raise AssertionError("%s: no way to play it through the buttons" % token)
        before = game.moves
        for key in keys:
            self.d.press(key)
        self.keys += keys
        assert game.moves == before + 1, "%s refused: %s" % (token, self.d.message())
        h = game.history
        first = h.head - 1
        while not h.flags(first) & 0x80:
            first -= 1
        made = h.dst(first)
        # the line's place and the app's now hold the same cards: keep the map
        other = self.where.index(made)
        self.where[other], self.where[ldst] = self.where[ldst], made
        assert line_game.move(lsrc, ldst, count) == 0, token


def game_count(game, src, dst):
    """The cards a default move src -> dst moves (the rules' count)."""
    return 1 if game.check(src, dst, 0) != 0 else game._count


def keys_for_transcript(deal, tokens, autoplay_off=True, game=None, quick=True, size=(128, 64)):
    """The presses that play `tokens` (standard notation) on deal `deal` (of
    `game`, a name; the settings' game by default), starting on its freshly
    dealt table, the cheapest the planner finds.  With autoplay_off the menu
    is used first to switch autoplay off, as fc-solve's transcripts need.
    size: the display's (72, 40: the Thumby's table)."""
    from freecell.game import Game

    driver = Driver(deal, game=game, width=size[0], height=size[1])
    planner = Planner(driver, quick)
    if autoplay_off:
        driver.press("start")
        steps = actions(driver.app.menu).index("autoplay")  # from the top
        driver.press("down*%d" % steps, "a", "b")
        planner.keys += ["start"] + ["down"] * steps + ["a", "b"]
        assert not driver.game.autoplay
    line = Game(autoplay=driver.game.autoplay, variant=driver.game.variant)
    line.deal(driver.game.number.text())
    for token in tokens:
        planner.move(token, line)
    return planner.keys, driver


def keys_for_solver_line(deal, size=(128, 64)):
    """The board's solver's winning line for FreeCell deal `deal` (its
    default budget; autoplay on, as the game plays by default) and the
    cheapest presses that play it from the freshly dealt table: (keys, the
    line's moves), or None when the solver finds no win."""
    from freecell.game import Game
    from freecell.solver import SOLVED, Solver

    game = Game()
    game.deal(deal)
    solver = Solver()
    solver.start(game)
    while not solver.step(5000):
        pass
    if solver.state != SOLVED:
        return None
    tokens = [notation.packed_text(m) for m in solver.moves(True)]
    keys, driver = keys_for_transcript(deal, tokens, autoplay_off=False, size=size)
    assert driver.game.is_won(), deal
    return keys, tokens


def pack_presses(keys):
    """Presses as bytes for tools/bench_app.py's player: the button's bit
    number, + 8 for a long press (a list of words would weigh more than the
    game on a board)."""
    names = ("up", "down", "left", "right", "a", "b", "start", "select")
    return bytes(names.index(k[5:]) | 8 if k.startswith("long-") else names.index(k)
                 for k in keys)


USAGE = """usage: keyplan.py [--no-autoplay] DEAL < transcript
Prints the presses that play the transcript's moves on deal DEAL through
the buttons, the cheapest the planner finds.  The transcript is in standard
notation (what tools/fc.py solve prints, with autoplay on as the game plays
by default); an fc-solve transcript lists every foundation move: give it
--no-autoplay, and the presses switch autoplay off first.
"""


def main(argv):
    if any(a in ("-h", "--help") for a in argv):
        sys.stdout.write(USAGE)
        return 0
    autoplay_off = "--no-autoplay" in argv
    words = [a for a in argv if a != "--no-autoplay"]
    if len(words) != 1 or not words[0].isdigit():
        sys.stderr.write(USAGE)
        return 2
    tokens = [t for line in sys.stdin.read().splitlines() if not notation.is_noise(line)
              for t in line.split()]
    try:
        keys, _ = keys_for_transcript(int(words[0]), tokens, autoplay_off)
    except AssertionError as error:
        sys.stderr.write("keyplan.py: %s\n" % error)
        return 1
    print(" ".join(keys))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
