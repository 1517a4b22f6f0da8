"""Dealing: seven cards each from a freshly shuffled 53-card deck, reproducible from a seed.

Pure Python (no numpy), so ``paigow deal`` starts as fast as ``--help``.

>>> from paigow_cli.core.cards import cards_text
>>> [cards_text(player) for player, _ in deal_rounds(seed=1, count=2)]
['4S JS AS 3S 6S 3C 9C', '2H 8S 8C JD AS 2S KS']
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from paigow_cli.core.cards import DECK, Card


def deal_rounds(seed: int, count: int, cards_each: int = 7) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """``count`` rounds from a fresh shuffle each: (player's seven, dealer's seven)."""
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(DECK, 2 * cards_each)
        yield tuple(cards[:cards_each]), tuple(cards[cards_each:])
