"""Full house with a pair of twos and, beside it, an ace and any other card: full
house in back, those two in front (a variant of other casinos' twos exception; for the record)."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")
SECOND, REAL_ACE = 2, False


class Reading(Foxwoods):
    name = "jb-full-house-twos-any-ace"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def full_house(self, hand):
        twos = len(hand.trips) == 1 and len(hand.pairs) == 1 and hand.pairs[0] == 2
        singles = hand.singles
        ace = ACE in singles and (not REAL_ACE or hand.groups[ACE][0] != JOKER_CODE)
        if twos and ace and len(singles) == 2 and singles[1] >= SECOND:
            front = hand.front_from_pool(hand.cards_except(hand.trips[0], 2))
            return Decision(
                front, "Full house with twos and an ace beside: full house in back, the two singles in front"
            )
        return super().full_house(hand)
