"""The screens a player passes through often, kept for the app's life: the
title, the game's choice and the menu, and the list they share.  The rest
are made when shown and let go of when left (app.py's LAZY, app.lazy()):
the editors (editors.py), the end of a game and tournaments (endings.py),
statistics, settings and the controls' help (pages.py).  Every screen is a
Screen: open() when the app goes to it, close() when it leaves, key(button,
press) -> an action for the app (a name: app.py's do_<name>) or None, and
draw().  A list's item is one record, (label, action) or (label, action,
why it is refused now), built when the screen opens, not when it is drawn.
"""

from . import buttons as K



class Screen:
    """What every screen has: the hooks the app calls as it goes to a screen
    (open) and leaves it (close), and the screen it was opened from (set by
    app.go, for the action "back")."""

    opened_from = None

    def open(self):
        pass

    def close(self):
        pass


class ListScreen(Screen):
    """A titled list of items, one highlighted; A chooses, B goes back (the
    action back_action).  An item can be there but unavailable (its third
    field, why, in words): drawn struck through, and A on it says why in a
    box at the bottom, which the next key closes (and does nothing else).
    Where the list is longer than the screen, a mark at
    the right edge says there is more above or below."""

    back_action = "back"

    def __init__(self, app, title):
        self.app = app
        self.title = title
        self.items = ()  # (label, action) or (label, action, refusal)
        self.notice = None  # a box (a refusal, or what was asked) until the next key
        self.choice = 0
        self.top = 0
        self.left_on = None  # the action of the item chosen when it was left

    def close(self):
        """Left: its items go (open() builds them again), so a screen not on
        show holds no list on the heap; which one was chosen is kept."""
        if self.items:
            self.left_on = self.items[self.choice][1]
        self.items = ()
        self.notice = None

    def set_items(self, items):
        self.items = items
        self.choice = min(self.choice, len(items) - 1)

    def refusal(self, i):
        item = self.items[i]
        return item[2] if len(item) > 2 else None

    @property
    def refused(self):
        """The last key was refused (the app's sounds ask; every screen that
        can refuse a key says so by this name)."""
        return self.notice is not None

    def key(self, button, press):
        if self.notice is not None:  # the key closes the box, and does nothing else
            self.notice = None
            return None
        n = len(self.items)
        if button == K.UP:
            self.choice = (self.choice - 1) % n
        elif button == K.DOWN:
            self.choice = (self.choice + 1) % n
        elif button == K.A:
            self.notice = self.refusal(self.choice)
            return None if self.notice else self.items[self.choice][1]
        elif button == K.B or button == K.START:
            return self.back_action
        return None

    def header(self, p):
        p.centre(self.title, 1)
        return p.line_h + 3

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        y0 = self.header(p)
        row = p.line_h  # a line of text and its gap
        rows = (p.fb.height - y0) // row
        if self.choice < self.top:
            self.top = self.choice
        elif self.choice >= self.top + rows:
            self.top = self.choice - rows + 1
        for i in range(self.top, min(len(self.items), self.top + rows)):
            y = y0 + (i - self.top) * row
            lit = 1
            if i == self.choice:
                p.fb.fill_rect(0, y - 1, p.fb.width, row + 1, 1)
                lit = 0
            end = p.text(self.items[i][0], 4, y, lit)
            if self.refusal(i):  # there, but not now: struck through
                p.fb.hline(3, y + p.glyph_h // 2, end - 3, lit)
        self.more_marks(p, y0, rows, row)
        if self.notice:
            notice_box(self.app, self.notice)

    def more_marks(self, p, y0, rows, row):
        """Arrows at the right edge: more items above, more below."""
        fb = p.fb
        x = fb.width - 3
        if self.top > 0:
            fb.pixel(x + 1, y0, 1)
            fb.hline(x, y0 + 1, 3, 1)
        if self.top + rows < len(self.items):
            y = y0 + rows * row - 3
            fb.hline(x, y, 3, 1)
            fb.pixel(x + 1, y + 1, 1)


def notice_box(app, text):
    """One boxed line at the bottom of the screen (text, a str), cut to fit."""
    p = app.painter
    words = text.upper().encode()
    n = min(len(words), app.layout.text_chars - 1)
    y = p.fb.height - p.glyph_h - 2
    p.fb.fill_rect(0, y - 1, p.fb.width, p.glyph_h + 3, 0)
    p.fb.rect(0, y - 2, p.fb.width, p.glyph_h + 4, 1)
    p.text(words, 2, y, 1, n)


class TitleScreen(ListScreen):
    back_action = None

    def __init__(self, app):
        super().__init__(app, b"")

    def open(self):
        # a deal of any kind first asks which game (the last one chosen lit)
        items = [(b"NEW GAME", "game:random"), (b"DAILY DEAL", "game:daily"),
                 (b"DEAL NUMBER", "game:enter_deal"), (b"GAME CODE", "enter_code"),
                 (b"TOURNAMENT", "game:tournament"), (b"STATISTICS", "stats"),
                 (b"SETTINGS", "settings"), (b"CONTROLS", "help")]
        if self.app.in_progress:
            items.insert(0, (b"RESUME", "resume"))
        elif self.app.keeper.stats.tournament:  # between a tournament's rounds
            items.insert(0, (b"NEXT ROUND", "tournament"))
        if self.app.wifi:  # a board with Wi-Fi (upload.py)
            items.insert(-3, (b"UPLOAD RESULTS", "upload"))
        if self.app.quit:  # back to the board's own menu
            items.append((b"QUIT", "quit"))
        self.set_items(items)
        # back from a screen it opened (CONTROLS, STATISTICS, ...): the cursor
        # on the item left; else on the first
        came = self.app.screen
        back = came is not None and came.opened_from is self
        self.choice = 0
        for i in range(len(items)):
            if back and items[i][1] == self.left_on:
                self.choice = i

    def header(self, p):
        p.centre(b"FREECELL", 2, scale=2)
        return 2 * p.glyph_h + 6

    def draw(self):
        ListScreen.draw(self)
        if self.app.notice:  # a file was set aside at boot: one boxed line until a press
            notice_box(self.app, self.app.notice)


class GameScreen(ListScreen):
    """Which game the next deal is of: the variants by name, the one chosen
    last lit (the settings keep it).  A chooses and goes on to the deal
    (`then`: a random deal, the daily deal, or the deal number), B goes back."""

    def __init__(self, app):
        super().__init__(app, b"GAME")
        self.then = "random"

    def open(self):
        from freecell.variants import VARIANTS  # the family, loaded once a player looks

        self.set_items([(v.title.encode(), "pick") for v in VARIANTS])
        self.choice = self.app.keeper.settings.variant_id

    def key(self, button, press):
        action = ListScreen.key(self, button, press)
        if action != "pick":
            return action
        settings = self.app.keeper.settings
        if settings.variant_id != self.choice:
            settings.variant_id = self.choice
            self.app.keeper.save_settings()
        return self.then


class MenuScreen(ListScreen):
    """The game's actions; its title line names the game and the deal
    ("EIGHT OFF #617"), and GAME CODE shows the code that passes it on."""

    back_action = "resume"

    def __init__(self, app):
        super().__init__(app, b"MENU")

    def open(self):
        """The same items in the same places every time: what cannot be done
        now is struck through and says why."""
        game = self.app.game
        v = game.variant
        deal = b" #" + self.app.play.deal_text + (b"" if game.proved else b"?")
        self.title = (v.title.encode() if len(v.title) + len(deal) <= self.app.layout.text_chars
                      else v.code.encode()) + deal
        h = game.history
        items = [(b"BACK TO GAME", "resume"),
                 (b"UNDO", "undo", None if h.can_undo() else "nothing to undo"),
                 (b"REDO", "redo", None if h.can_redo() else "nothing to redo"),
                 (b"FINISH", "finish",
                  None if game.can_finish() else "not every card can go home yet"),
                 (b"HINT", "hint"), (b"SHOW ME", "show"), (b"WINNABLE?", "winnable"),
                 (b"AUTOPLAY: ON" if game.autoplay else b"AUTOPLAY: OFF", "autoplay"),
                 (b"RESTART DEAL", "restart", None if game.moves else "nothing played yet"),
                 (b"NEW GAME", "game:random"), (b"GIVE UP", "give_up"),
                 (b"SETTINGS", "settings"), (b"MAIN MENU", "title"),
                 (b"GAME CODE", "show_code"), (b"CONTROLS", "help")]
        if self.app.quit:  # back to the board's own menu, the game saved
            items.append((b"QUIT", "quit"))
        self.set_items(items)
        self.choice = 0
