"""Keeping score over time: what ``paigow stats`` says of the trainer's history (``study.history``).

Pure arithmetic over recorded hands: how often the best setting was found, the EV given up (per
hand, and per 100 hands at a bet), the leaks (by kind of hand and by the house way's clause for
those hands, worst first, each with the hand that cost the most) and the EV given up session by
session.

>>> from paigow_cli.study.history import StoredHand
>>> hands = [
...     StoredHand("AS KD JK 9H 9C 4D 2S", "two-pair", "AS KD", "9H 9C", "9H 9C", "Two pair: split",
...                0.2, 0.7, 0.7, False, 3.0, session=1, at="2026-12-02T10:00:00+00:00"),
...     StoredHand("QS JH 8D 6C 5S 4H 2D", "no-pair", "JH 8D", "JH 8D", "JH 8D", "No pair",
...                -0.1, -0.1, -0.1, False, 2.0, session=1, at="2026-12-02T10:01:00+00:00"),
... ]
>>> stats = history_stats(hands)
>>> stats.hands, stats.best, round(stats.given_up, 4), [leak.name for leak in stats.by_kind]
(2, 1, 0.5, ['two-pair', 'no-pair'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from paigow_cli.study.history import StoredHand

BEST_TOLERANCE = 1e-9  # EVs this close count as the best setting (the history keeps floats)
NEAR = 0.01  # "within 0.01 of the best"


@dataclass
class Leak:
    """Where EV went: one kind of hand, or one house-way clause."""

    name: str
    hands: int = 0
    missed: int = 0  # hands not set best
    given_up: float = 0.0
    worst: StoredHand | None = None  # the hand that gave up the most

    @property
    def mean(self) -> float:
        return self.given_up / self.hands if self.hands else 0.0

    def add(self, hand: StoredHand) -> None:
        self.hands += 1
        self.missed += hand.given_up > BEST_TOLERANCE or hand.foul
        self.given_up += hand.given_up
        if hand.given_up > BEST_TOLERANCE and (self.worst is None or hand.given_up > self.worst.given_up):
            self.worst = hand


@dataclass
class SessionLine:
    """One session's hands and EV given up, for the chart."""

    session: int
    started: str
    hands: int = 0
    given_up: float = 0.0

    @property
    def mean(self) -> float:
        return self.given_up / self.hands if self.hands else 0.0


@dataclass
class HistoryStats:
    hands: int = 0
    best: int = 0
    near: int = 0  # within ``NEAR`` of the best
    fouls: int = 0
    given_up: float = 0.0
    seconds: float = 0.0
    by_kind: list[Leak] = field(default_factory=list)
    by_clause: list[Leak] = field(default_factory=list)
    sessions: list[SessionLine] = field(default_factory=list)
    rounds: int = 0  # play rounds among the hands, and what they paid: yours, the house way's, the best
    won: Decimal = Decimal(0)  # main bets and side bets together, as the bankroll moved
    house_won: Decimal = Decimal(0)  # had the house way's setting been played (the same side bets)
    best_won: Decimal = Decimal(0)
    folded: int = 0  # rounds folded (their wagers lost)
    side_won: Decimal = Decimal(0)  # the side bets' part of ``won``
    wagered: Decimal = Decimal(0)  # main wagers over the rounds

    @property
    def mean_given_up(self) -> float:
        return self.given_up / self.hands if self.hands else 0.0

    @property
    def mean_wager(self) -> Decimal | None:
        """The play rounds' mean main wager (None without a round)."""
        return (self.wagered / self.rounds).quantize(Decimal("0.01")) if self.rounds else None


def history_stats(hands: Sequence[StoredHand]) -> HistoryStats:
    """The score over ``hands`` (oldest first); leaks worst first by EV given up in all."""
    stats = HistoryStats()
    kinds: dict[str, Leak] = {}
    clauses: dict[str, Leak] = {}
    sessions: dict[int, SessionLine] = {}
    for hand in hands:
        stats.hands += 1
        stats.best += hand.given_up <= BEST_TOLERANCE and not hand.foul
        stats.near += hand.given_up <= NEAR and not hand.foul
        stats.fouls += hand.foul
        stats.given_up += hand.given_up
        stats.seconds += hand.seconds
        kinds.setdefault(hand.category, Leak(hand.category)).add(hand)
        clauses.setdefault(hand.clause, Leak(hand.clause)).add(hand)
        if hand.wager is not None:  # a play round
            side = Decimal(hand.side_payout or 0)
            stats.rounds += 1
            stats.won += Decimal(hand.payout or 0) + side
            stats.house_won += Decimal(hand.house_payout or 0) + side
            stats.best_won += Decimal(hand.best_payout or 0) + side
            stats.folded += hand.folded
            stats.side_won += side
            stats.wagered += Decimal(hand.wager)
        line = sessions.setdefault(hand.session, SessionLine(hand.session, hand.at))
        line.hands += 1
        line.given_up += hand.given_up
    stats.by_kind = sorted(kinds.values(), key=lambda leak: (-leak.given_up, -leak.hands, leak.name))
    stats.by_clause = sorted(clauses.values(), key=lambda leak: (-leak.given_up, -leak.hands, leak.name))
    stats.sessions = list(sessions.values())
    return stats


def worst_hands(hands: Sequence[StoredHand], count: int) -> list[StoredHand]:
    """The ``count`` hands that gave up the most EV (fouls count by what they gave up), the most
    first, the later one first among equals; hands set best are never mistakes.

    >>> seen = [_example_hand("AS KD", 0.3), _example_hand("QS JH", 0.1), _example_hand("AS KD", 0.0)]
    >>> [round(hand.given_up, 12) for hand in worst_hands(seen, 5)]
    [0.3, 0.1]
    """
    mistakes = [(at, hand) for at, hand in enumerate(hands) if not _set_best(hand)]
    mistakes.sort(key=lambda pair: (-pair[1].given_up, -pair[0]))
    return [hand for _, hand in mistakes[:count]]


def review_hands(hands: Sequence[StoredHand], game: str, house_way: str, *, banker: bool) -> list[str]:
    """The hands to review (``drill --review``), worst first: those of these rules ever set worse than
    best, until set best twice in a row. Cards as recorded (a hand, whatever its suits' order).

    >>> seen = [_example_hand("AS KD", 0.3), _example_hand("QS JH", 0.1), _example_hand("AS KD", 0.0), _example_hand("QS JH", 0.0),
    ...         _example_hand("QS JH", 0.0)]
    >>> review_hands(seen, "classic", "foxwoods", banker=False)
    ['AS KD']
    """
    by_hand: dict[str, list[StoredHand]] = {}
    for hand in hands:
        if (hand.game, hand.house_way, hand.banker) == (game, house_way, banker):
            by_hand.setdefault(hand.cards, []).append(hand)
    due = []
    for cards, records in by_hand.items():
        worst = max(record.given_up for record in records)
        missed = worst > BEST_TOLERANCE or any(record.foul for record in records)
        learned = len(records) >= 2 and all(_set_best(record) for record in records[-2:])
        if missed and not learned:
            due.append((-worst, cards))
    return [cards for _, cards in sorted(due)]


def _set_best(hand: StoredHand) -> bool:
    return hand.given_up <= BEST_TOLERANCE and not hand.foul


def _example_hand(cards: str, given_up: float, *, foul: bool = False) -> StoredHand:
    """A recorded hand for examples: the classic game, foxwoods, the player's side."""
    return StoredHand(cards, "no-pair", "", "", "", "", 0.5 - given_up, 0.5, 0.5, foul, 1.0,
                      game="classic", house_way="foxwoods", banker=False)  # fmt: skip
