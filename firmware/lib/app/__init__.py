"""The handheld app: screens, layout, drawing and input, on top of the engine.

It takes a display (a framebuf.FrameBuffer in the SSD1306's MONO_VLSB layout
with width, height and show()) and a key source (get_pressed() -> bitmask of
the K_* constants in buttons.py) as arguments and never imports `machine`.
Redraws happen only when something changed, and a redraw of the table
allocates nothing.

let_go() is how the app lets go of a module loaded for one task (the boot's
loaders, a screen seen now and then), so that its code can be collected.
"""

import sys


def let_go(package, name):
    """Forget a module loaded for one task, so its code can be collected."""
    sys.modules.pop(package + "." + name, None)
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, name):
        delattr(parent, name)
