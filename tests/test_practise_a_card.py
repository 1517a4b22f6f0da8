"""Practising a strategy card: drill --player grades each answer against the card as well as the
best setting, --focus "rule N" deals the hands a card's rule decides, and the "Study it" line is a
command that runs as printed (the card by its file)."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from helpers import one_error
from test_strategy_card import DEAD_TEXT, SMALL_CARD
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import cards_text, parse_cards
from paigow_cli.house_ways import decide

runner = CliRunner()
SEED = 17


@pytest.fixture
def card(card_plugin):
    """The 4-rule card of a 20-card deck the strategy-card tests write (``small-card``)."""
    return card_plugin


@pytest.fixture
def history(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))


def dealt(output: str) -> list[tuple]:
    """The hands a drill printed."""
    return [parse_cards(line) for line in re.findall(r"Hand \d+ of \d+:\s+(.+)", output)]


@SMALL_CARD
def test_a_scripted_session_against_a_card_scores_followed_apart_from_best(card, history):
    """Hand 1 set as the card's rule 1 sets it, hand 2 otherwise: one followed, and the Study it
    line runs as printed."""
    plugin, document = card
    rule = document["rules"][0]
    command = ["drill", "--player", str(plugin), "--focus", "rule 1", "--seed", str(SEED), "-n", "2"]
    hands = dealt(runner.invoke(app, command, input="q\n").stdout)[:1]
    first = hands[0]
    decision = decide(first, "small-card")
    assert decision.rule == f"Card rule 1: {rule['words']}", f"seed {SEED}: --focus 'rule 1' dealt {first}"
    answer = cards_text(decision.front)
    session = runner.invoke(app, command, input=f"{answer}\n")
    hands = dealt(session.stdout)
    second = hands[1]
    other = next(
        f"{a} {b}"
        for a in second
        for b in second
        if a != b and {a, b} != set(decide(second, "small-card").front) and not (a.is_joker or b.is_joker)
    )
    session = runner.invoke(app, command, input=f"{answer}\n{other}\n")
    text = " ".join(session.stdout.split())
    assert session.exit_code == 0, session.output
    assert "You followed your strategy." in text and "Not your strategy's setting." in text
    assert f"Your strategy (small-card): Card rule 1: {rule['words']}" in text
    assert "2 hands graded:" in text and "1 followed your strategy" in text
    study = re.search(r"Study it: paigow (advise .+?--player \S+)", text)
    assert study, text
    replay = runner.invoke(app, shlex.split(study[1]) + ["--json"])
    assert replay.exit_code == 0, replay.output
    assert json.loads(replay.stdout)["player"]["strategy"] == "small-card"


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


@SMALL_CARD
def test_focus_on_a_rule_the_card_does_not_have_is_one_error_line(card, history):
    plugin, document = card
    missing = len(document["rules"]) + 1
    result = runner.invoke(app, ["drill", "--player", str(plugin), "--focus", f"rule {missing}"], input="q\n")
    one_error(result, 2, f"'rule {missing}' names no kind of hand and no small-card clause")


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_a_saved_card_is_listed_with_its_edge_and_found_by_name_in_every_command(cache_folder, history, tmp_path):
    saved = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "3", "--save", "small3", "--json"])
    assert saved.exit_code == 0, saved.output
    document = json.loads(saved.stdout)
    listed = json.loads(runner.invoke(app, ["strategy", "--list", "--json"]).stdout)
    assert [card["name"] for card in listed] == ["small3"]
    assert listed[0]["house_edge"] == -document["card"]["ev"] and listed[0]["rules"] == 3
    advice = runner.invoke(app, ["advise", "AS", "KD", "JK", "9H", "9C", "4D", "2S", "--player", "small3", "--json"])
    assert advice.exit_code == 0 and json.loads(advice.stdout)["player"]["strategy"] == "small3"
    shown = runner.invoke(app, ["house-ways", "--show", "small3", "--json"])
    assert shown.exit_code == 0 and json.loads(shown.stdout)["name"] == "small3"
    again = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "1", "--save", "small3"])
    assert again.exit_code == 0, again.output  # a card this command saved may be saved over
    other = runner.invoke(app, ["drill", "--player", "small3", "--house-way", "trump-plaza"], input="q\n")
    one_error(other, 2, "this card was made against the foxwoods dealer (classic); practise it there")


def test_a_damaged_saved_card_is_said_and_loses_nothing_else(cache_folder, history, tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "broken.json").write_text("{", encoding="utf-8")
    (cards / "broken.py").write_text("garbage(\n", encoding="utf-8")
    listed = runner.invoke(app, ["strategy", "--list"], env={"COLUMNS": "80"})
    assert listed.exit_code == 0 and "damaged: save it again" in " ".join(listed.stdout.split())
    result = runner.invoke(app, ["advise", "AS", "KD", "JK", "9H", "9C", "4D", "2S", "--player", "broken"])
    one_error(result, 1, "cannot load the house way plugin")  # a plugin fault (design.md: exit 1)
    assert (cards / "broken.py").read_text(encoding="utf-8") == "garbage(\n"


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("trump-plaza", "names a house way or a --player word"),
        ("Bad Name", "lower case letters"),
        ("best", "--player word"),
    ],
)
def test_save_bad_names_are_one_error_line(name, fragment, history):
    one_error(runner.invoke(app, ["strategy", "--save", name]), 2, fragment)


@SMALL_CARD
def test_the_anki_deck_opens_with_a_note_per_rule(card, tmp_path):
    """--anki: the .apkg opens as Anki's SQLite collection, with one note per rule, each naming
    hands the rule decides and the front it makes."""
    import html
    import sqlite3
    import zipfile

    pytest.importorskip("genanki")
    deck = tmp_path / "small.apkg"
    made = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "4", "--anki", str(deck), "--json"])
    assert made.exit_code == 0, made.output
    rules = json.loads(made.stdout)["rules"]
    with zipfile.ZipFile(deck) as package:
        package.extract("collection.anki2", tmp_path)
    with sqlite3.connect(tmp_path / "collection.anki2") as collection:
        notes = [row[0].split("\x1f") for row in collection.execute("select flds from notes order by sfld")]
    assert [html.unescape(fields[0]) for fields in notes] == [rule["words"] for rule in rules]
    for fields in notes:
        hands = fields[1].split("<br>")
        assert 1 <= len(hands) <= 3
        for hand, setting in zip(hands, fields[2].split("<br>")):
            front = parse_cards(setting.split(": ")[1].removesuffix(" in front"))
            assert setting.startswith(hand) and set(front) <= set(parse_cards(hand))


@pytest.mark.parametrize(
    ("target", "fragment"),
    [("deck.txt", "an Anki deck is an .apkg file"), ("/no/such/folder/d.apkg", "no such folder")],
)
def test_anki_bad_path_is_one_error_line(target, fragment):
    one_error(runner.invoke(app, ["strategy", "--anki", target]), 2, fragment)
