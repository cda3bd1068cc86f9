"""The table screen: the cursor, picking cards up and putting them down, the
quick action, undo, and the messages that explain a refused move.

The cursor is on the top row (row 0: the free cells' slots, at least four,
then the foundation piles) or on a column (row 1), where `depth` counts
cards down from the top: the player moves up a column to reveal any card,
and picks up a run from the card under the cursor.  Onto an empty column
that choice is the number of cards; onto cards the rules force it, so a
pick-up from the top card moves whatever fits.

A move is meant to take three presses (make bench: presses_per_move):
  - with nothing held, left/right step between the places that have a card
    to pick up; down from a column's top card wraps to the top row (the
    nearest cell with a card), up past a column's deepest card too;
  - A picks up, and the cursor goes straight to the most useful legal place
    (a foundation, the nearest column that takes it, an empty column, a free
    cell: one of each kind of equivalent place); left/right step between
    the legal places only, up/down to the other row's; A puts down there, B
    drops;
  - hold A (or SELECT) sends the card to that most useful place at once,
    and never back where the last move took it from;
  - after a move from a column the cursor is back on that column, on the
    card the move uncovered.
Handles buttons and changes the game; drawing is table_view's.
"""

from freecell.cards import NO_CARD, name
from freecell.compat import const
from freecell.game import OK
from freecell.table import CELL0, FOUND0, FOUNDATION

from . import buttons as K
from .paint import Line
from .screens import Screen

_MESSAGE_LINES = 3
_E_NOT_RUN = const(10)  # reasons.E_NOT_RUN


class PlayScreen(Screen):
    def __init__(self, game, layout):
        self.game = game
        self.layout = layout
        self.message = [Line(layout.text_chars) for _ in range(_MESSAGE_LINES)]
        self.message_lines = 0
        self.deal_text = b"1"
        self.assistant = None  # the app's, set by it
        self.view = None  # the app's TableView, set by it: what draw() draws with
        self.hint_src = self.hint_dst = -1  # a hint's move, marked on the table (hint())
        self.hint_count = 0
        self.refused = False  # the last key was refused (the app's sounds ask)
        self.told_mark = False  # what the deal number's '?' means was said (once a session)
        self.reset()

    def draw(self):
        """The table, as every screen draws itself (app.redraw)."""
        self.view.draw(self.game, self)

    def reset(self, st=None):
        """A new deal (or a game of another shape): cursor on column 1,
        nothing held, no message; with the statistics `st`, what the status
        line says the deal is (the game when not FreeCell, the DAILY deal, a
        tournament's round), long and short (built here, once a deal)."""
        t = self.game.table
        v = self.game.variant
        daily = st is not None and st.in_progress and st.daily
        round_ = st.tour_round() if st is not None and st.in_progress and st.tournament else 0
        self.tag = (v.title.encode() + b" " if v.id else b"") + (
            b"DAILY " if daily else b"ROUND %d/3 " % round_ if round_ else b"")
        self.tag_short = (v.code.encode() + b" " if v.id else b"") + (
            b"D " if daily else b"R%d " % round_ if round_ else b"")
        self.layout.shape(t.columns, max(4, t.cells), t.piles())
        self.row = 1
        self.col = 0
        self.depth = 0
        self.drop()
        self.message_lines = 0
        self.hint_src = self.hint_dst = -1
        self.deal_text = self.game.number.text().encode()

    def open(self):
        """Back on the table (a resumed game too): a lost position says so."""
        self.check_stuck()

    def check_stuck(self):
        game = self.game
        if not game.is_over() and not game.has_move():
            self.say_text("no moves left: undo with B, or give up in the menu"
                          if game.history.can_undo() else "no moves left: give up in the menu")

    def drop(self):
        self.held = -1
        self.held_count = 0  # 0: the top card only, the count left to the rules
        self.held_card = NO_CARD
        self.targets = 0  # while holding: the legal places, a bit a location

    def thinking(self):
        """The solver's progress (0-100), or -1 when it is not at work."""
        return self.assistant.progress() if self.assistant else -1

    def held_cards(self, column):
        """How many cards of `column` are shown as picked up."""
        return max(1, self.held_count)

    # -- where the cursor is -------------------------------------------------

    def location(self):
        """The engine location under the cursor, or -1 for an unused slot."""
        return self.location_at(self.row, self.col)

    def location_at(self, row, place):
        if row == 1:
            return place
        cells = self.layout.cell_slots
        if place < cells:
            return CELL0 + place if place < self.game.table.cells else -1
        return FOUND0 + place - cells

    def slot_of(self, location):
        """(row, place) of a location on the screen."""
        if location < CELL0:
            return 1, location
        if location < FOUND0:
            return 0, location - CELL0
        return 0, location - FOUND0 + self.layout.cell_slots

    def point_at(self, location):
        """Put the cursor on a location (a hint shows its source)."""
        self.row, self.col = self.slot_of(location)
        self.depth = 0

    def hint(self, src, dst, count):
        """A hint's move: the cursor on the card it names (up its column
        when it heads a run), its target marked; A then picks up those
        cards and goes to that very place, where A puts them down."""
        self.point_at(src)
        if src < CELL0 and count > 1:
            self.depth = count - 1
        self.hint_src, self.hint_dst, self.hint_count = src, dst, count

    def under(self, location):
        """The column nearest a location on the screen: a column itself, or
        for a cell or a foundation the column under it (the rows' places are
        spaced apart differently: Eight Off's twelve over eight, the Thumby's
        eight mini cards over its columns)."""
        if location < CELL0:
            return location
        place = (location - CELL0 if location < FOUND0
                 else location - FOUND0 + self.layout.cell_slots)
        top, cols = self.layout.top, self.layout.cols
        x = top.x0 + place * top.pitch + top.card_w // 2 - cols.x0
        return max(0, min(cols.places - 1, x // cols.pitch))

    def column_size(self):
        return self.game.table.heights[self.col] if self.row == 1 else 0

    def places(self, row):
        return (self.layout.top if row == 0 else self.layout.cols).places

    def pickable(self, row, place):
        """Is there a card to pick up at this place?"""
        loc = self.location_at(row, place)
        if loc < 0 or self.game.table.top(loc) == NO_CARD:
            return False
        return loc < FOUND0 or self.game.take_back

    def wanted(self, row, place):
        """Does the cursor stop here: a place with a card to pick up, or
        while holding, a legal place?"""
        if self.held >= 0:
            loc = self.location_at(row, place)
            return loc >= 0 and self.targets >> loc & 1
        return self.pickable(row, place)

    def nearest(self, row, place):
        """The wanted place of `row` nearest to `place` (the left one of two
        as near), or -1 when there is none."""
        n = self.places(row)
        for d in range(n):
            for p in (place - d, place + d):
                if 0 <= p < n and self.wanted(row, p):
                    return p
        return -1

    # -- buttons ------------------------------------------------------------

    def key(self, button, press):
        """Handle one button event; returns what the app should do next:
        None to stay, or one of the app's action names."""
        had_message = self.message_lines  # B closes it, and does nothing else
        moves = self.game.moves
        # the hint's place, while the cursor is on the cards it named
        hinted = self.hint_dst if self.held < 0 and self.hint_src >= 0 \
            and self.location() == self.hint_src \
            and self.depth == max(0, self.hint_count - 1) else -1
        self.refused = False
        self.message_lines = 0
        self.hint_src = self.hint_dst = -1
        if button == K.UP:
            self.up()
        elif button == K.DOWN:
            self.down()
        elif button == K.LEFT:
            self.sideways(-1)
        elif button == K.RIGHT:
            self.sideways(1)
        elif button == K.A and press == K.LONG:
            self.quick(hinted)
        elif button == K.A:
            self.pick_or_place(hinted)
        elif button == K.SELECT:
            self.quick(hinted)
        elif button == K.B and press == K.LONG:
            return "menu"
        elif button == K.B:
            if self.held >= 0:
                self.point_at(self.held)  # dropped: back where it lies
                self.drop()
            elif not had_message:
                self.undo()
        elif button == K.START:
            return "menu"
        if self.game.is_over():
            return "end"
        if self.game.moves != moves and not self.message_lines:
            self.check_stuck()
        return None

    def up(self):
        if self.held >= 0:
            return self.other_row()
        if self.row == 1 and self.depth < self.column_size() - 1:
            self.depth += 1  # reveal the card under it
        else:  # past the deepest card (or from the top row): the other row
            self.to_row(1 - self.row)

    def down(self):
        if self.held >= 0:
            return self.other_row()
        if self.row == 1 and self.depth > 0:
            self.depth -= 1
        else:  # from a column's top card the top row, from the top row the columns
            self.to_row(1 - self.row)

    def to_row(self, row):
        """The cursor onto `row`, at the wanted place nearest where it is."""
        place = min(self.col, self.places(row) - 1)
        found = self.nearest(row, place)
        self.row, self.col, self.depth = row, found if found >= 0 else place, 0

    def other_row(self):
        """Holding: to the nearest legal place of the other row, if any."""
        row = 1 - self.row
        found = self.nearest(row, min(self.col, self.places(row) - 1))
        if found >= 0:
            self.row, self.col, self.depth = row, found, 0

    def sideways(self, step):
        """To the next wanted place that way (holding: a legal place, in the
        order top row then columns; else a place with a card), or one step
        when there is none."""
        self.depth = 0
        rows = 2 if self.held >= 0 else 1  # holding: both rows, as one ring
        row, place = self.row, self.col
        ring = self.places(0) + self.places(1) if rows == 2 else self.places(row)
        for _ in range(ring - 1):  # every other place once
            place += step
            if place < 0 or place >= self.places(row):
                if rows == 2:
                    row = 1 - row
                place = self.places(row) - 1 if place < 0 else 0
            if self.wanted(row, place):
                self.row, self.col = row, place
                return
        if self.held < 0:
            self.col = (self.col + step) % self.places(self.row)

    def pick_or_place(self, hinted=-1):
        if self.held < 0:
            return self.pick_up(hinted)
        src = self.location()
        if src == self.held:
            self.drop()
            return
        game = self.game
        if src >= FOUND0 and not game.table.takes(src - FOUND0, game.table.top(self.held)):
            src = FOUNDATION  # any foundation slot means "home"
        count = self.held_count
        if count == 0 and src < CELL0 and game.table.heights[src] == 0:
            count = 1
        held = self.held
        if game.move(held, src, count) == OK:
            self.drop()
            self.after_move(held, src)
        else:
            self.refuse(game.reason())

    def pick_up(self, hinted=-1):
        """Pick up the card under the cursor (and those above it); the
        cursor goes to the most useful place they may go, or to `hinted`,
        the place a hint named for them."""
        game = self.game
        src = self.location()
        if src < 0 or game.table.top(src) == NO_CARD:
            return
        if src >= FOUND0 and not game.take_back:
            return self.refuse("cards on the foundations stay there")
        run = game.run_length(src)
        if self.depth >= run:  # the engine's words for it
            game.error, game.fit = _E_NOT_RUN, run
            return self.refuse(game.reason())
        count = self.depth + 1 if self.depth else 0
        card = game.table.card(src, self.depth) if src < CELL0 else game.table.top(src)
        targets = self.kinds(game.legal_targets(src, count), hinted, self.under(src))
        if not targets:
            return self.refuse("no place takes %s now" % name(card))
        self.held, self.held_count, self.held_card = src, count, card
        self.targets = targets
        dst = hinted if hinted >= 0 and targets >> hinted & 1 \
            else game.best_target(src, count, targets, self.under(src))
        if dst < 0:  # only where the last move took it from: that, then
            dst = 0
            while not targets >> dst & 1:
                dst += 1
        self.point_at(dst)

    def kinds(self, mask, keep, near):
        """The legal places, one of each kind of equivalent one: the free
        cells are one place (the first, or `keep`, a hint's), and so are
        the empty columns (the one nearest column `near`, or `keep`)."""
        t = self.game.table
        cell = keep - CELL0 if CELL0 <= keep < FOUND0 and mask >> keep & 1 else -1
        for i in range(t.cells):
            if mask >> (CELL0 + i) & 1 and i != cell:
                if cell >= 0:
                    mask &= ~(1 << (CELL0 + i))
                else:
                    cell = i
        empty = keep if 0 <= keep < CELL0 and mask >> keep & 1 and t.heights[keep] == 0 else -1
        for d in range(t.columns):
            for c in (near - d, near + d):
                if 0 <= c < t.columns and mask >> c & 1 and t.heights[c] == 0:
                    if empty < 0:
                        empty = c
                    elif c != empty:
                        mask &= ~(1 << c)
        return mask

    def quick(self, hinted=-1):
        """Send the card under the cursor (the run from it, when the cursor
        is up a column) home, or failing that to the most useful legal place
        (autoplay off: this is how cards go home by hand); where a hint named
        them, to the hint's place, the hint's cards."""
        game = self.game
        src = self.location() if self.held < 0 else self.held
        if src < 0 or (src >= FOUND0 and not game.take_back) or game.table.top(src) == NO_CARD:
            return
        count = self.depth + 1 if self.held < 0 and self.depth else self.held_count
        dst = game.best_target(src, count, -1, self.under(src)) if hinted < 0 else hinted
        if hinted >= 0:
            count = self.hint_count
        if dst < 0:
            card = game.table.card(src, max(0, count - 1)) if src < CELL0 else game.table.top(src)
            if src >= CELL0:  # another free cell would change nothing
                return self.refuse("no column or foundation takes %s now" % name(card))
            return self.refuse("no place takes %s now" % name(card))
        if count == 0 and dst < CELL0 and game.table.heights[dst] == 0:
            count = game.most_to_empty(src)
        if game.move(src, dst, count) == OK:
            self.drop()
            self.after_move(src, dst)
        else:
            self.refuse(game.reason())

    def after_move(self, src, dst):
        """Where the cursor goes: back to the column the cards left (its new
        top card), else to the column they went to, else it stays."""
        if src < CELL0:
            self.point_at(src)
        elif dst < CELL0:
            self.point_at(dst)
        else:
            self.depth = 0

    def undo(self):
        if self.game.undo() != OK:
            self.refuse(self.game.reason())
        self.depth = 0

    # -- messages -------------------------------------------------------------

    def refuse(self, text):
        """A key refused: say why (the app's sounds buzz on `refused`)."""
        self.refused = True
        self.say_text(text)

    def say_text(self, text):
        """Show a message, word-wrapped to the screen (allocates: it is made
        once per message, not per redraw)."""
        words = text.upper().split()
        self.message_lines = 0
        line = None
        width = self.layout.text_chars - 1
        for word in words:
            if line is None or line.n + 1 + len(word) > width:
                if self.message_lines == _MESSAGE_LINES:
                    break
                line = self.message[self.message_lines].clear()
                self.message_lines += 1
            elif line.n:
                line.add(b" ")
            line.add(word.encode())
