"""rules.md §2 (five-card hands) and §3 (two-card hands), one test per rule."""

from __future__ import annotations

import hashlib
import random
from itertools import combinations, pairwise

import numpy as np
import pytest
from helpers import cards, random_hands
from reference import reference_five, reference_two

from paigow_cli.core.cards import DECK
from paigow_cli.core.hands import Category, HandValue, best_five, evaluate, five_card_key, two_card_key


def value(text: str, wheel_low: bool = False) -> HandValue:
    return evaluate(cards(text), wheel_low)


# --- §2 categories ---------------------------------------------------------------------------

CATEGORY_EXAMPLES = [
    ("AS AH AD AC JK", Category.FIVE_ACES, "Five aces"),
    ("AS KS QS JS TS", Category.STRAIGHT_FLUSH, "Straight flush, royal"),
    ("9H 8H 7H 6H 5H", Category.STRAIGHT_FLUSH, "Straight flush, nine-high"),
    ("9S 9H 9D 9C KS", Category.FOUR_OF_A_KIND, "Four of a kind, nines, king kicker"),
    ("KS KH KD 9C 9S", Category.FULL_HOUSE, "Full house, kings over nines"),
    ("AS JS 9S 6S 3S", Category.FLUSH, "Flush, ace-high"),
    ("KS QH JD TC 9S", Category.STRAIGHT, "Straight, king-high"),
    ("7S 7H 7D KC 2S", Category.THREE_OF_A_KIND, "Three of a kind, sevens, K-2"),
    ("KS KH 9D 9C AS", Category.TWO_PAIR, "Two pair, kings and nines, ace kicker"),
    ("KS KH JD 7C 3S", Category.ONE_PAIR, "Pair of kings, J-7-3"),
    ("AS KH 9D 6C 3S", Category.HIGH_CARD, "High card, A-K-9-6-3"),
]


@pytest.mark.parametrize(("text", "category", "label"), CATEGORY_EXAMPLES)
def test_five_card_categories_and_labels(text, category, label):
    assert value(text).category == category
    assert value(text).label == label


def test_categories_rank_strongest_first():
    values = [value(text) for text, _, _ in CATEGORY_EXAMPLES]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


def test_five_aces_beats_everything():
    assert value("AS AH AD AC JK") > value("AS KS QS JS TS")


def test_royal_flush_is_the_top_straight_flush():
    assert value("AS KS QS JS TS") > value("KS QS JS TS 9S") > value("9H 8H 7H 6H 5H")
    assert value("AS KS QS JS TS") > value("AH 2H 3H 4H 5H")


def test_within_a_category_compare_pair_rank_then_kickers():
    assert value("KS KH 7D 5C 2S") > value("QS QH AD KC JS")
    assert value("KS KH 7D 5C 3S") > value("KD KC 7H 5S 2H")
    assert value("KS KH 9D 9C 2S") > value("KD KC 8H 8S AH")
    assert value("KS KH 9D 9C 3S") > value("KD KC 9H 9S 2H")
    assert value("5S 5H 5D 2C 2S") > value("4S 4H 4D AC AS")
    assert value("AS JS 9S 6S 3S") > value("AH JH 9H 6H 2H")


def test_suits_never_break_a_tie():
    assert value("AS JS 9S 6S 3S") == value("AH JH 9H 6H 3H")
    assert value("KS KH 7D 5C 2S") == value("KD KC 7H 5S 2H")
    assert value("KS QH JD TC 9S") == value("KH QD JC TS 9H")


def test_equal_hands_are_a_tie():
    assert not value("KS KH 7D 5C 2S") < value("KD KC 7H 5S 2H")
    assert not value("KS KH 7D 5C 2S") > value("KD KC 7H 5S 2H")


# --- §2 the wheel ----------------------------------------------------------------------------


def test_wheel_second_is_the_second_highest_straight_by_default():
    wheel = value("AS 2H 3D 4C 5S")
    assert wheel.label == "Straight, wheel (A-2-3-4-5)"
    assert value("AS KH QD JC TS") > wheel > value("KS QH JD TC 9S")
    assert value("AH 2H 3H 4H 5H") > value("KS QS JS TS 9S")


def test_wheel_low_is_the_lowest_straight():
    wheel = value("AS 2H 3D 4C 5S", wheel_low=True)
    assert wheel < value("6S 5H 4D 3C 2S", wheel_low=True)
    assert wheel > value("AS AH AD KC QS", wheel_low=True)
    assert value("AH 2H 3H 4H 5H", wheel_low=True) < value("6H 5H 4H 3H 2H", wheel_low=True)


# --- §2 the joker ----------------------------------------------------------------------------


def test_joker_pairs_only_with_aces():
    kings = value("KS KH JK 7D 3C")
    assert kings.category == Category.ONE_PAIR
    assert kings == value("KS KH AD 7D 3C")
    assert value("JK 9S 7D 4C 2H").category == Category.HIGH_CARD


def test_joker_with_four_aces_is_five_aces():
    assert value("AS AH AD AC JK").category == Category.FIVE_ACES


def test_joker_with_two_aces_is_three_aces():
    trips = value("AS AH JK 9D 4C")
    assert trips.category == Category.THREE_OF_A_KIND
    assert trips.label.startswith("Three of a kind, aces")


def test_joker_completes_the_best_straight_under_the_wheel_rule():
    assert value("JK 2C 3D 4H 5S").label == "Straight, wheel (A-2-3-4-5)"
    assert value("JK 2C 3D 4H 5S", wheel_low=True).label == "Straight, six-high"
    assert value("JK KC QD JH TS").label == "Straight, ace-high"
    assert value("JK 9C 8D 6H 5S").label == "Straight, nine-high"


def test_joker_in_a_flush_is_the_highest_missing_rank():
    assert value("JK KS 9S 6S 3S") == value("AH KH 9H 6H 3H")
    assert value("JK AS JS 9S 6S") == value("AH KH JH 9H 6H")
    assert value("JK AS JS 9S 6S") > value("AH QH JH 9H 6H")


def test_joker_completes_a_straight_flush_when_it_can():
    assert value("JK KS QS JS TS").label == "Straight flush, royal"
    assert value("JK 2S 3S 4S 5S").label == "Straight flush, wheel (A-2-3-4-5)"
    assert value("JK AS 2S 3S 4S").category == Category.STRAIGHT_FLUSH


def test_joker_takes_the_strongest_reading():
    assert value("JK AS AH KD KC").label == "Full house, aces over kings"
    assert value("JK AS AH AD KC").category == Category.FOUR_OF_A_KIND
    assert value("JK AS KS QS 9S").category == Category.FLUSH


def test_five_card_values_match_the_reference_evaluator_in_order():
    """A seeded sample, half from two suits so flushes and straights are common."""
    rng = random.Random(5)
    narrow = [card for card in DECK if card.suit in ("S", "H", None)]
    hands = random_hands(1500, seed=7, size=5)
    hands += [tuple(rng.sample(narrow, 5)) for _ in range(1500)]
    hands += [tuple(rng.sample(DECK[:52], 4)) + (DECK[52],) for _ in range(1000)]
    for wheel_low in (False, True):
        ours = [five_card_key(hand, wheel_low) for hand in hands]
        theirs = [reference_five(hand, wheel_low) for hand in hands]
        order = sorted(range(len(hands)), key=lambda i: theirs[i])
        for before, after in pairwise(order):
            assert (ours[before] < ours[after]) == (theirs[before] < theirs[after]), (hands[before], hands[after])
            assert (ours[before] == ours[after]) == (theirs[before] == theirs[after]), (hands[before], hands[after])


# --- §11 the fully wild joker -------------------------------------------------------------


def wild(text: str) -> HandValue:
    return evaluate(cards(text), wild=True)


def test_wild_joker_pairs_with_any_rank():
    assert wild("JK KS 9D 5C 3H").label == "Pair of kings, 9-5-3"
    assert wild("JK KS KD 5C 3H").label == "Three of a kind, kings, 5-3"
    assert wild("JK KS KD 5C 5H").label == "Full house, kings over fives"
    assert value("JK KS 9D 5C 3H").label == "High card, A-K-9-5-3"  # the bug only pairs aces


def test_wild_joker_with_four_of_a_kind_is_five_of_a_kind_above_a_royal_flush():
    five_twos = wild("JK 2S 2D 2C 2H")
    assert five_twos.label == "Five twos" and five_twos.category == Category.FIVE_ACES
    assert five_twos > wild("AS KS QS JS TS")
    assert wild("JK AS AD AC AH") > wild("JK KS KD KC KH") > five_twos


def test_wild_joker_completes_straights_and_flushes_as_the_bug_does():
    for text in ("JK 2C 3D 4H 5S", "JK AS KS QS 9S", "JK 9S 8S 7S 6S", "JK AS KD QH JC"):
        assert wild(text) == value(text), text


def test_wild_joker_is_never_worse_than_the_bug():
    rng = random.Random(11)
    for _ in range(3000):
        hand = tuple(rng.sample(DECK[:52], 4)) + (DECK[52],)
        assert wild_key(hand) >= five_card_key(hand), hand


def wild_key(hand) -> int:
    return five_card_key(hand, wild=True)


def test_wild_joker_in_the_low_hand_pairs_the_other_card():
    assert wild("JK 4C").label == "Pair of fours"
    assert wild("JK 4C") > wild("AS KH") and wild("JK 4C") < wild("5S 5H")


def test_wild_five_card_values_match_the_reference_evaluator_in_order():
    """Every four real cards with the joker from a seeded sample, ordered as the reference orders them."""
    rng = random.Random(13)
    narrow = [card for card in DECK[:52] if card.suit in ("S", "H")]
    hands = [tuple(rng.sample(DECK[:52], 4)) + (DECK[52],) for _ in range(1200)]
    hands += [tuple(rng.sample(narrow, 4)) + (DECK[52],) for _ in range(800)]
    hands += random_hands(800, seed=17, size=5)
    for wheel_low in (False, True):
        ours = [five_card_key(hand, wheel_low, wild=True) for hand in hands]
        theirs = [reference_five(hand, wheel_low, wild=True) for hand in hands]
        order = sorted(range(len(hands)), key=lambda i: theirs[i])
        for before, after in pairwise(order):
            assert (ours[before] < ours[after]) == (theirs[before] < theirs[after]), (hands[before], hands[after])
            assert (ours[before] == ours[after]) == (theirs[before] == theirs[after]), (hands[before], hands[after])


def test_wild_two_card_values_match_the_reference():
    pairs = list(combinations(DECK, 2))
    order = sorted(pairs, key=lambda pair: reference_two(pair, wild=True))
    for before, after in pairwise(order):
        ours = two_card_key(*before, wild=True), two_card_key(*after, wild=True)
        assert (ours[0] < ours[1]) == (reference_two(before, wild=True) < reference_two(after, wild=True))
        assert (ours[0] == ours[1]) == (reference_two(before, wild=True) == reference_two(after, wild=True))


# --- §3 two-card hands -----------------------------------------------------------------------


def test_low_hand_pair_beats_high_card():
    assert value("2S 2H") > value("AS KH")


def test_low_hand_pairs_rank_aces_down_to_twos():
    pairs = [value(f"{r}S {r}H") for r in "AKQJT98765432"]
    assert pairs == sorted(pairs, reverse=True)
    assert pairs[0].label == "Pair of aces"


def test_low_hand_non_pairs_compare_higher_then_lower_card():
    assert value("AS 3H") > value("KS QH")
    assert value("KS QH") > value("KD JC")
    non_pairs = [value(f"{a}S {b}H") for a, b in combinations("AKQJT98765432", 2)]
    assert max(non_pairs) == value("AS KH") and max(non_pairs).label == "High card, A-K"
    assert min(non_pairs) == value("3S 2H")


def test_low_hand_joker_is_an_ace():
    assert value("JK AS").label == "Pair of aces"
    assert value("JK 4C") == value("AS 4C")


def test_two_card_values_match_the_reference():
    pairs = list(combinations(DECK, 2))
    order = sorted(pairs, key=reference_two)
    for before, after in pairwise(order):
        ours = two_card_key(*before), two_card_key(*after)
        assert (ours[0] < ours[1]) == (reference_two(before) < reference_two(after))


# --- best five of seven ----------------------------------------------------------------------


def test_best_five_of_seven():
    found, five = best_five(cards("AS KD JK 9H 9C 4D 2S"))
    assert found.label == "Two pair, aces and nines, king kicker"
    assert five == cards("JK AS KD 9H 9C")
    assert best_five(cards("2S 3S 4S 5S 9H 9D JK"))[0].label == "Straight flush, wheel (A-2-3-4-5)"


def test_best_five_is_the_maximum_over_the_21_subsets():
    for hand in random_hands(300, seed=11):
        assert best_five(hand)[0].key == max(five_card_key(five) for five in combinations(hand, 5))


# --- every five-card hand, pinned --------------------------------------------------------------

NO_JOKER_COUNTS = {  # the textbook counts over the 52-card deck
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.ONE_PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}

ORDER_DIGESTS = {
    False: "f3359480cc1c1566b93398f145bb0983b76fc609ef607ef4d013126fdb6c9cee",
    True: "a9b22dcaaf25a412dd2f0e893b664c4e67a3952a8830adc37812baccdf1b3086",
}


def all_five_card_keys(wheel_low: bool) -> np.ndarray:
    return np.fromiter((five_card_key(five, wheel_low) for five in combinations(range(53), 5)), dtype=np.int64)


def order_digest(keys: np.ndarray) -> str:
    """Digest of each hand's place in the order (dense rank), independent of the key encoding."""
    _, dense = np.unique(keys, return_inverse=True)
    return hashlib.sha256(dense.astype(np.uint16).tobytes()).hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("wheel_low", [False, True])
def test_order_of_all_five_card_hands_is_pinned(wheel_low):
    keys = all_five_card_keys(wheel_low)
    assert len(keys) == 2_869_685
    categories = keys >> 20
    joker_free = np.fromiter((52 not in five for five in combinations(range(53), 5)), dtype=bool)
    counts = np.bincount(categories[joker_free], minlength=10)
    assert {Category(c): int(n) for c, n in enumerate(counts) if n} == NO_JOKER_COUNTS
    assert int(np.sum(categories == Category.FIVE_ACES)) == 1
    assert order_digest(keys) == ORDER_DIGESTS[wheel_low]
