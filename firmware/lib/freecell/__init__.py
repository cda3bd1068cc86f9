"""FreeCell engine: pure game logic that runs unchanged on a MicroPython board
and on CPython.

Modules, each doing one thing:
  cards     card ints 0..51 and their text form
  deal      Microsoft / FreeCell Pro deal numbers, integer-only
  variants  the games: the table's shape and what may go where
  table     the columns, cells and foundations in bytearrays
  history   the fixed-size undo/redo ring
  game      moves, autoplay, finish, undo, score and counters
  notation  standard move notation and the fc-solve position text

Nothing here imports hardware (machine, framebuf, displays).  Import the
modules you need directly; this package file imports nothing so that a board
pays only for what it uses.
"""
