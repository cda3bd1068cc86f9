"""FreeCell engine: pure game logic that runs unchanged on a MicroPython board
and on CPython.

Modules, each doing one thing:
  compat        the one place CPython, MicroPython and CircuitPython differ
  cards         card ints 0..51 and their text form
  deal          Microsoft / FreeCell Pro deal numbers, integer-only
  rules         FreeCell's rules: the table's shape and what may go where
  variants      the other games, each a subclass of it (loaded for one of them)
  table         the columns, cells and foundations in bytearrays
  history       the fixed-size undo/redo ring
  movelog       every action since the deal, for the result log
  game          moves, autoplay, finish, undo, score and counters
  reasons       a refused move in words (loaded for a refusal, let go of after)
  scoring       the three scoring schemes
  notation      standard move notation and the fc-solve position text
  codes         game codes (the game, its cells and the deal, checked)
  container     the one container of every saved file (kind, version, checksum)
  savefile      the saved game's bytes
  loadgame      a saved game checked and loaded (its history replayed)
  savefile_old  the earlier saved-game formats, still read
  replay        one logged action played again under the rules
  results       a finished game's result file, checked by replaying its log
  solver        the solver: hints, "show me", "winnable?"
  solver_moves  its moves made, undone, rated and listed; positions seen
  solver_setup  a search begun, the move it ranks first, its line as moves
  solver_loops  its inner loops (viper machine code on a board)
  daily         the daily deal: each day's, in each game, proved winnable
  daily_table   what the proof found, made on the host to its last day
The rules they implement: docs/RULES.md.

Nothing here imports hardware (machine, framebuf, displays).  Import the
modules you need directly; this package file imports nothing so that a board
pays only for what it uses.
"""
