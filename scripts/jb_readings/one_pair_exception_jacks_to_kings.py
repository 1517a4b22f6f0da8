"""Straight or flush with one pair: the exception (pair in back, ace in front for the better front)
read for pairs 11-13."""

from paigow_cli.house_ways.api import ACE, JOKER_CODE, Decision, front_key, house_way_class

Foxwoods = house_way_class("foxwoods")
LOW, HIGH, REAL_ACE = 11, 13, False


class Reading(Foxwoods):
    name = "jb-one-pair-exception-jacks-to-kings"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def straight_or_flush(self, hand):
        if len(hand.pairs) != 1 or hand.trips:
            return super().straight_or_flush(hand)
        best = hand.best_complete()
        if best is None:
            return None
        pair = hand.pairs[0]
        ace = hand.has_single(ACE) and (not REAL_ACE or JOKER_CODE not in hand.groups[ACE])
        if LOW <= pair <= HIGH and ace:
            one_pair_front = hand.front_from_pool(hand.cards_except(pair))
            if front_key(one_pair_front) > best.low_key:
                return Decision(one_pair_front, "Straight or flush with an ace and a pair: pair in back, ace in front")
        return self.complete(best, "Straight or flush, one pair: complete hand in back, the best front that allows it")
