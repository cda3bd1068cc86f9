"""On CircuitPython's own firmware: the official CircuitPython 10.2.1 for the
Pico on the emulated RP2040 (../shared/cpico), booting the drive that `make
flash-cp BOARD=cp_pico_ssd1306` writes, as .py (what a user without
mpy-cross gets) and as .mpy (CircuitPython's own mpy-cross), played through
its GPIO buttons and read back from its SSD1306 over I2C (tools/pico_tap.mjs,
which also mends rp2040js's WFI: see there), every screen compared pixel for
pixel with the simulator's (the MicroPython build) for the same presses.
The power is cut (the emulator ends, its nvm kept) and the next boot
resumes.  The presses are test_pico.py's: an emulated second costs about
1.5 s here."""

import sys

import pytest

from conftest import TOOLS, need

sys.path.insert(0, TOOLS)
import cpico  # noqa: E402
import pico  # noqa: E402
from test_pico import (DEAL_2, DEAL_PRESS, FIRST_BOOT, PUT_PRESS, SECOND_BOOT,  # noqa: E402
                       assert_same_screens, sim_frames)

# when the title is up (emulated ms from power-on): the runner's soft
# reload at about 1.3 s, then the boot (.py: compiled on the board)
START_MS = {"py": 6500, "mpy": 3500}


@pytest.fixture(scope="module")
def cp_tools():
    pico.install()
    problem = cpico.missing()
    need(problem is None, problem or "")


@pytest.fixture(scope="module")
def drives(cp_tools, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cpico")
    made = {}
    for form in ("py", "mpy"):
        image = str(folder / ("%s.img" % form))
        result = cpico.drive(image, form)
        assert result.returncode == 0, result.stderr
        assert "cp_pico_ssd1306: " in result.stdout, result.stdout
        made[form] = image
    return made


def test_every_module_the_drive_imports_is_on_it_or_in_the_firmware(cp_tools):
    """What code.py reaches imports only modules the drive holds or the
    firmware has built in (help('modules') on the firmware itself): a
    library that one of the drive's libraries needs but make flash-cp left
    out (adafruit_ticks, once) fails here."""
    import flash_cp

    sources = {path: data.decode() for path, data in flash_cp.build(cpico.BOARD).items()
               if path.endswith(".py")}
    core = cpico.core_modules()
    assert {"displayio", "bitmaptools", "keypad", "microcontroller", "busio"} <= core, core
    outside = flash_cp.outside_imports(sources)
    assert outside and outside <= core, sorted(outside - core)


def test_a_library_comes_with_what_its_metadata_requires(cp_tools):
    """adafruit_display_text (not used by the game now) requires the ticks
    and bitmap-font libraries by Requires-Dist; Blinka's packages stand for
    what the firmware has built in and are never copied."""
    import flash_cp

    distributions, modules = flash_cp.libraries(
        {"code.py": "import adafruit_display_text.bitmap_label\nimport displayio\n"})
    assert distributions == ["adafruit-circuitpython-bitmap-font",
                             "adafruit-circuitpython-display-text",
                             "adafruit-circuitpython-ticks"]
    assert modules == ["adafruit_bitmap_font", "adafruit_display_text", "adafruit_ticks"]


@pytest.fixture(scope="module")
def sim_played(tmp_path_factory):
    flash = str(tmp_path_factory.mktemp("sim") / "flash")
    first, states_first = sim_frames(FIRST_BOOT, flash)
    second, states_second = sim_frames(SECOND_BOOT, flash)
    return dict(first=first, second=second, states_first=states_first,
                states_second=states_second)


@pytest.mark.parametrize("form", ["py", "mpy"])
def test_the_drive_boots_plays_and_resumes_on_circuitpython(form, drives, sim_played,
                                                           tmp_path):
    """The title, deal 2 from the title, a card to a free cell and a refused
    pick-up, each screen the simulator's; the power cut; RESUME shows the
    same table, undo gives the deal back, and the statistics count the game
    once (read from the nvm the board kept)."""
    nvm = str(tmp_path / "nvm.bin")
    first = cpico.boot(drives[form], FIRST_BOOT, save_nvm=nvm, start_ms=START_MS[form],
                       slow={DEAL_PRESS: 3000})
    title = first.screen_before(first.press_at[0])
    assert title is not None and any(title), first.output[-2000:]
    assert "Traceback" not in first.output, first.output[-2000:]
    assert_same_screens(first, sim_played["first"], FIRST_BOOT)
    after = str(tmp_path / "nvm-after.bin")
    second = cpico.boot(drives[form], SECOND_BOOT, nvm=nvm, save_nvm=after,
                        start_ms=START_MS[form], slow={0: 1500})
    assert "Traceback" not in second.output, second.output[-2000:]
    assert_same_screens(second, sim_played["second"], SECOND_BOOT)
    assert sim_played["second"][0] == sim_played["first"][PUT_PRESS]
    assert sim_played["states_second"][1] == DEAL_2
    from app.records import PLAYED, Stats
    from app.storage import STATS, NvmFiles, Storage
    from app.restore import load

    for path in (nvm, after):  # before the cut, and after the resumed game's undo
        with open(path, "rb") as f:
            kept = bytearray(f.read())
        stats = Stats()
        assert load(Storage(NvmFiles(kept)), STATS, stats.decode, 4096), path
        assert stats.total(PLAYED) == 1 and stats.in_progress == 1, path
