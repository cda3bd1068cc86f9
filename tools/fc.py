#!/usr/bin/env python3
"""FreeCell on the command line: deals and transcripts, for people and solvers.

    fc.py deal N [--game G]         deal N, one line per column, bottom card first
                                    (the cells dealt into on a line before them)
    fc.py replay N [--game G] [--no-autoplay] [--cells K] [--take-back]
               [--run-limit L] [MOVE ...]
                                    play the moves (or a transcript on standard
                                    input) and print the position fc-solve reads
    fc.py solve N [--game G] [--no-autoplay] [--cells K] [--take-back]
               [--run-limit L] [--budget B]
                                    find a winning line with the board's solver and
                                    print it in the notation replay reads
    fc.py code encode [--game G] [--cells K] N
                                    the game code of deal N (FC1-C4-AAAAABDWG)
    fc.py code decode CODE          the game, cells and deal a code names
    fc.py verify LOG ...            replay each game of a board's result log
                                    (result files, or the folder tools/saves.py
                                    pull filled) and confirm or refute its result
    fc.py submit URL LOG ...        send a board's results to a leaderboard
                                    (server/: make serve), the board's key
                                    from the player.sav beside them (CPython)
G is one of fc-solve's game names (freecell, the default, bakers_game,
seahaven, eight_off, forecell) or halfcell; deal N of any game lays out the
Microsoft shuffle N as PySol does (HalfCell as FreeCell).  HalfCell's moves
home name the pile: '3h1', '3h2'.
Runs under CPython 3.9+ and the MicroPython unix port with the same output; it
uses only the engine in firmware/lib and the standard library both share.
Exit codes: 0 done, 1 an illegal move, 2 bad input (message on stderr);
solve: 0 solved, 3 gave up within the budget, 4 no solution exists;
verify: 0 every result confirmed, 1 one refuted or not checkable;
submit: 0 every file accepted or already there, 1 one refused.
"""

import sys

_HERE = (globals().get("__file__") or sys.argv[0]).rsplit("/", 1)
sys.path.insert(0, (_HERE[0] if len(_HERE) > 1 else ".") + "/../firmware/lib")

from freecell import codes, notation  # noqa: E402
from freecell.cards import BLANKS, text  # noqa: E402
from freecell.deal import DealNumber  # noqa: E402
from freecell.game import Game  # noqa: E402
from freecell.variants import FreeCell, VARIANTS, by_name  # noqa: E402

GAMES = ", ".join(v.name for v in VARIANTS)
USAGE = """usage:
  fc.py deal N [--game G]
  fc.py replay N [--game G] [--no-autoplay] [--cells K] [--take-back] [--run-limit L] [MOVE ...]
  fc.py solve N [--game G] [--no-autoplay] [--cells K] [--take-back] [--run-limit L] [--budget B]
  fc.py code encode [--game G] [--cells K] N
  fc.py code decode CODE
  fc.py verify LOG ...
  fc.py submit URL LOG ...
N is a Microsoft / FreeCell Pro deal number, 1 to 8589934591.
G is the game, as fc-solve names it: %s (default freecell).
K is FreeCell's free cells, 1 to 4 (default 4).
--take-back lets a foundation's top card come back to a column or a free
cell (an optional rule; such a move is written 'h1a', the pile numbered).
L is the run limit: standard (the default: (free cells + 1) x 2 ^ empty
columns) or simple, the one some products use ((free cells + 1) x (empty
columns + 1) onto cards, (free cells + 1) x empty columns into one).
replay reads the moves from standard input when none are given (an fc-solve
'-m -snx' transcript is fine) and prints the final position.
solve prints a winning line (exit 0), or says it gave up after B positions
(exit 3, default 100000) or that no solution exists (exit 4).
code encode prints the game code of deal N alone on a line; code decode
prints 'game: G', 'cells: K' and 'deal: N' lines (exit 2: not a code, or
mistyped: its check letter catches one wrong letter or two swapped).
verify replays every game of a result log (result files from a board, or a
folder of them) and prints each result line with 'confirmed' or what the
replay makes instead (exit 1 when any is refuted, damaged or cannot be checked).
submit sends each result file of LOG to the leaderboard at URL (make serve:
http://127.0.0.1:8000) with the board's key (the player.sav tools/saves.py
pull copied beside them), a line per file, then what was accepted, already
there or refused and why (exit 1 when one was refused).
""" % GAMES
DEFAULT_BUDGET = 100000


class UsageError(Exception):
    """Bad input: the message, and whether the usage text helps."""

    def __init__(self, message, show_usage=False):
        super().__init__(message)
        self.show_usage = show_usage


def fail(message, code=2):
    sys.stderr.write("fc.py: " + message + "\n")
    sys.exit(code)


def parse_args(argv):
    """-> (command, number text, options dict, moves list); raises UsageError."""
    if not argv:
        raise UsageError("no command given", True)
    command = argv[0]
    if command == "code":
        if len(argv) < 2 or argv[1] not in ("encode", "decode"):
            raise UsageError("code needs 'encode' or 'decode'", True)
        command = "code " + argv[1]
        argv = argv[1:]
    if command not in ("deal", "replay", "solve", "code encode", "code decode", "verify",
                       "submit"):
        raise UsageError("unknown command '" + command + "'", True)
    if command == "submit" and len(argv) < 3:
        raise UsageError("submit needs the leaderboard's address and a result log", True)
    if command in ("code decode", "verify", "submit"):
        if len(argv) < 2:
            raise UsageError(command + " needs " + ("a code" if command == "code decode"
                                                   else "a result log"), True)
        if command == "code decode" and len(argv) > 2:
            raise UsageError("code decode takes one code, got " + str(len(argv) - 1))
        return command, argv[1], {}, argv[2:]
    options = {"autoplay": True, "cells": None, "budget": DEFAULT_BUDGET, "game": FreeCell,
               "take_back": False, "simple_runs": False}
    words = []
    i = 1
    while i < len(argv):
        word = argv[i]
        playing = command in ("replay", "solve")
        if playing and word == "--no-autoplay":
            options["autoplay"] = False
        elif playing and word == "--take-back":
            options["take_back"] = True
        elif playing and (word == "--run-limit" or word.startswith("--run-limit=")):
            value, i = option_value(argv, i, "--run-limit", "standard or simple")
            if value not in ("standard", "simple"):
                raise UsageError("--run-limit is standard or simple, not '" + value + "'")
            options["simple_runs"] = value == "simple"
        elif command == "solve" and (word == "--budget" or word.startswith("--budget=")):
            value, i = option_value(argv, i, "--budget", "a number of positions")
            if not ascii_digits(value) or not 1 <= int(value) <= 100000000:
                raise UsageError("--budget must be 1 to 100000000 positions, not '" + value + "'")
            options["budget"] = int(value)
        elif command != "deal" and (word == "--cells" or word.startswith("--cells=")):
            value, i = option_value(argv, i, "--cells", "a number, 1 to 4")
            if value not in ("1", "2", "3", "4"):
                raise UsageError("--cells must be 1 to 4, not '" + value + "'")
            options["cells"] = int(value)
        elif word == "--game" or word.startswith("--game="):
            value, i = option_value(argv, i, "--game", "a game's name")
            options["game"] = by_name(value)
            if options["game"] is None:
                raise UsageError("unknown game '" + value + "': one of " + GAMES)
        elif word.startswith("--"):
            raise UsageError("unknown option '" + word + "' for " + command, True)
        else:
            words.append(word)
        i += 1
    if not words:
        raise UsageError(command + " needs a deal number", True)
    if command in ("deal", "solve", "code encode") and len(words) > 1:
        raise UsageError(command + " takes one deal number, got " + str(len(words)))
    game = options["game"]
    if options["cells"] is not None and options["cells"] not in game.CELL_CHOICES:
        raise UsageError("%s is played with %s free cells, not %d" % (
            game.name, " or ".join(str(n) for n in game.CELL_CHOICES), options["cells"]))
    options["variant"] = game(options["cells"])
    options["variant"].simple_runs = options["simple_runs"]
    return command, words[0], options, words[1:]


def option_value(argv, i, flag, what):
    """The value of `--flag V` or `--flag=V` at argv[i]; -> (value, index)."""
    if argv[i] != flag:
        return argv[i][len(flag) + 1:], i
    if i + 1 == len(argv):
        raise UsageError(flag + " needs " + what)
    return argv[i + 1], i + 1


def deal_number(word):
    number = DealNumber()
    problem = number.parse(word)
    if problem:
        raise UsageError(problem + ", not '" + word + "'")
    return number


def show_deal(word, variant):
    """As make-microsoft-freecell-board -t prints a deal; a game that deals
    into cells has a Freecells line first, as PySol's boards do."""
    game = Game(autoplay=False, variant=variant)
    game.deal(deal_number(word).text())
    t = game.table
    if variant.dealt_cells:
        print("Freecells: " + " ".join(text(t.cell_cards[i]) for i in range(t.cells)))
    for c in range(t.columns):
        print(" ".join(text(t.card(c, t.heights[c] - 1 - i)) for i in range(t.heights[c])))


LINE_LIMIT = 4096  # the longest line of standard input read (fc-solve's are short)
MOVE_LIMIT = 100000  # moves in a transcript: 2 bytes each in memory


def ascii_digits(word):
    """Only 0-9 (CPython's isdigit() also takes '²' and other scripts' digits)."""
    if not word:
        return False
    for ch in word:
        if not "0" <= ch <= "9":
            return False
    return True


def words(line):
    """The line's words, split at ASCII blanks only."""
    for blank in BLANKS[1:]:
        line = line.replace(blank, " ")
    return [w for w in line.split(" ") if w]


def stdin_lines():
    """Standard input a line at a time, read as bytes in pieces of 512, so
    that a large transcript never sits in memory whole (MicroPython's heap),
    and each line decoded as UTF-8 by the same rule on both interpreters."""
    stream = getattr(sys.stdin, "buffer", sys.stdin)
    line = b""
    n = 0
    while True:
        try:
            piece = stream.read(512)
        except (OSError, ValueError):
            raise UsageError("standard input cannot be read (a folder?)")
        if not piece:
            break
        parts = (line + piece).split(b"\n")
        line = parts.pop()
        for part in parts:
            n += 1
            yield _text(part, n)
        if len(line) > LINE_LIMIT:
            raise UsageError("a line of standard input is longer than %d characters" % LINE_LIMIT)
    if line:
        yield _text(line, n + 1)


def _text(line, n):
    try:
        return line.decode()
    except UnicodeError:
        raise UsageError("line %d of standard input is not UTF-8 text" % n)


def shown(word):
    """A word as a one-line message shows it: control characters (a
    newline, a tab) written as escapes, the same on both interpreters."""
    out = ""
    for ch in word:
        out += ch if " " <= ch != "\x7f" else "\\x%02x" % ord(ch)
    return out


def transcript_moves(tokens, variant):
    """The moves (packed, 2 bytes each) of the tokens given, or of standard
    input without fc-solve's header and trailer."""
    moves = bytearray()
    lines = tokens if tokens else stdin_lines()  # each argument a line of its own
    n = 0
    for line in lines:
        if not tokens and notation.is_noise(line):
            continue
        for token in words(line):
            n += 1
            packed = notation.parse_move(token, variant.columns, variant.cells)
            if packed < 0:
                raise UsageError("move %d ('%s') is not a move in standard notation" % (n, token))
            if n > MOVE_LIMIT:
                raise UsageError("more than %d moves" % MOVE_LIMIT)
            moves.append(packed & 0xFF)
            moves.append(packed >> 8)
    return moves


def replay(word, options, tokens):
    number = deal_number(word)
    moves = transcript_moves(tokens, options["variant"])
    game = Game(autoplay=options["autoplay"], variant=options["variant"])
    game.take_back = options["take_back"]
    game.allow_whole_column = True  # solvers write these; they change nothing
    game.deal(number.text())
    for i in range(len(moves) // 2):
        packed = moves[2 * i] | moves[2 * i + 1] << 8
        code = game.play(packed)
        if code:
            print(notation.position_text(game))
            token = notation.packed_text(packed, game.variant.piles)
            fail("move %d (%s) is illegal: %s" % (i + 1, token, game.reason()), 1)
    print(notation.position_text(game))


def solve(word, options):
    from freecell.solver import Solver, SOLVED, NO_SOLUTION

    number = deal_number(word)
    game = Game(autoplay=options["autoplay"], variant=options["variant"])
    game.take_back = options["take_back"]
    game.deal(number.text())
    # the host can afford a bigger table than a board: 2**18 positions (1.5 MB)
    solver = Solver(budget=options["budget"], table_bits=18, max_depth=2000)
    solver.start(game)
    while not solver.step(5000):
        pass
    if solver.state == SOLVED:
        tokens = []
        for packed in solver.moves(options["autoplay"]):
            tokens.append(notation.packed_text(packed, game.variant.piles))
        for i in range(0, len(tokens), 10):
            print(" ".join(tokens[i:i + 10]))
        return
    if solver.state == NO_SOLUTION:
        fail("no solution exists: every position reachable was searched (%d positions)"
             % solver.positions, 4)
    if solver.positions >= options["budget"]:
        fail("gave up: its budget of %d positions was spent without a solution (try a"
             " bigger --budget)" % options["budget"], 3)
    fail("gave up after %d positions: its table of positions is full (try a smaller"
         " --budget on a board, or this with more memory)" % solver.positions, 3)


def decode_code(word):
    found = codes.decode(word)
    if isinstance(found, str):
        raise UsageError(found + ": '" + word + "'")
    variant, number = found
    print("game: " + variant.name)
    print("cells: %d" % variant.cells)
    print("deal: " + number.text())


def log_files(paths):
    """The result files among paths (files, or folders holding them): only
    regular files (a FIFO or a device would never end a read), and names
    read as bytes (a name that is not UTF-8 is passed over alike on both
    interpreters: MicroPython cannot list it as text)."""
    import os

    found = []
    for path in paths:
        mode = _mode(path)
        if mode is None:
            raise UsageError("no such file or folder: " + shown(path))
        if not mode & 0x4000:
            if mode & 0xF000 != 0x8000:
                raise UsageError(shown(path) + " is not a file")
            found.append(path)
            continue
        names = []
        for name in os.listdir(path.encode()):
            if not isinstance(name, str):  # (MicroPython gives some folders' names as text)
                try:
                    name = name.decode()
                except UnicodeError:
                    continue
            if name.startswith("result") and name.endswith(".sav"):
                names.append(name)
        for name in sorted(names):
            full = path.rstrip("/") + "/" + name
            if _mode(full) is not None and _mode(full) & 0xF000 == 0x8000:
                found.append(full)
    if not found:
        raise UsageError("no result files in " + " ".join(shown(p) for p in paths))
    return found


def _mode(path):
    import os

    try:
        return os.stat(path)[0]
    except OSError:
        return None


def verify(paths):
    """Check each result file; returns how many were not confirmed."""
    from freecell.results import Result

    results = []
    bad = 0
    for path in log_files(paths):
        try:
            with open(path, "rb") as f:
                data = f.read(4097)
        except OSError:
            raise UsageError("cannot read " + shown(path))
        result = Result()
        problem = result.decode(data)
        if problem in ("not a save file", "a save file of another kind"):
            raise UsageError(shown(path) + " is not a result file: " + problem)
        if problem:  # a result file, damaged (a cut, a flipped bit): named, not replayed
            print("%s: damaged, not checked: %s" % (shown(path), problem))
            bad += 1
            continue
        results.append((result.serial, path, result))
    results.sort(key=lambda r: r[0])  # the order the games were played in
    for serial, path, result in results:
        problem = result.check()
        print("game %d: %s: %s" % (serial, result.line(), problem or "confirmed"))
        bad += 1 if problem else 0
    return bad


def send(url, paths):
    """fc.py submit (tools/submit.py): how many files were refused."""
    try:
        import submit
    except ImportError:  # MicroPython's unix port: no urllib
        raise UsageError("submit runs under CPython: python3 tools/fc.py submit ...")
    files = log_files(paths)
    try:
        return submit.submit(url, files)
    except ValueError as error:
        raise UsageError(str(error))
    except submit.Unreachable as error:  # no answer, not the leaderboard's, or try later
        raise UsageError(str(error))


def main(argv):
    try:
        command, word, options, tokens = parse_args(argv)
        if command == "deal":
            show_deal(word, options["variant"])
        elif command == "code encode":
            print(codes.encode(options["variant"], deal_number(word)))
        elif command == "code decode":
            decode_code(word)
        elif command == "verify":
            if verify([word] + tokens):
                sys.exit(1)
        elif command == "submit":
            if send(word, tokens):
                sys.exit(1)
        elif command == "solve":
            if tokens:
                raise UsageError("solve takes one deal number, got " + str(len(tokens) + 1))
            solve(word, options)
        else:
            replay(word, options, tokens)
    except UsageError as error:
        fail(shown(str(error)) + ("\n" + USAGE if error.show_usage else ""))
    except MemoryError:  # MicroPython's heap: 40,000 moves as arguments
        fail("not enough memory for that many moves (give them on standard input)")


def run(argv):
    """main(), with --help anywhere (fc.py solve --help) the usage, and a
    reader that stops early (fc.py deal 1 | head -3) no traceback."""
    try:
        if argv[:1] == ["help"] or "-h" in argv or "--help" in argv:
            print(USAGE, end="")
        else:
            main(argv)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
    except OSError as error:  # CPython's BrokenPipeError, MicroPython's EPIPE
        if error.args[0] != 32:
            raise
        try:  # CPython flushes stdout once more at exit: point it at nothing
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (ImportError, AttributeError, OSError):
            pass
        sys.exit(1)


if __name__ == "__main__":
    run(sys.argv[1:])
