"""The classes of dealer hands a house way must treat alike (design.md, "The exact EV engine").

A house way looks at suits only to find flushes, so a hand that cannot make a
flush is described by its rank multiset and whether it holds the joker:
67,600 *multiset classes*. A hand that can make a flush (five or more cards of
one suit, or four with the joker) has exactly one such suit; it is described by
the ranks it holds in that suit, the (at most two) ranks it holds outside it,
and the joker: 224,653 *flush classes*, suit-agnostic.

Each class has a representative hand: multiset classes deal their cards round
the suits (no suit twice more than another, so never a flush); flush classes
put the suited ranks in spades and the others in hearts and diamonds.

>>> classes = dealer_classes()
>>> len(classes.multiset_counts), len(classes.flush_suited)
(67600, 224653)
>>> classes.multiset_hand(0), classes.flush_hand(0)
((2S, 2H, 2D, 2C, 3S, 3H, 3D), (2S, 3S, 4S, 5S, 6S, 2H, 2D))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from paigow_cli.core.cards import DECK, JOKER_CODE, Card

RANKS = 13
CLASS_COUNT = 292_253  # multiset classes and flush classes: what ``dealer_classes`` enumerates
NO_RANK = RANKS  # marks an unused "other rank" slot of a flush class
RANK_PARTS = ((0, 4), (4, 4), (8, 5))  # (first rank, ranks) of a multiset's three base-5 digit parts


def _multisets(size: int) -> list[tuple[int, ...]]:
    """Count vectors over 13 ranks (at most 4 of each) summing to ``size``, in lexicographic order of cards."""
    found = []
    for combo in combinations_with_replacement(range(RANKS), size):
        counts = [0] * RANKS
        for rank in combo:
            counts[rank] += 1
        if max(counts) <= 4:
            found.append(tuple(counts))
    return found


@dataclass(frozen=True)
class DealerClasses:
    """The class structure as arrays (rank indices 0..12 for 2..A)."""

    multiset_counts: np.ndarray  # (M, 13) uint8: cards of each rank
    multiset_joker: np.ndarray  # (M,) bool
    flush_suited: np.ndarray  # (F,) uint16: bit r set when rank r is held in the flush suit
    flush_other: np.ndarray  # (F, 2) uint8: ranks held outside the flush suit, NO_RANK if fewer than two
    flush_joker: np.ndarray  # (F,) bool
    flush_multiset: np.ndarray  # (F,) int32: the multiset class with the same ranks and joker

    @property
    def multisets(self) -> int:
        """How many multiset classes there are: a class's global id is its multiset index, or this
        plus its flush index (strategy tables number their rows so)."""
        return len(self.multiset_counts)

    @property
    def count(self) -> int:
        """Every class, multiset and flush."""
        return len(self.multiset_counts) + len(self.flush_suited)

    @cached_property
    def multiset_digits(self) -> np.ndarray:
        """(M, 3) each multiset class's rank counts as three base-5 numbers (``RANK_PARTS``, the
        lowest rank the lowest digit): its weight is then three table lookups. Horner's rule in
        uint16 (at most 5**5 - 1): a tenth of the time of an integer matrix product, on the path of
        every ``advise``."""
        counts = self.multiset_counts
        digits = np.empty((len(counts), len(RANK_PARTS)), dtype=np.uint16)
        for part, (first, ranks) in enumerate(RANK_PARTS):
            number = np.zeros(len(counts), dtype=np.uint16)
            for rank in range(first + ranks - 1, first - 1, -1):  # the highest digit first
                number = number * np.uint16(5) + counts[:, rank]
            digits[:, part] = number
        return digits

    @cached_property
    def flush_pairs(self) -> np.ndarray:
        """(F,) each flush class's other ranks as one index ``o1 * 14 + o2`` (``NO_RANK`` for none)."""
        return self.flush_other[:, 0].astype(np.int64) * (RANKS + 1) + self.flush_other[:, 1]

    @cached_property
    def multiset_index(self) -> dict[tuple[tuple[int, ...], bool], int]:
        """(rank counts, joker) -> the multiset class."""
        return {
            (tuple(counts), bool(joker)): index
            for index, (counts, joker) in enumerate(zip(self.multiset_counts.tolist(), self.multiset_joker.tolist()))
        }

    @cached_property
    def flush_index(self) -> dict[tuple[int, int, int, bool], int]:
        """(suited ranks mask, first other rank, second other rank, joker) -> the flush class."""
        return {
            (mask, first, second, bool(joker)): index
            for index, (mask, (first, second), joker) in enumerate(
                zip(self.flush_suited.tolist(), self.flush_other.tolist(), self.flush_joker.tolist())
            )
        }

    def class_id(self, hand: Sequence[Card]) -> int:
        """The global id of the class seven cards are in (see ``multisets``).

        >>> from paigow_cli.core.cards import parse_cards
        >>> classes = dealer_classes()
        >>> classes.class_id(parse_cards("2S 2H 2D 2C 3S 3H 3D")), classes.class_id(parse_cards("2S 3S 4S 5S 6S 2H 2D"))
        (0, 67600)
        """
        codes = [int(card) for card in hand]
        joker = JOKER_CODE in codes
        real = [code for code in codes if code != JOKER_CODE]
        suits = [sum(1 for code in real if code & 3 == suit) for suit in range(4)]
        flush = max(range(4), key=lambda suit: suits[suit])
        if suits[flush] + joker >= 5:
            mask = sum(1 << (code >> 2) for code in real if code & 3 == flush)
            others = sorted(code >> 2 for code in real if code & 3 != flush)
            first, second = (*others, NO_RANK, NO_RANK)[:2]
            return self.multisets + self.flush_index[mask, first, second, joker]
        counts = [0] * RANKS
        for code in real:
            counts[code >> 2] += 1
        return self.multiset_index[tuple(counts), joker]

    def multiset_hand(self, index: int) -> tuple[Card, ...]:
        """A representative hand: cards dealt round the suits, so no flush."""
        ranks = [r for r in range(RANKS) for _ in range(int(self.multiset_counts[index, r]))]
        return multiset_representative(ranks, bool(self.multiset_joker[index]))

    def multiset_hands(self, start: int, stop: int) -> list[tuple[Card, ...]]:
        """``multiset_hand`` of every class from ``start`` to ``stop``."""
        counts, jokers = self.multiset_counts[start:stop].tolist(), self.multiset_joker[start:stop].tolist()
        return [
            multiset_representative([r for r in range(RANKS) for _ in range(row[r])], bool(joker))
            for row, joker in zip(counts, jokers)
        ]

    def flush_hands(self, start: int, stop: int) -> list[tuple[Card, ...]]:
        """``flush_hand`` of every class from ``start`` to ``stop``."""
        masks, others = self.flush_suited[start:stop].tolist(), self.flush_other[start:stop].tolist()
        jokers = self.flush_joker[start:stop].tolist()
        return [
            flush_representative(
                [rank for rank in range(RANKS) if mask >> rank & 1],
                [rank for rank in other if rank != NO_RANK],
                bool(joker),
            )
            for mask, other, joker in zip(masks, others, jokers)
        ]

    def flush_hand(self, index: int) -> tuple[Card, ...]:
        """A representative hand: the suited ranks in spades, the others in hearts then diamonds."""
        mask = int(self.flush_suited[index])
        others = [int(rank) for rank in self.flush_other[index] if rank != NO_RANK]
        return flush_representative(
            [rank for rank in range(RANKS) if mask >> rank & 1], others, bool(self.flush_joker[index])
        )


def multiset_representative(ranks: list[int], joker: bool) -> tuple[Card, ...]:
    """The representative of a multiset class: rank indices (sorted) dealt round the suits, then the joker."""
    hand = [DECK[rank * 4 + position % 4] for position, rank in enumerate(ranks)]
    return tuple(hand + [DECK[JOKER_CODE]] * joker)


def flush_representative(suited: list[int], others: list[int], joker: bool) -> tuple[Card, ...]:
    """The representative of a flush class: suited ranks in spades, the others in hearts then diamonds."""
    hand = [DECK[rank * 4] for rank in suited]
    hand += [DECK[rank * 4 + 1 + position] for position, rank in enumerate(sorted(others))]
    return tuple(hand + [DECK[JOKER_CODE]] * joker)


def representative(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The representative hand of the class seven cards belong to: the hand the dealer table was
    built from. A house way must set both alike (the exact engine relies on it).

    >>> from paigow_cli.core.cards import parse_cards
    >>> representative(parse_cards("KD 9H 9C 4D 2S AS JK"))
    (2S, 4H, 9D, 9C, KS, AH, JK)
    >>> representative(parse_cards("AH KH 7H 4H 2H 2C JK"))
    (2S, 4S, 7S, KS, AS, 2H, JK)
    """
    joker = any(card == JOKER_CODE for card in cards)
    real = [card for card in cards if card != JOKER_CODE]
    suits = [sum(1 for card in real if card & 3 == suit) for suit in range(4)]
    flush_suit = max(range(4), key=lambda suit: suits[suit])
    if suits[flush_suit] + joker >= 5:
        suited = sorted(card >> 2 for card in real if card & 3 == flush_suit)
        return flush_representative(suited, [card >> 2 for card in real if card & 3 != flush_suit], joker)
    return multiset_representative(sorted(card >> 2 for card in real), joker)


@lru_cache(maxsize=1)
def dealer_classes() -> DealerClasses:
    """Enumerate every class (about a second; the tables cache what depends on it)."""
    multisets = [(counts, False) for counts in _multisets(7)] + [(counts, True) for counts in _multisets(6)]
    index_of = {key: i for i, key in enumerate(multisets)}
    suited_masks: list[int] = []
    others: list[tuple[int, int]] = []
    jokers: list[bool] = []
    parents: list[int] = []
    for joker in (False, True):
        real = 6 if joker else 7
        for suited_count in range(5 - joker, real + 1):
            for suited in combinations(range(RANKS), suited_count):
                mask = sum(1 << r for r in suited)
                for other in combinations_with_replacement(range(RANKS), real - suited_count):
                    counts = [0] * RANKS
                    for rank in suited + other:
                        counts[rank] += 1
                    suited_masks.append(mask)
                    others.append((tuple(other) + (NO_RANK, NO_RANK))[:2])  # type: ignore[arg-type]
                    jokers.append(joker)
                    parents.append(index_of[(tuple(counts), joker)])
    return DealerClasses(
        multiset_counts=np.array([counts for counts, _ in multisets], dtype=np.uint8),
        multiset_joker=np.array([joker for _, joker in multisets], dtype=bool),
        flush_suited=np.array(suited_masks, dtype=np.uint16),
        flush_other=np.array(others, dtype=np.uint8),
        flush_joker=np.array(jokers, dtype=bool),
        flush_multiset=np.array(parents, dtype=np.int32),
    )
