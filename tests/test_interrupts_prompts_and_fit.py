"""What a new user meets in an afternoon: interrupts, money, notices, error texts, pasted cards,
the table game's prompts, pipelines, options, and text that fits 80 columns."""

from __future__ import annotations

import io
import itertools
import json
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import pytest
from helpers import cards, command_paths, one_error
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import Rules
from paigow_cli.engine.cache import DIGEST_MEMO

ROOT = Path(__file__).resolve().parent.parent
HAND = "AS KD JK 9H 9C 4D 2S"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def paigow(*args: str, env: dict | None = None, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "paigow_cli", *args],
        env=env or dict(os.environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **kwargs,
    )


def group_gone(pgid: int, seconds: float = 2.0) -> bool:
    """True once no process of the group is left (children reaped or killed)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


# --- 1. Ctrl-C at any moment of a build --------------------------------------------------------------


def interrupt_build_at(delay: float) -> None:
    cache = tempfile.mkdtemp(prefix="paigow-interrupt-")
    process = paigow("cache", "build", "--all", env=dict(os.environ, PAIGOW_CACHE_DIR=cache))
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    started = time.time()
    _, err = process.communicate(timeout=10)
    assert time.time() - started < 1.0, f"took {time.time() - started:.2f} s to stop"
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "Interrupted." and "Traceback" not in err and "Exception" not in err, err
    assert group_gone(process.pid), "worker processes were left behind"
    # no partial file (the digest memo is whole or absent: written by an atomic rename)
    assert not [name for name in os.listdir(cache) if not name.endswith(".npz") and name != DIGEST_MEMO], os.listdir(
        cache
    )


@pytest.mark.parametrize("delay", [0.3, 1.5, 3.0])
def test_ctrl_c_during_a_build_exits_130_at_once_leaving_nothing(delay):
    interrupt_build_at(delay)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.1, 0.6, 1.0, 2.0, 2.5, 4.0, 5.0, 7.0, 9.0, 12.0])
def test_ctrl_c_at_many_moments_of_a_build(delay):
    interrupt_build_at(delay)


def test_ctrl_c_while_workers_start_is_held_whichever_thread_takes_it():
    """A pool starts while other threads run (a progress bar's refresh thread): a SIGINT sent to
    the process may land on any thread, and must still wait for the end of the block."""
    import threading

    from paigow_cli.engine.worker_pool import interrupts_held

    stop = threading.Event()
    others = [threading.Thread(target=stop.wait) for _ in range(4)]
    for thread in others:
        thread.start()
    inside = []
    try:
        with pytest.raises(KeyboardInterrupt), interrupts_held():
            for _ in range(20):
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.005)  # time for the handler to run in the main thread
                inside.append(True)
    finally:
        stop.set()
        for thread in others:
            thread.join()
    assert len(inside) == 20  # no interrupt inside the block
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is put back


def test_an_interrupted_simulation_reports_what_it_has(foxwoods_table, cache_folder):
    process = paigow(
        "simulate",
        "--hands",
        "500000000",
        "--seed",
        "1",
        "--json",
        env=dict(os.environ, PAIGOW_CACHE_DIR=str(cache_folder)),
    )
    time.sleep(3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 130, err
    document = json.loads(out)
    assert document["interrupted"] is True and 0 < document["hands"] < 500_000_000
    said = err.strip().splitlines()  # the progress line a long piped run starts with, then the interruption
    assert said[0].startswith("simulating 500,000,000 rounds") and said[-1].startswith("Note: interrupted at")
    assert len(said) == 2


# --- 2. money -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", ["nan", "inf", "-inf", "1e300", "0", "-5", "0.001", "abc", ""])
def test_bad_bets_are_refused_naming_the_option(amount):
    one_error(run("advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D", "--bet", amount), 2, "--bet")


@pytest.mark.parametrize("amount", ["nan", "inf", "1e300", "-1", "10.005"])
def test_bad_bankrolls_are_refused_naming_the_option(amount):
    one_error(run("play", "--bankroll", amount), 2, "--bankroll")


def test_good_amounts_pay_in_cents():
    document = json.loads(run("advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D", "--bet", "$12.50", "--json").stdout)
    assert document["bet"] == 12.5 and any(
        row["payout"] == 11.88 or row["payout"] == 11.875 for row in document["splits"]
    )


# --- 3, 4. build notices --------------------------------------------------------------------------------


def test_the_build_notice_shows_only_when_building():
    from paigow_cli.cli.output import progress_bar

    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stderr", err)
        with progress_bar("Building", "building the foxwoods dealer table, a few seconds, once") as progress:
            pass  # a table that only loads never calls progress
        assert err.getvalue() == ""
        with progress_bar("Building", "building the foxwoods dealer table, a few seconds, once") as progress:
            progress(0, 10)
            progress(5, 10)
            progress(10, 10)
    assert err.getvalue().splitlines() == ["building the foxwoods dealer table, a few seconds, once"]


def run_in_terminal(args: list[str], env: dict, seconds: float = 30) -> str:
    """Run paigow with stdout and stderr on a pseudo-terminal; return what it showed."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "paigow_cli", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    shown = b""
    deadline = time.time() + seconds
    while time.time() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=10)
    os.close(leader)
    return shown.decode("utf-8", "replace")


def test_loading_a_cached_table_in_a_terminal_shows_no_build_bar(foxwoods_table, cache_folder):
    shown = run_in_terminal(["advise", HAND], dict(os.environ, PAIGOW_CACHE_DIR=str(cache_folder), COLUMNS="80"))
    assert "exact over 53,524,680" in shown and "Building" not in shown and "building" not in shown


@pytest.mark.slow
def test_a_first_build_in_a_pipe_says_so_in_one_line(tmp_path):
    process = paigow("advise", HAND, env=dict(os.environ, PAIGOW_CACHE_DIR=str(tmp_path)))
    _out, err = process.communicate(timeout=120)
    assert process.returncode == 0
    first, *later = err.strip().splitlines()
    assert first == "building the foxwoods dealer table once: about 5 seconds on two quiet cores"
    # a machine slower than LOG_EVERY at it logs its progress too, and nothing else
    assert all(line.startswith("Building the foxwoods dealer table (once): ") for line in later), later


# --- 5. error texts ---------------------------------------------------------------------------------------


def test_error_texts_say_what_is_allowed_with_a_fitting_example():
    line = one_error(run("advise", HAND, "--dead", ""), 2, "--dead", "1 to 46 cards", "e.g. AH 7C")
    assert "45" not in line
    all_47 = " ".join(str(card) for card in DECK[:47])
    line = one_error(run("power", "--dead", all_47), 2, "--dead", "1 to 46 cards, got 47")
    assert "2S 2H" not in line
    line = one_error(run("advise", HAND, "--low", ""), 2, "--low", "2 cards", "e.g. KD 4D")
    assert line.count("--low") == 1
    line = one_error(run("advise", HAND, "--house-way", "caesars"), 2, "--house-way", "'caesars'", "foxwoods")
    assert "Value error" not in line
    one_error(run("play", "--bankroll", "nan"), 2, "--bankroll", "e.g. 5")


# --- 6. pasted cards -----------------------------------------------------------------------------------------


def test_emoji_variation_selectors_and_a_byte_order_mark_are_ignored():
    assert run("house", "A\u2660\ufe0f", "K\u2666\ufe0f", "JK", "9H", "9C", "4D", "2S").exit_code == 0
    result = run("house", "-", "--json", input="\ufeffAS KD JK 9H 9C 4D 2S\n")
    assert result.exit_code == 0 and json.loads(result.stdout)["hand"][0] == "JK"


# --- 7, 8, 13, 14, 15. the table game's prompts --------------------------------------------------------------


def table_game(foxwoods_table, hand: str = "TD 9D 8S 7C 5C 3D 3C"):
    from paigow_cli.study.table_game import TableGame

    dealt = cards(hand)
    dealer = tuple(card for card in DECK if card not in dealt)[:7]
    game = TableGame(Rules(), Decimal(100), seed=1, table=lambda: foxwoods_table, deal=lambda: (dealt, dealer))
    game.handle("10")
    game.handle("deal")
    return game


def texts(events) -> str:
    return " ".join(getattr(event, "text", "") for event in events)


def test_play_never_echoes_control_characters(foxwoods_table):
    from paigow_cli.study.table_game import TableGame

    game = TableGame(Rules(), Decimal(100), seed=1, table=lambda: foxwoods_table)
    said = texts(game.handle("\x1b[2Jboom\x07"))
    assert "\x1b" not in said and "\x07" not in said and "\\x1b" in said
    played = table_game(foxwoods_table)
    assert "\x1b" not in texts(played.handle("AS \x1b[31m"))


def test_quit_at_the_set_prompt_asks_first_and_says_what_the_hand_is_worth(foxwoods_table):
    from paigow_cli.study.table_game import Phase

    game = table_game(foxwoods_table)
    asked = texts(game.handle("quit"))
    assert game.phase is Phase.CONFIRM_FOLD and "forfeits your $10 wager" in asked and "EV" in asked
    assert "Back to your hand" in texts(game.handle("no")) and game.phase is Phase.SETTING
    game.interrupt()  # Ctrl-C asks the same question
    assert game.phase is Phase.CONFIRM_FOLD
    game.handle("yes")
    assert game.over and game.balance == 90


def test_fold_asks_for_confirmation_when_the_hand_is_worth_more_than_minus_one(foxwoods_table):
    from paigow_cli.study.table_events import Folded
    from paigow_cli.study.table_game import Phase

    game = table_game(foxwoods_table)
    assert "Folding forfeits" in texts(game.handle("fold")) and game.phase is Phase.CONFIRM_FOLD
    events = game.handle("y")
    assert isinstance(events[0], Folded) and game.phase is Phase.BETTING
    assert "quit" in texts(table_game(foxwoods_table).handle("help"))


def test_every_prompt_understands_help_and_words_are_never_cards(foxwoods_table):
    from paigow_cli.study.drill import Drill

    game = table_game(foxwoods_table)
    said = texts(game.handle("clear"))
    assert "not a command here" in said and "not a card" not in said
    drill = Drill(Rules(), foxwoods_table, seed=1, count=1)
    hand = next(drill.hands())
    assert drill.respond(hand, "help").kind == "help"
    assert drill.respond(hand, "skip").kind == "skip"
    hint = drill.respond(hand, "hint")
    assert hint.kind == "hint" and hint.advice is not None
    reply = drill.respond(hand, "clear")
    assert reply.kind == "error" and "not a command" in reply.text
    graded = drill.respond(hand, " ".join(map(str, hint.advice.best_row.split.low)))
    assert graded.kind == "grade" and drill.score.hands == 0  # a hinted hand is not scored


def test_hint_shows_dollars_at_the_wager(foxwoods_table):
    from rich.console import Console

    from paigow_cli.cli.commands.play import play_event_text
    from paigow_cli.cli.output import show

    game = table_game(foxwoods_table)
    console = Console(file=io.StringIO(), width=80)
    show(console, play_event_text(game.handle("hint")[0]))
    assert re.search(r"EV [+-]\d\.\d{4} \([+-]\$\d+\.\d\d on your \$10\)", console.file.getvalue())


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_prompts_have_line_editing_and_history(foxwoods_table, cache_folder):
    """In a terminal, up-arrow brings back the last input (readline): help is shown twice."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "paigow_cli", "drill", "--count", "1", "--seed", "1"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        close_fds=True,
        env=dict(os.environ, PAIGOW_CACHE_DIR=str(cache_folder), COLUMNS="200", TERM="xterm"),
    )
    os.close(follower)

    def read_for(seconds: float) -> str:
        shown, deadline = b"", time.time() + seconds
        while time.time() < deadline:
            if select.select([leader], [], [], 0.1)[0]:
                try:
                    shown += os.read(leader, 65536)
                except OSError:
                    break
        return shown.decode("utf-8", "replace")

    read_for(3)
    os.write(leader, b"help\r")
    read_for(1)
    os.write(leader, b"\x1b[A\r")  # up arrow: the last input again
    shown = read_for(1.5)
    os.write(leader, b"q\r")
    read_for(1)
    process.kill()
    process.wait()
    os.close(leader)
    assert "^[[A" not in shown and "Name the two cards for your low hand" in shown


# --- 16, 17, 18, 19. pipelines and options ---------------------------------------------------------------------------


def test_deal_with_the_dealer_pipes_into_advise():
    dealt = run("deal", "--count", "3", "--seed", "5", "--dealer").stdout
    result = run("advise", "-", "--bet", "5", "--json", input=dealt)
    assert result.exit_code == 0, result.stderr
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(documents) == 3 and all("dealer" in document and document["bet"] == 5 for document in documents)


def test_options_that_would_be_ignored_are_errors():
    one_error(run("advise", HAND, "--bet", "5"), 2, "--bet", "--dealer")
    one_error(run("cache", "build", "--all", "--house-way", "ballys"), 2, "--all", "--house-way")
    one_error(run("advise", "-", "--low", "KD 4D", input=HAND + "\n"), 2, "--low", "batch")


@pytest.mark.parametrize("command", [["deal", "--seed", "1"], ["simulate", "--seed", "1", "--json"]])
@pytest.mark.parametrize("spelling", ["--count", "-n", "--hands"])
def test_count_and_hands_are_one_idea(command, spelling, foxwoods_table):
    result = run(*command, spelling, "2")
    assert result.exit_code == 0, result.output
    if command[0] == "simulate":
        assert json.loads(result.stdout)["hands"] == 2
    else:
        assert len(result.stdout.splitlines()) == 2


def test_advise_dealer_orders_by_result_and_lists_only_marks_shown():
    result = run("advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D")
    lines = result.stdout.splitlines()
    rows = [line for line in lines if re.match(r"^\s?\d+ ", line) and "hidden" not in line]
    results = [("foul" in row, 0 if " win " in row else 1 if " push " in row else 2) for row in rows]
    assert results == sorted(results)
    assert lines[-1].strip() == "H house way  F foul"  # no B or Y: nothing is marked best or yours
    assert "hidden" in result.stdout
    assert "hidden" not in run("advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D", "--all").stdout


# --- 9, 21. the cache folder ----------------------------------------------------------------------------------


def test_cache_info_lists_the_tables_not_built_yet(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(tmp_path))
    document = json.loads(run("cache", "info", "--json").stdout)
    assert len(document["not_built"]) == 16
    assert "foxwoods dealer table, second wheel" in run("cache", "info").stdout


def test_a_cache_folder_that_is_a_file_is_said_plainly(tmp_path, monkeypatch):
    folder = tmp_path / "not-a-folder"
    folder.write_text("")
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(folder))
    result = run("cache", "info")
    assert result.exit_code == 0 and "is a file, not a folder" in result.stdout and "No tables yet" not in result.stdout


@pytest.mark.slow
def test_a_cache_folder_that_is_a_file_still_answers_with_one_note(tmp_path):
    folder = tmp_path / "not-a-folder"
    folder.write_text("")
    process = paigow("advise", HAND, env=dict(os.environ, PAIGOW_CACHE_DIR=str(folder)))
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0 and "exact over" in out
    assert err.count("is a file, not a folder") == 1 and "cannot write" not in err


# --- 10, 22. text that fits ------------------------------------------------------------------------------------


def rendered(renderable) -> list[str]:
    from rich.console import Console

    from paigow_cli.cli.output import show

    console = Console(file=io.StringIO(), width=80, highlight=False)
    show(console, renderable)
    return console.file.getvalue().splitlines()


def assert_fits(lines: list[str]) -> None:
    for line in lines:
        assert len(line) <= 80, line
        assert line == line.rstrip(), repr(line)
    assert "…" not in "\n".join(lines)


def advise_fits(table, hands: int, seed: int) -> None:
    from paigow_cli.analysis.hand.advice import advise
    from paigow_cli.cli.commands.advise import advise_text

    rng = random.Random(seed)
    for number in range(hands):
        hand = tuple(rng.sample(DECK, 7))
        dealer = tuple(rng.sample([card for card in DECK if card not in hand], 7)) if number % 3 == 0 else None
        advice = advise(
            hand,
            Rules(banker=number % 7 == 0),
            table=None if dealer else table,
            dealer=dealer,
            low=hand[:2] if number % 2 else None,
        )
        lines = rendered(advise_text(advice, show_all=number % 5 == 0))
        assert_fits(lines)
        separator = next(index for index, line in enumerate(lines) if line.startswith("───"))
        for line in lines[separator + 1 :]:  # table rows never wrap
            if not line.strip() or "hidden" in line or re.match(r"^[BHYF] ", line):
                break
            assert re.match(r"^\s?\d+ ", line), (line, hand)
        if dealer is None:
            assert "EV" in next(line for line in lines if line.startswith("Best:"))


@pytest.mark.slow
def test_advise_fits_80_columns_over_random_hands(foxwoods_table):
    advise_fits(foxwoods_table, 400, seed=80)


@pytest.mark.slow
def test_advise_fits_80_columns_over_thousands_of_hands(foxwoods_table):
    advise_fits(foxwoods_table, 3000, seed=81)


def test_every_command_fits_80_columns(foxwoods_table, cache_folder, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for args in (
        ["simulate", "--hands", "1", "--seed", "2026"],
        ["simulate", "--hands", "1000", "--seed", "1", "--game", "commission-free", "--banker"],
        ["odds", "--dead", "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD JC TS TH"],
        ["power"],
        ["house", HAND, "--house-way", "santa-ana-star"],
        ["house-ways"],
        ["bonus", "AS KS QS JS TS KH QH"],
        ["bonus", "--odds", "--table", "fortune"],
        ["cache", "info"],
        ["eval", HAND],
    ):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert_fits(result.stdout.splitlines())
    assert "1 round of" in run("simulate", "--hands", "1", "--seed", "1").stdout


# --- 11. help ---------------------------------------------------------------------------------------------------


COMMANDS = [" ".join(path) for path in command_paths()]  # from the app itself: none is left out


@pytest.mark.parametrize("command", COMMANDS)
def test_help_pages_read_well_at_80_columns(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    page = run(*command.split(), "--help").stdout
    assert "<bool>" not in page and "list[str]" not in page
    assert "clar\n" not in page and "clar/" not in page
    if command not in ("eval", "advise", "house", "bonus"):
        assert "stdin batch" not in page
    prose = [
        line.strip(" │")
        for line in page.splitlines()
        if line.startswith(" ") and not line.strip().startswith(("$", "│", "╭", "╰", "Usage"))
    ]
    for first, second in itertools.pairwise(prose):  # a paragraph line ends short only where the paragraph ends
        if first and second and len(first) < 60:
            assert first.endswith((".", ":", ")")) or second[:1].isupper() or second.startswith("$"), (first, second)
    if command == "house":
        assert "dealer's hand" not in page


# --- text that fits -------------------------------------------------------------------------------------


def help_command(command: str):
    """The click command behind ``paigow COMMAND`` (for its options' metavars)."""
    import typer.main

    group = typer.main.get_command(app)
    for word in command.split():
        group = group.commands[word]  # type: ignore[attr-defined]
    return group


@pytest.mark.parametrize("command", COMMANDS)
def test_help_never_splits_a_metavar_or_an_example(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    page = run(*command.split(), "--help").stdout
    cells = "\n".join(line.strip(" │") for line in page.splitlines())
    clicked = help_command(command)
    context = clicked.make_context(command, [], resilient_parsing=True)
    for param in clicked.params:
        if getattr(param, "hidden", False) or getattr(param, "is_flag", False):
            continue  # a flag shows no metavar
        metavar = param.make_metavar(context)
        assert metavar in cells, (command, metavar)  # whole, on one line
    lines = page.splitlines()
    for at, line in enumerate(lines[:-1]):  # an example is one line: the next is blank or another example
        if line.lstrip().startswith("$ "):
            following = lines[at + 1].strip()
            assert not following or following.startswith("$ "), (line, following)
    assert "…" not in page


def test_bonus_help_names_every_line_pays_can_change(monkeypatch):
    from paigow_cli.analysis.money.pay_tables import PAY_TABLES

    monkeypatch.setenv("COLUMNS", "80")
    page = " ".join(run("bonus", "--help").stdout.split())
    for name, table in PAY_TABLES.items():
        assert name in page
        for line, _ in table.lines:
            assert line.slug in page, (name, line.slug)


def test_wrapped_lines_keep_their_indent(tmp_path, monkeypatch):
    """house-ways sources, --check examples and clause texts wrap under themselves, never at column 0."""
    from rich.console import Console

    from paigow_cli.cli.output import indented, show

    console = Console(file=io.StringIO(), width=30)
    show(console, indented("Straight or flush, one pair: complete hand in back", 8))
    assert all(line.startswith(" " * 8) for line in console.file.getvalue().splitlines())
    monkeypatch.setenv("COLUMNS", "60")
    names = {way["name"] for way in json.loads(run("house-ways", "--json").stdout)}
    for line in run("house-ways").stdout.splitlines():
        assert line.startswith("    ") or line.split()[0] in names, line
    plugin = tmp_path / "twice.py"
    plugin.write_text(
        "from paigow_cli.house_ways.api import Decision, HouseWay\n\n"
        "class Twice(HouseWay):\n"
        "    name, casino, source = 'twice', 'Test casino', 'a test'\n\n"
        "    def two_pair(self, hand):\n        return self.split_two_pair(hand, 'Two pair')\n\n"
        "    def four_of_a_kind(self, hand):\n        return self.split_quads(hand, 'Four of a kind')\n\n"
        "    def straight_or_flush(self, hand):\n        return None\n\n"
        "    def one_pair(self, hand):\n        return Decision((hand.cards[0], hand.cards[0]), 'twice')\n"
    )
    check = run("house-ways", "--check", str(plugin), "--hands", "400").stdout.splitlines()
    assert len(check) > 4 and all(line.startswith("  ") for line in check[2:]), check  # headings hang too


def test_an_interrupted_count_notes_after_its_bar_is_gone(monkeypatch, foxwoods_table):
    """Ctrl-C during edge: the bar is closed first, so the note gets a line of its own."""
    from contextlib import contextmanager

    import typer

    from paigow_cli.analysis.game import store as answer_cache
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.strategy import answers as edge
    from paigow_cli.cli import counting

    events: list[str] = []

    @contextmanager
    def bar(description, plain=None):
        events.append("bar shown")
        try:
            yield lambda done, total: None
        finally:
            events.append("bar gone")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(counting, "progress_bar", bar)
    monkeypatch.setattr(counting, "note", lambda text: events.append("note"))
    monkeypatch.setattr(edge, "compute_all", interrupted)
    monkeypatch.setattr(answer_cache, "cached_result", lambda question: None)
    with pytest.raises(typer.Exit):
        counting.count_sets([[Question(Rules())]], jobs=1, scheduler=None)
    assert events == ["bar shown", "bar gone", "note"], events


@pytest.mark.parametrize("width", [50, 64])
def test_narrow_terminals_get_whole_numbers(width, foxwoods_table, cache_folder, monkeypatch):
    """Below 80 columns a table drops or wraps columns: no number (or anything) is cut with '…'."""
    monkeypatch.setenv("COLUMNS", str(width))
    for args in (
        ["advise", HAND],
        ["advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D"],
        ["bonus", "--odds", "--table", "fortune"],
        ["bonus", "AS KS QS JS TS KH QH"],
        ["power"],
        ["odds", "--dead", "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD JC TS TH"],
        ["cache", "info"],
    ):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        page = result.stdout
        assert "…" not in page, (args, page)
        assert all(len(line) <= width for line in page.splitlines()), (args, page)
    assert re.search(r"\+0\.7008", run("advise", HAND).stdout)
