"""rules.md §4: setting a hand into five and two cards; fouls."""

from __future__ import annotations

import pytest
from helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow_cli.core.cards import DECK
from paigow_cli.core.errors import CardError
from paigow_cli.core.splits import all_splits, make_split


def foul(hand: str, low: str) -> bool:
    return make_split(cards(hand), cards(low)).foul


def test_seven_cards_set_21_ways():
    assert len(all_splits(cards("AS KD JK 9H 9C 4D 2S"))) == 21


def test_low_hand_outranking_high_hand_is_a_foul():
    assert foul("AS AH KD 9H 7C 4D 2S", "AS AH")  # pair of aces in front, no pair behind


def test_equal_hands_are_legal_kings_in_front_of_kings():
    assert not foul("KS KH KD KC 9S 5H 2D", "KS KH")


def test_two_pair_or_better_in_back_beats_any_low_hand():
    assert not foul("AS AH 9D 9C 5S 5H 2D", "AS AH")


def test_pair_against_pair_compares_pair_ranks():
    assert foul("AS AH KD KC 9S 5H 2D", "AS AH")
    assert not foul("AS AH KD KC 9S 5H 2D", "KD KC")


def test_high_card_against_high_card_compares_the_two_highest_in_order():
    assert foul("AS QH JD 9C 7S 5H 2D", "AS QH")  # A-Q in front of J-9-7-5-2
    assert not foul("AS KH QD 9C 7S 5H 2D", "QD 9C")  # Q-9 in front of A-K-7-5-2
    assert foul("AS KH QD 9C 7S 5H 2D", "AS KH")  # A-K in front of Q-9-7-5-2


def test_high_card_equal_to_the_two_highest_is_not_a_foul():
    assert not foul("AS KH AD KC 7S 5H 2D", "AS KH")  # A-K in front of A-K-7-5-2


def test_two_card_pair_beats_five_card_high_card():
    assert foul("AS 8H 8D KC 7S 5H 2D", "8H 8D")


def test_five_card_pair_beats_two_card_high_card():
    assert not foul("AS KH 8D 8C 7S 5H 2D", "AS KH")


def test_joker_in_front_is_an_ace_for_the_foul_rule():
    assert foul("JK AS KD QC 7S 5H 2D", "JK AS")
    assert not foul("JK KS KD QC 7S 5H 2D", "JK QC")  # A-Q in front of a pair of kings


def test_a_low_hand_must_be_two_cards_of_the_hand():
    with pytest.raises(CardError, match="3C is not in"):
        make_split(cards("AS KD JK 9H 9C 4D 2S"), cards("AS 3C"))
    with pytest.raises(CardError, match="low hand is 2 cards"):
        make_split(cards("AS KD JK 9H 9C 4D 2S"), cards("AS KD JK"))


hands = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)


@settings(max_examples=300)
@given(hands)
def test_every_setting_uses_each_card_once_five_high_two_low(hand):
    splits = all_splits(hand)
    assert len(splits) == 21
    assert len({frozenset(split.low) for split in splits}) == 21
    for split in splits:
        assert len(split.high) == 5 and len(split.low) == 2
        assert sorted(split.cards) == sorted(hand)


@settings(max_examples=300)
@given(hands)
def test_every_hand_has_a_legal_setting(hand):
    assert any(not split.foul for split in all_splits(hand))


@settings(max_examples=100)
@given(hands, st.randoms())
def test_settings_do_not_depend_on_input_order(hand, rng):
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert all_splits(hand) == all_splits(shuffled)
