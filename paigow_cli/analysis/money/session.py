"""A session of independent hands: the distribution of the net result, and the risk of ruin.

One hand's result (``spread.Payouts``) lives on a lattice: every amount is a whole number of
``1/g`` bets (``g`` the amounts' common denominator: 20 with a 5% commission). A session's net is
the sum of its hands, so its distribution is the N-fold convolution of one hand's: computed here
in one FFT (``numpy.fft``), in floating point, each probability within ``PRECISION`` of the exact
one (the tests check it against exact integer convolution). The risk of ruin is dynamic
programming over the bankroll, hand by hand, with every state kept that can still be ruined: exact
but for floating-point rounding. In the long run, a bet that does not win on average ruins every
bankroll; one that does is solved from the roots of its step's characteristic polynomial.

>>> from paigow_cli.analysis.money.spread import Payouts
>>> coin = Payouts.of([(1, 1), (-1, 1)])
>>> two = session_distribution(coin, 2)
>>> [(str(two.net(index)), round(float(p), 12)) for index, p in enumerate(two.probabilities)]
[('-2', 0.25), ('-1', 0.0), ('0', 0.5), ('1', 0.0), ('2', 0.25)]
>>> round(ruin_within(coin, 3, Fraction(2)), 12)  # broke (below one bet) after losing twice: 1/4 + ...
0.25
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import ceil, lcm

import numpy as np

from paigow_cli.analysis.money.spread import Payouts

MAX_HANDS = 100_000  # a session's hands at most: the lattice stays below a few million points
PRECISION = 1e-12  # each probability of a session's distribution is within this of the exact one
CLEARED = PRECISION / 10  # a computed probability below this is FFT rounding, and is set to zero
MAX_POINTS = 1 << 23  # the lattice of a session's distribution at most (the FFT's size)
NEGLIGIBLE = 1e-30  # a bankroll height less likely than this is dropped from the ruin count
TRIM_EVERY = 16  # hands between those trims
MAX_ROOTS = 1_000  # the long run's characteristic polynomial is solved up to this degree (about a second)


@dataclass(frozen=True)
class Step:
    """One hand's result on the lattice: offsets in units of ``1 / scale`` bets, with probabilities.

    >>> step = Step.of(Payouts.of([(Fraction(19, 20), 3), (0, 5), (-1, 2)]))
    >>> step.scale, step.offsets, step.probabilities
    (20, (-20, 0, 19), (0.2, 0.5, 0.3))
    """

    scale: int
    offsets: tuple[int, ...]
    probabilities: tuple[float, ...]
    exact: tuple[Fraction, ...]

    @classmethod
    def of(cls, payouts: Payouts) -> Step:
        scale = lcm(*(amount.denominator for amount, _ in payouts.counts))
        pairs = payouts.probabilities()
        return cls(
            scale,
            tuple(int(amount * scale) for amount, _ in pairs),
            tuple(float(p) for _, p in pairs),
            tuple(p for _, p in pairs),
        )

    @property
    def lowest(self) -> int:
        return self.offsets[0]

    @property
    def width(self) -> int:
        return self.offsets[-1] - self.offsets[0]


@dataclass(frozen=True)
class SessionDistribution:
    """The net result of ``hands`` hands: ``probabilities[i]`` is the chance the net is
    ``net(i)`` bets."""

    hands: int
    step: Step
    probabilities: np.ndarray

    def net(self, index: int) -> Fraction:
        """The net, in bets, at lattice point ``index``."""
        return Fraction(self.hands * self.step.lowest + index, self.step.scale)

    def index_of(self, net: Fraction) -> float:
        """Where the net ``net`` (bets) lies on the lattice (a fraction between points)."""
        return float(net * self.step.scale - self.hands * self.step.lowest)

    @property
    def sum_bound(self) -> float:
        """How far a sum of the distribution's probabilities (ahead, behind, a percentile's share)
        may be from the exact one: each of its lattice points' errors added up."""
        return PRECISION * len(self.probabilities)

    @property
    def left_out(self) -> tuple[int, float]:
        """The lattice points whose computed probability was cleared as rounding (below
        ``CLEARED``), and a bound on their exact probabilities added up (each is below
        ``CLEARED`` + ``PRECISION``). Some of them no session can reach at all."""
        cleared = int((self.probabilities == 0).sum())
        return cleared, cleared * (CLEARED + PRECISION)

    def chances(self) -> tuple[float, float, float]:
        """The chance to be ahead, even and behind at the end."""
        zero = -self.hands * self.step.lowest
        behind = float(self.probabilities[:zero].sum())
        even = float(self.probabilities[zero])
        return 1.0 - behind - even, even, behind

    def bars(self, columns: int, shown: float) -> tuple[list[float], int, int]:
        """A histogram of about ``columns`` bars, leaving out ``shown`` of the chance at each end:
        (heights, first lattice point, points per bar). Bars narrower than one hand's spread of
        outcomes would show the lattice's comb, not the shape, so a bar covers at least that many
        points when the picture still has a dozen bars.

        >>> coin = session_distribution(Payouts.of([(1, 1), (-1, 1)]), 4)
        >>> heights, first, per_bar = coin.bars(60, 0.001)  # -4 to +4 bets: odd nets cannot happen
        >>> [round(height, 4) for height in heights], first, per_bar
        ([0.0625, 0.0, 0.25, 0.0, 0.375, 0.0, 0.25, 0.0, 0.0625], 0, 1)
        """
        cumulative = np.cumsum(self.probabilities)
        first = int(np.searchsorted(cumulative, shown))
        last = int(np.searchsorted(cumulative, 1 - shown))
        span = last - first + 1
        per_bar = -(-span // columns)
        period = self.step.width
        if per_bar < period and span // period >= 12:
            per_bar = period
        bars = -(-span // per_bar)
        heights = [
            float(self.probabilities[first + bar * per_bar : first + (bar + 1) * per_bar].sum()) for bar in range(bars)
        ]
        return heights, first, per_bar

    def percentile(self, share: float) -> Fraction:
        """The smallest net (bets) with at least ``share`` of the chance at or below it.

        >>> coin = session_distribution(Payouts.of([(1, 1), (-1, 1)]), 2)
        >>> [str(coin.percentile(share)) for share in (0.1, 0.25, 0.5, 0.9)]
        ['-2', '-2', '0', '2']
        """
        cumulative = np.cumsum(self.probabilities)
        index = int(np.searchsorted(cumulative, share - PRECISION))
        return self.net(min(index, len(self.probabilities) - 1))


def lattice_size(payouts: Payouts, hands: int) -> int:
    """How many points a session's distribution has (so a caller can refuse a huge one)."""
    return Step.of(payouts).width * hands + 1


def most_hands(payouts: Payouts) -> int:
    """The most hands whose distribution fits in ``MAX_POINTS`` lattice points.

    >>> most_hands(Payouts.of([(Fraction(19, 20), 1), (0, 1), (-1, 1)]))  # 39 points of 1/20 bet a hand
    215092
    """
    return (MAX_POINTS - 1) // max(1, Step.of(payouts).width)


def session_distribution(payouts: Payouts, hands: int) -> SessionDistribution:
    """The net of ``hands`` independent hands of ``payouts``: one FFT, the step's transform to the
    power ``hands``, back; rounding below ``PRECISION`` is cleared (a probability is never
    negative) and the whole sums to 1."""
    if hands < 1:
        raise ValueError("a session has one hand or more")
    step = Step.of(payouts)
    size = step.width * hands + 1
    if size > MAX_POINTS:
        raise ValueError(f"{hands:,} hands make {size:,} lattice points, more than {MAX_POINTS:,}")
    length = 1 << (size - 1).bit_length()
    one = np.zeros(length)
    for offset, p in zip(step.offsets, step.probabilities):
        one[offset - step.lowest] = p
    transform = np.fft.rfft(one)
    found = np.fft.irfft(transform**hands, length)[:size]
    found[found < CLEARED] = 0.0
    found /= found.sum()
    return SessionDistribution(hands, step, found)


def exact_session(payouts: Payouts, hands: int) -> dict[Fraction, Fraction]:
    """The same distribution with exact integers (small sessions: the reference for the tests).

    >>> exact_session(Payouts.of([(1, 1), (0, 2), (-1, 1)]), 2)[Fraction(0)]
    Fraction(3, 8)
    """
    step = Step.of(payouts)
    counts = {0: 1}
    for _ in range(hands):
        following: dict[int, int] = {}
        for position, count in counts.items():
            for amount, many in payouts.counts:
                key = position + int(amount * step.scale)
                following[key] = following.get(key, 0) + count * many
        counts = following
    total = payouts.total**hands
    return {Fraction(key, step.scale): Fraction(count, total) for key, count in sorted(counts.items())}


def ruin_threshold(step: Step, bankroll: Fraction, cost: Fraction = Fraction(1)) -> int:
    """The first lattice net that is not ruin: ruined is having less than a hand's ``cost`` left
    (one bet, or the bet and a side bet), i.e. a net below ``cost - bankroll`` bets (``bankroll``
    in bets)."""
    return ceil((cost - bankroll) * step.scale)


def ruin_within(
    payouts: Payouts,
    hands: int,
    bankroll: Fraction,
    progress: Callable[[int, int], None] | None = None,
    cost: Fraction = Fraction(1),
) -> float:
    """The chance that a bankroll of ``bankroll`` bets falls below a hand's ``cost`` (bets) within
    ``hands`` hands (then no further hand can be played). Dynamic programming over the height above that line, hand
    by hand; a height that can no longer fall below the line in the hands left leaves the count
    (it is safe), and so does one less likely than ``NEGLIGIBLE`` (so the answer is within
    ``hands * NEGLIGIBLE`` of the exact one, beside rounding): the work stays where the money is.

    >>> from paigow_cli.analysis.money.spread import Payouts
    >>> round(ruin_within(Payouts.of([(1, 1), (-1, 1)]), 4, Fraction(2)), 12)  # lose, lose; or W L L L, L W L L
    0.375
    """
    if bankroll < cost:
        raise ValueError("a bankroll covers at least one hand")
    step = Step.of(payouts)
    down = -step.lowest  # the most one hand can lose, in lattice units
    alive = np.ones(1)  # alive[i]: the chance to be at height base + i, not ruined yet
    base = -ruin_threshold(step, bankroll, cost)
    ruined = 0.0
    for hand in range(hands):
        grown = np.zeros(len(alive) + step.width)
        for offset, p in zip(step.offsets, step.probabilities):
            grown[offset - step.lowest : offset - step.lowest + len(alive)] += p * alive
        base += step.lowest
        if base < 0:  # below the line: ruined
            cut = min(-base, len(grown))
            ruined += float(grown[:cut].sum())
            grown, base = grown[cut:], base + cut
        safe = down * (hands - hand - 1)  # from this height up, even losing every hand left is not ruin
        alive = grown[: max(0, safe - base)]
        if hand % TRIM_EVERY == 0 and len(alive):  # heights too unlikely to matter leave the count
            top = np.flatnonzero(alive > NEGLIGIBLE)
            alive = alive[: top[-1] + 1] if len(top) else alive[:0]
        if progress is not None:
            progress(hand + 1, hands)
        if not len(alive):
            break
    return min(1.0, ruined)


def ruin_long_run(payouts: Payouts, bankroll: Fraction, cost: Fraction = Fraction(1)) -> float | None:
    """The chance that a bankroll of ``bankroll`` bets ever falls below a hand's ``cost``, playing forever.

    A bet that does not win on average does that for sure (1). One that does: the chance from a
    height ``h`` above the line is ``sum c_i z_i^h`` over the roots ``z_i`` inside the unit circle
    of the step's characteristic polynomial ``sum p_j z^j = 1``, with ``c_i`` fixed by ruin being
    certain just below the line. None when the polynomial's degree (one hand's lattice width) is
    over ``MAX_ROOTS``: a winning bet with a big side bet beside it, not solved.

    >>> up = Payouts.of([(1, 3), (-1, 1)])  # gambler's ruin: (1/3) ** (h + 1)
    >>> round(ruin_long_run(up, Fraction(3)), 12) == round((1 / 3) ** 3, 12)
    True
    """
    if payouts.mean <= 0:
        return 1.0
    step = Step.of(payouts)
    down = -step.lowest  # the most one hand can lose, in lattice units
    degree = step.width
    if degree > MAX_ROOTS:
        return None
    coefficients = np.zeros(degree + 1)  # highest power first, as numpy.roots wants
    for offset, p in zip(step.offsets, step.probabilities):
        coefficients[degree - (offset + down)] += p
    coefficients[degree - down] -= 1.0
    roots = np.roots(coefficients)
    inside = roots[np.abs(roots) < 1 - 1e-9]
    if len(inside) != down:
        raise ArithmeticError(f"{len(inside)} roots inside the unit circle, not {down}")
    heights = np.arange(-down, 0)  # the nets just below the line: certain ruin
    system = inside[np.newaxis, :] ** heights[:, np.newaxis]
    weights = np.linalg.solve(system, np.ones(down, dtype=complex))
    height = -ruin_threshold(step, bankroll, cost)
    return float(min(1.0, max(0.0, (weights * inside**height).sum().real)))
