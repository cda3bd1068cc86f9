"""What the actions do that app.py does not keep loaded: each a function of
the app named as its action (app.do("undo") calls undo(app)), loaded for one
and let go of after, so their code takes no room while the game is played.
The ways about (resume, menu, title, back) stay app.py's own methods, and
the ways to a deal are dealer.py's.
"""

from . import let_go
from .storage import UPLOAD


def settings_done(app):
    """Kept; back where they were opened from, or from the game's menu, to
    the game."""
    app.keeper.save_settings()
    app.keeper.flush(app.game)
    if app.screen.opened_from is app.menu:
        app.do_resume()
    else:
        app.do_back()


def game(app, then):
    """Which game first, then `then` (an action: random, daily, ...)."""
    app.game_picker.then = then
    app.go(app.game_picker)


# the game's actions (the menu's)
def undo(app):
    app.go(app.play)
    app.play.undo()


def redo(app):
    app.game.redo()
    app.go(app.play)


def show_code(app):
    """The game's code, to pass the deal on (codes.py: loaded for it)."""
    code = app.need("freecell.codes").encode(app.game.variant, app.game.number)
    let_go("freecell", "codes")
    app.menu.notice = code if app.layout.narrow else "game code " + code


def finish(app):
    app.game.finish()
    if app.game.is_over():
        end(app)
    else:
        app.do_resume()


def autoplay(app):
    game = app.game
    game.set_autoplay(not game.autoplay)
    app.keeper.settings.autoplay = game.autoplay
    app.keeper.save_settings()
    choice = app.menu.choice
    app.menu.open()  # the label changes; the highlight stays put
    app.menu.choice = choice


def restart(app):
    app.game.restart()
    app.play.reset(app.keeper.stats)
    app.go(app.play)


def give_up(app):
    app.game.give_up()
    end(app)


def end(app):
    """The game's end; a daily deal's offers UPLOAD RESULTS on a board
    with Wi-Fi set up (upload.py)."""
    st = app.keeper.stats
    daily = st.in_progress and st.daily
    app.keeper.finished(app.game)
    screen = app.lazy("end")
    storage = app.keeper.storage
    screen.offer_upload = bool(daily and app.wifi and storage and
                               storage.files.size(UPLOAD) is not None)
    app.go(screen)


def quit(app):
    """Back to the board's menu; the game is saved first: RESUME has it next time."""
    app.keeper.flush(app.game)
    app.quit()
