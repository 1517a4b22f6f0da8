"""The command line, run in-process: output, JSON fields, batches, errors and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers import command_paths, random_hands
from typer.testing import CliRunner

from paigow_cli import __version__
from paigow_cli.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
HAND = "AS KD JK 9H 9C 4D 2S"


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def json_of(*args: str, input: str | None = None):
    result = run(*args, "--json", input=input)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def assert_one_error_line(result, code: int, *fragments: str):
    assert result.exit_code == code
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.output


# --- eval --------------------------------------------------------------------------------------


def test_eval_five_cards_json():
    assert json_of("eval", "JK KS 9S 6S 3S") == {
        "cards": ["JK", "KS", "9S", "6S", "3S"],
        "category": "flush",
        "label": "Flush, ace-high",
        "best": ["JK", "KS", "9S", "6S", "3S"],
    }


def test_eval_seven_cards_names_the_best_five():
    document = json_of("eval", HAND)
    assert document["label"] == "Two pair, aces and nines, king kicker"
    assert document["best"] == ["JK", "AS", "KD", "9H", "9C"]


def test_eval_two_cards_and_wheel_option():
    assert json_of("eval", "jk as")["label"] == "Pair of aces"
    assert json_of("eval", "jk 2c 3d 4h 5s", "--wheel", "low")["label"] == "Straight, six-high"


def test_eval_text_output():
    result = run("eval", "as ks qs js ts")
    assert result.exit_code == 0
    assert result.stdout.strip() == "A♠ K♠ Q♠ J♠ T♠:  Straight flush, royal"


# --- advise ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _cache(cache_folder):
    """Every CLI test shares the session's table cache."""


def test_advise_json_lists_21_splits_fouls_last():
    document = json_of("advise", HAND, "--dealer", "KS KH JD 8C 7S 4H 3D")
    assert document["hand"] == ["JK", "AS", "KD", "9H", "9C", "4D", "2S"]
    assert document["rules"]["wheel"] == "second"
    splits = document["splits"]
    assert len(splits) == 21
    assert set(splits[0]) >= {"high", "low", "high_hand", "low_hand", "foul"}
    order = {"win": 0, "push": 1, "lose": 2}
    ranks = [(s["foul"], order[s["result"]]) for s in splits]
    assert ranks == sorted(ranks)  # wins first, then pushes, losses, fouls (rules of --dealer's table)
    assert next(s for s in splits if s["low"] == ["4D", "2S"]) == {
        "high": ["JK", "AS", "KD", "9H", "9C"],
        "low": ["4D", "2S"],
        "high_hand": "Two pair, aces and nines, king kicker",
        "low_hand": "High card, 4-2",
        "high_category": "two-pair",
        "low_category": "high-card",
        "foul": False,
        "house_way": False,
        "is_house_way": False,
        "result": "push",
        "copy_high": False,
        "copy_low": False,
        "game_push": False,
        "reset": False,
        "payout": 0.0,
    }
    assert splits[-1]["foul"] and splits[-1]["low"] == ["JK", "AS"]
    assert [s["foul"] for s in splits] == sorted(s["foul"] for s in splits)


def test_advise_marks_the_house_way_setting():
    document = json_of("advise", HAND)
    assert document["house_way"]["low"] == ["9H", "9C"]
    assert document["house_way"]["rule"].startswith("Two pair")
    marked = [s for s in document["splits"] if s["house_way"]]
    assert len(marked) == 1 and marked[0]["low"] == ["9H", "9C"]


DEALER = "KS KH JD 8C 7S 4H 3D"


def test_advise_with_dealer_settles_every_split():
    document = json_of("advise", HAND, "--dealer", DEALER, "--bet", "5")
    assert document["dealer"] == {
        "hand": ["KS", "KH", "JD", "8C", "7S", "4H", "3D"],
        "high": ["KS", "KH", "7S", "4H", "3D"],
        "low": ["JD", "8C"],
        "high_hand": "Pair of kings, 7-4-3",
        "low_hand": "High card, J-8",
        "rule": "One pair: pair in back, the two highest other cards in front",
    }
    by_low = {tuple(s["low"]): s for s in document["splits"]}
    win = by_low[("KD", "4D")]
    assert (win["result"], win["payout"], win["copy_high"], win["copy_low"]) == ("win", 4.75, False, False)
    assert by_low[("4D", "2S")]["result"] == "push"
    foul = by_low[("JK", "AS")]
    assert (foul["foul"], foul["result"], foul["payout"]) == (True, "lose", -5.0)


def test_advise_reports_copies():
    document = json_of("advise", "KD KC JS 8H 7D 4S 3C", "--dealer", DEALER)
    house = next(s for s in document["splits"] if s["house_way"])
    assert (house["copy_high"], house["copy_low"], house["result"]) == (True, True, "lose")


def test_advise_low_reports_your_setting():
    document = json_of("advise", HAND, "--low", "AS JK")
    assert document["chosen"]["foul"] is True
    document = json_of("advise", HAND, "--low", "kd 4d", "--dealer", DEALER)
    assert (document["chosen"]["low"], document["chosen"]["result"]) == (["KD", "4D"], "win")
    text = run("advise", HAND, "--low", "AS JK").stdout
    assert "FOUL" in text


def test_advise_house_way_option_changes_the_dealer():
    foxwoods = json_of("advise", HAND, "--dealer", "JS JH 3D 3C AH 8D 2H")
    trump = json_of("advise", HAND, "--dealer", "JS JH 3D 3C AH 8D 2H", "--house-way", "trump-plaza")
    assert foxwoods["dealer"]["low"] == ["3D", "3C"]  # high pair aces to jacks: always split
    assert trump["dealer"]["low"] == ["AH", "8D"]  # low and high with an ace: kept together


# --- house --------------------------------------------------------------------------------------


def test_house_json_fields():
    assert json_of("house", "5s 5h 4d 4c ks 9d 2h", "--house-way", "trump-plaza") == {
        "hand": ["KS", "9D", "5S", "5H", "4D", "4C", "2H"],
        "house_way": "trump-plaza",
        "high": ["5S", "5H", "4D", "4C", "2H"],
        "low": ["KS", "9D"],
        "high_hand": "Two pair, fives and fours, two kicker",
        "low_hand": "High card, K-9",
        "rule": "Two pair, fives and fours (low and low), a king or better can go in front: "
        "kept together, two highest other cards in front",
    }


def test_house_batch_json_lines():
    result = run("house", "-", "--json", input="9S 9H 4D 4C AS KD 2H\nnot cards\nAS AH AD AC JK KS KD\n")
    assert result.exit_code == 1
    lows = [json.loads(line).get("low") for line in result.stdout.splitlines()]
    assert lows == [["AS", "KD"], None, ["KS", "KD"]]  # the bad line's object holds its error
    assert_one_error_line(result, 1, "line 2")


def test_house_ways_lists_every_house_way():
    document = json_of("house-ways")
    assert [way["name"] for way in document] == [
        "foxwoods",
        "trump-plaza",
        "claridge",
        "ballys",
        "flamingo",
        "golden-nugget",
        "santa-ana-star",
    ]
    assert all(way["casino"] and way["source"] for way in document)


def test_advise_ranks_by_exact_ev(foxwoods_table):
    document = json_of("advise", HAND)
    splits = document["splits"]
    assert len(splits) == 21
    evs = [split["ev"] for split in splits]
    assert evs == sorted(evs, reverse=True)
    best = splits[0]
    assert best["best"] and best["house_way"] and best["low"] == ["9H", "9C"]
    assert (best["wins"], best["pushes"], best["losses"], best["total"]) == (41261533, 10576003, 1687144, 53524680)
    assert best["win"] == pytest.approx(41261533 / 53524680)
    assert best["ev"] == pytest.approx((0.95 * 41261533 - 1687144) / 53524680)
    assert sum(split["best"] for split in splits) == 1
    assert all(split["wins"] + split["pushes"] + split["losses"] == split["total"] for split in splits)
    assert splits[-1]["foul"] and splits[-1]["ev"] == -1


def test_advise_commission_changes_ev_not_counts(foxwoods_table):
    free = json_of("advise", HAND, "--commission", "0")["splits"][0]
    assert free["wins"] == 41261533
    assert free["ev"] == pytest.approx((41261533 - 1687144) / 53524680)


def test_advise_low_reports_ev_given_up(foxwoods_table):
    chosen = json_of("advise", HAND, "--low", "kd 4d")["chosen"]
    assert chosen["low"] == ["KD", "4D"]
    assert chosen["ev_given_up"] == pytest.approx(0.7008227 - chosen["ev"], abs=1e-6)
    text = run("advise", HAND, "--low", "kd 4d").stdout
    assert "gives up 0.4912 against the best" in text


def test_advise_dead_cards(foxwoods_table):
    document = json_of("advise", HAND, "--dead", "AH AD")
    assert document["dead"] == ["AH", "AD"]
    assert {split["total"] for split in document["splits"]} == {38_320_568}


def test_advise_hides_dominated_settings_unless_all(foxwoods_table):
    short = run("advise", HAND).stdout
    assert "16 settings hidden" in short
    full = run("advise", HAND, "--all").stdout
    assert "hidden" not in full
    assert len(re.findall(r"^\s*\d+ ", full, re.MULTILINE)) == 21


def test_odds_command(cache_folder):
    document = json_of("odds")
    assert document["total"] == 154_143_080
    assert document["categories"][0] == {"category": "five-aces", "count": 1128, "probability": 1128 / 154_143_080}
    assert document["royal_flush"]["count"] == 26_132
    assert json_of("odds", "--dead", "AS AH AD AC")["categories"][0]["count"] == 0


def test_power_command(foxwoods_table):
    document = json_of("power")
    assert (document["house_way"], document["total"]) == ("foxwoods", 154_143_080)
    assert document["low_hands"][0]["ranks"] == "AA"
    assert set(document["low_hands"][0]) == {"ranks", "count", "probability", "player_wins"}
    assert set(document["high_hands"][0]) == {"category", "ranks", "count", "probability", "player_wins"}
    assert sum(row["count"] for row in document["high_hands"]) == 154_143_080


def test_cache_info_and_clear(tmp_path, monkeypatch, foxwoods_table):
    info = json_of("cache", "info")
    assert any(table["file"].startswith("dealer-foxwoods-second") and table["current"] for table in info["tables"])
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(tmp_path))
    (tmp_path / "dealer-old-v0-0.npz").write_bytes(b"old")
    assert json_of("cache", "info")["tables"] == [{"file": "dealer-old-v0-0.npz", "size": 3, "current": False}]
    result = run("cache", "clear")
    assert result.exit_code == 0 and "removed 1 cached table" in result.stdout
    assert json_of("cache", "info")["tables"] == []


def test_advise_accepts_one_quoted_string_or_separate_arguments():
    assert json_of("advise", HAND.lower()) == json_of("advise", *HAND.split())


def test_advise_text_fits_80_columns_and_marks_fouls():
    result = run("advise", HAND, "--all")
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert re.search(r"^21\s+F\s", result.stdout, re.MULTILINE)
    assert "F foul" in result.stdout
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


# --- stdin batches -----------------------------------------------------------------------------


def test_stdin_batch_is_json_lines_in_order_and_bad_lines_are_numbered():
    batch = "AS KD JK 9H 9C 4D 2S\n\nAS AS KD 9H 9C 4D 2S\n# a comment\n2S 3S 4S 5S 6S 7S 8S\n"
    result = run("advise", "-", "--json", input=batch)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [json.loads(line).get("hand", ["error"])[0] for line in lines] == ["JK", "error", "8S"]
    assert_one_error_line(result, 1, "line 3", "card AS is given twice")


def test_advise_batch_on_threads_prints_what_one_thread_prints(monkeypatch, foxwoods_table):
    """advise - works on several hands at once: the same lines, in input order, errors numbered alike."""
    from paigow_cli.cli.commands import advise

    dealt = random_hands(24, seed=5, size=14)
    hands = [" ".join(str(card) for card in hand[:7]) for hand in dealt]
    hands[7] = "AS AS KD 9H 9C 4D 2S"  # a bad line in the middle
    hands[15] += " | " + " ".join(str(card) for card in dealt[15][7:])  # one against a dealer's hand
    batch = "\n".join(hands) + "\n"
    results = {}
    for threads in (1, 3):
        monkeypatch.setattr(advise, "batch_threads", lambda threads=threads: threads)
        results[threads] = run("advise", "-", "--json", input=batch)
    one, many = results[1], results[3]
    assert one.exit_code == many.exit_code == 1
    assert one.stdout == many.stdout and len(many.stdout.splitlines()) == 24  # the bad line's error object too
    assert one.stderr == many.stderr and "line 8" in many.stderr


def test_advise_batch_answers_a_piped_line_before_the_next_arrives(foxwoods_table):
    """Reading ahead waits for no input: a line written to the pipe is answered while the writer waits."""
    process = subprocess.Popen(
        [sys.executable, "-m", "paigow_cli", "advise", "-", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(120, process.kill)  # a hang fails the test instead of the run
    watchdog.start()
    try:
        for hand in ("AS KD JK 9H 9C 4D 2S", "2S 3S 4S 5S 6S 7S 8S"):
            process.stdin.write(hand + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())  # would block forever if it waited for more
            assert sorted(answer["hand"]) == sorted(hand.split())
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        watchdog.cancel()
        process.kill()


def test_stdin_batch_all_good_exits_0():
    result = run("eval", "-", input="AS KS\nJK 2C 3D 4H 5S\n")
    assert result.exit_code == 0
    assert len(result.stdout.strip().splitlines()) == 3  # two lines and a blank between


def test_dash_must_be_the_only_cards_argument():
    assert_one_error_line(run("advise", "-", "AS"), 2, "only cards argument")


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["advise", "1S KD JK 9H 9C 4D 2S"], ["'1S'", "unknown rank"]),
        (["advise", "AX KD JK 9H 9C 4D 2S"], ["'AX'", "unknown suit"]),
        (["advise", "ZZ KD JK 9H 9C 4D 2S"], ["'ZZ'"]),
        (["advise", "AS AS JK 9H 9C 4D 2S"], ["card AS is given twice"]),
        (["advise", "AS KD JK JOKER 9C 4D 2S"], ["joker is given twice"]),
        (["advise", "AS KD JK 9H 9C 4D"], ["needs 7 cards, got 6"]),
        (["eval", "AS KD JK"], ["needs 2, 5 or 7 cards, got 3"]),
        (["advise"], ["no cards given"]),
        (["advise", ""], ["no cards given"]),
        (["advise", HAND, "--wheel", "sideways"], ["--wheel", "sideways"]),
        (["advise", HAND, "--frobnicate"], ["--frobnicate"]),
        (["nonsense"], ["nonsense"]),
        (["advise", HAND, "--dealer", "KS KH JD 8C 7S 4H"], ["--dealer", "needs 7 cards, got 6"]),
        (["advise", HAND, "--dealer", "KS KD JD 8C 7S 4H 3D"], ["share KD"]),
        (["advise", HAND, "--dealer", "KS KX JD 8C 7S 4H 3D"], ["--dealer", "'KX'"]),
        (["advise", HAND, "--low", "KD 3D"], ["3D is not in"]),
        (["advise", HAND, "--low", "KD"], ["--low", "needs 2 cards, got 1"]),
        (["advise", HAND, "--bet", "0", "--dealer", "KS KH JD 8C 7S 4H 3D"], ["--bet"]),
        (["advise", HAND, "--commission", "1.5"], ["commission"]),
        (["advise", HAND, "--house-way", "caesars"], ["--house-way", "caesars"]),
        (["house", "AS KD"], ["needs 7 cards"]),
        (["advise", HAND, "--dead", "AS"], ["--dead", "share AS"]),
        (["advise", HAND, "--dead", "QS", "--dealer", "KS KH JD 8C 7S 4H 3D"], ["--dead and --dealer"]),
        (["odds", "--dead", "XX"], ["--dead", "'XX'"]),
    ],
)
def test_bad_input_is_one_error_line_with_exit_2(args, fragments):
    assert_one_error_line(run(*args), 2, *fragments)


def test_no_traceback_from_the_real_entry_point():
    result = subprocess.run([sys.executable, "-m", "paigow_cli", "advise", "AS", "KD"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr == "Error: a hand to set needs 7 cards, got 2: AS KD\n"


# --- help, version, README ---------------------------------------------------------------------


def command_names() -> list[str]:
    from typer.main import get_command

    return sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"paigow {__version__}"


def test_no_arguments_shows_help():
    result = run()
    assert result.exit_code == 0
    assert "Usage" in result.stdout


@pytest.mark.parametrize("path", command_paths(), ids=lambda path: " ".join(path))
def test_every_command_has_help_with_an_example(path):
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and f"paigow {' '.join(path)}" in result.stdout


def test_completion_scripts_are_current():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate_completions.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_colour_only_when_forced_and_no_color_is_honoured():
    base = {k: v for k, v in __import__("os").environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    command = [sys.executable, "-m", "paigow_cli", "eval", "AH KD QS JC TH"]
    coloured = subprocess.run(command, env=dict(base, FORCE_COLOR="1"), capture_output=True, text=True).stdout
    assert re.search(r"\x1b\[[0-9;]*3[0-9]m", coloured)  # red hearts and diamonds
    plain = subprocess.run(
        command, env=dict(base, FORCE_COLOR="1", NO_COLOR="1"), capture_output=True, text=True
    ).stdout
    assert not re.search(r"\x1b\[[0-9;]*3[0-9]m", plain)
    piped = subprocess.run(command, env=base, capture_output=True, text=True).stdout
    assert "\x1b[" not in piped


def test_too_many_dead_cards_leave_the_dealer_short():
    from paigow_cli.core.cards import DECK, parse_cards

    hand = parse_cards(HAND)
    dead = " ".join(str(card) for card in DECK if card not in hand)[: 3 * 40 - 1]  # 40 dead cards
    assert_one_error_line(run("advise", HAND, "--dead", dead), 2, "only 6 are live: the dealer needs 7")


def test_every_subpackage_is_packaged():
    import fnmatch
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = (
        config.get("packages", {}).get("find", {}).get("include", [])
        if isinstance(config.get("packages"), dict)
        else []
    )
    listed = config.get("packages") if isinstance(config.get("packages"), list) else []
    for init in (ROOT / "paigow_cli").rglob("__init__.py"):
        name = ".".join(init.parent.relative_to(ROOT).parts)
        assert name in listed or any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


@pytest.mark.parametrize("flag", ["--install-completion", "--show-completion"])
def test_a_completion_flag_with_a_shell_named_is_refused_and_changes_nothing(flag, tmp_path):
    """``--install-completion nosuchshell`` used to install bash completion and edit ~/.bashrc."""
    env = {**__import__("os").environ, "HOME": str(tmp_path), "SHELL": "/bin/bash"}
    result = subprocess.run(
        [sys.executable, "-m", "paigow_cli", flag, "nosuchshell"], env=env, capture_output=True, text=True
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"Error: {flag} takes no other argument ('nosuchshell' given): it acts for the shell it runs in (bash, zsh, "
        "fish or PowerShell), so run it from that shell"
    ]
    assert list(tmp_path.iterdir()) == []


def test_the_command_registry_names_every_command_once_in_help_order():
    """One ordered registry (``app.COMMANDS``): every command a module defines, each once, with the
    module that defines it, in the order ``paigow --help`` lists them."""
    from importlib import import_module

    from typer.main import get_command

    app_module = import_module("paigow_cli.cli.app")  # the module (the package's ``app`` is the Typer app)
    registered = {
        info.name: module
        for module in app_module.COMMAND_MODULES
        for info in module.app.registered_commands
        if info.name is not None
    }
    named = [name for name, _ in app_module.COMMANDS]
    assert len(named) == len(set(named))
    assert {name: module for name, module in app_module.COMMANDS if name != "cache"} == registered
    listed = list(get_command(app_module.app).list_commands(None))  # type: ignore[arg-type]
    assert [name for name in listed if name != "help"] == named
