"""Hands by category: every seven-card hand of the live cards by its best five (``paigow odds``),
and the dealer's hands by high and by low hand, each with how many dealer hands a player's hand
of that group beats (``paigow power``); exact counts from ``distribution``'s class weights.

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.core.hands import five_card_key
>>> [high_group(five_card_key(parse_cards(cards))) for cards in ("AS KD QH JC TS", "5S 4D 3H 2C AS")]
[(<Category.STRAIGHT: 4>, 'A'), (<Category.STRAIGHT: 4>, '5')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from paigow_cli.core.hands import (
    CATEGORY_SHIFT,
    ROYAL_CODE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    WHEEL_CODE,
    Category,
    HandValue,
    key_ranks,
)
from paigow_cli.engine.dealer_classes import DealerClasses
from paigow_cli.engine.dealer_table import FIVE_OF_A_KIND, ROYAL
from paigow_cli.engine.distribution import DealerDistribution, LiveCards, class_weights

# --- seven-card categories (paigow odds) -------------------------------------------------------------


@dataclass(frozen=True)
class CategoryCounts:
    """How many seven-card hands of the live cards fall in each category (by their best five)."""

    counts: dict[Category, int]  # straight flushes include royal flushes; FIVE_ACES, every five of a kind
    royal_flushes: int
    total: int
    five_aces: int = 0  # of the five of a kind, five aces (a wild joker makes five of other ranks too)


def category_counts(
    classes: DealerClasses, codes: tuple[np.ndarray, np.ndarray], removed: Iterable[int] = ()
) -> CategoryCounts:
    """Exact category counts over every seven-card hand of the live cards."""
    live = LiveCards.without(removed)
    multiset, flush = class_weights(classes, live)
    per_code = np.bincount(codes[0], weights=multiset, minlength=FIVE_OF_A_KIND + 1) + np.bincount(
        codes[1], weights=flush, minlength=FIVE_OF_A_KIND + 1
    )
    exact = [round(float(value)) for value in per_code]
    counts = {category: exact[category] for category in Category}
    counts[Category.STRAIGHT_FLUSH] += exact[ROYAL]
    counts[Category.FIVE_ACES] += exact[FIVE_OF_A_KIND]
    total = sum(exact)
    if total != live.hands:
        raise ArithmeticError(f"category counts sum to {total}, not {live.hands}")
    return CategoryCounts(counts, exact[ROYAL], total, five_aces=exact[Category.FIVE_ACES])


# --- the dealer's distribution (paigow power) --------------------------------------------------------


@dataclass(frozen=True)
class PowerRow:
    """A group of dealer hands: how many, and how often a player hand of this rank beats the dealer."""

    category: Category
    ranks: str
    count: int
    player_wins: int  # dealer hands strictly below every hand of this group


def high_group(key: int) -> tuple[Category, str]:
    """(category, top rank) of a high-hand key; the wheel's top rank is 5."""
    category = Category(key >> CATEGORY_SHIFT)
    top = key_ranks(key)[0]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = 14 if top == ROYAL_CODE else (5 if top in WHEEL_CODE.values() else top)
    return category, "23456789TJQKA"[top - 2]


def power_rows(distribution: DealerDistribution) -> tuple[list[PowerRow], list[PowerRow]]:
    """(low hands, high hands), strongest first, with counts and the player's winning counts."""

    table = distribution.table
    low_counts = distribution.histogram.sum(axis=0)
    lows = []
    below = 0
    for key, count in zip(table.low_values, low_counts):
        value = HandValue(int(key), 2)
        lows.append(PowerRow(value.category, value.rank_text, int(count), below))
        below += int(count)
    high_counts = distribution.histogram.sum(axis=1)
    groups: dict[tuple[Category, str], int] = {}
    for key, count in zip(table.high_values, high_counts):  # ascending, so groups come in order
        group = high_group(int(key))
        groups[group] = groups.get(group, 0) + int(count)
    highs = []
    below = 0
    for (category, ranks), count in groups.items():
        highs.append(PowerRow(category, ranks, count, below))
        below += count
    return lows[::-1], highs[::-1]
