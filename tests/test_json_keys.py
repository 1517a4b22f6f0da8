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
