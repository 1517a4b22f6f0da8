"""Two pair, high pair 7-10: "an ace can go in front" needs a real ace (the joker alone is not one)."""

from paigow_cli.house_ways.api import ACE, JACK, JOKER_CODE, house_way_class

Foxwoods = house_way_class("foxwoods")


class TwoPairJokerNotAce(Foxwoods):
    name = "jb-two-pair-7-10-joker-not-ace"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def two_pair(self, hand):
        high = hand.pairs[0]
        if 7 <= high < JACK and ACE in hand.singles and hand.groups[ACE][0] == JOKER_CODE:
            return self.split_two_pair(hand, "Two pair, high pair 7-10, only the joker for the front")
        return super().two_pair(hand)
