"""A fake CircuitPython `microcontroller`: nvm, 4 KB as on an RP2040, erased
(0xFF), which a test may replace (with one that cuts a write short)."""

nvm = bytearray(b"\xff" * 4096)


class Pin:
    """Named by Adafruit's display buses' annotations; not used here."""
