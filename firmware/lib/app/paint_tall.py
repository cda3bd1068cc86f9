"""A tall screen's own card signs (96 rows or more: layout.tall), set on the
painter: the 7x7 suits of cards of 16 px and more, and the small set's
ranks, suits and T for narrow cards.  Loaded only there, so a 128x64
board's heap does not hold this code.  Allocates at construction only.
"""

from . import glyphs, glyphs_tall

_T = 84 - 32  # the font's T (glyphs.FONT_FIRST is the space)


def tall_signs(painter, make):
    g = glyphs_tall
    painter.big_suits = make(g.BIG_SUITS, g.BIG_SUITS_WIDTH, bytes([g.BIG_SUITS_WIDTH]) * 4,
                             g.HEIGHT)
    painter.big_suit_w = g.BIG_SUITS_WIDTH
    h = glyphs.HEIGHT
    painter.narrow_ranks = make(glyphs.RANKS, glyphs.RANK_STEP, glyphs.RANK_WIDTHS, h)
    painter.narrow_suits = make(glyphs.SUITS, glyphs.SUIT_WIDTH, bytes([glyphs.SUIT_WIDTH]) * 4, h)
    painter.narrow_ten = make(glyphs.FONT[_T * glyphs.FONT_WIDTH:], glyphs.FONT_WIDTH,
                              bytes([glyphs.FONT_WIDTH]), h)[0]
