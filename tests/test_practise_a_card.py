"""Practising a strategy card: drill --player grades each answer against the card as well as the
best setting, --focus "rule N" deals the hands a card's rule decides, and the "Study it" line is a
command that runs as printed (the card by its file)."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from helpers import one_error
from test_strategy_card import DEAD_TEXT
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import cards_text, parse_cards
from paigow_cli.house_ways import decide

runner = CliRunner()
SEED = 17


@pytest.fixture(scope="module")
def card(cache_folder, tmp_path_factory):
    """A 4-rule card of a 20-card deck, as a plugin, and its JSON."""
    plugin = tmp_path_factory.mktemp("practise") / "practise_card.py"
    found = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "4", "--plugin", str(plugin), "--json"])
    assert found.exit_code == 0, found.output
    return plugin, json.loads(found.stdout)


@pytest.fixture
def history(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))


def dealt(output: str) -> list[tuple]:
    """The hands a drill printed."""
    return [parse_cards(line) for line in re.findall(r"Hand \d+ of \d+:\s+(.+)", output)]


def test_a_scripted_session_against_a_card_scores_followed_apart_from_best(card, history):
    """Hand 1 set as the card's rule 1 sets it, hand 2 otherwise: one followed, and the Study it
    line runs as printed."""
    plugin, document = card
    rule = document["rules"][0]
    command = ["drill", "--player", str(plugin), "--focus", "rule 1", "--seed", str(SEED), "-n", "2"]
    hands = dealt(runner.invoke(app, command, input="q\n").stdout)[:1]
    first = hands[0]
    decision = decide(first, "practise-card")
    assert decision.rule == f"Card rule 1: {rule['words']}", f"seed {SEED}: --focus 'rule 1' dealt {first}"
    answer = cards_text(decision.front)
    session = runner.invoke(app, command, input=f"{answer}\n")
    hands = dealt(session.stdout)
    second = hands[1]
    other = next(
        f"{a} {b}"
        for a in second
        for b in second
        if a != b and {a, b} != set(decide(second, "practise-card").front) and not (a.is_joker or b.is_joker)
    )
    session = runner.invoke(app, command, input=f"{answer}\n{other}\n")
    text = " ".join(session.stdout.split())
    assert session.exit_code == 0, session.output
    assert "You followed your strategy." in text and "Not your strategy's setting." in text
    assert f"Your strategy (practise-card): Card rule 1: {rule['words']}" in text
    assert "2 hands graded:" in text and "1 followed your strategy" in text
    study = re.search(r"Study it: paigow (advise .+?--player \S+)", text)
    assert study, text
    replay = runner.invoke(app, shlex.split(study[1]) + ["--json"])
    assert replay.exit_code == 0, replay.output
    assert json.loads(replay.stdout)["player"]["strategy"] == "practise-card"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--focus", "rule 2"], "a card's rule is practised with --player"),
        (["--player", "best"], "--player best: every answer is graded"),
        (["--player", "no-such-card.py"], "no-such-card.py"),
    ],
)
def test_drill_player_bad_input_is_one_error_line(args, fragment, history):
    one_error(runner.invoke(app, ["drill", *args], input="q\n"), 2, fragment)


def test_focus_on_a_rule_the_card_does_not_have_is_one_error_line(card, history):
    plugin, document = card
    missing = len(document["rules"]) + 1
    result = runner.invoke(app, ["drill", "--player", str(plugin), "--focus", f"rule {missing}"], input="q\n")
    one_error(result, 2, f"'rule {missing}' names no kind of hand and no practise-card clause")
