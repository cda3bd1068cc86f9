"""UPLOAD RESULTS from a board with Wi-Fi (app/upload.py, drivers/net.py):
the MicroPython unix port's own sockets against the real leaderboard
(python -m server) on loopback, with only the Wi-Fi join faked
(tools/netshim/network.py).  A daily deal won through the buttons in the
simulator and sent from its end screen, then nothing sent twice; a
connection cut in the middle of a send and one cut before the answer came
back (nothing marked, nothing stored twice); a server that is down, a wrong
password, a damaged record; HTTPS through a TLS front; the clock from a real
SNTP answer; and the whole upload in an ESP32's 110 KB heap on the 32-bit
port."""

import os
import stat
import sys

import pytest

from conftest import LIB, ROOT, TOOLS, compile_to, need, run

sys.path.insert(0, TOOLS)
import serverkit as kit  # noqa: E402
from serverkit import DATE  # noqa: E402

from app import upload  # noqa: E402
from app.player import encode as player_file  # noqa: E402
from helpers import play_line, solver_line  # noqa: E402
from test_flash import virtual_board  # noqa: E402, F401  (a fixture)

pytest.importorskip("starlette", reason="the server's packages (requirements-server.txt)")

KEY = bytes(range(16))
NETSHIM = os.path.join(TOOLS, "netshim")
MICROPYTHON32 = os.environ.get("MICROPYTHON32") or os.path.join(
    os.path.dirname(ROOT), "shared", "micropython32", "micropython32")


@pytest.fixture
def server(tmp_path):
    with kit.Server(str(tmp_path / "leaderboard.sqlite3"), str(tmp_path), limits=False) as s:
        yield s


def won_flash(folder, serials=(1,)):
    """A board's saves: the player ALICE and, for each serial, the day's
    FreeCell deal won (the first: the daily's first try)."""
    os.makedirs(folder, exist_ok=True)
    for i, serial in enumerate(serials):
        game = kit.daily_game()
        play_line(game, solver_line(game))
        with open(os.path.join(folder, "result%d.sav" % (serial % 8)), "wb") as f:
            f.write(kit.signed(game, serial, b"ALICE", KEY, daily=i == 0))
    with open(os.path.join(folder, "player.sav"), "wb") as f:
        f.write(bytes(player_file(b"ALICE", KEY)))
    return folder


def configure(folder, url, ntp="127.0.0.1:9", wifi="home:secret"):
    done = run([sys.executable, os.path.join(TOOLS, "saves.py"), "wifi", str(folder), wifi, url,
                "--ntp", ntp])
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def send(micropython, folder, times=1, reach="home:secret", heap=None, tree=None):
    """tools/bench_upload.py: the lines of each upload, and the free KB."""
    path = tree or ":".join([LIB, ROOT, TOOLS])
    args = [str(folder), reach, str(times)]
    cmd = [micropython] + (["-X", "heapsize=%dk" % heap] if heap else []) + (
        ["-c", "import sys\nsys.argv.extend(%r)\nimport bench_upload\n" % args] if tree else
        [os.path.join(TOOLS, "bench_upload.py")] + args)
    done = run(cmd, env={"MICROPYPATH": ".frozen:" + NETSHIM + ":" + path}, cwd=tree)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in out, out
    runs = out.split("--\n")
    return [joined(r.splitlines()) for r in runs[:-1]], int(runs[-1].split("free:")[1])


def joined(rows):
    """The screen's rows as the lines they were before they were wrapped
    (a wrapped line's rest does not start with a count, as 1/2 does, nor
    is it one of the steps' first words)."""
    lines = []
    for row in rows:
        head = row.split(" ")[0]
        if lines and not ("/" in head and head.replace("/", "").isdigit()) and not \
                row.startswith(("JOINING", "NO TIME", "TIME:", "CLOCK SET", "EVERY", "COULD",
                                "UPLOAD.TXT", "NO WI-FI", "THIS FIRMWARE")):
            lines[-1] += " " + row
        else:
            lines.append(row)
    return lines


def test_the_title_offers_upload_results_only_on_a_board_with_wifi():
    from boards.sim import SimDisplay, SimKeys
    from app.app import App
    from keyplan import labels

    plain = App(SimDisplay(), SimKeys())
    plain.tick(0)
    assert b"UPLOAD RESULTS" not in labels(plain.screen)
    with_wifi = App(SimDisplay(), SimKeys(), wifi=lambda: None)
    with_wifi.tick(0)
    shown = labels(with_wifi.screen)
    assert shown.index(b"UPLOAD RESULTS") == shown.index(b"STATISTICS") - 1


def test_a_daily_won_in_the_simulator_goes_up_from_its_end_screen_and_only_once(
        server, tmp_path, micropython):
    """Wi-Fi set up first (saves.py wifi), the day's deal from the title and
    won through the buttons; the end offers the upload, A sends it: ranked
    1st; UPLOAD RESULTS from the title later sends nothing again."""
    from keyplan import keys_for_solver_line
    from sim import Firmware
    from test_server import title_to_daily

    flash = tmp_path / "flash"
    clock = kit.TimeServer()
    configure(flash, server.url, "127.0.0.1:%d" % clock.port)
    presses, d = title_to_daily(DATE)
    keys, _ = keys_for_solver_line(int(d.game.number.text()))
    fw = Firmware(flash=str(flash), date=DATE, wifi="home:secret")
    try:
        for name in presses + keys:
            fw.press(name)
        fw.press("a")  # (without the offer, A goes to the title: no lines)
        lines = joined(fw.lines())
        assert lines[0] == "JOINING HOME", lines
        assert "TIME: 2026-12-08 12:00 UTC" in lines, lines
        assert lines[-1] == "1/1 FREECELL %s: RANKED 1ST" % DATE.isoformat()[5:], lines
        fw.press("b")  # back to the title; UPLOAD RESULTS is the sixth item
        for name in ["down"] * 5 + ["a"]:
            fw.press(name)
        assert joined(fw.lines())[-1] == "EVERY RESULT IS THERE ALREADY", fw.lines()
    finally:
        fw.close()
    page = kit.day_json(server.port, DATE)
    assert len(page["ranked"]) == 1 and page["ranked"][0]["name"].startswith("FC")
    shown = run([sys.executable, os.path.join(TOOLS, "saves.py"), "show", str(flash)])
    assert shown.returncode == 0, shown.stdout
    assert "the leaderboard confirmed 1 result file (the slot result1.sav" in shown.stdout


def test_a_connection_cut_marks_nothing_and_nothing_is_stored_twice(server, tmp_path,
                                                                      micropython):
    folder = won_flash(str(tmp_path / "flash"), serials=(1, 2))
    # cut in the middle of the first file's body: the server stores nothing
    cut = kit.Front(server.port, "cut", after=300)
    configure(folder, cut.url)
    runs, _ = send(micropython, folder)
    assert runs[0][-1].startswith("1/2 NO ANSWER"), runs
    assert not os.path.exists(os.path.join(folder, "sent.sav"))
    assert kit.day_json(server.port, DATE)["ranked"] == []
    # the whole request arrives, the answer is lost: stored, not marked
    mute = kit.Front(server.port, "mute")
    configure(folder, mute.url)
    runs, _ = send(micropython, folder)
    assert runs[0][-1].startswith("1/2 NO ANSWER"), runs
    assert not os.path.exists(os.path.join(folder, "sent.sav"))
    assert len(kit.day_json(server.port, DATE)["ranked"]) == 1
    # the way is clear: the first is already there, the second accepted
    configure(folder, server.url)
    runs, _ = send(micropython, folder, times=2)
    assert runs[0][-2:] == ["1/2 ALREADY THERE", "2/2 FREECELL %s: A LATER TRY"
                            % DATE.isoformat()[5:]], runs
    assert runs[1][-1] == "EVERY RESULT IS THERE ALREADY", runs
    assert mute.requests == 1 and cut.requests == 1
    cut.close()
    mute.close()


def test_a_server_that_is_down_or_a_wrong_password_is_said_and_nothing_marked(tmp_path,
                                                                                 micropython):
    folder = won_flash(str(tmp_path / "flash"))
    configure(folder, "http://127.0.0.1:%d" % kit.free_port())
    runs, _ = send(micropython, folder)
    assert runs[0][-1] == "1/1 NO ANSWER: THE SERVER IS NOT RUNNING", runs
    runs, _ = send(micropython, folder, reach="home:other")
    assert runs[0][-1] == "COULD NOT JOIN THE WI-FI HOME: THE PASSWORD IS WRONG", runs
    runs, _ = send(micropython, folder, reach="cafe:secret")
    assert runs[0][-1] == "COULD NOT JOIN THE WI-FI HOME: IT IS NOT IN REACH", runs
    with open(os.path.join(folder, "upload.txt"), "w") as f:
        f.write("wifi=home\nserver=gopher://x\n")
    runs, _ = send(micropython, folder)
    assert runs[0] == ["UPLOAD.TXT: NO SERVER NAMED (SERVER=HTTP://... OR HTTPS://...)"], runs
    os.remove(os.path.join(folder, "upload.txt"))
    runs, _ = send(micropython, folder)
    assert runs[0][0].startswith("NO WI-FI SET UP: PUT UPLOAD.TXT ON THE BOARD"), runs
    assert not os.path.exists(os.path.join(folder, "sent.sav"))


def test_a_damaged_record_sends_again_and_the_server_keeps_each_file_once(server, tmp_path,
                                                                          micropython):
    folder = won_flash(str(tmp_path / "flash"))
    configure(folder, server.url)
    runs, _ = send(micropython, folder)
    assert runs[0][-1].endswith("RANKED 1ST"), runs
    record = os.path.join(folder, "sent.sav")
    data = bytearray(open(record, "rb").read())
    data[10] ^= 1
    open(record, "wb").write(data)
    runs, _ = send(micropython, folder, times=2)
    assert runs[0][-1] == "1/1 ALREADY THERE" and runs[1][-1] == "EVERY RESULT IS THERE ALREADY"
    assert len(kit.day_json(server.port, DATE)["ranked"]) == 1


def test_https_through_a_tls_front(server, tmp_path, micropython):
    """The 64-bit unix port has ssl (mbedtls), as a Pico W's and an ESP32's
    firmware do; the 32-bit one was built without it."""
    context = kit.tls_context(str(tmp_path))
    need(context is not None, "openssl (a certificate for the HTTPS front)")
    front = kit.Front(server.port, "tls", context=context)
    folder = won_flash(str(tmp_path / "flash"))
    configure(folder, front.url)
    runs, _ = send(micropython, folder)
    assert runs[0][-1] == "1/1 FREECELL %s: RANKED 1ST" % DATE.isoformat()[5:], runs
    assert front.requests == 1
    front.close()


def test_the_upload_runs_in_an_esp32_heap_on_the_32_bit_port(server, tmp_path):
    need(os.path.exists(MICROPYTHON32), "the 32-bit MicroPython (../shared/micropython32)")
    from flash import compile_module

    tree = str(tmp_path / "mpy32")
    compile_to(tree, [(os.path.join(LIB, "freecell"), "freecell"),
                      (os.path.join(LIB, "app"), "app"),
                      (os.path.join(LIB, "drivers"), "drivers"),
                      (os.path.join(ROOT, "boards"), "boards")], "x86")
    compile_module(os.path.join(TOOLS, "bench_upload.py"), os.path.join(tree, "bench_upload.mpy"),
                   "x86", "bench_upload.py")
    folder = won_flash(str(tmp_path / "flash"), serials=(1, 2, 3))
    configure(folder, server.url)
    runs, free = send(MICROPYTHON32, folder, times=2, heap=110, tree=tree)
    assert [line[:4] for line in runs[0][-3:]] == ["1/3 ", "2/3 ", "3/3 "], runs
    assert runs[0][-3].endswith("RANKED 1ST") and runs[1][-1] == "EVERY RESULT IS THERE ALREADY"
    assert free > 10


@pytest.mark.parametrize("text, problem", [
    ("wifi=home\nserver=http://example.org\n", None),
    ("server=http://example.org\n", "no Wi-Fi named"),
    ("wifi=home\n", "no server named"),
    ("wifi=home\nserver=ftp://example.org\n", "no server named"),
    ("wifi=home\nserver=http://example.org\ncolour=red\n", "a line is wifi="),
    ("# mine\n\nwifi = home \npassword=  two spaces\nserver=https://x.example\n", None),
])
def test_the_upload_file_is_read_or_said_wrong(text, problem):
    found = upload.config(text)
    if problem is None:
        assert isinstance(found, dict) and found["wifi"] == "home", found
    else:
        assert isinstance(found, str) and found.startswith(problem), found
    if "two spaces" in text:
        assert found["password"] == "  two spaces" and found["ntp"] == "pool.ntp.org"


def test_saves_wifi_writes_a_private_file_and_refuses_a_bad_one(tmp_path):
    done = configure(tmp_path, "https://fc.example.org", "pool.ntp.org", "my net:pa:ss")
    path = tmp_path / "upload.txt"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert upload.config(path.read_text()) == {"wifi": "my net", "password": "pa:ss",
                                               "server": "https://fc.example.org",
                                               "ntp": "pool.ntp.org"}
    assert "joins my net and sends to https://fc.example.org" in done.stdout
    bad = run([sys.executable, os.path.join(TOOLS, "saves.py"), "wifi", str(tmp_path), "home:x",
               "fc.example.org"])
    assert bad.returncode == 2 and "no server named" in bad.stderr


def test_flash_refuses_wifi_for_a_board_without_it_before_touching_a_board():
    done = run([sys.executable, os.path.join(TOOLS, "flash.py"), "pico_ssd1306", "--wifi", "a:b",
                "--server", "http://x.example"])
    assert done.returncode != 0
    assert "pico_ssd1306 has no Wi-Fi: WIFI= and SERVER= are for esp32_ssd1306, " \
           "pico_w_ssd1306" in done.stderr
    done = run([sys.executable, os.path.join(TOOLS, "flash.py"), "esp32_ssd1306", "--wifi", "a:b"])
    assert done.returncode != 0 and "no server named" in done.stderr


def test_the_sent_record_and_the_result_log_agree_on_their_slots():
    from app import player
    from freecell import results

    assert upload.SLOTS == results.SLOTS and upload.KEY_HEADER == results.KEY_HEADER
    assert player.KEY_BYTES == results.KEY_BYTES


def test_flash_puts_the_upload_file_on_a_board_and_keeps_no_copy(virtual_board, tmp_path):
    """make flash WIFI=... SERVER=...'s last step, on the virtual board
    (the unix port behind a pseudo-terminal, through mpremote): the file
    lands in the saves' folder, the temporary copy is gone."""
    import glob
    import tempfile

    import flash

    text = flash.upload_text("home net:pa ss", "https://fc.example.org")
    before = set(glob.glob(os.path.join(tempfile.gettempdir(), "freecell-upload-*")))
    flash.put_upload_file(flash.Board(virtual_board.port), "", text)
    with open(os.path.join(virtual_board.flash_dir, "upload.txt")) as f:
        assert upload.config(f.read())["password"] == "pa ss"
    assert set(glob.glob(os.path.join(tempfile.gettempdir(), "freecell-upload-*"))) == before
