"""The table screen: the cursor, picking cards up and putting them down, the
quick action, undo, and the messages that explain a refused move.

The cursor is on the top row (row 0: the free cells' slots, at least four,
then the foundation piles) or on a column (row 1), where `depth` counts
cards down from the top: the
player moves up a column to reveal any card, and picks up a run from the card
under the cursor.  Onto an empty column that choice is the number of cards;
onto cards the rules force it, so a pick-up from the top card moves whatever
fits.  Handles buttons and changes the game; drawing is table_view's.
"""

from freecell.cards import NO_CARD
from freecell.game import OK
from freecell.table import CELL0, FOUND0, FOUNDATION

from . import buttons as K
from .paint import Line

_MESSAGE_LINES = 3


class PlayScreen:
    def __init__(self, game, layout):
        self.game = game
        self.layout = layout
        self.message = [Line(layout.text_chars) for _ in range(_MESSAGE_LINES)]
        self.message_lines = 0
        self.deal_text = b"1"
        self.assistant = None  # the app's, set by it
        self.reset()

    def reset(self):
        """A new deal (or a game of another shape): cursor on column 1,
        nothing held, no message."""
        t = self.game.table
        self.layout.shape(t.columns, max(4, t.cells_count), t.piles())
        self.row = 1
        self.col = 0
        self.depth = 0
        self.drop()
        self.message_lines = 0
        self.deal_text = self.game.number.text().encode()

    def drop(self):
        self.held = -1
        self.held_count = 0  # 0: the top card only, the count left to the rules
        self.held_card = NO_CARD

    def thinking(self):
        """The solver's progress (0-100), or -1 when it is not at work."""
        return self.assistant.progress() if self.assistant else -1

    def held_cards(self, column):
        """How many cards of `column` are shown as picked up."""
        return max(1, self.held_count)

    # -- where the cursor is -------------------------------------------------

    def location(self):
        """The engine location under the cursor, or -1 for an unused slot."""
        if self.row == 1:
            return self.col
        cells = self.layout.cell_slots
        if self.col < cells:
            return CELL0 + self.col if self.col < self.game.table.cells_count else -1
        return FOUND0 + self.col - cells

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

    def column_size(self):
        return self.game.table.heights[self.col] if self.row == 1 else 0

    # -- buttons ------------------------------------------------------------

    def key(self, button, kind):
        """Handle one button event; returns what the app should do next:
        None to stay, or one of the app's action names."""
        had_message = self.message_lines
        self.message_lines = 0
        if button == K.UP:
            self.up()
        elif button == K.DOWN:
            self.down()
        elif button == K.LEFT:
            self.sideways(-1)
        elif button == K.RIGHT:
            self.sideways(1)
        elif button == K.A and kind == K.LONG:
            self.quick()
        elif button == K.A:
            self.pick_or_place()
        elif button == K.SELECT:
            self.quick()
        elif button == K.B and kind == K.LONG:
            return "menu"
        elif button == K.B:
            if self.held >= 0:
                self.drop()
            elif not had_message:
                self.undo()
        elif button == K.START:
            return "menu"
        if self.game.is_over():
            return "end"
        return None

    def up(self):
        if self.row == 1 and self.depth < self.column_size() - 1 and self.held < 0:
            self.depth += 1
        elif self.row == 1:
            self.row = 0
            self.col = min(self.col, self.layout.top.places - 1)
            self.depth = 0

    def down(self):
        if self.row == 0:
            self.row = 1
            self.col = min(self.col, self.layout.cols.places - 1)
        elif self.depth > 0:
            self.depth -= 1

    def sideways(self, step):
        row = self.layout.top if self.row == 0 else self.layout.cols
        self.col = (self.col + step) % row.places
        self.depth = 0

    def pick_or_place(self):
        game = self.game
        src = self.location()
        if self.held < 0:
            if src < 0 or game.table.top(src) == NO_CARD:
                return
            if src >= FOUND0 and not game.take_back:
                return self.say_text("cards on the foundations stay there")
            if self.depth >= game.run_length(src):
                return self.say_text("only %d cards form a run there" % game.run_length(src))
            self.held = src
            self.held_count = self.depth + 1 if self.depth else 0
            self.held_card = game.table.card(src, self.depth) if src < CELL0 else game.table.top(src)
            self.depth = 0
            return
        if src == self.held:
            self.drop()
            return
        if src < 0:
            return
        if src >= FOUND0 and not game.table.takes(src - FOUND0, game.table.top(self.held)):
            src = FOUNDATION  # any foundation slot means "home"
        count = self.held_count
        if count == 0 and src < CELL0 and game.table.heights[src] == 0:
            count = 1
        if game.move(self.held, src, count) == OK:
            self.drop()
        else:
            self.say_text(game.reason())

    def quick(self):
        """Send the card under the cursor home, or failing that to the best
        legal place (autoplay off: this is how cards go home by hand)."""
        game = self.game
        src = self.location() if self.held < 0 else self.held
        if src < 0 or src >= FOUND0 or game.table.top(src) == NO_CARD:
            return
        dst = game.best_target(src)
        if dst < 0:
            return self.say_text("no move for that card")
        count = game.most_to_empty(src) if dst < CELL0 and game.table.heights[dst] == 0 else 0
        if game.move(src, dst, count) == OK:
            self.drop()
            self.depth = 0
        else:
            self.say_text(game.reason())

    def undo(self):
        if self.game.undo() != OK:
            self.say_text(self.game.reason())
        self.depth = 0

    # -- messages -------------------------------------------------------------

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
