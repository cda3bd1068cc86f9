"""Mending the statistics at boot, where the saved game and the statistics
disagree (a power cut between their writes, or statistics from before games
were counted apart): rare, so loaded only then (by restore.py), not at every
boot: on CircuitPython's Pico, which compiles the .py files it boots, every
line of restore.py is heap at the boot's peak.
"""

from .records_format import DAILY_PLAYED, GIVEN_UP, PLAYED, STREAK


def lose(st):
    """The game in progress is gone without an ending: given up (and a
    tournament it was a round of cannot be completed)."""
    st.in_progress = 0
    st.daily = False  # the mark is the game in progress's: it goes with it
    st.set(st.variant_id, GIVEN_UP, st.of(st.variant_id, GIVEN_UP) + 1)
    st.set(st.variant_id, STREAK, 0)
    st.end_tournament()


def move_in_progress(st, variant_id):
    """The game in progress is of the variant `variant_id` after all
    (statistics written before games were counted apart): its count moves
    there."""
    if st.in_progress and variant_id != st.variant_id:
        st.not_a_round(variant_id)
        was = st.variant_id
        st.set(was, PLAYED, st.of(was, PLAYED) - 1)
        st.set(variant_id, PLAYED, st.of(variant_id, PLAYED) + 1)
        if st.daily:
            st.set(was, DAILY_PLAYED, st.of(was, DAILY_PLAYED) - 1)
            st.set(variant_id, DAILY_PLAYED, st.of(variant_id, DAILY_PLAYED) + 1)
        st.variant_id = variant_id
