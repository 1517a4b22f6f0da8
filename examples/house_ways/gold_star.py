"""The Gold Star house way: a Las Vegas dealer school's "standard" house way (rules.md §7.8).

An example of a house-way plugin: one HouseWay subclass, written against
``paigow_cli.house_ways.api`` only. Use it with any command:

    paigow house-ways --check examples/house_ways/gold_star.py
    paigow house 9S 9H 4D 4C AS KD 2H --house-way examples/house_ways/gold_star.py
    paigow advise AS KD JK 9H 9C 4D 2S --house-way examples/house_ways/gold_star.py

Each method is one clause of the published text; the clauses it does not define
(no pair, one pair, three pair, three of a kind, two trips, five aces) are worded
the same way by every casino, and come from ``HouseWay``.

Readings taken where the text is silent: a straight or flush with three of a kind
keeps the complete hand with a pair from the trips in front (as other casinos
word it); a straight or flush with one pair that cannot keep the complete hand
with the pair in front plays the complete hand with its best front; two pair with
a straight or flush uses the two-pair rule.
"""

from __future__ import annotations

from paigow_cli.house_ways.api import ACE, JACK, TEN, Decision, HouseWay, Seven


class GoldStar(HouseWay):
    name = "gold-star"
    casino = "Gold Star dealer school, Las Vegas (its standard house way)"
    source = "goldstarschool.com/house-ways/; two pair: vegas-aces.com/learn/deal-pai-gow-poker-06-house-way"

    def two_pair(self, hand: Seven) -> Decision:
        high, low = hand.pairs[0], hand.pairs[1]
        if high >= JACK and low >= 6:
            return self.split_two_pair(hand, "Two pair, jacks or better with sixes or better", "always split")
        if high <= 6:
            return self.keep_two_pair(hand, "Two pair, high pair six or lower")
        if hand.has_single(ACE):
            return self.keep_two_pair(hand, "Two pair, an ace can go in front")
        return self.split_two_pair(hand, "Two pair, no ace for the front")

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 2:
            return None  # two pair and three pair: the two-pair rule
        if hand.trips:
            return self.trips_with_complete(hand)
        if not hand.pairs:
            best = hand.best_complete()
            return self.complete(
                best, "Straight or flush, no pair: complete hand in back, the highest two cards that allow it in front"
            )
        pair = hand.pairs[0]
        if pair >= TEN and hand.has_single(ACE):
            front = hand.front_from_pool(hand.cards_except(pair))
            return Decision(
                front, "Straight or flush with a pair of tens or better and an ace: pair in back, ace in front"
            )
        with_pair = self.pair_with_complete(hand)
        if with_pair is not None:
            return with_pair
        best = hand.best_complete()
        return self.complete(
            best, "Straight or flush, one pair that cannot go in front: complete hand in back, best front"
        )

    def full_house(self, hand: Seven) -> Decision:
        return self.full_house_split_unless_twos_with_ace_king(hand)

    def four_of_a_kind(self, hand: Seven) -> Decision:
        with_pair = self.quads_with_pair(hand)
        if with_pair is not None:
            return with_pair
        rank = hand.quads[0]
        if rank <= 6:
            return self.keep_quads(hand, "Four of a kind, six or lower: kept together")
        if rank <= TEN:
            if hand.single_at_least(ACE):
                return self.keep_quads(hand, "Four of a kind, sevens to tens, an ace can go in front")
            return self.split_quads(hand, "Four of a kind, sevens to tens, no ace for the front")
        return self.split_quads(hand, "Four of a kind, jacks to aces", "always split")
