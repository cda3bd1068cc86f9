"""Results anyone can check: a finished game's result line and every action
that led to it (movelog.py), as the board keeps them in its result log, and
the replay that confirms or refutes them (tools/fc.py verify).

The board writes one file a finished game, result<serial mod 8>.sav (the
first game, serial 1, writes result1.sav; the eighth result0.sav: the last
eight games, each at most 900 bytes), with
freecell.container, kind b"R".  Payload, version 2 (29 + 2 x actions + 3 +
the name + 32; version 1, still read, ends with the log):
    0   3   deal number, high part      3   2   low part
    5   1   the game (a variant's id)   6   1   free cells
    7   1   autoplay at the deal 1 | cards may come back from home 2 | a
            daily deal (the first try) 4 | the solver made a move of it 8 |
            the log holds every action since the deal 16 | the simple run
            limit 32 (RUN LIMIT: SIMPLE)
    8   1   the scoring scheme (scoring.py)
    9   1   how it ended: 1 won, 2 given up
    10  1   cards home
    11  3   moves       14  3   undos
    17  3   score (the scheme's total)
    20  3   seconds of play (what the timed score counts)
    23  3   serial: which of the player's games it was
    26  1   tournament round 1-3, or 0
    27  2   actions (A), then 2A: the log, oldest first
    then 1  the player's name's length (N, up to NAME_LEN), then N: the name
            (app/player.py: A-Z, 0-9 and spaces, set in the settings)
    then 2  the day the game was dealt (days since 2000, app/dealer.py's
            day_number: which day's daily deal it is)
    then 32 the signature: HMAC-SHA256, with the board's own key (made at
            its first boot, app/player.py), of every payload byte before it
A leaderboard (server/) learns a name's key with its first upload and takes
later ones of that name only when they carry that key's signature.
Checking replays the log from the deal under the game's rules: every action
must be legal, and the counters, the score, the ending and whether the
solver played must come out as the result line says.  What it cannot know:
that the seconds are true, and that nobody played the moves with another
solver's help; a forger who rewrites the whole log consistently has played a
real game.  Allocates on decode and check (host, or once at a game's end).
"""

from .compat import const
from .deal import DealNumber
from .game import Game, PLAYING, WON, GAVE_UP, variant_class
from .movelog import SOLVER, UNDO, REDO, FINISH, AUTOPLAY_ON, AUTOPLAY_OFF, HELPED, is_move
from .replay import play as _play
from .container import HEADER, TRAILER, get, put, unwrap, version_of, wrap
from .scoring import NAMES, SCHEMES, TIMED

RESULT = b"R"
VERSION = 2
NAME_LEN = 12  # the file's room; a name a board sets is at most NAME_PLACES
NAME_PLACES = 8  # the name editor's places (app/name_entry.py)
NAME_LETTERS = b" ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # (its alphabet)
SIGNATURE = 32  # bytes of HMAC-SHA256
KEY_BYTES = 16  # a board's signing key (app/player.py makes it; a test holds its copy equal)
KEY_HEADER = "X-FreeCell-Key"  # the HTTP header a name's first upload brings its key in
SLOTS = 8
_HEAD = const(29)
_AUTOPLAY = const(1)
_TAKE_BACK = const(2)
_DAILY = const(4)
_BY_SOLVER = const(8)
_COMPLETE = const(16)
_SIMPLE_RUNS = const(32)


def tidy_name(name):
    """A name as a board keeps it: spaces at the ends dropped and each run
    of them inside one (the editor's places can hold "ALI  CE")."""
    return b" ".join(part for part in bytes(name).split(b" ") if part)


def name_problem(name):
    """None for a name a board can set (letters and digits, single spaces
    inside, NAME_PLACES at most: so that look-alikes are one name), else
    why not."""
    if not name or len(name) > NAME_PLACES or [c for c in name if c not in NAME_LETTERS] \
            or tidy_name(name) != bytes(name):
        return "a name is 1 to %d letters or digits, single spaces inside" % NAME_PLACES
    return None


def most_bytes(log):
    """The largest result file a board whose log holds `log` actions
    writes (the container's 10 bytes, the head, the log, the name, the day
    and the signature)."""
    return HEADER + TRAILER + _HEAD + 2 * log + 3 + NAME_LEN + SIGNATURE


def hmac_sha256(key, data):
    """HMAC-SHA256 (RFC 2104) of bytes `data` with bytes `key` (64 bytes at
    most): MicroPython's hashlib has sha256 but no hmac."""
    from hashlib import sha256

    block = bytearray(64)
    block[:len(key)] = key
    inner = sha256(bytes(b ^ 0x36 for b in block))
    inner.update(data)
    outer = sha256(bytes(b ^ 0x5C for b in block))
    outer.update(inner.digest())
    return outer.digest()


def file_name(serial):
    return "result%d.sav" % (serial % SLOTS)


def encode(game, serial, daily=False, round_=0, name=b"", key=b"", day=0):
    """The finished `game` as a result file (a new bytearray), signed with
    `key` by the player `name` (bytes), dealt on `day`."""
    log = game.log
    name = name[:NAME_LEN]
    tail = _HEAD + 2 * log.n
    buf = bytearray(tail + 3 + len(name) + SIGNATURE)
    at = put(buf, 0, game.number.hi, 3)
    at = put(buf, at, game.number.lo, 2)
    buf[5] = game.variant.id
    buf[6] = game.table.cells
    buf[7] = (_AUTOPLAY if game.log_autoplay else 0) | (_TAKE_BACK if game.take_back else 0) \
        | (_DAILY if daily else 0) | (_BY_SOLVER if game.assisted else 0) \
        | (_COMPLETE if log.complete else 0) | (_SIMPLE_RUNS if game.variant.simple_runs else 0)
    buf[8] = game.scoring
    buf[9] = game.state
    buf[10] = game.cards_home()
    at = 11
    for value in (game.moves, game.undos, game.final_score(), game.seconds, serial):
        at = put(buf, at, min(value, 0xFFFFFF), 3)
    buf[26] = round_
    at = put(buf, 27, log.n, 2)
    buf[at:tail] = log.entries[:2 * log.n]
    buf[tail] = len(name)
    buf[tail + 1:tail + 1 + len(name)] = name
    put(buf, tail + 1 + len(name), day, 2)
    signed = len(buf) - SIGNATURE
    buf[signed:] = hmac_sha256(key, memoryview(buf)[:signed])
    return wrap(RESULT, VERSION, buf, len(buf))


class Result:
    """A result file read back: decode(data) -> None, or why it is not one."""

    def decode(self, data):
        """None, or why `data` is not a result file (version 2, or the
        first, which has no name, day or signature)."""
        version = 1 if version_of(data) == 1 else VERSION
        where = unwrap(data, RESULT, version)
        if isinstance(where, str):
            return where
        at, n = where
        tail = _HEAD + 2 * get(data, at + 27, 2) if n >= _HEAD else n + 1
        self.name, self.day, self.signature, self.signed = None, None, None, None
        if version > 1 and tail < n:
            size = data[at + tail]
            self.name = bytes(data[at + tail + 1:at + tail + 1 + size])
            if size > NAME_LEN or n != tail + 3 + size + SIGNATURE:
                return "the result record has the wrong size"
            self.day = get(data, at + tail + 1 + size, 2)
            self.signed = bytes(data[at:at + n - SIGNATURE])
            self.signature = bytes(data[at + n - SIGNATURE:at + n])
        elif n != tail:
            return "the result record has the wrong size"
        n = tail
        p = data[at:at + n]
        self.hi, self.lo = get(p, 0, 3), get(p, 3, 2)
        self.rules = variant_class(p[5])
        self.cells, self.flags, self.scheme, self.state = p[6], p[7], p[8], p[9]
        self.home = p[10]
        self.moves, self.undos, self.score = get(p, 11, 3), get(p, 14, 3), get(p, 17, 3)
        self.seconds, self.serial, self.round = get(p, 20, 3), get(p, 23, 3), p[26]
        self.entries = [p[_HEAD + 2 * i] | p[_HEAD + 2 * i + 1] << 8
                        for i in range((n - _HEAD) // 2)]
        if self.rules is None or self.cells not in self.rules.CELL_CHOICES \
                or self.scheme >= SCHEMES or self.state not in (WON, GAVE_UP) \
                or self.home > 52 or self.round > 3 or self.flags & 0xC0 \
                or (self.hi == 0 and self.lo == 0) or self.hi > 0x1FFFF:
            return "the result record has impossible values"
        return None

    def signed_with(self, key):
        """Does the signature say this key made it?  (A version 1 file has
        none: no.)"""
        if self.signature is None:
            return False
        made = hmac_sha256(key, self.signed)
        differ = 0
        for i in range(SIGNATURE):  # every byte, whatever the first differing one
            differ |= made[i] ^ self.signature[i]
        return differ == 0

    @property
    def by_solver(self):
        return bool(self.flags & _BY_SOLVER)

    @property
    def daily(self):
        return bool(self.flags & _DAILY)

    def game(self):
        """A game at this result's deal, with its rules, not yet played."""
        variant = self.rules(self.cells)
        variant.simple_runs = bool(self.flags & _SIMPLE_RUNS)
        game = Game(autoplay=bool(self.flags & _AUTOPLAY), variant=variant,
                    log=len(self.entries) + 1)
        game.take_back = bool(self.flags & _TAKE_BACK)
        game.scoring = self.scheme
        game.number.hi, game.number.lo = self.hi, self.lo
        game.restart()
        return game

    def check(self):
        """Replay the log: None when it confirms the result line, else the
        first thing that disagrees (in words)."""
        if not self.flags & _COMPLETE:
            return "cannot be checked: the log does not hold every action since the deal"
        game = self.game()
        for i in range(len(self.entries)):
            problem = _play(game, self.entries[i])
            if problem:
                return "action %d (%s) %s" % (i + 1, action_text(self.entries[i],
                                                                  game.variant.piles), problem)
        if self.state == GAVE_UP:
            game.give_up()
        game.seconds = self.seconds
        claims = (("ending", self.state, game.state), ("cards home", self.home, game.cards_home()),
                  ("moves", self.moves, game.moves), ("undos", self.undos, game.undos),
                  ("score", self.score, game.final_score()),
                  ("solver moves", self.by_solver, game.assisted))
        for what, said, made in claims:
            if said != made:
                return "the result says %s %s, the replay makes %s" % (
                    what, _said(what, said), _said(what, made))
        return None

    def line(self):
        """The result line, as fc.py verify and saves.py print it."""
        from .codes import encode as code

        deal = DealNumber()
        deal.hi, deal.lo = self.hi, self.lo
        ending = "won" if self.state == WON else "given up"
        return "%s (%s #%s%s%s%s): %s, %d/52 home, %d moves, %d undos, %s score %d%s, %s" % (
            code(self.rules(self.cells), deal), self.rules.name, deal.text(),
            ", daily" if self.daily else "",
            ", simple run limit" if self.flags & _SIMPLE_RUNS else "",
            ", tournament round %d" % self.round if self.round else "",
            ending, self.home, self.moves, self.undos,
            NAMES[self.scheme], self.score,
            " in %d s" % self.seconds if self.scheme == TIMED else "",
            "the solver played part of it" if self.by_solver else "by the player")


def _said(what, value):
    if what == "ending":
        return {WON: "won", GAVE_UP: "given up", PLAYING: "still playing"}[value]
    if what == "solver moves":
        return "some" if value else "none"
    return str(value)


def action_text(entry, piles=4):
    """A logged action in words a reader of fc.py's output knows: notation
    for a move ('3a', '82v3'), else its name."""
    from .notation import packed_text

    kind = entry & 0x7FFF
    mark = " by the solver" if entry & SOLVER else ""
    if is_move(entry):
        return packed_text(kind, piles) + mark
    names = {UNDO: "undo", REDO: "redo", FINISH: "finish", AUTOPLAY_ON: "autoplay on",
             AUTOPLAY_OFF: "autoplay off", HELPED: "helped before a restart"}
    return names.get(kind, "?") + mark
