"""Five aces with any pair (not only kings): that pair in front, five aces in back."""

from paigow_cli.house_ways.api import house_way_class

Foxwoods = house_way_class("foxwoods")


class FiveAcesAnyPair(Foxwoods):
    name = "jb-five-aces-any-pair"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def five_aces(self, hand):
        if hand.pairs:
            return self.decide_pair(hand)
        return super().five_aces(hand)

    def decide_pair(self, hand):
        from paigow_cli.house_ways.api import Decision

        return Decision(hand.pair_in_front(hand.pairs[0]), "Five aces with a pair: that pair in front")
