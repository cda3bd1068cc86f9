"""The one-file firmware: `make uf2` builds the official
MicroPython rp2 firmware with the game frozen in (../shared/mpbuild, once a
run, into build/), and it boots on the emulated Pico (../shared/pico) from a
blank flash: the title, a deal, a move, a refusal, a power cut, RESUME and
undo, every screen equal to the simulator's for the same presses, which
test_pico holds the flashed build's to (so the two builds show the same
frames).  `make flash` onto it refuses, and what an earlier `make flash`
left on a flash does not shadow the frozen game."""

import os
import sys

import pytest

from conftest import ROOT, TOOLS, need, run
from test_pico import (DEAL_2, FIRST_BOOT, PUT_PRESS, SECOND_BOOT, assert_same_screens,
                       play_cut_and_resume, sim_frames)

sys.path.insert(0, TOOLS)
import pico  # noqa: E402
import uf2  # noqa: E402
from sim import Firmware  # noqa: E402

UF2 = uf2.uf2_path("pico_ssd1306")


@pytest.fixture(scope="module")
def built():
    """`make uf2` as a player types it; the build folders stay in
    build/mpbuild, so a second run of the tests rebuilds in seconds."""
    problem = uf2.missing()
    need(problem is None, problem or "")
    pico.install()
    problem = pico.missing(need_socat=True)
    need(problem is None, problem or "")
    made = run(["make", "-s", "-C", ROOT, "uf2", "BOARD=pico_ssd1306"])
    assert made.returncode == 0, made.stderr
    return dict(made=made, firmware=(pico.MICROPYTHON[0], UF2))


def test_make_uf2_writes_one_file_with_the_licences_beside_it(built):
    said = built["made"].stdout
    assert "build/freecell-pico_ssd1306.uf2" in said and "hold BOOTSEL" in said
    with open(UF2, "rb") as f:
        data = f.read()
    # UF2 blocks of 512 bytes, each with the format's magic numbers and the
    # RP2040's family id, the firmware's first block at the flash's start
    assert len(data) % 512 == 0 and len(data) // 512 > 500
    assert data[:4] == b"UF2\n" and int.from_bytes(data[4:8], "little") == 0x9E5D5157
    assert int.from_bytes(data[12:16], "little") == 0x10000000
    assert int.from_bytes(data[28:32], "little") == 0xE48BFF56
    with open(UF2[:-4] + "-LICENSES.txt") as f:
        licences = f.read()
    for part in ("MicroPython", "pico-sdk", "TinyUSB", "mbedtls"):
        assert part + " (" in licences
    assert "Permission is hereby granted" in licences and "Apache License" in licences


def test_every_frozen_native_function_starts_on_a_word(built):
    """The runtime reads a word at the start of a @micropython.native
    function's data, and a Cortex-M0+ faults on an unaligned load: the
    kit's mpy-tool aligns frozen Thumb code to half-words, tools/uf2.py
    mends it to words (the board crashed in paint.card's first call before).
    Each frozen native function is declared word-aligned, and lies on a word
    in the firmware."""
    import glob
    import re
    import subprocess

    frozen = glob.glob(os.path.join(uf2.WORK, "build-RPI_PICO-*", "frozen_content.c"))
    declared = {}
    for path in frozen:
        with open(path) as f:
            for name, align in re.findall(r"// frozen native code for file [^\n]*\n"
                                          r"static const byte (fun_data_\w+)\[\d+\] [^\n]*"
                                          r"aligned \((\d)\)", f.read()):
                declared[name] = align
    assert declared and set(declared.values()) == {"4"}, declared
    assert "fun_data_app_paint_Painter_card" in declared  # a native method, not only viper
    elf = max(glob.glob(os.path.join(uf2.WORK, "build-RPI_PICO-*", "firmware.elf")),
              key=os.path.getmtime)
    symbols = subprocess.run(["arm-none-eabi-nm", elf], capture_output=True, text=True).stdout
    placed = {name: int(address, 16) for address, _, name in
              (line.split() for line in symbols.splitlines() if line.count(" ") == 2)
              if name in declared}
    assert placed.keys() == declared.keys() and all(a % 4 == 0 for a in placed.values())


def test_make_uf2_refuses_a_board_it_cannot_build_for():
    for board, advice in (("esp32_ssd1306", "make flash"), ("cp_pico_ssd1306", "make flash-cp")):
        r = run([sys.executable, os.path.join(TOOLS, "uf2.py"), board])
        assert r.returncode == 1 and advice in r.stderr and "Traceback" not in r.stderr
    r = run([sys.executable, os.path.join(TOOLS, "uf2.py"), "thumby"])
    assert r.returncode == 1 and "make flash BOARD=thumby" in r.stderr
    r = run([sys.executable, os.path.join(TOOLS, "uf2.py"), "nosuch"])
    assert r.returncode == 1 and "no board 'nosuch'" in r.stderr


@pytest.fixture(scope="module")
def played(built, tmp_path_factory):
    """From a blank flash: FIRST_BOOT, the power cut, SECOND_BOOT; the
    simulator given the same presses."""
    return play_cut_and_resume(None, tmp_path_factory.mktemp("uf2"), built["firmware"])


def test_from_a_blank_flash_it_boots_into_the_game_and_plays(played):
    boot, frames = played["first"], played["sim_first"]
    fw = Firmware()  # the simulator's screen before any press
    try:
        assert boot.screen_before(boot.press_at[0]) == fw.frame().data
    finally:
        fw.close()
    assert_same_screens(boot, frames, FIRST_BOOT)
    assert "Freecells: 3H - - -" in played["states_first"][PUT_PRESS]
    # the saves are on the flash's littlefs, and nothing of the game is
    assert "game.sav" in played["saved"] and "stats.sav" in played["saved"]
    assert not [p for p in played["saved"] if p.endswith((".mpy", ".py"))]


def test_after_a_power_cut_it_resumes_and_undo_works(played):
    boot, frames = played["second"], played["sim_second"]
    assert_same_screens(boot, frames, SECOND_BOOT)
    assert frames[0] == played["sim_first"][PUT_PRESS]
    assert played["states_second"][1] == DEAL_2


def test_the_title_comes_up_sooner_than_the_flashed_builds(played):
    """Emulated time, deterministic: the title's frame from power-on (the
    flashed build's is about 560 ms; the frozen one's compiles nothing)."""
    first = played["first"].updates[0]
    assert first.stop_ms < 300, first.stop_ms


def test_an_earlier_flash_left_on_the_board_does_not_shadow_the_frozen_game(built, tmp_path):
    """A UF2 does not erase the file system: a board that had the game as
    files keeps them.  A root board.py that would fail and an app/ of the
    earlier release in lib/ are not what runs."""
    junk = tmp_path / "junk.py"
    junk.write_text("raise ImportError('the flashed copy ran, not the frozen game')\n")
    image = str(tmp_path / "old.img")
    pico.make_image(image, {"board.py": str(junk), "lib/app/app.py": str(junk),
                            "lib/freecell/game.py": str(junk)})
    boot = pico.boot(image, ["down"], firmware=built["firmware"])
    assert "the flashed copy ran" not in boot.output and "Traceback" not in boot.output
    fw_frames, _ = sim_frames(["down"], str(tmp_path / "sim"))
    assert boot.screen_before(float("inf")) == fw_frames[0]


def test_the_controls_page_says_the_game_is_in_the_firmware(built, tmp_path):
    script = tmp_path / "about.py"
    script.write_text("from app.pages import about\nprint(about())\n")
    out, _ = pico.run_scripts(None, [str(script)], firmware=built["firmware"])
    assert "FREECELL 2026" in out and "MICROPYTHON 1." in out and "IN THE FIRMWARE" in out


def test_make_flash_onto_the_one_file_firmware_refuses_and_copies_nothing(built, tmp_path):
    image = str(tmp_path / "flash.img")
    with pico.VirtualPico(image, firmware=built["firmware"]) as board:
        r = run(["make", "-s", "-C", ROOT, "flash", "BOARD=pico_ssd1306", "PORT=" + board.port])
    assert r.returncode != 0
    assert "one-file firmware" in r.stderr and "plain MicroPython UF2" in r.stderr
    assert "Traceback" not in r.stderr
    files = pico.read_image(image) if os.path.exists(image) else {}
    assert not [p for p in files if p.endswith((".mpy", ".py"))], sorted(files)


def test_the_bench_prints_the_one_file_firmwares_figures(built):
    """`tools/bench.py uf2` (part of make bench): every figure the issue
    names, and the frozen game leaves more heap than the flashed one
    (emulated, deterministic: 186 KB against 113 when measured)."""
    r = run([sys.executable, os.path.join(TOOLS, "bench.py"), "uf2"])
    assert r.returncode == 0, r.stderr
    found = dict(line.split(": ", 1) for line in r.stdout.splitlines() if ": " in line)
    for name in ("uf2_bytes", "pico_boot_ms", "pico_uf2_boot_ms", "pico_uf2_free_kb",
                 "pico_uf2_solver_free_kb", "pico_uf2_hint_617_s"):
        assert name in found, (name, r.stdout)
    assert int(found["pico_uf2_free_kb"]) > 160 and int(found["pico_uf2_solver_free_kb"]) > 100
    assert float(found["pico_uf2_boot_ms"]) < float(found["pico_boot_ms"])
