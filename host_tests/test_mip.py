"""Installed the MicroPython way, `mpremote mip install` of the
checkout's package.json, served on loopback as GitHub would serve the
repository, onto the emulated Pico (the official rp2 firmware): the layout
make flash makes, and the game it boots plays as the simulator does, through
a power cut."""

import functools
import http.server
import json
import os
import sys
import threading

import pytest

from conftest import ROOT, TOOLS, run
from test_pico import (FIRST_BOOT, SECOND_BOOT, assert_same_screens, mpremote_when_back,
                       play_cut_and_resume, tools)  # noqa: F401  (a fixture)

sys.path.insert(0, TOOLS)
import package_json  # noqa: E402
import pico  # noqa: E402


def test_the_package_files_are_up_to_date():
    result = run([sys.executable, os.path.join(TOOLS, "package_json.py"), "--check"])
    assert result.returncode == 0, result.stderr
    with open(os.path.join(ROOT, "package.json")) as f:
        package = json.load(f)
    paths = [dst for dst, _ in package["urls"]]
    assert "../main.py" in paths and "../board.py" in paths and "freecell/game.py" in paths
    assert dict(package["urls"])["../board.py"] == "boards/pico_ssd1306.py"
    # the Thumby has its own folder: no package file
    assert package_json.boards() == ["esp32_ssd1306", "pico_ssd1306", "pico_w_ssd1306"]
    assert package["license"] == "MIT"


@pytest.fixture(scope="module")
def served():
    """The checkout over HTTP on 127.0.0.1, as raw.githubusercontent.com
    serves a repository; yields its address."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=ROOT)
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d" % server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="module")
def installed(tools, served, tmp_path_factory):  # noqa: F811
    image = str(tmp_path_factory.mktemp("mip") / "flash.img")
    with pico.VirtualPico(image) as board:
        result = mpremote_when_back(board.port, "mip", "install", served + "/package.json")
    return dict(result=result, image=image, files=pico.read_image(image))


def test_mip_lays_the_game_out_as_make_flash_does(installed):
    result, files = installed["result"], installed["files"]
    assert result.returncode == 0, result.stderr
    assert "Done" in result.stdout
    with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
        assert files["main.py"] == f.read()
    with open(os.path.join(ROOT, "boards", "pico_ssd1306.py"), "rb") as f:
        assert files["board.py"] == f.read()
    with open(os.path.join(ROOT, "firmware", "lib", "freecell", "solver_loops.py"), "rb") as f:
        assert files["lib/freecell/solver_loops.py"] == f.read()  # viper, compiled on the chip
    game = sorted(p for p in files if p.startswith("lib/"))
    assert len(game) == len(package_json.flash.firmware_sources())
    assert not [p for p in files if ".." in p]


@pytest.fixture(scope="module")
def title_ms(installed):
    """When the title shows after power-on (emulated ms: the same every run)."""
    import bench
    return bench.title_ms(pico.boot(installed["image"], start_ms=15000, tail_ms=0))


def test_what_mip_installed_boots_and_plays_as_the_simulator(installed, title_ms, tmp_path):
    # source compiled at boot: the title comes later than make flash's .mpy
    played = play_cut_and_resume(installed["image"], tmp_path, start_ms=title_ms + 1500,
                                 source=True)
    assert_same_screens(played["second"], played["sim_second"], SECOND_BOOT)
    assert_same_screens(played["first"], played["sim_first"], FIRST_BOOT)
    assert "game.sav" in played["saved"]


def test_the_readme_says_when_the_title_comes_after_a_mip_install(title_ms):
    """Emulated time is the chip's and the same every run: the README's
    figure is this one."""
    seconds = round(title_ms / 1000)
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = " ".join(f.read().split())
    assert "the title comes about %d s after power-on on the emulated Pico" % seconds in readme
