"""The setting drill: deal a hand, take the player's two low cards, grade them by exact EV.

The drill never reads or prints: ``Drill.grade`` turns an answer into a ``Grade``
(or raises ``CardError`` explaining why the answer is not a setting), and the
score accumulates for the summary.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from paigow_cli.advice import Advice, SplitAdvice, advise
from paigow_cli.cards import Card, parse_cards, sort_cards
from paigow_cli.dealer_table import DealerTable
from paigow_cli.errors import CardError
from paigow_cli.rules import Rules
from paigow_cli.simulation import deal_rounds

BEST_TOLERANCE = 1e-12  # EVs this close count as the same


@dataclass(frozen=True)
class Grade:
    """How an answer fared: the player's setting, the best one, the house way's, and the EV given up."""

    advice: Advice

    @property
    def yours(self) -> SplitAdvice:
        row = self.advice.chosen_row
        assert row is not None
        return row

    @property
    def best(self) -> SplitAdvice:
        return self.advice.best_row

    @property
    def house(self) -> SplitAdvice:
        return self.advice.house_row

    @property
    def given_up(self) -> float:
        return self.advice.given_up(self.yours) or 0.0

    @property
    def found_best(self) -> bool:
        return self.given_up <= BEST_TOLERANCE


@dataclass
class Score:
    hands: int = 0
    best: int = 0
    fouls: int = 0
    given_up: float = 0.0

    @property
    def average_given_up(self) -> float:
        return self.given_up / self.hands if self.hands else 0.0


@dataclass
class Drill:
    rules: Rules
    table: DealerTable
    seed: int
    count: int
    score: Score = field(default_factory=Score)

    def hands(self) -> Iterator[tuple[Card, ...]]:
        for player, _ in deal_rounds(self.seed, self.count):
            yield sort_cards(player)

    def grade(self, hand: tuple[Card, ...], answer: str) -> Grade:
        """Grade the two cards named in ``answer``; raise CardError if they are not a setting of ``hand``."""
        low = parse_cards(answer)
        if len(low) != 2:
            raise CardError(f"name the two cards for your low hand, got {len(low)}")
        grade = Grade(advise(hand, self.rules, low=low, table=self.table))
        self.score.hands += 1
        self.score.best += grade.found_best
        self.score.fouls += grade.yours.split.foul
        self.score.given_up += grade.given_up
        return grade
