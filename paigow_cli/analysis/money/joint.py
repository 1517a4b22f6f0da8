"""A main bet and a side bet on the same hand: their joint exact counts.

The side bet's line and the main bet's result are not independent (trips in the player's seven
pay the Fortune Bonus and win the main bet more often than a 7-high hand), so a hand's money is
the joint distribution of the two, counted over the whole game's deals:

- On the player's seven cards (``fortune``, ``emperors-challenge``): every hand of a class holds
  the same lines, but the royal match (``side_bets``), and the strategy table has, per class, the
  main bet's counts for the setting any class-level strategy picks (a house way, a plugin,
  best-way) and for best play. Summed by the class's paid line they are the joint counts
  exactly; the royal-match hands (at most 72) are settled one by one by the per-hand engine and
  moved to their line.
- On the dealer's hand in its own game (``queens-dragon`` in EZ, ``tiger-9`` in Commission-Free):
  the dealer hands the side bet pays on are the very hands that push every main bet, so every
  paying deal is a push, whatever the player does: exact from the side bet's count.

``checked_joint`` gives a session's joint counts, checked against the main bet's whole-game
counts and the side bet's own exact odds; ``every_joint_result`` the lattice a hand's results span.

>>> from paigow_cli.analysis.money.pay_tables import PAY_TABLES
>>> joint = JointCounts(PAY_TABLES["tiger-9"], {("push", Line.NINE_HIGH_LOW_HAND): 1, ("win", None): 4, ("lose", None): 5})
>>> joint.payouts(Fraction(1), Fraction(1, 5)).counts  # a win and the side bet lost; a push and it paid 30 to 1
((Fraction(-6, 5), 5), (Fraction(4, 5), 4), (Fraction(6, 1), 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.money.pay_tables import PayTable
from paigow_cli.analysis.money.side_bets import SideBetOdds, best_line, royal_match_hands, side_bet_odds
from paigow_cli.analysis.money.spread import Payouts, main_bet
from paigow_cli.analysis.strategy.answers import player_table
from paigow_cli.core.bonus_hands import Line, hand_lines
from paigow_cli.core.rules import Game
from paigow_cli.engine.class_flags import class_lines, nine_high_low_classes
from paigow_cli.engine.class_settings import hand_settings
from paigow_cli.engine.distribution import DealerDistribution, kept_share

if TYPE_CHECKING:
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable

MAIN = ("win", "push", "lose")
DEALER_SIDE_GAMES = {"queens-dragon": Game.EZ, "tiger-9": Game.COMMISSION_FREE}  # the game each one pushes in


@dataclass(frozen=True)
class JointCounts:
    """Deals by the main bet's result and the side bet's paid line: ``cells[(main, line)]``, main
    one of ``MAIN``, line None where the side bet loses."""

    table: PayTable
    cells: dict[tuple[str, Line | None], int]

    def main(self) -> tuple[int, int, int]:
        """The main bet's wins, pushes and losses."""
        return tuple(sum(count for (main, _), count in self.cells.items() if main == what) for what in MAIN)  # type: ignore[return-value]

    def side(self) -> dict[Line | None, int]:
        """Deals by the side bet's paid line."""
        found: dict[Line | None, int] = {}
        for (_, line), count in self.cells.items():
            found[line] = found.get(line, 0) + count
        return found

    def side_payouts(self) -> Payouts:
        """The side bet alone, per unit side bet."""
        pays = self.pays()
        return Payouts.of((pays[line], count) for line, count in self.side().items())

    def pays(self) -> dict[Line | None, Fraction]:
        found: dict[Line | None, Fraction] = {line: Fraction(str(pays)) for line, pays in self.table.lines}
        found[None] = Fraction(-1)
        return found

    def payouts(self, win: Fraction, ratio: Fraction) -> Payouts:
        """A hand's result in main bets: the main bet (a win pays ``win``) and a side bet of
        ``ratio`` main bets."""
        amounts = {"win": win, "push": Fraction(0), "lose": Fraction(-1)}
        pays = self.pays()
        return Payouts.of((amounts[main] + ratio * pays[line], count) for (main, line), count in self.cells.items())


def player_side_joint(
    pay_table: PayTable, table: StrategyTable, choice: np.ndarray | None, dealer: DealerTable
) -> JointCounts:
    """The joint counts of a side bet on the player's seven cards and the main bet, for the strategy
    that sets row ``r`` of the strategy ``table`` by setting ``choice[r]`` (None: best play).
    ``dealer`` is the dealer's table of settings (the royal-match hands are settled against it)."""

    question = table.question
    multiset_lines, flush_lines = class_lines(dealer.classes)
    masks = np.concatenate([multiset_lines, flush_lines])[table.ids]
    if choice is None:
        wins, losses = table.best[:, 0], table.best[:, 1]
    else:
        wins, losses = table.wins[choice], table.losses[choice]
    pushes = table.hands * question.dealer_hands - wins - losses
    unique, inverse = np.unique(masks, return_inverse=True)
    cells: dict[tuple[str, Line | None], int] = {}

    def add(main: str, line: Line | None, count: int) -> None:
        cells[main, line] = cells.get((main, line), 0) + count

    for main, counts in zip(MAIN, (wins, pushes, losses)):
        per_mask = np.zeros(len(unique), dtype=np.int64)
        np.add.at(per_mask, inverse, counts.astype(np.int64))
        for mask, count in zip(unique.tolist(), per_mask.tolist()):
            add(main, paid_line(pay_table, mask), count)
    if any(line is Line.ROYAL_MATCH for line, _ in pay_table.lines):
        for hand, results in royal_match_results(table, choice, dealer):
            plain = sum(1 << line for line in hand_lines(hand) if line is not Line.ROYAL_MATCH)
            for main, count in zip(MAIN, results):
                add(main, paid_line(pay_table, plain), -count)
                add(main, paid_line(pay_table, plain | 1 << Line.ROYAL_MATCH), count)
    if any(count < 0 for count in cells.values()) or sum(cells.values()) != question.deals:
        raise ArithmeticError("the joint counts of the main and side bets do not add up")
    return JointCounts(pay_table, {key: count for key, count in cells.items() if count})


def paid_line(pay_table: PayTable, mask: int) -> Line | None:
    """The line a hand holding the lines of ``mask`` is paid at (None: the bet loses)."""
    return best_line(pay_table, (line for line in Line if mask >> line & 1)).line


def royal_match_results(
    table: StrategyTable, choice: np.ndarray | None, dealer: DealerTable
) -> list[tuple[tuple, tuple[int, int, int]]]:
    """Each live royal-match hand with the main bet's (wins, pushes, losses) against every dealer
    hand, set as the strategy sets its class (best play: its best setting, or in Face Up the best
    against each dealer hand seen), by the per-hand engine."""

    question = table.question
    rules = question.rules
    classes = dealer.classes
    pay, charge = kept_share(rules.commission)
    found = []
    for hand in royal_match_hands(set(range(53)) - set(question.dead)):
        row = int(np.searchsorted(table.ids, classes.class_id(hand)))
        if choice is not None:
            keys = [(int(table.high[choice[row]]), int(table.low[choice[row]]))]
        else:
            keys = hand_settings(hand, rules.wheel_is_low)
        distribution = DealerDistribution(
            dealer, (*hand, *question.dead), rules.game, banker=rules.banker, settings=keys
        )
        if choice is None and question.shown:
            odds = distribution.seen_odds(keys)
        else:
            every = [distribution.odds(high, low) for high, low in keys]
            odds = max(every, key=lambda counted: pay * counted.wins - charge * counted.losses)  # ties: the stronger
        found.append((hand, odds.counts))
    return found


def dealer_side_joint(odds: SideBetOdds, wins: int, pushes: int, losses: int, dealer_hands: int) -> JointCounts:
    """The joint counts of a side bet on the dealer's hand, in the game where the hands it pays on
    push every main bet: each of its paying dealer hands (``odds``, over the live cards) meets
    ``dealer_hands`` player hands, every deal a push.

    >>> from paigow_cli.analysis.money.pay_tables import PAY_TABLES

    >>> from paigow_cli.analysis.money.side_bets import OddsRow, SideBetOdds
    >>> table = PAY_TABLES["queens-dragon"]
    >>> odds = SideBetOdds(table, (OddsRow(Line.QUEEN_HIGH_PAI_GOW, 50, 2), OddsRow(None, -1, 8)), 10)
    >>> dealer_side_joint(odds, 30, 40, 30, 10).cells[("push", Line.QUEEN_HIGH_PAI_GOW)]
    20
    """
    cells: dict[tuple[str, Line | None], int] = {("win", None): wins, ("lose", None): losses}
    paying = 0
    for row in odds.rows:
        if row.line is not None and row.count:
            cells["push", row.line] = row.count * dealer_hands
            paying += row.count * dealer_hands
    if paying > pushes:
        raise ArithmeticError(f"{paying:,} deals pay the side bet but only {pushes:,} push the main bet")
    cells["push", None] = pushes - paying
    return JointCounts(odds.table, {key: count for key, count in cells.items() if count})


def checked_joint(question: Question, result: EdgeResult, pay_table: PayTable, choice: str, table: Any) -> JointCounts:
    """The main bet's and the side bet's joint counts for the player's strategy; checked against
    the main bet's own counts and the side bet's own odds (``paigow bonus --odds``)."""

    rules = question.rules
    dealer = settings_table(rules.house_way, rules.wheel)
    nine_high = nine_high_low_classes(dealer) if pay_table.needs_house_way else None
    odds = side_bet_odds(pay_table, dealer.classes, question.dead, nine_high)
    if table is None:
        joint = dealer_side_joint(odds, result.wins, result.pushes, result.losses, question.dealer_hands)
    else:
        picks = None if choice == "best" else table.choice(player_table(question))
        joint = player_side_joint(pay_table, table, picks, dealer)
    if joint.main() != (result.wins, result.pushes, result.losses):
        raise ArithmeticError("the joint counts' main bet differs from the whole game's counts")
    if joint.side() != {row.line: row.count * question.dealer_hands for row in odds.rows if row.count}:
        raise ArithmeticError("the joint counts' side bet differs from its own exact odds")
    return joint


def every_joint_result(pay_table: PayTable, question: Question, ratio: Fraction) -> Payouts:
    """Every result a hand could have with the side bet, each counted once (the lattice it spans)."""

    main = main_bet(1, 1, 1, question.rules.commission).counts
    win = max(amount for amount, _ in main)
    lines = [line for line, _ in pay_table.lines] + [None]
    return JointCounts(pay_table, {(what, line): 1 for what in MAIN for line in lines}).payouts(win, ratio)
