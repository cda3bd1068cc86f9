"""The Thumby build on the chip: the official MicroPython rp2 firmware on
the emulated RP2040 (../shared/pico) with the Thumby's wiring, both hardware
revisions.  The id pins say which (boards/thumby.py): GP12-15 held high, id
0, the panel on I2C0 (SDA GP16, SCL GP17), which the runner models; GP15
low, id 1, the panel on SPI0 with D/C on GP17 and chip select on GP16,
which tools/pico_tap.mjs models.  Each boots, deals deal 2 from the title
through the Thumby's buttons and picks a card up, every screen read back
from the panel's 72 columns equal to the simulator's 72x40, pixel for pixel."""

import json
import sys

import pytest

from conftest import TOOLS, need

sys.path.insert(0, TOOLS)
import flash  # noqa: E402
import pico  # noqa: E402
from sim import Firmware  # noqa: E402

PINS = {"up": 4, "down": 6, "left": 3, "right": 5, "a": 27, "b": 24}
BUTTONS = "3-6,24,27"
# the deal-number editor from the title, deal 2, then a card picked up
KEYS = ["down", "down", "a", "a", "up", "a", "a", "a"]
DEAL_PRESS = 5
WIDTH, PAGES, OFFSET = 72, 5, 28  # the panel: columns 28-99 of the controller's 128


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    pico.install()
    problem = pico.missing()
    need(problem is None, problem or "")
    folder = tmp_path_factory.mktemp("thumby")
    staged = str(folder / "staged")
    flash.stage("thumby", staged, False, "armv6m")
    out = str(folder / "flash.img")
    pico.make_image(out, flash.staged_paths(staged))
    return out


@pytest.fixture(scope="module")
def sim():
    fw = Firmware(size="72x40")
    frames = [fw.frame().data]
    try:
        for key in KEYS:
            fw.press(key)
            frames.append(fw.frame().data)
    finally:
        fw.close()
    return frames


def panel(ram):
    """The 72x40 frame in the controller's memory (MONO_VLSB, as the sim's)."""
    return b"".join(ram[p * 128 + OFFSET:p * 128 + OFFSET + WIDTH] for p in range(PAGES))


@pytest.mark.parametrize("revision,high", [("I2C", "12-15"), ("SPI", "12-14")])
def test_both_revisions_show_what_the_simulator_shows(image, sim, revision, high):
    # the runner's scan() model answers on the pins it is told (the I2C lines
    # must read high between transfers: the emulator models no pull-ups)
    boot = pico.boot(image, KEYS, slow={DEAL_PRESS: 2500}, pins=PINS,
                     high=BUTTONS + "," + high, more=["--i2c-pins", "16,17"])
    assert "Traceback" not in boot.output, boot.output
    assert boot.updates, "nothing reached the %s panel" % revision
    i2c = json.loads(boot.log.split("[emu] i2c target stats ")[1].splitlines()[0])
    assert (i2c["bytes"] > 1000) == (revision == "I2C")  # the panel on the bus it has
    title = boot.screen_before(boot.press_at[0])
    assert title is not None and panel(title) == sim[0]
    for i, key in enumerate(KEYS):
        end = boot.press_at[i + 1] if i + 1 < len(KEYS) else float("inf")
        shown = boot.screen_before(end)
        assert panel(shown) == sim[i + 1], "after press %d (%s) the %s panel differs" % (
            i, key, revision)
        lit = [c for p in range(8) for c in range(128) if shown[p * 128 + c]
               and not (p < PAGES and OFFSET <= c < OFFSET + WIDTH)]
        assert not lit  # nothing outside the panel's window
    assert sim[-1] != sim[DEAL_PRESS]  # the pick-up is on screen
