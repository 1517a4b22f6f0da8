"""A strategy's setting of one hand: the front it makes and the clause (or card rule) that decided
it, for ``advise --player`` and ``drill --player``. A house way or plugin (a strategy card's
too) decides the hand itself; best-way reads the hand's class from its table.

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.core.rules import Rules
>>> played = strategy_setting(parse_cards("AS KD JK 9H 9C 4D 2S"), "trump-plaza", Rules())
>>> played.front, played.clause
((9H, 9C), 'Two pair, aces and nines (aces and medium): always split, small pair in front')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from paigow_cli.core.cards import Card
    from paigow_cli.core.rules import Rules


@dataclass(frozen=True)
class Played:
    """A strategy's setting of one hand: its name, the front it makes and the clause (or card rule)
    that decided it."""

    strategy: str
    front: tuple[Card, ...]
    clause: str


def strategy_setting(hand: Sequence[Card], strategy: str, rules: Rules) -> Played:
    """The strategy's setting of the hand: a house way or plugin decides it; best-way reads the
    class's setting from its table (counted once, cached)."""
    from paigow_cli.core.rules import BEST_WAY

    if strategy != BEST_WAY:
        from paigow_cli.house_ways import decide

        decision = decide(hand, strategy, rules.wheel_is_low)
        return Played(strategy, tuple(decision.front), decision.rule)
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.strategy.answers import best_way_table
    from paigow_cli.core.splits import all_splits

    table = best_way_table(Question(rules).dealer)
    classes = table.classes
    at = classes.class_id(hand)
    kind, index = ("multiset", at) if at < classes.multisets else ("flush", at - classes.multisets)
    high, low, clause = table.house_setting(kind, index)
    split = next(
        split
        for split in all_splits(hand, rules.wheel_is_low)
        if (split.high_value.key, split.low_value.key) == (high, low)
    )
    return Played(strategy, tuple(split.low), clause)
