"""Drawing the table: cells and foundations on top, the columns, the cursor,
the cards picked up, and the status line (or a message).  Reads the game and
the play screen's cursor; changes nothing; allocates nothing.
"""

from freecell.cards import NO_CARD, is_red
from freecell.table import CELL0, FOUND0, COLUMN_CAP

from .paint import Line


class TableView:
    def __init__(self, painter, layout):
        self.p = painter
        self.layout = layout
        self.status = Line(layout.text_chars)
        self.first = 0  # the first column in view (narrow displays scroll)
        # where the card under the cursor was last drawn (for tests)
        self.focus_x = self.focus_y = self.focus_h = -1

    def draw(self, game, play):
        fb = self.p.fb
        fb.fill(0)
        lay = self.layout
        self.first = lay.first_visible(self.first, play.col)
        self.focus_x = self.focus_y = self.focus_h = -1
        self.draw_top_row(game, play)
        for c in range(game.table.columns):
            self.draw_column(game, play, c)
        if self.first > 0:
            self.hint(0)
        if self.first + lay.visible < game.table.columns:
            self.hint(lay.width - 1)
        if play.message_lines:
            self.draw_message(play)
        else:
            self.draw_status(game, play)

    def draw_top_row(self, game, play):
        lay = self.layout
        t = game.table
        for slot in range(8):
            x = lay.scrolled(self.first, slot)
            if x < 0:
                continue
            y = lay.top_y
            card = NO_CARD
            if slot < 4:
                if slot >= t.cells_count:
                    continue  # a game with fewer cells: no slot at all
                card = t.cells[slot]
                location = CELL0 + slot
            else:
                n = t.foundations[slot - 4]
                if n:
                    card = (n - 1) << 2 | (slot - 4)
                location = FOUND0 + slot - 4
            if card == NO_CARD:
                self.p.fb.rect(x, y, lay.card_w, lay.full, 1)
                if slot >= 4:  # an empty foundation shows its suit
                    self.p.suit(slot - 4, x + (lay.card_w - 5) // 2, y + 1, 1)
            else:
                self.p.card(card, x, y, lay.card_w, lay.full)
            if play.held == location:
                self.mark_held(x, y, lay.full)
            if play.row == 0 and play.col == slot:
                self.draw_cursor(x, y, lay.full, card)

    def draw_column(self, game, play, c):
        lay = self.layout
        t = game.table
        x = lay.scrolled(self.first, c)
        if x < 0:
            return
        y = lay.columns_y
        n = t.heights[c]
        cursor_here = play.row == 1 and play.col == c
        if n == 0:
            self.p.fb.rect(x, y, lay.card_w, lay.full, 1)
            if cursor_here:
                self.draw_cursor(x, y, lay.full, NO_CARD)
            return
        focus = n - 1 - play.depth if cursor_here else -1
        expand = lay.expansions(n)
        sliver = lay.sliver(n)
        if 0 <= focus < n - 1 - expand:
            expand -= 1  # the card under the cursor takes one expansion
        held_from = n - play.held_cards(c) if play.held == c else n
        for i in range(n):
            card = t.cards[c * COLUMN_CAP + i]
            if i == n - 1:
                h = lay.full
            elif i == focus or i >= n - 1 - expand:
                h = lay.head
            else:
                h = sliver
            self.p.card(card, x, y, lay.card_w, h)
            if i >= held_from:
                self.mark_held(x, y, h)
            if i == focus:
                self.draw_cursor(x, y, lay.full if i == n - 1 else lay.head, card)
            y += h

    def mark_held(self, x, y, h):
        """Cards picked up get a dotted line down their left margin."""
        fb = self.p.fb
        for i in range(1, h, 2):
            fb.pixel(x, y + i, 1 - fb.pixel(x, y + i))

    def hint(self, x):
        """A dotted line down a screen edge: more columns that way."""
        for y in range(self.layout.columns_y, self.layout.status_y - 1, 2):
            self.p.fb.pixel(x, y, 1)

    def draw_cursor(self, x, y, h, card):
        """Brackets [ ] 2 px thick in the gaps beside the card under the
        cursor.  On a lit face (a red card) the margins go dark, so the
        bracket stands apart; the signs are never covered."""
        fb = self.p.fb
        w = self.layout.card_w
        self.focus_x, self.focus_y, self.focus_h = x, y, h
        if card != NO_CARD and is_red(card):
            fb.vline(x, y, h, 0)
            fb.vline(x + w - 1, y, h, 0)
        fb.fill_rect(x - 2, y - 1, 2, h + 2, 1)
        fb.fill_rect(x + w, y - 1, 2, h + 2, 1)
        fb.hline(x, y - 1, 2, 1)
        fb.hline(x + w - 2, y - 1, 2, 1)
        fb.hline(x, y + h, 2, 1)
        fb.hline(x + w - 2, y + h, 2, 1)

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
        if play.held >= 0:
            line.add(b"HOLDING ").add_card(play.held_card)
            if play.held_count > 1:
                line.add(b" +").add_int(play.held_count - 1)
            line.add(b"  B: DROP")
        else:
            narrow = self.layout.narrow  # 18 characters: "#617 M30 R5/2 A-"
            line.add(b"#").add(play.deal_text).add(b" M").add_int(game.moves)
            line.add(b" R" if narrow else b" RUN ").add_int(game.supermove_limit(False))
            if game.table.empty_columns():
                line.add(b"/").add_int(game.supermove_limit(True))
            if not game.autoplay:
                line.add(b" A-" if narrow else b" AUTO OFF")
        self.p.line(line, 0, self.layout.status_y)

    def draw_message(self, play):
        lay = self.layout
        lines = play.message_lines
        h = lines * 6 + 3
        top = lay.height - h
        self.p.fb.fill_rect(0, top, lay.width, h, 0)
        self.p.fb.rect(0, top, lay.width, h, 1)
        for i in range(lines):
            self.p.line(play.message[i], 2, top + 2 + i * 6)
