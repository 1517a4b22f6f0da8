"""Properties over any hand Hypothesis draws (derandomized, so a run is repeatable; a failure
prints the hand that broke it): every setting uses each card once, a house way never fouls and
sets a hand alike whatever the order of its cards, and the exact engine equals a brute force over
every dealer hand for any set of 28 or more dead cards."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_force

from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import HouseWayName, Rules, Wheel
from paigow_cli.core.splits import all_splits
from paigow_cli.engine.distribution import hand_odds
from paigow_cli.house_ways import house_keys, house_setting

hands = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)
ways = st.sampled_from([way.value for way in HouseWayName])
wheels = st.sampled_from(list(Wheel))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(hand=hands, wheel=wheels)
def test_every_setting_uses_each_card_once(hand, wheel):
    splits = list(all_splits(hand, wheel is Wheel.LOW))
    assert len(splits) == 21
    for split in splits:
        assert len(split.high) == 5 and len(split.low) == 2
        assert Counter(split.cards) == Counter(hand)
    assert len({frozenset(split.low) for split in splits}) == 21  # every pair of cards in front once


@settings(max_examples=400, derandomize=True, deadline=None)
@given(hand=hands, way=ways, wheel=wheels, order=st.randoms(use_true_random=False))
def test_a_house_way_never_fouls_and_ignores_the_order_of_the_cards(hand, way, wheel, order):
    rules = Rules(house_way=way, wheel=wheel)
    setting = house_setting(hand, rules)
    assert not setting.split.foul
    assert Counter(setting.split.cards) == Counter(hand)
    shuffled = list(hand)
    order.shuffle(shuffled)
    keys = (setting.split.high_value.key, setting.split.low_value.key)
    assert house_keys(shuffled, way, rules.wheel_is_low) == keys


@settings(max_examples=6, derandomize=True, deadline=None)
@given(data=st.data(), dead_count=st.integers(min_value=28, max_value=33))
def test_the_exact_engine_equals_a_brute_force_for_any_28_or_more_dead_cards(data, dead_count, foxwoods_table):
    deck = data.draw(st.permutations(DECK))
    hand, dead = tuple(deck[:7]), tuple(deck[7 : 7 + dead_count])
    exact = [odds.counts for odds in hand_odds(hand, foxwoods_table, dead)]
    assert exact == brute_force(hand, dead, HouseWayName.FOXWOODS.value, wheel_low=False)
