"""The dealer's setting for every dealer-hand class, per house way and wheel rule, cached.

Building one table sets 292,253 representative hands by the house way (on every
core, in chunks) and stores each class's (high, low) hand values as indices into
the sorted distinct values, and the clause that decided it (for ``paigow mistakes``). Loading checks the file and rebuilds it when it is
missing, stale or corrupt.

The seven-card category of every class (for ``paigow odds``) is a second, small
table that does not depend on the house way.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from paigow_cli.core.cards import ACE, cards_text
from paigow_cli.core.errors import CacheError, PluginError
from paigow_cli.core.hands import FIVE_ACES, ROYAL_CODE, STRAIGHT_FLUSH, best_five_key, key_ranks
from paigow_cli.core.rules import HouseWayName, Joker, Wheel
from paigow_cli.core.splits import setting_keys
from paigow_cli.engine.cache import (
    StaleCache,
    cache_problem,
    read_arrays,
    table_path,
    write_arrays,
)
from paigow_cli.engine.dealer_classes import DealerClasses, dealer_classes
from paigow_cli.house_ways import HouseWay, decide, way_named

Progress = Callable[[int, int], None]  # (classes done, classes in all)
Notify = Callable[[str], None]
CHUNK = 8192
ROYAL = 10  # category code of a royal flush in the category table (straight flushes are 8)
FIVE_OF_A_KIND = 11  # category code of five of a rank other than aces (a wild joker's; five aces are 9)


@dataclass(frozen=True)
class DealerTable:
    """The class structure plus the dealer's setting of each class, as dense value indices."""

    house_way: str
    wheel: Wheel
    classes: DealerClasses
    high_values: np.ndarray  # sorted distinct high-hand keys the dealer can end with
    low_values: np.ndarray  # sorted distinct low-hand keys
    multiset_high: np.ndarray  # (M,) index into high_values
    multiset_low: np.ndarray
    flush_high: np.ndarray  # (F,) index into high_values
    flush_low: np.ndarray
    rule_names: np.ndarray  # sorted distinct clauses that decided a class (str)
    multiset_rule: np.ndarray  # (M,) index into rule_names
    flush_rule: np.ndarray  # (F,) index into rule_names

    def house_setting(self, kind: str, index: int) -> tuple[int, int, str]:
        """(high key, low key, clause) of the house way's setting of a class ("multiset" or "flush")."""
        high, low, rule = (
            (self.multiset_high, self.multiset_low, self.multiset_rule)
            if kind == "multiset"
            else (self.flush_high, self.flush_low, self.flush_rule)
        )
        return (
            int(self.high_values[high[index]]),
            int(self.low_values[low[index]]),
            str(self.rule_names[rule[index]]),
        )


SETTING = np.dtype([("high", np.int32), ("low", np.int32), ("rule", object)])


def _class_settings(house_way: str, wheel_low: bool, kind: str, start: int, stop: int) -> np.ndarray:
    """High key, low key and clause of the house way's setting of each class from ``start`` to ``stop``;
    a setting that fouls, or whose front is not two cards of the hand, is refused (a plugin's)."""
    classes = dealer_classes()
    hands = classes.multiset_hands(start, stop) if kind == "multiset" else classes.flush_hands(start, stop)
    way = way_named(house_way)  # once a chunk (a worker gets the name: a plugin's way is not sent)
    highs, lows, rules = [], [], []
    for hand in hands:
        decision = decide(hand, way, wheel_low)
        high, low = setting_keys(hand, decision.front, wheel_low)
        if low > high or len(set(decision.front)) != 2 or not set(decision.front) <= set(hand):
            raise PluginError(
                f"the house way '{house_way}' sets {cards_text(hand)} with {cards_text(decision.front)} in front, "
                f"{'a foul' if low > high else 'not two cards of the hand'} (clause: {decision.rule}); "
                "no dealer table is built on it"
            )
        highs.append(high)
        lows.append(low)
        rules.append(decision.rule)
    found = np.empty(stop - start, dtype=SETTING)
    found["high"], found["low"], found["rule"] = highs, lows, rules
    return found


def run_chunks(
    function: Callable[..., np.ndarray], arguments: list[tuple], total: int, progress: Progress | None
) -> list[np.ndarray]:
    """Run ``function`` over chunks on every core, reporting progress; results in order."""
    if progress:
        progress(0, total)  # the work starts (a terminal shows its bar, a pipe its one line)
    dealer_classes()  # enumerate once before forking, so workers inherit it
    workers = min(len(arguments), os.cpu_count() or 1)
    done = 0
    results: list[np.ndarray] = []
    if workers <= 1:
        for args in arguments:
            results.append(function(*args))
            done += len(results[-1])
            if progress:
                progress(done, total)
        return results
    from paigow_cli.engine.worker_pool import interrupts_held, stop_pool, worker_pool

    pool = worker_pool(workers)
    try:
        with interrupts_held():  # the first submit forks the workers
            found = pool.map(function, *zip(*arguments))
        for result in found:
            results.append(result)
            done += len(result)
            if progress:
                progress(done, total)
    except BaseException:  # Ctrl-C or a failure: stop the workers at once, drop the chunks not started
        stop_pool(pool)
        raise
    pool.shutdown()
    return results


def chunk_arguments(prefix: tuple, classes: DealerClasses) -> tuple[list[tuple], int]:
    sizes = {"multiset": len(classes.multiset_counts), "flush": len(classes.flush_suited)}
    arguments = [
        (*prefix, kind, start, min(start + CHUNK, size))
        for kind, size in sizes.items()
        for start in range(0, size, CHUNK)
    ]
    return arguments, sum(sizes.values())


def build_table(house_way: str | HouseWay, wheel: Wheel, progress: Progress | None = None) -> DealerTable:
    """Set every class by the house way (seconds; use ``load_table`` for the cached one)."""
    house_way = resolved(house_way).name  # the workers set their chunks by the way's name
    classes = dealer_classes()
    arguments, total = chunk_arguments((house_way, wheel is Wheel.LOW), classes)
    chunks = run_chunks(_class_settings, arguments, total, progress)
    settings = np.concatenate(chunks)
    rule_names, rule_index = _index_rules(settings["rule"].tolist())
    return settings_of_classes(house_way, wheel, classes, settings["high"], settings["low"], rule_names, rule_index)


def settings_of_classes(
    house_way: str,
    wheel: Wheel,
    classes: DealerClasses,
    high: np.ndarray,
    low: np.ndarray,
    rule_names: np.ndarray,
    rule_index: np.ndarray,
) -> DealerTable:
    """A table of settings from every class's (high key, low key) and clause (an index into
    ``rule_names``), classes by global id (multiset classes first)."""
    count = classes.multisets
    high_values, high_index = np.unique(high, return_inverse=True)
    low_values, low_index = np.unique(low, return_inverse=True)
    return DealerTable(
        house_way=house_way,
        wheel=wheel,
        classes=classes,
        high_values=high_values.astype(np.int32),
        low_values=low_values.astype(np.int32),
        multiset_high=high_index[:count].astype(np.uint16),
        multiset_low=low_index[:count].astype(np.uint8),
        flush_high=high_index[count:].astype(np.uint16),
        flush_low=low_index[count:].astype(np.uint8),
        rule_names=rule_names,
        multiset_rule=rule_index[:count].astype(np.uint16),
        flush_rule=rule_index[count:].astype(np.uint16),
    )


def _index_rules(rules: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(sorted distinct clauses, each class's index into them): a dict, not numpy's string sort,
    which takes a second on 292,253 clauses."""
    names = sorted(set(rules))
    place = {name: at for at, name in enumerate(names)}
    return np.array(names), np.array([place[rule] for rule in rules], dtype=np.uint16)


CLASS_FIELDS = ("multiset_counts", "multiset_joker", "flush_suited", "flush_other", "flush_joker", "flush_multiset")
TABLE_FIELDS = (
    "high_values",
    "low_values",
    "multiset_high",
    "multiset_low",
    "flush_high",
    "flush_low",
    "rule_names",
    "multiset_rule",
    "flush_rule",
)


def resolved(house_way: str | HouseWay) -> HouseWay:
    """The house way itself, from its name (the public functions take either; the rest the way)."""
    return house_way if isinstance(house_way, HouseWay) else way_named(house_way)


def _table_meta(way: HouseWay, wheel: Wheel) -> dict[str, object]:
    meta: dict[str, object] = {"kind": "dealer", "house_way": way.name, "wheel": wheel.value}
    if way.plugin:
        meta.update(plugin=way.origin, plugin_digest=way.digest)
    return meta


def dealer_table_path(house_way: str | HouseWay, wheel: Wheel):
    """The cache file of a house way's table; a plugin's carries the digest of its source."""
    way = resolved(house_way)
    parts = (way.name, way.digest, wheel.value) if way.plugin else (way.name, wheel.value)
    return table_path("dealer", *parts)


def expected_tables() -> list[tuple[str, object]]:
    """Every table the shipped house ways and ``paigow odds`` can use: (what it is, its cache file)."""

    tables: list[tuple[str, object]] = [
        ("category table (odds, bonus)", categories_path(Joker.BUG)),
        ("category table, wild joker (odds --joker wild)", categories_path(Joker.WILD)),
    ]
    for wheel in Wheel:
        for way in HouseWayName:
            tables.append((f"{way.value} dealer table, {wheel.value} wheel", dealer_table_path(way.value, wheel)))
    return tables


def save_table(table: DealerTable, way: HouseWay | None = None) -> None:
    """Write a table to its cache file (``way``: its house way, when the caller has it already)."""
    way = way or way_named(table.house_way)
    arrays = {name: getattr(table.classes, name) for name in CLASS_FIELDS}
    arrays.update({name: getattr(table, name) for name in TABLE_FIELDS})
    write_arrays(dealer_table_path(way, table.wheel), arrays, _table_meta(way, table.wheel))


def load_table(
    house_way: str | HouseWay,
    wheel: Wheel,
    progress: Progress | None = None,
    notify: Notify | None = None,
    check: Callable[[str], None] | None = None,
) -> DealerTable:
    """The cached table, built (and cached) first if it is missing, stale or corrupt.

    ``check`` runs before a build (the command line checks a plugin there, and refuses one that fails).
    """
    way = resolved(house_way)  # once: the path, the metadata, the build and the save all use it
    path = dealer_table_path(way, wheel)
    try:
        arrays = read_arrays(path, _table_meta(way, wheel))
        classes = DealerClasses(**{name: arrays[name] for name in CLASS_FIELDS})
        table = DealerTable(way.name, wheel, classes, **{name: arrays[name] for name in TABLE_FIELDS})
        _check_shapes(table)
        return table
    except (StaleCache, KeyError, TypeError, ValueError) as problem:
        if notify and path.exists():
            notify(
                f"rebuilding the {way.name} table: {problem if isinstance(problem, StaleCache) else 'it is malformed'}"
            )
    if check is not None:
        check(way.name)
    table = build_table(way, wheel, progress)
    try:
        save_table(table, way)
    except CacheError as error:  # still answer; the table is rebuilt next time
        if notify and cache_problem() is None:  # else the command has said so already
            notify(f"{error}; the table will be built again next time")
    return table


def _check_shapes(table: DealerTable) -> None:
    """Reject a file whose arrays do not fit together (a garbled file that still unzips)."""
    classes = table.classes
    multisets, flushes = len(classes.multiset_counts), len(classes.flush_suited)
    if (
        classes.multiset_counts.shape != (multisets, 13)
        or len(table.multiset_high) != multisets
        or len(table.multiset_low) != multisets
        or len(table.flush_high) != flushes
        or len(table.flush_low) != flushes
        or classes.flush_other.shape != (flushes, 2)
        or int(table.multiset_high.max()) >= len(table.high_values)
        or int(table.flush_high.max()) >= len(table.high_values)
        or int(table.multiset_low.max()) >= len(table.low_values)
        or int(table.flush_low.max()) >= len(table.low_values)
        or int(classes.flush_multiset.max()) >= multisets
        or len(table.multiset_rule) != multisets
        or len(table.flush_rule) != flushes
        or int(max(table.multiset_rule.max(), table.flush_rule.max())) >= len(table.rule_names)
    ):
        raise ValueError("array shapes do not fit together")


# --- seven-card categories ------------------------------------------------------------------------


def _class_categories(wild: bool, kind: str, start: int, stop: int) -> np.ndarray:
    """Category (0-9, ROYAL for a royal flush, FIVE_OF_A_KIND for a wild joker's five of a rank
    other than aces) of the best five of each class's seven cards."""
    classes = dealer_classes()
    hand_of = classes.multiset_hand if kind == "multiset" else classes.flush_hand
    codes = []
    for i in range(start, stop):
        key, _ = best_five_key(hand_of(i), wild=wild)
        category = key >> 20
        if category == STRAIGHT_FLUSH and key_ranks(key)[0] == ROYAL_CODE:
            category = ROYAL
        elif category == FIVE_ACES and key_ranks(key)[0] != ACE:
            category = FIVE_OF_A_KIND
        codes.append(category)
    return np.array(codes, dtype=np.uint8)


def categories_path(joker: Joker):
    """The category table's cache file (the bug's keeps the name it has always had)."""
    return table_path("categories") if joker is Joker.BUG else table_path("categories", joker.value)


def load_categories(
    progress: Progress | None = None, notify: Notify | None = None, *, joker: Joker = Joker.BUG
) -> tuple[DealerClasses, tuple[np.ndarray, np.ndarray]]:
    """The class structure and each class's category code, cached; built first when needed."""
    path = categories_path(joker)
    meta = {"kind": "categories"} if joker is Joker.BUG else {"kind": "categories", "joker": joker.value}
    try:
        arrays = read_arrays(path, meta)
        classes = DealerClasses(**{name: arrays[name] for name in CLASS_FIELDS})
        codes = (arrays["multiset_codes"], arrays["flush_codes"])
        if len(codes[0]) != len(classes.multiset_counts) or len(codes[1]) != len(classes.flush_suited):
            raise StaleCache(f"{path.name} has the wrong number of classes")
        return classes, codes
    except (StaleCache, KeyError, TypeError) as problem:
        if notify and path.exists():
            notify(
                f"rebuilding the category table: {problem if isinstance(problem, StaleCache) else 'it is malformed'}"
            )
    classes = dealer_classes()
    arguments, total = chunk_arguments((joker.is_wild,), classes)
    chunks = run_chunks(_class_categories, arguments, total, progress)
    count = len(classes.multiset_counts)
    joined = np.concatenate(chunks)
    codes = (joined[:count], joined[count:])
    arrays = {name: getattr(classes, name) for name in CLASS_FIELDS}
    try:
        write_arrays(path, {**arrays, "multiset_codes": codes[0], "flush_codes": codes[1]}, meta)
    except CacheError as error:
        if notify and cache_problem() is None:  # else the command has said so already
            notify(f"{error}; the table will be built again next time")
    return classes, codes
