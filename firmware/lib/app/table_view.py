"""Drawing the table: cells and foundations on top, the columns, the cursor,
the cards picked up, the places they may go, a hint's move, and the status
line (or a message).  Reads the game and the play screen's cursor; changes
nothing; allocates nothing.

Marks, all in the gaps between cards so no sign is ever covered:
  cursor      solid brackets, as tall as the card and its edges, with hooks
              over and under its corners: the one mark with lines across
  held cards  the run picked up: dotted lines down both sides (and its left
              margin inverted)
  a legal place while holding, or a hint's target: short ticks beside its
              top and bottom, and an empty place (a cell, a column, a
              foundation) dotted inside; nothing in the rows between the top
              row and the columns, so a cell's cursor never meets the marks
              of the column under it
A message box sits over the bottom of the table, and the columns compress to
end above it: it covers no card a player can play.
"""

from freecell.cards import NO_CARD, is_red
from freecell.compat import micropython  # the decorator: compat.py says how
from freecell.scoring import TIMED
from freecell.table import CELL0, FOUND0, COLUMN_CAP, wanted

from .layout import NARROW_W
from .paint import Line


class TableView:
    def __init__(self, painter, layout):
        self.p = painter
        self.layout = layout
        self.status = Line(layout.text_chars + 24)  # (room to see that a form is too long)
        self.first = 0  # the first column in view (a row that does not fit scrolls)
        self.top_first = 0  # the first place of the top row in view
        # where the card under the cursor was last drawn, and where each
        # column ended (for tests)
        self.focus_x = self.focus_y = self.focus_h = -1
        self.ends = bytearray(10)
        self.bottom = layout.columns_y + layout.columns_h
        self.marks = 0
        self.short = None  # a short screen's mini cards and strip: their code only there
        if layout.short:
            from .short_view import ShortView

            self.short = ShortView(painter, layout, self.status)

    def draw(self, game, play):
        fb = self.p.fb
        fb.fill(0)
        lay = self.layout
        # each row follows the cursor's place (the other row's, clipped,
        # when the cursor is not on it), so equal rows scroll together
        self.first = lay.cols.first_visible(self.first, min(play.col, lay.cols.places - 1))
        self.top_first = lay.top.first_visible(self.top_first, min(play.col, lay.top.places - 1))
        self.focus_x = self.focus_y = self.focus_h = -1
        # a message: the columns end above its box (drawn over the status line
        # up); a strip: above its lines of mini cards, a dark row between
        strip = self.short.lines(game, play) if self.short else 0
        if play.message_lines:
            self.bottom = lay.height - play.message_lines * self.p.line_h - 4
        elif strip:
            self.bottom = lay.height - strip * lay.full - 1
        else:
            self.bottom = lay.columns_y + lay.columns_h
        # the places to mark, a bit a location: where the held cards may go
        # (but where the cursor is), or a hint's target
        cursor = play.location()
        if play.held >= 0:
            self.marks = play.targets & ~(1 << cursor) if cursor >= 0 else play.targets
        else:
            self.marks = 1 << play.hint_dst if play.hint_dst >= 0 else 0
        self.draw_top_row(game, play)
        for c in range(game.table.columns):
            self.draw_column(game, play, c)
        self.hints(lay.cols, self.first, lay.columns_y, self.bottom if strip else lay.status_y - 1)
        if lay.top.places != lay.cols.places:  # else it scrolls as the columns do
            self.hints(lay.top, self.top_first, lay.top_y, lay.full)
        if play.message_lines:
            self.draw_message(play)
        elif strip:
            self.short.draw_strip(game, play, strip)
        else:
            self.draw_status(game, play)

    def draw_top_row(self, game, play):
        lay = self.layout
        row = lay.top
        t = game.table
        cells = lay.cell_slots
        for slot in range(row.places):
            x = row.x(self.top_first, slot)
            if x < 0:
                continue
            y = lay.top_y
            card = NO_CARD
            if slot < cells:
                if slot >= t.cells:
                    continue  # a game with fewer cells: no slot at all
                card = t.cell_cards[slot]
                location = CELL0 + slot
            else:
                location = FOUND0 + slot - cells
                card = t.top(location)
            if card == NO_CARD:
                self.p.fb.rect(x, y, row.card_w, lay.full, 1)
                if slot >= cells:  # an empty foundation shows the suit it starts with
                    first = wanted(t.foundations, slot - cells, 0)
                    self.p.suit(first & 3, x + (row.card_w - self.p.suit_w) // 2, y + 1, 1)
            else:
                self.p.card(card, x, y, row.card_w, lay.full)
            if slot >= cells and lay.piles < 4:  # a pile of 26: how high it is
                self.p.fb.hline(x, y + lay.full, t.foundations[slot - cells] * row.card_w // 26, 1)
            if play.held == location:
                self.mark_held(row, x, y, lay.full)
            elif self.marks >> location & 1:
                self.mark_target(row, x, y, lay.full, card == NO_CARD)
            if play.row == 0 and play.col == slot:
                self.draw_cursor(row, x, y, lay.full, card)

    @micropython.native
    def draw_column(self, game, play, c):
        lay = self.layout
        row = lay.cols
        t = game.table
        x = row.x(self.first, c)
        if x < 0:
            return
        y = lay.columns_y
        n = t.heights[c]
        self.ends[c] = y + lay.full
        cursor_here = play.row == 1 and play.col == c
        target = self.marks >> c & 1
        if n == 0:
            self.p.fb.rect(x, y, row.card_w, lay.full, 1)
            if target:
                self.mark_target(row, x, y, lay.full, True)
            if cursor_here:
                self.draw_cursor(row, x, y, lay.full, NO_CARD)
            return
        focus = n - 1 - play.depth if cursor_here else -1
        room = self.bottom - lay.columns_y
        if room == lay.columns_h:  # no message: the layout's tables
            expand, sliver, hidden = lay.expanded[n], lay.slivers[n], 0
        else:
            expand, sliver, hidden = lay.expansions(n, room), lay.sliver(n, room), \
                lay.hidden(n, room)
        if 0 <= focus < n - 1 - expand:
            if expand:
                expand -= 1  # the card under the cursor takes one expansion
            else:  # none to take (a long column on a short screen): the
                # deepest cards make room for its face, hidden as at the top
                over = lay.full + lay.head + (n - 2 - hidden) * sliver - room
                if over > 0:
                    hidden += (over + sliver - 1) // sliver
                if focus < hidden:  # it shows: one more past it goes
                    hidden += 1
        held_from = n - play.held_cards(c) if play.held == c else n
        for i in range(n):
            card = t.cards[c * COLUMN_CAP + i]
            if i == n - 1:
                h = lay.full
            elif i < hidden and i != focus:
                continue  # no room even for a sliver: it does not show
            elif i == focus or i >= n - 1 - expand:
                h = lay.head
            else:
                h = sliver
            self.p.card(card, x, y, row.card_w, h)
            if i >= held_from:
                self.mark_held(row, x, y, h)
            if i == n - 1 and target:  # the card it would go on
                self.mark_target(row, x, y, h)
            if i == focus:
                self.draw_cursor(row, x, y, lay.full if i == n - 1 else lay.head, card)
            y += h
        self.ends[c] = y

    def mark_held(self, row, x, y, h):
        """Cards picked up: dotted lines down both sides, in the gaps, and
        the left margin inverted."""
        fb = self.p.fb
        b = row.bracket
        for i in range(y & 1, h, 2):
            fb.pixel(x - b, y + i, 1)
            fb.pixel(x + row.card_w + b - 1, y + i, 1)
        for i in range(1, h, 2):
            fb.pixel(x, y + i, 0 if fb.pixel(x, y + i) else 1)

    def mark_target(self, row, x, y, h, empty=False):
        """A place the held cards may go (or a hint's target): 2 px ticks in
        the gaps beside its top and bottom, never a line across (the
        cursor's sign), and an empty place dotted inside."""
        fb = self.p.fb
        w = row.card_w
        b = row.bracket
        for side in (x - b, x + w + b - 1):
            fb.vline(side, y, 2, 1)
            fb.vline(side, y + h - 2, 2, 1)
        if empty:
            for dy in range(2, h - 2, 2):
                for dx in range(2 + (dy & 2) // 2, w - 2, 2):
                    fb.pixel(x + dx, y + dy, 1)

    def hints(self, row, first, top, bottom):
        """Dotted lines down the screen's edges beside a row that scrolls:
        more places that way."""
        if first > 0:
            self.hint(0, top, bottom)
        if first + row.visible < row.places:
            self.hint(self.layout.width - 1, top, bottom)

    def hint(self, x, top, bottom):
        for y in range(top, bottom, 2):
            self.p.fb.pixel(x, y, 1)

    def draw_cursor(self, row, x, y, h, card):
        """Brackets [ ] in the gaps beside the card under the cursor: 2 px
        thick, or 1 px between narrow and mini cards.  On a lit face (a red
        card) the margins go dark, so the bracket stands apart; the signs are
        never covered."""
        fb = self.p.fb
        w = row.card_w
        b = row.bracket
        self.focus_x, self.focus_y, self.focus_h = x, y, h
        if card != NO_CARD and is_red(card) and w >= NARROW_W:  # (a mini card's letters
            fb.vline(x, y, h, 0)  # reach its edges: its face stays whole)
            fb.vline(x + w - 1, y, h, 0)
        fb.fill_rect(x - b, y - 1, b, h + 2, 1)
        fb.fill_rect(x + w, y - 1, b, h + 2, 1)
        fb.hline(x, y - 1, 2, 1)
        fb.hline(x + w - 2, y - 1, 2, 1)
        fb.hline(x, y + h, 2, 1)
        fb.hline(x + w - 2, y + h, 2, 1)

    def draw_progress(self, game, play):
        """Over the last frame, the status line again: the solver's progress
        grew and nothing else changed (its bar only lengthens, drawn over
        the row above).  False when a message hides the status line."""
        if play.message_lines:
            return False
        lay = self.layout
        self.p.fb.fill_rect(0, lay.status_y, lay.width, lay.height - lay.status_y, 0)
        self.draw_status(game, play)
        return True

    def draw_status(self, game, play):
        """Deal number, moves and the run limit (onto cards / into an empty
        column), or what the player is holding."""
        line = self.status.clear()
        thinking = play.thinking()
        if thinking >= 0:  # the solver at work: a bar across the status line
            line.add(b"THINKING ").add_int(thinking).add(b"%  B: STOP")
            self.p.line(line, 0, self.layout.status_y)
            w = self.layout.width * thinking // 100
            self.p.fb.hline(0, self.layout.status_y - 1, w, 1)
            return
        if play.held >= 0:  # what, and where it may go; "B: DROP" where it fits
            narrow = self.layout.narrow
            line.add(b"" if narrow else b"HOLDING ").add_card(play.held_card)
            if play.held_count > 1:
                line.add(b" +").add_int(play.held_count - 1)
            line.add(b" A:PUT B:DROP" if narrow else b"  A: PUT  B: DROP")
        else:  # the long form where it fits, else the short one
            self.deal_status(game, play, self.layout.narrow)
            if line.n > self.layout.text_chars:
                self.deal_status(game, play, True)
        self.p.text(line.buf, 0, self.layout.status_y, 1, min(line.n, self.layout.text_chars))

    def deal_status(self, game, play, short):
        """"EIGHT OFF DAILY #617? M30 RUN 5/2 AUTO OFF", or short (18
        characters on the Thumby): "EO D #617? M30 R5/2 A-"."""
        line = self.status.clear()
        line.add(play.tag_short if short else play.tag).add(b"#").add(play.deal_text)
        if not game.proved:  # not known to be winnable: the solver has not won it
            line.add(b"?")
        line.add(b" M").add_int(game.moves)
        line.add(b" R" if short else b" RUN ").add_int(game.supermove_limit(False))
        if game.table.empty_columns():
            line.add(b"/").add_int(game.supermove_limit(True))
        if not game.autoplay:
            line.add(b" A-" if short else b" AUTO OFF")
        if game.scoring == TIMED:  # the clock is ticking: the score it leaves
            line.add(b" S").add_int(game.final_score())

    def draw_message(self, play):
        lay = self.layout
        lines = play.message_lines
        step = self.p.line_h
        h = lines * step + 3
        top = lay.height - h
        self.p.fb.fill_rect(0, top, lay.width, h, 0)
        self.p.fb.rect(0, top, lay.width, h, 1)
        for i in range(lines):
            self.p.text(play.message[i].buf, 2, top + 2 + i * step, 1, play.message[i].n)
