"""Five aces: always a pair of aces in front, even with a pair of kings."""

from paigow_cli.house_ways.api import ACE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")


class FiveAcesAlwaysSplit(Foxwoods):
    name = "jb-five-aces-always-split"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def five_aces(self, hand):
        return Decision(hand.pair_in_front(ACE), "Five aces: always split, a pair of aces in front")
