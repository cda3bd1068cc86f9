#!/usr/bin/env python3
"""The CircuitPython build's host side: Adafruit's libraries for it.

    tools/circuitpython.py install    requirements-cp.txt into build/cp-libs
                                      (pip --target; done once, then checked)
    tools/circuitpython.py path       print that folder

The firmware's CircuitPython tests run with build/cp-libs on sys.path
(Blinka's displayio, busdisplay, i2cdisplaybus, adafruit_displayio_ssd1306,
adafruit_display_text), and make flash-cp copies the board's libraries from
it.  Kept out of .venv: Blinka's modules named board, busio and micropython
would shadow the MicroPython tests' fakes.
"""

import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBS = os.path.join(ROOT, "build", "cp-libs")
REQUIREMENTS = os.path.join(ROOT, "requirements-cp.txt")


def stamp():
    with open(REQUIREMENTS, "rb") as f:
        return os.path.join(LIBS, ".installed-" + hashlib.sha256(f.read()).hexdigest()[:12])


def installed():
    return os.path.exists(stamp())


def install():
    """Returns None, or why the libraries could not be installed."""
    if installed():
        return None
    result = subprocess.run([sys.executable, "-m", "pip", "install", "-q",
                             "--disable-pip-version-check", "--target", LIBS, "--upgrade",
                             "-r", REQUIREMENTS], capture_output=True, text=True)
    if result.returncode != 0:
        return "pip could not install requirements-cp.txt: " + (result.stderr.strip()
                                                                or result.stdout.strip())[-300:]
    with open(stamp(), "w") as f:
        f.write("requirements-cp.txt\n")
    return None


def main(argv):
    if argv[:1] == ["install"]:
        problem = install()
        if problem:
            sys.stderr.write("circuitpython.py: %s\n" % problem)
            return 1
        return 0
    if argv[:1] == ["path"]:
        print(LIBS)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
