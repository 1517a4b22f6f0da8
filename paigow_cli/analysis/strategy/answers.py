"""The whole game's answers for any player: counted by a pass, or read from a strategy table.

A question whose player sets by a strategy of his own (a house way, a plugin, ``best-way``) is
answered from its dealer's strategy table, counted once (with the dealer's own answer) when it is
not cached; the other questions are counted together in one pass (``game.passes``). This is also
the one place a player's strategy becomes its table of settings (``player_table``).

>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> tally = compute(question, run=Run(jobs=1))
>>> tally.totals["house"][0] == question.player_hands == 19_448
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.game.passes import QUIET_RUN, Run, check_tally, count_pass, drop_partials
from paigow_cli.analysis.game.question import Question, Tally, question_set
from paigow_cli.analysis.game.store import cached_result, strategy_table_path
from paigow_cli.analysis.strategy.table import StrategyTable, player_keys, read_table
from paigow_cli.core.cards import Card
from paigow_cli.core.rules import BEST_WAY

if TYPE_CHECKING:
    from paigow_cli.engine.dealer_table import DealerTable

__all__ = [
    "Run",
    "best_way_table",
    "cached_table",
    "compute",
    "compute_all",
    "player_table",
    "strategy_table_of",
    "strategy_tables",
    "table_is_cached",
    "work_of",
]


def compute(question: Question, *, run: Run = QUIET_RUN) -> Tally:
    """The whole game's counts: from the cache, else computed (resuming finished chunks) and cached."""
    return compute_all((question,), run=run)[0]


def compute_all(questions: Sequence[Question], *, run: Run = QUIET_RUN, details: bool = False) -> list[Tally]:
    """``compute`` for questions that share a house way, wheel and dead cards (``question_set``).

    ``details``: give the answers read from a table the clauses' example hands and the two-pair
    chart too (``mistakes`` shows them; a pass finds them as it counts).
    """
    questions = question_set(questions)
    found = {question: cached_result(question, run.notify) for question in questions}
    wanted = [
        question.dealer
        for question in questions
        if found[question] is None and (question.strategy is not None or table_is_cached(question.dealer))
    ]
    tables = {dealer: cached_table(dealer, run.notify) for dealer in dict.fromkeys(wanted)}
    missing = [dealer for dealer in tables if tables[dealer] is None]
    if missing:
        totals, counted = _count_tables(missing, run)
        tables.update(zip(missing, counted))
        found.update((dealer, total) for dealer, total in zip(missing, totals) if dealer in found)
    for question in questions:
        table = tables.get(question.dealer)
        if found[question] is None and table is not None:
            found[question] = answer_from_table(question, table, details=details)
    todo = [question for question in questions if found[question] is None]
    if todo:
        for question, tally in zip(todo, count_pass(todo, record=False, run=run).totals):
            found[question] = tally
    return [found[question] for question in questions]  # type: ignore[misc]


def work_of(questions: Sequence[Question]) -> tuple[list[Question], bool]:
    """What ``compute_all`` will count for these questions: (the questions of its one pass, whether
    that pass records their strategy tables); no questions when every answer is cached or read
    from a cached table."""
    questions = question_set(questions)
    todo = [question for question in questions if cached_result(question) is None]
    dealers = list(dict.fromkeys(question.dealer for question in todo if question.strategy is not None))
    missing = [dealer for dealer in dealers if not table_is_cached(dealer)]
    if missing:
        return missing, True
    plain = [question for question in todo if question.strategy is None and not table_is_cached(question)]
    return plain, False


def table_is_cached(question: Question) -> bool:
    """Whether the dealer question's strategy table is on disk (not yet read: a file of ~200 MB)."""
    return strategy_table_path(question).is_file()


def strategy_tables(questions: Sequence[Question], *, run: Run = QUIET_RUN) -> list[StrategyTable]:
    """The strategy tables of dealer questions (no player strategy) that share a house way, wheel and
    dead cards: cached, else counted in one pass that also answers (and caches) each question."""
    questions = question_set(questions)
    if any(question.strategy is not None for question in questions):
        raise ValueError("a strategy table is the dealer's: its question has no player strategy")
    found = {question: cached_table(question, run.notify) for question in questions}
    todo = [question for question in questions if found[question] is None]
    if todo:
        _, tables = _count_tables(todo, run)
        found.update(zip(todo, tables))
    return [found[question] for question in questions]  # type: ignore[misc]


def strategy_table_of(question: Question, *, jobs: int | None = 1) -> StrategyTable:
    """The dealer question's strategy table: cached, else counted (``strategy_tables``)."""
    return strategy_tables([question], run=Run(jobs=jobs))[0]


def cached_table(question: Question, notify: Callable[[str], None] | None = None) -> StrategyTable | None:
    """The dealer question's strategy table if it is cached and sound; a damaged one is said so
    (and counted again by the caller)."""
    if not table_is_cached(question):
        return None
    table = read_table(question)
    if table is None and notify:
        notify(f"the strategy table {strategy_table_path(question).name} is damaged: counting it again")
    return table


def _count_tables(questions: Sequence[Question], run: Run) -> tuple[list[Tally], list[StrategyTable]]:
    """Count dealer questions in one pass that records their strategy tables; check each table
    against the pass, keep it, and return the answers and the tables."""
    from paigow_cli.engine.cache import CacheError

    counted = count_pass(questions, record=True, run=run)
    tables = []
    for at, (question, total) in enumerate(zip(questions, counted.totals)):
        table = StrategyTable.from_chunks(question, at, counted.parts)
        table.check()
        agrees_with_pass(table, total)
        tables.append(table)
    for table in tables:
        try:
            table.save()
        except CacheError as error:
            if run.writes is not None:
                run.writes.answers_lost += 1
            run.note(f"{error}; the strategy table will be counted again next time")
    drop_partials(questions, record=True)
    return counted.totals, tables


def agrees_with_pass(table: StrategyTable, tally: Tally) -> None:
    """A strategy table read for the dealer's own way must give what the pass counted: every total
    and every clause's numbers (two sums of the same deals, kept apart until here)."""
    found = table.tally(settings_table(table.question.rules.house_way, table.question.rules.wheel))
    if found.totals != tally.totals or found.rules != tally.rules:
        raise ArithmeticError("the strategy table and the whole-game pass disagree")


def answer_from_table(question: Question, table: StrategyTable, *, details: bool = False) -> Tally:
    """A player strategy's whole-game counts, read from its dealer's strategy table; with
    ``details`` the clauses' example hands and the two-pair chart too (as a pass gives them)."""
    from paigow_cli.analysis.strategy.details import table_chart, table_examples

    player = player_table(question)
    tally = table.tally(player, clauses=details)
    if details:
        tally.examples = table_examples(question, table, player, tally)
        tally.chart = table_chart(table, player)
    check_tally(question, tally)
    return tally


def player_table(question: Question) -> DealerTable:
    """The table of settings a question's player sets by: his strategy's (a house way or plugin by
    name, ``best-way`` from its dealer's strategy table), else the dealer's own house way's. The one
    place a player's strategy becomes its table."""
    if question.strategy == BEST_WAY:
        return best_way_table(question.dealer)
    return settings_table(question.strategy or question.rules.house_way, question.rules.wheel)


def strategy_keys(question: Question, hand: Sequence[Card]) -> tuple[int, int]:
    """(high key, low key) of the setting the question's player gives a hand: his strategy's
    table's setting of the hand's class (a house way sets all hands of a class alike)."""
    player = player_table(question)
    high, low = player_keys(player)
    at = player.classes.class_id(hand)
    return int(high[at]), int(low[at])


_BEST_WAYS: dict[Question, DealerTable] = {}


def best_way_table(question: Question) -> DealerTable:
    """The best suit-blind strategy against a dealer question as a table of settings, like a house
    way's: each class set by its best summed EV (``StrategyTable.best_way``; a class no live hand
    has keeps the dealer's setting), its clause the kind of hand. Built once per process."""
    if question in _BEST_WAYS:
        return _BEST_WAYS[question]
    import numpy as np

    from paigow_cli.analysis.strategy.catalogue import class_catalogue
    from paigow_cli.engine.dealer_table import settings_of_classes
    from paigow_cli.house_ways.strategy_rules import KINDS

    table = strategy_table_of(question, jobs=None)
    dealer = settings_table(question.rules.house_way, question.rules.wheel)
    high, low = (keys.astype(np.int64) for keys in player_keys(dealer))
    choice = table.best_way()
    high[table.ids], low[table.ids] = table.high[choice], table.low[choice]
    names = np.array([f"Best suit-blind setting, {kind.replace('-', ' ')}" for kind in KINDS])
    kinds = class_catalogue(dealer.wheel).kind
    found = settings_of_classes(BEST_WAY, dealer.wheel, dealer.classes, high, low, names, kinds)
    _BEST_WAYS[question] = found
    return found
