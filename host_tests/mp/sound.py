# The one soundness check the scripts share: each of the 52 cards exactly
# once, on the table, in the cells or home; and no column past its room
# (height + its top card's rank within 19, so the cards that may still go on
# it fit: a column once grew past it through undo).  Runs on CPython and
# MicroPython.


def sound(game):
    t = game.table
    seen = bytearray(52)
    for p in range(4):
        for i in range(t.foundations[p]):
            seen[t.pile_card(p, i)] += 1
    for i in range(t.cells):
        if t.cell_cards[i] != 255:
            seen[t.cell_cards[i]] += 1
    for c in range(t.columns):
        for i in range(t.heights[c]):
            seen[t.card(c, i)] += 1
        if t.heights[c] and t.heights[c] + (t.card(c, 0) >> 2) > 19:
            return False
    for n in seen:
        if n != 1:
            return False
    return True
