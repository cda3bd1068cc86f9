"""The board's way to a leaderboard over Wi-Fi (a Pico W's, an ESP32's): join
the network, set the clock by SNTP, and POST a result file over HTTP or
HTTPS.  Only MicroPython's own `socket` and `ssl` (the unix port's are the
same code, and the tests run this module there against the real server on
loopback, with only the Wi-Fi join faked).  Loaded for an upload
(app/upload.py) and let go of after: nothing here is resident.

HTTPS is encrypted but the server is not authenticated: a board has no
certificate store (ssl.CERT_NONE); docs/SERVER.md says what that means.
"""

import socket
from time import gmtime, sleep_ms

JOIN_MS = 15000  # a station joins in 2-5 s; a wrong password never does
TIMEOUT_S = 10  # each connect, send and receive (the server answers in ms)
MOST_ANSWER = 1024  # bytes of the server's answer read (head and JSON: ~450)
NTP_PORT = 123


def join(wlan, name, password, wait_ms=JOIN_MS):
    """Join the network `name` on the station interface `wlan`
    (network.WLAN(network.STA_IF)); None, or why not in words."""
    if not wlan.active():
        wlan.active(True)
    if wlan.isconnected():
        return None
    import network

    wlan.connect(name, password)
    waited = 0
    while not wlan.isconnected():
        status = wlan.status()
        if status == getattr(network, "STAT_WRONG_PASSWORD", None):
            why = "the password is wrong"
        elif status == getattr(network, "STAT_NO_AP_FOUND", None):
            why = "it is not in reach"
        elif waited >= wait_ms:
            why = "no answer in %d s" % (wait_ms // 1000)
        else:
            sleep_ms(100)
            waited += 100
            continue
        wlan.disconnect()
        return "could not join the Wi-Fi %s: %s" % (name, why)
    return None


def ntp_seconds(host, port=NTP_PORT):
    """Seconds since the board's epoch (time.gmtime(0): 1970, or 2000 on an
    older port) as the NTP server at `host` says (SNTP, RFC 4330, one
    request); raises OSError when it does not answer."""
    query = bytearray(48)
    query[0] = 0x1B  # version 3, a client
    addr = socket.getaddrinfo(host, port, 0, socket.SOCK_DGRAM)[0][-1]
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.settimeout(TIMEOUT_S)
        s.sendto(query, addr)
        got = s.recv(48)
    finally:
        s.close()
    if len(got) < 48 or got[1] == 0:  # (stratum 0: a kiss-of-death, no time)
        raise OSError("no time from %s" % host)
    t = (got[40] << 24) | (got[41] << 16) | (got[42] << 8) | got[43]  # since 1900
    return t - (3155673600 if gmtime(0)[0] == 2000 else 2208988800)


def set_clock(seconds):
    """Set the board's real-time clock to `seconds` (UTC, the board's
    epoch); False where there is none to set (the unix port)."""
    try:
        from machine import RTC
    except ImportError:
        return False
    t = gmtime(seconds)
    RTC().datetime((t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0))
    return True


def split_url(url):
    """(https?, host, port, path) of an http:// or https:// address, or a
    str saying what is wrong with it."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in ("http", "https"):
        return "the server's address starts with http:// or https://"
    host, _, path = rest.partition("/")
    port = 443 if scheme == "https" else 80
    if ":" in host:
        host, _, digits = host.partition(":")
        if not digits.isdigit() or not 0 < int(digits) < 65536:
            return "the server's port is not a number"
        port = int(digits)
    if not host:
        return "the server's address names no host"
    return scheme == "https", host, port, ("/" + path).rstrip("/")


def post(url, where, body, headers=()):
    """POST `body` (bytes) to the path `where` under the server at `url`;
    (HTTP status, the answer's body).  Raises OSError when there is no
    whole answer: no server, a connection cut, a timeout, a reply that is
    not HTTP (the caller then knows nothing was confirmed)."""
    parts = split_url(url)
    if isinstance(parts, str):
        raise OSError(parts)
    tls, host, port, path = parts
    addr = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)[0][-1]
    s = socket.socket()
    try:
        s.settimeout(TIMEOUT_S)
        s.connect(addr)
        if tls:
            import ssl

            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.verify_mode = ssl.CERT_NONE
            s = context.wrap_socket(s, server_hostname=host)
        head = "POST %s%s HTTP/1.0\r\nHost: %s\r\nContent-Length: %d\r\n" % (
            path, where, host, len(body))
        for name, value in headers:
            head += "%s: %s\r\n" % (name, value)
        _write(s, (head + "\r\n").encode())
        _write(s, body)
        answer = _read_all(s)
    finally:
        s.close()
    return _parse(answer)


def _write(s, data):
    write = getattr(s, "write", None) or s.sendall  # (CPython's sockets: the simulator's --python)
    view = memoryview(data)
    while view:
        n = write(view)
        if n is None:  # (sendall)
            return
        view = view[n:]


def _read_all(s):
    """The answer to the end (HTTP/1.0: the server closes), MOST_ANSWER at
    most, into one buffer."""
    got = bytearray(MOST_ANSWER)
    view = memoryview(got)
    into = getattr(s, "readinto", None) or s.recv_into
    n = 0
    while n < MOST_ANSWER:
        part = into(view[n:])
        if not part:
            break
        n += part
    return bytes(view[:n])


def _parse(answer):
    """(status, body) of an HTTP answer; OSError when it is not one whole."""
    end = answer.find(b"\r\n\r\n")
    if not answer.startswith(b"HTTP/1.") or end < 0 or answer[8:9] != b" ":
        raise OSError("no whole answer from the server")
    status = answer[9:12]
    if not status.isdigit():
        raise OSError("no whole answer from the server")
    body = answer[end + 4:]
    for line in answer[:end].split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            if not value.strip().isdigit() or len(body) < int(value.strip()):
                raise OSError("the server's answer was cut short")
            body = body[:int(value.strip())]
    return int(status), body
