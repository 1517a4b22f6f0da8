"""A whole-game question and its answer's counts: what ``paigow edge`` is asked (the rules, the
dead cards, the player's strategy) and the integer tallies a pass adds up (``Tally``).

>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: J to A and the joker
>>> question.player_hands, question.dealer_hands
(19448, 120)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import comb

from paigow_cli.core.cards import DECK, Card
from paigow_cli.core.rules import BEST_WAY, Game, Rules

PLAYERS = ("house", "best")
CHUNKS = 240  # a full deck's 67,600 rank groups in chunks of about 280 (seconds each)


@dataclass(frozen=True)
class Question:
    """Everything that changes the whole game's answer: the rules (the dealer's house way among
    them), the dead cards, and the player's ``strategy``: the house way (or plugin) he sets his
    hands by, None for the dealer's own.

    >>> Question(Rules(), strategy="foxwoods").strategy is None  # the dealer's own way
    True
    """

    rules: Rules
    dead: tuple[Card, ...] = ()
    strategy: str | None = None

    def __post_init__(self) -> None:
        from paigow_cli.house_ways import way_named

        object.__setattr__(self, "dead", tuple(DECK[code] for code in sorted({int(card) for card in self.dead})))
        if self.strategy is not None and self.strategy != BEST_WAY:
            name = way_named(self.strategy).name
            object.__setattr__(self, "strategy", None if name == way_named(self.rules.house_way).name else name)

    @property
    def dealer(self) -> Question:
        """The same question with the player on the dealer's own way: its strategy table answers
        every strategy's (``strategy_table``)."""
        return replace(self, strategy=None)

    @property
    def player(self) -> str:
        """Who the ``house`` totals are: the dealer's house way, or the player's strategy."""
        return self.strategy or "house"

    @property
    def shown(self) -> bool:
        """Whether best play sees the dealer's hand first: Face Up, the player not banking (casinos
        deal no banker there)."""
        return self.rules.game is Game.FACE_UP and not self.rules.banker

    @property
    def live(self) -> int:
        return 53 - len(self.dead)

    @property
    def player_hands(self) -> int:
        return comb(self.live, 7)

    @property
    def dealer_hands(self) -> int:
        """Dealer hands against each player hand: C(live - 7, 7)."""
        return comb(self.live - 7, 7)

    @property
    def deals(self) -> int:
        return self.player_hands * self.dealer_hands

    def describe(self) -> dict[str, object]:
        from paigow_cli.house_ways import way_named

        way = way_named(self.rules.house_way)
        described: dict[str, object] = {**self.rules.as_dict(), "dead": [str(DECK[card]) for card in self.dead]}
        if way.plugin:
            described["plugin_digest"] = way.digest
        if self.strategy == BEST_WAY:
            described["strategy"] = BEST_WAY
        elif self.strategy is not None:
            strategy = way_named(self.strategy)
            described["strategy"] = strategy.name
            if strategy.plugin:
                described["strategy_digest"] = strategy.digest
        return described


def question_set(questions: Sequence[Question]) -> tuple[Question, ...]:
    """Questions answered in one pass: they must share the house way, the wheel and the dead cards.

    >>> question_set([Question(Rules()), Question(Rules(house_way="ballys"))])
    Traceback (most recent call last):
    ...
    ValueError: questions answered together share the house way, the wheel and the dead cards
    """
    found = tuple(questions)
    shared = {(question.rules.house_way, question.rules.wheel, question.dead) for question in found}
    if len(shared) != 1:
        raise ValueError("questions answered together share the house way, the wheel and the dead cards")
    return found


@dataclass
class Tally:
    """Integer counts of one chunk, or of the whole game once merged (by addition)."""

    totals: dict[str, list[int]] = field(default_factory=lambda: {player: [0] * 7 for player in PLAYERS})
    rules: dict[str, list[int]] = field(default_factory=dict)  # clause -> [hands, differs, given up, most]
    examples: dict[str, list[int]] = field(default_factory=dict)  # clause -> the hand that gives up most
    chart: dict[str, list[int]] = field(
        default_factory=dict
    )  # "hp lp single" -> [hands, split, together, house split, house together]
    chunks: int = 0

    def add(self, other: Tally) -> None:
        for player in PLAYERS:
            self.totals[player] = [a + b for a, b in zip(self.totals[player], other.totals[player])]
        for rule, stats in other.rules.items():
            mine = self.rules.setdefault(rule, [0, 0, 0, 0])
            found = other.examples.get(rule)
            if found is not None and (
                stats[3] > mine[3]
                or (stats[3] == mine[3] and (rule not in self.examples or found < self.examples[rule]))
            ):
                self.examples[rule] = found
            self.rules[rule] = [mine[0] + stats[0], mine[1] + stats[1], mine[2] + stats[2], max(mine[3], stats[3])]
        for cell, values in other.chart.items():
            mine = self.chart.setdefault(cell, [0] * 5)
            self.chart[cell] = [a + b for a, b in zip(mine, values)]
        self.chunks += other.chunks

    def as_json(self) -> dict[str, object]:
        return {
            "totals": self.totals,
            "rules": self.rules,
            "examples": self.examples,
            "chart": self.chart,
            "chunks": self.chunks,
        }

    @classmethod
    def from_json(cls, data: dict) -> Tally:
        tally = cls(
            totals={player: [int(v) for v in data["totals"][player]] for player in PLAYERS},
            rules={str(k): [int(v) for v in values] for k, values in data["rules"].items()},
            examples={str(k): [int(v) for v in values] for k, values in data["examples"].items()},
            chart={str(k): [int(v) for v in values] for k, values in data["chart"].items()},
            chunks=int(data["chunks"]),
        )
        if any(len(values) != 7 for values in tally.totals.values()):
            raise ValueError("malformed totals")
        return tally
