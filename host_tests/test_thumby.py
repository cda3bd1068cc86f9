"""The Thumby build on the chip: the official MicroPython rp2 firmware on
the emulated RP2040 (../shared/pico) with the Thumby's wiring, both hardware
revisions, laid out as a Thumby game (/Games/FreeCell, started by a stand-in
of the Thumby's launcher, host_tests/fakes/thumby_launcher.py, as its menu
starts a game; saves in /Saves/FreeCell).  The id pins say which
(boards/thumby.py): GP12-15 held high, id 0, the panel on I2C0 (SDA GP16,
SCL GP17), which the runner models; GP15
low, id 1, the panel on SPI0 with D/C on GP17 and chip select on GP16,
which tools/pico_tap.mjs models.  Each boots, deals deal 2 from the title
through the Thumby's buttons and picks a card up, every screen read back
from the panel's 72 columns equal to the simulator's 72x40, pixel for pixel."""

import json
import os
import sys

import pytest

from conftest import ROOT, TOOLS, need, run

sys.path.insert(0, TOOLS)
import flash  # noqa: E402
import pico  # noqa: E402
from sim import Firmware  # noqa: E402

PINS = {"up": 4, "down": 6, "left": 3, "right": 5, "a": 27, "b": 24}
BUTTONS = "3-6,24,27"
# the deal-number editor from the title, deal 2, then a card picked up
KEYS = ["down", "down", "a", "a", "up", "a", "a", "a"]
DEAL_PRESS = 5
WIDTH, PAGES, OFFSET = 72, 5, 28  # the panel: columns 28-99 of the controller's 128


LAUNCHER = os.path.join(ROOT, "host_tests", "fakes", "thumby_launcher.py")
GAME_PATH = "/Games/FreeCell/FreeCell.py"
# the Thumby's settings file, as its menu leaves it once FreeCell was chosen
CONFIG = "audiovolume,1,lastgame,%s,brightness,2" % GAME_PATH
# the Thumby's own files, which nothing of FreeCell's may touch
THUMBY_LIB = b"# TinyCircuits' thumby.py stands here\n"


def thumby_files(folder, extra=None):
    """{board path: host file}: the launcher, its settings, a module of the
    Thumby's /lib, and `extra` ({board path: bytes})."""
    files = {"main.py": LAUNCHER}
    for path, data in [("thumby.cfg", CONFIG.encode()), ("lib/thumby.py", THUMBY_LIB)] + \
            sorted((extra or {}).items()):
        local = os.path.join(folder, "planted", path)
        os.makedirs(os.path.dirname(local), exist_ok=True)
        with open(local, "wb") as f:
            f.write(data)
        files[path] = local
    return files


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    """The game as `make flash BOARD=thumby` lays it out, beside the launcher."""
    pico.install()
    problem = pico.missing()
    need(problem is None, problem or "")
    folder = str(tmp_path_factory.mktemp("thumby"))
    staged = os.path.join(folder, "staged")
    flash.stage("thumby", staged, False, "armv6m")
    out = os.path.join(folder, "flash.img")
    files = thumby_files(folder)
    files.update(flash.staged_paths(staged))
    pico.make_image(out, files)
    return out


@pytest.fixture(scope="module")
def sim():
    fw = Firmware(size="72x40")
    frames = [fw.frame().data]
    try:
        for key in KEYS:
            fw.press(key)
            frames.append(fw.frame().data)
    finally:
        fw.close()
    return frames


def panel(ram):
    """The 72x40 frame in the controller's memory (MONO_VLSB, as the sim's)."""
    return b"".join(ram[p * 128 + OFFSET:p * 128 + OFFSET + WIDTH] for p in range(PAGES))


@pytest.mark.parametrize("revision,high", [("I2C", "12-15"), ("SPI", "12-14")])
def test_both_revisions_show_what_the_simulator_shows(image, sim, revision, high):
    # the runner's scan() model answers on the pins it is told (the I2C lines
    # must read high between transfers: the emulator models no pull-ups)
    boot = pico.boot(image, KEYS, slow={DEAL_PRESS: 2500}, pins=PINS,
                     high=BUTTONS + "," + high, more=["--i2c-pins", "16,17"])
    assert "Traceback" not in boot.output, boot.output
    assert boot.updates, "nothing reached the %s panel" % revision
    i2c = json.loads(boot.log.split("[emu] i2c target stats ")[1].splitlines()[0])
    assert (i2c["bytes"] > 1000) == (revision == "I2C")  # the panel on the bus it has
    title = boot.screen_before(boot.press_at[0])
    assert title is not None and panel(title) == sim[0]
    for i, key in enumerate(KEYS):
        end = boot.press_at[i + 1] if i + 1 < len(KEYS) else float("inf")
        shown = boot.screen_before(end)
        assert panel(shown) == sim[i + 1], "after press %d (%s) the %s panel differs" % (
            i, key, revision)
        lit = [c for p in range(8) for c in range(128) if shown[p * 128 + c]
               and not (p < PAGES and OFFSET <= c < OFFSET + WIDTH)]
        assert not lit  # nothing outside the panel's window
    assert sim[-1] != sim[DEAL_PRESS]  # the pick-up is on screen


def thumby_boot(image, keys, **more):
    return pico.boot(image, keys, pins=PINS, high=BUTTONS + ",12-15",
                     more=["--i2c-pins", "16,17"], **more)


# deal 2, 3H to a free cell (AH and AS go home), the menu (hold B), up to
# its last item, QUIT
QUIT_KEYS = KEYS + ["right", "a", "long-b", "up", "a"]
MENU_PRESS = len(KEYS) + 2


def sim_until_menu(flash):
    """The simulator plays QUIT_KEYS up to the menu (which saves the game,
    as QUIT does) on the flash folder `flash`."""
    fw = Firmware(size="72x40", flash=flash)
    try:
        for key in QUIT_KEYS[:MENU_PRESS + 1]:
            fw.press(key)
    finally:
        fw.close()


@pytest.fixture(scope="module")
def quit_and_resume(image, tmp_path_factory):
    """Play, QUIT from the menu; boot again (the launcher starts the game
    again) and RESUME.  The simulator plays the same up to the menu (which
    saves the game, as QUIT does), then boots on its flash and resumes."""
    folder = tmp_path_factory.mktemp("quit")
    cut = str(folder / "after-quit.img")
    first = thumby_boot(image, QUIT_KEYS, slow={DEAL_PRESS: 2500, len(KEYS) + 1: 1500,
                                                len(QUIT_KEYS) - 1: 1500}, save_to=cut)
    second = thumby_boot(cut, ["a"])
    sim_flash = str(folder / "sim-flash")
    sim_until_menu(sim_flash)
    fw = Firmware(size="72x40", flash=sim_flash)
    try:
        sim = [fw.frame().data]
        fw.press("a")
        sim.append(fw.frame().data)
    finally:
        fw.close()
    return dict(first=first, second=second, sim=sim, files=pico.read_image(cut))


def test_quit_saves_the_game_and_resets_into_the_thumbys_menu(quit_and_resume):
    first, files = quit_and_resume["first"], quit_and_resume["files"]
    assert "Traceback" not in first.output, first.output
    resets = [int(line.split()[-1]) / 1e6 for line in first.log.splitlines()
              if line.startswith("[tap] reset at ")]
    assert resets and resets[0] > first.press_at[-1], first.log[-2000:]  # QUIT, not before
    # the game's files in the Thumby's place for them, none at the root
    assert "Saves/FreeCell/game.sav" in files and "Saves/FreeCell/stats.sav" in files
    assert not [p for p in files if p.endswith(".sav") and "/" not in p]
    with open(LAUNCHER, "rb") as f:
        assert files["main.py"] == f.read()  # the launcher as it was
    assert files["lib/thumby.py"] == THUMBY_LIB


def test_after_quit_the_game_resumes_from_its_folder(quit_and_resume):
    second, sim = quit_and_resume["second"], quit_and_resume["sim"]
    assert "Traceback" not in second.output, second.output
    title = second.screen_before(second.press_at[0])
    assert title is not None and panel(title) == sim[0]  # RESUME first
    assert panel(second.screen_before(float("inf"))) == sim[1]  # the table as it was left


def test_the_old_layout_script_moves_saves_and_replaces_only_freecells_main(micropython,
                                                                           tmp_path):
    """An earlier `make flash BOARD=thumby` laid the game out at the root:
    tools/flash.py's OLD_LAYOUT script (run here on the unix port, in a
    folder standing for the Thumby's flash) takes its modules away, moves
    its saves unless newer ones are in the saves folder, and replaces a root
    main.py only when it is FreeCell's own."""
    def board(main):
        top = tmp_path / main
        for path, data in [("board.mpy", b"old"), ("lib/freecell/game.mpy", b"old"),
                           ("lib/app/app.mpy", b"old"), ("lib/thumby.py", THUMBY_LIB),
                           ("game.sav", b"root game"), ("stats.sav", b"root stats"),
                           ("result3.sav", b"root result"), ("notes.txt", b"mine"),
                           ("Saves/FreeCell/stats.sav", b"newer stats")]:
            (top / path).parent.mkdir(parents=True, exist_ok=True)
            (top / path).write_bytes(data)
        with open(LAUNCHER if main == "launcher" else os.path.join(ROOT, "firmware", "main.py"),
                  "rb") as f:
            (top / "main.py").write_bytes(f.read())
        script = tmp_path / (main + ".py")
        script.write_text(flash.OLD_LAYOUT % (flash.PACKAGES, "Saves/FreeCell", flash.OWN_MAIN,
                                              flash.starter_main("Games/FreeCell")))
        result = run([micropython, str(script)], cwd=str(top))
        assert result.returncode == 0, result.stderr
        found = {str(p.relative_to(top)): p.read_bytes() for p in top.rglob("*") if p.is_file()}
        return result.stdout.split(), found

    words, found = board("launcher")
    with open(LAUNCHER, "rb") as f:
        assert found["main.py"] == f.read()  # the Thumby's menu: not touched
    assert "S" not in words
    assert "board.mpy" not in found and not [p for p in found if p.startswith(("lib/freecell",
                                                                               "lib/app"))]
    assert not os.path.exists(tmp_path / "launcher" / "lib" / "freecell")
    assert found["lib/thumby.py"] == THUMBY_LIB and found["notes.txt"] == b"mine"
    assert found["Saves/FreeCell/game.sav"] == b"root game" and "game.sav" not in found
    assert found["Saves/FreeCell/result3.sav"] == b"root result"
    # the saves folder had newer statistics: the root's stay where they were
    assert found["Saves/FreeCell/stats.sav"] == b"newer stats"
    assert found["stats.sav"] == b"root stats"
    words, found = board("freecell")
    assert "S" in words
    assert found["main.py"].decode() == flash.starter_main("Games/FreeCell")
    assert "__import__('/Games/FreeCell/FreeCell.py')" in found["main.py"].decode()


def test_make_flash_installs_a_thumby_game_beside_the_launcher(image, tmp_path):
    """`make flash BOARD=thumby` onto an emulated Thumby that has its
    launcher, its /lib, and an earlier flash's root layout with saves; then
    the launcher starts the game from its folder, which resumes the game."""
    need(pico.missing(need_socat=True) is None, "socat (Debian package socat)")
    sim_flash = str(tmp_path / "sim-flash")
    sim_until_menu(sim_flash)
    saves = {}
    for name in ("game.sav", "stats.sav"):
        with open(os.path.join(sim_flash, name), "rb") as f:
            saves[name] = f.read()
    planted = {"board.mpy": b"old", "lib/freecell/game.mpy": b"old", "lib/app/app.mpy": b"old",
               "Games/FreeCell/FreeCell.py": b"old", "Games/FreeCell/preview.png": b"mine"}
    planted.update(saves)
    board_image = str(tmp_path / "thumby.img")
    pico.make_image(board_image, thumby_files(str(tmp_path), planted))
    with pico.VirtualPico(board_image) as board:
        result = run(["make", "-s", "-C", ROOT, "flash", "BOARD=thumby", "PORT=" + board.port])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "an earlier flash's layout: 3 of its files removed, 2 saves moved" in out, out
    assert "the game is in /Games/FreeCell (started by FreeCell.py)" in out
    assert "board reset: its menu starts, FreeCell in its list" in out
    files = pico.read_image(board_image)
    with open(LAUNCHER, "rb") as f:
        assert files["main.py"] == f.read()
    assert files["lib/thumby.py"] == THUMBY_LIB and files["thumby.cfg"] == CONFIG.encode()
    assert sorted(p for p in files if p.startswith("lib/")) == ["lib/thumby.py"]
    assert "board.mpy" not in files and "Games/FreeCell/board.mpy" in files
    assert files["Games/FreeCell/preview.png"] == b"mine"
    staged = flash.staged_files(os.path.join(ROOT, "build", "flash", "thumby"))
    assert sorted(p for p in files if p.startswith("Games/") and p.endswith((".py", ".mpy"))) \
        == sorted(staged)
    for name, data in saves.items():
        assert files["Saves/FreeCell/" + name] == data
    fw = Firmware(size="72x40", flash=sim_flash)
    try:
        title = fw.frame().data
    finally:
        fw.close()
    booted = thumby_boot(board_image, [])
    assert "Traceback" not in booted.output, booted.output
    assert panel(booted.screen_before(float("inf"))) == title  # RESUME: the saves came along


def test_make_thumby_arcade_writes_a_submission_that_boots(tmp_path):
    """The Arcade's folder (TinyCircuits-Thumby-Games' README): FreeCell.py
    named as the folder, a plain-text description, a preview of play at
    576x320 to 1152x640; the firmware as source, which boots on the
    emulated Thumby from /Games/FreeCell as the flashed build does."""
    import struct

    result = run(["make", "-s", "-C", ROOT, "thumby-arcade"])
    assert result.returncode == 0, result.stderr
    game = os.path.join(ROOT, "build", "thumby-arcade", "FreeCell")
    assert "build/thumby-arcade/FreeCell" in result.stdout
    names = set(os.listdir(game))
    assert {"FreeCell.py", "board.py", "arcade_description.txt", "arcade_title_image.png",
            "freecell", "app", "drivers"} <= names
    with open(os.path.join(game, "arcade_description.txt"), "rb") as f:
        text = f.read()
    text.decode("ascii")  # plain text
    assert b"FreeCell" in text and not text.lstrip().startswith(b"#")
    with open(os.path.join(game, "arcade_title_image.png"), "rb") as f:
        png = f.read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert 576 <= width <= 1152 and 320 <= height <= 640 and width * 40 == height * 72
    sources = {os.path.relpath(os.path.join(top, n), game)
               for top, _, files in os.walk(game) for n in files if n.endswith(".py")}
    expected = {dst[4:] for _, dst in flash.firmware_sources()} | {"FreeCell.py", "board.py"}
    assert sources == expected
    pico.install()
    need(pico.missing() is None, pico.missing() or "")
    files = thumby_files(str(tmp_path))
    for path in sources:
        files["Games/FreeCell/" + path] = os.path.join(game, path)
    board_image = str(tmp_path / "arcade.img")
    pico.make_image(board_image, files)
    # compiled from source as it starts: the title shows at about 4.7 s
    booted = thumby_boot(board_image, ["down"], start_ms=8000)
    assert "Traceback" not in booted.output, booted.output
    fw = Firmware(size="72x40")
    try:
        title = fw.frame().data
        fw.press("down")
        moved = fw.frame().data
    finally:
        fw.close()
    assert panel(booted.screen_before(booted.press_at[0])) == title
    assert panel(booted.screen_before(float("inf"))) == moved


# deal 5 one move from its win (host_tests/helpers.solver_line): RESUME, the
# cursor two columns right (onto QS KH), up to QS and A (not a run: refused),
# down, hold A (KH home, autoplay the rest: won)
SOUND_KEYS = ["a", "right", "right", "up", "a", "down", "long-a"]
SOUND_REFUSED = 4
PRESS_SOUND_MS = 150  # with its picture: after the redraw (a refusal's words: about 120 ms)


def near_win_save():
    """Deal 5 with the solver's line played but for its last move, as the
    game's saved file."""
    sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
    from freecell import savefile
    from freecell.game import Game
    from helpers import play_line, solver_line

    game = Game()
    game.deal(5)
    line = solver_line(game)
    play_line(game, line[:-1])
    assert not game.is_won() and line[-1] == "4h"
    return bytes(savefile.encode_game(game, 1))


def notes(sound):
    """A sound of app/sounds.py as ((hz, ms), ...)."""
    return list(zip(sound[::2], sound[1::2]))


@pytest.mark.parametrize("muted", [False, True])
def test_the_buzzer_clicks_buzzes_and_plays_the_win_on_gp28(tmp_path, muted):
    """Deal 5 resumed one move from its win, on the emulated Pico with the
    Thumby's wiring; tools/pico_tap.mjs reads what the PWM on GP28 plays: a
    click for each key, the refusal's buzz, the win's tune, each note at its
    pitch (within the PWM divider's rounding) and for its time (5 ms short
    to 25 ms long: a note's time counts from a tick's start, and the PWM is
    written at a tick's end, after its redraw).  With the Thumby's menu set
    to no sound, nothing at all."""
    from app import sounds

    need(pico.missing() is None, pico.missing() or "")
    folder = str(tmp_path)
    staged = os.path.join(folder, "staged")
    flash.stage("thumby", staged, False, "armv6m")
    files = thumby_files(folder, {"Saves/FreeCell/game.sav": near_win_save()})
    if muted:  # the Thumby menu's sound switch off
        with open(files["thumby.cfg"], "w") as f:
            f.write(CONFIG.replace("audiovolume,1", "audioenabled,0,audiovolume,1"))
    files.update(flash.staged_paths(staged))
    image = os.path.join(folder, "flash.img")
    pico.make_image(image, files)
    # the first press once the game is up (its resume screen: 1.6 s after
    # power-on, the solver's and the hints' code loaded with the app)
    boot = thumby_boot(image, SOUND_KEYS, sound=True, start_ms=2000, tail_ms=1800)
    assert "Traceback" not in boot.output, boot.output
    if muted:
        assert boot.sounds == []
        return
    # each press's sound: the PWM's changes from that press to the next
    # (one under 0.1 ms apart is the registers written one after another:
    # the divider, then the period), the silence after its last note dropped
    bounds = list(boot.press_at[1:]) + [float("inf")]
    for i, (pressed, next_press) in enumerate(zip(boot.press_at, bounds)):
        want = notes(sounds.REFUSE if i == SOUND_REFUSED else
                     sounds.WIN if i == len(SOUND_KEYS) - 1 else sounds.CLICK)
        mine = [c for c in boot.sounds if pressed <= c[0] < next_press]
        changes = [c for c, after in zip(mine, mine[1:] + [(float("inf"), 0)])
                   if after[0] - c[0] >= 0.1]
        ends = [at for at, hz in changes[1:]] + [float("inf")]
        played = [(hz, end - at) for (at, hz), end in zip(changes, ends)]
        if played and played[-1][0] == 0:
            played.pop()
        assert len(played) == len(want), (i, played, want)
        if i < len(SOUND_KEYS) - 1:  # (the win's tune: once autoplay's cards are home)
            # heard as it shows: after the press (debounced 20 ms) and its redraw
            assert changes[0][0] - pressed < PRESS_SOUND_MS, (i, changes[0][0] - pressed)
        for (hz, ms), (want_hz, want_ms) in zip(played, want):
            assert abs(hz - want_hz) <= want_hz / 100, (i, played, want)  # the divider
            assert want_ms - 5 <= ms <= want_ms + 25, (i, played, want)
    assert boot.sounds[-1][1] == 0  # silent at the end
