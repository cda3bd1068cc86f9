# Scripted pseudo-random play through every engine path: moves and refusals,
# autoplay on and off, undo, redo, finish, give up, score.  The same trace must
# come out of CPython and MicroPython.
from freecell.game import Game
from freecell.table import LOCATIONS, FOUNDATION
from freecell import notation
from lcg import Lcg


def play(number, cells, autoplay, steps, rng):
    g = Game(cells=cells, autoplay=autoplay)
    g.deal(number)
    refusals = 0
    for i in range(steps):
        roll = rng.next(20)
        if roll == 0:
            code = g.undo()
            word = "undo"
        elif roll == 1:
            code = g.redo()
            word = "redo"
        else:
            src = rng.next(LOCATIONS)
            dst = rng.next(LOCATIONS)
            if src == FOUNDATION:
                src = 0
            code = g.move(src, dst, rng.next(4))
            word = notation.move_text(src, dst, 1) if src < 14 else "f" + str(src)
        if code:
            refusals += 1
            if refusals % 40 == 1:
                print(" ", word, "refused:", g.reason())
        assert g.table.count_cards() == 52
    print(number, cells, autoplay, "moves", g.moves, "undos", g.undos, "score", g.score,
          "home", g.cards_home(), "refused", refusals, "finish", g.can_finish())
    print(notation.position_text(g))


rng = Lcg(7)
for number, cells, autoplay in ((1, 4, True), (617, 3, False), (3000000000, 2, True),
                                (8589934591, 1, False)):
    play(number, cells, autoplay, 3000, rng)

# a won game: deal 1 from an fc-solve transcript, then the score with the bonus
g = Game(autoplay=False)
g.allow_whole_column = True
SOLUTION = """5a 5b 5c 5d 5h b2 8b a8 7a b7 58 a5 85 6b 6a 6h 6h ah 8a 8h
a2 8a 81 76 78 7h 3h ah ch 1h 4h 3a b3 4c 4b d4 c7 b4 6d 6c
6b 6h c6 d6 2d 2h a2 d2 1c 1a 1d 1h 1h dh a2 b1 3d 3h 3a 3b
34 3h b6 13v2 a1 67 57 26v4 2b 2a 25 5h 13 25 21 2h dh 8h 7h 6h
7h 7h 42v4 4d 48 8h ch 6h bh 6h 2h 2h 3h 2h a4 d1 64 78v6 7h 8h"""
for token in SOLUTION.split():
    p = notation.parse_move(token)
    assert g.play(p) == 0, token
print("before finish", g.cards_home(), g.can_finish())
print("finish", g.finish(), g.is_won(), g.moves, g.score, g.win_bonus(), g.final_score())
g.give_up()
print("state", g.state)
