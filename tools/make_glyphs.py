#!/usr/bin/env python3
"""Generate the app's glyph modules: the font, the suit signs and the rank
signs as bytes in the SSD1306's layout (MONO_VLSB: one byte per pixel
column, bit 0 at the top).  The shapes are drawn below as ASCII art, so a
change to a glyph is a change a reviewer can see.

  firmware/lib/app/glyphs.py        5 rows: the 3x5 font, 5x5 suits (every
                                    screen under 96 rows: 128x64, 72x40)
  firmware/lib/app/glyphs_tall.py   7 rows: a 4x7 font, 5x7 suits for 13 px
                                    cards and 7x7 ones for cards of 16 px and
                                    more (screens of 96 rows and more:
                                    128x128, the PyBadge's 160x128); loaded
                                    only there

    python3 tools/make_glyphs.py            # rewrites the modules
    python3 tools/make_glyphs.py --check    # exit 1 if one is stale
"""

import os
import sys

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, "firmware", "lib", "app")

# 3 wide, 5 high; ' ' off, '#' on.  Lower case is drawn as upper case.  The
# digits differ from each other in 3 pixels or more (2, 5, 6, 8 and 9 shaped
# so: a 5 and a 6, a 0 and an 8 once differed in one).  Shaped against what
# a new player misread on 128x64 (host_tests/test_where_you_are.py holds
# them): the hash has no corner lit, so "#617" is no "H617"; the six a top
# stroke, so "M6" is no "Mb"; the seven a longer stroke down its right, so
# a narrow card's 7 is no T (its ten) at a glance.
FONT = {
    " ": ["   "] * 5,
    "!": [" # ", " # ", " # ", "   ", " # "],
    "#": [" # ", "###", " # ", "###", " # "],
    "%": ["# #", "  #", " # ", "#  ", "# #"],
    "'": [" # ", " # ", "   ", "   ", "   "],
    "(": ["  #", " # ", " # ", " # ", "  #"],
    ")": ["#  ", " # ", " # ", " # ", "#  "],
    "*": ["   ", "# #", " # ", "# #", "   "],
    "+": ["   ", " # ", "###", " # ", "   "],
    ",": ["   ", "   ", "   ", " # ", "#  "],
    "-": ["   ", "   ", "###", "   ", "   "],
    ".": ["   ", "   ", "   ", "   ", " # "],
    "/": ["  #", "  #", " # ", "#  ", "#  "],
    "0": ["###", "# #", "# #", "# #", "###"],
    "1": [" # ", "## ", " # ", " # ", "###"],
    "2": ["## ", "  #", " # ", "#  ", "###"],
    "3": ["###", "  #", " ##", "  #", "###"],
    "4": ["# #", "# #", "###", "  #", "  #"],
    "5": ["###", "#  ", "## ", "  #", "## "],
    "6": [" ##", "#  ", "###", "# #", "###"],
    "7": ["###", "  #", "  #", " # ", " # "],
    "8": [" # ", "# #", " # ", "# #", " # "],
    "9": ["###", "# #", "###", "  #", " # "],
    ":": ["   ", " # ", "   ", " # ", "   "],
    ";": ["   ", " # ", "   ", " # ", "#  "],
    "<": ["  #", " # ", "#  ", " # ", "  #"],
    "=": ["   ", "###", "   ", "###", "   "],
    ">": ["#  ", " # ", "  #", " # ", "#  "],
    "?": ["###", "  #", " ##", "   ", " # "],
    "A": [" # ", "# #", "###", "# #", "# #"],
    "B": ["## ", "# #", "## ", "# #", "## "],
    "C": [" ##", "#  ", "#  ", "#  ", " ##"],
    "D": ["## ", "# #", "# #", "# #", "## "],
    "E": ["###", "#  ", "## ", "#  ", "###"],
    "F": ["###", "#  ", "## ", "#  ", "#  "],
    "G": [" ##", "#  ", "# #", "# #", " ##"],
    "H": ["# #", "# #", "###", "# #", "# #"],
    "I": ["###", " # ", " # ", " # ", "###"],
    "J": ["  #", "  #", "  #", "# #", " # "],
    "K": ["# #", "# #", "## ", "# #", "# #"],
    "L": ["#  ", "#  ", "#  ", "#  ", "###"],
    "M": ["# #", "###", "###", "# #", "# #"],
    "N": ["## ", "# #", "# #", "# #", "# #"],
    "O": [" # ", "# #", "# #", "# #", " # "],
    "P": ["## ", "# #", "## ", "#  ", "#  "],
    "Q": [" # ", "# #", "# #", "## ", " ##"],
    "R": ["## ", "# #", "## ", "# #", "# #"],
    "S": [" ##", "#  ", " # ", "  #", "## "],
    "T": ["###", " # ", " # ", " # ", " # "],
    "U": ["# #", "# #", "# #", "# #", "###"],
    "V": ["# #", "# #", "# #", "# #", " # "],
    "W": ["# #", "# #", "###", "###", "# #"],
    "X": ["# #", "# #", " # ", "# #", "# #"],
    "Y": ["# #", "# #", " # ", " # ", " # "],
    "Z": ["###", "  #", " # ", "#  ", "###"],
    "[": ["## ", "#  ", "#  ", "#  ", "## "],
    "]": [" ##", "  #", "  #", "  #", " ##"],
    "_": ["   ", "   ", "   ", "   ", "###"],
}

# Suit signs, 5x5, in suit order clubs, diamonds, hearts, spades.  Each differs
# from its same-colour partner in outline at a glance: the club is three lobes
# (the top one open in the middle) over a notch and a foot, the spade a solid
# point on a stem; the heart has a notched top, the diamond points at both
# ends.
SUITS = [
    [" ### ", " # # ", "#####", "## ##", " ### "],  # clubs
    ["  #  ", " ### ", "#####", " ### ", "  #  "],  # diamonds
    ["## ##", "#####", "#####", " ### ", "  #  "],  # hearts
    ["  #  ", " ### ", "#####", "#####", "  #  "],  # spades
]

# The ten on a card: a flagged 1 and a 0, 6 wide (a plain bar read as "I0");
# a 13 px card draws it from its left margin.  Narrow cards write T.
TEN = [" # ###", "## # #", " # # #", " # # #", " # ###"]

# 4x7, for screens of 96 rows and more.  Lower case is drawn as upper case.
FONT7 = {
    " ": ["    "] * 7,
    "!": [" #  ", " #  ", " #  ", " #  ", " #  ", "    ", " #  "],
    "#": ["    ", "# # ", "####", "# # ", "####", "# # ", "    "],
    "%": ["#  #", "#  #", "  # ", " #  ", "#   ", "#  #", "   #"],
    "'": [" #  ", " #  ", "#   ", "    ", "    ", "    ", "    "],
    "(": ["  # ", " #  ", "#   ", "#   ", "#   ", " #  ", "  # "],
    ")": ["#   ", " #  ", "  # ", "  # ", "  # ", " #  ", "#   "],
    "*": ["    ", "#  #", " ## ", "####", " ## ", "#  #", "    "],
    "+": ["    ", " #  ", " #  ", "### ", " #  ", " #  ", "    "],
    ",": ["    ", "    ", "    ", "    ", " ## ", "  # ", " #  "],
    "-": ["    ", "    ", "    ", "####", "    ", "    ", "    "],
    ".": ["    ", "    ", "    ", "    ", "    ", " ## ", " ## "],
    "/": ["   #", "   #", "  # ", " ## ", " #  ", "#   ", "#   "],
    "0": [" ## ", "#  #", "# ##", "## #", "#  #", "#  #", " ## "],
    "1": [" #  ", "##  ", " #  ", " #  ", " #  ", " #  ", "### "],
    "2": [" ## ", "#  #", "   #", "  # ", " #  ", "#   ", "####"],
    "3": ["####", "   #", "  # ", " ## ", "   #", "#  #", " ## "],
    "4": ["  # ", " ## ", "# # ", "#  #", "####", "   #", "   #"],
    "5": ["####", "#   ", "### ", "   #", "   #", "#  #", " ## "],
    "6": [" ## ", "#   ", "#   ", "### ", "#  #", "#  #", " ## "],
    "7": ["####", "   #", "   #", "  # ", " #  ", " #  ", " #  "],
    "8": [" ## ", "#  #", "#  #", " ## ", "#  #", "#  #", " ## "],
    "9": [" ## ", "#  #", "#  #", " ###", "   #", "   #", " ## "],
    ":": ["    ", " ## ", " ## ", "    ", " ## ", " ## ", "    "],
    ";": ["    ", " ## ", " ## ", "    ", " ## ", "  # ", " #  "],
    "<": ["   #", "  # ", " #  ", "#   ", " #  ", "  # ", "   #"],
    "=": ["    ", "    ", "####", "    ", "####", "    ", "    "],
    ">": ["#   ", " #  ", "  # ", "   #", "  # ", " #  ", "#   "],
    "?": [" ## ", "#  #", "   #", "  # ", " #  ", "    ", " #  "],
    "A": [" ## ", "#  #", "#  #", "####", "#  #", "#  #", "#  #"],
    "B": ["### ", "#  #", "#  #", "### ", "#  #", "#  #", "### "],
    "C": [" ## ", "#  #", "#   ", "#   ", "#   ", "#  #", " ## "],
    "D": ["### ", "#  #", "#  #", "#  #", "#  #", "#  #", "### "],
    "E": ["####", "#   ", "#   ", "### ", "#   ", "#   ", "####"],
    "F": ["####", "#   ", "#   ", "### ", "#   ", "#   ", "#   "],
    "G": [" ## ", "#  #", "#   ", "# ##", "#  #", "#  #", " ###"],
    "H": ["#  #", "#  #", "#  #", "####", "#  #", "#  #", "#  #"],
    "I": ["### ", " #  ", " #  ", " #  ", " #  ", " #  ", "### "],
    "J": ["  ##", "   #", "   #", "   #", "   #", "#  #", " ## "],
    "K": ["#  #", "#  #", "# # ", "##  ", "# # ", "#  #", "#  #"],
    "L": ["#   ", "#   ", "#   ", "#   ", "#   ", "#   ", "####"],
    "M": ["#  #", "####", "####", "#  #", "#  #", "#  #", "#  #"],
    "N": ["#  #", "## #", "## #", "# ##", "# ##", "#  #", "#  #"],
    "O": [" ## ", "#  #", "#  #", "#  #", "#  #", "#  #", " ## "],
    "P": ["### ", "#  #", "#  #", "### ", "#   ", "#   ", "#   "],
    "Q": [" ## ", "#  #", "#  #", "#  #", "# ##", "# # ", " # #"],
    "R": ["### ", "#  #", "#  #", "### ", "# # ", "#  #", "#  #"],
    "S": [" ## ", "#  #", "#   ", " ## ", "   #", "#  #", " ## "],
    "T": ["### ", " #  ", " #  ", " #  ", " #  ", " #  ", " #  "],
    "U": ["#  #", "#  #", "#  #", "#  #", "#  #", "#  #", " ## "],
    "V": ["#  #", "#  #", "#  #", "#  #", "#  #", " ## ", " ## "],
    "W": ["#  #", "#  #", "#  #", "#  #", "####", "####", "#  #"],
    "X": ["#  #", "#  #", " ## ", " ## ", " ## ", "#  #", "#  #"],
    "Y": ["# # ", "# # ", "# # ", " #  ", " #  ", " #  ", " #  "],
    "Z": ["####", "   #", "  # ", " #  ", "#   ", "#   ", "####"],
    "[": ["### ", "#   ", "#   ", "#   ", "#   ", "#   ", "### "],
    "]": ["### ", "  # ", "  # ", "  # ", "  # ", "  # ", "### "],
    "_": ["    ", "    ", "    ", "    ", "    ", "    ", "####"],
}

# The tall set's suits: 5x7 for 13 px cards, 7x7 where a card has 16 px or more.
SUITS7_NARROW = [
    [" ### ", " # # ", " ### ", "#####", "## ##", "  #  ", " ### "],  # clubs
    ["  #  ", " ### ", "#####", "#####", " ### ", "  #  ", "     "],  # diamonds
    ["## ##", "#####", "#####", " ### ", "  #  ", "     ", "     "],  # hearts
    ["  #  ", " ### ", "#####", "#####", "## ##", "  #  ", " ### "],  # spades
]
SUITS7 = [
    ["  ###  ", "  # #  ", "  ###  ", "#######", "### ###", "   #   ", "  ###  "],  # clubs
    ["   #   ", "  ###  ", " ##### ", "#######", " ##### ", "  ###  ", "   #   "],  # diamonds
    [" ## ## ", "#######", "#######", " ##### ", "  ###  ", "   #   ", "       "],  # hearts
    ["   #   ", "  ###  ", " ##### ", "#######", "### ###", "   #   ", "  ###  "],  # spades
]
TEN7 = [" # ###", "## # #", " # # #", " # # #", " # # #", " # # #", " # ###"]


def columns(rows):
    """ASCII art -> one byte per column, bit 0 = top row."""
    width = len(rows[0])
    assert all(len(r) == width for r in rows), rows
    assert len(rows) <= 8, rows  # one byte a column
    out = []
    for x in range(width):
        byte = 0
        for y, row in enumerate(rows):
            if row[x] == "#":
                byte |= 1 << y
        out.append(byte)
    return bytes(out)


def glyph_set(font, width, height, suits, ten, extra=()):
    """The module's text: FONT (a glyph of `width` columns a character, ' '
    to '_'), SUITS, RANKS (A 2 .. 9 10 J Q K, RANK_STEP bytes each, the
    first RANK_WIDTHS[r] used) and any extra (name, suits) signs."""
    first, last = 32, 95  # ' ' .. '_': every character the font draws
    data = b""
    for code in range(first, last + 1):
        data += columns(font.get(chr(code), font["?"]))
    step = max(width, len(ten[0]))
    ranks = b""
    widths = []
    for r in "A23456789TJQK":
        art = ten if r == "T" else font[r]
        ranks += columns(art).ljust(step, b"\0")
        widths.append(len(art[0]))
    lines = [
        '"""Generated by `python3 tools/make_glyphs.py`; edit the ASCII art there,',
        "not this file.  MONO_VLSB columns, bit 0 at the top; all glyphs %d high." % height,
        '"""',
        "",
        "HEIGHT = %d" % height,
        "FONT_FIRST = %d  # the first character code in FONT" % first,
        "FONT_LAST = %d" % last,
        "FONT_WIDTH = %d" % width,
        "CHAR_W = %d  # a character and its gap" % (width + 1),
        "LINE = %d  # a line of text and the gap under it" % (height + 1),
        "# %d bytes a character, '%s' to '%s'" % (width, chr(first), chr(last)),
        "FONT = %r" % data,
        "SUIT_WIDTH = %d" % len(suits[0][0]),
        "# clubs, diamonds, hearts, spades; SUIT_WIDTH bytes each",
        "SUITS = %r" % b"".join(columns(s) for s in suits),
    ]
    for name, signs in extra:
        lines += ["%s_WIDTH = %d" % (name, len(signs[0][0])),
                  "%s = %r" % (name, b"".join(columns(s) for s in signs))]
    lines += [
        "# A 2 .. 9 10 J Q K; RANK_STEP bytes each, the first RANK_WIDTHS[r] used",
        "RANK_STEP = %d" % step,
        "RANKS = %r" % ranks,
        "RANK_WIDTHS = %r" % bytes(widths),
        "",
    ]
    return "\n".join(lines)


def generate():
    """{module file name: its text}."""
    return {
        "glyphs.py": glyph_set(FONT, 3, 5, SUITS, TEN),
        "glyphs_tall.py": glyph_set(FONT7, 4, 7, SUITS7_NARROW, TEN7, (("BIG_SUITS", SUITS7),)),
    }


def main():
    cli.regenerate("make_glyphs.py", APP, generate(), "--check" in sys.argv)


if __name__ == "__main__":
    main()
