"""The game's version, as CONTROLS' last lines show it (with the firmware's
and how the game was installed): raised with each release; and the day it
was made, which no board's clock can honestly read earlier than (a Pico
without a battery starts at 2021-01-01 after every power cut): a clock
before it is unset, and the daily deal asks the date (app/dealer.py)."""

GAME = "2026.12"
DATE = (2026, 12, 7)
