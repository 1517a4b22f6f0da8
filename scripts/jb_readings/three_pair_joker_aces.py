"""Three pair whose aces are made with the joker: the joker's pair is not a pair here, so the two
real pairs are played by the two-pair rule (the ace and the joker as singles)."""

from paigow_cli.house_ways.api import ACE, JACK, JOKER_CODE, Decision, house_way_class

Foxwoods = house_way_class("foxwoods")


class ThreePairJokerAces(Foxwoods):
    name = "jb-three-pair-joker-aces"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def three_pair(self, hand):
        if hand.pairs[0] != ACE or JOKER_CODE not in hand.groups[ACE]:
            return super().three_pair(hand)
        high, low = hand.pairs[1], hand.pairs[2]
        keep = high < JACK  # 7-10 keep with an ace for the front, 3-6 with a king or better: the joker is one
        if keep:
            front = hand.front_from_pool(hand.cards_except(high, low))
            return Decision(front, "Three pair with the joker's aces: two pair kept, ace and joker in front")
        return Decision(
            hand.pair_in_front(low), "Three pair with the joker's aces: two pair split, small pair in front"
        )
