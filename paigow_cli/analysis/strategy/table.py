"""Strategy tables: against one dealer, every player class's legal settings with their exact counts.

A house way (every shipped way and every plugin) may look at suits only to find straights and
flushes, so it sets every hand of a class alike (292,253 classes: ``engine.dealer_classes``).
Against a fixed dealer question (the dealer's house way, the game, the side of the bank, the
commission and the dead cards), the whole game's exact counts for ANY such strategy are therefore
a sum over classes of the counts of the setting it picks. One whole-game pass records them
(``game.counting.count_table_chunk``): for every player class and every legal setting of it, the
integer wins, losses, high and low copies summed over the class's hands, and what best play (which
may set the hands of a class differently by their suits) does with them. After it, any
strategy's exact answer is a gather and a sum (``StrategyTable.tally``), and the best strategy a
house way could be, the setting with the highest summed EV in every class, is an argmax
(``StrategyTable.best_way``).

A setting is named by its hand values (high key, low key), the same for every hand of a class.
Rows are classes by their global id (multiset classes first, then flush classes, as
``DealerClasses``), each with its legal settings strongest first (``class_settings.legal_settings``).

>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> from paigow_cli.analysis.strategy.answers import strategy_table_of
>>> table = strategy_table_of(question)
>>> int(table.hands.sum()) == question.player_hands, table.rows > 0
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.game.class_rows import MOST, NOT_BEST
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.game.store import strategy_table_path
from paigow_cli.engine.cache import StaleCache, read_arrays, write_arrays
from paigow_cli.engine.distribution import exact_rate

if TYPE_CHECKING:
    from collections.abc import Sequence

    from paigow_cli.engine.dealer_table import DealerTable

__all__ = ["StrategyTable", "player_keys", "read_table"]


@dataclass(frozen=True)
class StrategyTable:
    """Every player class's legal settings against one dealer question, with exact counts.

    Row ``r`` is class ``ids[r]`` (ascending), with ``hands[r]`` player hands; its settings are
    ``start[r]`` to ``start[r + 1]``, each with its hand values (``high``, ``low``) and its wins,
    losses, high and low copies summed over the class's hands (``wins`` ...), and for ``paigow
    mistakes`` the hands where a better setting exists (``not_best``) and the most one hand gives
    up by it (``most``, in score units; both read from the file only when asked for). ``best[r]``
    is best play's wins, losses, high and low copies on the class's hands (seen first in Face Up:
    copies zero). Scores are ``pay * wins - charge * losses``: the EV times ``charge`` and the deals.
    """

    question: Question
    ids: np.ndarray
    hands: np.ndarray
    start: np.ndarray
    best: np.ndarray
    high: np.ndarray
    low: np.ndarray
    wins: np.ndarray
    losses: np.ndarray
    copies_high: np.ndarray
    copies_low: np.ndarray
    details: dict[str, np.ndarray] = field(default_factory=dict, compare=False)  # not_best, most, if at hand

    @property
    def rows(self) -> int:
        return len(self.ids)

    @property
    def settings(self) -> int:
        return len(self.high)

    @cached_property
    def not_best(self) -> np.ndarray:
        return self._detail("not_best")

    @cached_property
    def most(self) -> np.ndarray:
        return self._detail("most")

    def _detail(self, name: str) -> np.ndarray:
        if name not in self.details:
            from paigow_cli.engine.cache import StaleCache, read_arrays

            try:
                found = read_arrays(strategy_table_path(self.question), meta(self.question), (name,))[name]
            except (StaleCache, KeyError) as problem:
                raise ArithmeticError(f"the strategy table's {name} cannot be read: {problem}") from None
            if found.shape != (self.settings,):
                raise ArithmeticError(f"the strategy table's {name} does not fit its settings")
            self.details[name] = found
        return self.details[name]

    @cached_property
    def pay_charge(self) -> tuple[int, int]:

        kept = 1 - exact_rate(self.question.rules.commission)
        return kept.numerator, kept.denominator

    @cached_property
    def sizes(self) -> np.ndarray:
        """Legal settings per row."""
        return np.diff(self.start)

    @cached_property
    def row_of_setting(self) -> np.ndarray:
        return np.repeat(np.arange(self.rows), self.sizes)

    @cached_property
    def scores(self) -> np.ndarray:
        """Each setting's score summed over its class's hands (``pay * wins - charge * losses``)."""
        pay, charge = self.pay_charge
        return pay * self.wins - charge * self.losses

    @cached_property
    def best_scores(self) -> np.ndarray:
        """Best play's score per row."""
        pay, charge = self.pay_charge
        return pay * self.best[:, 0] - charge * self.best[:, 1]

    # --- building ------------------------------------------------------------------------------

    @classmethod
    def from_chunks(cls, question: Question, at: int, chunks: Sequence[dict[str, np.ndarray]]) -> StrategyTable:
        """Question ``at``'s table from every chunk's rows (``ClassRows.arrays``), rows in class order."""
        ids = np.concatenate([chunk["ids"] for chunk in chunks]).astype(np.int64)
        hands = np.concatenate([chunk["hands"] for chunk in chunks])
        sizes = np.concatenate([chunk["sizes"] for chunk in chunks]).astype(np.int64)
        keys = np.concatenate([chunk["keys"] for chunk in chunks])
        sums = np.concatenate([chunk["sums"][at] for chunk in chunks])
        best = np.concatenate([chunk["best"][at] for chunk in chunks])
        order = np.argsort(ids, kind="stable")
        if len(ids) and (np.diff(ids[order]) <= 0).any():
            raise ArithmeticError("a class appears twice in the strategy table's chunks")
        starts = np.concatenate([[0], np.cumsum(sizes)])
        sorted_sizes = sizes[order]
        start = np.concatenate([[0], np.cumsum(sorted_sizes)]).astype(np.int64)
        within = np.arange(int(start[-1])) - np.repeat(start[:-1], sorted_sizes)
        source = np.repeat(starts[:-1][order], sorted_sizes) + within
        column = [np.ascontiguousarray(sums[source, v]) for v in range(6)]
        return cls(
            question,
            ids[order].astype(np.int32),
            hands[order],
            start,
            np.ascontiguousarray(best[order]),
            keys[source, 0].astype(np.int32),
            keys[source, 1].astype(np.int32),
            column[0],
            column[1],
            column[2],
            column[3],
            {"not_best": column[NOT_BEST].astype(np.int32), "most": column[MOST]},
        )

    def check(self) -> None:
        """Counts must add up: every player hand once, every setting's deals within its hands',
        best play at least as good as every setting of a class (a full check: after counting)."""
        question = self.question
        dealer = question.dealer_hands
        hands = np.repeat(self.hands, self.sizes)
        if (
            not self.fits()
            or (self.hands < 0).any()
            or min(self.wins.min(initial=0), self.losses.min(initial=0)) < 0
            or min(self.copies_high.min(initial=0), self.copies_low.min(initial=0)) < 0
            or (self.wins + self.losses > hands * dealer).any()
            or (self.not_best > hands).any()
            or (self.best[:, 0] + self.best[:, 1] > self.hands * dealer).any()
            or (self.best_scores < self.scores_max()).any()
        ):
            raise ArithmeticError("the strategy table's counts do not add up")

    def fits(self) -> bool:
        """Whether the arrays fit together and count every player hand once (a quick check, on reading)."""
        rows, settings = self.rows, self.settings
        return (
            self.hands.shape == (rows,)
            and self.start.shape == (rows + 1,)
            and int(self.start[0]) == 0
            and int(self.start[-1]) == settings
            and bool((np.diff(self.start) > 0).all())
            and self.best.shape == (rows, 4)
            and all(
                getattr(self, name).shape == (settings,)
                for name in ("low", "wins", "losses", "copies_high", "copies_low")
            )
            and int(self.hands.sum()) == self.question.player_hands
        )

    def scores_max(self) -> np.ndarray:
        """The highest setting score of each row."""
        if not self.settings:
            return np.zeros(0, dtype=np.int64)
        return np.maximum.reduceat(self.scores, self.start[:-1])

    # --- answers -------------------------------------------------------------------------------

    def choice(self, player: DealerTable) -> np.ndarray:
        """The setting (an index into the settings) a strategy picks in every row: its table's
        setting of the row's class. Raises if it is not a legal setting of the class."""
        high, low = player_keys(player)
        wanted = (high[self.ids].astype(np.int64) << 32) | low[self.ids].astype(np.int64)
        have = (self.high.astype(np.int64) << 32) | self.low.astype(np.int64)
        found = np.flatnonzero(have == np.repeat(wanted, self.sizes))
        if len(found) != self.rows or (self.row_of_setting[found] != np.arange(self.rows)).any():
            raise ArithmeticError(f"the {player.house_way} house way sets a class by a setting it cannot have")
        return found

    def best_way(self) -> np.ndarray:
        """The best suit-blind strategy: per row the setting with the highest summed score, ties to
        the stronger setting (listed first, as ``advise`` breaks them)."""
        if not self.settings:
            return np.zeros(0, dtype=np.int64)
        top = np.repeat(self.scores_max(), self.sizes)
        candidates = np.where(self.scores == top, np.arange(self.settings), self.settings)
        return np.minimum.reduceat(candidates, self.start[:-1])

    def totals(self, choice: np.ndarray) -> list[int]:
        """``Tally.totals``' seven numbers for the strategy that picks ``choice``: hands, wins,
        pushes, losses, high copies, low copies, score."""
        wins, losses = int(self.wins[choice].sum()), int(self.losses[choice].sum())
        copies_high, copies_low = int(self.copies_high[choice].sum()), int(self.copies_low[choice].sum())
        return self._totals(wins, losses, copies_high, copies_low)

    def best_totals(self) -> list[int]:
        return self._totals(*(int(total) for total in self.best.sum(axis=0)))

    def _totals(self, wins: int, losses: int, copies_high: int, copies_low: int) -> list[int]:
        pay, charge = self.pay_charge
        hands = int(self.hands.sum())
        return [
            hands,
            wins,
            self.question.deals - wins - losses,
            losses,
            copies_high,
            copies_low,
            pay * wins - charge * losses,
        ]

    def clause_stats(self, choice: np.ndarray, clause: np.ndarray, names: Sequence[str]) -> dict[str, list[int]]:
        """``Tally.rules`` for a strategy: per clause (``clause[r]`` indexes ``names``) the hands it
        decides, those where a better setting exists, the score given up to best play, the most one
        hand gives up."""
        given_up = self.best_scores - self.scores[choice]
        order = np.argsort(clause, kind="stable")
        bounds = np.flatnonzero(np.diff(clause[order])) + 1
        found: dict[str, list[int]] = {}
        not_best, most = self.not_best[choice], self.most[choice]
        for rows in np.split(order, bounds) if len(order) else []:
            found[str(names[int(clause[rows[0]])])] = [
                int(self.hands[rows].sum()),
                int(not_best[rows].sum()),
                int(given_up[rows].sum()),
                int(most[rows].max()),
            ]
        return found

    def tally(self, player: DealerTable, *, clauses: bool = True) -> Tally:
        """The whole game's counts for a player who sets every hand by ``player``'s table (a house
        way, a plugin, ``best_way_table``), and best play's: what a whole-game pass with that
        strategy counts, but the clauses' example hands (``table_details.table_examples`` finds those). Without
        ``clauses`` the clauses are left out (they read two more columns of the file)."""
        choice = self.choice(player)
        tally = Tally(chunks=0)
        tally.totals = {"house": self.totals(choice), "best": self.best_totals()}
        if clauses:
            clause = np.concatenate([player.multiset_rule, player.flush_rule])[self.ids]
            tally.rules = self.clause_stats(choice, clause, player.rule_names.tolist())
        return tally

    # --- storing -------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the table (atomically): each column on its own, hand values as indices."""

        high_values, high_index = np.unique(self.high, return_inverse=True)
        low_values, low_index = np.unique(self.low, return_inverse=True)
        arrays = {name: getattr(self, name) for name in (*CORE, *DETAILS) if name not in ("high", "low")}
        arrays.update(
            high_values=high_values.astype(np.int32),
            high_index=high_index.astype(np.uint16),
            low_values=low_values.astype(np.int32),
            low_index=low_index.astype(np.uint8),
        )
        write_arrays(strategy_table_path(self.question), arrays, meta(self.question))


CORE = ("ids", "hands", "start", "best", "high", "low", "wins", "losses", "copies_high", "copies_low")
DETAILS = ("not_best", "most")
STORED = ("ids", "hands", "start", "best", "high_values", "high_index", "low_values", "low_index", *CORE[6:])


def meta(question: Question) -> dict[str, object]:
    return {"kind": "strategy-table", "question": json.dumps(question.describe(), sort_keys=True)}


_RECENT: dict[Question, StrategyTable] = {}  # the table read last in this process (about 150 MB)


def read_table(question: Question) -> StrategyTable | None:
    """The dealer question's strategy table if it is cached and sound (``StrategyTable.fits``), else
    None; the one read last is kept in memory."""

    if question in _RECENT:
        return _RECENT[question]
    try:
        arrays = read_arrays(strategy_table_path(question), meta(question), STORED)
        table = StrategyTable(
            question,
            arrays["ids"],
            arrays["hands"],
            arrays["start"],
            arrays["best"],
            arrays["high_values"][arrays["high_index"]],
            arrays["low_values"][arrays["low_index"]],
            arrays["wins"],
            arrays["losses"],
            arrays["copies_high"],
            arrays["copies_low"],
        )
    except (StaleCache, KeyError, ValueError, TypeError, IndexError):
        return None
    if not table.fits():
        return None
    _RECENT.clear()
    _RECENT[question] = table
    return table


def player_keys(player: DealerTable) -> tuple[np.ndarray, np.ndarray]:
    """(high key, low key) of the setting a table gives every class, by global id."""
    high = np.concatenate([player.multiset_high, player.flush_high])
    low = np.concatenate([player.multiset_low, player.flush_low])
    return player.high_values[high], player.low_values[low]
