"""The daily leaderboard (docs/SERVER.md): boards' result files uploaded,
replayed move by move with the engine's own code, and each day's first
attempts ranked.

  __main__.py  python -m server (make serve): migrate, then serve
  web.py       the routes: upload, a day's page (HTML) and its JSON
  uploads.py   what an upload must pass before it is stored (signature,
               replay), and storing it once
  board.py     a day's leaderboard from the database
  db.py        SQLite or PostgreSQL, one schema, its migrations
The engine (firmware/lib) is imported from the checkout: the server checks
results with the very code the boards play.  Its folder goes on sys.path
here, once, before any module of the package imports from it.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "firmware", "lib"))
