"""Full house with a pair of twos and an ace and a king beside: full house in
back, A-K in front (other casinos' text, not Foxwoods'; measured for the record)."""

from paigow_cli.house_ways.api import ACE, KING, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")
RANKS = (2,)


class Reading(Foxwoods):
    name = "jb-full-house-twos-ace-king"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def full_house(self, hand):
        low_pair = len(hand.trips) == 1 and len(hand.pairs) == 1 and hand.pairs[0] in RANKS
        if low_pair and hand.has_single(ACE) and hand.has_single(KING):
            front = hand.front_from_pool(hand.cards_except(hand.trips[0], hand.pairs[0]))
            return Decision(front, "Full house with a low pair and A-K: full house in back, A-K in front")
        return super().full_house(hand)
