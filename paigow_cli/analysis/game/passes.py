"""Running whole-game passes: the chunks of ``counting`` on every core (or on a Dask cluster),
each finished chunk kept on disk so that an interrupted run resumes (``store``), merged by
addition, checked, and each answer cached. A pass that records strategy tables hands their rows
back (``strategy.answers`` builds the tables from them); ``money.results`` reads the counts.

>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> counted = count_pass([question], record=False, run=Run(jobs=1))
>>> counted.totals[0].totals["house"][0] == question.player_hands == 19_448
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from paigow_cli.analysis.game.counting import count_chunk_of, count_table_chunk, dealer_context
from paigow_cli.analysis.game.question import PLAYERS, Question, Tally
from paigow_cli.analysis.game.store import (
    Parts,
    answer_meta,
    chunk_count,
    chunk_meta,
    load_chunk,
    partial_folder_of,
    result_path,
    save_tallies,
)

Progress = Callable[[int, int], None]


@dataclass
class Writes:
    """What a count could not write to the cache (a full or read-only folder): its caller must not
    say the answer is cached, or that the finished chunks are kept."""

    chunks_lost: int = 0  # finished chunks not kept (a resumed run counts them again)
    answers_lost: int = 0  # answers and strategy tables not cached


@dataclass(frozen=True)
class Run:
    """How a pass runs, as one value: worker processes (None: every core), where progress and notes
    go, a Dask scheduler's address, and what could not be written (``Writes``, filled in)."""

    jobs: int | None = None
    progress: Progress | None = None
    notify: Callable[[str], None] | None = None
    scheduler: str | None = None
    writes: Writes | None = None

    def note(self, text: str) -> None:
        if self.notify:
            self.notify(text)


QUIET_RUN = Run()  # every core, no progress, no notes


@dataclass
class Counted:
    """A pass's answers: each question's checked totals, and with ``record`` every chunk's rows of
    the strategy tables (``class_rows.ClassRows.arrays``, in chunk order; empty otherwise)."""

    totals: list[Tally]
    parts: list[Parts] = field(default_factory=list)


def _count_chunk_json(questions: Sequence[Question], chunk: int, chunks: int) -> list[dict]:
    """``count_chunk_of`` with a plain-data result (what a cluster worker sends back)."""
    return [tally.as_json() for tally in count_chunk_of(questions, chunk, chunks)]


def _count_table_chunk_json(questions: Sequence[Question], chunk: int, chunks: int) -> tuple[list[dict], Parts]:
    """``count_table_chunk`` with plain data and arrays (what a cluster worker sends back)."""
    tallies, parts = count_table_chunk(questions, chunk, chunks)
    return [tally.as_json() for tally in tallies], parts


def count_pass(questions: Sequence[Question], *, record: bool, run: Run = QUIET_RUN) -> Counted:
    """Count questions (of one ``question_set``) in one pass, resuming finished chunks; check and
    cache each answer. With ``record`` the chunks' strategy-table rows come back too, and the
    finished chunks stay on disk until the caller has kept the tables (``drop_partials``)."""
    from paigow_cli.engine.cache import CacheError, StaleCache

    progress, notify, writes = run.progress, run.notify, run.writes
    dealer_context(questions)  # load (or build) the dealer table once, before any worker starts
    chunks = chunk_count(questions[0])
    folder = partial_folder_of(questions, record=record)
    done: dict[int, tuple[list[Tally], Parts]] = {}
    if folder.is_dir():
        for chunk in range(chunks):
            try:
                done[chunk] = load_chunk(folder / f"chunk-{chunk:04d}.npz", chunk_meta(questions, chunk, record=record))
            except StaleCache:
                pass
            else:
                if record and not done[chunk][1]:
                    del done[chunk]
        if done and notify:
            notify(f"resuming: {len(done)} of {chunks} chunks were computed by an earlier run")
    todo = [chunk for chunk in range(chunks) if chunk not in done]
    client = (
        connect(run.scheduler) if run.scheduler and todo else None
    )  # before any progress: a bad address fails at once
    if progress:
        progress(len(done), chunks)

    def finished(chunk: int, tallies: list[Tally], parts: Parts) -> None:
        done[chunk] = tallies, parts
        try:
            save_tallies(folder / f"chunk-{chunk:04d}.npz", tallies, chunk_meta(questions, chunk, record=record), parts)
        except CacheError:  # still counted in this run; only resuming needs the file
            if writes is not None:
                writes.chunks_lost += 1
        if progress:
            progress(len(done), chunks)

    if client is not None:
        _run_on_cluster(client, questions, todo, chunks, finished, record=record)
    else:
        _run_locally(questions, todo, chunks, finished, record=record, jobs=run.jobs)
    totals = []
    for at, question in enumerate(questions):
        total = Tally()
        for chunk in range(chunks):
            total.add(done[chunk][0][at])
        check_tally(question, total)
        totals.append(total)
    for at, question in enumerate(questions):
        try:
            save_tallies(result_path(question), [totals[at]], answer_meta(question))
        except CacheError as error:
            if writes is not None:
                writes.answers_lost += 1
            run.note(f"{error}; the result will be computed again next time")
    if not record:
        drop_partials(questions, record=False)
    return Counted(totals, [done[chunk][1] for chunk in range(chunks)] if record else [])


def drop_partials(questions: Sequence[Question], *, record: bool) -> None:
    """Remove a finished pass's kept chunks (after its answers, and tables, are kept)."""
    import shutil

    shutil.rmtree(partial_folder_of(questions, record=record), ignore_errors=True)


def _run_locally(
    questions: Sequence[Question], todo: list[int], chunks: int, finished, *, record: bool, jobs: int | None
) -> None:
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
    client, questions: Sequence[Question], todo: list[int], chunks: int, finished, *, record: bool
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
