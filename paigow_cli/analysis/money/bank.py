"""The player bank: a player banks against every other seat at the table, the dealer's own hand
among them (rules.md §9).

Every seat's hand is dealt from the deck the banker's hand leaves, and each seat is settled
against the banker alone (the banker wins copies). So the bank's expected result before a
commission on its net win is exactly the sum of the seats' one-on-one results, whatever the
seats' hands share: ``linear_ev`` reads it from the one-on-one whole game's exact counts (the
question ``banker_question``: the banker is the player who banks, each seat the dealer's house
way). Charged per seat it beats (``each``), the commission keeps it exact.

A commission on the bank's net win of the round is not linear in the seats. ``round_outcomes``
gives the round's net by a stated method: for every class of the banker's seven cards (the
strategy table's rows, each weighted by its hands), each seat's chance to lose, push and win
against it is the class's exact average, and the seats are taken as independent given the
banker's class (in truth they are dealt from one deck, without replacement). The mean of any
per-seat quantity is exact under it; the commission on the net is not, and ``study.simulation.simulate_bank``
deals whole rounds from one deck to check it.

>>> from paigow_cli.core.rules import Rules
>>> table = BankTable(bets=(Fraction(1), Fraction(1)), commission=Fraction(1, 20), on_net=True)
>>> table.action, table.seats
(Fraction(2, 1), 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.money.spread import Payouts, main_bet

if TYPE_CHECKING:
    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.core.rules import Rules
    from paigow_cli.engine.dealer_table import DealerTable

MOST_SEATS = 6  # a seven-seat table: the banker and six others (the dealer's hand among them)


@dataclass(frozen=True)
class BankTable:
    """The bank's round: each other seat's bet (the dealer's hand among them), the commission on the
    bank's wins, charged on its net win of the round (``on_net``) or on each seat it beats, and a
    flat fee the banker pays per hand (money, as the bets)."""

    bets: tuple[Fraction, ...]
    commission: Fraction = Fraction(1, 20)
    on_net: bool = True
    fee: Fraction = Fraction(0)

    @property
    def seats(self) -> int:
        return len(self.bets)

    @property
    def action(self) -> Fraction:
        """What the bank covers in a round: every seat's bet."""
        return sum(self.bets, Fraction(0))

    @property
    def linear(self) -> bool:
        """Whether the bank's expected result is exactly the sum of its seats' (no commission on the
        net win, or a single seat, whose net is its one result)."""
        return not (self.on_net and self.commission) or self.seats == 1


def covered(bets: tuple[Fraction, ...], bank: Fraction) -> tuple[Fraction, ...]:
    """The action a bank of ``bank`` covers, seat by seat in order (rules.md §9): each seat's bet
    while the bank lasts, the seat where it runs out what is left, the seats after it none (they
    push). So the bank can never lose more than it holds.

    >>> [str(bet) for bet in covered((Fraction(25), Fraction(25), Fraction(100)), Fraction(60))]
    ['25', '25', '10']
    """
    action = []
    left = bank
    for bet in bets:
        taken = min(bet, left)
        if taken <= 0:
            break
        action.append(taken)
        left -= taken
    return tuple(action)


def banker_question(rules: Rules, dead: tuple = (), banker_plays: str | None = None) -> Question:
    """The one-on-one question of one seat against the bank: the banker (the player who banks, who
    wins copies; setting by ``banker_plays``, default the house way) against a hand set by the
    house way, no commission (the bank's is charged here). Its dealer question (``.dealer``) has
    the strategy table the class method reads.

    >>> from paigow_cli.core.rules import Rules
    >>> banker_question(Rules(), (), "trump-plaza").strategy, banker_question(Rules(), (), "foxwoods").strategy
    ('trump-plaza', None)
    """

    strategy = banker_plays if banker_plays not in (None, rules.house_way) else None
    return Question(replace(rules, banker=True, commission=0.0), tuple(dead), strategy)


def linear_ev(result: EdgeResult, table: BankTable) -> Fraction:
    """The bank's exact expected result per round (money) when it is linear in the seats: each seat
    as one on one (``result``: the banker's exact counts against one seat), the commission charged
    on each seat the bank beats, less the fee.

    >>> from paigow_cli.analysis.money.results import EdgeResult
    >>> one = EdgeResult("house", 10, 3, 5, 2, 0, 0, 0, Fraction(1, 10))
    >>> linear_ev(one, BankTable((Fraction(25), Fraction(10)), Fraction(1, 20), on_net=False))
    Fraction(119, 40)
    """
    per_unit = main_bet(result.wins, result.pushes, result.losses, table.commission).mean
    return per_unit * table.action - table.fee


@dataclass(frozen=True)
class SeatOdds:
    """Per class of the banker's hand (a strategy table's row): its share of the banker's hands, and
    one seat's chance to lose to the bank (the bank wins), to push and to win."""

    weight: np.ndarray
    bank_wins: np.ndarray
    pushes: np.ndarray
    bank_loses: np.ndarray


def seat_odds(table: StrategyTable, banker: DealerTable) -> SeatOdds:
    """Each class of the banker's hand, set by ``banker``'s table of settings: one seat's exact
    average chances against it (the seat set by the question's house way)."""
    choice = table.choice(banker)
    question = table.question
    hands = table.hands.astype(np.float64)
    per_row = hands * question.dealer_hands
    safe = np.where(per_row > 0, per_row, 1.0)
    wins = table.wins[choice].astype(np.float64) / safe
    losses = table.losses[choice].astype(np.float64) / safe
    return SeatOdds(hands / question.player_hands, wins, 1.0 - wins - losses, losses)


def round_outcomes(odds: SeatOdds, table: BankTable) -> list[tuple[Fraction, float]]:
    """The bank's net result of one round (money, exact: the commission and the fee taken) with its
    probability, lowest first, by the method of the module's docstring: every way the seats can
    end (lose, push or win each, 3 ** seats), summed over the banker's classes."""
    results: dict[Fraction, float] = {}
    chances = (odds.bank_wins, odds.pushes, odds.bank_loses)
    for ends in product((0, 1, 2), repeat=table.seats):
        probability = odds.weight.copy()
        for end in ends:
            probability *= chances[end]
        won = sum((bet for bet, end in zip(table.bets, ends, strict=True) if end == 0), Fraction(0))
        lost = sum((bet for bet, end in zip(table.bets, ends, strict=True) if end == 2), Fraction(0))
        net = won - lost
        net -= table.commission * max(net, Fraction(0)) if table.on_net else table.commission * won
        key = net - table.fee
        results[key] = results.get(key, 0.0) + float(probability.sum())
    return sorted(results.items())


def round_payouts(outcomes: list[tuple[Fraction, float]], unit: Fraction) -> Payouts:
    """The round's outcomes as a bet's payouts in units of ``unit`` (a seat's bet), for the session
    and the risk of ruin (``money.session``): each probability as a count out of 2 ** 50.

    >>> round_payouts([(Fraction(-25), 0.25), (Fraction(0), 0.5), (Fraction(95, 4), 0.25)], Fraction(25)).mean
    Fraction(-1, 80)
    """
    return Payouts.of((net / unit, round(chance * 2**50)) for net, chance in outcomes)


def outcomes_mean(outcomes: list[tuple[Fraction, float]]) -> float:
    return sum(float(net) * chance for net, chance in outcomes)


def outcomes_sd(outcomes: list[tuple[Fraction, float]]) -> float:
    mean = outcomes_mean(outcomes)
    return float(np.sqrt(max(sum(chance * (float(net) - mean) ** 2 for net, chance in outcomes), 0.0)))
