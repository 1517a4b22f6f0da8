"""Checking a house way: does it set every hand legally, and in the way the exact engine relies on?

``check_house_way`` sets seeded hands of every type (plain random hands, and hands
forced to hold five aces, quads, full houses, three pair, two pair with the joker,
trips, joker straights and flushes, straight flushes) and reports each fault it
finds, with example hands:

- ``error``: a clause raised an exception;
- ``cards``: a clause returned something other than a ``Decision`` of two different cards of
  the hand and its clause in words (``plugins.decision_fault``, the check every command makes);
- ``foul``: the setting fouls (a house way never fouls);
- ``order``: the setting changes with the order the cards are given in;
- ``suits``: the setting's hands change when suits change without changing what
  straights and flushes the hand can make (the engine sets one hand per class).

>>> from paigow_cli.house_ways import HOUSE_WAYS
>>> check_house_way(HOUSE_WAYS["foxwoods"], hands=300).passed
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from paigow_cli.core.cards import DECK, JOKER, Card, cards_text, sort_cards
from paigow_cli.core.splits import make_split
from paigow_cli.house_ways.analysis import Seven
from paigow_cli.house_ways.base import HouseWay
from paigow_cli.house_ways.plugins import clause_of, decision_fault, describe

FAULTS = {
    "error": "a clause raised an exception",
    "cards": "a clause returned no Decision of two different cards of the hand and its words",
    "foul": "the setting fouls",
    "order": "the setting depends on the order the cards are given in",
    "suits": "the setting depends on suits other than through straights and flushes",
}
EXAMPLES = 3  # example hands kept per fault


@dataclass
class CheckReport:
    house_way: str
    hands: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    examples: dict[str, list[str]] = field(default_factory=lambda: {fault: [] for fault in FAULTS})

    @property
    def passed(self) -> bool:
        return not any(self.counts.values())

    def add(self, fault: str, detail: str) -> None:
        self.counts[fault] += 1
        if len(self.examples[fault]) < EXAMPLES:
            self.examples[fault].append(detail)

    def first_fault(self) -> str | None:
        """The first fault found, as one line: what, and an example hand."""
        for fault in FAULTS:
            if self.counts[fault]:
                return (
                    f"{FAULTS[fault]} ({self.counts[fault]:,} of {self.hands:,} hands), e.g. {self.examples[fault][0]}"
                )
        return None


def _setting(way: HouseWay, hand: tuple[Card, ...], wheel_low: bool):
    """(front cards, high key, low key) of the house way's setting, or a fault and its detail."""
    try:
        decision = way.decide(Seven(hand, wheel_low))
    except (Exception, SystemExit) as error:
        return "error", f"{cards_text(sort_cards(hand))}: in {clause_of(way, error)}, {describe(error, way.home)}"
    fault = decision_fault(decision, hand)  # the commands' own check of a decision
    if fault is not None:
        return "cards", f"{cards_text(sort_cards(hand))}: {fault}"
    front = decision.front
    split = make_split(hand, front, wheel_low)
    if split.foul:
        return "foul", f"{cards_text(sort_cards(hand))}: set as {split} ({getattr(decision, 'rule', '')})"
    return frozenset(front), split.high_value.key, split.low_value.key


def check_hand(
    way: HouseWay, hand: tuple[Card, ...], report: CheckReport, rng: random.Random, wheel_low: bool = False
) -> None:
    from paigow_cli.engine.dealer_classes import representative

    report.hands += 1
    first = _setting(way, hand, wheel_low)
    if isinstance(first[0], str):
        report.add(first[0], first[1])
        return
    shuffled = list(hand)
    rng.shuffle(shuffled)
    again = _setting(way, tuple(shuffled), wheel_low)
    if isinstance(again[0], str) or again[0] != first[0]:
        report.add("order", f"{cards_text(hand)} and {cards_text(shuffled)} set differently")
        return
    model = representative(hand)
    other = _setting(way, model, wheel_low)
    if isinstance(other[0], str) or other[1:] != first[1:]:
        report.add(
            "suits", f"{cards_text(sort_cards(hand))} and {cards_text(model)} (same ranks, same flush) set differently"
        )


def check_house_way(
    way: HouseWay, hands: int = 200_000, seed: int = 2026, progress: Callable[[int, int], None] | None = None
) -> CheckReport:
    """Set ``hands`` seeded hands (a quarter of them of forced special types) and report every fault."""
    report = CheckReport(way.name)
    rng = random.Random(seed)
    for number, hand in enumerate(check_hands(hands, rng), 1):
        check_hand(way, hand, report, rng, wheel_low=number % 5 == 0)
        if progress and number % 1000 == 0:
            progress(number, hands)
    if progress:
        progress(hands, hands)
    return report


def check_hands(count: int, rng: random.Random):
    """Seeded hands: three in four plain random, the rest forced to hold a special type."""
    for i in range(count):
        yield special_hand(rng, i // 4) if i % 4 == 3 else tuple(rng.sample(DECK, 7))


def _of_rank(rank: int, count: int, rng: random.Random, used: set) -> list[Card]:
    cards = rng.sample([card for card in DECK[:52] if card >> 2 == rank and card not in used], count)
    used.update(cards)
    return cards


def special_hand(rng: random.Random, number: int) -> tuple[Card, ...]:
    """A hand of one of the types a house way treats specially, in turn (joker often included)."""
    kind = number % 9
    used: set = set()
    ranks = rng.sample(range(13), 4)
    if kind == 0:  # five aces
        cards = [*_of_rank(12, 4, rng, used), JOKER]
    elif kind == 1:  # four of a kind, sometimes with a pair
        cards = _of_rank(ranks[0], 4, rng, used) + (_of_rank(ranks[1], 2, rng, used) if rng.random() < 0.3 else [])
    elif kind == 2:  # full house or two trips
        cards = _of_rank(ranks[0], 3, rng, used) + _of_rank(ranks[1], rng.choice((2, 3)), rng, used)
    elif kind == 3:  # three pair
        cards = [card for rank in ranks[:3] for card in _of_rank(rank, 2, rng, used)]
    elif kind == 4:  # the joker with two pair
        cards = [JOKER] + [card for rank in ranks[:2] for card in _of_rank(rank, 2, rng, used)]
    elif kind == 5:  # three of a kind
        cards = _of_rank(ranks[0], 3, rng, used) + (rng.random() < 0.5) * [JOKER]
    elif kind == 6:  # a joker straight
        top = rng.randrange(3, 13)
        window = [(top - k) % 13 for k in range(5)]
        missing = rng.choice(window)
        cards = [JOKER] + [card for rank in window if rank != missing for card in _of_rank(rank, 1, rng, used)]
    elif kind == 7:  # a flush, four to six suited (the joker with four)
        suit = rng.randrange(4)
        size = rng.choice((4, 5, 6))
        cards = rng.sample([card for card in DECK[:52] if card & 3 == suit], size) + [JOKER] * (size == 4)
    else:  # a straight flush
        suit, top = rng.randrange(4), rng.randrange(3, 13)
        cards = [DECK[((top - k) % 13) * 4 + suit] for k in range(5)]
    cards = list(dict.fromkeys(cards))
    rest = [card for card in DECK if card not in cards]
    cards += rng.sample(rest, 7 - len(cards))
    rng.shuffle(cards)
    return tuple(cards)
