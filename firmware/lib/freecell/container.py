"""The container every saved file is in: its head, its checksum, and the
bytes' big-endian numbers (savefile.py's game, app/records.py's statistics
and settings, results.py's result log all use it, and nothing else).

Container (every saved file):
    0   2   b"FC"
    2   1   kind: b"G" game, b"S" statistics, b"O" options (settings)
    3   1   format version of that kind
    4   2   payload length n (big-endian)
    6   n   payload
    6+n 4   Fletcher-32 of bytes 0 .. 6+n-1 (big-endian)
A truncated, altered or foreign file fails the length, the checksum or the
kind/version check; unwrap() says which, in words.
"""

HEADER = 6
TRAILER = 4


def checksum(data, n):
    """Fletcher-32 over data[0:n], in small ints only."""
    a = b = 0
    for i in range(n):
        a = (a + data[i]) % 65535
        b = (b + a) % 65535
    return (b << 16) | a


def checksum_of(parts):
    """checksum() over the pieces one after another, as if joined."""
    a = b = 0
    for part in parts:
        for x in part:
            a = (a + x) % 65535
            b = (b + a) % 65535
    return (b << 16) | a


def put(buf, at, value, size):
    """Write value big-endian in `size` bytes; returns the next offset."""
    for i in range(size - 1, -1, -1):
        buf[at + i] = value & 0xFF
        value >>= 8
    return at + size


def get(buf, at, size):
    value = 0
    for i in range(size):
        value = (value << 8) | buf[at + i]
    return value


def container(kind, version, n):
    """A file of n payload bytes, its head written and its payload (at
    HEADER) still to fill: the one buffer a save allocates.  seal() it once
    the payload is in."""
    return head(bytearray(HEADER + n + TRAILER), kind, version, n)


def head(out, kind, version, n):
    """The container's first HEADER bytes, for a payload of n bytes."""
    out[0] = 70  # F
    out[1] = 67  # C
    out[2] = kind[0]
    out[3] = version
    put(out, 4, n, 2)
    return out


def seal(out):
    """Write a container's checksum; returns it."""
    n = len(out) - TRAILER
    put(out, n, checksum(out, n), 4)
    return out


def wrap(kind, version, payload, n):
    """The container around payload[0:n], as a new bytearray."""
    out = container(kind, version, n)
    out[HEADER : HEADER + n] = memoryview(payload)[:n]
    return seal(out)


def version_of(data):
    """The format version a file's container says (0: too short to say):
    where a reader picks the layout of an earlier version."""
    return data[3] if len(data) > 3 else 0


def sound(data):
    """Is `data` one whole container (its length and checksum right), of
    whatever kind and version?  (Where a store keeps files of every kind:
    a cut write fails here.)"""
    if len(data) < HEADER + TRAILER or data[0] != 70 or data[1] != 67:
        return False
    n = get(data, 4, 2)
    return (len(data) == HEADER + n + TRAILER
            and get(data, HEADER + n, 4) == checksum(data, HEADER + n))


def unwrap(data, kind, version):
    """-> (payload offset, length) or an error message (a str)."""
    if len(data) < HEADER + TRAILER or data[0] != 70 or data[1] != 67:
        return "not a save file"
    if data[2] != kind[0]:
        return "a save file of another kind"
    n = get(data, 4, 2)
    if len(data) != HEADER + n + TRAILER:
        return "the file is cut short" if len(data) < HEADER + n + TRAILER else "extra bytes"
    if get(data, HEADER + n, 4) != checksum(data, HEADER + n):
        return "the checksum does not match"
    if data[3] != version:
        return "format version %d, this game reads %d" % (data[3], version)
    return (HEADER, n)


def join(parts):
    """Buffers (bytes, bytearrays, memoryviews) one after another, as a new
    bytearray."""
    n = 0
    for part in parts:
        n += len(part)
    out = bytearray(n)
    at = 0
    for part in parts:
        out[at:at + len(part)] = part
        at += len(part)
    return out
