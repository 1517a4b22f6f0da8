"""Everything ``paigow advise`` says about one hand, assembled from the library's parts.

The 21 settings in display order, which one the house way picks, the user's own
setting (``low``), and, given the dealer's seven cards, how each setting
settles against the dealer's house-way setting.

>>> from paigow_cli.cards import parse_cards
>>> advice = advise(parse_cards("AS KD JK 9H 9C 4D 2S"), Rules(), dealer=parse_cards("KS KH JD 8C 7S 4H 3D"))
>>> advice.house_row.split.low, advice.house_row.settlement.outcome.value
((9H, 9C), 'win')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from paigow_cli.cards import Card, check_disjoint, sort_cards
from paigow_cli.errors import CardError, OptionError
from paigow_cli.house_ways import HouseSetting, house_setting
from paigow_cli.rules import Rules
from paigow_cli.showdown import Settlement, as_money, settle
from paigow_cli.splits import Split, all_splits, make_split, strength_order


@dataclass(frozen=True)
class SplitAdvice:
    """One setting with what we know about it."""

    split: Split
    house_way: bool
    chosen: bool
    settlement: Settlement | None = None


@dataclass(frozen=True)
class Advice:
    hand: tuple[Card, ...]
    rules: Rules
    rows: tuple[SplitAdvice, ...]
    house: HouseSetting
    dealer: HouseSetting | None
    bet: Decimal

    @property
    def house_row(self) -> SplitAdvice:
        return next(row for row in self.rows if row.house_way)

    @property
    def chosen_row(self) -> SplitAdvice | None:
        return next((row for row in self.rows if row.chosen), None)


def advise(
    hand: Sequence[Card],
    rules: Rules,
    dealer: Sequence[Card] | None = None,
    low: Sequence[Card] | None = None,
    bet: float | Decimal = 1,
) -> Advice:
    """Assemble the advice for a seven-card hand."""
    if as_money(bet) <= 0:
        raise OptionError(f"--bet {bet} must be more than 0")
    hand = sort_cards(hand)
    wheel_low = rules.wheel_is_low
    chosen_low = frozenset(make_split(hand, low, wheel_low).low) if low is not None else None
    house = house_setting(hand, rules)
    dealer_setting = None
    if dealer is not None:
        if len(dealer) != 7:
            raise CardError(f"the dealer's hand needs 7 cards, got {len(dealer)}")
        check_disjoint(hand, dealer, "the player's hand", "the dealer's hand")
        dealer_setting = house_setting(sort_cards(dealer), rules)
    rows = []
    for split in sorted(all_splits(hand, wheel_low), key=strength_order):
        settlement = None
        if dealer_setting is not None:
            settlement = settle(split, dealer_setting.split, bet, rules.commission)
        rows.append(
            SplitAdvice(
                split=split,
                house_way=frozenset(split.low) == frozenset(house.split.low),
                chosen=chosen_low is not None and frozenset(split.low) == chosen_low,
                settlement=settlement,
            )
        )
    return Advice(hand, rules, tuple(rows), house, dealer_setting, as_money(bet))
