"""UPLOAD RESULTS on the MicroPython unix port (the 64-bit one, or the
32-bit one whose heap is a board's), for host_tests/test_upload.py and make
bench: the app booted as firmware/main.py boots it on the `sim` board, its
saves in FOLDER, the title's UPLOAD RESULTS chosen (as a press of A on it
does); then the screen's lines, one a line, and `free: KB` (the heap free
after a collection once it is done).  Only the Wi-Fi join is pretend
(tools/netshim/network.py): the sockets are the unix port's own.

    micropython -X heapsize=110k bench_upload.py FOLDER NAME:PASSWORD [TIMES]

TIMES: how many uploads one after another (each sends what the last did
not get confirmed).
"""
import gc
import sys

FOLDER = sys.argv[1]
REACH = sys.argv[2].split(":", 1)
TIMES = int(sys.argv[3]) if len(sys.argv) > 3 else 1

import network  # noqa: E402  (tools/netshim on the path)

network.REACH = (REACH[0], REACH[1])

from boards import sim  # noqa: E402
from freecell.game import Game  # noqa: E402

game = Game()
gc.collect()
from app.keeper import Keeper  # noqa: E402
from app.storage import Storage  # noqa: E402
from drivers.flash_files import FlashFiles  # noqa: E402

keeper = Keeper(Storage(FlashFiles(FOLDER)))
keeper.boot(game)
gc.collect()
from app.app import App  # noqa: E402


def station():
    return network.WLAN(network.STA_IF)


app = App(sim.display, sim.keys, 1, game, keeper=keeper, wifi=station)
app.tick(0)
for _ in range(TIMES):
    app.go(app.title)
    app.do("upload")
    for line in app.screen.lines:
        print(bytes(line).decode())
    print("--")
app.do("back")
gc.collect()
print("free: %d" % (gc.mem_free() // 1024))
