#!/usr/bin/env python3
"""Following the solver's help through the buttons, as a player would: from
mid-game positions (random deals of every game, reached by random legal
play that the board's solver still wins), ask HINT from the menu and press
A, A (pick the named cards up, put them down where the cursor went) until
the game is won; or ask SHOW ME and stop it with a key after each move it
plays.  A position passes when it is won within the solver's line length
plus 5 questions and no position is met twice on the way.  Autoplay is on
for half of them, and a fifth are played on the Thumby's 72x40 table.

    tools/hint_follow.py [--show]   follows host_tests/data/hint_positions.txt
        and prints hint_follow_positions, hint_follow_won_pct (target 100),
        hint_follow_questions_per_win (questions asked for the positions
        won, over their solver's line lengths: 1.0 when every answer is the
        line's next move; under, where a line's round trips are left out);
        with --show, the same as show_follow_*
    tools/hint_follow.py --make COUNT SEED   writes that file anew

Drives the app on CPython (the sim board) through App.press(), the path a
button event takes, without drawing: make bench's hints part and
host_tests/test_hint_follow.py use it.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (os.path.join(_ROOT, "tools", "shims"), os.path.join(_ROOT, "firmware", "lib"),
              _ROOT):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from app import buttons as K  # noqa: E402
from app.app import App  # noqa: E402
from boards.sim import SimDisplay, SimKeys  # noqa: E402
from freecell.game import Game  # noqa: E402
from freecell.solver import SEARCHING, SOLVED, Solver  # noqa: E402
from freecell.table import COLUMN_CAP, FOUND0  # noqa: E402
from freecell.variants import VARIANTS  # noqa: E402

EXTRA = 5  # questions allowed beyond the solver's line


class Random:
    """A small LCG, so that the positions are the same on every run."""

    def __init__(self, seed):
        self.state = seed & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def legal_moves(game):
    """Every legal move (src, dst) of the game's position, in a fixed order."""
    t = game.table
    moves = []
    for src in range(FOUND0):
        if game._is_location(src) and t.top(src) != 255:
            mask = game.legal_targets(src)
            moves += [(src, dst) for dst in range(FOUND0 + t.piles()) if mask >> dst & 1]
    return moves


def key(game):
    """The position as the player sees it (to tell one met twice)."""
    t = game.table
    return (tuple(bytes(t.cards[c * COLUMN_CAP:c * COLUMN_CAP + t.heights[c]])
                  for c in range(t.columns)), bytes(t.cell_cards), bytes(t.foundations))


def positions(count, seed=1):
    """`count` positions: (game id, deal, the moves that reach it, autoplay,
    the display's size, the solver's line length from there)."""
    rng = Random(seed)
    solver = Solver()
    found = []
    i = 0
    while len(found) < count:
        variant_id = i % len(VARIANTS)
        autoplay = (i // len(VARIANTS)) % 2 == 0
        size = (72, 40) if i % 5 == 4 else (128, 64)
        game = Game(variant=VARIANTS[variant_id](), autoplay=autoplay)
        deal = 1 + rng.below(1000000)
        game.deal(deal)
        made = []
        for _ in range(5 + rng.below(40)):
            moves = legal_moves(game)
            if not moves:
                break
            src, dst = moves[rng.below(len(moves))]
            if game.move(src, dst) == 0:
                made.append((src, dst))
        if game.is_over():
            continue
        solver.start(game)
        while solver.step(5000) == SEARCHING:
            pass
        if solver.state == SOLVED:
            found.append((variant_id, deal, made, autoplay, size, len(solver.moves(autoplay))))
            i += 1
    return found


def app_at(position):
    """An app on the sim board showing the position's table."""
    variant_id, deal, made, autoplay, size, _ = position
    app = App(SimDisplay(*size), SimKeys())
    settings = app.keeper.settings
    settings.variant_id = variant_id
    settings.autoplay = autoplay
    settings.think = False  # (the thinker's answers are tested with it: test_thinker.py)
    app.new_game(str(deal))
    for src, dst in made:
        assert app.game.move(src, dst) == 0
    app.play.reset()
    return app


class Clock:
    now = 0


def answer(app, clock):
    """Let the solver work until it has answered."""
    while app.assistant.busy() and not app.assistant.showing:
        clock.now += 100
        app.assistant.tick(clock.now)


def ask(app, action, clock):
    """The menu's item for `action`, chosen as a player does: START, down to
    it, A."""
    app.press(K.START, K.PRESS)
    menu = app.screen
    while menu.items[menu.choice][1] != action:
        app.press(K.DOWN, K.PRESS)
    app.press(K.A, K.PRESS)
    answer(app, clock)


def message(app):
    p = app.play
    return " ".join(bytes(p.message[i].buf[:p.message[i].n]).decode()
                    for i in range(p.message_lines))


def follow(position, show=False):
    """Play the position out on the solver's help: (won, questions, why not)."""
    app = app_at(position)
    clock = Clock()
    game = app.game
    seen = {key(game)}
    asked = 0
    while not game.is_won():
        if asked > position[5] + EXTRA:
            return False, asked, "more than %d questions" % (position[5] + EXTRA)
        moves = game.moves
        if show:  # SHOW ME plays a move; any key stops it
            ask(app, "show", clock)
            asked += 1
            while game.moves == moves and app.assistant.busy():
                clock.now += 600
                app.assistant.tick(clock.now)
            if app.assistant.busy():
                app.press(K.LEFT, K.PRESS)
        else:
            ask(app, "hint", clock)
            asked += 1
            words = message(app)
            if not words.startswith("HINT: "):
                return False, asked, words
            app.press(K.A, K.PRESS)
            app.press(K.A, K.PRESS)
        if game.moves == moves:
            return False, asked, "nothing moved: " + message(app)
        now = key(game)
        if now in seen and not game.is_won():
            return False, asked, "a position met again"
        seen.add(now)
    return True, asked, None


DATA = os.path.join(_ROOT, "host_tests", "data", "hint_positions.txt")


def write(path, count, seed):
    """The positions as text: a line each, game id, deal, autoplay (0/1),
    the display's size, the solver's line length, then the moves that reach
    it (src,dst locations)."""
    with open(path, "w") as f:
        f.write("# tools/hint_follow.py --make %d %d: positions the board's solver wins\n"
                % (count, seed))
        for variant_id, deal, made, autoplay, size, length in positions(count, seed):
            f.write("%d %d %d %dx%d %d %s\n" % (
                variant_id, deal, autoplay, size[0], size[1], length,
                " ".join("%d,%d" % m for m in made)))


def read(path=DATA):
    found = []
    with open(path) as f:
        for text in f:
            if text.startswith("#") or not text.strip():
                continue
            words = text.split()
            w, h = words[3].split("x")
            found.append((int(words[0]), int(words[1]), [tuple(map(int, m.split(",")))
                                                         for m in words[5:]],
                          words[2] == "1", (int(w), int(h)), int(words[4])))
    return found


def _follow_one(args):
    return follow(*args)


def follow_all(places, show=False, workers=2):
    """follow() each position, on `workers` processes."""
    jobs = [(p, show) for p in places]
    if workers < 2:
        return [follow(*job) for job in jobs]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:  # (no fork of threads)
        return pool.map(_follow_one, jobs, chunksize=4)


def main(argv):
    if argv[:1] == ["--make"]:
        write(DATA, int(argv[1]), int(argv[2]))
        return 0
    show = "--show" in argv
    places = read()
    won = asked = line = 0
    for p, (ok, questions, why) in zip(places, follow_all(places, show)):
        if ok:
            won += 1
            asked += questions
            line += p[5]
        else:
            sys.stderr.write("game %d deal %d after %d moves: %s\n" % (p[0], p[1], len(p[2]), why))
    prefix = "show_follow" if show else "hint_follow"
    print("%s_positions: %d" % (prefix, len(places)))
    print("%s_won_pct: %.1f" % (prefix, 100.0 * won / len(places)))
    print("%s_questions_per_win: %.2f" % (prefix, asked / line if line else 0))
    return 0 if won == len(places) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
