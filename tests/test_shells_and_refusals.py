"""No wrong number, ever: ordinary shells (locales, pipes, caches) and small refusals; each test
failed before its fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app

HAND = "AS KD JK 9H 9C 4D 2S"
runner = CliRunner()


def paigow(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "paigow_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=dict(os.environ, **(env or {})),
        timeout=300,
    )


# --- 7. a terminal that cannot print the suit symbols ---------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["eval", "AS KS"], ["house", HAND], ["--help"], ["eval", "--help"], ["bonus", HAND]],
    ids=lambda args: " ".join(args),
)
def test_an_ascii_terminal_gets_letter_suits_not_an_encoding_error(args, cache_folder):
    finished = paigow(*args, env={"PYTHONIOENCODING": "ascii", "PAIGOW_CACHE_DIR": str(cache_folder)})
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.isascii() and "internal error" not in finished.stderr


def test_an_ascii_terminal_gets_the_advice_table_in_ascii(foxwoods_table, cache_folder):
    finished = paigow("advise", HAND, env={"PYTHONIOENCODING": "ascii", "PAIGOW_CACHE_DIR": str(cache_folder)})
    assert finished.returncode == 0, finished.stderr
    assert "JK AS KD 4D 2S / 9H 9C" in finished.stdout and finished.stdout.isascii()


def test_ascii_on_request_and_json_keeps_its_data():
    assert runner.invoke(app, ["--ascii", "eval", "AS KS"]).stdout.startswith("AS KS:")
    assert runner.invoke(app, ["eval", "AS KS"]).stdout.startswith("A♠ K♠:")  # --ascii holds for its own run only
    finished = paigow("eval", "AS KS", env={"PAIGOW_ASCII": "1"})
    assert finished.stdout.startswith("AS KS:")
    document = json.loads(paigow("eval", "AS KS", "--json", env={"PYTHONIOENCODING": "ascii"}).stdout)
    assert document["cards"] == ["AS", "KS"]


def test_a_bad_card_in_symbols_is_one_error_line_on_an_ascii_terminal():
    finished = paigow("eval", "♠X KS", env={"PYTHONIOENCODING": "ascii"})
    assert finished.returncode == 2 and finished.stderr.startswith("Error: ") and finished.stderr.isascii()
    assert len(finished.stderr.strip().splitlines()) == 1


# --- 8. a closed pipe is a normal end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "stdin"),
    [(["deal", "--count", "100000"], None), (["--help"], None), (["eval", "-"], "AS KS\n" * 20000)],
    ids=["deal", "help", "eval batch"],
)
def test_a_reader_that_closes_the_pipe_ends_paigow_quietly_with_exit_0(args, stdin, tmp_path):
    source = tmp_path / "hands.txt"
    source.write_text(stdin or "")
    with source.open() as hands:
        process = subprocess.Popen(
            [sys.executable, "-m", "paigow_cli", *args],
            stdin=hands,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        process.stdout.readline()  # type: ignore[union-attr]
        process.stdout.close()  # type: ignore[union-attr]  # as head -1 does
        assert process.wait(timeout=120) == 0
    assert process.stderr.read() == ""  # type: ignore[union-attr]


# --- 9. every - reader takes every line format deal writes --------------------------------------------------


@pytest.mark.parametrize("command", ["eval", "house", "bonus", "advise"])
@pytest.mark.parametrize(
    "form", [["--dealer"], ["--dealer", "--json"], ["--json"]], ids=["pipe", "json+dealer", "json"]
)
def test_every_stdin_reader_takes_the_lines_deal_writes(command, form, cache_folder, foxwoods_table):
    lines = runner.invoke(app, ["deal", "--count", "3", "--seed", "9", *form]).stdout
    result = runner.invoke(app, [command, "-", "--json"], input=lines)
    assert result.exit_code == 0, result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(documents) == 3


def test_a_malformed_json_line_is_one_numbered_error():
    result = runner.invoke(app, ["eval", "-"], input='{"hand": 3}\nAS KS\n')
    assert result.exit_code == 1 and "line 1:" in result.stderr and "JSON" in result.stderr


# --- 14. --pays refuses an empty or repeated override -------------------------------------------------------


@pytest.mark.parametrize(
    ("pays", "fragment"),
    [("", "--pays is empty"), (" , ", "--pays is empty"), ("five-aces=1,five-aces=2", "five-aces is given twice")],
)
def test_pays_that_override_nothing_or_twice_are_errors(pays, fragment):
    result = runner.invoke(app, ["bonus", "--odds", "--table", "fortune", "--pays", pays])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and fragment in lines[0]


# --- 16. power hides the hands the dealer never holds ---------------------------------------------------------


def test_power_hides_empty_rows_unless_all(foxwoods_table):
    dead = ["--dead", "AS AH AD AC JK KS KH"]
    shown = runner.invoke(app, ["power", *dead]).stdout
    every = runner.invoke(app, ["power", *dead, "--all"]).stdout
    assert "hands the dealer never holds are not listed" in shown
    assert " 0 " not in shown.replace(",", "") and len(every.splitlines()) > len(shown.splitlines())
    document = json.loads(runner.invoke(app, ["power", *dead, "--json"]).stdout)
    assert any(row["count"] == 0 for row in document["high_hands"])  # JSON keeps every row


# --- 15. one name per thing: paigow help, --count on --check, plain messages -----------------------------------


def test_paigow_help_works_as_in_git_and_pip():
    assert runner.invoke(app, ["help"]).stdout == runner.invoke(app, ["--help"]).stdout
    assert runner.invoke(app, ["help", "advise"]).stdout == runner.invoke(app, ["advise", "--help"]).stdout
    assert (
        runner.invoke(app, ["help", "cache", "clear"]).stdout == runner.invoke(app, ["cache", "clear", "--help"]).stdout
    )
    result = runner.invoke(app, ["help", "cache", "nope"])
    assert (
        result.exit_code == 2
        and result.stderr.strip() == "Error: no command 'nope' in paigow cache (see 'paigow cache --help')"
    )


def test_house_ways_check_takes_count_as_the_other_commands_do():
    for flag in ("--count", "-n", "--hands"):
        result = runner.invoke(app, ["house-ways", "--check", "foxwoods", flag, "300", "--json"])
        assert result.exit_code == 0, result.stderr
        assert "300 hands" in runner.invoke(app, ["house-ways", "--check", "foxwoods", flag, "300"]).stdout


def test_an_empty_bet_and_a_folder_plugin_are_said_plainly(tmp_path):
    result = runner.invoke(app, ["advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D", "--bet", ""])
    assert (
        result.exit_code == 2
        and result.stderr.strip() == "Error: --bet is empty: give dollars and cents, e.g. 5 or 12.50"
    )
    result = runner.invoke(app, ["house", HAND, "--house-way", str(tmp_path)])
    assert result.exit_code == 2 and "that is a folder" in result.stderr and "no such file" not in result.stderr


# --- 16. the cache: a damaged table is not called current; clear asks, and chooses --------------------------------


def fill_cache(folder) -> None:
    """A dealer table, a damaged one, and a whole-game answer of two house ways."""
    from paigow_cli.engine.cache import source_digest

    digest = source_digest()
    source = folder / f"dealer-foxwoods-second-v1-{digest}.npz"
    damaged = folder / f"dealer-ballys-second-v1-{digest}.npz"
    damaged.write_bytes(source.read_bytes()[:100_000])
    (folder / f"edge-foxwoods-second-classic-player-abc-v1-{digest}.npz").write_bytes(source.read_bytes())
    (folder / f"edge-trump-plaza-second-classic-player-abc-v1-{digest}.npz").write_bytes(source.read_bytes())


@pytest.fixture
def own_cache(tmp_path, monkeypatch, cache_folder, foxwoods_table):
    """A cache folder of its own, holding a copy of the session's foxwoods table."""
    for table in cache_folder.glob("dealer-foxwoods-second-*.npz"):
        (tmp_path / table.name).write_bytes(table.read_bytes())
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_cache_info_does_not_call_a_truncated_table_current(own_cache, foxwoods_table):
    fill_cache(own_cache)
    tables = {row["file"]: row for row in json.loads(runner.invoke(app, ["cache", "info", "--json"]).stdout)["tables"]}
    assert [row["current"] for name, row in tables.items() if name.startswith("dealer-ballys")] == [False]
    assert all(row["current"] for name, row in tables.items() if name.startswith("dealer-foxwoods"))
    shown = runner.invoke(app, ["cache", "info"], env={"COLUMNS": "200"}).stdout
    assert "damaged" in next(line for line in shown.splitlines() if line.startswith("dealer-ballys"))
    assert "damaged: truncated or garbled, not read (built again when used)." in shown


def test_cache_clear_chooses_tables_answers_or_a_house_way(own_cache, foxwoods_table):
    fill_cache(own_cache)
    assert (
        "removed 1 cached table"
        in runner.invoke(app, ["cache", "clear", "--answers", "--house-way", "trump-plaza"]).stdout
    )
    assert sorted(path.name.split("-")[0] for path in own_cache.glob("*.npz")) == ["dealer", "dealer", "edge"]
    assert "removed 2 cached tables" in runner.invoke(app, ["cache", "clear", "--tables", "--yes"]).stdout
    assert [path.name.split("-")[1] for path in own_cache.glob("*.npz")] == ["foxwoods"]  # the answer stays


def test_cache_clear_asks_first_on_a_terminal(own_cache, foxwoods_table):
    import pty
    import select
    import time

    fill_cache(own_cache)

    def clear(reply: bytes) -> str:
        leader, follower = pty.openpty()
        process = subprocess.Popen(
            [sys.executable, "-m", "paigow_cli", "cache", "clear"],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            close_fds=True,
            env=dict(os.environ, PAIGOW_CACHE_DIR=str(own_cache)),
        )
        os.close(follower)
        shown, deadline = b"", time.time() + 60
        while b"[y/N]" not in shown and time.time() < deadline:
            if select.select([leader], [], [], 0.1)[0]:
                shown += os.read(leader, 65536)
        os.write(leader, reply)
        process.wait(timeout=60)
        try:
            while select.select([leader], [], [], 0.2)[0]:
                shown += os.read(leader, 65536)
        except OSError:
            pass
        os.close(leader)
        return shown.decode("utf-8", "replace")

    said = clear(b"n\r")
    assert "Remove 4 cached files, 2 of them whole-game answers (minutes each to count again)? [y/N]" in said
    assert "nothing removed" in said and len(list(own_cache.glob("*.npz"))) == 4
    assert "removed 4 cached tables" in clear(b"y\r") and not list(own_cache.glob("*.npz"))


# --- 10-12. the interactive parts -------------------------------------------------------------------------------


def scripted_input(monkeypatch, answers: list[str]) -> None:
    """Answer the prompts in turn: a string is typed, "^C" is Ctrl-C, "^D" is Ctrl-D."""
    import builtins

    queue = list(answers)

    def answer(prompt: str = "") -> str:
        print(prompt, end="")
        if not queue:
            raise EOFError
        typed = queue.pop(0)
        if typed == "^C":
            raise KeyboardInterrupt
        if typed == "^D":
            raise EOFError
        return typed

    monkeypatch.setattr(builtins, "input", answer)


def test_a_bankers_foul_in_the_drill_is_reset_and_scored_once(foxwoods_table):
    from paigow_cli.cli.commands.drill import drill_grade_text
    from paigow_cli.cli.output import show
    from paigow_cli.core.cards import parse_cards
    from paigow_cli.core.rules import Rules
    from paigow_cli.study.drill import Drill

    drill = Drill(Rules(banker=True), foxwoods_table, seed=1, count=1)
    grade = drill.grade(parse_cards("AS AH KD 9C 7S 4D 2H"), "AS AH")
    assert grade.fouled and grade.reset and not grade.found_best
    assert (drill.score.hands, drill.score.best, drill.score.fouls) == (1, 0, 1)
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=80)
    show(console, drill_grade_text(grade))
    said = " ".join(console.file.getvalue().split())
    assert "reset to the house way" in said and "loses outright" not in said


def test_every_chip_on_a_line_counts(foxwoods_table):
    from decimal import Decimal

    from paigow_cli.core.rules import Rules
    from paigow_cli.study.table_game import TableGame

    game = TableGame(Rules(), Decimal(500), seed=1, table=lambda: foxwoods_table)
    game.handle("25 25")
    assert game.wager == 50
    game.handle("5 5 5")
    assert game.wager == 65
    game.handle("side 5 5")
    assert game.side_wager == 10 and game.balance == 500 - 65 - 10


def test_ctrl_c_leaves_the_table_with_exit_130_after_asking(foxwoods_table, cache_folder, monkeypatch):
    scripted_input(monkeypatch, ["10", "deal", "^C", "yes"])
    result = runner.invoke(app, ["play", "--seed", "1"])
    assert result.exit_code == 130, result.stdout
    assert "Type yes to fold" in result.stdout or "fold?" in result.stdout
    scripted_input(monkeypatch, ["10", "deal", "^C", "no", "quit", "yes"])
    assert runner.invoke(app, ["play", "--seed", "1"]).exit_code == 0  # stayed, then quit: a normal end


def test_ctrl_d_at_a_terminal_asks_before_folding(foxwoods_table, cache_folder, monkeypatch):
    import paigow_cli.cli.commands.play as play

    monkeypatch.setattr(play, "stdin_is_terminal", lambda: True)
    scripted_input(monkeypatch, ["10", "deal", "^D", "no", "house", "quit"])
    result = runner.invoke(app, ["play", "--seed", "1"])
    assert result.exit_code == 0
    assert "fold?>" in result.stdout and "High hand:" in result.stdout  # asked, stayed, and played on


def test_ctrl_c_ends_the_drill_with_its_summary_and_exit_130(foxwoods_table, cache_folder, monkeypatch):
    scripted_input(monkeypatch, ["^C"])
    result = runner.invoke(app, ["drill", "--count", "2", "--seed", "5"])
    assert result.exit_code == 130 and "No hands graded." in result.stdout


def test_the_drill_shows_the_running_score_after_every_hand(foxwoods_table, cache_folder, monkeypatch):
    scripted_input(monkeypatch, ["AD QH", "q"])
    result = runner.invoke(app, ["drill", "--count", "2", "--seed", "5"], input="")
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert any(line.startswith("Score: ") and " of 1 best" in line for line in lines), result.stdout
