"""The whole game's answers on disk: where each question's answer, an unfinished run's chunks and
a strategy table's pass are kept, under names that carry a digest of the question and of the
counting code (``question_key``), and reading them back (a damaged file is counted again).

>>> from paigow_cli.core.rules import Rules
>>> result_path(Question(Rules())).name.startswith("edge-foxwoods-second-classic-player-")
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from paigow_cli.analysis.game.question import CHUNKS, Question, Tally
from paigow_cli.analysis.game.rank_groups import group_count
from paigow_cli.core.rules import Rules


def chunk_count(question: Question) -> int:
    """How many chunks the question is cut into (fewer than ``CHUNKS`` on a small deck)."""
    return max(1, min(CHUNKS, group_count(question.dead)))


RESULT_SOURCES = (
    "paigow_cli.analysis.game.counting",
    "paigow_cli.analysis.game.question",
    "paigow_cli.analysis.game.rank_groups",
    "paigow_cli.engine.class_settings",
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
    """The cache file of a question's whole-game answer."""
    return _question_path("edge", question)


def strategy_table_path(question: Question) -> Path:
    """The cache file of a dealer question's strategy table (keyed as its whole-game answer)."""
    return _question_path("strategy", question)


def _question_path(kind: str, question: Question) -> Path:
    from paigow_cli.engine.cache import table_path

    rules = question.rules
    return table_path(kind, rules.house_way, rules.wheel.value, rules.game.value, rules.side, question_key(question))


def partial_folder(question: Question, *, record: bool = False) -> Path:
    """Where finished chunks wait until the whole run is done (an interrupted run resumes from
    them); ``record``: a pass that also counts the question's strategy table."""
    path = strategy_table_path(question) if record else result_path(question)
    return path.with_name(path.stem + ".partial")


def partial_folder_of(questions: Sequence[Question], *, record: bool = False) -> Path:
    """``partial_folder`` of questions answered together (one question: its own folder)."""
    if len(questions) == 1:
        return partial_folder(questions[0], record=record)
    from paigow_cli.engine.cache import table_path

    rules = questions[0].rules
    digest = hashlib.sha256(" ".join(question_key(question) for question in questions).encode()).hexdigest()[:12]
    kind = "strategy" if record else "edge"
    path = table_path(kind, rules.house_way, rules.wheel.value, f"{len(questions)}-questions", digest)
    return path.with_name(path.stem + ".partial")


def answer_meta(question: Question, chunk: int | None = None) -> dict[str, object]:
    meta: dict[str, object] = {"kind": "edge", "question": json.dumps(question.describe(), sort_keys=True)}
    if chunk is not None:
        meta["chunk"] = chunk
    return meta


def chunk_meta(questions: Sequence[Question], chunk: int, *, record: bool = False) -> dict[str, object]:
    if len(questions) == 1 and not record:
        return answer_meta(questions[0], chunk)
    described = [question.describe() for question in questions]
    kind = "edge-table" if record else "edge-set"
    return {"kind": kind, "questions": json.dumps(described, sort_keys=True), "chunk": chunk}


Parts = dict  # a chunk's rows of strategy tables: ``class_rows.ClassRows.arrays``
PART_PREFIX = "part_"


def save_tallies(path: Path, tallies: Sequence[Tally], meta: dict[str, object], parts: Parts | None = None) -> None:
    import numpy as np

    from paigow_cli.engine.cache import write_arrays

    arrays = {"tallies": np.array(json.dumps([tally.as_json() for tally in tallies]))}
    arrays.update({PART_PREFIX + name: values for name, values in (parts or {}).items()})
    write_arrays(path, arrays, meta)


def load_tallies(path: Path, meta: dict[str, object]) -> list[Tally]:
    """Stored tallies; StaleCache when they are missing, garbled or about something else."""
    return load_chunk(path, meta)[0]


def load_chunk(path: Path, meta: dict[str, object]) -> tuple[list[Tally], Parts]:
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
        found = load_tallies(path, answer_meta(question))
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
            return path.name == partial_folder_of(questions, record=record).name
        if record:
            return path.name == strategy_table_path(questions[0]).name
        return path.name == result_path(questions[0]).name
    except Exception:  # unreadable: not an answer this code would use
        return False
