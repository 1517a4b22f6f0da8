"""Side bets (rules.md §8.3): what one hand pays, and exact odds over every hand (the pay tables
are in ``pay_tables``).

A pay table lists lines (``bonus_hands.Line``) with what each pays, "to 1". A hand
is paid once, at the highest-paying line it holds; a hand that holds none loses
the bet. The exact odds weigh every dealer-hand class with the engine's class
weights (so dead cards work as elsewhere): a class's hands all hold the same
lines, except the royal match, which depends on the suits of the two cards
beside a royal flush and is counted hand by hand (at most 72 hands).

>>> from paigow_cli.analysis.money.pay_tables import PAY_TABLES
>>> from paigow_cli.core.cards import parse_cards
>>> paid = pay(PAY_TABLES["fortune"], parse_cards("KS KH KD QC JS TH 9D"))
>>> paid.line.slug, paid.pays
('three-of-a-kind', 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import numpy as np

from paigow_cli.analysis.money.pay_tables import ENVY_TABLES, PayTable, least_meter
from paigow_cli.analysis.money.spread import Payouts
from paigow_cli.core.bonus_hands import (
    Line,
    hand_lines,
    plus_pair_line,
    setting_lines,
    three_card_lines,
)
from paigow_cli.core.cards import DECK, JOKER_CODE, Card
from paigow_cli.engine.class_flags import class_lines
from paigow_cli.engine.distribution import LiveCards, class_weights


def break_even_meter(odds: SideBetOdds) -> Fraction | None:
    """The meter at which the bet's expected return is zero, on the table's meter bet (None when
    no hand of the live cards reaches the top lines, or when the bet wins at every meter a top
    prize may show: ``least_meter`` and up).

    The return is linear in the meter: EV(m) = rest + p (m / bet - for_one), where p is the
    chance of a top line and ``rest`` every other line's return, so m = bet (for_one - rest / p).
    """
    meter = odds.table.meter
    if meter is None:
        raise ValueError(f"the {odds.table.name} table has no meter")
    top = sum((Fraction(row.count, odds.total) for row in odds.rows if row.line in meter.lines), Fraction(0))
    if top == 0:
        return None
    rest = sum((row.returns(odds.total) for row in odds.rows if row.line not in meter.lines), Fraction(0))
    even = Fraction(str(meter.bet)) * ((1 if meter.for_one else 0) - rest / top)
    return even if even >= Fraction(str(least_meter(odds.table, meter.bet))) else None


@dataclass(frozen=True)
class Paid:
    """What one hand does on a side bet: the line it is paid at (None: the bet loses) and the odds."""

    line: Line | None
    pays: int | Decimal  # to 1; -1 when the bet loses


def best_line(table: PayTable, lines: Iterable[Line]) -> Paid:
    """The highest-paying line of the table among ``lines`` (ties: the first in the table); on a
    table paid by rank, the first line in the table's order.

    >>> from paigow_cli.core.bonus_hands import Line
    >>> from paigow_cli.analysis.money.pay_tables import PAY_TABLES
    >>> best_line(PAY_TABLES["dealer-bonus"], [Line.FLUSH, Line.NINE_HIGH_LOW_HAND]).line.slug
    'flush'
    """
    held = set(lines)
    if table.by_rank:
        first = next(((line, pays) for line, pays in table.lines if line in held), None)
        return Paid(first[0], first[1]) if first else Paid(None, -1)
    best: tuple[Line, int | Decimal] | None = None
    for line, pays in table.lines:
        if line in held and (best is None or pays > best[1]):
            best = (line, pays)
    return Paid(best[0], best[1]) if best else Paid(None, -1)


def pay(
    table: PayTable,
    cards: Sequence[Card],
    *,
    low_is_nine_high: bool = False,
    setting: tuple[Sequence[Card], Sequence[Card]] | tuple[()] | None = None,
) -> Paid:
    """What seven cards pay on the table (a three-card table: the first three, as dealt);
    ``low_is_nine_high`` is the house way's low hand (Tiger 9); ``setting`` the (high, low) cards
    the player set, for a table paid on the setting (``()``: none, a folded hand; None: the
    setting that pays the most)."""
    if table.on == "player-three":
        return best_line(table, three_card_lines(cards[:3]))
    lines = set(hand_lines(cards, wild=table.joker.is_wild))
    if table.needs_settings:
        lines |= setting_lines(cards) if setting is None else plus_pair_line(*setting) if setting else set()
    if low_is_nine_high:
        lines.add(Line.NINE_HIGH_LOW_HAND)
    return best_line(table, lines)


# --- exact odds ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsRow:
    line: Line | None  # None: the rest, which loses the bet
    pays: int | Decimal
    count: int

    def probability(self, total: int) -> float:
        return self.count / total

    def returns(self, total: int) -> Fraction:
        """This row's part of the bet's expected return per unit."""
        return Fraction(self.count) * Fraction(str(self.pays)) / total


@dataclass(frozen=True)
class SideBetOdds:
    table: PayTable
    rows: tuple[OddsRow, ...]  # the paying lines in table order, then the rest
    total: int

    @property
    def ev(self) -> Fraction:
        """Expected return per unit bet, exactly."""
        return sum((row.returns(self.total) for row in self.rows), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.ev

    @property
    def payouts(self) -> Payouts:
        """The bet's result per unit: each row's odds (or -1), with its count of hands."""
        return Payouts.of((Fraction(str(row.pays)), row.count) for row in self.rows)


def royal_match_hands(live: set[int]) -> list[tuple[Card, ...]]:
    """Every seven-card hand of live cards holding a royal flush and a suited K-Q beside it."""
    hands = []
    for royal_suit, match_suit in permutations(range(4), 2):
        royal = [DECK[rank * 4 + royal_suit] for rank in range(8, 13)]  # T J Q K A
        match = [DECK[11 * 4 + match_suit], DECK[10 * 4 + match_suit]]  # K Q
        for stand_in in (None, *range(5)):  # the joker may stand in for one royal card
            cards = list(royal)
            if stand_in is not None:
                cards[stand_in] = DECK[JOKER_CODE]
            hand = (*cards, *match)
            if all(card in live for card in hand):
                hands.append(hand)
    return hands


def three_card_odds(table: PayTable, removed: Iterable[int] = ()) -> SideBetOdds:
    """Exact counts of a three-card table over every three cards of the live ones (23,426 of a full
    deck: each read, one by one)."""

    gone = set(removed)
    live = [card for card in DECK if card not in gone]
    counts: dict[Line | None, int] = {}
    for cards in combinations(live, 3):
        line = best_line(table, three_card_lines(cards)).line
        counts[line] = counts.get(line, 0) + 1
    rows = tuple(OddsRow(line, pays, counts.get(line, 0)) for line, pays in table.lines)
    rows += (OddsRow(None, -1, counts.get(None, 0)),)
    return SideBetOdds(table, rows, comb(len(live), 3))


def side_bet_odds(
    table: PayTable,
    classes,
    removed: Iterable[int] = (),
    nine_high_low: tuple[np.ndarray, np.ndarray] | None = None,
    settings: tuple[np.ndarray, np.ndarray] | None = None,
) -> SideBetOdds:
    """Exact counts of every paying line over all seven-card hands of the live cards.

    ``nine_high_low`` flags, per multiset and flush class, that the house way sets a 9-high
    low hand (needed by tables on the dealer's low hand); ``settings`` are the classes' setting
    lines (``engine.setting_lines``; needed by tables that pay "plus pair").
    """

    removed = tuple(removed)
    if table.on == "player-three":
        return three_card_odds(table, removed)
    live = LiveCards.without(removed)
    multiset_weight, flush_weight = class_weights(classes, live)
    multiset_lines, flush_lines = class_lines(classes, wild=table.joker.is_wild)
    if table.needs_settings:
        if settings is None:
            raise ValueError(f"the {table.name} table needs the classes' setting lines")
        multiset_lines = multiset_lines | settings[0]
        flush_lines = flush_lines | settings[1]
    if table.needs_house_way:
        if nine_high_low is None:
            raise ValueError(f"the {table.name} table needs the house way's low hands")
        multiset_lines = multiset_lines | (nine_high_low[0].astype(np.int64) << Line.NINE_HIGH_LOW_HAND)
        flush_lines = flush_lines | (nine_high_low[1].astype(np.int64) << Line.NINE_HIGH_LOW_HAND)
    masks = np.concatenate([multiset_lines, flush_lines])
    weights = np.concatenate([multiset_weight, flush_weight])
    unique, inverse = np.unique(masks, return_inverse=True)
    per_mask = np.bincount(inverse, weights=weights, minlength=len(unique))
    by_mask = {int(mask): round(float(count)) for mask, count in zip(unique, per_mask)}
    if any(line is Line.ROYAL_MATCH for line, _ in table.lines):
        live_cards = set(range(53)) - set(removed)
        for hand in royal_match_hands(live_cards):
            plain = sum(1 << line for line in hand_lines(hand) if line is not Line.ROYAL_MATCH)
            by_mask[plain] -= 1
            by_mask[plain | 1 << Line.ROYAL_MATCH] = by_mask.get(plain | 1 << Line.ROYAL_MATCH, 0) + 1
    counts: dict[Line | None, int] = {}
    for mask, count in by_mask.items():
        paid = best_line(table, (line for line in Line if mask >> line & 1))
        counts[paid.line] = counts.get(paid.line, 0) + count
    rows = tuple(OddsRow(line, pays, counts.get(line, 0)) for line, pays in table.lines)
    rows += (OddsRow(None, -1, counts.get(None, 0)),)
    total = sum(row.count for row in rows)
    if total != comb(live.count, 7) or any(row.count < 0 for row in rows):
        raise ArithmeticError(f"side-bet counts sum to {total}, not C({live.count}, 7) = {comb(live.count, 7)}")
    return SideBetOdds(table, rows, total)


# --- the Envy bonus ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Envy:
    """The Envy bonus beside a side bet: each other player's hand on one of its lines pays a fixed
    amount to every qualifying bet (several hands, several payouts; never one's own hand or the
    dealer's).

    Its expectation is exact by linearity: before the deal each other player's seven cards are as
    likely to be any seven as one's own, so each pays on average the table's line counts times the
    envy amounts over every hand, whatever the cards share; the deck one's own hand leaves changes
    the envy's spread, not its mean. ``others`` other players, a bet of ``stake``."""

    odds: SideBetOdds
    others: int
    stake: Decimal

    @property
    def per_player(self) -> Fraction:
        """The envy one other player's hand pays on average (money)."""
        amounts = dict(ENVY_TABLES[self.odds.table.name])
        paid = sum(row.count * amounts.get(row.line, 0) for row in self.odds.rows if row.line is not None)
        return Fraction(paid, self.odds.total)

    @property
    def ev(self) -> Fraction:
        """The bet's expected return per unit with the envy of ``others`` players, exactly."""
        return self.odds.ev + self.others * self.per_player / Fraction(self.stake)

    @property
    def house_edge(self) -> Fraction:
        return -self.ev
