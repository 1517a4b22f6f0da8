"""A JSON batch lines up with its input: one object per input line, in order (blank lines and
``#`` comments skipped), each with its ``line`` number and its ``input`` as typed; a bad line's
object holds its ``error`` (and its ``Error:`` line goes to stderr, the exit status 1); and one
key set for every hand, with or without a dealer's hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()
HAND = "AS KD JK 9H 9C 4D 2S"
LINES = [HAND, "bad line", "", "# a comment", f"{HAND} | KS KH JD 8C 7S 4H 3D", "  as kd jk 9h 9c 4d 2s  "]


def batch(command: str, lines: list[str]):
    return runner.invoke(app, [command, "-", "--json"], input="\n".join(lines) + "\n")


@pytest.mark.parametrize("command", ["advise", "eval", "house", "bonus"])
def test_one_object_per_input_line_in_order_with_its_number_and_input(command, cache_folder):
    result = batch(command, LINES)
    assert result.exit_code == 1
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(found["line"], found["input"]) for found in objects] == [
        (1, LINES[0]),
        (2, "bad line"),
        (5, LINES[4]),
        (6, LINES[5]),
    ]
    assert set(objects[1]) == {"line", "input", "error"} and "not a card" in objects[1]["error"]
    assert result.stderr.splitlines() == [f"Error: line 2: {objects[1]['error']}"]


def test_advise_has_one_key_set_with_or_without_a_dealer(cache_folder):
    objects = [json.loads(line) for line in batch("advise", [HAND, LINES[4]]).stdout.splitlines()]
    assert set(objects[0]) == set(objects[1])
    assert objects[0]["dealer"] is None and objects[0]["bet"] is None and objects[1]["dead"] == []
    assert objects[1]["dealer"]["hand"] == ["KS", "KH", "JD", "8C", "7S", "4H", "3D"]


def test_a_long_bad_line_is_cut_in_its_error_object(cache_folder):
    long = "x" * 5000
    found = json.loads(batch("eval", [long]).stdout)
    assert found["line"] == 1 and len(found["input"]) == 80 and found["input"].endswith("...")
