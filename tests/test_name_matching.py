"""One way to match names: house ways (and --player's words) in any case, an unknown name refused
with the nearest known one suggested, and simulate's --hands bounded (a run that could never end is
refused with the reason)."""

from __future__ import annotations

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()
HAND = "AS KD JK 9H 9C 4D 2S"


@pytest.mark.parametrize("name", ["FOXWOODS", "Trump-Plaza", "santa-ana-STAR"])
def test_a_house_way_is_found_in_any_case(name, cache_folder):
    result = runner.invoke(app, ["house", HAND, "--house-way", name])
    assert result.exit_code == 0 and result.stdout.startswith(f"{name.lower()}: ")


@pytest.mark.parametrize(
    ("option", "typed", "nearest"),
    [("--house-way", "foxwod", "foxwoods"), ("--house-way", "ballies", "ballys"), ("--player", "bset", "best")],
)
def test_an_unknown_name_suggests_the_nearest(option, typed, nearest):
    command = ["house", HAND, option, typed] if option == "--house-way" else ["edge", option, typed]
    kind = "house way" if option == "--house-way" else "strategy or house way"
    one_error(
        runner.invoke(app, command),
        2,
        f"{option}: unknown {kind} '{typed}': did you mean {nearest}? (paigow house-ways lists them all)",
    )


def test_an_unknown_player_lists_the_players_words_too():
    line = one_error(runner.invoke(app, ["edge", "--player", "nosuch"]), 2)
    assert "choose house, best, best-way, foxwoods, trump-plaza" in line


def test_player_words_are_read_in_any_case(cache_folder):
    result = runner.invoke(app, ["simulate", "--hands", "20", "--seed", "1", "--player", "House", "--json"])
    assert result.exit_code == 0, result.output


def test_simulate_refuses_a_run_that_could_not_end():
    line = one_error(runner.invoke(app, ["simulate", "--hands", "100000000000000000000"]), 2)
    assert line.startswith("Error: --hands 100,000,000,000,000,000,000 is more rounds than one run deals: at most")
