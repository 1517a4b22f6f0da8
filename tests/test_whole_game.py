"""The whole game (paigow edge, paigow mistakes): exact counts checked against a plain brute force
over every (player, dealer) pair of small decks, and against the per-hand engine hand by hand."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest
from typer.testing import CliRunner
from whole_game_reference import brute_force

from paigow_cli.analysis.game import store as answer_cache
from paigow_cli.analysis.game.counting import count_chunk
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.game.rank_groups import chart_cell, rank_groups
from paigow_cli.analysis.hand.advice import advise
from paigow_cli.analysis.money.results import edge_result, mistakes, two_pair_chart
from paigow_cli.analysis.strategy.answers import Run, compute
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK, cards_text, parse_cards
from paigow_cli.core.rules import Game, Rules, Wheel
from paigow_cli.engine.dealer_table import load_table

runner = CliRunner()


def live_deck(text: str) -> tuple:
    """The dead cards that leave exactly these cards live."""
    live = set(parse_cards(text))
    return tuple(card for card in DECK if card not in live)


def random_dead(seed: int, live: int = 16) -> tuple:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck[: 53 - live])


# Decks built so the push rules fire often: low unpaired ranks with a queen (EZ), an ace (Face Up),
# nines and below (Commission-Free); plain two-pair hands for the chart.
PUSH_HEAVY = live_deck("2S 3H 4D 5C 7S 8H 9D TC JS QH AD 2H 3D 6C 8S KC")
TWO_PAIRS = live_deck("9S 9H TS TH JS JH QS QH KS KH AS AH 7S 7H 4D")


def totals(question: Question) -> dict:
    tally = Tally()
    for chunk in range(3):
        tally.add(count_chunk(question, chunk, 3))
    return tally.totals


def test_rank_groups_cover_every_player_hand_once():
    for dead in ((), random_dead(3, 20), PUSH_HEAVY):
        question = Question(Rules(), dead)
        hands = 0
        for counts, _joker in rank_groups(question.dead):
            live = [sum(1 for suit in range(4) if DECK[rank * 4 + suit] not in question.dead) for rank in range(13)]
            ways = 1
            for rank, count in enumerate(counts):
                ways *= len(list(combinations(range(live[rank]), count)))
            hands += ways
        assert hands == question.player_hands


def check_against_brute_force(question: Question) -> dict:
    expected = brute_force(question)
    assert totals(question) == {player: expected[player] for player in ("house", "best")}, (
        question.rules,
        cards_text(question.dead),
    )
    return expected


QUICK_GAMES = (Game.CLASSIC, Game.EZ)  # the quick tier's; the other games run in the slow tier CI runs


@pytest.mark.parametrize(
    "banker, game",
    [
        pytest.param(banker, game, id=f"{banker}-{game.value}", marks=() if game in QUICK_GAMES else pytest.mark.slow)
        for game in Game
        for banker in (False, True)
    ],
)
def test_whole_game_matches_brute_force(cache_folder, game, banker):
    """Every game, both sides of the bank, both players (house way and best EV), 38 dead cards
    chosen so the game's push rule fires."""
    question = Question(
        Rules(game=game, banker=banker), (*PUSH_HEAVY, parse_cards("8S KC")[banker])
    )  # one more dead: 15 live
    expected = check_against_brute_force(question)
    if game is not Game.CLASSIC:
        assert expected["game_pushes"] > 0  # the push rule was really exercised


@pytest.mark.slow
@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("banker", [False, True])
def test_whole_game_matches_brute_force_on_more_decks(cache_folder, game, banker):
    for dead in (random_dead(list(Game).index(game) * 2 + banker + 1), PUSH_HEAVY, random_dead(40 + banker, 15)):
        check_against_brute_force(Question(Rules(game=game, banker=banker), dead))


@pytest.mark.slow
@pytest.mark.parametrize("way", ["trump-plaza", "ballys", "flamingo", "golden-nugget", "santa-ana-star", "claridge"])
def test_other_house_ways_match_brute_force(cache_folder, way):
    for game in (Game.CLASSIC, Game.EZ):
        check_against_brute_force(Question(Rules(house_way=way, game=game), random_dead(len(way) + 7)))


@pytest.mark.slow
def test_low_wheel_and_commission_match_brute_force(cache_folder):
    for rules in (Rules(wheel=Wheel.LOW), Rules(commission=0.04), Rules(commission=0.0)):
        check_against_brute_force(Question(rules, random_dead(31)))


def per_hand_reading(question: Question) -> tuple[dict, dict, dict]:
    """Every player hand through advise (the per-hand engine): (totals as Tally.totals, clause stats,
    two-pair chart sums), summed independently of the whole-game pass."""
    rules = question.rules
    table = load_table(rules.house_way, rules.wheel)
    rate = Fraction(str(rules.commission))
    pay, charge = (1 - rate).numerator, (1 - rate).denominator
    found = {player: [0] * 7 for player in ("house", "best")}
    clauses: dict[str, list[int]] = {}
    chart: dict[str, list[int]] = {}
    live = [card for card in DECK if card not in question.dead]
    for hand in combinations(live, 7):
        advice = advise(hand, rules, table=table, dead=question.dead)
        rows = {"house": advice.house_row, "best": advice.best_row}
        scores = {}
        for player, row in rows.items():
            odds = advice.seen if player == "best" and advice.seen is not None else row.odds  # Face Up: seen first
            high_copies = low_copies = 0  # not read by advise; checked against the brute force instead
            scores[player] = pay * odds.wins - charge * odds.losses
            for index, value in enumerate(
                (1, odds.wins, odds.pushes, odds.losses, high_copies, low_copies, scores[player])
            ):
                found[player][index] += value
        stats = clauses.setdefault(advice.house.rule, [0, 0, 0])
        stats[0] += 1
        stats[1] += scores["best"] > scores["house"]
        stats[2] += scores["best"] - scores["house"]
        counts = [0] * 13
        for card in hand:
            if not card.is_joker:
                counts[card >> 2] += 1
        cell = chart_cell(tuple(counts), any(card.is_joker for card in hand))
        if cell is not None and not _can_flush(hand):
            low_pair = [card for card in hand if (card >> 2) + 2 == cell[1]]
            singles = sorted((card for card in hand if counts[card >> 2] == 1), reverse=True)[:2]
            values = chart.setdefault(" ".join(map(str, cell)), [0, 0, 0])
            values[0] += 1
            for index, front in ((1, low_pair), (2, singles)):
                row = next(row for row in advice.rows if set(row.split.low) == set(front))
                values[index] += pay * row.odds.wins - charge * row.odds.losses
    return found, clauses, chart


def _can_flush(hand) -> bool:
    return any(sum(1 for card in hand if not card.is_joker and card & 3 == suit) >= 5 for suit in range(4))


@pytest.mark.parametrize("seed", range(20))
def test_group_lines_bucket_every_dealer_value_as_distribution_bucket(seed):
    """``kernels.group_lines`` (one compiled merge): the group's distinct values, the cuts of
    both sides of the bank, the copy lines, and every dealer value's line, as numpy's ``unique``
    and ``distribution.bucket`` give them."""
    import numpy as np

    from paigow_cli.engine.distribution import bucket
    from paigow_cli.engine.kernels import group_lines

    rng = np.random.default_rng(seed)
    high_values = np.unique(rng.integers(0, 400, size=int(rng.integers(1, 120)))).astype(np.int32)
    low_values = np.unique(rng.integers(0, 60, size=int(rng.integers(1, 40)))).astype(np.int32)
    settings = int(rng.integers(1, 30))
    keys = np.stack([rng.integers(-5, 410, size=settings), rng.integers(-5, 65, size=settings)], axis=1)
    if seed % 2:  # the player's values among the dealer's, as a group's are
        keys = np.stack([rng.choice(high_values, settings), rng.choice(low_values, settings)], axis=1)
    keys = keys.astype(np.int64)
    banker = rng.integers(0, 2, size=int(rng.integers(1, 4))).astype(np.int64)
    highs, lows, hcut, lcut, heq, leq, row_of, col_of = group_lines(keys, banker, high_values, low_values)
    assert highs.tolist() == sorted(set(keys[:, 0].tolist())) and lows.tolist() == sorted(set(keys[:, 1].tolist()))
    assert heq.tolist() == [2 * sorted(set(keys[:, 0].tolist())).index(value) + 1 for value in keys[:, 0].tolist()]
    assert leq.tolist() == [2 * sorted(set(keys[:, 1].tolist())).index(value) + 1 for value in keys[:, 1].tolist()]
    assert hcut.tolist() == [[line + side for line in heq.tolist()] for side in banker.tolist()]
    assert lcut.tolist() == [[line + side for line in leq.tolist()] for side in banker.tolist()]
    assert row_of.tolist() == bucket(high_values, highs).tolist()
    assert col_of.tolist() == bucket(low_values, lows).tolist()


@pytest.mark.parametrize("seed", range(30))
def test_flush_grid_keeps_every_count_on_the_reached_lines(seed):
    """``flush_walk.flush_grid``: dealer hands at the values the flush classes reach, put in the
    compressed grid, give every setting's counts (wins, losses, copies, Face Up's probes) of the
    full grid; the grid has the reached lines and one empty row and column."""
    import numpy as np

    from paigow_cli.engine.flush_walk import flush_grid
    from paigow_cli.engine.functionals import grid_functionals

    rng = np.random.default_rng(seed)
    rows, cols, layers = (int(value) for value in rng.integers([1, 1, 1], [12, 9, 4]))
    row_of = np.sort(rng.integers(0, rows, size=20)).astype(np.int64)  # values to lines, as ``bucket``
    col_of = np.sort(rng.integers(0, cols, size=15)).astype(np.int64)
    high_values = np.unique(rng.integers(0, 20, size=int(rng.integers(1, 8)))).astype(np.int64)
    low_values = np.unique(rng.integers(0, 15, size=int(rng.integers(1, 6)))).astype(np.int64)
    questions, settings = int(rng.integers(1, 3)), int(rng.integers(2, 6))
    settles = np.ones((1, layers), dtype=np.bool_)
    game_of = np.zeros(questions, dtype=np.int64)
    hcut = rng.integers(0, rows + 1, size=(questions, settings)).astype(np.int64)
    lcut = rng.integers(0, cols + 1, size=(questions, settings)).astype(np.int64)
    heq = rng.integers(0, rows, size=settings).astype(np.int64)
    leq = rng.integers(0, cols, size=settings).astype(np.int64)
    probes = np.full((settings, 4, 3), -1, dtype=np.int64)
    heq[-1] = -1  # the last slot probes corners, as Face Up's staircases do
    for v in range(int(rng.integers(1, 5))):
        probes[-1, v] = (rng.integers(0, rows + 1), rng.integers(0, cols + 1), rng.integers(0, 2))
    shape, cuts = (rows, cols, layers), (settles, game_of, hcut, lcut, heq, leq, probes)
    new_rows, new_cols, new_shape, new_cuts = flush_grid(row_of, col_of, shape, cuts, high_values, low_values)
    reached_rows, reached_cols = set(row_of[high_values].tolist()), set(col_of[low_values].tolist())
    assert new_shape == (len(reached_rows) + 1, len(reached_cols) + 1, layers)
    full = np.zeros(layers * rows * cols, dtype=np.int64)
    small = np.zeros(layers * new_shape[0] * new_shape[1], dtype=np.int64)
    for _ in range(12):  # dealer hands at reached values only
        high, low = int(rng.choice(high_values)), int(rng.choice(low_values))
        layer, weight = int(rng.integers(0, layers)), int(rng.integers(-3, 9))
        full[(layer * rows + row_of[high]) * cols + col_of[low]] += weight
        small[(layer * new_shape[0] + new_rows[high]) * new_shape[1] + new_cols[low]] += weight
    expected = np.zeros((questions, settings, 4), dtype=np.int64)
    found = np.zeros_like(expected)
    grid_functionals(full, shape, cuts, expected)
    grid_functionals(small, new_shape, new_cuts, found)
    assert found.tolist() == expected.tolist()


@pytest.mark.parametrize("sparse", [False, True], ids=["full", "sparse"])
@pytest.mark.parametrize("seed", range(40))
def test_functionals_read_every_layer_as_a_plain_sum_over_the_grid(seed, sparse):
    """``_functionals_into``, and each of its two ways, cumulative planes (a game's push layer read
    within its box, empty layers skipped) and cell by cell (a grid of a few nonzero cells, as a flush
    walk's), give every setting's wins, losses, copies and Face Up's corner probes as a plain sum
    over every cell does, on random grids, games and cuts, after another grid through the same
    scratch; each leaves the grid zero."""
    import numpy as np

    from paigow_cli.engine.functionals import _functionals_into, _planes_into, _sparse_into, functional_scratch

    rng = np.random.default_rng(seed)
    rows, cols, layers, games = (int(value) for value in rng.integers([1, 1, 1, 1], [9, 9, 5, 4]))
    if sparse:  # room for a few cells: the cell-by-cell way must take them
        rows, cols = (int(value) for value in rng.integers([6, 6], [13, 13]))
    lean = seed % 3 == 0  # one game asked, settling layer 0 and pushing layer 1: the lean path
    if lean:
        layers, games = 2, 1
    top, left = int(rng.integers(0, rows)), int(rng.integers(0, cols))
    box = np.array([top, int(rng.integers(top, rows + 1)), left, int(rng.integers(left, cols + 1))])
    grid = rng.integers(-5, 10, size=(layers, rows, cols)).astype(np.int64)
    inside = np.zeros((rows, cols), dtype=bool)
    inside[box[0] : box[1], box[2] : box[3]] = True
    grid[1:, ~inside] = 0  # the push layers' hands lie in the box
    before = grid.ravel().copy()  # a grid read first, through the same scratch
    grid[rng.random(layers) < 0.4] = 0  # empty layers are skipped
    if sparse:  # a few nonzero cells, in any layer (the push layers' in the box)
        kept = np.zeros(grid.size, dtype=bool)
        kept[rng.choice(grid.size, size=int(rng.integers(1, 5)), replace=False)] = True
        grid[~kept.reshape(grid.shape)] = 0
    settles = rng.integers(0, 2, size=(games, layers)).astype(np.bool_)
    if lean:
        settles = np.array([[True, False]])
    questions, settings = int(rng.integers(1, 4)), int(rng.integers(1, 6))
    game_of = rng.integers(0, games, size=questions).astype(np.int64)
    hcut = rng.integers(0, rows + 1, size=(questions, settings)).astype(np.int64)
    lcut = rng.integers(0, cols + 1, size=(questions, settings)).astype(np.int64)
    heq = rng.integers(0, rows, size=settings).astype(np.int64)
    leq = rng.integers(0, cols, size=settings).astype(np.int64)
    probes = np.full((settings, 4, 3), -1, dtype=np.int64)
    if settings > 1:  # the last slot probes four corners, as Face Up's staircases do
        heq[-1] = -1
        for v in range(4):
            probes[-1, v] = (rng.integers(0, rows + 1), rng.integers(0, cols + 1), rng.integers(-1, 2))
    shape, cuts = (rows, cols, layers), (settles, game_of, hcut, lcut, heq, leq, probes)
    scratch = functional_scratch(shape, cuts)

    def settled(q: int, high: int, low: int, kind: int) -> int:
        kept = grid[settles[game_of[q]]]
        return int(kept[:, :high, :low].sum() if kind == 0 else kept[:, high:, low:].sum())

    expected = np.zeros((questions, settings, 4), dtype=np.int64)
    for q in range(questions):
        for u in range(settings):
            if heq[u] < 0:
                expected[q, u] = [0 if kind < 0 else settled(q, high, low, kind) for high, low, kind in probes[u]]
            else:
                expected[q, u] = [
                    settled(q, hcut[q, u], lcut[q, u], 0),
                    settled(q, hcut[q, u], lcut[q, u], 1),
                    int(grid[:, heq[u], :].sum()),
                    int(grid[:, :, leq[u]].sum()),
                ]
    for way in ("either", "planes", "cells"):
        values = np.zeros((questions, settings, 4), dtype=np.int64)
        _functionals_into(before.copy(), 0, shape, cuts, box, values, scratch)
        flat = grid.ravel().copy()
        if way == "either":
            _functionals_into(flat, 0, shape, cuts, box, values, scratch)
        elif way == "planes":
            _planes_into(flat, 0, shape, cuts, box, values, scratch)
        elif not _sparse_into(flat, 0, shape, cuts, values, scratch):
            assert not sparse, "a grid of a few cells is read cell by cell"
            assert flat.tolist() == grid.ravel().tolist()  # declined: the grid as it was
            continue
        assert values.tolist() == expected.tolist(), way
        assert not flat.any()  # left zero for the next grid


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
@pytest.mark.parametrize(
    "rules, dead",
    [
        (Rules(), TWO_PAIRS),
        (Rules(game=Game.EZ, banker=True), random_dead(11, 15)),
        pytest.param(Rules(game=Game.FACE_UP), random_dead(12, 15), marks=pytest.mark.slow),
    ],
    ids=["classic-two-pairs", "ez-banker", "face-up-seen"],
)
def test_whole_game_is_the_sum_of_the_per_hand_engine(cache_folder, rules, dead):
    question = Question(rules, dead)
    tally = compute(question, run=Run(jobs=1))
    found, clauses, chart = per_hand_reading(question)
    for player in ("house", "best"):
        mine = tally.totals[player]
        assert [mine[i] for i in (0, 1, 2, 3, 6)] == [found[player][i] for i in (0, 1, 2, 3, 6)]
    assert {rule: stats[:3] for rule, stats in tally.rules.items() if stats[0]} == clauses
    assert {cell: values[:3] for cell, values in tally.chart.items()} == chart
    if dead is TWO_PAIRS:
        assert chart  # the chart was exercised


@pytest.mark.slow
def test_edge_agrees_with_the_mean_of_per_hand_evs_on_a_sample(cache_folder):
    """A bigger deck (33 live cards, 4.3 million player hands): the exact EV of each player is
    within sampling error of the mean per-hand EV over 400 random hands."""
    question = Question(Rules(), random_dead(2026, 33))
    tally = compute(question)
    table = load_table("foxwoods", Wheel.SECOND)
    live = [card for card in DECK if card not in question.dead]
    rng = random.Random(5)
    for player in ("house", "best"):
        exact = edge_result(question, tally, player).ev
        evs = []
        for _ in range(400):
            advice = advise(rng.sample(live, 7), question.rules, table=table, dead=question.dead)
            evs.append((advice.house_row if player == "house" else advice.best_row).ev)
        mean = sum(evs) / len(evs)
        spread = (sum((ev - mean) ** 2 for ev in evs) / (len(evs) - 1) / len(evs)) ** 0.5
        assert abs(mean - exact) < 4 * spread, (player, mean, exact, spread)


def test_edge_result_rates_and_exact_ev(cache_folder):
    question = Question(Rules(), PUSH_HEAVY)
    tally = compute(question, run=Run(jobs=1))
    for player in ("house", "best"):
        result = edge_result(question, tally, player)
        assert result.wins + result.pushes + result.losses == result.deals == question.deals
        assert result.fouls == 0
        assert result.ev_fraction == Fraction(19 * result.wins - 20 * result.losses, 20 * result.deals)
        assert result.house_edge == pytest.approx(-float(result.ev_fraction))
    assert edge_result(question, tally, "best").ev >= edge_result(question, tally, "house").ev
    gap, rows = mistakes(question, tally)
    assert sum(row.hands for row in rows) == question.player_hands
    assert gap == edge_result(question, tally, "best").ev_fraction - edge_result(question, tally, "house").ev_fraction
    assert sum(row.share for row in rows) == pytest.approx(1.0)


def test_two_pair_chart_cells(cache_folder):
    question = Question(Rules(), TWO_PAIRS)
    cells = two_pair_chart(question, compute(question, run=Run(jobs=1)))
    assert cells and all(cell.high_pair > cell.low_pair for cell in cells)
    assert {cell.house for cell in cells} <= {"split", "together", "mixed", "other"}
    assert all(cell.house_split + cell.house_together <= cell.hands for cell in cells)


# --- running: cache, resume ----------------------------------------------------------------------------


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_an_interrupted_run_resumes_from_its_finished_chunks(cache_folder, monkeypatch):
    question = Question(Rules(game=Game.COMMISSION_FREE), random_dead(77, 17))
    chunks = answer_cache.chunk_count(question)
    assert chunks > 10
    seen = []

    def stop_after_five(done: int, total: int) -> None:
        seen.append(done)
        if done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        compute(question, run=Run(jobs=1, progress=stop_after_five))
    assert answer_cache.cached_result(question) is None
    kept = sorted(answer_cache.partial_folder(question).glob("chunk-*.npz"))
    assert len(kept) == 5
    kept[0].write_bytes(b"garbage")  # a damaged chunk is counted again, not trusted
    notes = []
    resumed = compute(question, run=Run(jobs=1, notify=notes.append))
    assert notes == [f"resuming: 4 of {chunks} chunks were computed by an earlier run"]
    assert not answer_cache.partial_folder(question).exists()
    fresh = Tally()
    for chunk in range(chunks):
        fresh.add(count_chunk(question, chunk, chunks))
    assert resumed.totals == fresh.totals and resumed.rules == fresh.rules
    assert answer_cache.cached_result(question).totals == fresh.totals


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_a_corrupt_result_is_computed_again(cache_folder):
    question = Question(Rules(), random_dead(78, 15))
    first = compute(question, run=Run(jobs=1))
    path = answer_cache.result_path(question)
    path.write_bytes(path.read_bytes()[:50])
    assert answer_cache.cached_result(question) is None
    assert compute(question, run=Run(jobs=1)).totals == first.totals
    assert answer_cache.cached_result(question) is not None


def test_the_cache_name_changes_with_every_part_of_the_question(cache_folder):
    base = Question(Rules(), random_dead(79, 15))
    others = [
        Question(Rules(game=Game.EZ), base.dead),
        Question(Rules(banker=True), base.dead),
        Question(Rules(commission=0.04), base.dead),
        Question(Rules(house_way="ballys"), base.dead),
        Question(Rules(wheel=Wheel.LOW), base.dead),
        Question(Rules(), random_dead(80, 15)),
    ]
    paths = {answer_cache.result_path(question) for question in [base, *others]}
    assert len(paths) == 1 + len(others)


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_two_processes_count_the_same(cache_folder):
    question = Question(Rules(), random_dead(81, 17))
    local = compute(question, run=Run(jobs=2))
    answer_cache.result_path(question).unlink()
    assert compute(question, run=Run(jobs=1)).totals == local.totals


# --- the command line ------------------------------------------------------------------------------------


DEAD_TEXT = cards_text(PUSH_HEAVY)


def test_edge_json_fields(cache_folder):
    result = runner.invoke(app, ["edge", "--dead", DEAD_TEXT, "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    for name in (
        "deals",
        "wins",
        "pushes",
        "losses",
        "copies_high",
        "copies_low",
        "fouls",
        "win",
        "push",
        "lose",
        "copy_high",
        "copy_low",
        "ev",
        "house_edge",
        "ev_fraction",
        "house_way",
        "game",
        "banker",
        "player",
    ):
        assert name in document
    assert document["wins"] + document["pushes"] + document["losses"] == document["deals"]
    numerator, denominator = map(int, document["ev_fraction"].split("/"))
    assert Fraction(numerator, denominator) == Fraction(
        19 * document["wins"] - 20 * document["losses"], 20 * document["deals"]
    )
    best = json.loads(runner.invoke(app, ["edge", "--dead", DEAD_TEXT, "--json", "--player", "best"]).stdout)
    assert best["player"] == "best" and best["ev"] >= document["ev"]


@pytest.mark.slow  # the quick tier leaves it to CI (over 4 s on two cores)
def test_face_up_best_play_sees_the_dealers_hand(cache_folder):
    """Face Up, player side: best play sets each hand against the dealer's as shown, so it does at
    least as well as any one setting per hand, and which setting copies is not defined (null)."""
    blind = json.loads(
        runner.invoke(
            app, ["edge", "--game", "face-up", "--banker", "--dead", DEAD_TEXT, "--json", "--jobs", "1"]
        ).stdout
    )
    seen = json.loads(
        runner.invoke(
            app, ["edge", "--game", "face-up", "--player", "best", "--dead", DEAD_TEXT, "--json", "--jobs", "1"]
        ).stdout
    )
    house = json.loads(runner.invoke(app, ["edge", "--game", "face-up", "--dead", DEAD_TEXT, "--json"]).stdout)
    assert seen["dealer_seen"] is True and house["dealer_seen"] is False and blind["dealer_seen"] is False
    assert seen["copies_high"] is None and seen["copy_low"] is None and isinstance(house["copies_high"], int)
    assert seen["ev"] > house["ev"] and seen["wins"] + seen["pushes"] + seen["losses"] == seen["deals"]
    text = runner.invoke(app, ["edge", "--game", "face-up", "--player", "best", "--dead", DEAD_TEXT]).stdout
    assert "seen first (Face Up)" in text and "not counted" in text


def test_edge_text_and_mistakes_fit_80_columns(cache_folder):
    for args in (
        ["edge", "--dead", DEAD_TEXT],
        ["mistakes", "--dead", DEAD_TEXT],
        ["mistakes", "--by", "clause", "--dead", DEAD_TEXT],
        ["mistakes", "--chart", "two-pair", "--dead", cards_text(TWO_PAIRS)],
    ):
        result = runner.invoke(app, args, env={"COLUMNS": "80"})
        assert result.exit_code == 0, result.stderr
        assert max(len(line) for line in result.stdout.splitlines()) <= 80, args


def test_mistakes_json(cache_folder):
    result = runner.invoke(app, ["mistakes", "--by", "clause", "--dead", DEAD_TEXT, "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert {"house_way", "game", "gap", "clauses"} <= set(document) and "rules" not in document  # 0.2 dropped it
    rows = document["clauses"]
    assert all({"rule", "hands", "differs", "ev_given_up", "share", "example"} <= set(row) for row in rows)
    assert sum(row["ev_given_up"] for row in rows) == pytest.approx(document["gap"])
    worst = next(row for row in rows if row["example"])
    assert {"hand", "house_way", "best", "ev_given_up"} <= set(worst["example"])
    chart = json.loads(
        runner.invoke(app, ["mistakes", "--chart", "two-pair", "--dead", cards_text(TWO_PAIRS), "--json"]).stdout
    )
    assert chart["cells"] and {"high_pair", "low_pair", "best_single", "better", "house_way"} <= set(chart["cells"][0])


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["edge", "--dead", cards_text(DECK[:40])], "--dead"),
        (["edge", "--dead", "2S 2S"], "2S"),
        (["edge", "--player", "perfect"], "--player"),
        (["edge", "--jobs", "0"], "--jobs"),
        (["edge", "--game", "ez", "--commission", "0.05"], "commission"),
        (["mistakes", "--chart", "three-pair"], "--chart"),
        (["edge", "--game", "face-up", "--banker", "--player", "best"], "drop --banker"),
    ],
)
def test_edge_bad_input_is_one_error_line(cache_folder, args, fragment):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and fragment in lines[0], result.stderr


def test_scheduler_without_dask_is_a_clear_error(cache_folder, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name.startswith("distributed"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    result = runner.invoke(app, ["edge", "--dead", cards_text(random_dead(90, 15)), "--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2
    assert "pip install 'paigow-cli[cluster]'" in result.stderr


@pytest.mark.slow
def test_a_dask_cluster_counts_exactly_what_a_local_run_counts(cache_folder):
    """--scheduler: the chunks go to a Dask LocalCluster; the merged counts equal a local run's."""
    distributed = pytest.importorskip("distributed")
    question = Question(Rules(game=Game.EZ), random_dead(91, 16))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = compute(question, run=Run(scheduler=cluster.scheduler_address))
    answer_cache.result_path(question).unlink()
    local = compute(question, run=Run(jobs=1))
    assert on_cluster.totals == local.totals and on_cluster.rules == local.rules and on_cluster.chart == local.chart


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_error_line(cache_folder):
    pytest.importorskip("distributed")
    result = runner.invoke(app, ["edge", "--dead", cards_text(random_dead(92, 15)), "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --scheduler tcp://127.0.0.1:9"), result.stderr


@pytest.mark.slow
def test_ctrl_c_keeps_finished_chunks_and_the_next_run_resumes(foxwoods_table, cache_folder):
    """A real process: Ctrl-C exits 130 at once with one line saying what is kept, leaves no worker
    behind, and the same command then resumes and answers."""
    import os
    import signal
    import subprocess
    import sys
    import time

    dead = cards_text(random_dead(93, 24))
    command = [sys.executable, "-m", "paigow_cli", "edge", "--dead", dead, "--jobs", "2", "--json"]
    env = dict(os.environ, PAIGOW_CACHE_DIR=str(cache_folder))
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    question = Question(Rules(), random_dead(93, 24))
    folder = answer_cache.partial_folder(question)
    deadline = time.time() + 120
    while time.time() < deadline and not (folder.is_dir() and len(list(folder.glob("chunk-*.npz"))) >= 3):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    started = time.time()
    _, err = process.communicate(timeout=20)
    assert time.time() - started < 2, "took too long to stop"
    assert process.returncode == 130, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("Note: interrupted: ") and "chunks are kept; the same command resumes" in last, err
    assert "Traceback" not in err
    kept = len(list(folder.glob("chunk-*.npz")))
    assert kept >= 3
    finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    assert f"resuming: {kept} of" in finished.stderr
    document = json.loads(finished.stdout)
    assert document["wins"] + document["pushes"] + document["losses"] == question.deals


# --- the published exact analysis (JB, 2013, Foxwoods; its counts are on the Wizard of Odds) ---------------

JB_COUNTS = {"wins": 2_402_491_783_820_756, "pushes": 3_341_087_256_920_524, "losses": 2_506_879_990_473_120}
# paigow's exact counts under rules.md §6's reading of "three of a kind with a straight or flush" (the
# analysis's reading); the earlier reading gave 2,402,556,437,868,468 / 3,340,828,470,902,840 /
# 2,507,074,122,443,092.
FOXWOODS_COUNTS = {"wins": 2_402_482_226_669_052, "pushes": 3_341_113_289_015_576, "losses": 2_506_863_515_529_772}


@pytest.mark.slow
@pytest.mark.xdist_group("full-deck")  # with the docs' full-deck examples: one count, then the cache
def test_the_whole_foxwoods_game_counts_every_deal_as_the_published_reading_does(cache_folder):
    """Full deck, the classic game, the player on the house way: every one of the
    8,250,459,031,214,400 deals (minutes on two cores). Within 3.2e-6 of the deals of JB's counts."""
    question = Question(Rules(), ())
    result = edge_result(question, compute(question), "house")
    assert result.deals == 8_250_459_031_214_400
    assert {"wins": result.wins, "pushes": result.pushes, "losses": result.losses} == FOXWOODS_COUNTS
    assert max(abs(FOXWOODS_COUNTS[key] - JB_COUNTS[key]) for key in JB_COUNTS) < 3.2e-6 * result.deals


def test_mistakes_by_kind_adds_up_to_the_gap_and_names_a_rule_for_the_costliest(cache_folder):
    """By kind (the default): the kinds' EV given up adds up to the same exact gap as the clauses',
    each fix names a rule of its own kind that saves something, and zero rows hide unless --all."""
    by_kind = json.loads(runner.invoke(app, ["mistakes", "--dead", DEAD_TEXT, "--json"]).stdout)
    by_clause = json.loads(runner.invoke(app, ["mistakes", "--by", "clause", "--dead", DEAD_TEXT, "--json"]).stdout)
    assert by_kind["by"] == "kind" and by_kind["gap_fraction"] == by_clause["gap_fraction"]
    assert sum(Fraction(kind["ev_given_up_fraction"]) for kind in by_kind["kinds"]) == Fraction(by_kind["gap_fraction"])
    costs = [kind["ev_given_up"] for kind in by_kind["kinds"]]
    assert costs == sorted(costs, reverse=True)
    fixed = [kind for kind in by_kind["kinds"] if kind["fix"]]
    assert fixed and all(kind["fix"]["words"].startswith(kind["words"]) and kind["fix"]["saves"] > 0 for kind in fixed)
    text = runner.invoke(app, ["mistakes", "--dead", DEAD_TEXT, "--limit", "2"], env={"COLUMNS": "80"}).stdout
    assert "past --limit 2" in text and "builds a whole card" in text
    every = runner.invoke(app, ["mistakes", "--dead", DEAD_TEXT, "--all", "--limit", "0"], env={"COLUMNS": "80"})
    shown = [kind["words"] for kind in by_kind["kinds"] if kind["words"] in " ".join(every.stdout.split())]
    assert len(shown) == len(by_kind["kinds"])
