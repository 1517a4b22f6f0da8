"""Fixtures of the test modules: a seeded random generator and the foxwoods dealer table (the
session's folders and the tables every process shares are in the project's root ``conftest.py``)."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)


@pytest.fixture(scope="session")
def foxwoods_table(cache_folder):
    from paigow_cli.core.rules import HouseWayName, Wheel
    from paigow_cli.engine.dealer_table import load_table

    return load_table(HouseWayName.FOXWOODS, Wheel.SECOND)
