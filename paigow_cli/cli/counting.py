"""Counting the whole game from the command line: question sets and strategy tables, cached or
counted with one progress bar over them all (Ctrl-C keeps the finished chunks), every dealer and
player table built first. ``edge``, ``mistakes``, ``compare``, ``strategy`` and ``table`` count
through here."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

import typer

from paigow_cli.cli.exits import INTERRUPTED, INTERRUPTION, reporting_errors
from paigow_cli.cli.output import note, progress_bar
from paigow_cli.cli.tables import class_catalogue_once, dealer_table
from paigow_cli.core.cards import DECK_SIZE

if TYPE_CHECKING:
    from paigow_cli.analysis.game.passes import Run, Writes
    from paigow_cli.analysis.game.question import Question, Tally
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.core.rules import Rules
    from paigow_cli.engine.dealer_table import DealerTable

T = TypeVar("T")

FULL_DECK_CPU_MINUTES = 2.1  # measured: 0.52 s a chunk, 240 chunks (bench.py edge-games, one quiet core)
SET_FACTOR = 0.3  # each further question answered in the same pass adds about this much of one
PUSH_FACTOR = 1.3  # questions of several games count each game's pushing dealer hands in a layer apart
SEEN_FACTOR = 1.1  # Face Up's best play, which sees the dealer's hand, costs about this much more


def whole_game(
    question: Question, *, jobs: int | None, scheduler: str | None, details: bool = False, writes: Writes | None = None
) -> Tally:
    """The whole game's counts: cached, or computed with a progress bar (Ctrl-C keeps finished
    chunks); ``details``: with the clauses' examples and the two-pair chart (``compute_all``);
    ``writes`` learns what the cache could not keep."""
    return count_sets([[question]], jobs=jobs, scheduler=scheduler, details=details, writes=writes)[0][0][0]


def edge_minutes(question: Question, jobs: int | None, questions: int = 1, *, seen_in_set: bool = False) -> float:
    """A rough duration in minutes, in proportion to a full deck's, of ``questions`` answered together."""
    from math import comb

    cores = min(jobs or os.cpu_count() or 1, os.cpu_count() or 1)
    share = question.player_hands / comb(DECK_SIZE, 7)
    factor = (PUSH_FACTOR if questions > 1 else 1.0) * (SEEN_FACTOR if seen_in_set else 1.0)
    return FULL_DECK_CPU_MINUTES * factor * (1 + SET_FACTOR * (questions - 1)) * share / cores


def minutes_text(minutes: float) -> str:
    """A rough duration for the plain progress line.

    >>> minutes_text(0.7), minutes_text(12.4)
    ('a minute or less', '12 minutes')
    """
    return "a minute or less" if minutes < 1.5 else f"{minutes:.0f} minutes"


def count_sets(
    sets: list[list[Question]],
    *,
    jobs: int | None,
    scheduler: str | None,
    what: str = "questions",
    details: bool = False,
    writes: Writes | None = None,
) -> tuple[list[list[Tally]], int]:
    """Each set of questions' tallies (a set shares a dealer and a deck: ``compute_all``), from the
    cache or counted, with one progress bar over every set; every table is built first, each with
    its own bar (a plugin checked first). A player's strategy is read from its dealer's strategy
    table, counted first where it is not cached. Also how many questions were counted, not cached;
    ``writes`` learns what the cache could not keep."""
    from paigow_cli.analysis.strategy.answers import compute_all, work_of

    with reporting_errors():
        works = [work_of(questions) for questions in sets]

    def answer(questions: list[Question], run: Run) -> list[Tally]:
        return compute_all(questions, run=run, details=details)

    return _counted(sets, works, answer, jobs=jobs, scheduler=scheduler, what=what, writes=writes)


def count_tables(
    sets: list[list[Question]], *, jobs: int | None, scheduler: str | None, writes: Writes | None = None
) -> tuple[list[list[StrategyTable]], int]:
    """``count_sets`` for dealer questions' strategy tables: each set's tables, cached or counted."""
    from paigow_cli.analysis.strategy.answers import strategy_tables, table_is_cached

    with reporting_errors():
        works = [([question for question in questions if not table_is_cached(question)], True) for questions in sets]

    def answer(questions: list[Question], run: Run) -> list[StrategyTable]:
        return strategy_tables(questions, run=run)

    return _counted(sets, works, answer, jobs=jobs, scheduler=scheduler, what="questions", writes=writes, tables=True)


def _counted(
    sets: list[list[Question]],
    works: list[tuple[list[Question], bool]],
    answer: Callable[[list[Question], Run], list[T]],
    *,
    jobs: int | None,
    scheduler: str | None,
    what: str,
    writes: Writes | None,
    tables: bool = False,
) -> tuple[list[list[T]], int]:
    """Every set's answers (``answer``) with one progress bar over the passes ``works`` says are
    needed; Ctrl-C keeps the finished chunks."""
    from paigow_cli.analysis.game.passes import Run, Writes
    from paigow_cli.analysis.game.store import cached_result, chunk_count
    from paigow_cli.core.rules import BEST_WAY

    writes = writes if writes is not None else Writes()
    with reporting_errors():
        for questions in sets:
            for question in questions:
                if question.strategy != BEST_WAY and (tables or cached_result(question) is None):
                    dealer_table(replace(question.rules, house_way=question.strategy or question.rules.house_way))
    pending = [(work, record) for work, record in works if work]
    units = sum(chunk_count(work[0]) for work, _ in pending)
    count = sum(len(work) for work, _ in pending)
    minutes = sum(
        edge_minutes(work[0], jobs, len(work), seen_in_set=any(question.shown for question in work))
        for work, _ in pending
    )
    dealers = bool(pending) and all(record for _, record in pending)  # strategy tables: a pass per dealer
    of_what = "" if count == 1 else f" of {count} {'dealers' if dealers else what}"
    kept = ""
    if any(record for _, record in pending):
        kept = f", keeping the strateg{'y table that answers' if count == 1 else 'y tables that answer'} any strategy at once"
    plain = (
        f"counting every deal{of_what} exactly in {units} chunks (about {minutes_text(minutes)} on quiet cores, "
        f"longer on a busy machine: the progress lines measure it){kept}; Ctrl-C keeps the finished chunks and "
        "the same command resumes"
    )
    answers: list[list[T]] = []
    finished = [0]
    try:
        with progress_bar(f"Counting every deal{of_what}", plain) as progress:
            for questions in sets:
                offset = finished[0]

                def update(done: int, total: int, offset: int = offset) -> None:
                    finished[0] = offset + done
                    if progress:
                        progress(finished[0], units)

                run = Run(jobs=jobs, progress=update, notify=note, scheduler=scheduler, writes=writes)
                with reporting_errors():
                    answers.append(answer(questions, run))
    except KeyboardInterrupt:  # the bar is gone by now: the note gets a line of its own
        INTERRUPTION.reported = True
        kept_chunks = finished[0] - writes.chunks_lost
        if writes.chunks_lost and not kept_chunks:
            note(
                f"interrupted after {finished[0]} of {units} chunks, none of them kept: the cache folder cannot be "
                "written, so the same command counts them again"
            )
        else:
            note(f"interrupted: {kept_chunks} of {units} chunks are kept; the same command resumes from them")
        raise typer.Exit(INTERRUPTED) from None
    return answers, count


def player_settings(rules: Rules, strategy: str, *, jobs: int | None = None) -> DealerTable:
    """The table of settings a player's strategy gives every class against the dealer of ``rules``:
    a house way's or plugin's (``dealer_table``), or best-way's, from the dealer's strategy table
    (counted first, with a progress bar, where it is not cached)."""
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.strategy.answers import player_table as table_of_player
    from paigow_cli.core.rules import BEST_WAY

    if strategy != BEST_WAY:
        return dealer_table(replace(rules, house_way=strategy))
    from paigow_cli.analysis.strategy.answers import table_is_cached

    question = Question(rules)
    if not table_is_cached(question):
        note(
            f"--player best-way is read from the {rules.house_way} dealer's strategy table, which is not cached "
            "yet: it is counted first, once"
        )
    count_tables([[question]], jobs=jobs, scheduler=None)
    class_catalogue_once(rules.wheel)
    with reporting_errors():
        return table_of_player(Question(rules, strategy=BEST_WAY))
