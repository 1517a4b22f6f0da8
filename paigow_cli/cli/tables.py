"""The engine's cached tables, loaded for a command: a progress bar on a first build, a plugin checked before it, notes on stderr."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.output import (
    note,
    progress_bar,
)
from paigow_cli.core.errors import (
    PluginError,
)
from paigow_cli.core.rules import Joker

if TYPE_CHECKING:
    import numpy as np

    from paigow_cli.analysis.strategy.catalogue import ClassCatalogue
    from paigow_cli.core.rules import Rules, Wheel
    from paigow_cli.engine.dealer_classes import DealerClasses
    from paigow_cli.engine.dealer_table import DealerTable

PREBUILD_CHECK_HANDS = 20_000


def check_plugin_before_build(name: str) -> None:
    """Refuse a plugin house way that fails the checks, before building its dealer table on it."""
    from paigow_cli.house_ways import way_named

    way = way_named(name)
    if not way.plugin:
        return
    from paigow_cli.analysis.hand.house_way_check import check_house_way

    report = check_house_way(way, hands=PREBUILD_CHECK_HANDS)
    if not report.passed:
        raise PluginError(
            f"the house way plugin '{name}' fails its checks, so no dealer table is built on it: {report.first_fault()} "
            f"(paigow house-ways --check shows every fault)"
        )


def dealer_table(rules: Rules) -> DealerTable:
    """The house way's dealer table, built with a progress bar on first use (a plugin is checked first)."""
    from paigow_cli.engine.dealer_table import load_table

    cache_folder_note()
    building = f"building the {rules.house_way} dealer table once: about 5 seconds on two quiet cores"
    with reporting_errors(), progress_bar(f"Building the {rules.house_way} dealer table (once)", building) as progress:
        return load_table(rules.house_way, rules.wheel, progress=progress, notify=note, check=check_plugin_before_build)


class TableOnce:
    """The dealer table for ``rules``, loaded at the first ``get`` and shared: a batch's threads
    ask for it at once, and one builds or loads it while the others wait."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._table: DealerTable | None = None
        self._lock = threading.Lock()

    def get(self) -> DealerTable:
        with self._lock:
            if self._table is None:
                self._table = dealer_table(self.rules)
            return self._table


def category_table(joker: Joker = Joker.BUG) -> tuple[DealerClasses, tuple[np.ndarray, np.ndarray]]:
    """The dealer classes and their seven-card categories (with this joker), built with a progress
    bar on first use."""
    from paigow_cli.engine.dealer_table import load_categories

    cache_folder_note()
    which = "category table" if joker is Joker.BUG else f"category table for the {joker.value} joker"
    with progress_bar(
        f"Building the {which} (once)",
        f"building the {which} once: about 12 seconds on two quiet cores, up to half a minute on a busy machine",
    ) as progress:
        return load_categories(progress=progress, notify=note, joker=joker)


def setting_lines_table() -> tuple[np.ndarray, np.ndarray]:
    """Every class's "plus pair" setting lines (Jackpot Pai Gow), built with a progress bar on first use."""
    from paigow_cli.engine.setting_lines import load_setting_lines

    cache_folder_note()
    with progress_bar(
        "Building the setting-line table (once)",
        "building the setting-line table once: about 5 seconds on two quiet cores",
    ) as progress:
        return load_setting_lines(progress=progress, notify=note)


def class_catalogue_once(wheel: Wheel) -> ClassCatalogue:
    """Every class's features and moves (``analysis.class_catalogue``), built with a progress bar
    on first use."""
    from paigow_cli.analysis.strategy.catalogue import class_catalogue

    cache_folder_note()
    with progress_bar(
        "Building the class catalogue (once)",
        "building the class catalogue of strategy-card rules once: about 15 seconds on two quiet cores, longer on a "
        "busy machine",
    ) as progress:
        return class_catalogue(wheel, progress=progress, notify=note)


_NOTED: set[str] = set()


def cache_folder_note() -> None:
    """Say once that the cache folder cannot hold tables (it is a file), and go on without it."""
    from paigow_cli.engine.cache import cache_problem

    problem = cache_problem()
    if problem and problem not in _NOTED:
        _NOTED.add(problem)
        note(problem)
