"""Four of a kind J-A with a pair or trips beside: the quads rule first (split the quads, a pair
of them in front), not "that pair in front"."""

from paigow_cli.house_ways.api import JACK, house_way_class

Foxwoods = house_way_class("foxwoods")


class QuadsHighWithPairSplit(Foxwoods):
    name = "jb-quads-high-with-pair-split"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def four_of_a_kind(self, hand):
        if (hand.pairs or hand.trips) and hand.quads[0] >= JACK:
            return self.split_quads(hand, "Four of a kind, jacks to aces, with a pair besides", "always split")
        return super().four_of_a_kind(hand)
