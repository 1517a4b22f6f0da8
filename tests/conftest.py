"""Shared test helpers: seeded random hands and a card-parsing shorthand."""

from __future__ import annotations

import random

import pytest

from paigow_cli.cards import DECK, Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand: ``cards("AS KD")``."""
    return parse_cards(text)


def random_hands(count: int, seed: int, size: int = 7) -> list[tuple[Card, ...]]:
    """``count`` seeded random hands of ``size`` distinct cards from the 53-card deck."""
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)
