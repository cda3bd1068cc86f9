"""One module per board: each builds `display` and `keys` and nothing else.

The contract every board module exports (firmware/main.py relies on it):
    display   a framebuf.FrameBuffer (MONO_VLSB) with .width, .height, .show()
    keys      an object whose get_pressed() returns the app.buttons K_* bitmask;
              its debounce_ms, if it has one, the ms a change must hold
              before the app counts it (0: the keys debounce themselves)
    seed()    a number that differs from boot to boot, for random deals
"""
