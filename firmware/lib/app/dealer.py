"""Starting deals: a random one, the day's, one by number or by code, a
tournament's rounds; and which deals are known to be winnable.  Loaded when
a deal starts and let go of after (app.py), so its code takes no room while
the game is played.  Functions of the app, which they are handed; the first
ones are the app's actions of the same names (app.py's ROUTES).  Which deal
is a day's is the engine's (freecell/daily.py): the server names it too.
"""

import gc

from freecell.daily import FIRST, UNWINNABLE, day_of, deal_of_day, listed

from . import let_go


def random(app):
    new_game(app, random_deal(app))


def daily(app):
    """The day's deal in the game chosen; first, on a board whose clock
    reads earlier than this version was made (unset: a Pico without a
    battery starts at 2021-01-01), the date, asked once a power-up."""
    if app.date is None and clock_unset(app):
        app.go(app.lazy("date_entry"))  # its A: date_entered
        return
    number = daily_deal(app, app.keeper.settings.variant_id)
    if number:
        new_game(app, number, daily=True)


def date_entered(app):
    app.date = app.lazy("date_entry").date
    daily(app)


def clock_unset(app):
    from .version import DATE

    unset = app.clock() < DATE
    let_go("app", "version")
    return unset


def deal_entered(app):
    new_game(app, app.lazy("entry").text(),
             tournament=app.keeper.stats.tournament and app.entry_for_tournament)


def code_entered(app):
    """The game and the deal a code names: kept as the settings' choice."""
    variant, number = app.lazy("code_entry").found
    settings = app.keeper.settings
    settings.variant_id = variant.id
    if len(variant.CELL_CHOICES) > 1:  # a game whose cells are a setting (FreeCell)
        settings.cells = variant.cells
    app.keeper.save_settings()
    new_game(app, number.text())


def tournament_random(app):
    _first_round(app, True)


def tournament_chosen(app):
    _first_round(app, False)


def _first_round(app, random_deals):
    leave(app)  # counted as what it was, never as the tournament's round 1
    app.keeper.start_tournament(app.keeper.settings.variant(), random_deals)
    next_round(app)


def next_round(app):
    """A tournament's next round: a random deal at once, or the deal number
    entry first."""
    if app.keeper.stats.tour_random:
        new_game(app, random_deal(app), tournament=True)
    else:
        app.entry_for_tournament = True
        app.do("enter_deal")


def quit_tournament(app):
    app.keeper.end_tournament()
    app.go(app.title)


def leave(app):
    """The game in progress gives way to another: given up (counted so, its
    result kept) once a move was made; one nobody touched is as if it had
    never begun (a daily deal's try starts with its first move)."""
    if not app.in_progress:
        return
    game = app.game
    if game.moves:
        game.give_up()
        app.keeper.finished(game)
    else:
        withdraw(app.keeper.stats)
        app.keeper.save_stats()


def withdraw(st):
    """The statistics' game in progress, left before any move: as if it
    had never begun (a daily deal's first try is not used up by a look at
    it).  Here, not in records.py: only a new deal needs it."""
    from .records import DAILY_PLAYED, LAST_DAILY, PLAYED

    st.in_progress = 0
    v = st.variant_id
    st.set(v, PLAYED, st.of(v, PLAYED) - 1)
    # nor numbered: the serial counts games begun, and the statistics are
    # saved now, before the next deal's files (a cut between them must
    # leave statistics that add up: serial at most the games played)
    st.serial -= 1
    if st.daily:
        st.set(v, DAILY_PLAYED, st.of(v, DAILY_PLAYED) - 1)
        st.set(v, LAST_DAILY, 0)
    st.daily = False


def new_game(app, number, daily=False, tournament=False):
    """Deal `number` of the game the settings name (a tournament's round:
    the tournament's game and scheme; the daily deal: the game's standard
    rules, whatever the settings' cells and foundations say); a game in
    progress is left (leave()), and a new game outside a tournament ends
    the tournament."""
    game = app.game
    keeper = app.keeper
    leave(app)
    if not tournament:
        keeper.end_tournament()
    app.entry_for_tournament = False
    settings = keeper.settings
    st = keeper.stats
    if tournament:  # the tournament's game and cells, the settings' run limit
        variant = st.tour_variant()
        variant.simple_runs = settings.simple_runs
    else:
        variant = settings.variant(daily)
    game.set_variant(variant)
    game.autoplay = settings.autoplay
    game.take_back = settings.take_back and not daily
    game.scoring = st.tour_scheme if tournament else settings.scoring
    problem = game.deal(number)
    if problem:  # the entry screen checked it; say so rather than crash
        app.entry.error.clear().add(problem.upper().encode())
        return
    # from FIRST on, the day's deal is one the solver has won (daily.py)
    game.proved = known_winnable(game) or daily and day_number(app) >= FIRST
    app.play_ms = 0  # the timed score's clock
    keeper.started(game, daily, day_number(app))
    play = app.play
    play.reset(keeper.stats)
    app.go(play)
    if not game.proved and not play.told_mark:  # once a session, where the mark is seen
        play.told_mark = True
        play.say_text("? after the deal number: not yet shown winnable")


def known_winnable(game):
    """Is the deal known to be winnable before anyone plays it?  Its
    variant's KNOWN_WINNABLE says (FreeCell's first million with four cells,
    but for the eight in UNWINNABLE, which an exhaustive search proved
    lost).  Other games' deals, and FreeCell with fewer cells, are proved by
    a win the solver finds
    (hint, show me, winnable?); until then the status line marks the deal
    number with '?'."""
    n = game.number
    v = game.variant
    return (v.cells == v.CELLS and n.hi * 65536 + n.lo <= v.KNOWN_WINNABLE
            and n.hi * 65536 + n.lo not in UNWINNABLE)


def _draw16(app):
    # a full-period 16-bit LCG (a = 1 mod 4, c odd) whose products stay
    # under 2^28: no long ints on a 32-bit board
    app.deal_seed = (app.deal_seed * 4005 + 1) & 0xFFFF
    return app.deal_seed


def day_number(app):
    """Today (app.today(): the board's clock) as day_of's number."""
    return day_of(*app.today())


def daily_deal(app, variant_id=0):
    """The day's deal (freecell/daily.py).  A day after its table's last
    is proved here by the solver, the hints' tables let go of first; a
    board with no room for the proof's (48 KB: CircuitPython's, an
    ESP32's) says so on the title and deals nothing (0): the game in
    progress stays, and a firmware with a longer table deals it."""
    days = day_number(app)
    if listed(days):
        return deal_of_day(days, variant_id)
    app.assistant.release()
    gc.collect()
    try:
        return deal_of_day(days, variant_id)
    except MemoryError:
        gc.collect()
        app.notice = "firmware too old"  # (fits the narrowest screen's line)
        app.go(app.title)
        return 0


def random_deal(app):
    """1..1,000,000, never one of the unwinnable deals."""
    while True:
        n = 1 + (((_draw16(app) & 0x3FFF) << 16) | _draw16(app)) % 1000000
        if n not in UNWINNABLE:
            return n
