#!/usr/bin/env python3
"""The game as a Thumby Arcade submission (what `make thumby-arcade` runs),
or, with --board thumby_color, as a Thumby Color arcade one (`make
thumby-color-arcade`: TinyCircuits-Thumby-Color-Games' layout, the same
files plus the launcher's manifest.ini and icon.bmp, build/thumby-color-arcade).

    tools/thumby_arcade.py [--board thumby|thumby_color] [OUT]

Writes OUT (build/thumby-arcade by default)/FreeCell, the folder the
TinyCircuits-Thumby-Games repository wants for a game (its README: a Python
file named as the folder, `arcade_description.txt` in plain text, and
`arcade_title_image.png` of play, as large as possible):

    FreeCell.py              starts the game (firmware/main.py with the
                             folder first on sys.path), as the Thumby's menu
                             imports /Games/FreeCell/FreeCell.py
    board.py, freecell/, app/, drivers/
                             the firmware as source: the Arcade copies
                             files as they are onto Thumbys whose MicroPython
                             release is not known here, and source runs on
                             any; it is compiled as it is imported (the title
                             shows 4.7 s after power-on on the emulated Pico,
                             0.8 s as make flash's .mpy, and each screen
                             loaded when shown compiles again)
    arcade_description.txt   what it is and how it plays
    arcade_title_image.png   deal 617 in play, drawn by the simulator at
                             72x40 and scaled 16 times (1152x640)

The same layout as `make flash BOARD=thumby` (tools/flash.py's stage), which
compiles to .mpy for the Thumby it talks to.
"""

import argparse
import os
import shutil
import sys
import textwrap

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)

import flash  # noqa: E402
from sim import Firmware, to_png  # noqa: E402

BOARDS = {  # board: (its out folder in build/, the preview's size and scale)
    "thumby": ("thumby-arcade", "72x40", 16),  # 1152x640, the largest the Arcade's README asks for
    "thumby_color": ("thumby-color-arcade", "128x128", 4),  # 512x512, its own colours
}
# deal 617 a few moves in, the cursor on a column: what a player sees
PREVIEW_DEAL = 617
PREVIEW_KEYS = ["right", "a", "right", "right", "a", "left", "a", "right", "a"]

def _also():
    """The other games, in words: every one VARIANTS has after FreeCell."""
    sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
    from freecell.variants import VARIANTS

    words = [v.words for v in VARIANTS[1:]]
    return ", ".join(words[:-1]) + " and " + words[-1]


DESCRIPTION = """FreeCell: the solitaire, all 52 cards dealt face up in eight columns, four free
cells to park cards in. Build each suit home from Ace to King.

""" + textwrap.fill("- Every Microsoft deal by number (1 to 8589934591), a random deal, the daily "
                    "deal, and a code to pass a deal on; also %s." % _also(), 82,
                    subsequent_indent="  ") + """
- Undo and redo every move, a hint, SHOW ME, and "is it winnable?" from a solver
  that runs on the Thumby itself.
- Never loses a game: it is saved as you play (in /Saves/FreeCell) and resumes
  after a reset or a flat battery.
- Statistics, scores and tournaments of three deals.

Controls: the d-pad moves the cursor; A picks a card up and puts it down; B puts
it back or undoes; hold B for the menu; hold A to send a card home or to its best
place. QUIT in the menu returns to the Thumby's menu, the game saved.
"""

# the Thumby Color's: its own buttons, its saves' folder, its screen
COLOR_DESCRIPTION = DESCRIPTION.replace("Thumby itself", "Thumby Color itself").replace(
    "(in /Saves/FreeCell)", "(in /Saves/Games/FreeCell)").replace(
    "hold B for the menu; hold A to send a card home or to its best\nplace.",
    "MENU or LB for the menu; RB or hold A to send a card home or to\nits best place.").replace(
    "Thumby's menu", "launcher") + """
In colour on the 128x128 screen: white cards, the red suits in red.
"""


def preview(board="thumby"):
    """PNG bytes of the preview: the simulator's frame, scaled (the Thumby
    Color's in its colours: the same pixels as on its engine,
    host_tests/test_thumby_color.py)."""
    _, size, scale = BOARDS[board]
    colour = board == "thumby_color"
    fw = Firmware(size=size, colour=colour)
    try:
        fw.send("d %d" % PREVIEW_DEAL)
        for key in PREVIEW_KEYS:
            fw.press(key)
        frame = fw.frame()
    finally:
        fw.close()
    return to_png(frame, scale, colour)


def write(out, board="thumby"):
    """The submission folder under out; returns its path."""
    folder = flash.home(board)  # Games/FreeCell
    name = folder.rsplit("/", 1)[-1]
    staged = os.path.join(out, ".staged")
    flash.stage(board, staged, True, "armv6m")  # source, viper kept: the board runs it
    game = os.path.join(out, name)
    shutil.rmtree(game, ignore_errors=True)
    shutil.move(os.path.join(staged, folder), game)
    shutil.rmtree(staged)
    with open(os.path.join(game, "arcade_description.txt"), "w") as f:
        f.write(COLOR_DESCRIPTION if board == "thumby_color" else DESCRIPTION)
    with open(os.path.join(game, "arcade_title_image.png"), "wb") as f:
        f.write(preview(board))
    return game


def main():
    parser = argparse.ArgumentParser(prog="thumby_arcade.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="thumby",
                        help="the Thumby (TinyCircuits-Thumby-Games) or the Thumby Color "
                             "(TinyCircuits-Thumby-Color-Games)")
    parser.add_argument("out", nargs="?",
                        help="where the arcade's folder goes (build/thumby-arcade, or "
                             "build/thumby-color-arcade)")
    args = parser.parse_args()
    out = args.out or os.path.join(ROOT, "build", BOARDS[args.board][0])
    game = write(out, args.board)
    count = sum(len(files) for _, _, files in os.walk(game))
    repo = "TinyCircuits-Thumby-Color-Games" if args.board == "thumby_color" else \
        "TinyCircuits-Thumby-Games"
    print("thumby_arcade.py: %s: %d files, ready to add to %s/Games/"
          % (os.path.relpath(game, os.getcwd()), count, repo))


if __name__ == "__main__":
    main()
