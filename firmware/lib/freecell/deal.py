"""Microsoft FreeCell / FreeCell Pro deal numbers, card for card.

A deal number N (1 .. 8,589,934,591) is held as two halves, N = hi * 65536 + lo,
because N itself can exceed a 32-bit board's small ints (2**30 - 1) and any
bigger int is a heap-allocated long.  For the same reason the generator keeps
its state as two 16-bit halves and splits the multiplication so that no
intermediate value reaches 2**24 (see _draw).  Shuffling allocates nothing.

The generator (docs/RULES.md):
  N < 2**31:           state = N;  state = (state*214013 + 2531011) mod 2**31;
                       r = state >> 16
  2**31 <= N < 2**32:  the same, r = (state >> 16) | 0x8000
  2**32 <= N < 2**33:  state = N - 2**32, kept mod 2**32,
                       r = ((state >> 16) & 0xFFFF) + 1
Dealing: left = 52; card i = deck[j] with j = r % left, then
deck[j] = deck[left - 1] and left -= 1.
"""

from .compat import const

_MUL_HI = const(3)  # 214013 = 3 * 65536 + 17405
_MUL_LO = const(17405)
_ADD_HI = const(38)  # 2531011 = 38 * 65536 + 40643
_ADD_LO = const(40643)
_MAX_HI = const(0x1FFFF)  # 8,589,934,591 = 0x1_FFFF_FFFF
_MAX_DIGITS = const(10)

MAX_TEXT = "8589934591"
BAD_NUMBER = "deal number must be a whole number"
OUT_OF_RANGE = "deal number must be 1 to 8589934591"


class DealNumber:
    """A deal number and the Microsoft shuffle it stands for."""

    def __init__(self, number=1):
        self.hi = 0
        self.lo = 0
        self._state_hi = 0
        self._state_lo = 0
        self._mode = 0
        self.set(number)

    def set(self, number):
        """Set from an int (a long int is fine on the host).  Returns an error
        message, or None when the number is in range."""
        if number < 1 or (number >> 16) > _MAX_HI:
            return OUT_OF_RANGE
        self.hi = number >> 16
        self.lo = number & 0xFFFF
        return None

    def parse(self, text):
        """Set from decimal text without ever forming a long int.  Returns an
        error message (and leaves the number as it was), or None.  ASCII
        digits, and ASCII blanks around them: cards.BLANKS, spelled out here
        because this module imports only compat, so that it runs alone on a
        32-bit MicroPython (host_tests/test_deal_32bit.py)."""
        text = text.strip(" \t\r\n\x0b\x0c")
        if not text or len(text) > 40:
            return BAD_NUMBER
        hi = 0
        lo = 0
        for ch in text:
            d = ord(ch) - 48
            if d < 0 or d > 9:
                return BAD_NUMBER
            lo = lo * 10 + d
            hi = hi * 10 + (lo >> 16)
            lo &= 0xFFFF
            if hi > _MAX_HI:
                return OUT_OF_RANGE
        if hi == 0 and lo == 0:
            return OUT_OF_RANGE
        self.hi = hi
        self.lo = lo
        return None

    def text(self):
        """Decimal text, by long division on the halves (display only)."""
        hi = self.hi
        lo = self.lo
        digits = ""
        while hi or lo:
            rest = (hi % 10) * 65536 + lo
            hi //= 10
            lo = rest // 10
            digits = chr(48 + rest % 10) + digits
        return digits or "0"

    def is_small(self):
        """True when the number fits a small int on every board."""
        return self.hi < 0x3FFF

    def shuffle(self, order):
        """Write the 52 cards into the bytearray `order` in dealing order:
        order[0] is the first card dealt (deepest card of column 1)."""
        self._start()
        for i in range(52):
            order[i] = i
        left = 52
        for i in range(52):
            j = self._draw() % left
            card = order[j]
            order[j] = order[left - 1]
            left -= 1
            # cards taken so far sit in order[left..51], last dealt first;
            # store the dealt card at the front once all are drawn (below)
            order[left] = card
        # order[51] holds the first card dealt ... order[0] the last: reverse
        i = 0
        j = 51
        while i < j:
            c = order[i]
            order[i] = order[j]
            order[j] = c
            i += 1
            j -= 1

    def _start(self):
        if self.hi < 0x8000:
            self._mode = 0
            self._state_hi = self.hi
        elif self.hi < 0x10000:
            self._mode = 1
            self._state_hi = self.hi
        else:
            self._mode = 2
            self._state_hi = self.hi - 0x10000
        self._state_lo = self.lo

    def _draw(self):
        # state * 214013 + 2531011, in halves.  With s = sh*2^16 + sl and the
        # multiplier m = mh*2^16 + ml, the low 32 bits of s*m are
        #   sl*ml + ((sh*ml + sl*mh) << 16)            (mod 2^32).
        # sl*ml and sh*ml can reach 2^31, so each is split into bytes again;
        # every partial product below stays under 2^24.
        sl = self._state_lo
        sh = self._state_hi
        t = (sl >> 8) * _MUL_LO
        low = (sl & 0xFF) * _MUL_LO + _ADD_LO + ((t & 0xFF) << 8)
        high = (
            (t >> 8)
            + (low >> 16)
            + (sh & 0xFF) * _MUL_LO
            + ((((sh >> 8) * _MUL_LO) & 0xFF) << 8)
            + sl * _MUL_HI
            + _ADD_HI
        )
        self._state_lo = low & 0xFFFF
        if self._mode == 2:
            sh = high & 0xFFFF
            self._state_hi = sh
            return sh + 1
        sh = high & 0x7FFF
        self._state_hi = sh
        if self._mode == 1:
            return sh | 0x8000
        return sh
