"""The 21 ways to set seven cards into a five-card high hand and a two-card low hand (rules.md §4).

>>> from paigow_cli.core.cards import parse_cards
>>> splits = all_splits(parse_cards("AS KD JK 9H 9C 4D 2S"))
>>> len(splits), sum(split.foul for split in splits)
(21, 1)
>>> make_split(parse_cards("AS KD JK 9H 9C 4D 2S"), parse_cards("KD 4D")).high
(JK, AS, 9H, 9C, 2S)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from paigow_cli.core.cards import Card, cards_text, sort_cards
from paigow_cli.core.errors import CardError
from paigow_cli.core.hands import HandValue, five_card_key, two_card_key

# Positions (in a seven-card hand) of the two low cards, for each of the 21 settings.
LOW_POSITIONS: tuple[tuple[int, int], ...] = tuple(combinations(range(7), 2))
HIGH_POSITIONS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(7) if i not in low) for low in LOW_POSITIONS)


@dataclass(frozen=True)
class Split:
    """One setting: five cards in the high hand, two in the low hand, and whether it fouls."""

    high: tuple[Card, ...]
    low: tuple[Card, ...]
    high_value: HandValue
    low_value: HandValue

    @property
    def foul(self) -> bool:
        """True when the low hand outranks the high hand (equal is legal)."""
        return self.low_value > self.high_value

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.high + self.low

    def __str__(self) -> str:
        return f"{cards_text(self.high)} / {cards_text(self.low)}"


def setting_keys(hand: Sequence[int], low: Sequence[int], wheel_low: bool = False) -> tuple[int, int]:
    """(high key, low key) of the setting with ``low`` in front; no checks, for hot loops."""
    high = [card for card in hand if card not in low]
    return five_card_key(high, wheel_low), two_card_key(low[0], low[1])


def make_split(hand: Sequence[Card], low: Sequence[Card], wheel_low: bool = False) -> Split:
    """The setting of ``hand`` that puts the two ``low`` cards in front.

    >>> from paigow_cli.core.cards import parse_cards
    >>> make_split(parse_cards("AS KD JK 9H 9C 4D 2S"), parse_cards("AS 3C"))
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.CardError: the low hand must be two cards of the hand: 3C is not in AS KD JK 9H 9C 4D 2S
    """
    if len(low) != 2:
        raise CardError(f"the low hand is 2 cards, got {len(low)}: {cards_text(low)}")
    missing = [card for card in low if card not in hand]
    if missing:
        raise CardError(
            f"the low hand must be two cards of the hand: {cards_text(missing)} is not in {cards_text(hand)}"
        )
    high = sort_cards(card for card in hand if card not in low)
    low_sorted = sort_cards(low)
    high_key, low_key = setting_keys(high, low_sorted, wheel_low)
    return Split(high, low_sorted, HandValue(high_key, 5), HandValue(low_key, 2))


def all_splits(hand: Sequence[Card], wheel_low: bool = False) -> tuple[Split, ...]:
    """All 21 settings of seven cards, in a fixed order that does not depend on input order."""
    if len(hand) != 7:
        raise CardError(f"a hand to set has 7 cards, got {len(hand)}")
    ordered = sort_cards(hand)
    splits = []
    for low_at, high_at in zip(LOW_POSITIONS, HIGH_POSITIONS):  # both in display order, as make_split sorts them
        high, low = tuple(ordered[i] for i in high_at), tuple(ordered[i] for i in low_at)
        high_key, low_key = setting_keys(high, low, wheel_low)
        splits.append(Split(high, low, HandValue(high_key, 5), HandValue(low_key, 2)))
    return tuple(splits)


def strength_order(split: Split) -> tuple[bool, int, int]:
    """Sort key: legal settings first, then the strongest high hand, then the strongest low hand."""
    return (split.foul, -split.high_value.key, -split.low_value.key)
