# Deals across the whole range, and bad numbers; output compared CPython vs MicroPython.
from freecell.deal import DealNumber
from freecell.cards import text

d = DealNumber()
order = bytearray(52)
for n in ("1", "617", "11982", "1000000", "2147483647", "2147483648", "3000000000",
          "4294967295", "4294967296", "6000000000", "8589934591"):
    print(n, d.parse(n), d.text())
    d.shuffle(order)
    print(" ".join(text(order[i]) for i in range(52)))
for bad in ("0", "8589934592", "-3", "12a", "", "99999999999999999999"):
    print(repr(bad), d.parse(bad), d.text())
