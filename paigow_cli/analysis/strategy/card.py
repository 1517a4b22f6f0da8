"""A strategy card: a house way and a short list of rules a person can learn, each chosen by exact
search over a dealer's strategy table, with what it saves and the card's exact house edge.

A rule (``analysis.strategy.card_rules``) reads "for hands of this kind whose features lie in
these ranges, make this move". The card starts from a house way (``base``); each step of the
search tries every kind and move with every condition of up to ``MOST_CONDITIONS`` features (each
a range of ranks, or a flag), and keeps the rule that adds the most exact EV to the card so far,
overriding the rules before it for the hands it names. A simpler rule (fewer conditions, then one-sided ranges) is preferred when it saves
within ``SIMPLER`` of the best one.

The card is printed top down (``CardSearch.top_down``): rules grouped by kind of hand, the first
that fits a hand deciding it, a hand no rule fits set by the house way; checked to set every hand
as the search did. Its words name every condition (``Rule.words``), each term defined in a
glossary printed with the card (``card_rules.GLOSSARY``): the tests read the words literally, with a reader
of their own, and find the same hands as the rules over every class of the full deck.

Every number is exact: a rule's saving and the card's edge are sums of the strategy table's
integer counts, and ``card_plugin`` makes the card a house-way plugin whose exact edge, counted
through the table (or a whole-game pass), is the card's.

>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> card = search_card(question, rules=2)
>>> len(card.rules) <= 2 and card.score >= card.base_score
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.strategy.answers import best_way_table, strategy_tables
from paigow_cli.analysis.strategy.card_rules import (
    FLAGS,
    KIND_ORDER,
    MOVE_NAMES,
    Condition,
    Rule,
    excepted,
    fits,
    glossary,
)
from paigow_cli.analysis.strategy.catalogue import COLUMNS, NOT_MADE, class_catalogue
from paigow_cli.house_ways.strategy_rules import KINDS, MOVES

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable

MOST_CONDITIONS = 3  # features a rule tests at most (its kind aside)
SIMPLER = 0.02  # a simpler rule is taken when it saves at least this much less than the best, relatively
KIND_DIMENSIONS: dict[str, tuple[str, ...]] = {
    "no-pair": ("single_1", "single_2", "single_3", "single_4", "joker"),
    "straight-or-flush": ("single_1", "single_2", "single_3", "flush", "joker", "complete_front_1"),
    "one-pair": ("high_pair", "single_1", "single_2", "single_3", "joker"),
    "straight-or-flush-with-a-pair": (
        "high_pair",
        "single_1",
        "single_2",
        "flush",
        "joker",
        "complete_front_1",
        "complete_front_2",
    ),
    "two-pair": ("high_pair", "low_pair", "pair_sum", "single_1", "complete"),
    "three-pair": ("high_pair", "low_pair", "third_pair", "single_1"),
    "three-of-a-kind": ("trips", "single_1", "single_2", "joker"),
    "straight-or-flush-with-trips": ("trips", "single_1", "flush", "complete_front_1"),
    "full-house": ("trips", "high_pair", "single_1"),
    "four-of-a-kind": ("quads", "other_pair", "single_1"),
    "five-aces": ("high_pair", "single_1"),
}  # the features a rule may test, per kind of hand
MOST_EXCEPTIONS = 2  # exceptions a rule may carry, each of at most ``EXCEPTION_CONDITIONS`` features
EXCEPTION_CONDITIONS = 2


@dataclass
class StrategyCard:
    """A strategy card against one dealer question: the house way it starts from, its rules, and
    the exact scores (``StrategyTable`` units) of the dealer's own way, the base, the card, the
    best suit-blind way and best play."""

    question: Question
    base: str
    rules: list[Rule] = field(default_factory=list)
    choice: np.ndarray | None = None  # the card's setting of every row of the table
    house_score: int = 0
    base_score: int = 0
    score: int = 0
    best_way_score: int = 0
    best_score: int = 0
    scale: int = 1  # charge x deals: a score over it is the EV per unit bet
    totals: dict[str, list[int]] = field(default_factory=dict)  # ``Tally.totals`` rows: card, house, ...

    def ev(self, score: int) -> Fraction:
        return Fraction(score, self.scale)

    @property
    def glossary(self) -> list[tuple[str, str]]:
        """What the words of the card's rules mean."""
        return glossary(self.rules)

    @property
    def words(self) -> int:
        """The words of the card's rules, in all."""
        return sum(rule.word_count() for rule in self.rules)

    @property
    def reach(self) -> float | None:
        """The share of best play's gain over the house way that the card reaches."""
        gap = self.best_score - self.house_score
        return (self.score - self.house_score) / gap if gap else None


def search_card(
    question: Question,
    rules: int = 5,
    min_saving: Fraction = Fraction(0),
    base: str | None = None,
    table: StrategyTable | None = None,
    progress=None,
) -> StrategyCard:
    """The card of up to ``rules`` rules against the dealer question (its strategy table counted
    first if it is not cached), starting from ``base`` (a house way or plugin; default the
    dealer's own); a rule that saves less than ``min_saving`` (EV per unit bet) ends it."""

    question = question.dealer
    if table is None:
        table = strategy_tables([question])[0]
    dealer = settings_table(question.rules.house_way, question.rules.wheel)
    base_table = settings_table(base, question.rules.wheel) if base else dealer
    search = CardSearch(table, base_table)
    card = StrategyCard(question, base_table.house_way, scale=table.pay_charge[1] * question.deals)
    card.house_score = table.totals(table.choice(dealer))[6]
    card.base_score = card.score = table.totals(search.current)[6]
    card.best_way_score = table.totals(table.choice(best_way_table(question)))[6]
    card.best_score = table.best_totals()[6]
    threshold = max(1, int(min_saving * card.scale))
    found: list[Rule] = []
    for step in range(rules):
        rule = search.best_rule(threshold, step + 1)
        if progress:
            progress(step + 1, rules)
        if rule is None:
            break
        found.append(rule)
        card.score = rule.step_score
    card.rules = search.top_down(found)
    card.choice = search.current.copy()
    card.totals = {
        "card": table.totals(search.current),
        "house": table.totals(table.choice(dealer)),
        "base": table.totals(table.choice(base_table)),
        "best_way": table.totals(table.choice(best_way_table(question))),
        "best": table.best_totals(),
    }
    return card


class CardSearch:
    """The greedy search of a card's rules over a strategy table."""

    def __init__(self, table: StrategyTable, base: DealerTable) -> None:
        self.table = table
        catalogue = class_catalogue(base.wheel)
        ids = table.ids.astype(np.int64)
        self.kind = catalogue.kind[ids]
        self.columns = catalogue.columns[ids].astype(np.int64)
        places = catalogue.moves[ids].astype(np.int64)
        self.targets = np.where(places == NOT_MADE, -1, table.start[:-1, None] + places)
        if (
            places[places != NOT_MADE] >= np.repeat(table.sizes[:, None], places.shape[1], axis=1)[places != NOT_MADE]
        ).any():
            raise ArithmeticError("a move's setting is not among its class's settings")
        self.base = table.choice(base)
        self.current = self.base.copy()
        self.scores = table.scores
        self.hands = table.hands
        self.values = {  # each kind's features' values over every class of the kind (not only live ones)
            kind: {
                column: np.unique(catalogue.column(column)[catalogue.kind == at]).astype(np.int64)
                for column in KIND_DIMENSIONS[kind]
            }
            for at, kind in enumerate(KINDS)
        }
        self.rows = {kind: np.flatnonzero(self.kind == at) for at, kind in enumerate(KINDS)}

    def best_rule(self, threshold: int, step: int, kinds: Collection[str] | None = None) -> Rule | None:
        """The rule (for hands of ``kinds``, default any) that adds the most score (at least
        ``threshold``), simpler ones preferred within ``SIMPLER``; applied to the card. None when no
        rule adds enough."""
        options: list[tuple[int, int, int, str, str, tuple[str, ...], tuple]] = []
        best = threshold - 1
        plans = []
        for kind, rows in self.rows.items():
            if not len(rows) or (kinds is not None and kind not in kinds):
                continue
            for name, move in MOVES.items():
                if kind not in move.kinds:
                    continue
                target = self.targets[rows, list(MOVES).index(name)]
                made = target >= 0
                delta = np.where(made, self.scores[np.where(made, target, 0)] - self.scores[self.current[rows]], 0)
                potential = int(delta[delta > 0].sum())
                if potential > 0:
                    plans.append((potential, kind, name, rows, delta))
        plans.sort(key=lambda plan: -plan[0])
        for potential, kind, name, rows, delta in plans:
            if potential < best * (1 - SIMPLER):
                break
            for saving, plain, size, dims, box in self._boxes(kind, rows, delta):
                options.append((saving, plain, size, kind, name, dims, box))
                best = max(best, saving)
        unless = self.exception_rule(kinds, max(best + int(best * SIMPLER), threshold - 1))
        if unless is not None:
            return self._apply_exceptions(unless, step)
        if best < threshold:
            return None
        enough = max(threshold, best - int(best * SIMPLER))
        chosen = min(
            (
                (
                    size,
                    0 if plain >= enough else 1,
                    -(plain if plain >= enough else saving),
                    kind,
                    name,
                    dims,
                    box,
                    plain >= enough,
                )
                for saving, plain, size, kind, name, dims, box in options
                if saving >= enough
            ),
            key=lambda option: option[:3],
        )
        _, _, _, kind, name, dims, _, plain_only = chosen
        rows = self.rows[kind]
        target = self.targets[rows, list(MOVES).index(name)]
        made = target >= 0
        delta = np.where(made, self.scores[np.where(made, target, 0)] - self.scores[self.current[rows]], 0)
        saving, box = self._best_box(kind, rows, delta, dims, plain_only=plain_only)
        return self._apply(kind, name, dims, box, saving, step)

    def _dimension_values(self, kind: str, rows: np.ndarray, dims: Sequence[str]) -> list[np.ndarray]:
        """Each row's place among its kind's values of each feature."""
        values = self.values[kind]
        return [np.searchsorted(values[dim], self.columns[rows, COLUMNS.index(dim)]) for dim in dims]

    def _boxes(self, kind: str, rows: np.ndarray, delta: np.ndarray):
        """Per set of at most ``MOST_CONDITIONS`` features: (the best saving of any box, the best of a
        box of one-sided ranges only, the number of conditions, the features, None)."""
        dims = KIND_DIMENSIONS[kind]
        places = self._dimension_values(kind, rows, dims)
        shape = tuple(len(self.values[kind][dim]) for dim in dims)
        grid = np.zeros(shape, dtype=np.int64)
        np.add.at(grid, tuple(places), delta)
        for size in range(1, MOST_CONDITIONS + 1):
            for chosen in combinations(range(len(dims)), size):
                marginal = grid.sum(axis=tuple(axis for axis in range(len(dims)) if axis not in chosen))
                sums, plain = _box_sums(marginal, [dims[axis] for axis in chosen])
                if sums.size:
                    yield (
                        int(sums.max()),
                        int(sums[plain].max()) if plain.any() else -1,
                        size,
                        tuple(dims[a] for a in chosen),
                        None,
                    )

    def _best_box(self, kind: str, rows: np.ndarray, delta: np.ndarray, dims: tuple[str, ...], *, plain_only: bool):
        """The box of ``dims`` with the best saving (of one-sided ranges only, if asked): (saving, the
        (low, high) places per feature)."""
        all_dims = KIND_DIMENSIONS[kind]
        places = self._dimension_values(kind, rows, all_dims)
        shape = tuple(len(self.values[kind][dim]) for dim in all_dims)
        grid = np.zeros(shape, dtype=np.int64)
        np.add.at(grid, tuple(places), delta)
        chosen = [all_dims.index(dim) for dim in dims]
        marginal = grid.sum(axis=tuple(axis for axis in range(len(all_dims)) if axis not in chosen))
        sums, plain = _box_sums(marginal, list(dims))
        if plain_only:
            sums = np.where(plain, sums, np.iinfo(np.int64).min)
        at = np.unravel_index(int(np.argmax(sums)), sums.shape)
        intervals = [_intervals(marginal.shape[axis], flag=dims[axis] in FLAGS) for axis in range(len(dims))]
        return int(sums[at]), [
            (int(intervals[axis][0][at[axis]]), int(intervals[axis][1][at[axis]])) for axis in range(len(dims))
        ]

    def _apply(self, kind: str, name: str, dims: tuple[str, ...], box, saving: int, step: int) -> Rule:
        rows = self.rows[kind]
        values = self.values[kind]
        places = self._dimension_values(kind, rows, dims)
        inside = np.ones(len(rows), dtype=bool)
        conditions = []
        for dim, place, (low, high) in zip(dims, places, box):
            inside &= (place >= low) & (place <= high)
            found = values[dim]
            conditions.append(Condition(dim, int(found[low]), int(found[high]), int(found[0]), int(found[-1])))
        target = self.targets[rows, list(MOVES).index(name)]
        named = inside & (target >= 0)
        picked = rows[named]
        gained = int((self.scores[target[named]] - self.scores[self.current[picked]]).sum())
        if gained != saving:
            raise ArithmeticError("a rule's saving does not add up")
        self.current[picked] = target[named]
        always = bool((target[inside] >= 0).all())
        return Rule(kind, name, tuple(conditions), always, step, saving, int(self.table.totals(self.current)[6]))

    def named(self, rule: Rule) -> np.ndarray:
        """Which rows of the table the rule's words name."""
        return fits(rule, self.kind, self.columns, self.targets >= 0)

    def settings_of(self, rule: Rule) -> np.ndarray:
        """The setting the rule's move (or its exceptions' move) makes in every row (-1: none)."""
        main = self.targets[:, MOVE_NAMES.index(rule.move)]
        if not rule.exceptions:
            return main
        return np.where(excepted(rule, self.columns), self.targets[:, MOVE_NAMES.index(rule.exception_move)], main)

    def choice_of(self, rules: Sequence[Rule]) -> np.ndarray:
        """The setting of every row by the base way and ``rules`` in the order found (a later rule
        overrides an earlier one)."""
        choice = self.base.copy()
        for rule in rules:
            mask = self.named(rule)
            choice[mask] = self.settings_of(rule)[mask]
        return choice

    def gain(self, rows: np.ndarray, name: str) -> np.ndarray:
        """What a move adds over the card so far on each row (0 where it cannot be played)."""
        target = self.targets[rows, MOVE_NAMES.index(name)]
        made = target >= 0
        return np.where(made, self.scores[np.where(made, target, 0)] - self.scores[self.current[rows]], 0)

    def exception_rule(
        self, kinds: Collection[str] | None, beat: int
    ) -> tuple[int, str, str, str, list[tuple[tuple[str, ...], list]]] | None:
        """The best rule of the form "a kind of hand: move A, unless (up to ``MOST_EXCEPTIONS``
        boxes of at most ``EXCEPTION_CONDITIONS`` features): move B", over moves that can be played
        on every hand of the kind, if it adds more than ``beat``: (saving, kind, A, B, the boxes)."""
        found = None
        for kind, rows in self.rows.items():
            if not len(rows) or (kinds is not None and kind not in kinds):
                continue
            names = [
                name
                for name, move in MOVES.items()
                if kind in move.kinds and (self.targets[rows, MOVE_NAMES.index(name)] >= 0).all()
            ]
            for first in names:
                for second in names:
                    if first == second:
                        continue
                    main, other = self.gain(rows, first), self.gain(rows, second)
                    if int(np.maximum(main, other).sum()) <= beat:
                        continue  # no choice of exceptions can do better
                    saving, residual, boxes = int(main.sum()), other - main, []
                    for _ in range(MOST_EXCEPTIONS):
                        options = [
                            (best, dims)
                            for best, _, size, dims, _ in self._boxes(kind, rows, residual)
                            if size <= EXCEPTION_CONDITIONS
                        ]
                        if not options:
                            break
                        best, dims = max(options, key=lambda option: (option[0], -len(option[1])))
                        if best <= 0:
                            break
                        gained, box = self._best_box(kind, rows, residual, dims, plain_only=False)
                        inside = self._inside(kind, rows, dims, box)
                        saving += gained
                        residual = np.where(inside, 0, residual)
                        boxes.append((dims, box))
                    if boxes and saving > beat:
                        beat, found = saving, (saving, kind, first, second, boxes)
        return found

    def _inside(self, kind: str, rows: np.ndarray, dims: tuple[str, ...], box) -> np.ndarray:
        places = self._dimension_values(kind, rows, dims)
        inside = np.ones(len(rows), dtype=bool)
        for place, (low, high) in zip(places, box):
            inside &= (place >= low) & (place <= high)
        return inside

    def _conditions(self, kind: str, dims: tuple[str, ...], box) -> tuple[Condition, ...]:
        values = self.values[kind]
        return tuple(
            Condition(dim, int(values[dim][low]), int(values[dim][high]), int(values[dim][0]), int(values[dim][-1]))
            for dim, (low, high) in zip(dims, box)
        )

    def _apply_exceptions(self, found: tuple, step: int) -> Rule:
        saving, kind, first, second, boxes = found
        exceptions = tuple(self._conditions(kind, dims, box) for dims, box in boxes)
        rule = Rule(kind, first, (), True, step, saving, exceptions=exceptions, exception_move=second)
        mask = self.named(rule)
        before = int(self.table.totals(self.current)[6])
        self.current[mask] = self.settings_of(rule)[mask]
        after = int(self.table.totals(self.current)[6])
        if after - before != saving:
            raise ArithmeticError("a rule's saving with its exceptions does not add up")
        return replace(rule, step_score=after)

    def top_down(self, found: Sequence[Rule]) -> list[Rule]:
        """The rules as a card prints them: by kind of hand (``KIND_ORDER``), and within a kind the
        last found first, so that the first rule that fits a hand decides it. Each with the hands
        it decides that way, checked to be the hands it decides as found, and what the card loses
        without it."""
        if not np.array_equal(self.choice_of(found), self.current):
            raise ArithmeticError("the card's rules, applied again, do not set the hands as the search did")
        owner = np.full(len(self.kind), -1)
        for at, rule in enumerate(found):
            owner[self.named(rule)] = at
        order = sorted(range(len(found)), key=lambda at: (KIND_ORDER.index(found[at].kind), -at))
        score = int(self.table.totals(self.current)[6])
        taken = np.zeros(len(self.kind), dtype=bool)
        ordered = []
        for at in order:
            decides = self.named(found[at]) & ~taken
            taken |= decides
            decided = owner == at
            if not np.array_equal(decides, decided):
                raise ArithmeticError("the card read from the top sets hands otherwise than the card searched")
            without = self.choice_of([rule for other, rule in enumerate(found) if other != at])
            ordered.append(
                replace(
                    found[at],
                    hands=int(self.hands[decides].sum()),
                    decided=int(self.hands[decided].sum()),
                    changed=int(self.hands[decides & (self.current != self.base)].sum()),
                    saving=score - int(self.table.totals(without)[6]),
                )
            )
        return ordered


def _intervals(size: int, *, flag: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every (low, high) range of places of a feature with ``size`` values, the whole range left
    out (that is no condition); a flag's are its two values."""
    if flag:
        return (np.arange(size), np.arange(size)) if size > 1 else (np.zeros(0, dtype=np.int64),) * 2
    low, high = np.triu_indices(size)
    keep = ~((low == 0) & (high == size - 1))
    return low[keep], high[keep]


def _box_sums(grid: np.ndarray, dims: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """The sum of ``grid`` over every box of ranges (``_intervals`` per axis), and which boxes are
    made of one-sided ranges only."""
    cumulative = grid
    for axis in range(grid.ndim):
        cumulative = np.cumsum(cumulative, axis=axis)
        pad = [(0, 0)] * grid.ndim
        pad[axis] = (1, 0)
        cumulative = np.pad(cumulative, pad)
    ranges = [_intervals(grid.shape[axis], flag=dims[axis] in FLAGS) for axis in range(grid.ndim)]
    total = np.zeros(tuple(len(low) for low, _ in ranges), dtype=np.int64)
    for corner in range(1 << grid.ndim):
        index = []
        sign = 1
        for axis, (low, high) in enumerate(ranges):
            if corner >> axis & 1:
                index.append(low)
                sign = -sign
            else:
                index.append(high + 1)
        total += sign * cumulative[np.ix_(*index)]
    plain = np.ones(total.shape, dtype=bool)
    for axis, (low, high) in enumerate(ranges):
        one_sided = (low == 0) | (high == grid.shape[axis] - 1) | (low == high)
        shape = [1] * grid.ndim
        shape[axis] = len(low)
        plain &= one_sided.reshape(shape)
    return total, plain
