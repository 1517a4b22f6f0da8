"""An independent, deliberately naive hand evaluator used only to check the real one.

It substitutes the joker explicitly: as an ace of no suit (for pairing), or as
any absent card when that makes a straight, flush or straight flush. A fully wild
joker (``wild``) is tried as every rank of no suit and every absent card, whatever it makes. Values are
(category, tie-break) tuples; straights use 13.5 for the wheel under ``second``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from paigow_cli.core.cards import DECK, Card
from paigow_cli.core.splits import all_splits
from paigow_cli.house_ways import house_keys


def plain_value(cards: Sequence[tuple[int, str | None]], wheel_low: bool) -> tuple:
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    suits = [suit for _, suit in cards]
    counts = Counter(ranks)
    flush = None not in suits and len(set(suits)) == 1
    straight = None
    if len(counts) == 5:
        if ranks == [14, 5, 4, 3, 2]:
            straight = 5 if wheel_low else 13.5
        elif ranks[0] - ranks[4] == 4:
            straight = ranks[0]
    shape = tuple(sorted(counts.values(), reverse=True))
    order = tuple(rank for rank, _ in sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True))
    if shape == (5,):
        return (9, ranks[0])
    if straight and flush:
        return (8, straight)
    if shape == (4, 1):
        return (7, order)
    if shape == (3, 2):
        return (6, order)
    if flush:
        return (5, tuple(ranks))
    if straight:
        return (4, straight)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0), order)


def reference_five(hand: Sequence[Card], wheel_low: bool = False, wild: bool = False) -> tuple:
    real = [(card.rank, card.suit) for card in hand if not card.is_joker]
    if len(real) == 5:
        return plain_value(real, wheel_low)
    options = [plain_value(real + [(rank, None)], wheel_low) for rank in (range(2, 15) if wild else (14,))]
    for card in DECK[:52]:
        if card in hand:
            continue
        value = plain_value(real + [(card.rank, card.suit)], wheel_low)
        if wild or value[0] in (4, 5, 8):
            options.append(value)
    return max(options)


def reference_two(hand: Sequence[Card], wild: bool = False) -> tuple:
    if wild and any(card.is_joker for card in hand):
        other = next(card for card in hand if not card.is_joker)
        return (1, other.rank)
    a, b = sorted((card.rank for card in hand), reverse=True)
    return (1, a) if a == b else (0, a, b)


def brute_force(hand, dead, way: str, wheel_low: bool) -> list[tuple[int, int, int]]:
    """(wins, pushes, losses) per setting, by setting every possible dealer hand one by one."""
    live = [card for card in DECK if card not in hand and card not in dead]
    dealer_values = Counter(house_keys(dealer, way, wheel_low) for dealer in combinations(live, 7))
    results = []
    for split in all_splits(hand, wheel_low):
        high, low = split.high_value.key, split.low_value.key
        wins = pushes = losses = 0
        for (dealer_high, dealer_low), count in dealer_values.items():
            if split.foul or (high <= dealer_high and low <= dealer_low):
                losses += count
            elif high > dealer_high and low > dealer_low:
                wins += count
            else:
                pushes += count
        results.append((wins, pushes, losses))
    return results
