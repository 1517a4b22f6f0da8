"""Las Vegas house ways: Flamingo Hilton and Golden Nugget (rules.md §7.5-§7.6).

Source: the public repository cammoore/PaiGow-Poker, src/Flamingo-Hilton-Las-Vegas.txt
and src/Golden-Nugget-Las-Vegas.txt.
"""

from __future__ import annotations

from paigow_cli.core.hands import FLUSH, STRAIGHT, STRAIGHT_FLUSH
from paigow_cli.house_ways.analysis import KING, CompleteSetting, Decision, Seven, front_key
from paigow_cli.house_ways.base import ACE, ACE_FACE, ACE_HIGH, JACK, JACK_HIGH, KING_HIGH, TEN, HouseWay


def is_royal(setting: CompleteSetting) -> bool:
    return setting.royal


def is_straight_flush(setting: CompleteSetting) -> bool:
    return setting.category == STRAIGHT_FLUSH


class LasVegasHouseWay(HouseWay):
    """What Flamingo and Golden Nugget share: three aces broken, quads 2-6 together,
    quads J-K kept with a pair of tens or higher, quads of aces kept with a pair of 7s or higher."""

    def four_of_a_kind(self, hand: Seven) -> Decision:
        rank = hand.quads[0]
        other_pair = (hand.pairs or hand.trips or [0])[0]
        if rank <= 6:
            return self.keep_quads(hand, "Four of a kind, 2-6: together")
        if rank <= TEN:
            return self.quads_seven_to_ten(hand)
        if rank <= KING:
            if other_pair >= TEN:
                return self.keep_quads(hand, "Four of a kind, J-K, with a pair of tens or higher")
            return self.split_quads(hand, "Four of a kind, J-K, no pair of tens or higher")
        if other_pair >= 7:
            return self.keep_quads(hand, "Four aces with a pair of 7s or higher")
        return self.split_quads(hand, "Four aces, no pair of 7s or higher")

    def quads_seven_to_ten(self, hand: Seven) -> Decision:
        raise NotImplementedError

    def full_house(self, hand: Seven) -> Decision:
        return self.full_house_split_unless_twos_with_ace_king(hand)


class Flamingo(LasVegasHouseWay):
    name = "flamingo"
    casino = "Flamingo Hilton, Las Vegas"
    source = "cammoore/PaiGow-Poker src/Flamingo-Hilton-Las-Vegas.txt"

    def two_pair(self, hand: Seven) -> Decision:
        high, low = hand.pairs
        ace = hand.has_single(ACE)
        if high <= 6:
            return self.keep_two_pair(hand, "Two pair, both 6s or lower")
        if high <= TEN and ace:
            return self.keep_two_pair(hand, "Two pair, both tens or lower, with an ace")
        if JACK <= high <= KING and low <= 5 and ace:
            return self.keep_two_pair(hand, "Two pair, face cards and 5s or lower, with an ace")
        return self.split_two_pair(hand, "Two pair")

    def quads_seven_to_ten(self, hand: Seven) -> Decision:
        if front_key(hand.front_from_pool(hand.cards_except(hand.quads[0]))) >= ACE_FACE:
            return self.keep_quads(hand, "Four of a kind, 7-10, an ace and a face card or better can go in front")
        return self.split_quads(hand, "Four of a kind, 7-10, no ace and face card for the front")

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 3:
            return None
        two_pair = len(hand.pairs) == 2
        high, low = (hand.pairs + [0, 0])[:2]
        aces_or_tens_up = two_pair and (high == ACE or low >= TEN)
        tens_down_with_ace = two_pair and high <= TEN and hand.has_single(ACE)
        settings = hand.complete_settings()
        if any(s.royal for s in settings):
            if aces_or_tens_up:
                return None
            return self.keep_or_break(hand, is_royal, KING_HIGH, "Royal flush", "a king or better")
        if aces_or_tens_up or tens_down_with_ace:
            return None  # play two pair
        if any(s.category == STRAIGHT_FLUSH for s in settings):
            return self.keep_or_break(
                hand, is_straight_flush, ACE_FACE, "Straight flush", "an ace with a face card, or a pair,"
            )
        straight = hand.best_complete(lambda s: s.category == STRAIGHT)
        flush = hand.best_complete(lambda s: s.category == FLUSH)
        if straight is not None and flush is not None:
            if straight.low_key > flush.low_key and straight.low_key >= KING_HIGH:
                return self.complete(
                    straight, "Straight and flush: the straight, for a better front of king-high or better"
                )
            return self.complete(flush, "Straight and flush: the flush in back, the best front that allows it")
        best = straight or flush
        assert best is not None
        return self.complete(best, "Straight or flush: in back, the best front that allows it")


class GoldenNugget(LasVegasHouseWay):
    name = "golden-nugget"
    casino = "Golden Nugget, Las Vegas"
    source = "cammoore/PaiGow-Poker src/Golden-Nugget-Las-Vegas.txt"

    def two_pair(self, hand: Seven) -> Decision:
        high, low = hand.pairs
        ace = hand.has_single(ACE)
        if high == ACE:
            return self.split_two_pair(hand, "Two pair, aces and another pair")
        if high >= JACK and low >= 6 and ace:
            return self.split_two_pair(hand, "Two pair, jacks or better with 6s or better, with an ace")
        if high >= 7 and not ace:
            return self.split_two_pair(hand, "Two pair, a pair of 7s or higher, no ace")
        return self.keep_two_pair(hand, "Two pair")

    def quads_seven_to_ten(self, hand: Seven) -> Decision:
        # "An ace or better" for the front: an ace, or a pair.
        if front_key(hand.front_from_pool(hand.cards_except(hand.quads[0]))) >= ACE_HIGH:
            return self.keep_quads(hand, "Four of a kind, 7-10, an ace or better can go in front")
        return self.split_quads(hand, "Four of a kind, 7-10, no ace or better for the front")

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 3:
            return None
        if len(hand.pairs) == 2:
            high, low = hand.pairs
            # Reading: "a pair of jacks and a pair of 6's" literally (the two-pair clause says
            # "jacks or better and 6's or better"; this one does not).
            if hand.has_single(ACE) or (high, low) == (JACK, 6) or high == ACE:
                return None  # play two pair
        settings = hand.complete_settings()
        if any(s.royal for s in settings):
            return self.keep_or_break(hand, is_royal, KING_HIGH, "Royal flush", "a king or better")
        if any(s.category == STRAIGHT_FLUSH for s in settings):
            return self.keep_or_break(hand, is_straight_flush, JACK_HIGH, "Straight flush", "a jack or better")
        best = hand.best_complete()
        assert best is not None
        return self.complete(best, "Straight or flush: in back, the best front that allows it")
