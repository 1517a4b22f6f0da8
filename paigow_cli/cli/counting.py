"""Counting the whole game from the command line: question sets and strategy tables, cached or
counted with one progress bar over them all (Ctrl-C keeps the finished chunks), every dealer and
player table built first. ``edge``, ``mistakes``, ``compare``, ``strategy`` and ``table`` count
through here."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import typer

from paigow_cli.cli.exits import INTERRUPTED, INTERRUPTION, reporting_errors
from paigow_cli.cli.output import note, progress_bar
from paigow_cli.cli.tables import dealer_table
from paigow_cli.core.cards import DECK_SIZE

FULL_DECK_CPU_MINUTES = 2.1  # measured: 0.52 s a chunk, 240 chunks (bench.py edge-games, one quiet core)
SET_FACTOR = 0.3  # each further question answered in the same pass adds about this much of one
PUSH_FACTOR = 1.3  # questions of several games count each game's pushing dealer hands in a layer apart
SEEN_FACTOR = 1.1  # Face Up's best play, which sees the dealer's hand, costs about this much more


def whole_game(
    question: Any, jobs: int | None, scheduler: str | None, details: bool = False, writes: Any = None
) -> Any:
    """The whole game's counts: cached, or computed with a progress bar (Ctrl-C keeps finished
    chunks); ``details``: with the clauses' examples and the two-pair chart (``compute_all``);
    ``writes`` (``edge.Writes``) learns what the cache could not keep."""
    return count_sets([[question]], jobs, scheduler, "questions", details, writes=writes)[0][0][0]


def edge_minutes(question: Any, jobs: int | None, questions: int = 1, seen_in_set: bool = False) -> float:
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
    sets: list[list[Any]],
    jobs: int | None,
    scheduler: str | None,
    what: str,
    details: bool = False,
    tables: bool = False,
    writes: Any = None,
) -> tuple[list[list[Any]], int]:
    """Each set of questions' tallies (a set shares a dealer and a deck: ``compute_all``), from the
    cache or counted, with one progress bar over every set; every table is built first, each with
    its own bar (a plugin checked first). A player's strategy is read from its dealer's strategy
    table, counted first where it is not cached. Also how many questions were counted, not cached.
    With ``tables`` the sets are dealer questions and their strategy tables are returned instead;
    ``writes`` (``edge.Writes``) learns what the cache could not keep."""
    from paigow_cli.analysis.answer_cache import cached_result, chunk_count
    from paigow_cli.analysis.edge import Writes, compute_all, strategy_tables, table_is_cached, work_of
    from paigow_cli.core.rules import BEST_WAY

    writes = writes if writes is not None else Writes()
    with reporting_errors():
        if tables:
            works = [
                ([question for question in questions if not table_is_cached(question)], True) for questions in sets
            ]
        else:
            works = [work_of(questions) for questions in sets]
        for questions in sets:
            for question in questions:
                if question.strategy != BEST_WAY and (tables or cached_result(question) is None):
                    dealer_table(replace(question.rules, house_way=question.strategy or question.rules.house_way))
    pending = [(work, record) for work, record in works if work]
    units = sum(chunk_count(work[0]) for work, _ in pending)
    count = sum(len(work) for work, _ in pending)
    minutes = sum(
        edge_minutes(work[0], jobs, len(work), any(question.shown for question in work)) for work, _ in pending
    )
    dealers = bool(pending) and all(record for _, record in pending)  # strategy tables: a pass per dealer
    of_what = "" if count == 1 else f" of {count} {'dealers' if dealers else what}"
    kept = ""
    if any(record for _, record in pending):
        kept = f", keeping the strateg{'y table that answers' if count == 1 else 'y tables that answer'} any strategy at once"
    plain = (
        f"counting every deal{of_what} exactly in {units} chunks (about {minutes_text(minutes)}){kept}; "
        "Ctrl-C keeps the finished chunks and the same command resumes"
    )
    tallies: list[list[Any]] = []
    finished = [0]
    try:
        with progress_bar(f"Counting every deal{of_what}", plain) as progress:
            for questions in sets:
                offset = finished[0]

                def update(done: int, total: int, offset: int = offset) -> None:
                    finished[0] = offset + done
                    if progress:
                        progress(finished[0], units)

                with reporting_errors():
                    if tables:
                        tallies.append(strategy_tables(questions, jobs, update, note, scheduler, writes))
                    else:
                        tallies.append(compute_all(questions, jobs, update, note, scheduler, details, writes))
    except KeyboardInterrupt:  # the bar is gone by now: the note gets a line of its own
        INTERRUPTION.reported = True
        kept = finished[0] - writes.chunks_lost
        if writes.chunks_lost and not kept:
            note(
                f"interrupted after {finished[0]} of {units} chunks, none of them kept: the cache folder cannot be "
                "written, so the same command counts them again"
            )
        else:
            note(f"interrupted: {kept} of {units} chunks are kept; the same command resumes from them")
        raise typer.Exit(INTERRUPTED) from None
    return tallies, count
