"""The command line, run in-process: output, JSON fields, batches, errors and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
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


def test_advise_json_lists_21_splits_fouls_last():
    document = json_of("advise", HAND)
    assert document["hand"] == ["JK", "AS", "KD", "9H", "9C", "4D", "2S"]
    assert document["rules"]["wheel"] == "second"
    splits = document["splits"]
    assert len(splits) == 21
    assert set(splits[0]) >= {"high", "low", "high_hand", "low_hand", "foul"}
    assert splits[0] == {
        "high": ["JK", "AS", "KD", "9H", "9C"],
        "low": ["4D", "2S"],
        "high_hand": "Two pair, aces and nines, king kicker",
        "low_hand": "High card, 4-2",
        "high_category": "two-pair",
        "low_category": "high-card",
        "foul": False,
    }
    assert splits[-1]["foul"] and splits[-1]["low"] == ["JK", "AS"]
    assert [s["foul"] for s in splits] == sorted(s["foul"] for s in splits)


def test_advise_accepts_one_quoted_string_or_separate_arguments():
    assert json_of("advise", HAND.lower()) == json_of("advise", *HAND.split())


def test_advise_text_fits_80_columns_and_marks_fouls():
    result = run("advise", HAND)
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "FOUL" in result.stdout
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


# --- stdin batches -----------------------------------------------------------------------------


def test_stdin_batch_is_json_lines_in_order_and_bad_lines_are_numbered():
    batch = "AS KD JK 9H 9C 4D 2S\n\nAS AS KD 9H 9C 4D 2S\n# a comment\n2S 3S 4S 5S 6S 7S 8S\n"
    result = run("advise", "-", "--json", input=batch)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [json.loads(line)["hand"][0] for line in lines] == ["JK", "8S"]
    assert_one_error_line(result, 1, "line 3", "card AS is given twice")


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
    ],
)
def test_bad_input_is_one_error_line_with_exit_2(args, fragments):
    assert_one_error_line(run(*args), 2, *fragments)


def test_no_traceback_from_the_real_entry_point():
    result = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "advise", "AS", "KD"], capture_output=True, text=True
    )
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


@pytest.mark.parametrize("name", command_names())
def test_every_command_has_help_with_an_example(name):
    result = run(name, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and f"paigow {name}" in result.stdout


def test_every_command_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for name in command_names():
        assert re.search(rf"`paigow {re.escape(name)}\b", readme), name


def test_completion_scripts_are_current():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate_completions.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
