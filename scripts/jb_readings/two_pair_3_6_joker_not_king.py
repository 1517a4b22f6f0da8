"""Two pair, high pair 3-6: "a king or better can go in front" needs a real king or ace (the joker
alone is not one)."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, KING, house_way_class

Foxwoods = house_way_class("foxwoods")


class TwoPairJokerNotKing(Foxwoods):
    name = "jb-two-pair-3-6-joker-not-king"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def two_pair(self, hand):
        high = hand.pairs[0]
        joker_only = ACE in hand.singles and hand.groups[ACE][0] == JOKER_CODE and KING not in hand.singles
        if high <= 6 and joker_only:
            return self.split_two_pair(hand, "Two pair, high pair 3-6, only the joker for the front")
        return super().two_pair(hand)
