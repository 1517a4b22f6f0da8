"""Everything ``paigow advise`` says about one hand, assembled from the library's parts.

The 21 settings in display order, which one the house way picks, the user's own
setting (``low``); given a dealer table, each setting's exact odds and EV (best
first); given the dealer's seven cards instead, how each setting settles
against the dealer's house-way setting. The game and who banks come with the
rules: a banking player's fouled setting is counted as the house way's (§8.2).

>>> from paigow_cli.core.cards import parse_cards
>>> advice = advise(parse_cards("AS KD JK 9H 9C 4D 2S"), Rules(), dealer=parse_cards("KS KH JD 8C 7S 4H 3D"))
>>> advice.house_row.split.low, advice.house_row.settlement.outcome.value
((9H, 9C), 'win')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING

from paigow_cli.core.cards import Card, check_disjoint, sort_cards
from paigow_cli.core.errors import CardError, OptionError
from paigow_cli.core.rules import Game, Rules
from paigow_cli.core.showdown import Settlement, as_money, settle
from paigow_cli.core.splits import Split, all_splits, make_split, strength_order
from paigow_cli.house_ways import HouseSetting, house_setting

if TYPE_CHECKING:
    from paigow_cli.engine.dealer_table import DealerTable
    from paigow_cli.engine.distribution import SplitOdds


@dataclass(frozen=True)
class SplitAdvice:
    """One setting with what we know about it."""

    split: Split
    house_way: bool
    chosen: bool
    settlement: Settlement | None = None
    odds: SplitOdds | None = None
    ev: float | None = None
    best: bool = False
    dominated: bool = False  # another legal setting matches or beats it on both hands


@dataclass(frozen=True)
class Advice:
    hand: tuple[Card, ...]
    rules: Rules
    rows: tuple[SplitAdvice, ...]
    house: HouseSetting
    dealer: HouseSetting | None
    bet: Decimal
    dead: tuple[Card, ...] = ()
    seen: SplitOdds | None = None  # Face Up: the odds when the hand is set after the dealer's is seen

    @property
    def best_row(self) -> SplitAdvice:
        return self.rows[0]

    def given_up(self, row: SplitAdvice) -> float | None:
        """The EV a setting gives up against the best one."""
        if row.ev is None or self.best_row.ev is None:
            return None
        return self.best_row.ev - row.ev

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
    table: DealerTable | None = None,
    dead: Sequence[Card] = (),
    compiled: bool | None = None,
) -> Advice:
    """Assemble the advice for a seven-card hand.

    With ``table`` (the house way's dealer table) each setting gets its exact odds
    against every possible dealer hand, ``dead`` cards removed; with ``dealer`` it is
    settled against that hand instead. ``compiled``: the engine's path (``DealerDistribution``);
    a batch of hands asks for the compiled kernel.
    """
    if as_money(bet) <= 0:
        raise OptionError(f"{{option}} {bet} must be more than 0", about="bet")
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
    dead = sort_cards(dead)
    check_disjoint(hand, dead, "the hand", "the dead cards ({option})", about="dead")
    if 53 - len(hand) - len(dead) < 7:
        raise CardError(f"with {len(dead)} dead cards only {53 - 7 - len(dead)} are live: the dealer needs 7")
    splits = sorted(all_splits(hand, wheel_low), key=strength_order)
    odds: list[SplitOdds | None] = [None] * len(splits)
    seen = None
    if table is not None and dealer_setting is None:
        from paigow_cli.engine.distribution import DealerDistribution, setting_keys_of

        distribution = DealerDistribution(
            table, (*hand, *dead), rules.game, banker=rules.banker, settings=setting_keys_of(splits), compiled=compiled
        )
        odds = [distribution.split_odds(split, house.split) for split in splits]
        if rules.game is Game.FACE_UP and not rules.banker:  # the dealer's hand is shown before you set
            seen = distribution.seen_odds(setting_keys_of([split for split in splits if not split.foul]))
    rows = []
    for split, split_odds in zip(splits, odds):
        settlement = None
        if dealer_setting is not None:
            settlement = settle(
                split, dealer_setting.split, bet, rules.commission, rules.game, banker=rules.banker, house=house.split
            )
        rows.append(
            SplitAdvice(
                split=split,
                house_way=frozenset(split.low) == frozenset(house.split.low),
                chosen=chosen_low is not None and frozenset(split.low) == chosen_low,
                settlement=settlement,
                odds=split_odds,
                ev=None if split_odds is None else split_odds.ev(rules.commission),
            )
        )
    if rows[0].ev is not None:
        rows = rank_by_ev(rows, rules.commission)
    elif dealer_setting is not None:
        rows = rank_by_result(rows)
    return Advice(hand, rules, tuple(rows), house, dealer_setting, as_money(bet), dead, seen)


def rank_by_ev(rows: list[SplitAdvice], commission: float) -> list[SplitAdvice]:
    """Best EV first (exact EVs; ties: the stronger setting), with best and dominated settings
    marked; fouls last, whatever their EV (a banker's foul is reset to the house way and settles as
    it, but it is never a setting to rank above a legal one)."""
    ordered = sorted(rows, key=lambda row: (row.split.foul, -row.odds.score(commission)))  # type: ignore[union-attr]  # stable: keeps strength order
    top = ordered[0].odds
    return [
        replace(row, best=row.odds == top and not row.split.foul, dominated=dominated)
        for row, dominated in zip(ordered, dominated_rows(ordered))
    ]


RESULT_ORDER = {"win": 0, "push": 1, "lose": 2}


def rank_by_result(rows: list[SplitAdvice]) -> list[SplitAdvice]:
    """Against a known dealer hand: wins first, then pushes, losses and fouls (each by strength),
    with dominated settings marked.

    >>> from paigow_cli.core.cards import parse_cards
    >>> advice = advise(parse_cards("AS KD JK 9H 9C 4D 2S"), Rules(), dealer=parse_cards("KS KH JD 8C 7S 4H 3D"))
    >>> [row.settlement.outcome.value for row in advice.rows][:3], advice.rows[-1].split.foul
    (['win', 'win', 'win'], True)
    """

    def order(row: SplitAdvice) -> tuple[bool, int]:
        settlement = row.settlement
        assert settlement is not None  # every row is settled against the dealer's hand
        return (row.split.foul and not settlement.reset, RESULT_ORDER[settlement.outcome.value])

    ordered = sorted(rows, key=order)
    return [replace(row, dominated=dominated) for row, dominated in zip(ordered, dominated_rows(ordered))]


def dominated_rows(ordered: list[SplitAdvice]) -> list[bool]:
    """Whether another legal setting matches or beats each one on both hands (of equal ones, the
    later is dominated), compared by hand-value keys."""
    keys = [(row.split.high_value.key, row.split.low_value.key, row.split.foul) for row in ordered]
    return [
        any(
            not foul
            and other_high >= high
            and other_low >= low
            and (other_high > high or other_low > low or index < at)
            for index, (other_high, other_low, foul) in enumerate(keys)
            if index != at
        )
        for at, (high, low, _) in enumerate(keys)
    ]


def best_setting_keys(cards: Sequence[int], rules: Rules, table: DealerTable) -> tuple[int, int]:
    """(high key, low key) of the best-EV setting of seven cards dealt from a full deck (ties: the
    stronger setting, as ``advise``), for batches: the hand's distinct legal settings from its class
    (``class_settings.hand_settings``), not 21 ``Split``s, against the compiled engine's distribution. A banker's
    foul is reset to the house way, which is among them anyway."""
    from paigow_cli.engine.class_settings import hand_settings
    from paigow_cli.engine.distribution import DealerDistribution

    keys = hand_settings(cards, rules.wheel_is_low)
    distribution = DealerDistribution(table, cards, rules.game, banker=rules.banker, settings=keys, compiled=True)
    scores = [distribution.odds(high, low).score(rules.commission) for high, low in keys]
    return keys[scores.index(max(scores))]  # the first of the best: settings come strongest first
