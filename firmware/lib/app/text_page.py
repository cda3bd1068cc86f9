"""A titled page of lines (CONTROLS, STATISTICS, UPLOAD RESULTS): its own
module, shared by the LAZY screens' modules that show one (pages.py,
upload.py) and let go of with them (app.py's _let_go_held), so that neither
loads the other's code for it.
"""

from . import buttons as K
from .screens import Screen


class TextScreen(Screen):
    """A titled page of lines, scrolled with up and down where the screen is
    short (a dotted right edge says there is more); A or B goes back."""

    title = b""

    def __init__(self, app):
        self.app = app
        self.top = 0
        self.lines = ()

    def open(self):
        self.top = 0

    def rows(self):
        p = self.app.painter
        return (self.app.layout.height - p.glyph_h - 2) // p.line_h

    def key(self, button, press):
        if button == K.DOWN and self.top + self.rows() < len(self.lines):
            self.top += 1
        elif button == K.UP and self.top > 0:
            self.top -= 1
        elif button in (K.A, K.B, K.START):
            return self.back_action()
        return None

    def back_action(self):
        return "back"

    def draw(self):
        p = self.app.painter
        p.fb.fill(0)
        p.centre(self.title, 0)
        x = self.app.layout.margin
        y0 = p.glyph_h + 2
        for i in range(self.top, min(len(self.lines), self.top + self.rows())):
            p.text(self.lines[i], x, y0 + (i - self.top) * p.line_h)
        if self.top + self.rows() < len(self.lines):
            for y in range(y0, p.fb.height, 2):
                p.fb.pixel(p.fb.width - 1, y, 1)
