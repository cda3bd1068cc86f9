#!/usr/bin/env python3
"""`make bench`: speed and memory figures as `name: value` lines.

Measured with the MicroPython unix port from the project's .venv (a 64-bit
build: its objects are up to twice the size of a 32-bit board's, so heap
figures here are an upper bound for a Pico) and, where it says so, CPython.
  engine_heap_bytes      heap taken by importing the engine (.mpy) and dealing
  alloc_per_move_bytes   bytes allocated per move and per undo in steady play
  min_heap_kb            smallest -X heapsize at which the .mpy engine replays
                         a winning game (deal 617) and undoes it to the deal
  deal_us, move_us, undo_us             on MicroPython, per deal / move / undo
  load_us, load_full_us  loading a save (its history replayed under the
                         rules): deal 617's win, and a full 360-step ring
  deal_us_cpython, move_us_cpython ...  the same on CPython
  frame_us               a full table redraw on MicroPython (the slowest of
                         five table states)
  frame_alloc_bytes      bytes allocated by those redraws (target 0)
  presses_per_move       the button presses a move takes: tools/keyplan.py's
                         cheapest presses (every control a player has) for
                         the board's solver's lines of deals 1-100 (autoplay
                         on), through the app on CPython (target 3.0)
  presses_per_move_thumby  the same on the Thumby's 72x40 table with its six
                         buttons (target 3.5)
  app_min_heap_kb        smallest -X heapsize at which the .mpy firmware boots
                         the app and wins deal 617 through its buttons
  hint_follow_won_pct    from the 300 mid-game positions of every game in
                         host_tests/data/hint_positions.txt, the share won by
                         asking HINT and pressing A, A (tools/hint_follow.py),
                         within the solver's line plus 5 questions, no
                         position met twice (target 100); _questions_per_win:
                         questions over the solver's line length; show_follow_*
                         the same by SHOW ME stopped after each move
  firmware_min_heap_kb   the same on the virtual board: the firmware deployed
                         by tools/flash.py (BOARD=sim), the game driven over
                         mpremote's raw REPL (which takes its own share)
  solver_solved_pct      deals 1-1000 solved within the on-device budget
                         (Solver()'s defaults: 10,000 positions, 8,192-slot
                         table), CPython, both cores
  solver_unsolved_deals  the numbers of those not solved (tools/fc.py solve
                         solves them with a bigger budget)
  fcsolve_solved_pct     fc-solve's default scan on the same deals, stopped
                         after as many iterations (-mi 10000), for scale
  solver_median_positions, solver_median_len   over the solved ones; the
                         length counts foundation moves, as fc-solve does
  fcsolve_median_len     fc-solve -m -snx on the same deals ('n/a' without it)
  solver_solved_pct_G, fcsolve_solved_pct_G   the same for each other game G
                         (bakers_game, seahaven, eight_off, forecell; fc-solve
                         with -g G; halfcell, which fc-solve does not play:
                         ours alone)
  solver_min_heap_kb     smallest -X heapsize at which the .mpy engine and
                         solver answer deals 1-20 with that budget
  solver_ms_per_position MicroPython on this host, deals 1-20
  pico_hint_s            the median and 90th-percentile positions of those
                         deals, and the whole budget (a hint that gives up),
                         at pico_solver_pos_per_s
On the 32-bit unix port (../shared/micropython32: a Pico's heap use to a few KB):
  min_heap_kb32, app_min_heap_kb32, firmware_min_heap_kb32   as above
  small_heap_table_slots the seen table the app makes with a 110 KB heap
                         (an ESP32's), and solver_small_solved_pct what it
                         solves of deals 1-1000 (CPython, that table size);
                         the same _102k, with 8 KB less
  small_heap_table_min_kb  the smallest heap whose app makes a seen table
On the emulated Pico (../shared/pico: the official rp2 firmware on rp2040js;
8 ns a cycle, zero-wait flash, I2C at no bus time):
  pico_boot_free_kb      free heap once the firmware has booted
  pico_solver_free_kb    the same once the solver's tables are made
  pico_deal_ms, pico_move_ms   bench_engine's deal and move
  pico_load_ms, pico_load_full_ms   its load and full-ring load (at boot)
  pico_frame_ms          CPU of the slowest full table redraw (bench_app frame)
  pico_frame_bytes       bytes sent over I2C for a full table (after a deal)
  pico_press_ms          median, over 20 d-pad presses on GPIO, from the pin
                         going low to the last byte of the frame it caused,
                         with 9 bits a byte at 400 kHz added (the emulator's
                         bus takes no time); pico_press_bytes: bytes a press
  pico_hint_617_s        a hint from deal 617's start, through the app
  pico_hint_617_idle_s   the same after 5 s without a key (the thinker at work)
  pico_idle_busy_pct     the chip's share awake while the table waits 10 s
                         without a key, the thinker done (and with it off)
  pico_solver_pos_per_s  that search by the solver alone
The one-file firmware (make uf2: MicroPython with the game frozen in, built
by ../shared/mpbuild; on the same emulated Pico):
  uf2_bytes              build/freecell-pico_ssd1306.uf2's size
  pico_boot_ms           power-on to the finished title frame, the flashed
                         build (make flash's .mpy files); pico_uf2_boot_ms
                         the same for the UF2 from a blank flash (its first
                         boot formats the file system)
  pico_uf2_free_kb, pico_uf2_solver_free_kb   as pico_boot_free_kb and
                         pico_solver_free_kb, on the UF2
  pico_uf2_hint_617_s, pico_uf2_solver_pos_per_s   as on the flashed build
On CircuitPython's own firmware (../shared/cpico: CircuitPython 10.2.1 for the
Pico on the same emulator), for the drive make flash-cp writes, each as .py
(compiled on the board at boot; suffix _py) and as .mpy (CircuitPython's
mpy-cross; _mpy):
  cp_boot_ms             power-on to the title's frame (code.py's first run)
  cp_boot_free_kb, cp_solver_free_kb   as pico_boot_free_kb, pico_solver_free_kb
  cp_frame_ms            CPU of the slowest full table redraw into the
                         canvas (bench_app frame; the display's refresh not in it)
  cp_press_ms            as pico_press_ms (displayio's refresh included)
  cp_hint_617_s, cp_solver_pos_per_s   as on the Pico: the solver's loops run
                         as plain Python there (no native code on CircuitPython's
                         RP2040 build); measured on the .mpy drive only, since
                         both forms run the same bytecode
  cp_hint_617_idle_s     as pico_hint_617_idle_s, on the .mpy drive (the .py
                         drive does not think ahead)
The leaderboard (the server part, tools/bench_server.py): first a board's
UPLOAD RESULTS (tools/bench_upload.py, three files to python -m server on
loopback, only the Wi-Fi join faked):
  upload_min_heap_kb32   the smallest heap the app, booted, uploads in (32-bit port)
  upload_free_kb32_110k  the heap free after it in an ESP32's 110 KB
  upload_min_heap_kb64, upload_tls_min_heap_kb64   HTTP and HTTPS on the
                         64-bit port (the one with ssl); upload_tls_handshake_kb64
                         their difference (mbedtls's own buffers come from
                         libc there, not the heap)
then leaderboard_upload_p99_ms and the rest: its load, as its docstring says.
The Thumby Color (the thumbycolor part: tools/bench_thumby_color.py on
TinyCircuits' engine built for this host, ../shared/thumbycolor, at a 350 KB
heap; 64-bit objects, so an upper bound for the console's 32-bit heap):
  tc_boot_free_kb, tc_solver_free_kb   as pico_boot_free_kb, pico_solver_free_kb
  tc_frames_per_move     redraws for a move of three presses
  tc_press_bytes         heap allocated by a d-pad press, its redraw included
Timings on this host vary with the machine's load; the memory figures and the
chip's emulated times do not.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "firmware", "lib")
TOOLS = os.path.join(ROOT, "tools")
BUILD = os.path.join(ROOT, "build", "bench")
MOVES = os.path.join(TOOLS, "data", "617.moves")
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
# the 32-bit unix port, whose heap use matches a Pico's to a few KB
MICROPYTHON32 = os.environ.get("MICROPYTHON32") or os.path.join(
    os.path.dirname(ROOT), "shared", "micropython32", "micropython32")
BUILD32 = os.path.join(ROOT, "build", "bench32")  # the .mpy tree for it (x86 native code)
SMALL_HEAP_KB = 110  # an ESP32 without PSRAM: roughly this much heap
THUMBY_COLOR_HEAP = 350000  # the Thumby Color's GC heap, about (../shared/thumbycolor's README)
SMALLER_HEAP_KB = 102  # that, less 8 KB of margin for what a board adds
MPY_CROSS = os.path.join(BIN, "mpy-cross")

sys.path.insert(0, LIB)
from freecell.solver import BOARD_BUDGET, TABLE_BITS  # noqa: E402

PEER_GAMES = ("bakers_game", "seahaven", "eight_off", "forecell")


def compile_tree(out, arch="host"):
    """The firmware and the bench scripts as .mpy, as a board has them, the
    native code for arch (the host's unix port by default)."""
    sys.path.insert(0, TOOLS)
    from flash import compile_module, module_name

    for src, package in ((os.path.join(LIB, "freecell"), "freecell"),
                         (os.path.join(LIB, "app"), "app"),
                         (os.path.join(LIB, "drivers"), "drivers"),
                         (os.path.join(ROOT, "boards"), "boards")):
        os.makedirs(os.path.join(out, package), exist_ok=True)
        for name in sorted(os.listdir(src)):
            if name.endswith(".py"):
                # the board's own source names (the module's), not this
                # checkout's path: the names are kept in the heap, so the
                # figures would depend on where the project was cloned
                compile_module(os.path.join(src, name),
                               os.path.join(out, package, name[:-3] + ".mpy"), arch,
                               module_name(package + "/" + name))
    for name in ("bench_engine", "bench_replay", "bench_app", "bench_solver", "bench_pico",
                 "bench_upload"):
        compile_module(os.path.join(TOOLS, name + ".py"), os.path.join(out, name + ".mpy"), arch,
                       name)


def pack_moves(path, out):
    from freecell import notation

    packed = bytearray()
    with open(path) as f:
        for token in f.read().split():
            p = notation.parse_move(token)
            packed += bytes((p & 0xFF, p >> 8))
    with open(out, "wb") as f:
        f.write(packed)


def run_mpy(module, args, heap_kb=None, bits=64):
    """Import a compiled bench module under MicroPython with sys.argv set:
    the 64-bit unix port, or with bits=32 the 32-bit one."""
    cmd = [MICROPYTHON if bits == 64 else MICROPYTHON32]
    if heap_kb:
        cmd += ["-X", "heapsize=%dk" % heap_kb]
    code = "import sys\nsys.argv.extend(%r)\nimport %s\n" % (list(args), module)
    env = dict(os.environ, MICROPYPATH=BUILD if bits == 64 else BUILD32)
    return subprocess.run(cmd + ["-c", code], capture_output=True, text=True, env=env)


def smallest(fits, low=8, high=256):
    """The smallest heap (KB) for which fits(kb) holds: a binary search,
    assuming more heap never hurts."""
    if not fits(high):
        return "over %d" % high
    while high - low > 1:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid
    return high


def min_heap_kb(module, args, last_line="ok", bits=64):
    return smallest(lambda kb: run_mpy(module, args, kb, bits).stdout.strip()
                    .endswith(last_line))


def figures_from(output):
    return [line for line in output.splitlines() if ": " in line]


def engine_figures():
    """The engine's and the app's figures on the unix port and CPython."""
    packed, keys = inputs()
    lines = []
    for mode in ("heap", "alloc"):
        lines += figures_from(run_mpy("bench_engine", [mode, MOVES]).stdout)
    lines.append("min_heap_kb: %s" % min_heap_kb("bench_replay", [packed]))
    lines += figures_from(run_mpy("bench_engine", ["speed", MOVES]).stdout)
    cpython = subprocess.run([sys.executable, os.path.join(TOOLS, "bench_engine.py"), "speed",
                              MOVES], capture_output=True, text=True,
                             env=dict(os.environ, PYTHONPATH=LIB)).stdout
    for line in figures_from(cpython):
        name, value = line.split(": ")
        lines.append("%s_cpython: %s" % (name, value))
    lines += figures_from(run_mpy("bench_app", ["frame"]).stdout)
    lines.append(presses_per_move())
    lines.append(presses_per_move(thumby=True))
    lines.append("app_min_heap_kb: %s" % min_heap_kb("bench_app", ["play", keys], "won"))
    lines.append("firmware_min_heap_kb: %s" % firmware_min_heap_kb(keys))
    return lines


def inputs(made=[]):
    """The engine compiled for the unix port, deal 617's win as packed moves
    and as the presses that play it: (moves' path, presses' path), made once."""
    if made:
        return made[0]
    compile_tree(BUILD)
    packed = os.path.join(BUILD, "617.bin")
    pack_moves(MOVES, packed)
    keys = os.path.join(BUILD, "617.presses")
    write_win_keys(keys)
    made.append((packed, keys))
    return packed, keys


# pico_solver_pos_per_s once the chip's part has run: the solver's hint times use it
_chip_speed = []


def chip_figures():
    lines = pico_figures()
    _chip_speed[:] = [int(line.split(": ")[1]) for line in lines
                      if line.startswith("pico_solver_pos_per_s:")]
    return lines


def thumby_color_figures():
    """The Thumby Color's figures on TinyCircuits' engine (../shared/thumbycolor,
    built for this host: 64-bit objects, the host's speed), at the console's
    heap: tools/bench_thumby_color.py, run from the game's folder as
    make flash lays it out."""
    import shutil

    sys.path.insert(0, TOOLS)
    import flash

    kit = os.environ.get("THUMBYCOLOR_DIR") or os.path.join(os.path.dirname(ROOT), "shared",
                                                            "thumbycolor")
    if not os.access(os.path.join(kit, "bin", "tc-run"), os.X_OK):
        return ["tc_boot_free_kb: n/a (no %s)" % kit]
    out = os.path.join(BUILD, "thumbycolor")
    shutil.rmtree(out, ignore_errors=True)
    flash.stage("thumby_color", os.path.join(out, "staged"), False, "x64")
    game = os.path.join(out, "staged", "Games", "FreeCell")
    flash.compile_module(os.path.join(TOOLS, "bench_pico.py"), os.path.join(game, "bench_pico.mpy"),
                         "x64", "bench_pico")
    shutil.copy(os.path.join(TOOLS, "bench_thumby_color.py"), game)
    root = os.path.join(out, "root")
    subprocess.run([os.path.join(kit, "bin", "tc-mkroot"), root, game], capture_output=True)
    done = subprocess.run([os.path.join(kit, "bin", "tc-run"), "--root", root, "--timeout", "300",
                           "Games/FreeCell/bench_thumby_color.py"], capture_output=True, text=True,
                          env=dict(os.environ, TC_MS_PER_TICK="0",
                                   TC_HEAPSIZE=str(THUMBY_COLOR_HEAP)))
    lines = [line.replace("pico_", "tc_") for line in figures_from(done.stdout)
             if line.startswith(("pico_", "tc_"))]
    return lines or ["tc_boot_free_kb: n/a (the engine said: %s)" % done.stdout[-300:]]


def hint_figures():
    """Following the solver's help through the buttons (tools/hint_follow.py)."""
    lines = []
    for extra in ([], ["--show"]):
        lines += figures_from(subprocess.run(
            [sys.executable, os.path.join(TOOLS, "hint_follow.py")] + extra,
            capture_output=True, text=True).stdout)
    return lines


# make bench's parts, in the order they print; `tools/bench.py PART ...`
# (make bench PARTS="heap32 pico") runs only those
PARTS = (("engine", engine_figures),
         ("hints", hint_figures),
         ("heap32", lambda: figures32(*inputs())),
         ("pico", chip_figures),
         ("uf2", lambda: uf2_figures()),
         ("solver", lambda: solver_figures(_chip_speed[0] if _chip_speed else None)),
         ("cp", lambda: cp_figures()),
         ("thumbycolor", lambda: thumby_color_figures()),
         ("server", lambda: __import__("bench_server").figures()))


def main(names):
    known = [name for name, _ in PARTS]
    wrong = [name for name in names if name not in known]
    if wrong:
        sys.exit("bench: no part called %s (the parts: %s)" % (", ".join(wrong), " ".join(known)))
    for name, figures in PARTS:
        if not names or name in names:
            for line in figures():
                print(line, flush=True)


def figures32(packed, keys):
    """The smallest heaps on the 32-bit unix port (../shared/micropython32):
    objects the board's size, so these are a Pico's figures to a few KB."""
    if not os.path.exists(MICROPYTHON32):
        return ["min_heap_kb32: n/a (no %s)" % MICROPYTHON32]
    compile_tree(BUILD32, "x86")
    lines = ["min_heap_kb32: %s" % min_heap_kb("bench_replay", [packed], bits=32),
             "app_min_heap_kb32: %s" % min_heap_kb("bench_app", ["play", keys], "won", bits=32),
             "firmware_min_heap_kb32: %s" % firmware_min_heap_kb(keys, MICROPYTHON32)]
    # an ESP32's heap, and one 8 KB smaller (a margin for what a board adds): the seen
    # table the app makes there, and what it solves
    for kb, suffix in ((SMALL_HEAP_KB, ""), (SMALLER_HEAP_KB, "_%dk" % SMALLER_HEAP_KB)):
        small = dict(line.split(": ", 1) for line in
                     run_mpy("bench_app", ["assist"], kb, 32).stdout.splitlines()
                     if ": " in line)
        slots, depth = int(small.get("table_slots", 0)), int(small.get("max_depth", 0))
        lines.append("small_heap_table_slots%s: %d       # with -X heapsize=%dk"
                     % (suffix, slots, kb))
        if slots:
            rows = solver_rows(["%d" % (slots.bit_length() - 1), str(depth)])
            lines.append("solver_small_solved_pct%s: %.1f" % (
                suffix, 100.0 * sum(r[1] == "1" for r in rows) / len(rows)))

    def table(kb):
        out = run_mpy("bench_app", ["assist"], kb, 32).stdout
        return "table_slots: 0" not in out and "table_slots: " in out

    lines.append("small_heap_table_min_kb: %s" % smallest(table, 90, 130))
    return lines


def presses_per_move(deals=range(1, 101), thumby=False):
    """The presses keyplan's planner needs for the board's solver's winning
    lines (autoplay on, as the game plays by default), over every move; with
    thumby, on its 72x40 table and six buttons (the planner's presses are
    the d-pad, A and hold A: no START or SELECT)."""
    sys.path.insert(0, TOOLS)
    sys.path.insert(0, LIB)
    from keyplan import keys_for_solver_line

    presses = moves = 0
    for deal in deals:
        found = keys_for_solver_line(deal, (72, 40) if thumby else (128, 64))
        if found:
            assert thumby is False or not [k for k in found[0] if k.endswith(("start", "select"))]
            presses += len(found[0])
            moves += len(found[1])
    if thumby:
        return "presses_per_move_thumby: %.2f     # %d presses for %d moves on 72x40 with " \
            "six buttons (target 3.5)" % (presses / moves, presses, moves)
    return "presses_per_move: %.2f     # %d presses for %d moves (target 3.0)" % (
        presses / moves, presses, moves)


def solver_rows(extra=()):
    """bench_solver.py deals over deals 1-1000 on CPython, in two processes
    (the machine has two cores): [number, state, positions, moves] each."""
    env = dict(os.environ, PYTHONPATH=LIB)
    script = os.path.join(TOOLS, "bench_solver.py")
    halves = [subprocess.Popen([sys.executable, script, "deals", str(a), str(b)] + list(extra),
                               env=env, stdout=subprocess.PIPE, text=True)
              for a, b in ((1, 500), (501, 1000))]
    rows = []
    for proc in halves:
        rows += [line.split() for line in proc.communicate()[0].splitlines()]
    return rows


def solver_figures(pico_pos_per_s=None):
    lines = []
    rows = solver_rows()
    solved = [r for r in rows if r[1] == "1"]
    positions = sorted(int(r[2]) for r in solved)
    lengths = sorted(int(r[3]) for r in solved)
    lines.append("solver_solved_pct: %.1f" % (100.0 * len(solved) / len(rows)))
    lines.append("solver_unsolved_deals: %s" % (" ".join(r[0] for r in rows if r[1] != "1")
                                               or "none"))
    lines.append("fcsolve_solved_pct: %s" % fcsolve_solved_pct(len(rows)))
    lines.append("solver_median_positions: %d" % positions[len(positions) // 2])
    lines.append("solver_median_len: %d" % lengths[len(lengths) // 2])
    lines.append("fcsolve_median_len: %s" % fcsolve_median_len([int(r[0]) for r in solved]))
    for name in PEER_GAMES:  # the other games, with the same budget and table
        rows = solver_rows([str(TABLE_BITS), "400", name])
        share = sum(r[1] == "1" for r in rows)
        lines.append("solver_solved_pct_%s: %.1f" % (name, 100.0 * share / len(rows)))
        lines.append("fcsolve_solved_pct_%s: %s" % (name, fcsolve_solved_pct(len(rows), name)))
    rows = solver_rows([str(TABLE_BITS), "400", "halfcell"])
    lines.append("solver_solved_pct_halfcell: %.1f"
                 % (100.0 * sum(r[1] == "1" for r in rows) / len(rows)))
    lines.append("solver_min_heap_kb: %s" % min_heap_kb("bench_solver", ["heap", "1", "20"]))
    speed = figures_from(run_mpy("bench_solver", ["speed", "1", "20"]).stdout)
    lines += speed
    if pico_pos_per_s:  # the deals' positions at the speed measured on the chip
        p90 = positions[int(len(positions) * 0.9)]
        lines.append("pico_hint_s: %.1f median, %.1f p90, %.0f at most" % (
            positions[len(positions) // 2] / pico_pos_per_s, p90 / pico_pos_per_s,
            BOARD_BUDGET / pico_pos_per_s))
    return lines


def fcsolve(numbers, options, game=None):
    """fc-solve's output for each of those Microsoft deals (of `game`, as
    tools/fc.py deals it, with fc-solve's -g preset), or None when fc-solve
    (Debian's freecell-solver-bin) is not installed."""
    import shutil

    if not (shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board")):
        return None
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    if game:
        options = ["-g", game] + options
    outputs = []
    for n in numbers:
        if game:
            board = board_text(game, n)
        else:
            board = subprocess.run(["make-microsoft-freecell-board", "-t", str(n)],
                                   capture_output=True, text=True, env=env).stdout
        outputs.append(subprocess.run(["fc-solve"] + options, input=board, capture_output=True,
                                      text=True, env=env).stdout)
    return outputs


def board_text(name, n):
    """Deal n of game `name` as tools/fc.py deal prints it (in-process)."""
    from freecell.cards import text
    from freecell.game import Game
    from freecell.variants import by_name

    game = Game(autoplay=False, variant=by_name(name)())
    game.deal(n)
    t = game.table
    lines = ["Freecells: " + " ".join(text(t.cell_cards[i]) for i in range(t.cells))]
    for c in range(t.columns):
        lines.append(" ".join(text(t.card(c, t.heights[c] - 1 - i)) for i in range(t.heights[c])))
    return "\n".join(lines) + "\n"


def fcsolve_solved_pct(count, game=None):
    """fc-solve's default scan on deals 1..count within the solver's budget
    (-mi counts the positions it checks, as the budget does)."""
    outputs = fcsolve(range(1, count + 1), ["-mi", str(BOARD_BUDGET)], game)
    if outputs is None:
        return "n/a (no fc-solve)"
    solved = sum("This game is solveable." in out for out in outputs)
    return "%.1f" % (100.0 * solved / count)


def fcsolve_median_len(numbers):
    outputs = fcsolve(numbers, ["-m", "-snx"])
    if outputs is None:
        return "n/a (no fc-solve)"
    lengths = sorted(sum(len(line.split()) for line in out.splitlines()
                         if line and line[0] in "12345678abcd")
                     for out in outputs if "This game is solveable." in out)
    return lengths[len(lengths) // 2]


def firmware_min_heap_kb(presses, interpreter=None):
    """Flash the virtual board once, then boot it with smaller and smaller
    heaps and win deal 617 there; 'n/a' without socat.  interpreter: the
    unix port it runs (.venv's 64-bit one by default)."""
    import shutil
    import tempfile

    sys.path.insert(0, TOOLS)
    from virtual_board import VirtualBoard

    if not shutil.which("socat"):
        return "n/a (no socat)"
    flash = tempfile.mkdtemp(prefix="bench-flash-")
    try:
        with VirtualBoard(flash, None, interpreter) as board:
            subprocess.run([sys.executable, os.path.join(TOOLS, "flash.py"), "sim", "--port",
                            board.port], check=True, capture_output=True)
        shutil.copy(os.path.join(BUILD if interpreter is None else BUILD32, "bench_app.mpy"),
                    flash)
        shutil.copy(presses, os.path.join(flash, "617.presses"))
        code = "import sys\nsys.argv[:] = ['', 'play', '617.presses']\nimport bench_app\n"

        def fits(kb):
            with VirtualBoard(flash, kb, interpreter) as board:
                result = subprocess.run([os.path.join(BIN, "mpremote"), "connect", board.port,
                                         "resume", "exec", code], capture_output=True, text=True,
                                        timeout=120)
            return result.stdout.strip().endswith("won")

        return smallest(fits, 16)
    finally:
        shutil.rmtree(flash, ignore_errors=True)


# -- on the chip: the emulated Pico (tools/pico.py) -----------------------------

# deal 2 from the title (DEAL NUMBER, FreeCell, last digit up, play), then cursor presses
PRESS_DEAL = ["down", "down", "a", "a", "up", "a"]
PRESS_CURSOR = ["right"] * 7 + ["up", "up", "down", "down"] + ["left"] * 7 + ["up", "down"]


def pico_image(out, with_main):
    """The firmware as make flash puts it on a Pico (tools/flash.py's
    staging), plus the bench's board-side scripts and deal 617's moves."""
    sys.path.insert(0, TOOLS)
    import flash
    import pico

    staged = os.path.join(BUILD, "pico-staged")
    flash.stage("pico_ssd1306", staged, False, "armv6m")
    files = flash.staged_paths(staged)
    if not with_main:
        del files["main.py"]
    files.update(pico_scripts(("bench_engine", "bench_app", "bench_pico")))
    pico.make_image(out, files)
    return out


def pico_scripts(names):
    """{board path: compiled file} of the bench's board-side scripts (armv6m)
    and deal 617's moves."""
    import flash

    scripts = os.path.join(BUILD, "pico-scripts")
    os.makedirs(scripts, exist_ok=True)
    files = {"617.moves": MOVES}
    for name in names:
        files[name + ".mpy"] = os.path.join(scripts, name + ".mpy")
        flash.compile_module(os.path.join(TOOLS, name + ".py"), files[name + ".mpy"], "armv6m",
                             name)
    return files


def pico_exec(image, script, firmware=None):
    """Run `script` (source) on the emulated Pico in a fresh session (on
    `firmware`, a (runner, UF2) as tools/pico.py's, or the stock one)."""
    import pico

    path = os.path.join(BUILD, "pico-exec.py")
    with open(path, "w") as f:
        f.write(script)
    out, _ = pico.run_scripts(image, [path], firmware=firmware or pico.MICROPYTHON)
    if "ERROR:" in out:  # the board raised: the figures would be missing or wrong
        raise RuntimeError("on the emulated Pico, %s: %s" % (script.strip(), out))
    return figures_from(out)


def pico_module(image, module, *args, firmware=None):
    return pico_exec(image, "import sys\nsys.argv[:] = %r\nimport %s\n" % (["", *args], module),
                     firmware)


def title_ms(boot):
    """Power-on to the frame the title is complete in (emulated ms)."""
    final = boot.screen_before(float("inf"))
    return next(u.stop_ms for u in boot.updates if u.ram == final)


def uf2_figures():
    """The one-file firmware's figures (tools/uf2.py: the game frozen into
    MicroPython), beside the flashed build's boot time; or why there are none."""
    sys.path.insert(0, TOOLS)
    import pico
    import uf2

    pico.install()
    problem = pico.missing() or uf2.missing()
    if problem:
        return ["pico_uf2: n/a (%s is missing)" % problem]
    path, _ = uf2.build("pico_ssd1306")
    firmware = (pico.MICROPYTHON[0], path)
    lines = ["uf2_bytes: %d" % os.path.getsize(path)]
    played = pico_image(os.path.join(BUILD, "pico-play.img"), True)
    lines.append("pico_boot_ms: %.0f" % title_ms(pico.boot(played, start_ms=1500, tail_ms=0)))
    blank = pico.boot(None, start_ms=1500, tail_ms=0, firmware=firmware)  # a blank flash
    lines.append("pico_uf2_boot_ms: %.0f" % title_ms(blank))
    # the bench's own script on an otherwise empty flash: the game is frozen
    image = os.path.join(BUILD, "pico-uf2-bench.img")
    pico.make_image(image, pico_scripts(("bench_pico",)))
    for line in pico_module(image, "bench_pico", "heap", firmware=firmware):
        lines.append(line.replace("pico_boot_free_kb", "pico_uf2_free_kb")
                     .replace("pico_solver_free_kb", "pico_uf2_solver_free_kb"))
    for line in pico_module(image, "bench_pico", "solver", firmware=firmware):
        lines.append(line.replace("pico_", "pico_uf2_"))
    return lines


def pico_figures():
    """The chip's figures, or one line saying why there are none."""
    sys.path.insert(0, TOOLS)
    import pico

    pico.install()
    problem = pico.missing()
    if problem:
        return ["pico: n/a (%s is missing)" % problem]
    image = pico_image(os.path.join(BUILD, "pico-bench.img"), False)
    lines = pico_module(image, "bench_pico", "heap")
    for line in pico_module(image, "bench_engine", "speed", "617.moves"):
        name, value = line.split(": ")
        if name in ("deal_us", "move_us", "load_us", "load_full_us"):
            lines.append("pico_%s_ms: %.2f" % (name[:-3], int(value) / 1000))
    for line in pico_module(image, "bench_app", "frame"):
        name, value = line.split(": ")
        if name == "frame_us":
            lines.append("pico_frame_ms: %.1f" % (int(value) / 1000))
    lines += press_figures(pico.boot, pico_image(os.path.join(BUILD, "pico-play.img"), True))
    lines += pico_module(image, "bench_pico", "solver")
    lines += pico_module(image, "bench_pico", "idle")
    lines += daily_figures(lambda *args: pico_module(image, *args), "pico")
    table = os.path.join(BUILD, "pico-staged", "lib", "freecell", "daily_table.mpy")
    lines.append("daily_table_bytes: %d (%s)" % (os.path.getsize(table), daily_table_span()))
    lines.append(idle_busy(image))
    return lines


def daily_figures(run, prefix, far=True):
    """The wait from a game chosen after DAILY DEAL to its table, the
    slowest of the six games: on a day freecell/daily_table.py lists, and
    on one after it (2099-12-31), whose deals the board proves itself."""
    dates = (("2027-01-18", "daily_ms"),) + ((("2099-12-31", "daily_far_ms"),) if far else ())
    lines = []
    for date, name in dates:
        lines += run("bench_pico", "daily", date, "%s_%s" % (prefix, name))
    return lines


def daily_table_span():
    sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
    from freecell import daily, daily_table

    return "days %d-%02d-%02d to " % daily.date_of(daily.FIRST) \
        + "%d-%02d-%02d" % daily.date_of(daily_table.LAST)


def idle_busy(image):
    """pico_idle_busy_pct: the share of the chip's cycles spent awake while
    the table waits 10 s without a key, the thinker's search done (and, in
    brackets, with THINK AHEAD off): the emulator skips the cycles a WFI or
    WFE waits, so cycles / (ms x 125,000) is the awake share."""
    import pico

    shares = []
    for think in ("1", "0"):
        setup = os.path.join(BUILD, "pico-wait-setup.py")
        wait = os.path.join(BUILD, "pico-wait.py")
        with open(setup, "w") as f:
            f.write("import sys\nsys.argv[:] = ['', 'wait', %r]\nimport bench_pico\n" % think)
        with open(wait, "w") as f:
            f.write("import bench_pico\nbench_pico.wait()\n")
        out, cycles = pico.run_scripts(image, [setup, wait])
        if "ERROR:" in out or len(cycles) != 2:
            raise RuntimeError("on the emulated Pico, the idle loop: " + out)
        shares.append(100.0 * cycles[1] / (pico.run_scripts.ms[1] * 125000))
    return "pico_idle_busy_pct: %.1f (thinking done; %.1f with THINK AHEAD off)" % tuple(shares)


def press_figures(boot_with, image, start_ms=1500, gap_ms=300, deal_ms=2500):
    """Boot the game (boot_with: pico.boot, cpico.boot), deal, press the
    d-pad: the full table's bytes, and the median time from a cursor press
    to its frame on a 400 kHz bus."""
    import pico

    keys = PRESS_DEAL + PRESS_CURSOR
    boot = boot_with(image, keys, start_ms=start_ms, gap_ms=gap_ms,
                     slow={len(PRESS_DEAL) - 1: deal_ms})
    dealt = boot.after_press(len(PRESS_DEAL) - 1)
    full = max(dealt, key=lambda u: u.bytes)
    waits = []
    for i in range(len(PRESS_DEAL), len(keys)):
        updates = boot.after_press(i)
        if not updates:
            return ["pico_press_ms: n/a (press %d drew nothing)" % i]
        bus = pico.bus_ms(sum(u.transactions for u in updates), sum(u.bytes for u in updates))
        waits.append(updates[-1].stop_ms - boot.press_at[i] + bus)
    waits.sort()
    sent = sum(u.bytes for i in range(len(PRESS_DEAL), len(keys)) for u in boot.after_press(i))
    return ["pico_frame_bytes: %d" % full.bytes,
            "pico_press_ms: %.1f" % waits[len(waits) // 2],
            "pico_press_bytes: %d" % (sent // len(PRESS_CURSOR))]


# -- on CircuitPython's firmware: the emulated Pico again (tools/cpico.py) -------

# emulated ms from power-on by which the title is up after the runner's soft reload
CP_START_MS = {"py": 6500, "mpy": 3500}


def cp_drive(form):
    """The drive make flash-cp writes, with the bench's board-side scripts
    (as .py, or compiled by CircuitPython's mpy-cross) and deal 617's moves."""
    import cpico
    import flash

    scripts = os.path.join(BUILD, "cp-scripts-" + form)
    os.makedirs(scripts, exist_ok=True)
    extra = {"617.moves": MOVES}
    for name in ("bench_app", "bench_pico"):
        source = os.path.join(TOOLS, name + ".py")
        if form == "mpy":
            extra[name + ".mpy"] = os.path.join(scripts, name + ".mpy")
            flash.compile_module(source, extra[name + ".mpy"], None, name, cpico.MPY_CROSS)
        else:
            extra[name + ".py"] = source
    image = os.path.join(BUILD, "cp-%s.img" % form)
    made = cpico.drive(image, form, extra=extra)
    if made.returncode != 0:
        raise RuntimeError("make flash-cp failed: " + made.stderr)
    return image


def cp_module(image, module, *args):
    import cpico

    path = os.path.join(BUILD, "cp-exec.py")
    with open(path, "w") as f:
        f.write("import sys\nsys.argv[:] = %r\nimport %s\n" % (["", *args], module))
    out, _ = cpico.run_scripts(image, [path])
    if "Error" in out:  # the board raised: the figures would be missing or wrong
        raise RuntimeError("on CircuitPython, %s %s: %s" % (module, args, out[-1500:]))
    return figures_from(out)


def cp_figures():
    """CircuitPython's figures, or one line saying why there are none."""
    sys.path.insert(0, TOOLS)
    import cpico
    import pico

    import bench_nvm

    lines = bench_nvm.figures()  # nvm's wear: the port's C code modelled, on the host
    pico.install()
    problem = cpico.missing()
    if problem:
        return lines + ["cp: n/a (%s is missing)" % problem]
    for form in ("py", "mpy"):
        image = cp_drive(form)
        found = []
        first = cpico.boot(image, (), start_ms=CP_START_MS[form] + 3000, tail_ms=0,
                           reload=False)
        title = [u for u in first.updates if any(u.ram)]
        found.append("cp_boot_ms: %s" % ("%.0f" % title[0].stop_ms if title else "n/a"))
        found += cp_module(image, "bench_pico", "heap")
        for line in cp_module(image, "bench_app", "frame"):
            name, value = line.split(": ")
            if name == "frame_us":
                found.append("cp_frame_ms: %.1f" % (int(value) / 1000))
        found += press_figures(cpico.boot, image, CP_START_MS[form], 500, 4000)
        found += daily_figures(lambda *args: cp_module(image, *args), "pico", form == "mpy")
        for line in found:
            name, value = line.split(": ", 1)
            lines.append("%s_%s: %s" % (name.replace("pico_", "cp_"), form, value))
    for line in cp_module(image, "bench_pico", "solver") + cp_module(image, "bench_pico", "idle"):
        lines.append(line.replace("pico_", "cp_"))
    return lines


def write_win_keys(path):
    """The presses that win deal 617 from its transcript (tools/keyplan.py)."""
    sys.path.insert(0, TOOLS)
    from keyplan import keys_for_transcript, pack_presses

    with open(MOVES) as f:
        keys, driver = keys_for_transcript(617, f.read().split())
    assert driver.game.is_won()
    with open(path, "wb") as f:
        f.write(pack_presses(keys))


if __name__ == "__main__":
    main(sys.argv[1:])
