"""A house way in words: every clause it sets hands by, grouped by the kind of hand, with the share
of all hands each decides (exact counts over every class of the full deck).

``paigow house-ways --show NAME`` prints it for any house way, shipped or a plugin (a strategy
card's too), so that a card's rules can be read beside the clauses they leave to decide.

>>> from paigow_cli.analysis.game.counting import settings_table
>>> from paigow_cli.core.rules import Wheel
>>> clauses = house_way_clauses(settings_table("foxwoods", Wheel.SECOND))
>>> sum(clause.hands for clause in clauses) == 154_143_080  # every hand of seven from 53 cards
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.strategy.card import KIND_ORDER
from paigow_cli.analysis.strategy.catalogue import class_catalogue
from paigow_cli.house_ways.strategy_rules import KINDS

if TYPE_CHECKING:
    from paigow_cli.engine.dealer_table import DealerTable


@dataclass(frozen=True)
class ClauseShare:
    """One clause of a house way on one kind of hand: the hands of that kind it decides."""

    kind: str
    clause: str
    hands: int


def house_way_clauses(table: DealerTable) -> list[ClauseShare]:
    """Every (kind of hand, clause) pair the house way's table has, with its hands over the full
    deck: kinds in ``KIND_ORDER``, within a kind the clause deciding most hands first."""
    from paigow_cli.engine.distribution import LiveCards, class_weights

    multiset, flush = class_weights(table.classes, LiveCards.without(()))
    weights = np.concatenate([multiset, flush]).astype(np.int64)
    clause = np.concatenate([table.multiset_rule, table.flush_rule]).astype(np.int64)
    kind = class_catalogue(table.wheel).kind.astype(np.int64)
    pair = kind * len(table.rule_names) + clause
    hands = np.bincount(pair, weights=weights, minlength=len(KINDS) * len(table.rule_names))
    found = [
        ClauseShare(KINDS[at // len(table.rule_names)], str(table.rule_names[at % len(table.rule_names)]), int(count))
        for at, count in enumerate(hands.round().astype(np.int64).tolist())
        if count
    ]
    return sorted(found, key=lambda share: (KIND_ORDER.index(share.kind), -share.hands, share.clause))
