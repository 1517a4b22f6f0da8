"""Running the whole game: ``paigow edge``, ``mistakes``, ``compare`` and the strategy tables.

``whole_game`` counts one chunk of rank groups; this module runs the chunks on every core (or on
a Dask cluster), keeps each finished chunk on disk so that an interrupted run resumes
(``answer_cache``), merges them by addition, checks the sums and caches the answer; a player who
sets by another strategy is read from his dealer's strategy table. ``results`` reads the counts.

>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> tally = compute(question, jobs=1)
>>> tally.totals["house"][0] == question.player_hands == 19_448
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from paigow_cli.analysis.answer_cache import (
    Parts,
    answer_meta,
    cached_result,
    chunk_count,
    chunk_meta,
    load_chunk,
    partial_folder_of,
    result_path,
    save_tallies,
)
from paigow_cli.analysis.question import PLAYERS, Question, Tally, question_set
from paigow_cli.analysis.whole_game import count_chunk_of, dealer_context, settings_table
from paigow_cli.core.cards import Card
from paigow_cli.core.rules import BEST_WAY

Progress = Callable[[int, int], None]


@dataclass
class Writes:
    """What a count could not write to the cache (a full or read-only folder): its caller must not
    say the answer is cached, or that the finished chunks are kept."""

    chunks_lost: int = 0  # finished chunks not kept (a resumed run counts them again)
    answers_lost: int = 0  # answers and strategy tables not cached


def _count_chunk_json(questions: Sequence[Question], chunk: int, chunks: int) -> list[dict]:
    """``count_chunk_of`` with a plain-data result (what a cluster worker sends back)."""
    return [tally.as_json() for tally in count_chunk_of(questions, chunk, chunks)]


def _count_table_chunk_json(questions: Sequence[Question], chunk: int, chunks: int) -> tuple[list[dict], Parts]:
    """``count_table_chunk`` with plain data and arrays (what a cluster worker sends back)."""
    from paigow_cli.analysis.whole_game import count_table_chunk

    tallies, parts = count_table_chunk(questions, chunk, chunks)
    return [tally.as_json() for tally in tallies], parts


def compute(
    question: Question,
    jobs: int | None = None,
    progress: Progress | None = None,
    notify: Callable[[str], None] | None = None,
    scheduler: str | None = None,
) -> Tally:
    """The whole game's counts: from the cache, else computed (resuming finished chunks) and cached."""
    return compute_all((question,), jobs, progress, notify, scheduler)[0]


def compute_all(
    questions: Sequence[Question],
    jobs: int | None = None,
    progress: Progress | None = None,
    notify: Callable[[str], None] | None = None,
    scheduler: str | None = None,
    details: bool = False,
    writes: Writes | None = None,
) -> list[Tally]:
    """``compute`` for questions that share a house way, wheel and dead cards (``question_set``).

    A question whose player sets by another strategy (a house way, a plugin, ``best-way``) is read
    from its dealer's strategy table, counted once (with the dealer's own answer) if it is not
    cached; the other questions not cached are counted together, in one pass, and each is cached.
    ``details``: give the answers read from a table the clauses' example hands and the two-pair
    chart too (``mistakes`` shows them; a pass finds them as it counts).
    """
    questions = question_set(questions)
    found = {question: cached_result(question, notify) for question in questions}
    wanted = [
        question.dealer
        for question in questions
        if found[question] is None and (question.strategy is not None or table_is_cached(question.dealer))
    ]
    tables = {dealer: cached_table(dealer, notify) for dealer in dict.fromkeys(wanted)}
    missing = [dealer for dealer in tables if tables[dealer] is None]
    if missing:
        totals, counted = _count(missing, True, jobs, progress, notify, scheduler, writes)
        tables.update(zip(missing, counted))
        found.update((dealer, total) for dealer, total in zip(missing, totals) if dealer in found)
    for question in questions:
        if found[question] is None and question.dealer in tables:
            found[question] = answer_from_table(question, tables[question.dealer], details)
    todo = [question for question in questions if found[question] is None]
    if todo:
        for question, tally in zip(todo, _count(todo, False, jobs, progress, notify, scheduler, writes)[0]):
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
    from paigow_cli.analysis.strategy_table import table_path

    return table_path(question).is_file()


def strategy_tables(
    questions: Sequence[Question],
    jobs: int | None = None,
    progress: Progress | None = None,
    notify: Callable[[str], None] | None = None,
    scheduler: str | None = None,
    writes: Writes | None = None,
) -> list:
    """The strategy tables of dealer questions (no player strategy) that share a house way, wheel and
    dead cards: cached, else counted in one pass that also answers (and caches) each question."""
    questions = question_set(questions)
    if any(question.strategy is not None for question in questions):
        raise ValueError("a strategy table is the dealer's: its question has no player strategy")
    found = {question: cached_table(question, notify) for question in questions}
    todo = [question for question in questions if found[question] is None]
    if todo:
        _, tables = _count(todo, True, jobs, progress, notify, scheduler, writes)
        found.update(zip(todo, tables))
    return [found[question] for question in questions]


def cached_table(question: Question, notify: Callable[[str], None] | None = None):
    """The dealer question's strategy table if it is cached and sound; a damaged one is said so
    (and counted again by the caller)."""
    from paigow_cli.analysis.strategy_table import cached_table as cached
    from paigow_cli.analysis.strategy_table import table_path

    if not table_is_cached(question):
        return None
    table = cached(question)
    if table is None and notify:
        notify(f"the strategy table {table_path(question).name} is damaged: counting it again")
    return table


def answer_from_table(question: Question, table, details: bool = False) -> Tally:
    """A player strategy's whole-game counts, read from its dealer's strategy table; with
    ``details`` the clauses' example hands and the two-pair chart too (as a pass gives them)."""
    from paigow_cli.analysis.table_details import table_chart, table_examples

    player = player_table(question)
    tally = table.tally(player, clauses=details)
    if details:
        tally.examples = table_examples(question, table, player, tally)
        tally.chart = table_chart(table, player)
    check_tally(question, tally)
    return tally


def player_table(question: Question):
    """The table of the strategy a question's player sets by (``best-way``: from its dealer's
    strategy table)."""
    if question.strategy == BEST_WAY:
        from paigow_cli.analysis.strategy_table import best_way_table

        return best_way_table(question.dealer)
    return settings_table(question.strategy or question.rules.house_way, question.rules.wheel)


def strategy_keys(question: Question, hand: Sequence[Card]) -> tuple[int, int]:
    """(high key, low key) of the setting the question's player gives a hand: his strategy's
    table's setting of the hand's class (a house way sets all hands of a class alike)."""
    from paigow_cli.analysis.strategy_table import player_keys

    player = player_table(question)
    high, low = player_keys(player)
    at = player.classes.class_id(hand)
    return int(high[at]), int(low[at])


def _count(
    questions: Sequence[Question],
    record: bool,
    jobs: int | None,
    progress: Progress | None,
    notify: Callable[[str], None] | None,
    scheduler: str | None,
    writes: Writes | None = None,
) -> tuple[list[Tally], list]:
    """Count questions in one pass (resuming finished chunks), check and cache each answer, and
    with ``record`` each question's strategy table too (returned, and cached)."""
    from paigow_cli.engine.cache import CacheError, StaleCache

    dealer_context(questions)  # load (or build) the dealer table once, before any worker starts
    chunks = chunk_count(questions[0])
    folder = partial_folder_of(questions, record)
    done: dict[int, tuple[list[Tally], Parts]] = {}
    if folder.is_dir():
        for chunk in range(chunks):
            try:
                done[chunk] = load_chunk(folder / f"chunk-{chunk:04d}.npz", chunk_meta(questions, chunk, record))
            except StaleCache:
                pass
            else:
                if record and not done[chunk][1]:
                    del done[chunk]
        if done and notify:
            notify(f"resuming: {len(done)} of {chunks} chunks were computed by an earlier run")
    todo = [chunk for chunk in range(chunks) if chunk not in done]
    client = connect(scheduler) if scheduler and todo else None  # before any progress: a bad address fails at once
    if progress:
        progress(len(done), chunks)

    def finished(chunk: int, tallies: list[Tally], parts: Parts) -> None:
        done[chunk] = tallies, parts
        try:
            save_tallies(folder / f"chunk-{chunk:04d}.npz", tallies, chunk_meta(questions, chunk, record), parts)
        except CacheError:  # still counted in this run; only resuming needs the file
            if writes is not None:
                writes.chunks_lost += 1
        if progress:
            progress(len(done), chunks)

    if client is not None:
        _run_on_cluster(client, questions, todo, chunks, record, finished)
    else:
        _run_locally(questions, todo, chunks, record, jobs, finished)
    totals = []
    for at, question in enumerate(questions):
        total = Tally()
        for chunk in range(chunks):
            total.add(done[chunk][0][at])
        check_tally(question, total)
        totals.append(total)
    tables = []
    if record:
        from paigow_cli.analysis.strategy_table import StrategyTable

        parts = [done[chunk][1] for chunk in range(chunks)]
        for at, (question, total) in enumerate(zip(questions, totals)):
            table = StrategyTable.from_chunks(question, at, parts)
            table.check()
            agrees_with_pass(table, total)
            tables.append(table)
    for at, question in enumerate(questions):
        try:
            save_tallies(result_path(question), [totals[at]], answer_meta(question))
            if record:
                tables[at].save()
        except CacheError as error:
            if writes is not None:
                writes.answers_lost += 1
            if notify:
                notify(f"{error}; the result will be computed again next time")
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
    return totals, tables


def agrees_with_pass(table, tally: Tally) -> None:
    """A strategy table read for the dealer's own way must give what the pass counted: every total
    and every clause's numbers (two sums of the same deals, kept apart until here)."""
    found = table.tally(settings_table(table.question.rules.house_way, table.question.rules.wheel))
    if found.totals != tally.totals or found.rules != tally.rules:
        raise ArithmeticError("the strategy table and the whole-game pass disagree")


def _run_locally(
    questions: Sequence[Question], todo: list[int], chunks: int, record: bool, jobs: int | None, finished
) -> None:
    from paigow_cli.analysis.whole_game import count_table_chunk

    def count(chunk: int) -> tuple[list[Tally], Parts]:
        return count_table_chunk(questions, chunk, chunks) if record else (count_chunk_of(questions, chunk, chunks), {})

    workers = min(len(todo), jobs or os.cpu_count() or 1)
    if workers <= 1:
        for chunk in todo:
            finished(chunk, *count(chunk))
        return
    from concurrent.futures import FIRST_COMPLETED, wait

    from paigow_cli.engine.worker_pool import interrupts_held, stop_pool, worker_pool

    pool = worker_pool(workers)
    try:
        function: Callable = count_table_chunk if record else count_chunk_of
        with interrupts_held():  # the first submit forks the workers
            pending = {pool.submit(function, questions, chunk, chunks): chunk for chunk in todo}
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                result = future.result()
                finished(pending.pop(future), *(result if record else (result, {})))
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()


def connect(address: str):
    """A Dask distributed client for ``--scheduler`` (the optional ``cluster`` extra)."""
    from paigow_cli.core.errors import OptionError

    try:
        from distributed import Client
    except ImportError:
        raise OptionError("{option} needs Dask: pip install 'paigow-cli[cluster]'", about="scheduler") from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise OptionError(f"{{option}} {address}: cannot reach the scheduler ({error})", about="scheduler") from None


def _run_on_cluster(
    client, questions: Sequence[Question], todo: list[int], chunks: int, record: bool, finished
) -> None:
    """Send the chunks to the cluster; each comes back as plain integer counts (and arrays)."""
    from distributed import as_completed

    function = _count_table_chunk_json if record else _count_chunk_json
    try:
        futures = {client.submit(function, questions, chunk, chunks, pure=False): chunk for chunk in todo}
        for future in as_completed(list(futures)):
            result = future.result()
            tallies, parts = result if record else (result, {})
            finished(futures[future], [Tally.from_json(found) for found in tallies], parts)
    finally:
        client.close()


def check_tally(question: Question, tally: Tally) -> None:
    """Counts must add up: every player hand once, and wins, pushes, losses to every deal."""
    for player in PLAYERS:
        hands, wins, pushes, losses = tally.totals[player][:4]
        if hands != question.player_hands or wins + pushes + losses != question.deals:
            raise ArithmeticError(
                f"the whole game's counts do not add up ({player}): {hands} hands of {question.player_hands}, "
                f"{wins + pushes + losses} deals of {question.deals}"
            )
