"""A mistyped setting is answered with how to type cards, never with a setting of the hand: the
example's cards are not in the hand, so it cannot be the house way's front or the best one (it
had been the house way's front, a free answer)."""

from __future__ import annotations

import re

import pytest
from helpers import cards
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import parse_cards, typing_example

runner = CliRunner()


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_typo_in_drill_names_no_card_of_the_hand(seed, cache_folder):
    result = runner.invoke(app, ["drill", "--seed", str(seed), "-n", "1", "--no-history"], input="zz\nq\n")
    hand = parse_cards(re.search(r"Hand 1 of 1:  (.+)", result.stdout).group(1))
    example = re.search(r"Name two of your seven cards, as in (\S+ \S+)\.", result.stdout).group(1)
    assert not set(parse_cards(example)) & set(hand), (f"seed {seed}", example, hand)


def test_a_typo_at_the_table_names_no_card_of_the_hand(cache_folder):
    result = runner.invoke(app, ["play", "--seed", "1", "--no-history"], input="25\ndeal\nzz\nfold\ny\nquit\n")
    hand = parse_cards(re.search(r"Your cards:  (.+)", result.stdout).group(1))
    example = re.search(r"for the low hand \(as in (\S+ \S+)\)", result.stdout).group(1)
    assert not set(parse_cards(example)) & set(hand), (example, hand)


def test_the_typing_example_is_two_cards_outside_any_hand():
    held = cards("QH 7C TD 3S 8D 5C JH")  # seven of the nine example cards
    assert typing_example(held) == "4D 9S"
    for hand in (cards("AS KD JK 9H 9C 4D 2S"), held, cards("2C 3C 4C 5C 6C 7S 8S")):
        example = parse_cards(typing_example(hand))
        assert len(example) == 2 and not set(example) & set(hand), (hand, example)
