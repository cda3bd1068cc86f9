"""The input class with a fake clock: debounce, press, long press, repeat,
and mashing."""

import random

from app import buttons as K
from app.buttons import Buttons, NO_EVENT


def run(b, timeline, step=5, now=0):
    """timeline: [(mask, ms), ...] -> the events, as (button, kind) pairs."""
    events = []
    for mask, duration in timeline:
        end = now + duration
        while now < end:
            b.tick(mask, now)
            now += step
            e = b.event()
            while e != NO_EVENT:
                events.append((e >> 2, e & 3))
                e = b.event()
    return events


def test_a_dpad_press_counts_once_the_contact_is_steady():
    assert run(Buttons(), [(K.K_LEFT, 40), (0, 40)]) == [(K.LEFT, K.PRESS)]


def test_bounces_shorter_than_the_debounce_time_are_ignored():
    chatter = [(K.K_RIGHT, 10), (0, 5)] * 6 + [(0, 50)]
    assert run(Buttons(debounce_ms=20), chatter) == []


def test_a_short_a_press_fires_on_release_a_long_one_once_while_held():
    assert run(Buttons(), [(K.K_A, 100), (0, 40)]) == [(K.A, K.PRESS)]
    assert run(Buttons(long_ms=600), [(K.K_A, 1500), (0, 40)]) == [(K.A, K.LONG)]
    assert run(Buttons(long_ms=600), [(K.K_B, 700), (0, 40)]) == [(K.B, K.LONG)]


def test_start_and_select_press_at_once_without_long():
    events = run(Buttons(), [(K.K_START, 2000), (0, 40), (K.K_SELECT, 40), (0, 40)])
    assert events == [(K.START, K.PRESS), (K.SELECT, K.PRESS)]


def test_a_held_direction_repeats_after_a_delay():
    b = Buttons(repeat_delay_ms=350, repeat_ms=100)
    events = run(b, [(K.K_DOWN, 1000), (0, 40)])
    assert events[0] == (K.DOWN, K.PRESS)
    repeats = events[1:]
    assert all(e == (K.DOWN, K.REPEAT) for e in repeats)
    # pressed at ~20 ms: repeats at 370, 470, ..., 970 -> 7
    assert len(repeats) == 7


def test_two_buttons_at_once_both_count():
    events = run(Buttons(), [(K.K_LEFT | K.K_UP, 40), (0, 40)])
    assert sorted(events) == [(K.UP, K.PRESS), (K.LEFT, K.PRESS)]


def test_mashing_a_thousand_times_keeps_the_newest_events_and_never_breaks():
    b = Buttons()
    rng = random.Random(3)
    now = 0
    for _ in range(1000):
        for _ in range(rng.randrange(1, 12)):
            b.tick(rng.randrange(256), now)
            now += rng.randrange(1, 15)
    count = 0
    while b.event() != NO_EVENT:
        count += 1
    assert 0 < count <= 16  # the queue holds 16; older events were dropped
    # and afterwards it works as new (letting go may finish a short A or B)
    run(b, [(0, 100)], now=now)
    assert run(b, [(K.K_UP, 40), (0, 40)], now=now + 100) == [(K.UP, K.PRESS)]


def test_queue_overflow_drops_the_oldest():
    b = Buttons()
    for i in range(20):
        b._push(K.UP, K.PRESS if i < 19 else K.REPEAT)
    events = []
    e = b.event()
    while e != NO_EVENT:
        events.append(e)
        e = b.event()
    assert len(events) == 16 and events[-1] == (K.UP << 2 | K.REPEAT)
