"""A strategy table as rows people read (``paigow table``): each class of hands with an example
hand, its kind, how many hands it holds, and its settings as the two cards in front with their
exact counts and mean EV per hand: the player's strategy's (the house way's), the best suit-blind
setting's (``StrategyTable.best_way``) and, if asked, every legal setting's.

>>> from paigow_cli.core.rules import Rules
>>> from paigow_cli.analysis.strategy.answers import strategy_table_of
>>> from paigow_cli.analysis.game.counting import Question, dealer_context
>>> question = Question(Rules(), dead=tuple(range(36)))
>>> table = strategy_table_of(question)
>>> rows, matching = class_rows(table, dealer_context([question]).table, limit=1)
>>> len(rows), matching > 1, rows[0].best.score >= rows[0].house.score
(1, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.strategy.catalogue import class_catalogue
from paigow_cli.core.cards import Card
from paigow_cli.core.splits import LOW_POSITIONS
from paigow_cli.engine.class_settings import every_setting
from paigow_cli.engine.dealer_classes import NO_RANK
from paigow_cli.house_ways.strategy_rules import KINDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable

SORTS = ("cost", "hands", "class")


@dataclass(frozen=True)
class SettingCounts:
    """One setting of a class: its front (two cards of the class's example hand), hand values and
    counts summed over the class's hands."""

    front: tuple[Card, Card]
    high_key: int
    low_key: int
    wins: int
    losses: int
    copies_high: int
    copies_low: int
    score: int  # pay * wins - charge * losses
    ev: float  # mean EV per hand of the class, per unit bet


@dataclass(frozen=True)
class ClassRow:
    class_id: int
    hand: tuple[Card, ...]  # an example hand (its suited cards, if a flush class, in spades)
    kind: str
    flush: bool  # a flush class: its hands hold five of a suit (four with the joker)
    hands: int
    house: SettingCounts  # the player's strategy's setting
    best: SettingCounts  # the class's best summed EV (the best suit-blind way's)
    settings: tuple[SettingCounts, ...]  # every legal setting, strongest first (when asked for)

    @property
    def given_up(self) -> float:
        """EV per hand the strategy gives up against the class's best setting."""
        return self.best.ev - self.house.ev


def class_rows(
    table: StrategyTable,
    player: DealerTable,
    kinds: Sequence[str] = (),
    *,
    differs: bool = False,
    every: bool = False,
    sort: str = "cost",
    limit: int | None = None,
) -> tuple[list[ClassRow], int]:
    """The rows of the classes that hold live hands (of ``kinds``, if given; only where the
    strategy is not the class's best, with ``differs``), sorted (``cost``: the most EV given up
    over the class's hands first; ``hands``: the most hands first; ``class``: by class), at most
    ``limit``; and how many rows matched."""

    catalogue = class_catalogue(player.wheel)
    house = table.choice(player)
    best = table.best_way()
    kind = catalogue.kind[table.ids]
    keep = table.hands > 0
    if kinds:
        keep &= np.isin(kind, [KINDS.index(name) for name in kinds])
    cost = table.scores[best] - table.scores[house]
    if differs:
        keep &= cost > 0
    rows = np.flatnonzero(keep)
    if sort == "cost":
        rows = rows[np.lexsort((rows, -cost[rows]))]
    elif sort == "hands":
        rows = rows[np.lexsort((rows, -table.hands[rows]))]
    matching = len(rows)
    if limit is not None:
        rows = rows[:limit]
    found = []
    for row in rows.tolist():
        class_id = int(table.ids[row])
        hand, positions = example_hand(player, class_id, table.question.rules.wheel_is_low)
        first, last = int(table.start[row]), int(table.start[row + 1])

        def setting(at: int, hand=hand, positions=positions, row=row) -> SettingCounts:
            return setting_counts(table, at, row, hand, positions)

        found.append(
            ClassRow(
                class_id,
                hand,
                KINDS[int(kind[row])],
                class_id >= player.classes.multisets,
                int(table.hands[row]),
                setting(int(house[row])),
                setting(int(best[row])),
                tuple(setting(at) for at in range(first, last)) if every else (),
            )
        )
    return found, matching


def example_hand(player: DealerTable, class_id: int, wheel_low: bool) -> tuple[tuple[Card, ...], dict]:
    """A class's representative hand and, per (high key, low key), the first of its 21 settings that
    has them (positions of the two front cards)."""

    classes = player.classes
    if class_id < classes.multisets:
        counts = classes.multiset_counts[class_id].tolist()
        ranks, suited = [rank for rank in range(13) for _ in range(counts[rank])], 0
        joker = bool(classes.multiset_joker[class_id])
        hand = classes.multiset_hand(class_id)
    else:
        index = class_id - classes.multisets
        mask = int(classes.flush_suited[index])
        held = [rank for rank in range(13) if mask >> rank & 1]
        ranks = held + sorted(rank for rank in classes.flush_other[index].tolist() if rank != NO_RANK)
        suited, joker = len(held), bool(classes.flush_joker[index])
        hand = classes.flush_hand(index)
    positions: dict[tuple[int, int], tuple[int, int]] = {}
    for place, keys in zip(LOW_POSITIONS, every_setting(ranks, suited, joker, wheel_low)):
        positions.setdefault(keys, place)
    return hand, positions


def setting_counts(table: StrategyTable, at: int, row: int, hand: tuple[Card, ...], positions: dict) -> SettingCounts:
    keys = int(table.high[at]), int(table.low[at])
    first, second = positions[keys]
    pay, charge = table.pay_charge
    wins, losses = int(table.wins[at]), int(table.losses[at])
    score = pay * wins - charge * losses
    deals = int(table.hands[row]) * table.question.dealer_hands
    return SettingCounts(
        (hand[first], hand[second]),
        *keys,
        wins,
        losses,
        int(table.copies_high[at]),
        int(table.copies_low[at]),
        score,
        score / (charge * deals) if deals else 0.0,
    )
