"""What keeps the leaderboard serving under attack or fault, and its log
bounded (docs/SERVER.md, "Under attack"):

  GuardedH11     uvicorn's HTTP/1.1 protocol with a deadline: a request must
                 arrive whole within REQUEST_S of its connection (or of the
                 last answer on it), else the connection is closed (a
                 slowloris: connections opened and fed a byte now and then);
                 beyond MOST_CONNECTIONS open at once the one that has waited
                 longest for its request is closed for the new one, so the
                 process never runs out of file descriptors (whose accept()
                 error the event loop logs again and again) and a client
                 that sends its request at once is served
  Limits         uploads a minute, per client address and per player name:
                 beyond them a 429 with Retry-After, nothing stored
  LogLimit       a logging filter: a message (by its template) at most
                 BURST times a minute, then one line saying how many like it
                 were left out
  fault()        a server fault (a full disk, the database gone) as a 503
                 with the JSON line, "try again later", and one log line, not
                 a traceback per request
"""

import logging
import threading
import time
from collections import OrderedDict

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_S = 10.0  # a request's head and body arrive whole within this
MOST_CONNECTIONS = 512  # open at once (then the longest waiting is closed)
BACKLOG = 128  # connections the system queues; the event loop accepts as many at a time
BURST = 5  # a message's lines a minute in the log
PER_ADDRESS = 60  # uploads a minute from one address
PER_NAME = 20  # uploads a minute for one player's name

log = logging.getLogger("leaderboard")


_ANSWERING = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED)  # the request whole: being answered


class GuardedH11(H11Protocol):
    def connection_made(self, transport):
        self._deadline = None
        super().connection_made(transport)
        order = self._order()
        order[self] = None
        self._arm()
        if len(self.connections) > MOST_CONNECTIONS:
            for other in order:  # the longest waiting first
                if other is not self and other.conn.their_state not in _ANSWERING:
                    other.transport.abort()
                    break
            else:  # (every other one is being answered: this one waits its turn elsewhere)
                transport.abort()

    def _order(self):
        """The open connections, the one waiting longest for its request
        first (one order for the server's)."""
        order = getattr(self.server_state, "by_wait", None)
        if order is None:
            order = self.server_state.by_wait = OrderedDict()
        return order

    def _arm(self):
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(REQUEST_S, self._too_slow)
        order = self._order()
        if self in order:
            order.move_to_end(self)

    def _too_slow(self):
        """The request has not arrived whole: closed (unless it has, and the
        answer is being made)."""
        self._deadline = None
        if (self.conn.their_state in _ANSWERING and self.cycle is not None
                and not self.cycle.response_complete):
            return
        if not self.transport.is_closing():
            self.transport.abort()

    def on_response_complete(self):
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on the connection: the same deadline

    def connection_lost(self, exc):
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._order().pop(self, None)
        super().connection_lost(exc)


class Limits:
    """Uploads a minute per key (an address, a name): a token bucket each,
    refilled a minute's worth a minute.  allow() is True, or the seconds
    to wait."""

    def __init__(self, per_minute):
        self.per_minute = per_minute
        self.buckets = {}
        self.lock = threading.Lock()

    def allow(self, key, now=None):
        if not self.per_minute:
            return True
        now = time.monotonic() if now is None else now
        with self.lock:
            tokens, then = self.buckets.get(key, (self.per_minute, now))
            tokens = min(self.per_minute, tokens + (now - then) * self.per_minute / 60.0)
            if tokens < 1:
                self.buckets[key] = (tokens, now)
                return max(1, int((1 - tokens) * 60.0 / self.per_minute) + 1)
            self.buckets[key] = (tokens - 1, now)
            if len(self.buckets) > 100000:  # (an address a request: the oldest go)
                for old in list(self.buckets)[:50000]:
                    del self.buckets[old]
            return True


class LogLimit(logging.Filter):
    """At most BURST records a minute of one message (its logger and
    template); then the next minute's first says how many were left out."""

    def __init__(self):
        super().__init__()
        self.seen = {}
        self.lock = threading.Lock()

    def filter(self, record):
        key = (record.name, str(record.msg)[:80])
        now = time.monotonic()
        with self.lock:
            start, count, dropped = self.seen.get(key, (now, 0, 0))
            if now - start >= 60:
                if dropped:
                    record.msg = "%s (and %d more like it left out of the log)" % (
                        record.msg, dropped)
                start, count, dropped = now, 0, 0
            count += 1
            if count > BURST:
                self.seen[key] = (start, count, dropped + 1)
                return False
            self.seen[key] = (start, count, dropped)
            if len(self.seen) > 10000:
                self.seen.clear()
            return True


def bound_the_log():
    """Every log line the server can write goes through one LogLimit, but
    the access log's (a line an answered request, when not --quiet: the
    limits and the deadline bound those)."""
    limit = LogLimit()
    for name in ("", "uvicorn", "uvicorn.error", "asyncio", "leaderboard"):
        logger = logging.getLogger(name)
        logger.addFilter(limit)
        for handler in logger.handlers:
            handler.addFilter(limit)
    return limit


def fault(error):
    """(status, body) for a server fault, logged in one line: what and
    where (the innermost frame), not a traceback."""
    import traceback

    frames = traceback.extract_tb(error.__traceback__)
    where = " (%s:%d)" % (frames[-1].filename.rsplit("/", 1)[-1], frames[-1].lineno) \
        if frames else ""
    text = str(error).strip().splitlines()
    log.error("a request failed: %s: %s%s", type(error).__name__, text[0][:200] if text else "",
              where)
    return 503, {"status": "unavailable",
                 "reason": "the leaderboard cannot answer just now (%s): try again later"
                 % type(error).__name__}


def raise_file_limit():
    """The process's open files up to what the system allows (the cap on
    connections stays well under it)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY
                                                        else max(soft, 65536), hard))
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, ValueError, OSError):
        return None
