"""Every class of seven cards as a strategy card's rules see it: its kind, its features, its legal
settings and the setting each move makes (``house_ways.strategy_rules``), cached per wheel rule.

A strategy table lists each class's legal settings strongest first (``class_settings.legal_settings``);
a move's setting of a class is kept as its place in that list (``NOT_MADE`` where the move cannot
be made), so the rule search reads any move's answer for every class as an array. Each class is
read through its representative hand and the same functions a card's plugin calls on a real hand,
so the search and the plugin agree on every hand (a house way sets all hands of a class alike).

>>> from paigow_cli.core.rules import Wheel
>>> catalogue = class_catalogue(Wheel.SECOND)
>>> int((catalogue.kind == KINDS.index("two-pair")).sum())  # two-pair classes: multisets and flushes
45540
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from paigow_cli.core.errors import CacheError
from paigow_cli.core.rules import Wheel
from paigow_cli.core.splits import setting_keys
from paigow_cli.engine.cache import StaleCache, code_digest, read_arrays, table_path, write_arrays
from paigow_cli.engine.class_settings import legal_settings
from paigow_cli.engine.dealer_classes import CLASS_COUNT, NO_RANK, dealer_classes
from paigow_cli.engine.dealer_table import chunk_arguments, run_chunks
from paigow_cli.house_ways.analysis import Seven
from paigow_cli.house_ways.strategy_rules import KINDS, MOVES, features

NOT_MADE = 255  # a move's place where it cannot be made
COLUMNS = (
    "high_pair",
    "low_pair",
    "third_pair",
    "pair_sum",
    "trips",
    "quads",
    "other_pair",
    "single_1",
    "single_2",
    "single_3",
    "single_4",
    "joker",
    "complete",
    "flush",
    "complete_front_1",
    "complete_front_2",
)  # feature columns, each a small integer per class (ranks 2-14, 0 for none; flags 0/1)
VERSION = 2  # 2: the best front beside a straight or flush


@dataclass(frozen=True)
class ClassCatalogue:
    """Per class (by global id): ``kind`` (an index into ``KINDS``), ``columns`` (classes,
    len(COLUMNS)) of features, ``settings`` its legal settings' count and ``moves`` (classes,
    len(MOVES)) each move's place among them."""

    wheel: Wheel
    kind: np.ndarray
    columns: np.ndarray
    settings: np.ndarray
    moves: np.ndarray

    def column(self, name: str) -> np.ndarray:
        return self.columns[:, COLUMNS.index(name)]

    def move(self, name: str) -> np.ndarray:
        return self.moves[:, list(MOVES).index(name)]

    def kind_names(self) -> list[str]:
        return [KINDS[at] for at in self.kind.tolist()]


def _catalogue_rows(wheel_low: bool, kind: str, start: int, stop: int) -> np.ndarray:
    """Kind, features, settings count and moves of the classes ``start`` to ``stop`` of one kind of
    dealer class, as one row of small integers each."""

    classes = dealer_classes()
    hands = classes.multiset_hands(start, stop) if kind == "multiset" else classes.flush_hands(start, stop)
    rows = np.zeros((stop - start, 2 + len(COLUMNS) + len(MOVES)), dtype=np.uint8)
    moves = list(MOVES.values())
    for at, hand in enumerate(hands):
        index = start + at
        if kind == "multiset":
            counts = classes.multiset_counts[index].tolist()
            ranks, suited, joker = (
                [r for r in range(13) for _ in range(counts[r])],
                0,
                bool(classes.multiset_joker[index]),
            )
        else:
            mask = int(classes.flush_suited[index])
            held = [r for r in range(13) if mask >> r & 1]
            ranks = held + [r for r in classes.flush_other[index].tolist() if r != NO_RANK]
            suited, joker = len(held), bool(classes.flush_joker[index])
        legal = {key: place for place, key in enumerate(legal_settings(ranks, suited, joker, wheel_low))}
        seven = Seven(hand, wheel_low)
        found = features(seven)
        values = (
            found.high_pair,
            found.low_pair,
            found.third_pair,
            found.pair_sum,
            found.trips,
            found.quads,
            found.other_pair,
            found.single(1),
            found.single(2),
            found.single(3),
            found.single(4),
            found.joker,
            found.complete,
            found.flush,
            found.complete_front_1,
            found.complete_front_2,
        )
        row = rows[at]
        row[0] = KINDS.index(found.kind)
        row[1] = len(legal)
        row[2 : 2 + len(COLUMNS)] = values
        for number, move in enumerate(moves):
            place = NOT_MADE
            if found.kind in move.kinds:
                front = move.front(seven)
                if front is not None:
                    place = legal[setting_keys(hand, front, wheel_low)]
            row[2 + len(COLUMNS) + number] = place
    return rows


def catalogue_meta(wheel: Wheel) -> dict[str, object]:

    digest = code_digest(
        (
            "paigow_cli.analysis.strategy.catalogue",
            "paigow_cli.analysis.game.counting",
            "paigow_cli.analysis.game.question",
            "paigow_cli.analysis.game.rank_groups",
            "paigow_cli.engine.class_settings",
        )
    )
    return {"kind": "class-catalogue", "wheel": wheel.value, "version": VERSION, "digest": digest[:16]}


def catalogue_path(wheel: Wheel):

    return table_path("catalogue", wheel.value)


_LOADED: dict[Wheel, ClassCatalogue] = {}


def class_catalogue(wheel: Wheel, progress=None, notify=None) -> ClassCatalogue:
    """The catalogue of every class for a wheel rule: loaded once per process from the cache, else
    built on every core (``progress``) and cached."""
    if wheel not in _LOADED:
        _LOADED[wheel] = _load_catalogue(wheel, progress, notify)
    return _LOADED[wheel]


def _load_catalogue(wheel: Wheel, progress, notify) -> ClassCatalogue:

    path, meta = catalogue_path(wheel), catalogue_meta(wheel)
    try:
        rows = read_arrays(path, meta)["rows"]
        if rows.shape != (CLASS_COUNT, 2 + len(COLUMNS) + len(MOVES)):
            raise StaleCache(f"{path.name} has the wrong shape")
    except (StaleCache, KeyError) as problem:
        if notify and path.exists():
            notify(f"rebuilding the class catalogue: {problem}")
        arguments, total = chunk_arguments((wheel is Wheel.LOW,), dealer_classes())
        rows = np.concatenate(run_chunks(_catalogue_rows, arguments, total, progress))
        try:
            write_arrays(path, {"rows": rows}, meta)
        except CacheError as error:
            if notify:
                notify(f"{error}; the class catalogue will be built again next time")
    width = len(COLUMNS)
    return ClassCatalogue(wheel, rows[:, 0], rows[:, 2 : 2 + width], rows[:, 1], rows[:, 2 + width :])
