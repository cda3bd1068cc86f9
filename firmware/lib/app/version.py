"""The game's version, as CONTROLS' last lines show it (with the firmware's
and how the game was installed): raised with each release."""

GAME = "2026.12"
