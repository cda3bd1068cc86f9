"""One module per board: each builds `display` and `keys` and nothing else.

The contract every board module exports (firmware/main.py relies on it):
    display   a framebuf.FrameBuffer (MONO_VLSB) with .width, .height, .show()
    keys      an object whose get_pressed() returns a bitmask of the buttons
              down, bit i for drivers.key_names.BUTTONS[i] (a board names its keys:
              drivers.keys.pull_up_keys(Pin, UP=10, ...), drivers.key_names.bits());
              its debounce_ms, if it has one, the ms a change must hold
              before the app counts it (0: the keys debounce themselves)
    seed()    a number that differs from boot to boot, for random deals
    FIRMWARE  "micropython" (make flash, tools/flash.py) or "circuitpython"
              (make flash-cp, tools/flash_cp.py): the firmware it is for
    CHIP      the microcontroller ("rp2040", "esp32"): an "rp2040" board
              running MicroPython can have the one-file firmware, the game
              frozen in (make uf2, tools/uf2.py)
And, where a board differs from the Pico's way:
    files         where the saves go (drivers/flash_files.py's interface: a
                  FlashFiles of a folder, the Thumby's); the flash's root
                  without it
    nvm           a byte array that survives resets (CircuitPython's
                  microcontroller.nvm, as code cannot write CIRCUITPY): the
                  saves go there instead, in regions app/storage.py sizes
                  from the formats (drivers/nvm_files.py)
    LOG_CAPACITY  moves logged for the result log (0: no room to keep one)
    HOME          the folder tools/flash.py lays the game out in, with
                  FreeCell.py to start it (the Thumby's /Games/FreeCell);
                  the root (main.py, board.mpy, lib/) without it
    buzzer        a drivers.buzzer.Buzzer (the Thumby's, on GP28): the game's
                  sounds and a SOUND setting; silent, no such setting, without
    quit()        back to the board's own menu: a QUIT item on the title and
                  the menu; no QUIT without it
    wifi()        the Wi-Fi station (network.WLAN(network.STA_IF)): UPLOAD
                  RESULTS on the title (app/upload.py); none without it
    clock()       (year, month, day) from the board's real-time clock where
                  time.localtime() does not read it (the Thumby Color's)
"""
