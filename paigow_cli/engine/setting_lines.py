"""The setting lines of every dealer class (Jackpot Pai Gow's "plus pair" hands), cached.

A setting line holds when the seven cards can be set with a hand of its kind behind and a pair
in front (``core.bonus_hands.setting_lines``). Every hand of a class holds the same ones: a
multiset class fixes the ranks and the joker (and stands for hands with no flush), a flush class
the suited ranks, the other ranks and the joker, which is all a setting's two values depend on.
So each class's representative is read once, on every core (about as long as the category
table: some 12 seconds on two cores), and the masks are cached.
"""

from __future__ import annotations

import numpy as np

from paigow_cli.core.bonus_hands import setting_lines
from paigow_cli.core.errors import CacheError
from paigow_cli.engine.cache import StaleCache, cache_problem, code_digest, read_arrays, table_path, write_arrays
from paigow_cli.engine.dealer_classes import dealer_classes
from paigow_cli.engine.dealer_table import Notify, Progress, chunk_arguments, run_chunks

KIND = "setting-lines"
LINE_SOURCES = ("paigow_cli.core.bonus_hands", "paigow_cli.engine.setting_lines")


def _class_setting_lines(kind: str, start: int, stop: int) -> np.ndarray:
    """The setting-line mask of each class from ``start`` to ``stop``."""
    classes = dealer_classes()
    hand_of = classes.multiset_hand if kind == "multiset" else classes.flush_hand
    masks = [sum(1 << line for line in setting_lines(hand_of(i))) for i in range(start, stop)]
    return np.array(masks, dtype=np.int64)


def load_setting_lines(progress: Progress | None = None, notify: Notify | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The setting-line masks of every multiset class and every flush class; built first when needed."""
    classes = dealer_classes()
    path = table_path(KIND)
    meta = {"kind": KIND, "lines_code": code_digest(LINE_SOURCES)[:16]}  # the tables' digest leaves these out
    count, flushes = len(classes.multiset_counts), len(classes.flush_suited)
    try:
        arrays = read_arrays(path, meta)
        masks = (arrays["multiset_lines"], arrays["flush_lines"])
        if len(masks[0]) != count or len(masks[1]) != flushes:
            raise StaleCache(f"{path.name} has the wrong number of classes")
        return masks
    except (StaleCache, KeyError, TypeError) as problem:
        if notify and path.exists():
            notify(
                f"rebuilding the setting-line table: {problem if isinstance(problem, StaleCache) else 'it is malformed'}"
            )
    arguments, total = chunk_arguments((), classes)
    joined = np.concatenate(run_chunks(_class_setting_lines, arguments, total, progress))
    masks = (joined[:count], joined[count:])
    try:
        write_arrays(path, {"multiset_lines": masks[0], "flush_lines": masks[1]}, meta)
    except CacheError as error:
        if notify and cache_problem() is None:  # else the command has said so already
            notify(f"{error}; the table will be built again next time")
    return masks
