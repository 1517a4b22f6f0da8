"""The shape every house way shares: which clause applies to a hand, and the clauses all casinos agree on.

``HouseWay.decide`` looks at the hand's pairing first and applies, in order:
five aces, four of a kind, full house (trips with a pair, or two trips), then
straights and flushes, then three pair, two pair, three of a kind, one pair
and no pair. A casino subclass overrides the clauses it words differently.

Reading (rules.md §6 asks us to record it): full houses, quads and five aces
are decided by their own clauses even when a straight or flush is also there
(possible only with the joker), as the published texts for straights and
flushes all defer to "their rules" for full houses.
"""

from __future__ import annotations

from collections.abc import Callable

from paigow_cli.core.cards import cards_text
from paigow_cli.core.hands import HIGH_CARD, RANK_PLURALS, pack
from paigow_cli.house_ways.analysis import KING, CompleteSetting, Decision, HelperError, Seven

ACE = 14
JACK = 11
TEN = 10

# Thresholds on the front hand, as low-hand keys.
KING_HIGH = pack(HIGH_CARD, KING)  # K-2 or better: any king or ace, or a pair
JACK_HIGH = pack(HIGH_CARD, JACK)
ACE_HIGH = pack(HIGH_CARD, ACE)
ACE_FACE = pack(HIGH_CARD, ACE, JACK)  # an ace with a face card (A-J) or better, or a pair


def pair_class(rank: int, medium_from: int, high_from: int) -> str:
    """A casino's class of a pair for its two-pair rule: aces apart, then high, medium, low.

    >>> pair_class(9, medium_from=7, high_from=JACK), pair_class(9, medium_from=6, high_from=TEN)
    ('medium', 'medium')
    """
    if rank == ACE:
        return "aces"
    if rank >= high_from:
        return "high"
    return "medium" if rank >= medium_from else "low"


def two_pair_name(hand: Seven) -> str:
    """ "Two pair, nines and fours"."""
    return f"Two pair, {RANK_PLURALS[hand.pairs[0]]} and {RANK_PLURALS[hand.pairs[1]]}"


def _needs(holds: bool, what: str, hand: Seven) -> None:
    """A move's requirement on the hand (a plugin may call a move on the wrong hand): say which."""
    if not holds:
        raise HelperError(f"{what}; {cards_text(hand.cards)} does not hold it")


class HouseWay:
    """A casino's procedure for setting seven cards. Subclasses word their own clauses."""

    name = ""
    casino = ""
    source = ""
    plugin = False  # set on plugins when they are loaded (house_ways.plugins)
    origin = "shipped with paigow"
    digest = ""  # a plugin's source digest, part of its dealer table's cache key
    home = ""  # a plugin's file, or its package's folder: errors name the plugin's own line in it
    warnings: tuple[str, ...] = ()  # what loading a plugin found suspicious (``plugins.stray_methods``)

    def decide(self, hand: Seven) -> Decision:
        """The front two cards and the clause that decided them."""
        if hand.five_aces:
            return self.five_aces(hand)
        if hand.quads:
            return self.four_of_a_kind(hand)
        if hand.trips and (hand.pairs or len(hand.trips) == 2):
            return self.full_house(hand)
        if hand.complete:
            decision = self.straight_or_flush(hand)
            if decision is not None:
                return decision
        if len(hand.pairs) == 3:
            return self.three_pair(hand)
        if len(hand.pairs) == 2:
            return self.two_pair(hand)
        if hand.trips:
            return self.three_of_a_kind(hand)
        if hand.pairs:
            return self.one_pair(hand)
        return self.no_pair(hand)

    # --- clauses every casino in rules.md §7 words the same way ------------------------------

    def no_pair(self, hand: Seven) -> Decision:
        front = hand.front_from_pool(hand.cards_except(hand.singles[0]))
        return Decision(front, "No pair: highest card in back, second and third highest in front")

    def one_pair(self, hand: Seven) -> Decision:
        front = hand.front_from_pool(hand.cards_except(hand.pairs[0]))
        return Decision(front, "One pair: pair in back, the two highest other cards in front")

    def three_pair(self, hand: Seven) -> Decision:
        return Decision(hand.pair_in_front(hand.pairs[0]), "Three pair: highest pair in front")

    def three_of_a_kind(self, hand: Seven) -> Decision:
        rank = hand.trips[0]
        if rank == ACE:
            return Decision(
                hand.one_card_and_next(ACE),
                "Three aces: broken, a pair of aces in back, one ace and the next highest card in front",
            )
        front = hand.front_from_pool(hand.cards_except(rank))
        return Decision(front, "Three of a kind: trips in back, the two highest other cards in front")

    def two_trips(self, hand: Seven) -> Decision:
        return Decision(hand.pair_in_front(hand.trips[0]), "Two sets of trips: a pair from the higher set in front")

    def full_house(self, hand: Seven) -> Decision:
        if len(hand.trips) == 2:
            return self.two_trips(hand)
        return Decision(hand.pair_in_front(hand.pairs[0]), "Full house: split, the highest pair in front")

    def full_house_split_unless_twos_with_ace_king(self, hand: Seven) -> Decision:
        """Split (pair in front), except a pair of twos with an ace and a king: A-K in front;
        trips plus two pairs: the highest pair in front."""
        if len(hand.trips) == 2:
            return self.two_trips(hand)
        if len(hand.pairs) == 2:
            return Decision(hand.pair_in_front(hand.pairs[0]), "Trips plus two pairs: highest pair in front")
        if hand.pairs[0] == 2 and hand.has_single(ACE) and hand.has_single(KING):
            front = hand.front_from_pool(hand.cards_except(hand.trips[0], 2))
            return Decision(
                front, "Full house with a pair of twos and an ace and a king: full house in back, A-K in front"
            )
        return Decision(hand.pair_in_front(hand.pairs[0]), "Full house: split, pair in front")

    def five_aces(self, hand: Seven) -> Decision:
        if KING in hand.pairs:
            return Decision(
                hand.pair_in_front(KING), "Five aces with a pair of kings: five aces in back, kings in front"
            )
        return Decision(hand.pair_in_front(ACE), "Five aces: split, a pair of aces in front, three aces in back")

    def four_of_a_kind(self, hand: Seven) -> Decision:
        raise NotImplementedError  # every casino words its own

    def two_pair(self, hand: Seven) -> Decision:
        raise NotImplementedError  # every casino words its own

    def straight_or_flush(self, hand: Seven) -> Decision | None:
        """Decide a hand that can make a straight or flush, or None to use the pair clauses."""
        raise NotImplementedError  # every casino words its own

    # --- moves the clauses share -------------------------------------------------------------

    def split_two_pair(self, hand: Seven, why: str, verb: str = "split") -> Decision:
        """Higher pair in back, lower pair in front."""
        _needs(len(hand.pairs) >= 2, "split_two_pair() needs a hand with two pairs", hand)
        return Decision(hand.pair_in_front(hand.pairs[1]), f"{why}: {verb}, small pair in front")

    def keep_two_pair(self, hand: Seven, why: str) -> Decision:
        """Both pairs in back, the best two other cards in front."""
        _needs(len(hand.pairs) >= 2, "keep_two_pair() needs a hand with two pairs", hand)
        front = hand.front_from_pool(hand.cards_except(*hand.pairs[:2]))
        return Decision(front, f"{why}: kept together, two highest other cards in front")

    def split_quads(self, hand: Seven, why: str, verb: str = "split") -> Decision:
        _needs(bool(hand.quads), "split_quads() needs four of a kind", hand)
        return Decision(hand.pair_in_front(hand.quads[0]), f"{why}: {verb}, a pair in front")

    def keep_quads(self, hand: Seven, why: str) -> Decision:
        _needs(bool(hand.quads), "keep_quads() needs four of a kind", hand)
        front = hand.front_from_pool(hand.cards_except(hand.quads[0]))
        return Decision(front, f"{why}: kept together, the best other cards in front")

    def quads_with_pair(self, hand: Seven) -> Decision | None:
        """Quads plus a pair or trips: that pair (or a pair from the trips) in front."""
        other = hand.pairs or hand.trips
        if not other:
            return None
        return Decision(hand.pair_in_front(other[0]), "Four of a kind with a pair or trips besides: that pair in front")

    @staticmethod
    def complete(setting: CompleteSetting, rule: str) -> Decision:
        """The decision that plays a complete setting (from ``best_complete``) with its clause's text."""
        if not isinstance(setting, CompleteSetting):
            raise HelperError(
                f"complete() needs a CompleteSetting (from best_complete), got {setting!r}"
                + (": best_complete() found no straight or flush there" if setting is None else "")
            )
        return Decision(setting.front, rule)

    def trips_with_complete(self, hand: Seven) -> Decision | None:
        """Three of a kind and a straight or flush: complete hand in back, a pair from the trips in front.

        Reading (rules.md §6, as the published exact analysis read it): where no pair from the
        trips can go in front with a complete hand in back (three aces made with the joker, when
        the straight or flush needs the joker or an ace), the complete hand still stays in back,
        with the best front it allows.
        """
        _needs(bool(hand.trips), "trips_with_complete() needs three of a kind", hand)
        best = hand.best_complete(hand.pair_of(hand.trips[0]))
        if best is not None:
            return self.complete(
                best, "Three of a kind with a straight or flush: complete hand in back, a pair from the trips in front"
            )
        best = hand.best_complete()
        if best is None:
            return None
        return self.complete(
            best,
            "Three of a kind with a straight or flush, no pair from the trips can go in front: complete hand in back, "
            "the best front it allows",
        )

    def pair_with_complete(self, hand: Seven) -> Decision | None:
        """One pair and a straight or flush: the pair in front when the complete hand stays in back."""
        _needs(bool(hand.pairs), "pair_with_complete() needs a pair", hand)
        best = hand.best_complete(hand.pair_of(hand.pairs[0]))
        if best is None:
            return None
        return self.complete(best, "Straight or flush with one pair: pair in front, complete hand in back")

    def keep_or_break(
        self,
        hand: Seven,
        top: Callable[[CompleteSetting], bool],
        threshold: int,
        name: str,
        threshold_name: str,
    ) -> Decision:
        """Keep the best ``top`` complete hand in back, unless its front is below ``threshold`` and
        a lower straight or flush can stay in back with a front at or above it."""
        kept = hand.best_complete(top)
        _needs(kept is not None, f"keep_or_break() needs a straight or flush its test accepts ({name})", hand)
        assert kept is not None
        if kept.low_key < threshold:
            lower = hand.best_complete(lambda s: not top(s) and s.low_key >= threshold)
            if lower is not None:
                return self.complete(
                    lower, f"{name}: broken, a straight or flush in back lets {threshold_name} go in front"
                )
        return self.complete(kept, f"{name}: in back, the best front that allows it")
