"""Four of a kind 7-10: the joker alone is not "a king or better" for the front (only a real K or A)."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, KING, house_way_class

Foxwoods = house_way_class("foxwoods")


class QuadsJokerNotKing(Foxwoods):
    name = "jb-quads-joker-not-king"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def four_of_a_kind(self, hand):
        if not (hand.pairs or hand.trips) and 7 <= hand.quads[0] <= 10:
            real_ace = ACE in hand.singles and hand.groups[ACE][0] != JOKER_CODE
            if KING in hand.singles or real_ace:
                return self.keep_quads(hand, "Four of a kind, 7-10, a real king or ace can go in front")
            return self.split_quads(hand, "Four of a kind, 7-10, no real king or ace for the front")
        return super().four_of_a_kind(hand)
