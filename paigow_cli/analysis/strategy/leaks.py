"""Where a strategy gives EV away, by kind of hand, and the card rule that would save most of it.

``paigow mistakes`` groups a strategy's loss against best play by the kind of hand a player
learns to recognise (``house_ways.strategy_rules.KINDS``), not by the house way's clauses, which
may name every pair of ranks apart. For each kind: the hands, the hands set otherwise than best
play sets them, the exact EV given up, and the one card rule (``card.CardSearch``) that saves the
most of it over the strategy. Every number is a sum of the strategy table's exact counts.

>>> from paigow_cli.analysis.game.question import Question
>>> from paigow_cli.analysis.game.counting import settings_table
>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))
>>> from paigow_cli.analysis.strategy.answers import strategy_tables
>>> table = strategy_tables([question])[0]
>>> gap, leaks = kind_leaks(table, settings_table("foxwoods", question.rules.wheel))
>>> gap == sum(leak.given_up for leak in leaks) and all(leak.given_up >= 0 for leak in leaks)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from paigow_cli.analysis.strategy.card import CardSearch
from paigow_cli.analysis.strategy.card_rules import KIND_ORDER, Rule
from paigow_cli.house_ways.strategy_rules import KINDS

if TYPE_CHECKING:
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable


@dataclass(frozen=True)
class KindLeak:
    """What a strategy gives away on one kind of hand (score units: ``StrategyTable.scores``)."""

    kind: str
    hands: int
    differs: int  # hands where a better setting exists than the strategy's
    given_up: int
    fix: Rule | None = None  # the card rule that saves the most on this kind, over the strategy
    fix_saving: int = 0


def kind_leaks(table: StrategyTable, player: DealerTable, *, fixes: int = 0) -> tuple[int, list[KindLeak]]:
    """Best play's gain over the strategy, and its leaks by kind, the costliest first (kinds the
    deck can deal only); the ``fixes`` costliest name the rule that saves most on them."""
    choice = table.choice(player)
    search = CardSearch(table, player)
    given_up = table.best_scores - table.scores[choice]
    differs = table.not_best[choice]
    leaks = []
    for at, kind in enumerate(KINDS):
        rows = search.kind == at
        if rows.any():
            leaks.append(
                KindLeak(kind, int(table.hands[rows].sum()), int(differs[rows].sum()), int(given_up[rows].sum()))
            )
    leaks.sort(key=lambda leak: (-leak.given_up, KIND_ORDER.index(leak.kind)))
    for place, leak in enumerate(leaks[:fixes]):
        if leak.given_up > 0:
            search.current = search.base.copy()
            rule = search.best_rule(1, 1, kinds=(leak.kind,))
            if rule is not None:
                leaks[place] = KindLeak(leak.kind, leak.hands, leak.differs, leak.given_up, rule, rule.step_saving)
    return int(given_up.sum()), leaks


def scale(table: StrategyTable) -> int:
    """Score units per unit bet per hand: a score over it is an EV."""
    return table.pay_charge[1] * table.question.deals


__all__ = ["KindLeak", "kind_leaks", "scale"]
