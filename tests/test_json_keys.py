"""One meaning per JSON key, whatever the input: ``eval``'s ``best`` is the cards its value is of
(the best five of seven, or the two or five cards given), present for every hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("hand", "best"),
    [
        ("AS KD", ["AS", "KD"]),
        ("JK KS 9S 6S 3S", ["JK", "KS", "9S", "6S", "3S"]),
        ("AS KD JK 9H 9C 4D 2S", ["JK", "AS", "KD", "9H", "9C"]),
    ],
)
def test_eval_gives_best_for_every_hand(hand, best):
    document = json.loads(runner.invoke(app, ["eval", hand, "--json"]).stdout)
    assert set(document) == {"cards", "category", "label", "best"} and document["best"] == best


def test_house_way_is_a_name_and_the_other_meanings_have_their_own_keys(cache_folder):
    """``house_way`` had been a string in ``rules``, an object at the top of ``advise`` and a yes/no
    in each split: the object is ``house_setting`` and the yes/no ``is_house_way`` (the old keys
    stay, with their old meaning, for this release only)."""
    document = json.loads(runner.invoke(app, ["advise", "AS KD JK 9H 9C 4D 2S", "--json"]).stdout)
    assert document["rules"]["house_way"] == "foxwoods"
    assert document["house_setting"] == document["house_way"] and document["house_setting"]["low"] == ["9H", "9C"]
    assert [split["is_house_way"] for split in document["splits"]] == [
        split["house_way"] for split in document["splits"]
    ]
    assert sum(split["is_house_way"] for split in document["splits"]) == 1
    line = "AS KD JK 9H 9C 4D 2S | QS JH 8D 6C 5S 4H 2D\n"
    priced = json.loads(runner.invoke(app, ["bonus", "-", "--json"], input=line).stdout)
    assert priced["house_setting"] == priced["house_way"] and priced["house_setting"]["hand"] == priced["dealer"]
