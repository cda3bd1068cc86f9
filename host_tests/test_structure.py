"""The house's shape, read from the source (no module is run): the layers
import only downwards, no module imports itself back through others, and
every constant copied for the compiled loops or the compiler's folding says
where it comes from and equals it there.

    freecell   the engine: imports only itself
    drivers    the hardware: the engine at most
    app        the game on a screen: the engine and the drivers' storage
    boards     one module per board: drivers and engine, never the app
    main.py    wires a board to the app: anything
"""

import ast
import os
import sys
import re

import pytest

from conftest import LIB, ROOT

from app import buttons
from drivers import key_names

MAY_IMPORT = {
    "freecell": {"freecell"},
    "drivers": {"drivers", "freecell"},
    "app": {"app", "freecell", "drivers"},
    "boards": {"boards", "drivers", "freecell"},
}


def firmware_modules():
    """{dotted name: path} of every module of firmware/lib and boards/."""
    found = {}
    for package in sorted(os.listdir(LIB)):
        folder = os.path.join(LIB, package)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                stem = name[:-3]
                found[package if stem == "__init__" else package + "." + stem] = \
                    os.path.join(folder, name)
    for name in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        if name.endswith(".py"):
            stem = name[:-3]
            found["boards" if stem == "__init__" else "boards." + stem] = \
                os.path.join(ROOT, "boards", name)
    return found


MODULES = firmware_modules()


def imports_of(name, path):
    """The firmware modules `name` imports anywhere in it (a function's
    import too: a lazy import is still an edge)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            # `from . import x` and `from app import records` name modules
            targets = [module] + [module + "." + alias.name for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    return found


GRAPH = {name: imports_of(name, path) for name, path in MODULES.items()}


def test_the_graph_is_read_from_every_module():
    assert {"freecell.game", "freecell.solver_loops", "app.app", "app.storage",
            "drivers.nvm_files", "boards.pico_ssd1306", "boards.thumby"} <= set(GRAPH)
    assert "freecell.container" in GRAPH["freecell.savefile"]
    assert "drivers.nvm_files" in GRAPH["app.storage"]  # inside a function


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_layer_imports_only_the_layers_below_it(name):
    layer = name.split(".")[0]
    upward = sorted(t for t in GRAPH[name] if t.split(".")[0] not in MAY_IMPORT[layer])
    assert not upward, "%s imports %s" % (name, ", ".join(upward))


def cycles(graph):
    """Every strongly connected set of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back_through_others():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_long_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


# `NAME = const(value)  # module.NAME...`: a copy, named where it comes from
MIRROR = re.compile(r"^\s*(\w+) = const\((.+)\)\s*#\s*([a-z_]+)\.([A-Z_][A-Z0-9_]*)\b")


def mirrored_constants():
    found = []
    for name, path in sorted(MODULES.items()):
        with open(path) as f:
            for number, line in enumerate(f, 1):
                m = MIRROR.match(line)
                if m:
                    found.append((name, number) + m.groups())
    return found


def owner_of(module, name):
    """The firmware module a comment's `module` means: the copy's own
    package first."""
    package = name.split(".")[0]
    for candidate in (package + "." + module, "freecell." + module, "app." + module,
                      "drivers." + module):
        if candidate in MODULES:
            return candidate
    raise AssertionError("%s names a module %s that is not in the firmware" % (name, module))


def test_every_mirrored_constant_equals_its_original():
    import importlib

    mirrors = mirrored_constants()
    assert len(mirrors) >= 15  # the solver's loops, scoring, paint, the table, the assistant
    wrong = []
    for name, number, copy, value, module, original in mirrors:
        owner = importlib.import_module(owner_of(module, name))
        assert hasattr(owner, original), "%s:%d: %s.%s does not exist" % (
            name, number, module, original)
        if eval(value, {}) != getattr(owner, original):  # a literal or literal sum
            wrong.append("%s:%d %s = %s, %s.%s = %r" % (name, number, copy, value, module,
                                                       original, getattr(owner, original)))
    assert not wrong, "\n".join(wrong)


def test_the_key_bits_are_the_apps_buttons():
    """A board's keys report bits in key_names.BUTTONS' order; the app
    numbers its buttons the same."""
    for i, name in enumerate(key_names.BUTTONS):
        assert getattr(buttons, name) == i
        assert getattr(buttons, "K_" + name) == 1 << i == key_names.bit(name)
    assert key_names.bits(("A", None, "UP")) == bytes((buttons.K_A, 0, buttons.K_UP))
    with pytest.raises(ValueError, match="no button called X"):
        key_names.bit("X")


CIRCUITPYTHON_ONLY = {"board", "busio", "displayio", "i2cdisplaybus", "keypad", "microcontroller",
                      "rotaryio", "adafruit_displayio_ssd1306"}


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("boards.")))
def test_a_board_says_which_firmware_it_is_for_and_imports_only_that_firmwares_modules(name):
    """tools/flash.py and flash_cp.py pick their boards by FIRMWARE."""
    sys_path = os.path.join(ROOT, "tools")
    import sys

    if sys_path not in sys.path:
        sys.path.insert(0, sys_path)
    from flash import board_names

    firmware = board_names(name.split(".")[1]).get("FIRMWARE")
    assert firmware in ("micropython", "circuitpython"), "%s says no FIRMWARE" % name
    with open(MODULES[name]) as f:
        tree = ast.parse(f.read())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            imported.add(node.module.split(".")[0])
    if firmware == "micropython":
        assert not imported & CIRCUITPYTHON_ONLY
    else:
        assert "machine" not in imported and imported & CIRCUITPYTHON_ONLY


def test_the_boards_a_uf2_is_built_for_are_the_rp2040_ones_that_have_no_menu_of_their_own():
    """tools/uf2.py picks its boards by CHIP (and no HOME), not by a list:
    a MicroPython board on real hardware names its chip."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import flash
    import uf2

    for board in flash.boards():
        if board != "sim":
            assert flash.board_names(board).get("CHIP") in ("rp2040", "rp2350", "esp32"), board
    assert uf2.boards() == ["pico_ssd1306"]


def test_ruff_finds_nothing():
    """The linter's rules (pyproject.toml: pyflakes' and pycodestyle's
    errors, 100 columns) hold over the whole tree."""
    import shutil
    import subprocess

    from conftest import need

    ruff = os.path.join(os.path.dirname(sys.executable), "ruff")
    ruff = ruff if os.path.exists(ruff) else shutil.which("ruff")
    need(ruff, "ruff (requirements-dev.txt)")
    done = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", ROOT],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_games_id_is_said_once_by_its_place_in_variants():
    """A game's id (what saves and statistics keep) is its place in
    VARIANTS; only FreeCell, which a game of it loads alone, says its own."""
    from freecell.rules import FreeCell
    from freecell.variants import VARIANTS

    with open(os.path.join(LIB, "freecell", "variants.py")) as f:
        tree = ast.parse(f.read())
    said = [node.name for node in tree.body if isinstance(node, ast.ClassDef)
            for item in node.body if isinstance(item, ast.Assign)
            and any(getattr(t, "id", None) == "id" for t in item.targets)]
    assert said == []
    assert VARIANTS[0] is FreeCell and FreeCell.id == 0
    assert [v.id for v in VARIANTS] == list(range(len(VARIANTS)))


def test_the_containers_head_is_read_and_sized_by_container_py_alone():
    """Its version byte through version_of(), its size as HEADER + TRAILER:
    never data[3] or a literal 10 elsewhere."""
    found = []
    for folder in (LIB, os.path.join(ROOT, "server")):
        for path, _, names in os.walk(folder):
            for name in names:
                if not name.endswith(".py") or name == "container.py":
                    continue
                with open(os.path.join(path, name)) as f:
                    for number, line in enumerate(f, 1):
                        if re.search(r"data\[3(:4)?\]|MOST_BYTES = 10 |return 10 \+", line):
                            found.append("%s:%d" % (name, number))
    assert found == []


def test_the_server_needs_only_the_engine():
    """server/ imports the engine (freecell/), never the board's app: the
    daily deal, the result format and its key are engine facts."""
    found = []
    for name in sorted(os.listdir(os.path.join(ROOT, "server"))):
        if name.endswith(".py"):
            with open(os.path.join(ROOT, "server", name)) as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    found += [(name, node.module)] if node.module.split(".")[0] in (
                        "app", "drivers", "boards") else []
                elif isinstance(node, ast.Import):
                    found += [(name, a.name) for a in node.names
                              if a.name.split(".")[0] in ("app", "drivers", "boards")]
    assert found == []


def screen_actions():
    """Every action the app's screens can return or ask for, read from the
    source: a list item's action ((b"LABEL", "action")), a key() or
    back_action that returns a name, the names a screen keeps to return
    (back_action, done, then), app.do("..."); and a "game:NEXT" item's NEXT,
    which the game picker returns once a game is chosen."""
    found = {}
    folder = os.path.join(LIB, "app")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name)) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            words = []
            if isinstance(node, ast.Tuple) and len(node.elts) >= 2 and isinstance(
                    node.elts[1], ast.Constant) and isinstance(node.elts[1].value, str) and not (
                    isinstance(node.elts[0], ast.Constant)
                    and isinstance(node.elts[0].value, str)):
                words.append(node.elts[1].value)
            elif isinstance(node, ast.FunctionDef) and node.name in ("key", "back_action"):
                words += [r.value.value for r in ast.walk(node) if isinstance(r, ast.Return)
                          and isinstance(r.value, ast.Constant) and isinstance(r.value.value, str)]
                words += [v.value for r in ast.walk(node) if isinstance(r, ast.Return)
                          and isinstance(r.value, ast.IfExp)
                          for v in (r.value.body, r.value.orelse)
                          if isinstance(v, ast.Constant) and isinstance(v.value, str)]
            elif isinstance(node, ast.Assign) and any(
                    getattr(t, "id", getattr(t, "attr", None)) in ("back_action", "done", "then")
                    for t in node.targets) and \
                    isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                words.append(node.value.value)
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "do" and \
                    node.args and isinstance(node.args[0], ast.Constant):
                words.append(node.args[0].value)
            for word in words:
                found.setdefault(word.split(":")[0], name)
                if word.startswith("game:"):
                    found.setdefault(word[5:], name)
    return found


def test_every_action_a_screen_returns_is_in_the_one_table_and_resolves():
    from app import app as app_module

    routes = app_module.ROUTES
    # items a screen's own key() acts on and turns into a route: the game
    # picker's "pick", the settings' rows (settings_done, enter_name), the
    # question's YES (the action asked about) and an editor's unset name
    own = ("pick", "done", "player", "contrast", "flip", "cells", "take_back", "runs", "think",
           "scoring", "sound", "yes", "")
    found = {a: where for a, where in screen_actions().items() if a not in own}
    assert len(found) > 25
    assert {a: where for a, where in found.items() if a not in routes} == {}
    for action, route in routes.items():
        if route == "app":
            assert callable(getattr(app_module.App, "do_" + action, None)), action
        elif isinstance(route, int):
            assert route in (app_module.HINT, app_module.SHOW, app_module.WINNABLE), action
        elif route.startswith("@"):
            assert route[1:] in app_module.LAZY, action
        else:
            module = __import__("app." + route, fromlist=[action])
            assert callable(getattr(module, action, None)), (action, route)
    assert sorted(set(routes) - set(found)) == []  # no entry no screen uses


def test_docs_tools_names_every_file_in_tools():
    with open(os.path.join(ROOT, "docs", "TOOLS.md")) as f:
        index = f.read().split("## Every file in `tools/`")[1]
    missing = []
    for path, folders, names in os.walk(os.path.join(ROOT, "tools")):
        folders[:] = [d for d in folders if d != "__pycache__"]
        for name in names:
            rel = os.path.relpath(os.path.join(path, name), os.path.join(ROOT, "tools"))
            if "`%s`" % rel not in index:
                missing.append(rel)
    assert missing == []


def test_comments_give_reasons_not_issue_numbers():
    """A comment says why in words that stand on their own: an issue's
    number means nothing to a reader of the tree."""
    found = []
    for top in ("firmware", "boards", "tools", "server", "host_tests"):
        for path, folders, names in os.walk(os.path.join(ROOT, top)):
            folders[:] = [d for d in folders if d not in ("__pycache__", "data")]
            for name in names:
                if name.endswith(".py"):
                    with open(os.path.join(path, name)) as f:
                        for number, line in enumerate(f, 1):
                            if re.search(r"\bissues? \d+\b", line, re.IGNORECASE):
                                found.append("%s:%d" % (name, number))
    assert found == []


def test_only_the_layout_decides_what_a_screens_size_means():
    """No screen compares the display's width or height with a number of
    its own: app/layout.py says what is short, tall, narrow and the margin."""
    found = []
    folder = os.path.join(LIB, "app")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and name != "layout.py":
            with open(os.path.join(folder, name)) as f:
                for number, line in enumerate(f, 1):
                    # (a fit worked out, "width >= 2 * char_w * n", is not a size's meaning)
                    if re.search(r"\b(height|width)\s*[<>]=?\s*\d+\b(?!\s*\*)",
                                 line.split("#")[0]):
                        found.append("%s:%d" % (name, number))
    assert found == []
