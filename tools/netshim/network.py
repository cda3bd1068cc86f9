"""The simulator's `network` module (sim.py --wifi NAME:PASSWORD puts this
folder on the firmware's path): network.WLAN with the methods and the
status codes app/upload.py and drivers/net.py use, whose station joins the
one network REACH says is in reach, given its password.  Only the join is
pretend: once joined, the board's sockets are the host's own (the unix
port's socket module), so an upload reaches a real server."""

STA_IF = 0
AP_IF = 1
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_WRONG_PASSWORD = -3
STAT_NO_AP_FOUND = -2
STAT_GOT_IP = 3

REACH = None  # (name, password) of the network in reach; None: none
TRIES = [0]  # connect() calls, for tests


class WLAN:
    def __init__(self, interface=STA_IF):
        self._active = False
        self._status = STAT_IDLE

    def active(self, on=None):
        if on is None:
            return self._active
        self._active = bool(on)
        if not on:
            self._status = STAT_IDLE
        return None

    def connect(self, name, password):
        if not self._active:
            raise OSError("the interface is not active")
        TRIES[0] += 1
        if REACH is None or name != REACH[0]:
            self._status = STAT_NO_AP_FOUND
        elif password != REACH[1]:
            self._status = STAT_WRONG_PASSWORD
        else:
            self._status = STAT_GOT_IP

    def disconnect(self):
        self._status = STAT_IDLE

    def status(self):
        return self._status

    def isconnected(self):
        return self._status == STAT_GOT_IP
