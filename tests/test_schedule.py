"""Spaced repetition of a practised strategy's rules (``study.schedule``, the fsrs package): each
graded answer reviews the rule that decided the hand, kept in the history (migrated to schema 4),
and drill --due deals the rules that are due."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from helpers import one_error
from test_strategy_card import DEAD_TEXT
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import cards_text, parse_cards
from paigow_cli.house_ways import decide
from paigow_cli.study.history import History
from paigow_cli.study.schedule import due, reviewed, rule_of

runner = CliRunner()
START = datetime(2026, 12, 7, 12, tzinfo=UTC)


def test_a_rule_set_right_comes_back_later_each_time_and_a_miss_comes_back_soon():
    review, dues = None, []
    at = START
    for _ in range(4):
        review = reviewed(review, "card", "rule 1", followed=True, given_up=0.0, at=at)
        dues.append(due(review) - at)
        at = due(review)
    assert dues == sorted(dues) and dues[-1] >= timedelta(days=1), dues
    missed = reviewed(review, "card", "rule 1", followed=False, given_up=0.25, at=at)
    assert due(missed) - at < dues[-1] and missed.seen == 5 and missed.followed == 4 and missed.given_up == 0.25


def test_the_schedule_survives_in_the_history_and_replaces_its_last(tmp_path):
    history = History.open(tmp_path / "history.sqlite3")
    first = reviewed(None, "card", "rule 2", followed=True, given_up=0.0, at=START)
    history.record_review(first)
    history.record_review(reviewed(first, "card", "rule 2", followed=False, given_up=0.1, at=START))
    history.close()
    again = History.open(tmp_path / "history.sqlite3")
    kept = again.reviews("card")
    assert [(review.rule, review.seen, review.followed) for review in kept] == [("rule 2", 2, 1)]
    assert again.reviews("another") == []


@pytest.fixture
def history(tmp_path, monkeypatch, cache_folder):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_drill_due_reviews_the_rule_that_decided_each_answer(history):
    """Two hands of a saved card's due rules: the first set as the card sets it, the second not;
    stats then shows both rules' schedules, the missed one due sooner."""
    saved = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "3", "--save", "due3"])
    assert saved.exit_code == 0, saved.output
    command = ["drill", "--player", "due3", "--due", "--seed", "11", "-n", "2"]
    first = parse_cards(re.search(r"Hand 1 of 2:\s+(.+)", runner.invoke(app, command, input="q\n").stdout)[1])
    right = cards_text(decide(first, "due3").front)
    shown = runner.invoke(app, command, input=f"{right}\n").stdout
    second = parse_cards(re.search(r"Hand 2 of 2:\s+(.+)", shown)[1])
    wrong = next(f"{a} {b}" for a in second for b in second if a != b and {a, b} != set(decide(second, "due3").front))
    session = runner.invoke(app, command, input=f"{right}\n{wrong}\n")
    assert session.exit_code == 0, session.output
    stats = json.loads(runner.invoke(app, ["stats", "--json"]).stdout)
    rules = {review["rule"]: review for review in stats["rules"] if review["strategy"] == "due3"}
    one, two = rule_of(decide(first, "due3").rule), rule_of(decide(second, "due3").rule)
    assert rules[one]["followed"] >= 1 and rules[two]["seen"] >= 1
    if one != two:
        assert rules[two]["due"] < rules[one]["due"]  # the miss comes back first
    text = runner.invoke(app, ["stats"], env={"COLUMNS": "80"}).stdout
    assert "The rules you practise" in text and "due3" in text


def test_due_needs_a_strategy(history):
    one_error(runner.invoke(app, ["drill", "--due"], input="q\n"), 2, "--due deals the rules of a strategy")
