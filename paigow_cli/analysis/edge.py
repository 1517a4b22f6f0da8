"""Running the whole game and reading its answers: ``paigow edge`` and ``paigow mistakes``.

``whole_game`` counts one chunk of rank groups; this module runs the chunks on every
core (or on a Dask cluster), keeps each finished chunk on disk so that an interrupted
run resumes, merges them by addition, checks the sums and caches the answer (the file
name carries a digest of the question and of the counting code). Then it reads the
counts as the whole game's result for each way of playing, the house way's clauses by
what they give up, and the two-pair chart.

>>> from paigow_cli.core.cards import parse_cards
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> result = edge_result(question, compute(question, jobs=1), "house")
>>> result.wins + result.pushes + result.losses == result.deals == 19_448 * 120
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from paigow_cli.analysis.question import PLAYERS, Question, Tally, question_set
from paigow_cli.analysis.rank_groups import group_count
from paigow_cli.analysis.spread import Payouts, main_bet
from paigow_cli.analysis.whole_game import CHUNKS, count_chunk_of, dealer_context, settings_table
from paigow_cli.core.cards import DECK, Card
from paigow_cli.core.rules import BEST_WAY, Rules

Progress = Callable[[int, int], None]


@dataclass
class Writes:
    """What a count could not write to the cache (a full or read-only folder): its caller must not
    say the answer is cached, or that the finished chunks are kept."""

    chunks_lost: int = 0  # finished chunks not kept (a resumed run counts them again)
    answers_lost: int = 0  # answers and strategy tables not cached


# --- running it: chunks on every core (or a cluster), kept on disk, merged and cached ----------------


def chunk_count(question: Question) -> int:
    """How many chunks the question is cut into (fewer than ``CHUNKS`` on a small deck)."""
    return max(1, min(CHUNKS, group_count(question.dead)))


RESULT_SOURCES = (
    "paigow_cli.analysis.whole_game",
    "paigow_cli.analysis.question",
    "paigow_cli.analysis.rank_groups",
    "paigow_cli.analysis.class_settings",
    "paigow_cli.engine.kernels",
    "paigow_cli.engine.functionals",
    "paigow_cli.engine.flush_walk",
    "paigow_cli.engine.group_play",
    "paigow_cli.engine.distribution",
    "paigow_cli.engine.class_flags",
    "paigow_cli.core.games",
    "paigow_cli.core.bonus_hands",
)


def question_key(question: Question) -> str:
    """A digest of the question and of the code that answers it (part of every cache name)."""
    digest = hashlib.sha256(json.dumps(question.describe(), sort_keys=True).encode())
    digest.update(str(chunk_count(question)).encode())
    digest.update(counting_code_digest().encode())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=1)
def counting_code_digest() -> str:
    """A digest of the code that counts (``cache.code_digest``: editing a comment or a docstring,
    or moving code, does not throw away hours of counting); read once per process, so a long run
    names its files consistently."""
    from paigow_cli.engine.cache import code_digest

    return code_digest(RESULT_SOURCES)


def result_path(question: Question) -> Path:
    from paigow_cli.engine.cache import table_path

    rules = question.rules
    side = "banker" if rules.banker else "player"
    return table_path("edge", rules.house_way, rules.wheel.value, rules.game.value, side, question_key(question))


def partial_folder(question: Question, record: bool = False) -> Path:
    """Where finished chunks wait until the whole run is done (an interrupted run resumes from
    them); ``record``: a pass that also counts the question's strategy table."""
    if record:
        from paigow_cli.analysis.strategy_table import table_path

        path = table_path(question)
    else:
        path = result_path(question)
    return path.with_name(path.stem + ".partial")


def partial_folder_of(questions: Sequence[Question], record: bool = False) -> Path:
    """``partial_folder`` of questions answered together (one question: its own folder)."""
    if len(questions) == 1:
        return partial_folder(questions[0], record)
    from paigow_cli.engine.cache import table_path

    rules = questions[0].rules
    digest = hashlib.sha256(" ".join(question_key(question) for question in questions).encode()).hexdigest()[:12]
    kind = "strategy" if record else "edge"
    path = table_path(kind, rules.house_way, rules.wheel.value, f"{len(questions)}-questions", digest)
    return path.with_name(path.stem + ".partial")


def _meta(question: Question, chunk: int | None = None) -> dict[str, object]:
    meta: dict[str, object] = {"kind": "edge", "question": json.dumps(question.describe(), sort_keys=True)}
    if chunk is not None:
        meta["chunk"] = chunk
    return meta


def _chunk_meta(questions: Sequence[Question], chunk: int, record: bool = False) -> dict[str, object]:
    if len(questions) == 1 and not record:
        return _meta(questions[0], chunk)
    described = [question.describe() for question in questions]
    kind = "edge-table" if record else "edge-set"
    return {"kind": kind, "questions": json.dumps(described, sort_keys=True), "chunk": chunk}


Parts = dict  # a chunk's rows of strategy tables: ``strategy_table.TableParts.arrays``
PART_PREFIX = "part_"


def _save(path: Path, tallies: Sequence[Tally], meta: dict[str, object], parts: Parts | None = None) -> None:
    import numpy as np

    from paigow_cli.engine.cache import write_arrays

    arrays = {"tallies": np.array(json.dumps([tally.as_json() for tally in tallies]))}
    arrays.update({PART_PREFIX + name: values for name, values in (parts or {}).items()})
    write_arrays(path, arrays, meta)


def _load(path: Path, meta: dict[str, object]) -> list[Tally]:
    """Stored tallies; StaleCache when they are missing, garbled or about something else."""
    return _load_chunk(path, meta)[0]


def _load_chunk(path: Path, meta: dict[str, object]) -> tuple[list[Tally], Parts]:
    """Stored tallies and strategy-table rows (none for a plain pass); StaleCache when missing or
    unsound."""
    from paigow_cli.engine.cache import StaleCache, read_arrays

    arrays = read_arrays(path, meta)
    try:
        tallies = [Tally.from_json(found) for found in json.loads(str(arrays["tallies"]))]
    except (KeyError, ValueError, TypeError, AttributeError):
        raise StaleCache(f"{path.name} is malformed") from None
    parts = {name[len(PART_PREFIX) :]: values for name, values in arrays.items() if name.startswith(PART_PREFIX)}
    return tallies, parts


def cached_result(question: Question, notify: Callable[[str], None] | None = None) -> Tally | None:
    """The finished answer, if it is cached and sound; one that is there but damaged is said to
    ``notify`` (and counted again by the caller)."""
    from paigow_cli.engine.cache import StaleCache

    path = result_path(question)
    try:
        found = _load(path, _meta(question))
        if len(found) == 1:
            return found[0]
        problem = "holds another number of answers"
    except StaleCache as error:
        if not path.exists():
            return None
        problem = str(error).removeprefix(f"{path.name} ")
    if notify:
        notify(f"the cached answer {path.name} {problem}: counting it again")
    return None


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
    from paigow_cli.analysis.strategy_table import table_chart, table_examples

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
                done[chunk] = _load_chunk(folder / f"chunk-{chunk:04d}.npz", _chunk_meta(questions, chunk, record))
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
            _save(folder / f"chunk-{chunk:04d}.npz", tallies, _chunk_meta(questions, chunk, record), parts)
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
            _save(result_path(question), [totals[at]], _meta(question))
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

    from paigow_cli.engine.dealer_table import stop_pool, worker_pool

    pool = worker_pool(workers)
    try:
        function: Callable = count_table_chunk if record else count_chunk_of
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


# --- answers -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EdgeResult:
    """The whole game for one way of playing: exact counts over every deal, and their rates."""

    player: str
    deals: int
    wins: int
    pushes: int
    losses: int
    copies_high: int
    copies_low: int
    fouls: int
    ev_fraction: Fraction  # the exact EV per unit bet
    seen: bool = False  # best play set after seeing the dealer's hand (Face Up): copies not counted
    commission: Fraction = Fraction(0)  # taken from a win (the classic game's 1/20)

    @property
    def payouts(self) -> Payouts:
        """The hand's result per unit bet: win, push, lose, with their exact counts."""
        return main_bet(self.wins, self.pushes, self.losses, self.commission)

    @property
    def ev(self) -> float:
        return float(self.ev_fraction)

    @property
    def house_edge(self) -> float:
        return -self.ev

    def rate(self, count: int) -> float:
        return count / self.deals


def edge_result(question: Question, tally: Tally, player: str) -> EdgeResult:
    """The exact result for ``player`` (``house``: the question's strategy, or ``best``) from the
    merged counts; its ``player`` names the strategy when the player plays one."""
    from paigow_cli.engine.distribution import exact_rate

    _hands, wins, pushes, losses, copies_high, copies_low, score = tally.totals[player]
    commission = exact_rate(question.rules.commission)
    charge = (1 - commission).denominator
    result = EdgeResult(
        question.player if player == "house" else player,  # a strategy's name when he plays one
        question.deals,
        wins,
        pushes,
        losses,
        copies_high,
        copies_low,
        0,
        Fraction(score, charge * question.deals),
        player == "best" and question.shown,
        commission,
    )
    if result.payouts.mean != result.ev_fraction:  # the kernel's score and the counts tell one story
        raise ArithmeticError(f"{player}: EV {result.ev_fraction} is not the counts' {result.payouts.mean}")
    return result


@dataclass(frozen=True)
class Mistake:
    """One house-way clause: the hands it decides and what it gives up against the best setting."""

    rule: str
    hands: int
    differs: int  # hands where the best setting has a higher EV than the house way's
    ev_given_up: Fraction  # its part of the whole game's gap (EV per unit bet, over every deal)
    mean_given_up: float  # per hand it decides
    share: float  # of the gap
    example: tuple[Card, ...] | None  # the hand that gives up the most
    example_given_up: float


def mistakes(question: Question, tally: Tally) -> tuple[Fraction, list[Mistake]]:
    """(the gap between best and house-way play, every clause by its share of it, largest first)."""
    from paigow_cli.engine.distribution import exact_rate

    charge = (1 - exact_rate(question.rules.commission)).denominator
    scale = charge * question.deals
    given_up_total = sum(stats[2] for stats in tally.rules.values())
    if given_up_total != tally.totals["best"][6] - tally.totals["house"][6]:
        raise ArithmeticError("the clauses' EV given up does not add up to the gap")
    rows = []
    for rule, (hands, differs, given_up, most) in tally.rules.items():
        example = tally.examples.get(rule)
        rows.append(
            Mistake(
                rule,
                hands,
                differs,
                Fraction(given_up, scale),
                given_up / (charge * question.dealer_hands * hands) if hands else 0.0,
                given_up / given_up_total if given_up_total else 0.0,
                tuple(DECK[code] for code in example) if example and most else None,
                most / (charge * question.dealer_hands),
            )
        )
    rows.sort(key=lambda row: (-row.ev_given_up, -row.hands, row.rule))
    return Fraction(given_up_total, scale), rows


@dataclass(frozen=True)
class ChartCell:
    """Plain two-pair hands with these pairs and best single card, over every such hand."""

    high_pair: int
    low_pair: int
    single: int
    hands: int
    split_ev: float  # mean EV per hand of splitting (the low pair in front)
    together_ev: float  # of keeping both pairs in back, the two best singles in front
    house_split: int  # hands the house way splits
    house_together: int

    @property
    def better(self) -> str:
        return "split" if self.split_ev > self.together_ev else "together"

    @property
    def house(self) -> str:
        if self.house_split == self.hands:
            return "split"
        if self.house_together == self.hands:
            return "together"
        return "mixed" if self.house_split + self.house_together == self.hands else "other"


def two_pair_chart(question: Question, tally: Tally) -> list[ChartCell]:
    """Every (high pair, low pair, best single) cell, high pairs first."""
    from paigow_cli.engine.distribution import exact_rate

    charge = (1 - exact_rate(question.rules.commission)).denominator
    cells = []
    for name, (hands, split, together, house_split, house_together) in tally.chart.items():
        high, low, single = (int(part) for part in name.split())
        scale = charge * question.dealer_hands * hands
        cells.append(ChartCell(high, low, single, hands, split / scale, together / scale, house_split, house_together))
    cells.sort(key=lambda cell: (-cell.high_pair, -cell.low_pair, -cell.single))
    return cells


def is_current_file(path: Path) -> bool | None:
    """Whether a cached whole-game file (an answer, a strategy table, or an unfinished run's folder)
    belongs to this version of the counting code; None when it cannot tell (a plugin house way or
    strategy not loaded here)."""
    import numpy as np

    from paigow_cli.core.rules import BEST_WAY, Game, Wheel

    try:
        source = next(iter(sorted(path.glob("chunk-*.npz"))), None) if path.is_dir() else path
        if source is None:
            return False
        with np.load(source, allow_pickle=False) as stored:
            meta = json.loads(str(stored["_meta"]))
        found = [json.loads(meta["question"])] if "question" in meta else json.loads(meta["questions"])
        from paigow_cli.core.cards import parse_cards
        from paigow_cli.house_ways import way_named

        questions = []
        for described in found:
            rules = Rules(
                wheel=Wheel(described["wheel"]),
                commission=described["commission"],
                house_way=described["house_way"],
                game=Game(described["game"]),
                banker=described["banker"],
            )
            strategy = described.get("strategy")
            try:
                way_named(rules.house_way)
                if strategy not in (None, BEST_WAY):
                    way_named(strategy)
            except Exception:
                return None
            dead = parse_cards(" ".join(described["dead"])) if described["dead"] else ()
            questions.append(Question(rules, dead, strategy))
        record = meta.get("kind") in ("strategy-table", "edge-table")
        if path.is_dir():
            return path.name == partial_folder_of(questions, record).name
        if record:
            from paigow_cli.analysis.strategy_table import table_path

            return path.name == table_path(questions[0]).name
        return path.name == result_path(questions[0]).name
    except Exception:  # unreadable: not an answer this code would use
        return False
