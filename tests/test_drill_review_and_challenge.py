"""drill --review with nothing graded says so (it had said every missed hand was since set best
twice); --challenge refuses --count (its 100 hands are the same for anyone with the seed) and
scores the hands played, saying where it stopped (it had reported '0 of 100' after a quit)."""

from __future__ import annotations

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()


@pytest.fixture
def empty_history(tmp_path, monkeypatch, cache_folder):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))


def test_review_with_no_hand_graded_says_there_is_nothing_yet(empty_history):
    result = runner.invoke(app, ["drill", "--review"], input="q\n")
    assert result.exit_code == 0
    assert result.stdout.startswith("Nothing to review yet: no hand of this game and house way has been graded")


def test_review_after_hands_all_set_best_says_so(empty_history):
    drilled = runner.invoke(app, ["drill", "--seed", "1", "-n", "1"], input="9c 3c\n")  # the best setting
    assert "The best setting." in drilled.stdout
    result = runner.invoke(app, ["drill", "--review"], input="q\n")
    assert result.stdout.startswith("Nothing to review: every hand you set worse than best")


def test_challenge_refuses_a_count(empty_history):
    one_error(runner.invoke(app, ["drill", "--challenge", "-n", "5"]), 2, "--challenge deals 100 hands")


def test_a_challenge_stopped_early_scores_the_hands_played(empty_history):
    result = runner.invoke(app, ["drill", "--challenge", "--seed", "1"], input="9c 3c\nq\n")
    assert " ".join(result.stdout.split()).endswith(
        "Challenge (seed 1), stopped after 1 of 100 hands: 1 of 1 set best, EV given up 0.0000"
    )
    quit_at_once = runner.invoke(app, ["drill", "--challenge", "--seed", "1"], input="q\n")
    assert quit_at_once.stdout.splitlines()[-1] == "Challenge (seed 1), stopped before any hand was graded: no score"
