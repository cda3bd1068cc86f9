# What the *_screen_alloc.py scripts share: the bytes `rounds` redraws of the
# app's table allocate (the collector off while they run).
import gc


def measure(app, rounds=10):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(rounds):
        app.view.draw(app.game, app.play)
    used = gc.mem_alloc() - before
    gc.enable()
    return used
