"""Help that is ready before it is asked.  While the table waits,
the solver works on the position a slice at a time (app/thinker.py): a key
press is handled in the same tick as without it, the line it found follows
the player's moves, HINT, SHOW ME and WINNABLE? answer at once from it, it
can be turned off, and a slice allocates nothing (under MicroPython)."""

import os


from app.storage import Storage
from app.thinker import SLICE, START_MS
from conftest import LIB, ROOT, run
from keyplan import Driver

import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fakes"))
from files import FakeFiles  # noqa: E402


def wait_for_thought(d, limit_ms=600000):
    """Leave the table alone until the thinker is done; the ms it took."""
    waited = 0
    while waited < limit_ms:
        d.hold(0, 100)
        waited += 100
        t = d.app.assistant.thinker
        if t is not None and t.plan.state >= 0 and not t.working():
            return waited
    raise AssertionError("the thinker never finished")


def test_the_table_left_alone_is_thought_about_and_hint_answers_at_once():
    d = Driver(1)
    assert d.app.assistant.thinker is None or d.app.assistant.thinker.plan.state < 0
    waited = wait_for_thought(d)
    assert waited > START_MS
    t = d.app.assistant.thinker
    assert t.plan.state == 1 and t.plan.line  # solved: a line from here
    assert not d.game.proved or d.game.number.text() == "1"  # nothing marked unasked
    d.press("start").choose("hint")
    assert not d.app.assistant.busy()  # answered in the press's own tick
    assert d.message().startswith("HINT: ")
    p = d.play
    assert d.game.move(p.hint_src, p.hint_dst, p.hint_count) == 0


def test_winnable_and_show_me_answer_from_the_thought_too():
    d = Driver(1)
    wait_for_thought(d)
    line = list(d.app.assistant.thinker.plan.line)
    d.press("start").choose("winnable")
    assert not d.app.assistant.busy() and d.message().startswith("YES: THE SOLVER WINS FROM")
    d.press("b")  # the message goes
    d.press("start").choose("show")
    a = d.app.assistant
    assert a.showing and a.plan.line == line and a.plan.next <= 1  # the whole line, from here


def test_a_move_along_the_found_line_keeps_the_rest_another_is_thought_about_again():
    d = Driver(1)
    wait_for_thought(d)
    t = d.app.assistant.thinker
    plan = t.plan
    line = list(plan.line)
    assert d.game.play(line[0]) == 0  # the player makes the line's first move
    d.hold(0, 10)
    assert plan.fits(d.game) and plan.next == 1 and plan.state == 1
    d.press("start").choose("hint")  # the line's second move, at once
    assert not d.app.assistant.busy() and d.app.assistant.plan is plan  # the thought, answered
    packed = line[1]
    assert (d.play.hint_src, d.play.hint_dst) == (packed & 31, packed >> 5 & 31)
    d.press("b")
    assert d.game.undo() == 0  # off the line: it fits no more (kept: the player may come back)
    d.hold(0, 10)
    assert not plan.fits(d.game) and plan.state == 1 and plan.next == 1
    wait_for_thought(d)  # and thought about again, from here
    assert t.plan.fits(d.game) and t.plan.next == 0 and t.plan.state == 1


def test_a_key_press_is_handled_in_the_same_tick_whether_or_not_it_thinks():
    """The thinker's slice comes after the tick has read the keys: with it
    at work, a press moves the cursor at the very tick it does without."""
    ticks = []
    for think in (True, False):
        d = Driver(617)
        d.app.keeper.settings.think = think
        d.hold(0, 1000)  # long enough for the thinker to be at work
        t = d.app.assistant.thinker
        assert (t is not None and t.working()) == think
        col = d.play.col
        d.keys.mask = 1 << 3  # RIGHT
        for n in range(20):
            d.now += 10
            d.app.tick(d.now)
            if d.play.col != col:
                ticks.append(n)
                break
        d.keys.mask = 0
    assert len(ticks) == 2 and ticks[0] == ticks[1]


def test_a_slice_is_a_few_moves_and_the_search_stops_at_its_end():
    d = Driver(11982)  # the budget runs out
    d.hold(0, 800)
    t = d.app.assistant.thinker
    solver = d.app.assistant.solver
    before = solver.tries
    d.hold(0, 10)  # one tick: one slice
    # (a slice ends at a new position: the moves to positions seen before
    # on the way may overrun it)
    assert 0 < solver.tries - before <= SLICE + 60
    wait_for_thought(d)
    assert t.plan.state == 3 and not d.app.assistant.working()  # gave up: the loop may sleep
    d.press("start").choose("winnable")
    assert d.message().startswith("NOT SURE: NO WIN FOUND IN ")


def test_think_ahead_is_a_setting_kept_with_the_others():
    files = FakeFiles()
    d = Driver(storage=Storage(files))
    assert d.app.keeper.settings.think  # on by default
    d.choose("settings")
    d.choose("think")
    assert not d.app.keeper.settings.think
    d.choose("done")
    d.choose("random")
    d.hold(0, 3000)
    assert d.app.assistant.thinker is None or d.app.assistant.thinker.plan.state < 0
    again = Driver(storage=Storage(files))
    assert not again.app.keeper.settings.think


def test_a_slice_and_an_idle_tick_allocate_nothing_under_micropython(micropython):
    """Not even a frame for a moment (host_tests/mp/think_alloc.py says how
    that is seen): the solver's per-position methods are native code, whose
    frames are on the C stack, and the idle tick's functions keep theirs
    small.  On the emulated Pico, deal 617's hint went from 4.3 s to 2.7 s."""
    script = os.path.join(ROOT, "host_tests", "mp", "think_alloc.py")
    result = run([micropython, script], env={"MICROPYPATH": LIB + ":" + ROOT})
    assert result.returncode == 0, result.stderr
    figures = dict(line.split() for line in result.stdout.splitlines())
    assert sorted(figures) == sorted(
        "%s_%s_bytes" % (what, kind)
        for what in ("think_slice", "idle_tick_thought", "idle_tick_no_thinking")
        for kind in ("alloc", "collected")), result.stdout
    assert set(figures.values()) == {"0"}, result.stdout


def test_a_new_deal_is_thought_about_afresh():
    d = Driver(1)
    wait_for_thought(d)
    first = list(d.app.assistant.thinker.plan.line)
    d.app.new_game("2")  # the same moves (none), another deal
    wait_for_thought(d)
    plan = d.app.assistant.thinker.plan
    assert plan.fits(d.game) and plan.lo == 2 and plan.line != first


def test_the_thinker_waits_while_keys_are_pressed():
    d = Driver(11982)  # a long search: it would run all along
    d.hold(0, 1000)
    solver = d.app.assistant.solver
    assert d.app.assistant.thinker.working()
    for _ in range(5):  # a burst of cursor presses, 100 ms apart: no slice among them
        before = solver.tries
        d.press("right")
        assert solver.tries == before


def test_the_key_loop_polls_slowly_only_after_a_pause():
    from app.app import IDLE_TICK_MS, RESTING_MS, RESTING_TICK_MS
    d = Driver(617)
    d.press("right")
    assert d.app.idle_ms(d.now) == IDLE_TICK_MS  # keys being pressed: 4 ms
    assert d.app.idle_ms(d.app.last_press + RESTING_MS) == RESTING_TICK_MS  # a pause: 30 ms
