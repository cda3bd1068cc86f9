"""The emulated Pico running CircuitPython, for the tests and the bench: the
official CircuitPython 10.2.1 firmware for the Raspberry Pi Pico on the
RP2040 emulator in ../shared/cpico (npm rp2040js), an SSD1306 at 0x3C on
I2C (GP4, GP5) and the buttons of boards/cp_pico_ssd1306.py on GPIO.

    missing()             None, or what is missing to run it, in words
    drive(OUT, FORM)      what `make flash-cp BOARD=cp_pico_ssd1306` writes onto
                          a blank CIRCUITPY drive (its boot_out.txt that of
                          the firmware's first boot), as .py or, FORM "mpy",
                          compiled by CircuitPython's own mpy-cross; then the
                          drive image OUT (mkcircuitpy.py) -> make flash-cp's
                          output
    boot(IMAGE, KEYS, NVM, SAVE_NVM, ...)   pico.boot() on CircuitPython: code.py
                          runs (after the runner's soft reload, or with
                          reload=False its first run from power-on),
                          presses on GPIO, every display update;
                          the nvm (where the game saves) read from NVM and
                          written to SAVE_NVM at the end (the power cut)
    run_scripts(IMAGE, SCRIPTS)   .py files through the raw REPL
    core_modules()        the modules the firmware has built in (help('modules'))

Emulated time is the chip's (pico.py's notes hold); displayio's I2C has no
bus time here: pico.bus_ms() adds it.  ../shared/cpico/README.md says more.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import pico

ROOT = pico.ROOT
SHARED = pico.CP_SHARED
BLANK = os.path.join(SHARED, "blank-circuitpy.img")
MPY_CROSS = os.path.join(SHARED, "mpy-cross-cp10")
BOARD = "cp_pico_ssd1306"


def missing():
    problem = pico.missing()
    if problem and "rp2040js" in problem:
        return problem
    if not os.path.exists(pico.CIRCUITPYTHON[0]):
        return "the emulated CircuitPython Pico (%s)" % SHARED
    if not shutil.which("node"):
        return "node (Debian package nodejs)"
    if not shutil.which("mcopy"):
        return "mtools (Debian package mtools)"
    return None


def drive(out, form="py", board=BOARD, extra=None):
    """Lay out a blank drive with make flash-cp and make its image `out`;
    returns make's output (a CompletedProcess).  extra: {drive path: host
    path} copied onto the drive besides (the bench's scripts)."""
    folder = tempfile.mkdtemp(prefix="circuitpy-")
    try:
        subprocess.run(["mcopy", "-i", BLANK, "::boot_out.txt", os.path.join(folder,
                                                                             "boot_out.txt")],
                       check=True, capture_output=True)
        cmd = ["make", "-s", "-C", ROOT, "flash-cp", "BOARD=" + board, "DRIVE=" + folder]
        if form == "mpy":
            cmd.append("MPY_CROSS=" + MPY_CROSS)
        made = subprocess.run(cmd, capture_output=True, text=True)
        if made.returncode != 0:
            return made
        for path, local in (extra or {}).items():
            shutil.copyfile(local, os.path.join(folder, path))
        subprocess.run([sys.executable, os.path.join(SHARED, "mkcircuitpy.py"), folder, out],
                       check=True, capture_output=True)
        return made
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def boot(image, keys=(), nvm=None, save_nvm=None, start_ms=6000, gap_ms=800, slow=None,
         tail_ms=600, timeout=1200, reload=True, quiet=True):
    """reload False: code.py's first run, from power-on, is kept (its
    first output is lost, as on a board whose USB host is late)."""
    more = [] if reload else ["--no-reload"]
    if nvm:
        more += ["--nvm", nvm]
    if save_nvm:
        more += ["--save-nvm", save_nvm]
    return pico.boot(image, keys, start_ms, gap_ms, slow, None, tail_ms, timeout,
                     firmware=pico.CIRCUITPYTHON, more=more, quiet=quiet)


def run_scripts(image, scripts, nvm=None, timeout=1200):
    return pico.run_scripts(image, scripts, timeout, firmware=pico.CIRCUITPYTHON,
                            more=["--nvm", nvm] if nvm else [])


def core_modules(image=BLANK):
    """The names help('modules') lists on the firmware: what it has built in."""
    script = tempfile.mktemp(suffix=".py")
    with open(script, "w") as f:
        f.write("help('modules')\n")
    try:
        out, _ = run_scripts(image, [script])
    finally:
        os.remove(script)
    names = set()
    for line in out.splitlines():
        if line.startswith(("Plus any", "help(")) or "modules" in line.lower():
            continue
        names.update(word for word in line.split() if word.replace("_", "").isalnum())
    return names
