"""Santa Ana Star, New Mexico (rules.md §7.7).

Source (complete): wizardofodds.com/games/pai-gow-poker/house-way/santa-ana-star-new-mexico
"""

from __future__ import annotations

from paigow_cli.core.hands import RANK_PLURALS
from paigow_cli.house_ways.analysis import KING, Decision, Seven
from paigow_cli.house_ways.base import ACE, JACK, TEN, HouseWay, pair_class

FACES = (JACK, 12, KING)  # a ten is not a face


def santa_ana_class(rank: int) -> str:
    """Santa Ana Star's pair classes: low 2-5, medium 6-9, high 10-K, aces apart."""
    return pair_class(rank, medium_from=6, high_from=TEN)


class SantaAnaStar(HouseWay):
    name = "santa-ana-star"
    casino = "Santa Ana Star, New Mexico"
    source = "wizardofodds.com/games/pai-gow-poker/house-way/santa-ana-star-new-mexico"

    def keep_pairs(self, hand: Seven, high: int, low: int) -> tuple[bool, str]:
        """The two-pair rule for pairs of these ranks: (keep together?, the clause)."""
        high_class, low_class = santa_ana_class(high), santa_ana_class(low)
        why = f"Two pair, {RANK_PLURALS[high]} and {RANK_PLURALS[low]} ({high_class} and {low_class})"
        if high_class == "aces":
            return False, "Two pair, aces with any pair: split"
        if (high_class, low_class) in (("low", "low"), ("medium", "low")):
            if hand.single_at_least(KING):
                return True, f"{why}, an ace or king can go in front: kept together"
            return False, f"{why}, no ace or king for the front: split"
        if (high_class, low_class) in (("medium", "medium"), ("high", "low")):
            if hand.has_single(ACE) and any(hand.has_single(face) for face in FACES):
                return True, f"{why}, an ace and a face card can go in front: kept together"
            return False, f"{why}, no ace and face card for the front: split"
        return False, f"{why}: split"

    def two_pair(self, hand: Seven) -> Decision:
        keep, why = self.keep_pairs(hand, *hand.pairs)
        if keep:
            return Decision(hand.front_from_pool(hand.cards_except(*hand.pairs)), why)
        return Decision(hand.pair_in_front(hand.pairs[1]), why)

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 2:
            return None  # two pair: the two-pair rule
        best = hand.best_complete()
        assert best is not None
        return self.complete(best, "Flush or straight: in back, the best front that allows it")

    def full_house(self, hand: Seven) -> Decision:
        # Reading: "pair in front" is the highest pair; with two trips, a pair from the higher set.
        pair = hand.trips[0] if len(hand.trips) == 2 else hand.pairs[0]
        return Decision(hand.pair_in_front(pair), "Full house: pair in front, trips in back")

    def four_of_a_kind(self, hand: Seven) -> Decision:
        # Reading: with a pair or trips besides, that pair goes in front (the text's two-pair
        # rule speaks of quads with three odd cards, as every other house way here does).
        with_pair = self.quads_with_pair(hand)
        if with_pair is not None:
            return with_pair
        rank = hand.quads[0]
        keep, why = self.keep_pairs(hand, rank, rank)
        why = f"Four of a kind, played by the two-pair rule ({why})"
        if keep:
            return self.keep_quads(hand, why)
        return self.split_quads(hand, why)

    def five_aces(self, hand: Seven) -> Decision:
        return Decision(hand.pair_in_front(ACE), "Five aces: a pair of aces in front")
