"""A flat collection fee per hand (rules.md §5): ``edge --fee F --bet B`` lowers the EV by exactly F/B
per unit bet, replaces the commission unless both are asked for, and leaves the spread as it was."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK

runner = CliRunner()

DEAD = " ".join(str(card) for card in DECK[:36])  # 17 live cards: J to A and the joker


def edge_json(*arguments: str) -> dict:
    found = runner.invoke(app, ["edge", "--dead", DEAD, "--json", *arguments])
    assert found.exit_code == 0, found.output
    return json.loads(found.stdout)


def fraction(text: str) -> Fraction:
    return Fraction(text)


def test_a_fee_lowers_the_ev_by_exactly_the_fee_per_unit_bet(cache_folder):
    plain = edge_json("--commission", "0.05")
    charged = edge_json("--commission", "0.05", "--fee", "1", "--bet", "25")
    assert fraction(charged["ev_fraction"]) == fraction(plain["ev_fraction"]) - Fraction(1, 25)
    assert charged["house_edge"] == pytest.approx(plain["house_edge"] + 0.04)
    assert (charged["wins"], charged["losses"], charged["variance_fraction"]) == (
        plain["wins"],
        plain["losses"],
        plain["variance_fraction"],
    )
    assert (charged["fee"], charged["bet"], charged["fee_per_unit"]) == (1.0, 25.0, 0.04)


def test_a_fee_replaces_the_commission_unless_both_are_given(cache_folder):
    alone = edge_json("--fee", "1", "--bet", "25")
    assert alone["commission"] == 0.0
    none = edge_json("--commission", "0")
    assert fraction(alone["ev_fraction"]) == fraction(none["ev_fraction"]) - Fraction(1, 25)


def test_a_fee_without_a_bet_is_a_share_of_a_unit(cache_folder):
    assert edge_json("--fee", "0.04")["fee_per_unit"] == 0.04


def test_a_fee_shows_in_the_text_with_the_players_result_per_hand(cache_folder):
    found = runner.invoke(app, ["edge", "--dead", DEAD, "--fee", "1", "--bet", "25"])
    assert found.exit_code == 0, found.output
    assert "A collection fee of $1.00 a hand on a $25.00 bet (4.0000% of a unit" in " ".join(found.stdout.split())


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (["--fee", "-1"], "--fee -1 is out of range"),
        (["--fee", "abc"], "--fee abc is not an amount of money"),
        (["--fee", "1", "--bet", "0"], "--bet 0 is out of range"),
        (["--bet", "25"], "--bet is the bet a --fee is charged on"),
    ],
)
def test_bad_fee_input_is_one_error_line(arguments, fragment):
    one_error(runner.invoke(app, ["edge", *arguments]), 2, fragment)
