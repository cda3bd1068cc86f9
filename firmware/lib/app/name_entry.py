"""The player's name for the leaderboard, entered with the d-pad (an
Editor of editors.py; its own module, loaded only when the settings open it:
a board that installs from source compiles it then, not with the deal
editor)."""

from . import buttons as K
from . import let_go
from .editors import Editor


class NameEntryScreen(Editor):
    """The player's name on the leaderboard (app/player.py): eight places,
    each a letter, a digit or a space.  A keeps it (with the board's key),
    B goes back to the settings unchanged."""

    title = b"PLAYER NAME"
    hint = b"UP/DOWN: LETTER"
    keys = b"A: KEEP  B: BACK"
    done = "settings"
    _PLACES = 8
    # player.NAME_LETTERS (a test holds them equal)
    ALPHABET = b" ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    def __init__(self, app):
        super().__init__(app, self._PLACES)

    def open(self):
        """Start from the name the board keeps (its first boot made one)."""
        from .player import load

        storage = self.app.keeper.storage
        found = load(storage) if storage is not None else None
        name = found[0] if found else b""
        let_go("app", "player")  # loaded for this: its code is not the editor's to keep
        for i in range(self._PLACES):
            self.values[i] = self.ALPHABET.find(name[i:i + 1]) if i < len(name) else 0
        self.pos = 0
        self.error.clear()

    def close(self):
        let_go("app", "editors")  # loaded for the Editor it builds on: not kept for play

    def key(self, button, press):
        if button == K.B:
            return "settings"
        return Editor.key(self, button, press)

    def accept(self):
        from .player import rename

        line = self.render()
        name = bytes(line.buf[:line.n]).strip()
        if not name:
            return b"A NAME, PLEASE"
        storage = self.app.keeper.storage
        problem = rename(storage, name) if storage is not None else "no files here"
        let_go("app", "player")
        return problem.upper().encode() if problem else None
