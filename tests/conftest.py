"""Shared test helpers: seeded random hands and a card-parsing shorthand."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

import pytest

from paigow_cli.core.cards import DECK, Card, parse_cards


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


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand: ``cards("AS KD")``."""
    return parse_cards(text)


def command_paths() -> list[list[str]]:
    """Every command of the app, found from the app itself: ``[["eval"], ..., ["cache", "info"], ...]``."""
    from typer.main import get_command

    from paigow_cli.cli import app

    paths = []
    for name, command in get_command(app).commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        paths += [[name, child] for child in sub] if sub else [[name]]
    return paths


def random_hands(count: int, seed: int, size: int = 7) -> list[tuple[Card, ...]]:
    """``count`` seeded random hands of ``size`` distinct cards from the 53-card deck."""
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)


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


SHARED_TABLES = Path(__file__).resolve().parent.parent / ".pytest_cache" / "paigow-tables"


def shared_tables() -> Path:
    """A folder of the tables most tests load (every shipped house way's dealer table, the category
    table, the class catalogue), built once for every test process and kept between runs (their
    names carry the digest of the code that builds them, so a stale one is never read).

    pytest-xdist's workers share it: the first to take the lock builds what is missing, using every
    core, while the other waits; each then copies the files into its own cache folder, so a test
    that damages a cached file never touches another process's."""
    import fcntl

    from paigow_cli.analysis.strategy.catalogue import class_catalogue
    from paigow_cli.core.rules import HouseWayName, Wheel
    from paigow_cli.engine.dealer_table import load_categories, load_table

    SHARED_TABLES.mkdir(parents=True, exist_ok=True)
    with open(SHARED_TABLES.parent / "paigow-tables.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        previous = os.environ.get("PAIGOW_CACHE_DIR")
        os.environ["PAIGOW_CACHE_DIR"] = str(SHARED_TABLES)
        try:
            for way in HouseWayName:
                load_table(way, Wheel.SECOND)
            load_categories()
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
    import shutil

    source = shared_tables()
    for folder in session_folder(tmp_path_factory, "paigow-cache", "PAIGOW_CACHE_DIR"):
        digest = source_digest_now()
        for file in source.glob(f"*{digest}.npz"):
            shutil.copy2(file, folder / file.name)
        yield folder


def source_digest_now() -> str:
    from paigow_cli.engine.cache import source_digest

    return source_digest()


@pytest.fixture(scope="session")
def foxwoods_table(cache_folder):
    from paigow_cli.core.rules import HouseWayName, Wheel
    from paigow_cli.engine.dealer_table import load_table

    return load_table(HouseWayName.FOXWOODS, Wheel.SECOND)


def one_error(result, code: int, *fragments: str) -> str:
    """A CLI result that failed with ``code`` and exactly one ``Error:`` line holding ``fragments``."""
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]
