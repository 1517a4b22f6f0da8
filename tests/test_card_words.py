"""A strategy card's words mean exactly what its rules do: every rule form, read literally by
``literal_reader`` (from the glossary, not the rule's predicate), names exactly the classes the
rule decides, over every class of the full deck; and the card reads from the top."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from literal_reader import Hand, condition_fits, exception_phrases, kind_fits, phrases

from paigow_cli.analysis.strategy.card import KIND_DIMENSIONS
from paigow_cli.analysis.strategy.card_rules import (
    FLAGS,
    GLOSSARY,
    JOKER_WORDS,
    KIND_MEANINGS,
    KIND_ORDER,
    KIND_WORDS,
    WHERE,
    Condition,
    Rule,
    excepted,
    fits,
    glossary,
)
from paigow_cli.analysis.strategy.catalogue import NOT_MADE, class_catalogue
from paigow_cli.core.rules import Wheel
from paigow_cli.engine.dealer_classes import dealer_classes
from paigow_cli.house_ways.strategy_rules import KINDS, MOVES

SEED = 51  # the multi-condition rules drawn; printed with a failure


@pytest.fixture(scope="module")
def catalogue(cache_folder):
    return class_catalogue(Wheel.SECOND)


@pytest.fixture(scope="module")
def hands():
    classes = dealer_classes()
    cards = classes.multiset_hands(0, len(classes.multiset_counts)) + classes.flush_hands(0, len(classes.flush_suited))
    return [Hand(hand) for hand in cards]


def ranges(values: np.ndarray, flag: bool) -> list[tuple[int, int]]:
    """A feature's ranges a rule may test: each end alone, a middle range, one value."""
    first, last = int(values[0]), int(values[-1])
    if flag:
        return [(0, 0), (1, 1)] if len(values) > 1 else []
    if len(values) < 2:
        return []
    middle = [int(value) for value in values[1:-1]]
    found = {(first, int(values[-2])), (int(values[1]), last), (int(values[len(values) // 2]),) * 2}
    if len(middle) >= 2:
        found.add((middle[0], middle[-1]))
    return sorted(found)


def rule_forms(catalogue) -> list[Rule]:
    """One rule of every kind, move and feature over several ranges, and seeded rules of two and
    three conditions."""
    rng = random.Random(SEED)
    rules = []
    for at, kind in enumerate(KINDS):
        of_kind = catalogue.kind == at
        options = {}
        for dim in KIND_DIMENSIONS[kind]:
            values = np.unique(catalogue.column(dim)[of_kind])
            options[dim] = [
                Condition(dim, low, high, int(values[0]), int(values[-1])) for low, high in ranges(values, dim in FLAGS)
            ]
        for name, move in MOVES.items():
            if kind not in move.kinds or not (catalogue.move(name)[of_kind] != NOT_MADE).any():
                continue
            for conditions in options.values():
                rules += [Rule(kind, name, (condition,), False) for condition in conditions]
            for size in (2, 3):
                for dims in combinations([dim for dim in options if options[dim]], size):
                    rules.append(Rule(kind, name, tuple(rng.choice(options[dim]) for dim in dims), False))
            rules.append(Rule(kind, name, (), False))
        everywhere = [
            name
            for name, move in MOVES.items()
            if kind in move.kinds and (catalogue.move(name)[of_kind] != NOT_MADE).all()
        ]
        usable = [dim for dim in options if options[dim]]
        for first in everywhere:  # "first, unless ...: second", as the search makes them
            for second in everywhere:
                if first == second or len(usable) < 2:
                    continue
                exceptions = tuple(
                    tuple(rng.choice(options[dim]) for dim in rng.sample(usable, rng.randint(1, 2)))
                    for _ in range(rng.randint(1, 2))
                )
                rules.append(Rule(kind, first, (), True, exceptions=exceptions, exception_move=second))
    return [playable_as_searched(rule, catalogue) for rule in rules]


def playable_as_searched(rule: Rule, catalogue) -> Rule:
    """The rule as the search makes it: ``always`` where its move can be played on every hand its
    kind and ranges name."""
    from dataclasses import replace

    if rule.exceptions:
        return rule
    everywhere = np.ones(catalogue.moves.shape, dtype=bool)
    inside = fits(rule, catalogue.kind, catalogue.columns, everywhere)
    always = bool((catalogue.move(rule.move)[inside] != NOT_MADE).all())
    return replace(rule, always=always)


def decided(rule: Rule, catalogue) -> np.ndarray:
    return fits(rule, catalogue.kind, catalogue.columns, catalogue.moves != NOT_MADE)


@pytest.mark.parametrize(
    "sample",
    [pytest.param(None, marks=pytest.mark.slow, id="every-class"), pytest.param(20_000, id="sampled")],
)
def test_every_rule_form_names_exactly_the_hands_it_decides_read_literally(catalogue, hands, sample):
    """Every class of the full deck (or a seeded sample of them): the words, read by the literal
    reader, against the rule."""
    classes = np.arange(len(hands))
    if sample is not None:
        classes = np.sort(np.random.default_rng(SEED).choice(classes, sample, replace=False))
    cache: dict[tuple[str, str], np.ndarray] = {}
    kinds: dict[str, np.ndarray] = {}

    def phrase_mask(phrase: str, first: str) -> np.ndarray:
        """The phrase read on every class the rule's first phrase (its kind) names: a reader stops
        at the first phrase that fails."""
        if (phrase, first) not in cache:
            mask = np.zeros(len(classes), dtype=bool)
            for at in np.flatnonzero(kinds[first]):
                mask[at] = condition_fits(phrase, hands[classes[at]])
            cache[phrase, first] = mask
        return cache[phrase, first]

    forms = rule_forms(catalogue)
    assert len(forms) > 500
    for rule in forms:
        words = rule.words()
        first, *rest = phrases(words)
        if first not in kinds:
            kinds[first] = np.array([bool(kind_fits(first, hands[at])) for at in classes])
        read = kinds[first].copy()
        for phrase in rest:
            read &= phrase_mask(phrase, first)
        expected = decided(rule, catalogue)[classes]
        differ = np.flatnonzero(read != expected)
        assert not len(differ), (
            f"seed {SEED}: {words!r} read literally names {int(read.sum())} classes, the rule decides "
            f"{int(expected.sum())}; first class that differs: {hands[classes[differ[0]]].cards}"
        )
        if rule.exceptions:  # which of the hands it names take the exceptions' move
            boxes = exception_phrases(words)
            read_unless = np.zeros(len(classes), dtype=bool)
            for box in boxes:
                inside = read.copy()
                for phrase in box:
                    inside &= phrase_mask(phrase, first)
                read_unless |= inside
            expected_unless = expected & excepted(rule, catalogue.columns)[classes]
            assert np.array_equal(read_unless, expected_unless), f"seed {SEED}: the exceptions of {words!r}"
        compares = any(
            condition.column not in FLAGS for box in (rule.conditions, *rule.exceptions) for condition in box
        )
        assert (JOKER_WORDS in words) == compares, words


def test_a_kind_in_words_is_the_kind_the_rules_mean(catalogue, hands):
    """Each kind's words, read literally, name exactly that kind's classes (no straight or flush
    hiding in 'No pair')."""
    for at, kind in enumerate(KINDS):
        first, *rest = phrases(KIND_WORDS[kind] + ": x")
        read = np.array([bool(kind_fits(first, hand)) and all(condition_fits(p, hand) for p in rest) for hand in hands])
        assert np.array_equal(read, catalogue.kind == at), kind


def test_the_straight_on_the_issue_hand_is_not_a_no_pair_hand():
    from literal_reader import reads

    from paigow_cli.core.cards import parse_cards

    rule = Rule("no-pair", "second-fifth", (Condition("single_1", 14, 14, 7, 14),), True)
    assert not reads(rule.words(), parse_cards("AS JD 8C 7H 6S 5D 4C"))
    assert reads(rule.words(), parse_cards("AS JD 8C 7H 6S 5D 2C"))


def test_every_word_of_the_card_is_in_its_glossary():
    kinds = [Rule(kind, "split", (), True) for kind in KIND_ORDER]
    conditions = tuple(Condition(column, 2, 5, 0, 14) for column in ("single_1", "pair_sum", "trips", "other_pair"))
    terms = [term for term, _ in glossary([*kinds, Rule("two-pair", "complete", conditions, False)])]
    assert set(KIND_WORDS.values()) <= set(terms)
    assert {"Ranks", "The joker", "Where ...", "Trips", "Other pair", "Pair ranks adding up to"} <= set(terms)
    assert set(KIND_ORDER) == set(KINDS) == set(KIND_MEANINGS)
    assert set(WHERE) <= set(MOVES) and all(term in GLOSSARY or term in KIND_WORDS.values() for term in terms)
