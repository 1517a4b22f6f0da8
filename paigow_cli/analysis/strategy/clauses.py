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

from paigow_cli.analysis.strategy.card_rules import KIND_ORDER, fits
from paigow_cli.analysis.strategy.catalogue import NOT_MADE, class_catalogue
from paigow_cli.engine.distribution import LiveCards, class_weights
from paigow_cli.house_ways.strategy_rules import KINDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from paigow_cli.analysis.strategy.card_rules import Rule
    from paigow_cli.engine.dealer_table import DealerTable


@dataclass(frozen=True)
class ClauseShare:
    """One clause of a house way on one kind of hand: the hands of that kind it decides."""

    kind: str
    clause: str
    hands: int


def class_hands(table: DealerTable) -> np.ndarray:
    """Each class's hands of seven from the full deck, by global class id."""

    multiset, flush = class_weights(table.classes, LiveCards.without(()))
    return np.concatenate([multiset, flush]).astype(np.int64)


def house_way_clauses(table: DealerTable, among: np.ndarray | None = None) -> list[ClauseShare]:
    """Every (kind of hand, clause) pair the house way's table has (among the classes ``among``
    marks, if given), with its hands over the full deck: kinds in ``KIND_ORDER``, within a kind the
    clause deciding most hands first."""
    weights = class_hands(table)
    if among is not None:
        weights = np.where(among, weights, 0)
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


@dataclass(frozen=True)
class KindPage:
    """One kind of hand on a complete card: its share of all hands, the card's rules for it (their
    numbers, top down) with the hands each decides, and the house way's clauses that still decide
    the rest."""

    kind: str
    hands: int
    rules: tuple[tuple[int, int], ...]  # (rule number, hands it decides)
    clauses: tuple[ClauseShare, ...]


def complete_card(rules: Sequence[Rule], base: DealerTable) -> list[KindPage]:
    """The card as the whole strategy: per kind of hand (``KIND_ORDER``), the card's rules (top down)
    and the clauses of its base house way that decide the hands no rule names, each with its hands
    over the full deck."""

    catalogue = class_catalogue(base.wheel)
    weights = class_hands(base)
    made = catalogue.moves != NOT_MADE
    taken = np.zeros(len(weights), dtype=bool)
    decided = []
    for rule in rules:
        mask = fits(rule, catalogue.kind, catalogue.columns, made) & ~taken
        taken |= mask
        decided.append(int(weights[mask].sum()))
    left = house_way_clauses(base, among=~taken)
    pages = []
    for at, kind in enumerate(KINDS):
        hands = int(weights[catalogue.kind == at].sum())
        mine = tuple((number, decided[number - 1]) for number, rule in enumerate(rules, 1) if rule.kind == kind)
        if hands:
            pages.append(KindPage(kind, hands, mine, tuple(share for share in left if share.kind == kind)))
    return sorted(pages, key=lambda page: KIND_ORDER.index(page.kind))
