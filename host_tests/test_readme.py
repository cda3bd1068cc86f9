"""Every command the README shows works as written.

Command blocks are run from the checkout's top (output the README shows
after a `$` line must come out, `...` standing for lines left out), the
Python example runs and prints what its comments say, and every command
named inline (`make flash BOARD=sim`) is either run here or has the test
that runs it named below: a new command in the README fails this test until
it is one or the other."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, need

README = os.path.join(ROOT, "README.md")
DOCS = os.path.join(ROOT, "docs")
COMMAND = re.compile(r"^(make |tools/|python3 |make-microsoft-freecell-board |fc\.py )")

# inline commands run elsewhere, and where (or, for a few, why not in a test)
ELSEWHERE = {
    "make test": "CI itself: .ci/run calls it",
    "make bench": "its pieces: test_small_heap (bench_app), test_controls (presses_per_move), "
                  "test_flash (bench_app on the virtual board); whole, it takes 20 minutes",
    "make repl": "an interactive REPL, for a person at a board: mpremote's own",
    "make run ARGS=--fresh":
        "test_sim::test_quitting_and_starting_the_simulator_again_resumes_the_game",
    "make flash": "test_pico::test_make_flash_puts_the_game_at_the_root_of_the_pico",
    "make flash BOARD=pico_ssd1306 PORT=/dev/ttyACM0": "test_pico (the emulated Pico's pty)",
    "make flash BOARD=pico_ssd1306 PORT=<pty>": "test_pico",
    "make flash BOARD=pico_ssd1306 PORT=<that port>": "test_pico (twice in a row on one "
                                                      "VirtualPico(survive_reset))",
    "python3 tools/pico.py serve build/pico.img": "test_pico::test_pico_serve_prints_its_port_"
                                                  "and_keeps_the_flash",
    "tools/pico.py serve": "test_pico::test_pico_serve_prints_its_port_and_keeps_the_flash",
    "make flash BOARD=thumby": "test_thumby::test_make_flash_installs_a_thumby_game_beside_"
                               "the_launcher",
    "tools/pico_tap.mjs --sound-log": "test_thumby::test_the_buzzer_clicks_buzzes_and_plays_the_"
                                      "win_on_gp28 (pico.boot(sound=True))",
    "tools/bench.py uf2": "test_uf2::test_the_bench_prints_the_one_file_firmwares_figures",
    "make uf2": "test_uf2 (its built fixture runs make uf2 BOARD=pico_ssd1306)",
    "make uf2 BOARD=pico_ssd1306": "test_uf2::test_make_uf2_writes_one_file_with_the_licences_"
                                   "beside_it",
    "make uf2 BOARD=thumby": "test_uf2::test_make_uf2_refuses_a_board_it_cannot_build_for "
                             "(tools/uf2.py thumby)",
    "make thumby-arcade": "test_thumby::test_make_thumby_arcade_writes_a_"
                          "submission_that_boots",
    "make flash BOARD=sim": "test_flash::test_make_flash_deploys_the_compiled_firmware_and_"
                            "reflashing_copies_nothing",
    "python3 tools/flash.py pico_ssd1306 --port /dev/ttyACM0": "test_pico (make flash runs it)",
    "tools/flash.py thumby --source": "test_flash::test_source_files_can_be_flashed (the "
                                      "virtual board's sim module in the Thumby's place)",
    "fc.py deal N --game G | fc-solve -g G -m -snx": "test_variants::test_fc_solve_solutions_"
                                                     "replay_to_solved",
    "fc.py replay N --game G --no-autoplay": "test_variants::test_fc_solve_solutions_replay_to_"
                                             "solved",
    "fc.py replay --no-autoplay": "test_peers::test_fc_solve_solutions_replay_to_solved",
    "fc.py replay|solve --take-back": "test_take_back::test_fc_py_solves_and_replays_with_the_rule",
    "fc.py --run-limit simple": "test_run_limit::test_fc_py_solves_and_replays_under_the_simple_"
                                "limit",
    "fc.py replay|solve --run-limit simple": "test_run_limit::test_fc_py_solves_and_replays_"
                                             "under_the_simple_limit",
    "fc.py verify": "test_codes_and_results::test_fc_py_verify_confirms_a_log_and_refutes_an_"
                    "edited_one",
    "tools/saves.py pull [--port PORT]":
        "test_saves_tool::test_pull_copies_the_files_off_the_board_and_shows_them",
    "tools/saves.py pull":
        "test_saves_tool::test_pull_copies_the_files_off_the_board_and_shows_them",
    "tools/saves.py show FILE...": "test_saves_tool::test_show_prints_the_game_the_statistics_"
                                   "and_the_settings",
    "tools/fc.py verify FOLDER": "test_codes_and_results::test_fc_py_verify_confirms_a_log_and_"
                                 "refutes_an_edited_one",
    "tools/fc.py solve N [--game G] [--cells K] [--no-autoplay] [--budget B]":
        "test_fc_cli, test_solver, test_variants (every option)",
    "fc.py solve 11982 --budget 1000000": "test_solver::test_fc_py_solve_exit_codes",
    "tools/virtual_board.py DIR": "test_flash (its virtual_board fixture)",
    "apt-get install freecell-solver-bin": ".ci/run",
    "make flash-cp BOARD=cp_pico_ssd1306 DRIVE=/media/CIRCUITPY":
        "test_circuitpython::test_make_flash_cp_fills_a_drive_that_then_plays (on a folder "
        "standing for the drive)",
    "tools/flash_cp.py BOARD DRIVE": "test_circuitpython::test_make_flash_cp_fills_a_drive_that_"
                                     "then_plays",
    "tools/circuitpython.py install": "test_circuitpython (its libs fixture)",
    "make flash-cp": "test_circuitpython::test_make_flash_cp_fills_a_drive_that_then_plays",
    "make flash-cp BOARD=cp_pico_ssd1306": "test_cpico::test_the_drive_boots_plays_and_resumes_"
                                           "on_circuitpython (tools/cpico.py's drive())",
    "tools/fc.py verify": "test_codes_and_results::test_fc_py_verify_confirms_a_log_and_"
                          "refutes_an_edited_one",
    "make serve": "test_server::test_make_serve_starts_it",
    'make serve ARGS="--port 8080 --database postgresql://user@host/freecell"':
        "test_server::test_make_serve_starts_it (ARGS=--port P --database FILE); PostgreSQL: "
        "every test_server test on the postgres database",
    'make serve ARGS="--database postgresql://..."': "test_server (the postgres database)",
    "tools/fc.py submit http://127.0.0.1:8000 build/saves":
        "test_server::test_a_result_pulled_from_the_emulated_pico_is_accepted_and_ranked",
    "tools/fc.py submit URL FOLDER": "test_server::test_a_win_in_the_simulator_is_accepted_and_"
                                     "ranked",
    "tools/saves.py show build/sim-flash": "test_server::test_a_win_in_the_simulator_is_"
                                           "accepted_and_ranked (its flash folder shown)",
    "tools/fc.py submit http://127.0.0.1:8000 build/sim-flash":
        "test_server::test_a_win_in_the_simulator_is_accepted_and_ranked",
    "tools/daily_table.py --until DATE": "test_daily::test_extending_the_table_adds_days_and_"
                                         "changes_none",
    "tools/daily_table.py --verify --sample N": "test_daily::test_the_tables_days_are_what_the_"
                                                "proof_finds",
    "tools/sim.py --size 128x128 --colour":
        "test_circuitpython::test_the_pictures_in_the_docs_are_what_the_firmware_draws_now "
        "(tools/screenshots.py --check draws docs/thumby-color.png with it)",
    "tools/sim.py --date": "test_server::test_a_win_in_the_simulator_is_accepted_and_ranked",
    "fc.py submit": "test_server::test_a_win_in_the_simulator_is_accepted_and_ranked",
    "tools/fc.py submit": "test_server::test_a_win_in_the_simulator_is_accepted_and_ranked",
    "tools/bench.py server": "its load: test_server::test_2000_uploads_from_20_clients_store_"
                             "every_valid_one_once (serverkit.run_load, the same uploads)",
    'make bench PARTS="heap32 pico"': "make bench's parts, each a function of tools/bench.py "
                                      "(test_uf2::test_the_bench_prints_the_one_file_firmwares_"
                                      "figures runs one)",
    "make bench PARTS=server": "its load: test_server::test_2000_uploads_from_20_clients_store_"
                               "every_valid_one_once (serverkit.run_load, the same uploads)",
    "make bench PARTS=cp": "its nvm figures: test_nvm::test_an_hour_of_brisk_play_wears_the_"
                           "sector_for_more_than_5_years (bench_nvm.play, the same player)",
    "tools/saves.py wifi build/sim-flash NAME:PASSWORD http://127.0.0.1:8000":
        "test_upload::test_a_daily_won_in_the_simulator_goes_up_from_its_end_screen_and_only_"
        "once (saves.py wifi into the simulator's flash folder, then sim --wifi)",
    "make thumby-color-arcade": "test_thumby_color::test_make_thumby_color_arcade_writes_a_game_"
                                "the_launcher_finds_and_runs",
    "make flash BOARD=thumby_color": "its layout, flash.stage's (make flash copies what it "
                                     "stages), run on the engine: test_thumby_color (every "
                                     "test); the launcher finds it: test_thumby_color::test_"
                                     "freecell_is_chosen_from_the_launcher_and_quit_goes_back_"
                                     "to_it",
    "make flash WIFI=": "test_upload::test_flash_puts_the_upload_file_on_a_board_and_keeps_no_"
                        "copy; a board without Wi-Fi: test_upload::test_flash_refuses_wifi_"
                        "for_a_board_without_it_before_touching_a_board",
    "tools/saves.py show": "test_saves_tool; a FIFO: test_server_guard::test_saves_show_reads_"
                           "no_fifo_and_verify_of_the_root_names_no_files",
}
# named inline and run here, with the exit code they must give
HERE = {"make run": 0, "tools/fc.py solve 253": 0}


def readme():
    with open(README) as f:
        return f.read()


def pages():
    """The README and the docs/ pages it leads to, as one text: a command
    moved to docs/ is held to the same test."""
    texts = [readme()]
    for name in sorted(os.listdir(DOCS)):
        if name.endswith(".md"):
            with open(os.path.join(DOCS, name)) as f:
                texts.append(f.read())
    return "\n".join(texts)


def blocks(text):
    """Fenced blocks (with their language) and indented command blocks."""
    found = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            end = lines.index("```", i + 1)
            found.append((line[3:], lines[i + 1:end]))
            i = end + 1
            continue
        if line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            block = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                block.append(lines[i][4:])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            first = block[0].lstrip("$ ")
            if COMMAND.match(first):
                found.append(("sh", block))
            continue
        i += 1
    return found


def sessions(block):
    """(command, the output shown after it) for each command of a block: in
    a block of `$` lines the other lines are output; in one without, every
    line is a command.  A line ending in a backslash goes on."""
    dollar = any(line.startswith("$ ") for line in block)
    out = []
    going_on = False
    for line in block:
        if going_on:
            out[-1][0] = out[-1][0].rstrip()[:-1] + " " + line.strip()
        elif dollar and not line.startswith("$ "):
            if out:
                out[-1][1].append(line)
            continue
        elif line.strip():
            out.append([line[2:] if dollar else line, []])
        else:
            continue
        going_on = out[-1][0].rstrip().endswith("\\")
    return [(re.sub(r"\s+#.*$", "", cmd).strip(), shown) for cmd, shown in out]


def tools_env():
    """python3 and the project's tools as a newcomer's shell has them after
    `make test`: the .venv first on PATH."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["FREECELL_SOLVER_QUIET"] = "1"
    return env


def run_here(cmd, cwd):
    return subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=cwd, capture_output=True,
                          text=True, env=tools_env(), timeout=600, stdin=subprocess.DEVNULL)


def matches(shown, output):
    """The lines shown come out in order; '...' skips any lines."""
    got = output.rstrip("\n").split("\n")
    at = 0
    skipping = False
    for line in shown:
        if line.strip() == "...":
            skipping = True
            continue
        while skipping and at < len(got) and got[at] != line:
            at += 1
        if at >= len(got) or got[at] != line:
            return False
        at += 1
        skipping = False
    return skipping or at == len(got) or not shown


@pytest.fixture
def checkout_copy(tmp_path):
    """A folder that looks like the checkout's top (tools, firmware, boards
    linked) so that a command writing a file (frame.png) writes it there."""
    for name in ("tools", "firmware", "boards", "Makefile", "requirements.txt",
                 "requirements-dev.txt", "requirements-server.txt", "server", ".venv"):
        os.symlink(os.path.join(ROOT, name), str(tmp_path / name))
    return str(tmp_path)


def test_every_command_block_runs_as_the_readme_shows(checkout_copy):
    ran = 0
    for lang, block in blocks(pages()):
        if lang != "sh":
            continue
        for cmd, shown in sessions(block):
            if cmd.startswith("make test") or cmd in ELSEWHERE:
                continue  # CI itself; one that needs a board or serves until stopped
            if "fc-solve" in cmd or "make-microsoft" in cmd:
                need(shutil.which("fc-solve"), "fc-solve (Debian package freecell-solver-bin)")
            result = run_here(cmd, checkout_copy)
            assert result.returncode == 0, (cmd, result.stderr)
            assert matches(shown, result.stdout), (cmd, shown, result.stdout)
            ran += 1
    assert ran >= 8


def test_the_python_example_prints_what_it_says():
    code = [body for lang, body in blocks(pages()) if lang == "python"]
    assert len(code) == 1
    result = subprocess.run([sys.executable, "-c", "\n".join(code[0])], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # what the comments promise
    assert result.stdout == "JD doesn't go on KS\n3 1 0 0\n"


def inline_commands(text):
    spans = re.findall(r"`([^`\n]+)`", text)
    return sorted({s for s in spans if COMMAND.match(s) and " " in s})


def test_every_inline_command_is_run_by_a_test():
    unknown = [c for c in inline_commands(pages()) if c not in ELSEWHERE and c not in HERE
               and not c.startswith(("tools/fc.py replay", "tools/fc.py solve"))]
    assert not unknown, "give these a test, or name the one that runs them: %s" % unknown


@pytest.mark.parametrize("cmd", sorted(HERE))
def test_the_inline_commands_run_here(cmd, checkout_copy):
    result = run_here(cmd, ROOT if cmd.startswith("make") else checkout_copy)
    assert result.returncode == HERE[cmd], (cmd, result.stderr)


def test_keyplan_says_how_it_is_used():
    """tools/keyplan.py --help prints its usage (it printed a traceback),
    and a wrong call is exit 2 with the usage."""
    keyplan = os.path.join(ROOT, "tools", "keyplan.py")
    r = subprocess.run([sys.executable, keyplan, "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("usage: keyplan.py") and not r.stderr
    r = subprocess.run([sys.executable, keyplan], capture_output=True, text=True, input="")
    assert r.returncode == 2 and "usage" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, keyplan, "617"], capture_output=True, text=True,
                       input="99\n")
    assert r.returncode == 1 and r.stderr.startswith("keyplan.py: ") and "Traceback" not in r.stderr


def test_the_rules_the_game_plays_are_in_the_project_and_its_run_limit_table_holds():
    """docs/RULES.md is the game's own statement of its rules (the modules
    and tests cite it); its run-limit table is the engine's, cell by cell."""
    import re
    from freecell.variants import FreeCell

    path = os.path.join(ROOT, "docs", "RULES.md")
    with open(path) as f:
        rules = f.read()
    rows = re.findall(r"\| (\d) \| (\d+) / (\d+) / (\d+) \| (\d+) / (\d+) \|", rules)
    assert len(rows) == 5
    game = FreeCell()
    for cells, *limits in rows:
        cells = int(cells)
        onto = [game.supermove_limit(cells, empty) for empty in range(3)]
        # to an empty column: the target itself does not count
        into = [game.supermove_limit(cells, empty - 1) for empty in (1, 2)]
        assert [int(n) for n in limits] == onto + into, cells
    cited, elsewhere = [], []
    for top in ("firmware", "host_tests", "tools"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if name.endswith(".py") and name != "test_readme.py":  # (this test's words)
                    with open(os.path.join(folder, name)) as f:
                        text = f.read()
                    if "RULES.md" in text:
                        cited.append(name)
                    if text.count("RULES.md") != text.count("docs/RULES.md"):
                        elsewhere.append(name)  # a rules file outside the project
    assert cited and not elsewhere, elsewhere
    assert readme().count("RULES.md") == readme().count("docs/RULES.md")


def test_the_engines_package_names_each_of_its_modules():
    """freecell/__init__.py's list is the modules there are (it named 7 of 17)."""
    import freecell

    folder = os.path.dirname(freecell.__file__)
    modules = sorted(n[:-3] for n in os.listdir(folder) if n.endswith(".py") and n != "__init__.py")
    listed = sorted(line.split()[0] for line in freecell.__doc__.splitlines()
                    if line.startswith("  ") and line.split())
    assert listed == modules


def test_the_readme_leads_to_every_page_and_every_link_holds():
    """The README is the short way in (read in ten minutes) and
    names every page of docs/; no link of any page points at nothing."""
    text = readme()
    assert len(text.split("\n")) <= 250
    for name in os.listdir(DOCS):
        if name.endswith(".md"):
            assert "(docs/%s)" % name in text, name
    for path in [README] + [os.path.join(DOCS, n) for n in os.listdir(DOCS) if n.endswith(".md")]:
        with open(path) as f:
            page = f.read()
        for target in re.findall(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)", page):
            assert os.path.exists(os.path.join(os.path.dirname(path), target)), (path, target)
        assert "](#" not in page, (path, "a link to a section that may have moved")


FIGURE = re.compile(r"^    ([a-z0-9_]+): ([^#\n]+?)\s*(#|$)", re.M)


def test_the_readmes_figures_are_docs_measureds():
    """Every `name: value` figure the README shows is the one
    docs/MEASURED.md holds for that name (the last `make bench` run's, with
    how each is measured): one source, no drift between the two pages."""
    with open(os.path.join(DOCS, "MEASURED.md")) as f:
        measured = f.read()
    shown = FIGURE.findall(readme())
    assert len(shown) >= 6
    history = measured.split("\n## ")[0]  # the current figures, before any history section
    for name, value, _ in shown:
        found = re.findall(r"^    %s: ([^#\n]+?)\s*(?:#|$)" % re.escape(name), history, re.M)
        assert found, "%s is in the README but not in docs/MEASURED.md" % name
        assert value.strip() in [v.strip() for v in found], (name, value, found)
