"""A strategy card: a house way and a short list of rules a person can learn, each chosen by exact
search over a dealer's strategy table, with what it saves and the card's exact house edge.

A rule reads "for hands of this kind whose features lie in these ranges, make this move" (the
vocabulary of ``house_ways.strategy_rules``: kinds, rank features, flags and moves). The card
starts from a house way (``base``); each step of the search tries every kind and move with every
condition of up to ``MOST_CONDITIONS`` features (each a range of ranks, or a flag), and keeps the
rule that adds the most exact EV to the card so far, overriding the rules before it for the hands
it names. A simpler rule (fewer conditions, then one-sided ranges) is preferred when it saves
within ``SIMPLER`` of the best one.

The card is printed top down (``CardSearch.top_down``): rules grouped by kind of hand, the first
that fits a hand deciding it, a hand no rule fits set by the house way; checked to set every hand
as the search did. Its words name every condition (``Rule.words``), each term defined in a
glossary printed with the card (``GLOSSARY``): the tests read the words literally, with a reader
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

import json
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.strategy.catalogue import COLUMNS, NOT_MADE, class_catalogue
from paigow_cli.core.hands import RANK_PLURALS
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
FLAGS = ("joker", "complete", "flush")
MOVE_NAMES = tuple(MOVES)
MOST_EXCEPTIONS = 2  # exceptions a rule may carry, each of at most ``EXCEPTION_CONDITIONS`` features
EXCEPTION_CONDITIONS = 2
KIND_WORDS = {
    "no-pair": "No pair, no straight or flush possible",
    "straight-or-flush": "No pair, a straight or flush possible",
    "one-pair": "One pair, no straight or flush possible",
    "straight-or-flush-with-a-pair": "One pair, a straight or flush possible",
    "two-pair": "Two pair",
    "three-pair": "Three pair",
    "three-of-a-kind": "Three of a kind, no straight or flush possible",
    "straight-or-flush-with-trips": "Three of a kind, a straight or flush possible",
    "full-house": "Full house",
    "four-of-a-kind": "Four of a kind",
    "five-aces": "Five aces",
}  # each kind as the glossary defines it: a literal reader never mistakes one kind for another
KIND_MEANINGS = {
    "no-pair": "no two cards of a rank, and no five of the seven make a straight or a flush",
    "straight-or-flush": "no two cards of a rank, and five of the seven make a straight or a flush",
    "one-pair": "exactly one pair (no three of a kind), and no straight or flush possible",
    "straight-or-flush-with-a-pair": "exactly one pair (no three of a kind), and a straight or flush possible",
    "two-pair": "exactly two pairs and no three of a kind; a straight or flush may be possible too",
    "three-pair": "three pairs",
    "three-of-a-kind": "three of a kind and no pair, and no straight or flush possible",
    "straight-or-flush-with-trips": "three of a kind and no pair, and a straight or flush possible",
    "full-house": "three of a kind with a pair, or two three of a kinds (no four of a kind)",
    "four-of-a-kind": "four cards of one rank, whatever else the hand holds (five aces aside)",
    "five-aces": "four aces and the joker",
}
KIND_ORDER = KINDS  # a card lists its kinds in the order a house way decides them, the strongest first
WHERE = {
    "complete": "where a straight or flush can be made",
    "complete-pair": "where a straight or flush can be kept in back with a pair in front",
    "pair-front": "where a straight or flush can be kept in back with the pair in front",
    "pair-front-full-house": "where there is a pair besides the trips",
    "keep-full-house": "where there is a pair besides the trips",
    "trips-pair-front": "where the five cards left by a pair of the trips beat that pair",
    "other-pair-front": "where there is another pair or three of a kind",
}  # when a move can be played: said by a rule that names hands where it cannot always be
JOKER_WORDS = "the joker counts as an ace"
GLOSSARY = {
    "Ranks": "2 to 10, J 11, Q 12, K 13, A 14; a range such as 10-K includes both ends.",
    "The joker": (
        "counts as an ace wherever a rank is compared: with an ace it makes a pair of aces (with two aces, "
        "three aces), and without one it is an ace single; it also fills any one card of a straight and "
        "any suit of a flush."
    ),
    "A straight or flush possible": (
        "five of the seven cards make a straight (five ranks in a row, A-2-3-4-5 included) or a flush "
        "(five of one suit), the joker filling one card if needed."
    ),
    "A flush possible": "five of the seven cards are of one suit, the joker counting as any suit.",
    "Highest card, 2nd highest card, ...": "the seven ranks from the highest down (hands with no pair).",
    "Highest single, 2nd highest single, ...": "the ranks held exactly once, from the highest down.",
    "Pair, high pair, low pair, lowest pair": "the ranks of the hand's pairs, from the highest down.",
    "Pair ranks adding up to": "the two highest pairs' ranks added up as numbers (A 14, K 13, Q 12, J 11).",
    "Straight-or-flush front": (
        "the best two cards that can go in front while five of the others make a straight or a flush in "
        "back (a pair beats no pair, then the higher card decides, then the lower); 'led by' names its "
        "higher card, '2nd card' its lower."
    ),
    "Trips": "the rank of the (highest) three of a kind.",
    "Other pair": "beside four of a kind: the highest other pair, or the rank of a three of a kind.",
    "Where ...": "a rule that says 'where' fits only the hands on which its move can be played.",
}  # what a card's words mean: printed with every card (the entries its rules use)


@dataclass(frozen=True)
class Condition:
    """A feature (``class_catalogue.COLUMNS``) between two values, inclusive; ``first`` and
    ``last`` are the least and greatest values the kind's hands have (a one-sided range is
    said and tested as one)."""

    column: str
    low: int
    high: int
    first: int
    last: int

    @property
    def one_sided(self) -> bool:
        return self.low == self.first or self.high == self.last or self.low == self.high

    def words(self, kind: str) -> str:
        """The condition as a dealer would say it.

        >>> Condition("high_pair", 7, 10, 3, 13).words("two-pair"), Condition("joker", 1, 1, 0, 1).words("no-pair")
        ('high pair 7-10', 'with the joker')
        >>> Condition("single_1", 13, 13, 5, 14).words("two-pair"), Condition("low_pair", 2, 2, 2, 13).words("two-pair")
        ('highest single a king', 'low pair twos')
        """
        column = self.column
        if column in FLAGS:
            yes = self.low == 1
            return {
                "joker": ("with the joker", "without the joker"),
                "complete": ("a straight or flush possible", "no straight or flush possible"),
                "flush": ("a flush possible", "no flush possible"),
            }[column][0 if yes else 1]
        if column == "pair_sum":
            return f"pair ranks adding up to {self._span(str, str)}"
        if column.startswith(("single_", "complete_front_")):
            return f"{column_label(kind, column)} {self._span(rank_text, single_name)}"
        return f"{column_label(kind, column)} {self._span(rank_text, plural_name)}"

    def _span(self, name, alone) -> str:
        """The range in words: ``name`` a rank in a range, ``alone`` a rank on its own."""
        low, high = self.low, self.high
        if low == high:
            return "none" if low == 0 else alone(low)
        if low == self.first:
            return f"{name(high)} or lower" + (", or none" if low == 0 else "")
        if high == self.last:
            return f"{name(low)} or higher"
        return f"{name(low)}-{name(high)}"

    def code(self) -> str:
        """The condition as Python, on ``f``, a hand's ``Features``."""
        value = feature_code(self.column)
        if self.column in FLAGS:
            return value if self.low == 1 else f"not {value}"
        if self.low == self.high:
            return f"{value} == {self.low}"
        if self.low == self.first:
            return f"{value} <= {self.high}"
        if self.high == self.last:
            return f"{value} >= {self.low}"
        return f"{self.low} <= {value} <= {self.high}"


def rank_text(rank: int) -> str:
    """A rank as a card shows it.

    >>> rank_text(10), rank_text(14)
    ('10', 'A')
    """
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def plural_name(rank: int) -> str:
    """A pair's rank in words.

    >>> plural_name(6)
    'sixes'
    """
    return RANK_PLURALS[rank]


def single_name(rank: int) -> str:
    """A single card's rank in words.

    >>> single_name(14), single_name(8), single_name(9)
    ('an ace', 'an 8', 'a 9')
    """
    word = {11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(rank, str(rank))
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def column_label(kind: str, column: str) -> str:
    if column.startswith("single_"):
        place = int(column[-1])
        which = "highest" if place == 1 else f"{('2nd', '3rd', '4th')[place - 2]} highest"
        return f"{which} {'card' if kind in ('no-pair', 'straight-or-flush') else 'single'}"
    if column == "high_pair":
        return "high pair" if kind in ("two-pair", "three-pair") else "pair"
    if column.startswith("complete_front_"):
        return "straight-or-flush front led by" if column.endswith("1") else "straight-or-flush front's 2nd card"
    return {
        "low_pair": "low pair",
        "third_pair": "lowest pair",
        "trips": "trips",
        "quads": "four of a kind",
        "other_pair": "other pair",
    }[column]


def feature_code(column: str) -> str:
    if column.startswith("single_"):
        return f"f.single({column[-1]})"
    return f"f.{column}"


@dataclass(frozen=True)
class Rule:
    """One rule of a card: what it names, its move, and what it does on the card."""

    kind: str
    move: str
    conditions: tuple[Condition, ...]
    always: bool  # its move can be played on every hand its kind and ranges name
    step: int = 0  # when the search found it (1 first)
    step_saving: int = 0  # what it added to the card when it was found (``StrategyTable`` units)
    step_score: int = 0  # the card's score once it was found
    hands: int = 0  # hands its words name read top down: they fit it, and no rule above it of its kind
    decided: int = 0  # hands whose setting the search took from it (equal to ``hands``: checked)
    changed: int = 0  # of those, hands the card sets otherwise than the house way it starts from
    saving: int = 0  # what the card loses without it, the other rules kept
    exceptions: tuple[tuple[Condition, ...], ...] = ()  # hands of its kind set by ``exception_move`` instead
    exception_move: str = ""

    def words(self) -> str:
        """The rule as a dealer would say it, every condition named (the glossary says what each
        word means).

        >>> Rule("two-pair", "keep", (), True).words()
        'Two pair: keep both pairs in back, the two highest other cards in front'
        >>> print(Rule("two-pair", "complete", (Condition("high_pair", 11, 14, 3, 14),), False).words())
        Two pair, high pair J or higher (the joker counts as an ace), where a straight or flush can be made: the straight or flush in back, the best front it allows
        """
        named = [KIND_WORDS[self.kind], *(condition.words(self.kind) for condition in self.conditions)]
        if any(condition.column not in FLAGS for condition in self.conditions):
            named[-1] += f" ({JOKER_WORDS})"
        if not self.always:
            named.append(WHERE[self.move])
        text = f"{', '.join(named)}: {MOVES[self.move].words}"
        if self.exceptions:
            unless = ", or ".join(
                " and ".join(condition.words(self.kind) for condition in box) for box in self.exceptions
            )
            if any(condition.column not in FLAGS for box in self.exceptions for condition in box):
                unless += f" ({JOKER_WORDS})"
            text += f". Unless {unless}: {MOVES[self.exception_move].words}"
        return text

    def word_count(self) -> int:
        return len(self.words().split())

    def code(self) -> str:
        """The rule's test as Python, on ``f``, a hand's ``Features`` (where its move cannot be
        played, the plugin's ``card_move`` says so and the next rule is tried)."""
        return " and ".join([f'f.kind == "{self.kind}"', *(condition.code() for condition in self.conditions)])

    def move_code(self) -> str:
        """The rule's move as Python: ``card_move`` of its move, or of its exceptions' move where one
        of them fits.

        >>> Rule("two-pair", "split", (), True, exceptions=((Condition("pair_sum", 4, 9, 4, 27),),), exception_move="keep").move_code()
        'card_move("keep", hand) if (f.pair_sum <= 9) else card_move("split", hand)'
        """
        main = f"card_move({json.dumps(self.move)}, hand)"
        if not self.exceptions:
            return main
        test = " or ".join("(" + " and ".join(condition.code() for condition in box) + ")" for box in self.exceptions)
        return f"card_move({json.dumps(self.exception_move)}, hand) if {test} else {main}"


def glossary(rules: Sequence[Rule]) -> list[tuple[str, str]]:
    """The words a card's rules use, each with what it means: the kinds of hand they name, then
    the glossary's entries their conditions use.

    >>> [term for term, _ in glossary([Rule("two-pair", "split", (Condition("pair_sum", 4, 15, 4, 27),), True)])]
    ['Two pair', 'Ranks', 'The joker', 'Pair ranks adding up to']
    """
    kinds = [kind for kind in KIND_ORDER if any(rule.kind == kind for rule in rules)]
    entries = [(KIND_WORDS[kind], KIND_MEANINGS[kind]) for kind in kinds]
    columns = {condition.column for rule in rules for condition in rule.conditions}
    kind_words = " ".join(KIND_WORDS[kind] for kind in kinds)
    wanted = {
        "Ranks": bool(columns - set(FLAGS)),
        "The joker": True,
        "A straight or flush possible": "straight or flush possible" in kind_words
        or "complete" in columns
        or any(not rule.always and "straight or flush" in WHERE[rule.move] for rule in rules),
        "A flush possible": "flush" in columns,
        "Highest card, 2nd highest card, ...": any(
            column.startswith("single_") and kind in ("no-pair", "straight-or-flush")
            for rule in rules
            for column, kind in ((condition.column, rule.kind) for condition in rule.conditions)
        ),
        "Highest single, 2nd highest single, ...": any(
            column.startswith("single_") and kind not in ("no-pair", "straight-or-flush")
            for rule in rules
            for column, kind in ((condition.column, rule.kind) for condition in rule.conditions)
        ),
        "Pair, high pair, low pair, lowest pair": bool(columns & {"high_pair", "low_pair", "third_pair"}),
        "Pair ranks adding up to": "pair_sum" in columns,
        "Straight-or-flush front": bool(columns & {"complete_front_1", "complete_front_2"}),
        "Trips": "trips" in columns,
        "Other pair": "other_pair" in columns,
        "Where ...": any(not rule.always for rule in rules),
    }
    return entries + [(term, GLOSSARY[term]) for term, used in wanted.items() if used]


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
    from paigow_cli.analysis.game.counting import settings_table
    from paigow_cli.analysis.strategy.answers import best_way_table, strategy_tables

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
        saving, box = self._best_box(kind, rows, delta, dims, plain_only)
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

    def _best_box(self, kind: str, rows: np.ndarray, delta: np.ndarray, dims: tuple[str, ...], plain_only: bool):
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
        intervals = [_intervals(marginal.shape[axis], dims[axis] in FLAGS) for axis in range(len(dims))]
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
                        gained, box = self._best_box(kind, rows, residual, dims, False)
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


def in_ranges(conditions: Sequence[Condition], columns: np.ndarray) -> np.ndarray:
    """Which rows' features (``COLUMNS``) lie in every condition's range."""
    inside = np.ones(len(columns), dtype=bool)
    for condition in conditions:
        value = columns[:, COLUMNS.index(condition.column)]
        inside &= (value >= condition.low) & (value <= condition.high)
    return inside


def excepted(rule: Rule, columns: np.ndarray) -> np.ndarray:
    """Which rows fit one of the rule's exceptions."""
    found = np.zeros(len(columns), dtype=bool)
    for box in rule.exceptions:
        found |= in_ranges(box, columns)
    return found


def fits(rule: Rule, kind: np.ndarray, columns: np.ndarray, made: np.ndarray) -> np.ndarray:
    """Which classes the rule names, given each class's kind (an index into ``KINDS``), features
    (``COLUMNS``) and which moves can be played on it (``made``, one column per move of ``MOVES``):
    its kind, its ranges, and the move it makes there playable (the class catalogue's arrays, or a
    strategy table's rows of them)."""
    inside = (kind == KINDS.index(rule.kind)) & in_ranges(rule.conditions, columns)
    playable = made[:, MOVE_NAMES.index(rule.move)]
    if rule.exceptions:
        playable = np.where(excepted(rule, columns), made[:, MOVE_NAMES.index(rule.exception_move)], playable)
    return inside & playable


def _intervals(size: int, flag: bool) -> tuple[np.ndarray, np.ndarray]:
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
    ranges = [_intervals(grid.shape[axis], dims[axis] in FLAGS) for axis in range(grid.ndim)]
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
