"""The test session's shared ground, for the tests in ``tests/`` and the examples in the docs: the
session's data and cache folders, the tables every test process shares, and every console example
of ``README.md`` and ``docs/`` run as a test (Sybil) and compared with what paigow prints."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import CodeBlockParser

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' helper modules, before pytest adds the folder itself

from console_examples import console_steps, example_folder, matches, run_command  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Give Ctrl-C back its usual meaning when the run started with it ignored, and run in a UTF-8
    locale (under the C locale paigow prints ASCII, and the golden outputs are not).

    A shell script's ``command &`` (and ``nohup``) starts a program with SIGINT ignored, and every
    process it starts inherits that, so the tests that send SIGINT to a real ``paigow`` would wait
    for an exit that never comes. Python's own handler here is reset to the default by ``exec``, so
    the ``paigow`` processes the tests start handle Ctrl-C as they do under a terminal.
    """
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    from paigow_cli.cli.terminal import ascii_asked

    if ascii_asked() and not os.environ.get("PAIGOW_ASCII"):
        os.environ["LC_ALL"] = "C.UTF-8"  # the C locale asks for ASCII output; the tests that want it say so
    config.pluginmanager.register(GroupIds(), "paigow-xdist-group-ids")


def session_folder(tmp_path_factory, name: str, variable: str):
    """A folder of the test session's in the environment variable ``variable``, restored after."""
    folder = tmp_path_factory.mktemp(name)
    previous = os.environ.get(variable)
    os.environ[variable] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop(variable, None)
    else:
        os.environ[variable] = previous


@pytest.fixture(scope="session", autouse=True)
def data_folder(tmp_path_factory):
    """The trainer's history goes to a folder of the test session's, never the user's."""
    yield from session_folder(tmp_path_factory, "paigow-data", "PAIGOW_DATA_DIR")


SHARED_TABLES = ROOT / ".pytest_cache" / "paigow-tables"


def shared_tables() -> Path:
    """A folder of the tables most tests load (every shipped house way's dealer table, the category
    tables of both jokers, the setting lines, the class catalogue), built once for every test process and kept between runs (their
    names carry the digest of the code that builds them, so a stale one is never read).

    pytest-xdist's workers share it: the first to take the lock builds what is missing, using every
    core, while the other waits; each then copies the files into its own cache folder, so a test
    that damages a cached file never touches another process's."""
    import fcntl

    from paigow_cli.analysis.strategy.catalogue import class_catalogue
    from paigow_cli.core.rules import HouseWayName, Joker, Wheel
    from paigow_cli.engine.dealer_table import load_categories, load_table
    from paigow_cli.engine.setting_lines import load_setting_lines

    SHARED_TABLES.mkdir(parents=True, exist_ok=True)
    with open(SHARED_TABLES.parent / "paigow-tables.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        previous = os.environ.get("PAIGOW_CACHE_DIR")
        os.environ["PAIGOW_CACHE_DIR"] = str(SHARED_TABLES)
        try:
            for way in HouseWayName:
                load_table(way, Wheel.SECOND)
            load_categories()
            load_categories(joker=Joker.WILD)
            load_setting_lines()
            class_catalogue(Wheel.SECOND)
        finally:
            if previous is None:
                os.environ.pop("PAIGOW_CACHE_DIR", None)
            else:
                os.environ["PAIGOW_CACHE_DIR"] = previous
    return SHARED_TABLES


@pytest.fixture(scope="session")
def cache_folder(tmp_path_factory):
    """One cache folder for the whole test session, so each table is built once; it starts with a
    copy of the tables every test process shares (``shared_tables``)."""
    from paigow_cli.engine.cache import source_digest

    source = shared_tables()
    for folder in session_folder(tmp_path_factory, "paigow-cache", "PAIGOW_CACHE_DIR"):
        for file in source.glob(f"*{source_digest()}.npz"):
            shutil.copy2(file, folder / file.name)
        yield folder


# --- the docs' console examples --------------------------------------------------------------------

FULL_DECK = re.compile(r"\bpaigow (edge|mistakes|compare|strategy|table|session)\b(?![^\n]*--dead)")
EXAMPLE_TIMEOUT = 1800  # seconds: a full-deck strategy table counted from scratch on one core


def run_console(example) -> None:
    """Run each command of a console example in bash (as a reader would type it, at 80 columns, no
    colour) and compare what it prints, standard output then standard error, with the example."""
    namespace = example.namespace
    if "workdir" not in namespace:  # one folder a document: its examples may build on each other
        namespace["workdir"] = example_folder()
    for command, expected in console_steps(example.parsed):
        done = run_command(command, namespace["workdir"], timeout=EXAMPLE_TIMEOUT)
        printed = done.stdout + done.stderr
        wants_error = any(line.startswith("Error:") for line in expected)
        assert done.returncode == 0 or wants_error, f"$ {command}\nexit {done.returncode}\n{printed}"
        assert matches(expected, printed), (
            f"$ {command}\n--- the example shows\n" + "\n".join(expected) + f"\n--- paigow printed\n{printed}"
        )


pytest_collect_file = Sybil(
    parsers=[CodeBlockParser(language="console", evaluator=run_console)],
    patterns=["README.md", "docs/*.md", "docs/*/*.md"],
    fixtures=["cache_folder"],
).pytest()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A docs example that counts the full deck's whole game is in the slow tier, and all of them
    run on one worker, one after another, so each count is made once and then read from its cache."""
    for item in items:
        example = getattr(item, "example", None)
        if example is not None and FULL_DECK.search(str(example.parsed)):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("full-deck"))


class GroupIds:
    """In a pytest-xdist worker under ``--dist loadgroup``: each test marked ``xdist_group`` gets its
    group after its node id, which is how the scheduler keeps a group on one worker.

    xdist 3.8 writes ``item._nodeid``, which pytest 9.2 no longer reads (a node's id is
    ``item._id``), so the groups were silently ignored and a group's shared fixture was built once
    per worker. This writes the id pytest reads, last of all (after the tiers are chosen and the
    docs examples marked), and leaves an id that has its group already as it is."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if not getattr(config.option, "loadgroup", False):
            return
        from _pytest.nodeid import coerce_node_id

        for item in items:
            marks = item.iter_markers("xdist_group")
            names = {str(mark.args[0] if mark.args else mark.kwargs.get("name", "default")) for mark in marks}
            suffix = "@" + "_".join(sorted(names))
            if names and not item.nodeid.endswith(suffix) and hasattr(item, "_id"):
                item._id = coerce_node_id(item.nodeid + suffix)


@pytest.fixture(scope="session")
def card_plugin(cache_folder, tmp_path_factory):
    """A 4-rule card of the 20-card deck, written as a plugin (built once per worker: the tests
    that use it are in one xdist group)."""
    import json

    from test_strategy_card import DEAD_TEXT, runner

    from paigow_cli.cli import app

    plugin = tmp_path_factory.mktemp("card") / "small_card.py"
    found = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "4", "--plugin", str(plugin), "--json"])
    assert found.exit_code == 0, found.output
    return plugin, json.loads(found.stdout)
