"""Strategy cards (``paigow strategy``) and the strategy table as data (``paigow table``): a card's
rules add up to its exact edge, its plugin plays exactly as the card, and bad input is one line."""

from __future__ import annotations

import csv
import io
import json
import random
from fractions import Fraction
from itertools import pairwise

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.strategy.card import search_card
from paigow_cli.analysis.strategy.card_rules import Condition
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import Game, Rules
from paigow_cli.house_ways.analysis import Seven
from paigow_cli.house_ways.strategy_rules import MOVES, features, hand_kind

runner = CliRunner()


def random_dead(seed: int, live: int = 20) -> tuple:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck[: 53 - live])


DEAD = random_dead(7)
DEAD_TEXT = " ".join(str(card) for card in DEAD)


@pytest.fixture(scope="module")
def card(cache_folder):
    return search_card(Question(Rules(), DEAD), rules=4)


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_each_rule_saves_what_it_says_and_the_card_adds_up(card):
    """Found in order, each rule adds what it saved then; read from the top, each gives up what the
    card loses without it; the hands it decides are the hands its words name."""
    assert card.rules, "a card of a 20-card deck finds rules"
    score = card.base_score
    for rule in sorted(card.rules, key=lambda rule: rule.step):
        assert rule.step_saving > 0
        score += rule.step_saving
        assert rule.step_score == score
    assert card.score == score == card.totals["card"][6]
    assert card.house_score <= card.score <= card.best_way_score <= card.best_score
    for rule in card.rules:
        assert rule.hands == rule.decided > 0 and rule.saving > 0


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_a_card_reads_from_the_top_by_kind_of_hand(cache_folder):
    """Rules grouped by kind in ``KIND_ORDER``; within a kind the rule found last comes first, so
    the first that fits decides as the last found did in the search."""
    from paigow_cli.analysis.strategy.card_rules import KIND_ORDER

    card = search_card(Question(Rules(game=Game.EZ), DEAD), rules=6)
    assert len(card.rules) == 6
    places = [(KIND_ORDER.index(rule.kind), -rule.step) for rule in card.rules]
    assert places == sorted(places)
    assert sorted(rule.step for rule in card.rules) == list(range(1, 7))


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_min_saving_ends_the_card(card):
    everything = card
    cut = min(rule.saving for rule in everything.rules)
    fewer = search_card(Question(Rules(), DEAD), rules=4, min_saving=Fraction(cut + 1, everything.scale))
    assert len(fewer.rules) == sum(rule.saving > cut for rule in everything.rules)


def test_conditions_read_and_test_alike():
    condition = Condition("single_1", 10, 13, 5, 14)
    assert condition.words("two-pair") == "highest single 10-K"
    assert condition.code() == "10 <= f.single(1) <= 13"
    assert Condition("pair_sum", 4, 15, 4, 27).code() == "f.pair_sum <= 15"
    assert Condition("complete", 0, 0, 0, 1).words("two-pair") == "no straight or flush possible"


def test_moves_never_foul_and_put_two_cards_of_the_hand_in_front(rng):
    from paigow_cli.core.splits import setting_keys

    for _ in range(3000):
        hand = tuple(rng.sample(DECK, 7))
        seven = Seven(hand)
        kind = hand_kind(seven)
        assert features(seven).kind == kind
        for move in MOVES.values():
            if kind not in move.kinds:
                continue
            front = move.front(seven)
            if front is not None:
                assert len(set(front)) == 2 and set(front) <= set(hand)
                high, low = setting_keys(hand, front)
                assert low <= high


@pytest.mark.slow
def test_the_cards_plugin_plays_exactly_as_the_card(cache_folder, tmp_path):
    plugin = tmp_path / "my_card.py"
    found = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "4", "--plugin", str(plugin), "--json"])
    assert found.exit_code == 0, found.output
    card = json.loads(found.stdout)
    assert card["plugin"] == str(plugin) and "written by paigow strategy" in plugin.read_text()
    for rule in card["rules"]:
        assert rule["hands_named"] == rule["hands_decided"] > 0 and rule["word_count"] == len(rule["words"].split())
    assert card["words"] == sum(rule["word_count"] for rule in card["rules"])
    assert {"The joker", "Ranks"} <= {entry["term"] for entry in card["glossary"]}
    edge = runner.invoke(app, ["edge", "--dead", DEAD_TEXT, "--player", str(plugin), "--json"])
    assert edge.exit_code == 0, edge.output
    counted = json.loads(edge.stdout)
    for field in ("wins", "pushes", "losses", "copies_high", "copies_low", "ev_fraction"):
        assert counted[field] == card["card"][field], field
    check = runner.invoke(app, ["house-ways", "--check", str(plugin), "--hands", "2000"])
    assert check.exit_code == 0, check.output
    again = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "1", "--plugin", str(plugin)])
    assert again.exit_code == 0, again.output  # a card this command wrote may be written over


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_strategy_text_fits_80_columns_and_markdown_is_a_table(cache_folder):
    found = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "3"])
    assert found.exit_code == 0, found.output
    lines = found.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and not any(line.endswith(" ") for line in lines)
    assert "Best play" in found.stdout and "The best suit-blind way" in found.stdout
    assert "What the words mean:" in found.stdout and "The joker: counts as an ace" in found.stdout
    markdown = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "3", "--markdown"]).stdout
    assert markdown.startswith("## A strategy card against the foxwoods dealer")
    assert "| 1 | " in markdown and "| Best play |" in markdown


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--min-saving", "nan"], "--min-saving 'nan'"),
        (["--min-saving", "-1"], "from 0 to 100"),
        (["--min-saving", "lots"], "--min-saving 'lots'"),
        (["--rules", "99"], "--rules"),
        (["--rules", "0"], "--rules"),
        (["--from", "best"], "--from best"),
        (["--from", "nowhere"], "unknown house way 'nowhere'"),
        (["--plugin", "card.txt"], "a plugin is a .py file"),
        (["--plugin", "/no/such/folder/card.py"], "no such folder"),
        (["--json", "--markdown"], "not both"),
    ],
)
def test_strategy_bad_input_is_one_error_line(args, fragment):
    one_error(runner.invoke(app, ["strategy", *args]), 2, fragment)


def test_strategy_will_not_write_over_a_file_it_did_not_write(tmp_path):
    mine = tmp_path / "mine.py"
    mine.write_text("print('my own work')\n")
    found = runner.invoke(app, ["strategy", "--plugin", str(mine)])
    assert found.exit_code == 2 and "was not written by paigow strategy" in found.stderr
    assert mine.read_text() == "print('my own work')\n"


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_table_rows_text_csv_and_json(cache_folder):
    text = runner.invoke(app, ["table", "--dead", DEAD_TEXT, "--limit", "5"])
    assert text.exit_code == 0, text.output
    assert "more classes: --limit 0 shows every one" in text.stdout
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["table", "--dead", DEAD_TEXT, "--csv"]).stdout)))
    question = Question(Rules(), DEAD)
    assert sum(int(row["hands"]) for row in rows) == question.player_hands
    costs = [float(row["given_up"]) * int(row["hands"]) for row in rows]
    assert all(earlier >= later - 1e-9 for earlier, later in pairwise(costs))  # the most given up first
    lines = runner.invoke(app, ["table", "--dead", DEAD_TEXT, "--json", "--category", "two-pair", "--differs"]).stdout
    found = [json.loads(line) for line in lines.splitlines()]
    assert found and all(row["kind"] == "two-pair" and row["given_up"] > 0 for row in found)
    first = found[0]
    assert first["best"]["ev"] > first["house"]["ev"]
    assert len(first["hand"]) == 7 and set(first["best"]["front"]) <= set(first["hand"])


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_table_every_setting_holds_the_best_and_the_house_way(cache_folder):
    lines = runner.invoke(app, ["table", "--dead", DEAD_TEXT, "--json", "--settings", "--limit", "20"]).stdout
    for line in lines.splitlines():
        row = json.loads(line)
        evs = [setting["ev"] for setting in row["settings"]]
        assert max(evs) == row["best"]["ev"] and row["house"]["ev"] in evs


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--category", "flush"], "--category flush: choose"),
        (["--player", "best"], "--player best"),
        (["--csv", "--json"], "not both"),
        (["--limit", "-1"], "--limit"),
    ],
)
def test_table_bad_input_is_one_error_line(args, fragment):
    one_error(runner.invoke(app, ["table", *args]), 2, fragment)


def SMALL_CARD(test):  # a mark, named as marks are
    """The tests that share ``card_plugin``: on one worker, and left to CI by the quick tier (the
    card's search is a 20-28 s setup)."""
    return pytest.mark.slow(pytest.mark.xdist_group("small-card")(test))


@SMALL_CARD
def test_advise_player_shows_the_strategys_setting_and_the_rule_that_decided(card_plugin):
    from paigow_cli.house_ways import decide

    plugin, card = card_plugin
    words = {f"Card rule {rule['number']}: {rule['words']}" for rule in card["rules"]}
    rng = random.Random(SEED_ADVISE)
    for _ in range(6):
        hand = rng.sample(DECK, 7)
        text = " ".join(str(c) for c in hand)
        found = runner.invoke(app, ["advise", text, "--player", str(plugin), "--json"])
        assert found.exit_code == 0, f"seed {SEED_ADVISE}: {found.output}"
        advice = json.loads(found.stdout)
        decision = decide(hand, "small-card")
        assert {key: advice["player"][key] for key in ("strategy", "clause", "low")} == {
            "strategy": "small-card",
            "clause": decision.rule,
            "low": [str(card) for card in decision.front],
        }
        assert advice["player"]["ev_given_up"] == advice["chosen"]["ev_given_up"]
        assert sorted(advice["chosen"]["low"]) == sorted(advice["player"]["low"])
        assert advice["chosen"]["ev_given_up"] >= 0
        assert decision.rule in words or not decision.rule.startswith("Card rule")
    shown = runner.invoke(app, ["advise", *CARD_HAND, "--player", str(plugin)])
    assert shown.exit_code == 0 and "Your strategy (small-card):" in shown.stdout


SEED_ADVISE = 5101
CARD_HAND = ["AS", "KD", "JK", "9H", "9C", "4D", "2S"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--player", "best"], "--player best: advise always shows"),
        (["--player", "house"], "--player house: advise always shows"),
        (["--player", "no-such-card.py"], "no-such-card.py"),
    ],
)
def test_advise_player_bad_input_is_one_error_line(args, fragment):
    one_error(runner.invoke(app, ["advise", *CARD_HAND, *args]), 2, fragment)


@SMALL_CARD
def test_house_ways_show_lists_every_clause_by_kind_and_a_cards_rules(card_plugin):
    """--show: the clauses' hands add up to every hand of seven from 53 cards; a card's plugin
    shows its rules as clauses of the kinds they name, and the house way's clauses that still decide."""
    from math import comb

    plugin, card = card_plugin
    shown = runner.invoke(app, ["house-ways", "--show", str(plugin), "--json"])
    assert shown.exit_code == 0, shown.output
    document = json.loads(shown.stdout)
    assert document["hands"] == sum(clause["hands"] for clause in document["clauses"]) == comb(53, 7)
    rules = {f"Card rule {rule['number']}: {rule['words']}": rule["kind"] for rule in card["rules"]}
    listed = {clause["clause"]: clause["kind"] for clause in document["clauses"] if clause["clause"] in rules}
    assert listed and all(rules[clause] == kind for clause, kind in listed.items())
    assert any(not clause["clause"].startswith("Card rule") for clause in document["clauses"])
    text = runner.invoke(app, ["house-ways", "--show", "trump-plaza"], env={"COLUMNS": "80"})
    assert text.exit_code == 0 and "Two pair" in text.stdout
    assert max(len(line) for line in text.stdout.splitlines()) <= 80


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--show", "nowhere"], "unknown strategy or house way 'nowhere'"),
        (["--show", "foxwoods", "--check", "foxwoods"], "--check and --show"),
    ],
)
def test_house_ways_show_bad_input_is_one_error_line(args, fragment):
    one_error(runner.invoke(app, ["house-ways", *args]), 2, fragment)


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_the_complete_card_accounts_for_every_hand_once(card, tmp_path):
    """--complete: per kind, the card's rules and the house way's clauses left decide every hand of
    the deck once; --html writes the same as a page with every rule's words and the glossary."""
    from math import comb

    from paigow_cli.analysis.game.counting import settings_table
    from paigow_cli.analysis.strategy.clauses import complete_card

    pages = complete_card(card.rules, settings_table("foxwoods", Rules().wheel))
    assert sum(page.hands for page in pages) == comb(53, 7)
    for page in pages:
        assert page.hands == sum(hands for _, hands in page.rules) + sum(clause.hands for clause in page.clauses)
    assert sorted(number for page in pages for number, _ in page.rules) == list(range(1, len(card.rules) + 1))
    page = tmp_path / "card.html"
    found = runner.invoke(app, ["strategy", "--dead", DEAD_TEXT, "--rules", "4", "--complete", "--html", str(page)])
    assert found.exit_code == 0, found.output
    written = page.read_text(encoding="utf-8")
    assert written.startswith("<!DOCTYPE html>") and "What the words mean" in written
    text = " ".join(found.stdout.split())
    assert "Otherwise, the foxwoods house way:" in text or all(not p.clauses for p in pages if p.rules)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["--complete", "--json"], "--complete prints the card for a person"), (["--html", "card.txt"], "an .html file")],
)
def test_complete_bad_input_is_one_error_line(args, fragment):
    one_error(runner.invoke(app, ["strategy", *args]), 2, fragment)
