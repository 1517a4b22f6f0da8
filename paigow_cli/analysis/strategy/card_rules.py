"""A strategy card's rules: what each names (a kind of hand and ranges of its features), its move,
its words, the glossary that defines every term they use, and which hands it fits.

A rule reads "for hands of this kind whose features lie in these ranges, make this move" (the
vocabulary of ``house_ways.strategy_rules``: kinds, rank features, flags and moves). Its words name
every condition (``Rule.words``), each term defined in ``GLOSSARY``: the tests read the words
literally, with a reader of their own, and find the same hands as ``fits`` over every class of the
full deck. ``analysis.strategy.card`` searches for the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.strategy.catalogue import COLUMNS
from paigow_cli.core.hands import RANK_PLURALS
from paigow_cli.house_ways.strategy_rules import KINDS, MOVES

if TYPE_CHECKING:
    from collections.abc import Sequence

FLAGS = ("joker", "complete", "flush")
MOVE_NAMES = tuple(MOVES)
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
