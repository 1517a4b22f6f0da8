"""Foxwoods, the default house way (rules.md §7.1).

Source: wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/, the house way
of the exact combinatorial analysis of the game.
"""

from __future__ import annotations

from paigow_cli.house_ways.analysis import KING, Decision, Seven, front_key
from paigow_cli.house_ways.base import ACE, JACK, HouseWay


class Foxwoods(HouseWay):
    name = "foxwoods"
    casino = "Foxwoods Resort Casino, Connecticut"
    source = "wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/"

    def two_pair(self, hand: Seven) -> Decision:
        high = hand.pairs[0]
        if high >= JACK:
            return self.split_two_pair(hand, "Two pair, high pair aces to jacks", "always split")
        if high >= 7:
            if hand.single_at_least(ACE):
                return self.keep_two_pair(hand, "Two pair, high pair 7-10, an ace can go in front")
            return self.split_two_pair(hand, "Two pair, high pair 7-10, no ace for the front")
        if hand.single_at_least(KING):
            return self.keep_two_pair(hand, "Two pair, high pair 3-6, a king or better can go in front")
        return self.split_two_pair(hand, "Two pair, high pair 3-6, no king or better for the front")

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 2:
            return None  # two pair (and three pair): the two-pair rule
        if hand.trips:
            return self.trips_with_complete(hand)
        best = hand.best_complete()
        if best is None:
            return None
        if not hand.pairs:
            return self.complete(
                best, "Straight or flush, no pair: complete hand in back, the two highest cards that allow it in front"
            )
        pair = hand.pairs[0]
        if 10 <= pair <= KING and hand.has_single(ACE):
            # Exception: the pair in back and the ace in front, if that front is better.
            one_pair_front = hand.front_from_pool(hand.cards_except(pair))
            if front_key(one_pair_front) > best.low_key:
                return Decision(
                    one_pair_front,
                    "Straight or flush with an ace and a pair of tens to kings: pair in back, ace in front for the better front",
                )
        return self.complete(
            best, "Straight or flush, one pair: complete hand in back, the highest two cards that allow it in front"
        )

    def full_house(self, hand: Seven) -> Decision:
        if len(hand.trips) == 2:
            return self.two_trips(hand)
        # The highest pair besides the trips always goes in front legally (trips stay behind).
        return Decision(hand.pair_in_front(hand.pairs[0]), "Full house: the highest pair in front, trips in back")

    def four_of_a_kind(self, hand: Seven) -> Decision:
        with_pair = self.quads_with_pair(hand)
        if with_pair is not None:
            return with_pair
        rank = hand.quads[0]
        if rank >= JACK:
            return self.split_quads(hand, "Four of a kind, jacks to aces", "always split")
        if rank >= 7:
            if hand.single_at_least(KING):
                return self.keep_quads(hand, "Four of a kind, 7-10, a king or better can go in front")
            return self.split_quads(hand, "Four of a kind, 7-10, no king or better for the front")
        return self.keep_quads(hand, "Four of a kind, 6 or lower: never split")
