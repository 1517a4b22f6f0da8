"""The whole game's counts read as results: a way of playing's exact edge and spread
(``EdgeResult``), the house way's clauses by what they give up (``mistakes``) and its two-pair
chart (``two_pair_chart``).

>>> from paigow_cli.analysis.strategy.answers import Run, compute
>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> result = edge_result(question, compute(question, run=Run(jobs=1)), "house")
>>> result.wins + result.pushes + result.losses == result.deals == 19_448 * 120
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.money.spread import Payouts, main_bet
from paigow_cli.core.cards import DECK, Card


@dataclass(frozen=True)
class EdgeResult:
    """The whole game for one way of playing: exact counts over every deal, and their rates."""

    player: str
    deals: int
    wins: int
    pushes: int
    losses: int
    copies_high: int
    copies_low: int
    fouls: int
    ev_fraction: Fraction  # the exact EV per unit bet
    seen: bool = False  # best play set after seeing the dealer's hand (Face Up): copies not counted
    commission: Fraction = Fraction(0)  # taken from a win (the classic game's 1/20)
    fee: Fraction = Fraction(0)  # a flat collection per hand, per unit bet, paid whatever the result

    @property
    def payouts(self) -> Payouts:
        """The hand's result per unit bet: win, push, lose, with their exact counts (less the fee)."""
        return main_bet(self.wins, self.pushes, self.losses, self.commission).less(self.fee)

    def charged(self, fee: Fraction) -> EdgeResult:
        """The same counts with a flat collection of ``fee`` per unit bet paid on every hand (a
        California room's fee; rules.md §5): the EV falls by exactly the fee, the spread is as it was.

        >>> result = EdgeResult("house", 4, 1, 2, 1, 0, 0, 0, Fraction(-1, 20) / 4, commission=Fraction(1, 20))
        >>> charged = result.charged(Fraction(1, 25))
        >>> charged.ev_fraction == charged.payouts.mean == result.ev_fraction - Fraction(1, 25)
        True
        """
        from dataclasses import replace

        return replace(self, fee=self.fee + fee, ev_fraction=self.ev_fraction - fee)

    @property
    def ev(self) -> float:
        return float(self.ev_fraction)

    @property
    def house_edge(self) -> float:
        return -self.ev

    def rate(self, count: int) -> float:
        return count / self.deals


def edge_result(question: Question, tally: Tally, player: str) -> EdgeResult:
    """The exact result for ``player`` (``house``: the question's strategy, or ``best``) from the
    merged counts; its ``player`` names the strategy when the player plays one."""
    name = question.player if player == "house" else player  # a strategy's name when he plays one
    return result_of_totals(question, name, tally.totals[player], seen=player == "best" and question.shown)


def result_of_totals(question: Question, name: str, totals: list[int], *, seen: bool = False) -> EdgeResult:
    """The exact result of one way of playing from its totals (hands, wins, pushes, losses, high
    copies, low copies, score: ``Tally.totals``), checked: the score and the counts tell one story."""
    from paigow_cli.engine.distribution import exact_rate

    _hands, wins, pushes, losses, copies_high, copies_low, score = totals
    commission = exact_rate(question.rules.commission)
    charge = (1 - commission).denominator
    result = EdgeResult(
        name,
        question.deals,
        wins,
        pushes,
        losses,
        copies_high,
        copies_low,
        0,
        Fraction(score, charge * question.deals),
        seen,
        commission,
    )
    if result.payouts.mean != result.ev_fraction:  # the kernel's score and the counts tell one story
        raise ArithmeticError(f"{name}: EV {result.ev_fraction} is not the counts' {result.payouts.mean}")
    return result


@dataclass(frozen=True)
class Mistake:
    """One house-way clause: the hands it decides and what it gives up against the best setting."""

    rule: str
    hands: int
    differs: int  # hands where the best setting has a higher EV than the house way's
    ev_given_up: Fraction  # its part of the whole game's gap (EV per unit bet, over every deal)
    mean_given_up: float  # per hand it decides
    share: float  # of the gap
    example: tuple[Card, ...] | None  # the hand that gives up the most
    example_given_up: float


def mistakes(question: Question, tally: Tally) -> tuple[Fraction, list[Mistake]]:
    """(the gap between best and house-way play, every clause by its share of it, largest first)."""
    from paigow_cli.engine.distribution import exact_rate

    charge = (1 - exact_rate(question.rules.commission)).denominator
    scale = charge * question.deals
    given_up_total = sum(stats[2] for stats in tally.rules.values())
    if given_up_total != tally.totals["best"][6] - tally.totals["house"][6]:
        raise ArithmeticError("the clauses' EV given up does not add up to the gap")
    rows = []
    for rule, (hands, differs, given_up, most) in tally.rules.items():
        example = tally.examples.get(rule)
        rows.append(
            Mistake(
                rule,
                hands,
                differs,
                Fraction(given_up, scale),
                given_up / (charge * question.dealer_hands * hands) if hands else 0.0,
                given_up / given_up_total if given_up_total else 0.0,
                tuple(DECK[code] for code in example) if example and most else None,
                most / (charge * question.dealer_hands),
            )
        )
    rows.sort(key=lambda row: (-row.ev_given_up, -row.hands, row.rule))
    return Fraction(given_up_total, scale), rows


@dataclass(frozen=True)
class ChartCell:
    """Plain two-pair hands with these pairs and best single card, over every such hand."""

    high_pair: int
    low_pair: int
    single: int
    hands: int
    split_ev: float  # mean EV per hand of splitting (the low pair in front)
    together_ev: float  # of keeping both pairs in back, the two best singles in front
    house_split: int  # hands the house way splits
    house_together: int

    @property
    def better(self) -> str:
        return "split" if self.split_ev > self.together_ev else "together"

    @property
    def house(self) -> str:
        if self.house_split == self.hands:
            return "split"
        if self.house_together == self.hands:
            return "together"
        return "mixed" if self.house_split + self.house_together == self.hands else "other"


def two_pair_chart(question: Question, tally: Tally) -> list[ChartCell]:
    """Every (high pair, low pair, best single) cell, high pairs first."""
    from paigow_cli.engine.distribution import exact_rate

    charge = (1 - exact_rate(question.rules.commission)).denominator
    cells = []
    for name, (hands, split, together, house_split, house_together) in tally.chart.items():
        high, low, single = (int(part) for part in name.split())
        scale = charge * question.dealer_hands * hands
        cells.append(ChartCell(high, low, single, hands, split / scale, together / scale, house_split, house_together))
    cells.sort(key=lambda cell: (-cell.high_pair, -cell.low_pair, -cell.single))
    return cells
