"""The game's sounds (app/sounds.py) on a buzzer (drivers/buzzer.py): what
plays when, for how long, what the SOUND setting does, and that boards
without a buzzer neither sound nor show the setting.  On the chip:
test_thumby (the PWM on GP28 read by the emulated Pico's tap); allocation
under MicroPython: mp/sound_alloc.py."""

import os
import sys

from sim_pwm import SimPWM
from conftest import run
from drivers.buzzer import Buzzer
from keyplan import Driver, actions, labels

from app import sounds
from app.records import Settings
from app.storage import Storage

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "fakes"))
from files import FakeFiles  # noqa: E402


def tones(changes):
    return [hz for _, hz in changes]


def test_a_sound_plays_its_notes_for_their_time_counted_from_the_next_tick():
    pwm = SimPWM()
    b = Buzzer(pwm)
    b.play(sounds.REFUSE)  # as a tick ends, after its redraw
    for now in range(1000, 1400, 5):
        pwm.now = now
        b.tick(now)
    # 196 Hz from the first tick (1000) for 70 ms, a 30 ms rest, 165 Hz for 110
    assert pwm.changes == [(0, 196), (1070, 0), (1100, 165), (1210, 0)]
    assert b.sound is None


def test_a_new_sound_cuts_off_the_one_playing_and_stop_silences():
    pwm = SimPWM()
    b = Buzzer(pwm)
    b.play(sounds.WIN)
    b.tick(0)
    b.play(sounds.CLICK)
    assert pwm.tone == sounds.CLICK[0]
    b.stop()
    assert pwm.tone == 0 and b.sound is None


class Game:  # what Sounds reads of a game
    home = 0

    def cards_home(self):
        return self.home

    def is_won(self):
        return self.home == 52


def sounds_on(game, settings=None):
    pwm = SimPWM()
    return pwm, sounds.Sounds(Buzzer(pwm), game, settings or Settings())


def test_each_event_has_its_sound_and_a_click_does_not_cut_off_what_matters_more():
    game = Game()
    pwm, s = sounds_on(game)
    s.key(False)
    s.tick(0)
    assert pwm.tone == sounds.CLICK[0]
    s.key(True)  # refused: the buzz cuts off the click
    s.tick(10)
    assert pwm.tone == sounds.REFUSE[0]
    s.key(False)  # a click during the buzz: the buzz goes on
    s.tick(20)
    assert pwm.tone == sounds.REFUSE[0]
    for now in range(30, 400, 10):
        s.tick(now)
    assert pwm.tone == 0
    game.home = 3  # a move and autoplay: three cards home, one tick
    s.key(False)
    s.tick(400)
    assert pwm.tone == sounds.HOME[0]
    game.home = 0  # a new deal: nothing
    s.tick(500)
    s.tick(520)
    assert pwm.tone == 0
    game.home = 52  # the last card home
    s.key(False)
    s.tick(600)
    assert pwm.tone == sounds.WIN[0]
    pwm.changes = []
    for now in range(610, 2000, 10):
        s.key(now % 100 == 0)  # keys mashed on the win's screen, even refused
        s.tick(now)
    assert tones(pwm.changes)[:len(sounds.WIN) // 2 - 1] == [hz for hz in sounds.WIN[2::2]]


def test_the_sound_setting_off_is_silent_and_kept_in_the_settings_file():
    game = Game()
    settings = Settings()
    assert settings.sound  # on by default
    pwm, s = sounds_on(game, settings)
    settings.sound = False
    s.key(True)
    game.home = 52
    s.tick(0)
    assert pwm.changes == []
    again = Settings()
    assert again.decode(settings.encode()) is None and again.sound is False
    settings.sound = True
    assert again.decode(settings.encode()) is None and again.sound is True


def test_settings_files_of_before_sound_load_with_sound_on_and_a_wrong_bit_is_refused():
    from freecell.container import wrap
    from app.records_format import SETTINGS, VERSION

    for folder in ("saves_v2", "saves_v3"):  # written by earlier releases
        with open(os.path.join(HERE, "data", folder, "settings.sav"), "rb") as f:
            s = Settings()
            s.sound = False
            assert s.decode(f.read()) is None and s.sound, folder
    forged = Settings()  # a flag past thinking's (32), sealed as a board would
    assert forged.decode(wrap(SETTINGS, VERSION, bytearray((32, 2, 0, 4, 0, 0)), 6)) == \
        "the settings have impossible values"
    assert forged.sound


def test_a_board_with_a_buzzer_shows_sound_in_settings_and_it_is_kept_across_boots():
    files = FakeFiles()
    pwm = SimPWM()
    d = Driver(storage=Storage(files), buzzer=Buzzer(pwm))
    d.choose("settings")
    assert b"SOUND: ON" in labels(d.app.lazy("settings_screen"))
    d.choose("sound")
    assert b"SOUND: OFF" in labels(d.app.lazy("settings_screen"))
    pwm.changes = []
    d.press("down", "up", "b")  # keys, and leaving the settings (saved)
    assert pwm.changes == []
    again = Driver(storage=Storage(files), buzzer=Buzzer(SimPWM()))
    assert again.app.keeper.settings.sound is False


def test_a_board_without_a_buzzer_has_no_sound_setting():
    d = Driver()
    d.choose("settings")
    shown = labels(d.app.lazy("settings_screen"))
    assert not [label for label in shown if label.startswith(b"SOUND")]
    assert "sound" not in actions(d.app.lazy("settings_screen"))


def test_the_app_clicks_buzzes_on_an_illegal_move_ticks_a_card_home_and_plays_the_win():
    from helpers import play_line, solver_line

    pwm = SimPWM()
    d = Driver(deal=5, buzzer=Buzzer(pwm))
    d.press("wait", "wait", "wait")  # whatever the deal played, played out
    pwm.changes = []
    d.press("right")
    assert tones(pwm.changes) == [sounds.CLICK[0], 0]
    pwm.changes = []
    d.press("b")  # nothing to undo: refused, said and buzzed
    assert d.play.message_lines and tones(pwm.changes)[0] == sounds.REFUSE[0]
    d.press("wait", "wait", "wait")
    line = solver_line(d.game)
    home = next(i for i, m in enumerate(line) if m[0].isdigit() and m[1] == "h")
    play_line(d.game, line[:home])  # the engine plays up to a column's card going home
    d.press("wait", "wait", "wait")
    pwm.changes = []
    d.app.play.point_at(int(line[home][0]) - 1)
    cards = d.game.cards_home()
    d.press("long-a")  # hold A: home
    assert d.game.cards_home() > cards and tones(pwm.changes) == [sounds.HOME[0], 0]
    play_line(d.game, line[home + 1:-1])  # one move from the win
    d.press("wait", "wait", "wait")
    pwm.changes = []
    assert line[-1] == "4h"
    d.app.play.point_at(4 - 1)  # column 4: its KH goes home, autoplay the rest
    d.press("long-a")
    assert d.game.is_won() and tones(pwm.changes)[0] == sounds.WIN[0]


def test_sounds_allocate_nothing_on_micropython(micropython):
    lib = os.path.join(os.path.dirname(HERE), "firmware", "lib")
    result = run([micropython, os.path.join(HERE, "mp", "sound_alloc.py")],
                 env={"MICROPYPATH": lib})
    assert result.returncode == 0, result.stderr
    out = dict(line.split() for line in result.stdout.splitlines())
    assert out == {"sound_alloc_bytes": "0", "tones": out["tones"], "silent_after": "True"}
    assert int(out["tones"]) > 1000
    on_cpython = run([sys.executable, os.path.join(HERE, "mp", "sound_alloc.py")],
                     env={"PYTHONPATH": lib})
    assert on_cpython.stdout.strip() == "SKIP"
