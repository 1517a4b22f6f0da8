"""Several whole-game questions in one pass (``edge --all``), and the pieces the faster whole-game
pass stands on: push layers, each class's clause in the dealer table, the legal settings of a
class, the flush classes' layout, and the answers of ``edge --all`` on a small deck."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from typer.testing import CliRunner
from whole_game_reference import brute_force

from paigow_cli.analysis.game.counting import count_chunk, count_chunk_of
from paigow_cli.analysis.game.question import Question, question_set
from paigow_cli.analysis.money.results import edge_result
from paigow_cli.analysis.strategy.answers import Run, compute_all
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK, cards_text, parse_cards
from paigow_cli.core.rules import Game, HouseWayName, Rules, Wheel
from paigow_cli.core.splits import all_splits, setting_keys
from paigow_cli.engine.class_flags import push_classes, push_layers
from paigow_cli.engine.class_settings import legal_settings
from paigow_cli.engine.dealer_classes import NO_RANK
from paigow_cli.engine.distribution import check_flush_layout, prepare
from paigow_cli.house_ways import decide

runner = CliRunner()


def live_deck(text: str) -> tuple:
    """The dead cards that leave exactly these cards live."""
    live = set(parse_cards(text))
    return tuple(card for card in DECK if card not in live)


PUSH_HEAVY = live_deck("2S 3H 4D 5C 7S 8H 9D TC JS QH AD 2H 3D 6C 8S KC")


def every_game_and_side(dead: tuple, **rules) -> list[Question]:
    return [Question(Rules(game=game, banker=banker, **rules), dead) for game in Game for banker in (False, True)]


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
@pytest.mark.slow
def test_questions_answered_together_count_what_each_counts_alone(cache_folder, seed):
    """Every game and side of the bank, and a classic game at another commission, in one pass: each
    tally (both players, the clauses, their examples, the two-pair chart) is the one it gets alone."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    dead = tuple(deck[:37])  # 16 live cards
    questions = [*every_game_and_side(dead), Question(Rules(commission=0.04), dead)]
    for chunk in range(2):
        together = count_chunk_of(questions, chunk, 2)
        for question, tally in zip(questions, together):
            assert tally.as_json() == count_chunk(question, chunk, 2).as_json(), (question.rules, chunk)


@pytest.mark.slow
def test_questions_answered_together_match_brute_force(cache_folder):
    questions = every_game_and_side(PUSH_HEAVY, house_way="ballys")
    for question, tally in zip(questions, compute_all(questions, run=Run(jobs=1))):
        expected = brute_force(question)
        assert {player: tally.totals[player] for player in ("house", "best")} == {
            player: expected[player] for player in ("house", "best")
        }, question.rules


def test_questions_answered_together_share_the_house_way_wheel_and_deck():
    base = Question(Rules())
    for other in (
        Question(Rules(house_way="ballys")),
        Question(Rules(wheel=Wheel.LOW)),
        Question(Rules(), tuple(parse_cards("2S"))),
    ):
        with pytest.raises(ValueError, match="share the house way"):
            question_set([base, other])
    assert question_set([base, Question(Rules(game=Game.EZ, banker=True))])


def test_push_layers_settle_each_class_as_its_game_does(foxwoods_table):
    games = list(Game)
    multiset_layer, flush_layer, settles = push_layers(foxwoods_table, games)
    assert settles.shape[0] == len(games) and len(set(map(tuple, settles.T.tolist()))) == settles.shape[1]
    for at, game in enumerate(games):
        pushes = push_classes(foxwoods_table, game)
        for kind, layer in enumerate((multiset_layer, flush_layer)):
            expected = np.zeros(len(layer), dtype=bool) if pushes is None else pushes[kind]
            assert np.array_equal(~settles[at, layer], expected), (game, kind)


def test_the_dealer_table_keeps_the_clause_that_set_each_class(foxwoods_table):
    classes = foxwoods_table.classes
    rng = random.Random(5)
    for kind, hand_of, count in (
        ("multiset", classes.multiset_hand, len(classes.multiset_counts)),
        ("flush", classes.flush_hand, len(classes.flush_suited)),
    ):
        for index in rng.sample(range(count), 150):
            hand = hand_of(index)
            decision = decide(hand, HouseWayName.FOXWOODS, False)
            assert foxwoods_table.house_setting(kind, index) == (*setting_keys(hand, decision.front), decision.rule)


def test_legal_settings_of_a_class_are_its_settings_that_do_not_foul(foxwoods_table):
    """Against all_splits of the class's representative hand, for random multiset and flush classes."""
    classes = foxwoods_table.classes
    rng = random.Random(7)
    for wheel_low in (False, True):
        for _ in range(300):
            if rng.random() < 0.5:
                index = rng.randrange(len(classes.multiset_counts))
                hand = classes.multiset_hand(index)
                ranks = [rank for rank in range(13) for _ in range(int(classes.multiset_counts[index, rank]))]
                suited: list[int] = []
                joker = bool(classes.multiset_joker[index])
            else:
                index = rng.randrange(len(classes.flush_suited))
                hand = classes.flush_hand(index)
                mask = int(classes.flush_suited[index])
                suited = [rank for rank in range(13) if mask >> rank & 1]
                ranks = [int(rank) for rank in classes.flush_other[index] if rank != NO_RANK]
                joker = bool(classes.flush_joker[index])
            expected = {
                (split.high_value.key, split.low_value.key) for split in all_splits(hand, wheel_low) if not split.foul
            }
            found = legal_settings(suited + ranks, len(suited), joker, wheel_low)
            assert set(found) == expected and found == sorted(found, reverse=True), cards_text(hand)


def test_the_flush_layout_check_catches_classes_out_of_place(foxwoods_table):
    mask_start, other, joker, *_ = prepare(foxwoods_table).flush
    check_flush_layout(mask_start, other, joker)
    swapped = other.copy()
    swapped[[100, 101]] = swapped[[101, 100]]
    with pytest.raises(RuntimeError, match="order"):
        check_flush_layout(mask_start, swapped, joker)
    with pytest.raises(RuntimeError, match="mask"):
        check_flush_layout(np.where(np.arange(len(mask_start)) == 40, mask_start + 1, mask_start), other, joker)


# --- edge --all ----------------------------------------------------------------------------------------


@pytest.fixture
def foxwoods_only(monkeypatch):
    """``edge --all`` cut to the foxwoods questions (the other house ways' tables cost a build each)."""
    from paigow_cli.cli.commands import edge as whole_game

    everything = whole_game.all_questions
    monkeypatch.setattr(whole_game, "all_questions", lambda wheel, dead: everything(wheel, dead)[:1])


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_edge_all_json_lines_agree_with_each_question_alone(cache_folder, foxwoods_table, foxwoods_only):
    dead = cards_text(PUSH_HEAVY)
    result = runner.invoke(app, ["edge", "--all", "--dead", dead, "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 8 and len({(line["game"], line["banker"]) for line in lines}) == 8
    for line in lines:
        question = Question(Rules(game=Game(line["game"]), banker=line["banker"]), PUSH_HEAVY)
        alone = json.loads(runner.invoke(app, ["edge", *question_args(line), "--dead", dead, "--json"]).stdout)
        assert line["house"]["wins"] == alone["wins"] and line["house"]["ev_fraction"] == alone["ev_fraction"]
        best = edge_result(question, compute_all([question])[0], "best")
        assert line["best"]["house_edge"] == best.house_edge
        assert line["best_play_saves"] == pytest.approx(line["house"]["house_edge"] - line["best"]["house_edge"])
        assert "player" not in line


def question_args(line: dict) -> list[str]:
    return ["--game", line["game"], *(["--banker"] if line["banker"] else [])]


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_edge_all_csv_and_table(cache_folder, foxwoods_table, foxwoods_only):
    dead = cards_text(PUSH_HEAVY)
    csv_text = runner.invoke(app, ["edge", "--all", "--dead", dead, "--csv"]).stdout
    header, *rows = csv_text.splitlines()
    assert header.startswith("house_way,game,side,") and len(rows) == 8
    assert {row.split(",")[2] for row in rows} == {"player", "banker"}
    table = runner.invoke(app, ["edge", "--all", "--dead", dead], env={"COLUMNS": "80"})
    assert table.exit_code == 0, table.stderr
    assert max(len(line) for line in table.stdout.splitlines()) <= 80
    assert table.stdout.count("foxwoods") == 8


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--csv"], "--csv goes with --all"),
        (["--all", "--json", "--csv"], "choose --json"),
        (["--all", "--game", "ez"], "drop --game"),
        (["--all", "--house-way", "ballys"], "drop --house-way"),
        (["--all", "--player", "best"], "drop --player"),
        (["--all", "--banker"], "drop --banker"),
    ],
)
def test_edge_all_option_errors_are_one_line(args, fragment):
    result = runner.invoke(app, ["edge", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and fragment in result.stderr and result.stderr.count("\n") == 1


# --- a player's strategy against another dealer --------------------------------------------------------


@pytest.mark.parametrize(
    "game, banker",
    [
        pytest.param(Game.CLASSIC, False, marks=pytest.mark.slow),
        pytest.param(Game.EZ, True, marks=pytest.mark.slow),  # the quick tier leaves it to CI (14 s)
        pytest.param(Game.COMMISSION_FREE, False, marks=pytest.mark.slow),
    ],
)
def test_a_strategy_against_another_dealer_matches_brute_force(cache_folder, game, banker):
    """The player sets by trump-plaza's way (or flamingo's), the dealer by foxwoods'."""
    for strategy, dead in (
        ("trump-plaza", PUSH_HEAVY),
        ("flamingo", live_deck("9S 9H TS TH JS JH QS QH KS KH AS AH 7S 7H 4D")),
    ):
        question = Question(Rules(game=game, banker=banker), dead, strategy=strategy)
        tally = compute_all([question], run=Run(jobs=1))[0]
        expected = brute_force(question)
        assert {player: tally.totals[player] for player in ("house", "best")} == {
            player: expected[player] for player in ("house", "best")
        }, (strategy, game, banker)


@pytest.mark.slow
def test_strategies_answered_together_count_what_each_counts_alone(cache_folder):
    deck = list(DECK)
    random.Random(9).shuffle(deck)
    dead = tuple(deck[:37])
    questions = [Question(Rules(house_way="ballys"), dead, strategy=way) for way in ("ballys", "foxwoods", "flamingo")]
    questions.append(Question(Rules(house_way="ballys", game=Game.EZ), dead, strategy="foxwoods"))
    assert questions[0].strategy is None  # the dealer's own way: the same question as plain edge
    for chunk in range(2):
        together = count_chunk_of(questions, chunk, 2)
        for question, tally in zip(questions, together):
            assert tally.as_json() == count_chunk(question, chunk, 2).as_json(), question
    assert len({json.dumps(question.describe(), sort_keys=True) for question in questions}) == 4


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_edge_player_names_his_strategy(cache_folder, foxwoods_table):
    dead = cards_text(PUSH_HEAVY)
    result = runner.invoke(app, ["edge", "--player", "trump-plaza", "--dead", dead, "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["player"] == "trump-plaza" and document["house_way"] == "foxwoods"
    question = Question(Rules(), PUSH_HEAVY, strategy="trump-plaza")
    assert document["wins"] == brute_force(question)["house"][1]
    own = json.loads(runner.invoke(app, ["edge", "--player", "foxwoods", "--dead", dead, "--json"]).stdout)
    assert own["player"] == "foxwoods" and own["gain_over_house_way"] == 0  # the dealer's own way: plain edge
    text = runner.invoke(app, ["mistakes", "--player", "trump-plaza", "--dead", dead], env={"COLUMNS": "80"})
    assert text.exit_code == 0, text.stderr
    assert "trump-plaza house way, played against the foxwoods dealer" in " ".join(text.stdout.split())


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["edge", "--player", "nosuch"], "--player: unknown strategy or house way 'nosuch'"),
        (["mistakes", "--player", "best"], "--player best gives nothing away"),
        (["compare", "--player", "best"], "--player best: best play is always the first row"),
        (["compare", "--json", "--csv"], "choose --json"),
        (["compare", "--house-way", "nosuch"], "--house-way: unknown house way"),
    ],
)
def test_strategy_option_errors_are_one_line(args, fragment):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and fragment in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_compare_table_json_and_csv(cache_folder, foxwoods_table, monkeypatch):
    """Rows cut to best play, foxwoods and ballys; columns foxwoods and ballys (each table a build)."""
    from paigow_cli.cli.commands import compare

    monkeypatch.setattr(compare, "strategy_names", lambda players: ["best", "foxwoods", "ballys"])
    dead = cards_text(PUSH_HEAVY)
    args = ["compare", "--house-way", "foxwoods", "--house-way", "ballys", "--dead", dead]
    lines = [json.loads(line) for line in runner.invoke(app, [*args, "--json"]).stdout.splitlines()]
    assert [(line["house_way"], line["player"]) for line in lines] == [
        (dealer, player) for dealer in ("foxwoods", "ballys") for player in ("best", "foxwoods", "ballys")
    ]
    for line in lines:  # each cell is that edge answer (edge is checked against the brute force)
        alone = runner.invoke(
            app, ["edge", "--house-way", line["house_way"], "--player", line["player"], "--dead", dead, "--json"]
        )
        expected = json.loads(alone.stdout)
        assert (line["wins"], line["pushes"], line["losses"], line["ev_fraction"]) == (
            expected["wins"],
            expected["pushes"],
            expected["losses"],
            expected["ev_fraction"],
        ), line["player"]
    for dealer in ("foxwoods", "ballys"):
        played = [line for line in lines if line["house_way"] == dealer and line["player"] != "best"]
        marked = [line for line in played if line["best_strategy"]]
        assert marked and all(line["house_edge"] == min(p["house_edge"] for p in played) for line in marked)
    csv_rows = runner.invoke(app, [*args, "--csv"]).stdout.splitlines()
    assert csv_rows[0].startswith("house_way,game,banker,player") and len(csv_rows) == 7
    table = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert table.exit_code == 0 and max(len(line) for line in table.stdout.splitlines()) <= 80
