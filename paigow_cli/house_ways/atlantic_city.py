"""Atlantic City house ways: Trump Plaza, Claridge and Bally's (rules.md §7.2-§7.4).

Sources: wizardofodds.com/games/pai-gow-poker/house-way/trump-plaza-atlantic-city/ and
.../ballys-atlantic-city, also kept in the public repository cammoore/PaiGow-Poker
(src/Trump-Plaza-Atlantic-City.txt, src/Ballys-Atlantic-City.txt).
"""

from __future__ import annotations

from paigow_cli.core.cards import JOKER_CODE
from paigow_cli.core.hands import ROYAL_CODE, STRAIGHT, STRAIGHT_FLUSH, key_ranks
from paigow_cli.house_ways.analysis import KING, CompleteSetting, Decision, Seven
from paigow_cli.house_ways.base import ACE, JACK, HouseWay, pair_class, two_pair_name


def trump_plaza_class(rank: int) -> str:
    """Trump Plaza's pair classes: low 2-6, medium 7-10, high J-K, aces apart."""
    return pair_class(rank, medium_from=7, high_from=JACK)


class TrumpPlaza(HouseWay):
    name = "trump-plaza"
    casino = "Trump Plaza, Atlantic City"
    source = "wizardofodds.com/games/pai-gow-poker/house-way/trump-plaza-atlantic-city/"

    def two_pair(self, hand: Seven) -> Decision:
        high, low = trump_plaza_class(hand.pairs[0]), trump_plaza_class(hand.pairs[1])
        why = f"{two_pair_name(hand)} ({high} and {low})"
        if (high, low) in (("low", "low"), ("medium", "low")):
            if hand.single_at_least(KING):
                return self.keep_two_pair(hand, f"{why}, a king or better can go in front")
            return self.split_two_pair(hand, f"{why}, no king or better for the front")
        if (high, low) in (("high", "low"), ("medium", "medium")):
            if hand.single_at_least(ACE):
                return self.keep_two_pair(hand, f"{why}, an ace can go in front")
            return self.split_two_pair(hand, f"{why}, no ace for the front")
        return self.split_two_pair(hand, why, "always split")

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 2:
            return None  # two pair, three pair: their rules
        if hand.trips:
            return self.trips_with_complete(hand)
        if hand.pairs:
            # Reading: the complete hand stays in back either way; the pair goes in front
            # when the complete hand can be played without it.
            with_pair = self.pair_with_complete(hand)
            if with_pair is not None:
                return with_pair
            best = hand.best_complete()
            assert best is not None
            return self.complete(
                best,
                "Straight or flush with one pair: the pair is needed, complete hand in back, highest cards in front",
            )
        best = hand.best_complete()
        assert best is not None
        return self.complete(
            best, "Straight or flush, no pair: the complete hand that allows the highest two cards in front"
        )

    def full_house(self, hand: Seven) -> Decision:
        return self.full_house_split_unless_twos_with_ace_king(hand)

    def four_of_a_kind(self, hand: Seven) -> Decision:
        with_pair = self.quads_with_pair(hand)
        if with_pair is not None:
            return with_pair
        rank = hand.quads[0]
        if rank <= 6:
            return self.keep_quads(hand, "Four of a kind, 2-6: always together")
        if rank <= 10:
            if hand.single_at_least(KING):
                return self.keep_quads(hand, "Four of a kind, 7-10, a king or better can go in front")
            return self.split_quads(hand, "Four of a kind, 7-10, no king or better for the front")
        if rank <= KING:
            if hand.single_at_least(ACE):
                return self.keep_quads(hand, "Four of a kind, J-K, an ace can go in front")
            return self.split_quads(hand, "Four of a kind, J-K, no ace for the front")
        return self.split_quads(hand, "Four aces", "always split")


class Claridge(TrumpPlaza):
    """Trump Plaza, except full houses and quads of 7 to king."""

    name = "claridge"
    casino = "Claridge, Atlantic City"
    source = "cammoore/PaiGow-Poker src/Trump-Plaza-Atlantic-City.txt (Claridge exceptions)"

    def full_house(self, hand: Seven) -> Decision:
        if len(hand.trips) == 2:
            return self.two_trips(hand)
        return Decision(hand.pair_in_front(hand.pairs[0]), "Full house: always the pair in front")

    def four_of_a_kind(self, hand: Seven) -> Decision:
        rank = hand.quads[0]
        if 7 <= rank <= 10 and self.quads_with_pair(hand) is None:
            if hand.single_at_least(ACE):
                return self.keep_quads(hand, "Four of a kind, 7-10, an ace can go in front")
            return self.split_quads(hand, "Four of a kind, 7-10, no ace for the front")
        if JACK <= rank <= KING and self.quads_with_pair(hand) is None:
            return self.split_quads(hand, "Four of a kind, J-K", "always split")
        return super().four_of_a_kind(hand)


class Ballys(TrumpPlaza):
    """Bally's: Trump Plaza's pair clauses, its own straights, full houses, quads and five aces."""

    name = "ballys"
    casino = "Bally's, Atlantic City"
    source = "wizardofodds.com/games/pai-gow-poker/house-way/ballys-atlantic-city"

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        if len(hand.pairs) >= 2:
            return None  # two pair, three pair: their rules
        if hand.trips:
            return self.trips_with_complete(hand)
        if hand.pairs:
            with_pair = self.pair_with_complete(hand)
            if with_pair is not None:
                return with_pair
        # Exception: an ace-high straight (or straight flush) that needs the joker, with a real
        # ace beside it, is played as a pair of aces; a wheel or a lower straight is played instead
        # when the hand has one.
        joker_ace = JOKER_CODE in hand.cards and len(hand.groups.get(ACE, ())) == 2

        def allowed(setting: CompleteSetting) -> bool:
            return not (joker_ace and joker_broadway(hand, setting))

        best = hand.best_complete(allowed)
        if best is None:
            return Decision(
                hand.front_from_pool(hand.cards_except(ACE)),
                "Ace-high straight with the joker: played as a pair of aces in back, next two highest in front",
            )
        return self.complete(best, "Straight or flush: the complete hand that allows the highest two cards in front")

    def four_of_a_kind(self, hand: Seven) -> Decision:
        with_pair = self.quads_with_pair(hand)
        if with_pair is not None:
            return with_pair
        rank = hand.quads[0]
        if rank <= 9:
            return self.keep_quads(hand, "Four of a kind, 2-9: never split")
        if rank <= KING:
            if hand.single_at_least(ACE):
                return self.keep_quads(hand, "Four of a kind, 10-K, an ace can go in front")
            return self.split_quads(hand, "Four of a kind, 10-K, no ace for the front")
        return self.split_quads(hand, "Four aces", "always split")


def joker_broadway(hand: Seven, setting: CompleteSetting) -> bool:
    """Is the back an ace-high straight or straight flush that uses the joker?"""
    if setting.category not in (STRAIGHT, STRAIGHT_FLUSH) or key_ranks(setting.high_key)[0] != ROYAL_CODE:
        return False
    return JOKER_CODE not in setting.front
