"""Two sets of trips, one of them aces made with the joker: a pair from the other set in front."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")


class TwoTripsJokerLowerPair(Foxwoods):
    name = "jb-two-trips-joker-lower-pair"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def two_trips(self, hand):
        if hand.trips[0] == ACE and JOKER_CODE in hand.groups[ACE]:
            return Decision(
                hand.pair_in_front(hand.trips[1]), "Two sets of trips with the joker's aces: the other pair in front"
            )
        return super().two_trips(hand)
