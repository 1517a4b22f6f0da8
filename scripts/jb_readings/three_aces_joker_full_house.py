"""Three aces made with the joker and a pair: the three-aces rule (a pair of aces in back, one ace
and the next highest card in front), not the full house rule."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")


class ThreeAcesJokerFullHouse(Foxwoods):
    name = "jb-three-aces-joker-full-house"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def full_house(self, hand):
        if hand.trips == [ACE] and JOKER_CODE in hand.groups[ACE] and len(hand.pairs) == 1:
            return Decision(
                hand.one_card_and_next(ACE), "Three aces with the joker and a pair: an ace and the next card in front"
            )
        return super().full_house(hand)
