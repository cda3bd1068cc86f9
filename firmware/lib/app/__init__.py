"""The handheld app: screens, layout, drawing and input, on top of the engine.

It takes a display (a framebuf.FrameBuffer in the SSD1306's MONO_VLSB layout
with width, height and show()) and a key source (get_pressed() -> bitmask of
the K_* constants in buttons.py) as arguments and never imports `machine`.
Redraws happen only when something changed, and a redraw of the table
allocates nothing.
"""
