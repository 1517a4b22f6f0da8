"""Four aces made with the joker (always split): the joker goes in front with a real ace, not two
real aces (the rule "the joker stays in back" read the other way)."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")


class QuadsAcesJokerInFront(Foxwoods):
    name = "jb-quads-aces-joker-in-front"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def four_of_a_kind(self, hand):
        aces = hand.groups.get(ACE, [])
        if hand.quads == [ACE] and JOKER_CODE in aces and not (hand.pairs or hand.trips):
            real = min(card for card in aces if card != JOKER_CODE)
            joker = next(card for card in aces if card == JOKER_CODE)
            return Decision((real, joker), "Four aces with the joker: split, an ace and the joker in front")
        return super().four_of_a_kind(hand)
