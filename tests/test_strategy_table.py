"""Strategy tables (``paigow edge --player``, ``compare``, ``mistakes --player``, best-way): every
player class's settings with exact counts, checked setting by setting against a brute force over
every (player, dealer) pair of small decks, and every strategy read from them against the
whole-game pass that plays it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner
from whole_game_reference import brute_force_table

from paigow_cli.analysis.game import passes as edge
from paigow_cli.analysis.game import store as answer_cache
from paigow_cli.analysis.game.counting import count_chunk_of
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.game.store import chunk_count
from paigow_cli.analysis.game.store import strategy_table_path as table_path
from paigow_cli.analysis.strategy.answers import Run, answer_from_table, compute_all, strategy_tables
from paigow_cli.analysis.strategy.table import read_table as cached_table
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Rules

runner = CliRunner()
WAYS = [way.value for way in HouseWayName]
GOLD_STAR = str(Path(__file__).resolve().parent.parent / "examples" / "house_ways" / "gold_star.py")


def random_dead(seed: int, live: int = 17) -> tuple:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck[: 53 - live])


def pass_tally(question: Question) -> Tally:
    """The whole-game pass that plays the question's strategy, every chunk."""
    chunks = chunk_count(question)
    total = Tally()
    for chunk in range(chunks):
        total.add(count_chunk_of([question], chunk, chunks)[0])
    return total


def table_rows(table) -> dict[int, dict]:
    """A strategy table in the brute force's shape."""
    rows = {}
    for row, class_id in enumerate(table.ids.tolist()):
        first, last = int(table.start[row]), int(table.start[row + 1])
        rows[class_id] = {
            "hands": int(table.hands[row]),
            "best": [int(value) for value in table.best[row]],
            "settings": {
                (int(table.high[at]), int(table.low[at])): [
                    int(table.wins[at]),
                    int(table.losses[at]),
                    int(table.copies_high[at]),
                    int(table.copies_low[at]),
                    int(table.not_best[at]),
                    int(table.most[at]),
                ]
                for at in range(first, last)
            },
        }
    return rows


def check_table_against_brute_force(question: Question) -> dict[int, dict]:
    table = strategy_tables([question], run=Run(jobs=1))[0]
    table.check()
    expected = brute_force_table(question)
    found = {class_id: row for class_id, row in table_rows(table).items() if row["hands"]}
    assert found.keys() == expected.keys()
    for class_id, row in expected.items():
        assert found[class_id] == row, class_id
    assert sum(row["hands"] for row in found.values()) == question.player_hands
    return expected


def test_the_table_is_a_brute_force_count_setting_by_setting(cache_folder):
    """Every class's every legal setting: its four counts summed over the class's hands, the hands
    where a better setting exists, the most one hand gives up, and best play's counts. And the
    best way: per class the legal setting with the highest summed score (ties to the stronger)."""
    question = Question(Rules(), random_dead(11, 15))
    expected = check_table_against_brute_force(question)
    wins = losses = 0
    for row in expected.values():
        scores = {keys: 19 * counts[0] - 20 * counts[1] for keys, counts in row["settings"].items()}
        chosen = max(scores, key=lambda keys: (scores[keys], keys))
        wins += row["settings"][chosen][0]
        losses += row["settings"][chosen][1]
    found = compute_all([Question(question.rules, question.dead, BEST_WAY)], run=Run(jobs=1))[0]
    assert found.totals["house"][1] == wins and found.totals["house"][3] == losses


@pytest.mark.slow
@pytest.mark.parametrize(("game", "banker"), [(game, banker) for game in Game for banker in (False, True)])
def test_the_table_is_a_brute_force_count_in_every_game(cache_folder, game, banker):
    for seed in (3, 4):
        check_table_against_brute_force(Question(Rules(game=game, banker=banker), random_dead(seed + banker, 16)))


def check_ways_against_the_pass(rules: Rules, dead: tuple, ways: list[str]) -> None:
    """Totals, clauses, their example hands and the two-pair chart, count for count."""
    table = strategy_tables([Question(rules, dead)], run=Run(jobs=1))[0]
    for way in ways:
        question = Question(rules, dead, way)
        expected, found = pass_tally(question), answer_from_table(question, table, details=True)
        assert found.totals == expected.totals, way
        assert found.rules == expected.rules, way
        assert found.examples == expected.examples, way
        assert found.chart == expected.chart, way


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
def test_house_ways_read_from_the_table_count_what_a_pass_counts(cache_folder):
    check_ways_against_the_pass(Rules(), random_dead(7, 15), ["trump-plaza", GOLD_STAR])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "banker"), [(game, banker) for game in Game for banker in (False, True)])
def test_every_house_way_read_from_the_table_counts_what_a_pass_counts(cache_folder, game, banker):
    check_ways_against_the_pass(Rules(game=game, banker=banker), random_dead(7), [*WAYS[1:], GOLD_STAR])


@pytest.mark.slow
@pytest.mark.parametrize("dealer", WAYS[1:])
def test_every_strategy_against_every_dealer_reads_as_a_pass_counts(cache_folder, dealer):
    check_ways_against_the_pass(Rules(house_way=dealer, game=Game.COMMISSION_FREE), random_dead(len(dealer)), WAYS)


@pytest.mark.parametrize("seed", [9, pytest.param(8, marks=pytest.mark.slow)])
@pytest.mark.slow
def test_the_best_way_is_no_worse_than_any_house_way_and_no_better_than_best_play(cache_folder, seed):
    rules, dead = Rules(game=[Game.CLASSIC, Game.EZ][seed % 2]), random_dead(seed)
    tallies = compute_all([Question(rules, dead, way) for way in [*WAYS, BEST_WAY]], run=Run(jobs=1))
    best_way = tallies[-1].totals["house"][6]
    assert all(tally.totals["house"][6] <= best_way for tally in tallies[:-1])
    assert best_way <= tallies[-1].totals["best"][6]


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_a_damaged_table_is_counted_again(cache_folder):
    question = Question(Rules(), random_dead(12, 15))
    strategy_tables([question], run=Run(jobs=1))
    path = table_path(question)
    path.write_bytes(path.read_bytes()[:1000])
    assert cached_table(question) is None
    notes: list[str] = []
    table = strategy_tables([question], run=Run(jobs=1, notify=notes.append))[0]
    assert "damaged" in notes[0] and cached_table(question) is not None
    assert int(table.hands.sum()) == question.player_hands


def test_an_interrupted_table_pass_resumes_from_its_finished_chunks(cache_folder, monkeypatch):
    question = Question(Rules(game=Game.EZ), random_dead(13))
    chunks = chunk_count(question)
    calls: list[int] = []
    real = edge._run_locally

    def stopping(questions, todo, chunks, finished, *, record, jobs):
        def keep(chunk, *found):
            calls.append(chunk)
            finished(chunk, *found)
            if len(calls) == 3:
                raise KeyboardInterrupt

        real(questions, todo, chunks, keep, record=record, jobs=jobs)

    monkeypatch.setattr(edge, "_run_locally", stopping)
    with pytest.raises(KeyboardInterrupt):
        strategy_tables([question], run=Run(jobs=1))
    kept = sorted(answer_cache.partial_folder(question, record=True).glob("chunk-*.npz"))
    assert len(kept) == 3
    monkeypatch.setattr(edge, "_run_locally", real)
    notes: list[str] = []
    table = strategy_tables([question], run=Run(jobs=1, notify=notes.append))[0]
    assert notes == [f"resuming: 3 of {chunks} chunks were computed by an earlier run"]
    assert answer_from_table(Question(question.rules, question.dead, "ballys"), table) == answer_from_table(
        Question(question.rules, question.dead, "ballys"), strategy_tables([question], run=Run(jobs=1))[0]
    )
    assert not answer_cache.partial_folder(question, record=True).exists()


DEAD_TEXT = " ".join(str(card) for card in random_dead(14))


def test_edge_player_best_way_json(cache_folder):
    result = runner.invoke(app, ["edge", "--player", "best-way", "--dead", DEAD_TEXT, "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["player"] == "best-way"
    assert found["wins"] + found["pushes"] + found["losses"] == found["deals"]
    house = json.loads(runner.invoke(app, ["edge", "--dead", DEAD_TEXT, "--json"]).stdout)
    best = json.loads(runner.invoke(app, ["edge", "--dead", DEAD_TEXT, "--json", "--player", "best"]).stdout)
    assert house["ev"] <= found["ev"] <= best["ev"]


def test_mistakes_of_the_best_way_name_kinds_of_hand(cache_folder):
    result = runner.invoke(app, ["mistakes", "--by", "clause", "--player", "best-way", "--dead", DEAD_TEXT, "--json"])
    assert result.exit_code == 0, result.output
    clauses = json.loads(result.stdout)["clauses"]
    assert clauses and all(clause["rule"].startswith("Best suit-blind setting, ") for clause in clauses)
    text = runner.invoke(app, ["mistakes", "--player", "best-way", "--dead", DEAD_TEXT]).stdout
    assert "the best suit-blind way, played against the foxwoods dealer" in " ".join(text.split())


def test_compare_has_the_best_way_row_unstarred(cache_folder):
    result = runner.invoke(app, ["compare", "--dead", DEAD_TEXT, "--house-way", "foxwoods", "--json"])
    assert result.exit_code == 0, result.output
    cells = [json.loads(line) for line in result.stdout.splitlines()]
    by_player = {cell["player"]: cell for cell in cells}
    assert list(by_player)[:2] == ["best", "best-way"]
    assert not by_player["best-way"]["best_strategy"] and not by_player["best"]["best_strategy"]
    assert by_player["best-way"]["ev"] >= max(cell["ev"] for cell in cells if cell["player"] in WAYS)


def test_a_plugin_may_not_call_itself_best_way(tmp_path):
    plugin = tmp_path / "mine.py"
    plugin.write_text(Path(GOLD_STAR).read_text().replace('name = "gold-star"', 'name = "best-way"'))
    result = runner.invoke(app, ["house", "AS KD JK 9H 9C 4D 2S", "--house-way", str(plugin)])
    assert result.exit_code == 1
    assert "a word --player keeps for itself" in result.stderr


@pytest.mark.slow
@pytest.mark.xdist_group("full-deck")  # with the docs' full-deck examples: one count, then the cache
def test_the_full_deck_tables_read_every_strategy_as_the_recorded_passes_counted(cache_folder):
    """The full deck: each strategy table (the foxwoods classic dealer, trump-plaza's EZ game and
    its banker side), read for every shipped way, equals the plain whole-game pass's counts
    recorded in tests/data/pass_counts.json (``scripts/record_pass_counts.py``)."""
    recorded = json.loads((Path(__file__).parent / "data" / "pass_counts.json").read_text())
    for dealer, game, banker in (("foxwoods", Game.CLASSIC, False), ("trump-plaza", Game.EZ, False)):
        rules = Rules(house_way=dealer, game=game, banker=banker)
        table = strategy_tables([Question(rules)])[0]
        for way in WAYS:
            key = f"{dealer} {game.value} {'banker' if banker else 'player'} {way}"
            assert answer_from_table(Question(rules, (), way), table).totals["house"] == recorded[key], key
