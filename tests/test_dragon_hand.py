"""The dragon hand (rules.md §10): an extra hand set by the house way, dealt with the dealer's from
the cards your own seven leave. Its exact counts are the whole game's with your cards dead, its
quick answer a seeded simulation that agrees with them, and bad input is one ``Error:`` line."""

from __future__ import annotations

import json

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK

runner = CliRunner()

HAND = "AS KD JK 9H 9C 4D 2S"
# Out of play beside the hand: twos to eights but those in the hand (22 cards live: a quick count)
SEEN = " ".join(str(card) for card in DECK[:28] if str(card) not in HAND.split())


def dragon(*arguments: str) -> dict:
    found = runner.invoke(app, ["dragon", *HAND.split(), "--dead", SEEN, "--json", *arguments])
    assert found.exit_code == 0, found.output
    return json.loads(found.stdout)


def test_the_dragons_counts_are_the_whole_game_with_your_cards_dead(cache_folder):
    answer = dragon()
    edge = runner.invoke(app, ["edge", "--dead", f"{HAND} {SEEN}", "--json"])
    assert edge.exit_code == 0, edge.output
    counted = json.loads(edge.stdout)
    assert answer["exact"] and (answer["wins"], answer["pushes"], answer["losses"], answer["deals"]) == (
        counted["wins"],
        counted["pushes"],
        counted["losses"],
        counted["deals"],
    )
    assert answer["ev_fraction"] == counted["ev_fraction"] and answer["take"] == (counted["ev"] > 0)


def test_the_quick_answer_agrees_with_the_exact_one(cache_folder):
    exact, quick = dragon(), dragon("--quick")
    assert not quick["exact"] and quick["seed"] == 1
    assert abs(quick["ev"] - exact["ev"]) < 4 * quick["stderr"], (exact["ev"], quick)


def test_take_it_exactly_when_the_ev_is_above_zero(cache_folder):
    answer = dragon("--bet", "25")
    assert answer["take"] == (answer["ev"] > 0)
    assert answer["ev_money"] == pytest.approx(25 * answer["ev"])
    text = runner.invoke(app, ["dragon", *HAND.split(), "--dead", SEEN])
    assert ("take it." if answer["take"] else "leave it.") in " ".join(text.stdout.split())


def test_advise_dragon_gives_the_dragon_commands_answer_beside_the_settings(cache_folder):
    found = runner.invoke(app, ["advise", *HAND.split(), "--dead", SEEN, "--dragon", "--json"])
    assert found.exit_code == 0, found.output
    assert json.loads(found.stdout)["dragon"] == dragon()
    text = runner.invoke(app, ["advise", *HAND.split(), "--dead", SEEN, "--dragon"]).stdout
    assert "Dragon hand beside it (set by the house way)" in " ".join(text.split())


def test_advise_dragon_refuses_a_batch_a_known_dealer_and_the_bank():
    one_error(runner.invoke(app, ["advise", *HAND.split(), "--dragon", "--banker"]), 2, "--dragon prices")
    one_error(runner.invoke(app, ["advise", "-", "--dragon"], input=f"{HAND}\n"), 2, "not with a stdin batch")


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (["AS", "KD", "JK", "9H", "9C", "4D"], "CARDS (your own hand) needs 7 cards, got 6"),
        ([*HAND.split(), "--dead", "AS"], "--dead repeats your own cards: AS"),
        ([*HAND.split(), "--bet", "0"], "--bet 0 is out of range"),
        ([*HAND.split(), "--quick", "--game", "ez"], "--quick simulates the classic game"),
    ],
)
def test_bad_dragon_input_is_one_error_line(arguments, fragment):
    one_error(runner.invoke(app, ["dragon", *arguments]), 2, fragment)
