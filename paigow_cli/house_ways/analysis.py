"""What every house way looks at in seven cards, and the moves they share (rules.md §6).

``Seven`` groups the cards by rank with the joker among the aces (it pairs only
with aces), lists pairs, trips and singletons, and knows whether a straight or
flush can be made. Its moves return a ``Decision``: the two cards for the front
and the clause, in a dealer's words.

Whenever a move leaves a choice between cards of the same rank, it takes the
best low hand, then the best high hand, then a fixed order (the joker stays in
back, then the lowest card codes go in front), so a setting never depends on
the order the cards were given.

>>> from paigow_cli.core.cards import parse_cards
>>> hand = Seven(parse_cards("AS KD JK 9H 9C 4D 2S"))
>>> hand.pairs, hand.singles, hand.complete
([14, 9], [13, 4, 2], False)
>>> hand.front_from_pool(hand.cards_except(14, 9))
(KD, 4D)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from paigow_cli.core.cards import ACE, JOKER_CODE, Card, cards_text
from paigow_cli.core.hands import (
    FLUSH,
    RANK_PLURALS,
    ROYAL_CODE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    five_card_key,
    key_ranks,
    two_card_key,
)
from paigow_cli.core.splits import HIGH_POSITIONS, LOW_POSITIONS

COMPLETE_CATEGORIES = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
KING = 13


def _straight_windows() -> list[int]:
    windows = [sum(1 << r for r in range(top - 4, top + 1)) for top in range(6, 15)]
    return windows + [(1 << ACE) | 0b111100]


WINDOWS = _straight_windows()
# Masks of distinct ranks that can be a straight: a window's five, or four of them and the joker.
# (Four ranks of five natural cards hold a pair, so they are never a straight: ``five_card_key``,
# which decides, is asked about a few backs too many and never too few.)
STRAIGHT_MASKS = frozenset(WINDOWS) | frozenset(
    window & ~(1 << rank) for window in WINDOWS for rank in range(2, ACE + 1) if window >> rank & 1
)


@dataclass(frozen=True, slots=True)
class Decision:
    """The two cards a house way puts in front, and the clause that decided it."""

    front: tuple[Card, Card]
    rule: str


class HelperError(ValueError):
    """A helper asked for what the hand does not hold (a plugin's mistake): says which helper and
    what it needed, e.g. ``pair_in_front(13) needs two kings; the hand has none``."""


def _rank_name(rank: int) -> str:
    return RANK_PLURALS.get(rank, f"cards of rank {rank}")


@dataclass(frozen=True, slots=True)
class CompleteSetting:
    """A setting with a straight, flush or straight flush in back."""

    front: tuple[Card, Card]
    high_key: int
    low_key: int

    @property
    def category(self) -> int:
        return self.high_key >> 20

    @property
    def royal(self) -> bool:
        return self.category == STRAIGHT_FLUSH and key_ranks(self.high_key)[0] == ROYAL_CODE


def front_order(front: Sequence[int]) -> tuple[bool, list[int]]:
    """Fixed tie-break between equally good fronts: the joker stays in back, then low card codes."""
    return (JOKER_CODE in front, sorted(front))


class Seven:
    """Seven cards as a house way sees them."""

    __slots__ = (
        "_completes",
        "cards",
        "complete",
        "five_aces",
        "groups",
        "pairs",
        "quads",
        "singles",
        "trips",
        "wheel_low",
    )

    def __init__(self, cards: Sequence[Card], wheel_low: bool = False) -> None:
        self.cards = tuple(cards)
        self.wheel_low = wheel_low
        groups: dict[int, list[Card]] = {}
        suit_counts = [0, 0, 0, 0]
        mask = 0
        joker = 0
        for card in cards:
            if card == JOKER_CODE:
                joker = 1
                rank = ACE
            else:
                rank = (card >> 2) + 2
                suit_counts[card & 3] += 1
                mask |= 1 << rank
            groups.setdefault(rank, []).append(card)
        self.groups = groups
        ranks = sorted(groups, reverse=True)
        self.pairs = [r for r in ranks if len(groups[r]) == 2]
        self.trips = [r for r in ranks if len(groups[r]) == 3]
        self.quads = [r for r in ranks if len(groups[r]) == 4]
        self.five_aces = len(groups.get(ACE, ())) == 5
        self.singles = [r for r in ranks if len(groups[r]) == 1]
        flush = max(suit_counts) + joker >= 5
        need = 5 - joker
        self.complete = flush or any((mask & window).bit_count() >= need for window in WINDOWS)
        self._completes: list[CompleteSetting] | None = None

    # --- questions the clauses ask ---------------------------------------------------------

    def single_at_least(self, rank: int) -> bool:
        """Is there a singleton of this rank or higher (the joker counts as an ace)?"""
        return bool(self.singles) and self.singles[0] >= rank

    def has_single(self, rank: int) -> bool:
        """Is there an unpaired card of this rank? The joker counts as an ace: with no real ace it
        is a single ace (``has_single(ACE)``), and with one the two are a pair of aces, no single."""
        return rank in self.singles

    def cards_except(self, *ranks: int) -> list[Card]:
        """The cards whose rank is not one of ``ranks``."""
        return [card for rank, cards in self.groups.items() if rank not in ranks for card in cards]

    # --- moves -----------------------------------------------------------------------------

    def choose(self, fronts: Iterable[Sequence[Card]]) -> tuple[Card, Card]:
        """The best of several fronts: best low hand, then best high hand, then the fixed order."""
        options = [tuple(front) for front in fronts]
        if not options:
            raise HelperError("choose() needs at least one front to choose from; it was given none")
        if len(options) > 1:
            best_low = max(two_card_key(*front) for front in options)
            options = [front for front in options if two_card_key(*front) == best_low]
        if len(options) > 1 and self.complete:
            # Only a straight or flush can make the backs differ.
            scored = [(self.high_key_with(front), front) for front in options]
            best_high = max(score for score, _ in scored)
            options = [front for score, front in scored if score == best_high]
        return min(options, key=front_order)  # type: ignore[return-value]

    def high_key_with(self, front: Sequence[Card]) -> int:
        return five_card_key([card for card in self.cards if card not in front], self.wheel_low)

    def pair_in_front(self, rank: int) -> tuple[Card, Card]:
        """Two cards of ``rank`` in front (the best two, if there are more)."""
        group = self.groups.get(rank, [])
        if len(group) < 2:
            raise HelperError(
                f"pair_in_front({rank}) needs two {_rank_name(rank)}; the hand has {len(group) or 'none'}"
            )
        return self.choose(combinations(group, 2))

    def front_from_pool(self, pool: Sequence[Card]) -> tuple[Card, Card]:
        """The best two-card hand from ``pool``: its highest pair, else its two highest cards."""
        if len(pool) < 2 or not set(pool) <= set(self.cards):
            raise HelperError(
                f"front_from_pool() needs two or more cards of the hand; it was given {cards_text(pool) or 'none'}"
            )
        by_rank: dict[int, list[Card]] = {}
        for card in pool:
            by_rank.setdefault(ACE if card == JOKER_CODE else (card >> 2) + 2, []).append(card)
        paired = [rank for rank, cards in by_rank.items() if len(cards) >= 2]
        if paired:
            return self.choose(combinations(by_rank[max(paired)], 2))
        first, second = sorted(by_rank, reverse=True)[:2]
        return (by_rank[first][0], by_rank[second][0])

    def one_card_and_next(self, rank: int) -> tuple[Card, Card]:
        """One card of ``rank`` in front with the highest card of another rank."""
        if rank not in self.groups:
            raise HelperError(f"one_card_and_next({rank}) needs one of the {_rank_name(rank)}; the hand has none")
        others = self.cards_except(rank)
        best_other = max(ACE if card == JOKER_CODE else (card >> 2) + 2 for card in others)
        partners = [card for card in others if (ACE if card == JOKER_CODE else (card >> 2) + 2) == best_other]
        return self.choose((card, partner) for card in self.groups[rank] for partner in partners)

    # --- straights and flushes ---------------------------------------------------------------

    def complete_settings(self) -> list[CompleteSetting]:
        """Every setting with a straight, flush or straight flush in back."""
        if self._completes is None:
            found = []
            if self.complete:
                cards = self.cards
                # Each card's suit and rank as bits (the joker has neither), so a back that cannot be
                # a straight (its ranks) or a flush (its suits) is passed over without valuing it.
                suits = [0 if card == JOKER_CODE else 1 << (card & 3) for card in cards]
                ranks = [0 if card == JOKER_CODE else 1 << ((card >> 2) + 2) for card in cards]
                joker = cards.index(JOKER_CODE) if JOKER_CODE in cards else -1
                wheel_low = self.wheel_low
                for (i, j), (a, b, c, d, e) in zip(LOW_POSITIONS, HIGH_POSITIONS):
                    one_suit = (suits[a] | suits[b] | suits[c] | suits[d] | suits[e]).bit_count() == 1
                    mask = ranks[a] | ranks[b] | ranks[c] | ranks[d] | ranks[e]
                    if not one_suit and mask not in STRAIGHT_MASKS:
                        continue
                    with_joker = joker >= 0 and joker != i and joker != j
                    if mask.bit_count() != 5 - with_joker:  # a rank twice: never a straight or a flush
                        continue
                    # Five distinct ranks (with or without the joker): the key is the ranks' and the suit's.
                    shape = (mask, one_suit, with_joker, wheel_low)
                    high = _COMPLETE_KEYS.get(shape)
                    if high is None:
                        high = _COMPLETE_KEYS[shape] = five_card_key(
                            (cards[a], cards[b], cards[c], cards[d], cards[e]), wheel_low
                        )
                    if high >> 20 in COMPLETE_CATEGORIES:
                        front = (cards[i], cards[j])
                        found.append(CompleteSetting(front, high, two_card_key(*front)))
            self._completes = found
        return self._completes

    def pair_of(self, rank: int) -> Callable[[CompleteSetting], bool]:
        """A test for complete settings whose front is two cards of ``rank``."""
        group = self.groups.get(rank, [])
        if len(group) < 2:
            raise HelperError(f"pair_of({rank}) needs two {_rank_name(rank)}; the hand has {len(group) or 'none'}")
        return lambda setting: setting.front[0] in group and setting.front[1] in group

    def best_complete(self, allowed: Callable[[CompleteSetting], bool] | None = None) -> CompleteSetting | None:
        """The complete setting with the best front, then the best back, among those ``allowed``."""
        options = [s for s in self.complete_settings() if allowed is None or allowed(s)]
        if len(options) <= 1:
            return options[0] if options else None
        top = max((s.low_key, s.high_key) for s in options)
        tied = [s for s in options if (s.low_key, s.high_key) == top]
        return tied[0] if len(tied) == 1 else min(tied, key=lambda s: front_order(s.front))


_COMPLETE_KEYS: dict[tuple[int, bool, bool, bool], int] = {}  # see complete_settings


def front_key(front: Sequence[Card]) -> int:
    """The low-hand key of a front."""
    return two_card_key(front[0], front[1])
