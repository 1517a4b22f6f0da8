"""The spread of one bet: its result per unit bet as exact amounts with exact counts, and from them
the mean, the variance (an exact fraction) and the standard deviation.

A main bet's result is one of three amounts: a win pays 1 less the commission (1 in the games
without one), a push 0, a loss -1 (rules.md §5, §8). A side bet pays its line's odds, or loses 1
(§8.3). Counts are over equally likely cases (the deals of the whole game, the hands of a side bet).

>>> bet = main_bet(wins=3, pushes=5, losses=2, commission=0.05)
>>> bet.mean, bet.variance
(Fraction(17, 200), Fraction(18541, 40000))
>>> f"{bet.sd:.6f}"
'0.680827'
>>> [str(amount) for amount, _ in bet.counts]
['-1', '0', '19/20']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any


@dataclass(frozen=True)
class Payouts:
    """A bet's possible results per unit bet, lowest first, with how many equally likely cases give each."""

    counts: tuple[tuple[Fraction, int], ...]

    @classmethod
    def of(cls, pairs: Iterable[tuple[Fraction | int, int]]) -> Payouts:
        """Merge (amount, count) pairs: one entry per amount, none with a zero count.

        >>> Payouts.of([(1, 2), (-1, 3), (1, 1), (0, 0)]).counts
        ((Fraction(-1, 1), 3), (Fraction(1, 1), 3))
        """
        merged: dict[Fraction, int] = {}
        for amount, count in pairs:
            if count < 0:
                raise ValueError(f"a negative count ({count}) for the amount {amount}")
            if count:
                merged[Fraction(amount)] = merged.get(Fraction(amount), 0) + count
        if not merged:
            raise ValueError("a bet needs at least one case")
        return cls(tuple(sorted(merged.items())))

    @property
    def total(self) -> int:
        return sum(count for _, count in self.counts)

    @property
    def mean(self) -> Fraction:
        """The expected result per unit bet (the EV), exactly."""
        return Fraction(sum(amount * count for amount, count in self.counts)) / self.total

    @property
    def variance(self) -> Fraction:
        """E[X²] - E[X]², exactly."""
        second = Fraction(sum(amount * amount * count for amount, count in self.counts)) / self.total
        return second - self.mean**2

    @property
    def sd(self) -> float:
        """The standard deviation per unit bet (the square root of the variance, in floating point)."""
        return sqrt(self.variance)

    def probabilities(self) -> list[tuple[Fraction, Fraction]]:
        """Each amount with its exact probability."""
        return [(amount, Fraction(count, self.total)) for amount, count in self.counts]

    def plus(self, other: Payouts) -> Payouts:
        """The sum of this bet and an independent ``other`` (both on the same hand's unit bet).

        >>> coin = Payouts.of([(1, 1), (-1, 1)])
        >>> coin.plus(coin).counts
        ((Fraction(-2, 1), 1), (Fraction(0, 1), 2), (Fraction(2, 1), 1))
        """
        return Payouts.of((a + b, m * n) for a, m in self.counts for b, n in other.counts)

    def less(self, amount: Fraction) -> Payouts:
        """The bet with ``amount`` (per unit bet) paid on every hand, whatever its result: a flat
        collection fee.

        >>> [str(result) for result, _ in main_bet(1, 1, 1).less(Fraction(1, 25)).counts]
        ['-26/25', '-1/25', '24/25']
        """
        return Payouts.of((result - amount, count) for result, count in self.counts)


def main_bet(wins: int, pushes: int, losses: int, commission: float | Fraction = 0) -> Payouts:
    """The main bet's three results from exact whole-game counts; a win pays 1 less ``commission``
    (a float is read as its text says: 0.05 is 1/20)."""
    rate = commission if isinstance(commission, Fraction) else Fraction(str(commission))
    return Payouts.of([(-1, losses), (0, pushes), (1 - rate, wins)])


def spread_json(payouts: Payouts) -> dict[str, Any]:
    """The spread as ``--json`` gives it: variance and standard deviation per unit bet, the
    variance's exact fraction too.

    >>> spread_json(Payouts.of([(1, 1), (-1, 1)]))
    {'variance': 1.0, 'variance_fraction': '1/1', 'sd': 1.0}
    """
    variance = payouts.variance
    return {
        "variance": float(variance),
        "variance_fraction": f"{variance.numerator}/{variance.denominator}",
        "sd": payouts.sd,
    }
