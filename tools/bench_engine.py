"""The engine's half of `make bench`: runs under MicroPython and CPython.

    bench_engine.py heap                 engine_heap_bytes (MicroPython only)
    bench_engine.py speed MOVES_FILE     deal_us, move_us, undo_us, load_us
                                         (a saved game checked and loaded:
                                         the win's 100 steps), load_full_us
                                         (a full 360-step undo ring)
    bench_engine.py alloc MOVES_FILE     alloc_per_move_bytes (MicroPython only)
MOVES_FILE holds a winning transcript for deal 617 with autoplay off
(tools/data/617.moves).  Prints `name: value` lines.  The smallest-heap check
is bench_replay.py, kept apart so that it imports nothing but the engine.
"""

import gc
import sys




DEAL = 617
MICROPYTHON = sys.implementation.name == "micropython"


def load_moves(path, packed):
    """Pack the transcript's moves into the bytearray `packed`, 2 bytes each,
    one token at a time (no list of strings).  Returns the number of moves."""
    from freecell import notation

    with open(path) as f:
        data = f.read()
    n = 0
    start = -1
    for i in range(len(data) + 1):
        blank = i == len(data) or data[i] in " \n\r\t"
        if blank and start >= 0:
            p = notation.parse_move(data[start:i])
            packed[2 * n] = p & 0xFF
            packed[2 * n + 1] = p >> 8
            n += 1
            start = -1
        elif not blank and start < 0:
            start = i
    return n


def replay(game, packed, n):
    for i in range(n):
        p = packed[2 * i] | packed[2 * i + 1] << 8
        if game.play(p):
            return False
    return game.is_won()


def undo_all(game, n):
    # a won game is over; reopen it to undo (the app never does this)
    game.state = 0
    for _ in range(n):
        if game.undo():
            return False
    return True


def new_game():
    from freecell.game import Game

    game = Game(autoplay=False)
    game.allow_whole_column = True
    game.deal(DEAL)
    return game


def bench_heap():
    gc.collect()
    before = gc.mem_alloc()
    game = new_game()
    gc.collect()
    print("engine_heap_bytes:", gc.mem_alloc() - before)
    return game


def bench_speed(path):
    from freecell.compat import ticks_us, ticks_diff  # after `heap` has measured

    game = new_game()
    packed = bytearray(1024)
    n = load_moves(path, packed)
    rounds = 20
    t = ticks_us()
    for _ in range(rounds * 5):
        game.restart()
    deal_us = ticks_diff(ticks_us(), t) / (rounds * 5)
    move_total = undo_total = 0
    for _ in range(rounds):
        game.restart()
        t = ticks_us()
        replay(game, packed, n)
        move_total += ticks_diff(ticks_us(), t)
        t = ticks_us()
        undo_all(game, n)
        undo_total += ticks_diff(ticks_us(), t)
    print("deal_us:", int(deal_us))
    print("move_us:", int(move_total / (rounds * n)))
    print("undo_us:", int(undo_total / (rounds * n)))
    game.restart()
    replay(game, packed, n)
    print("load_us:", load_us(game))
    game.restart()
    replay(game, packed, n // 2)  # half the game, then moves to fill the ring
    cell = 10
    while game.history.end - game.history.first < game.history.capacity:
        if game.move(cell, cell + 1) and game.move(cell + 1, cell) and game.move(0, cell):
            cell += 1
    print("load_full_us:", load_us(game))


def load_us(game):
    """Checking and loading the game's save: the history replayed under the rules."""
    from freecell.compat import ticks_us, ticks_diff
    from freecell.game import Game
    from freecell.loadgame import decode_game
    from freecell.savefile import encode_game

    data = encode_game(game, 1)
    other = Game()
    t = ticks_us()
    if decode_game(data, other) != 1:
        raise ValueError("the bench's own save did not load")
    return ticks_diff(ticks_us(), t)


def bench_alloc(path):
    game = new_game()
    packed = bytearray(1024)
    n = load_moves(path, packed)
    replay(game, packed, n)  # warm up
    undo_all(game, n)
    game.restart()
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    ok = replay(game, packed, n) and undo_all(game, n)
    used = gc.mem_alloc() - before
    gc.enable()
    assert ok
    # per move: each of the n moves and each of the n undos
    print("alloc_per_move_bytes:", used // (2 * n))


def main():
    mode = sys.argv[1]
    if mode in ("heap", "alloc") and not MICROPYTHON:
        print("SKIP")
        return
    if mode == "heap":
        bench_heap()
    elif mode == "speed":
        bench_speed(sys.argv[2])
    elif mode == "alloc":
        bench_alloc(sys.argv[2])


main()
