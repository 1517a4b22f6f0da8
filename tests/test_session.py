"""Money over a session: the exact spread of one hand (edge, compare, bonus), the
distribution of a session's net (paigow session), the risk of ruin, and their pictures."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from helpers import one_error
from typer.testing import CliRunner
from whole_game_reference import brute_force

from paigow_cli.analysis.game.counting import count_chunk
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.money.pay_tables import PAY_TABLES
from paigow_cli.analysis.money.results import edge_result
from paigow_cli.analysis.money.session import (
    PRECISION,
    exact_session,
    ruin_long_run,
    ruin_within,
    session_distribution,
)
from paigow_cli.analysis.money.side_bets import pay, side_bet_odds
from paigow_cli.analysis.money.spread import Payouts, main_bet
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK, cards_text, parse_cards
from paigow_cli.core.rules import Game, Rules
from paigow_cli.engine.dealer_classes import dealer_classes

runner = CliRunner()

LIVE = parse_cards("2S 3H 4D 5C 7S 8H 9D TC JS QH AD 2H 3D 6C 8S KC")  # 16 live cards: a quick whole game
DEAD = tuple(card for card in DECK if card not in set(LIVE))
DEAD_TEXT = cards_text(DEAD)
CLASSIC = main_bet(2864, 4152, 2984, 0.05)  # about the classic game's rates


def run(*args: str):
    return runner.invoke(app, list(args))


def engine_result(question: Question, player: str = "house"):
    tally = Tally()
    for chunk in range(3):
        tally.add(count_chunk(question, chunk, 3))
    return edge_result(question, tally, player)


# --- the spread of one hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        pytest.param(Rules(game=Game.EZ, banker=True), marks=pytest.mark.slow),
        pytest.param(Rules(commission=0.04), marks=pytest.mark.slow),
        pytest.param(Rules(game=Game.FACE_UP), marks=pytest.mark.slow),
    ],
    ids=["classic", "ez-banker", "commission-4", "face-up"],
)
def test_spread_matches_every_deals_payout_by_brute_force(cache_folder, rules):
    """The variance from the engine's counts equals the mean square of every deal's payout, summed
    deal by deal by the independent brute force, minus the mean squared."""
    question = Question(rules, (*DEAD, LIVE[0]))  # 15 live cards
    reference = brute_force(question)
    win = 1 - Fraction(str(rules.commission))
    for player in ("house", "best"):
        _hands, wins, pushes, losses, *_ = reference[player]
        deals = wins + pushes + losses
        mean = (win * wins - losses) / Fraction(deals)
        square = (win * win * wins + losses) / Fraction(deals)
        result = engine_result(question, player)
        assert result.payouts.mean == mean == result.ev_fraction
        assert result.payouts.variance == square - mean * mean
        assert result.payouts.total == question.deals


def test_a_hand_of_three_results_by_hand():
    """Win 19/20 w.p. 3/10, push 1/2, lose 1/5: E = 17/200, E[X^2] = 0.3 * 361/400 + 0.2."""
    bet = main_bet(3, 5, 2, 0.05)
    assert bet.mean == Fraction(17, 200)
    assert bet.variance == Fraction(3, 10) * Fraction(361, 400) + Fraction(1, 5) - Fraction(17, 200) ** 2


def test_a_side_bets_spread_matches_every_hand_by_brute_force():
    """Fortune on 15 live cards: the variance from the exact odds equals the one of every hand's pay."""
    live = parse_cards("AS AH AD AC JK KS KH KD QS QH JS JH TS 9S 2C")
    dead = [card for card in DECK if card not in set(live)]
    table = PAY_TABLES["fortune"]
    odds = side_bet_odds(table, dealer_classes(), dead)
    pays = [Fraction(str(pay(table, hand).pays)) for hand in combinations(live, 7)]
    mean = sum(pays, Fraction(0)) / len(pays)
    assert len(pays) == comb(15, 7) == odds.payouts.total
    assert odds.payouts.mean == mean == odds.ev
    assert odds.payouts.variance == sum((p * p for p in pays), Fraction(0)) / len(pays) - mean * mean


def test_payouts_refuse_what_is_not_a_bet():
    with pytest.raises(ValueError):
        Payouts.of([])
    with pytest.raises(ValueError):
        Payouts.of([(1, -1)])


# --- a session's distribution ---------------------------------------------------------------------


def test_two_hands_by_hand():
    win, push, lose = Fraction(2864, 10000), Fraction(4152, 10000), Fraction(2984, 10000)
    expected = {
        Fraction(-2): lose * lose,
        Fraction(-1): 2 * push * lose,
        Fraction(-1, 20): 2 * win * lose,
        Fraction(0): push * push,
        Fraction(19, 20): 2 * win * push,
        Fraction(19, 10): win * win,
    }
    assert exact_session(CLASSIC, 2) == expected
    found = session_distribution(CLASSIC, 2)
    for index, probability in enumerate(found.probabilities):
        assert abs(probability - float(expected.get(found.net(index), 0))) < PRECISION


@pytest.mark.parametrize("hands", [1, 3, 17, 60])
@pytest.mark.parametrize(
    "payouts",
    [CLASSIC, main_bet(3000, 4000, 3000, 0), Payouts.of([(Fraction(7, 3), 1), (0, 5), (-1, 3)])],
    ids=["classic", "no-commission", "thirds"],
)
def test_the_convolution_equals_exact_integer_convolution(payouts, hands):
    exact = exact_session(payouts, hands)
    found = session_distribution(payouts, hands)
    assert sum(exact.values()) == 1
    assert abs(found.probabilities.sum() - 1) < 1e-12
    worst = max(
        abs(found.probabilities[i] - float(exact.get(found.net(i), 0))) for i in range(len(found.probabilities))
    )
    assert worst < PRECISION


def test_the_convolution_agrees_with_simulated_sessions_over_many_seeds():
    """200 hands, 20 seeds of 2,000 sessions each: the chance to be ahead and the median net as
    simulated agree with the convolution within the simulation's error."""
    hands = 200
    found = session_distribution(CLASSIC, hands)
    ahead, _even, _behind = found.chances()
    amounts = np.array([-20, 0, 19])
    chances = np.array([0.2984, 0.4152, 0.2864])
    rates = []
    for seed in range(20):
        rng = np.random.default_rng(seed)
        nets = rng.choice(amounts, size=(2000, hands), p=chances).sum(axis=1)
        rates.append((nets > 0).mean())
    error = np.std(rates) / np.sqrt(len(rates))
    assert abs(np.mean(rates) - ahead) < 4 * error + 1e-9
    assert 0.2 < ahead < 0.4


def test_percentiles_and_chances_sum_up():
    found = session_distribution(CLASSIC, 100)
    ahead, even, behind = found.chances()
    assert abs(ahead + even + behind - 1) < 1e-12
    assert found.percentile(0.05) <= found.percentile(0.5) <= found.percentile(0.95)
    mean = sum(float(found.net(i)) * p for i, p in enumerate(found.probabilities))
    assert abs(mean - 100 * float(CLASSIC.mean)) < 1e-9


# --- the risk of ruin -------------------------------------------------------------------------------


def ruin_by_every_sequence(payouts: Payouts, hands: int, bankroll: Fraction, cost: Fraction = Fraction(1)) -> Fraction:
    """Every sequence of results, exactly: ruined once less than a hand's ``cost`` is left."""
    total = Fraction(0)
    cases = payouts.probabilities()
    for sequence in itertools.product(cases, repeat=hands):
        money, chance, ruined = bankroll, Fraction(1), False
        for amount, probability in sequence:
            chance *= probability
            money += amount
            ruined = ruined or money < cost
        if ruined:
            total += chance
    return total


@pytest.mark.parametrize("bankroll", [Fraction(1), Fraction(2), Fraction(3), Fraction(7, 2)])
def test_ruin_within_a_few_hands_equals_every_sequence(bankroll):
    for payouts in (CLASSIC, Payouts.of([(Fraction(3, 2), 1), (0, 1), (-1, 2)])):
        assert abs(ruin_within(payouts, 6, bankroll) - float(ruin_by_every_sequence(payouts, 6, bankroll))) < 1e-12


def test_ruin_with_a_side_bet_counts_a_hands_whole_cost():
    """With a side bet of a fifth of the bet, a hand needs 6/5 bets: broke below that."""
    with_side = Payouts.of([(Fraction(-6, 5), 5), (Fraction(3, 4), 3), (Fraction(-1, 5), 2), (Fraction(12, 5), 1)])
    cost = Fraction(6, 5)
    for bankroll in (Fraction(6, 5), Fraction(2), Fraction(3)):
        exact = float(ruin_by_every_sequence(with_side, 5, bankroll, cost))
        assert abs(ruin_within(with_side, 5, bankroll, cost=cost) - exact) < 1e-12
    assert ruin_within(with_side, 5, Fraction(2), cost=cost) > ruin_within(with_side, 5, Fraction(2))


def test_ruin_of_a_fair_coin_by_hand():
    """Two bets, ruined below one: lose twice in a row first, within 4 flips: LL, WLLL, LWLL = 3/8."""
    coin = Payouts.of([(1, 1), (-1, 1)])
    assert abs(ruin_within(coin, 4, Fraction(2)) - 0.375) < 1e-15
    assert ruin_within(coin, 1, Fraction(1)) == 0.5  # one bet: the first loss ruins


def test_ruin_agrees_with_simulated_bankrolls():
    hands, bankroll = 300, Fraction(20)
    expected = ruin_within(CLASSIC, hands, bankroll)
    rng = np.random.default_rng(31)
    steps = rng.choice(np.array([-20, 0, 19]), size=(20000, hands), p=np.array([0.2984, 0.4152, 0.2864]))
    lowest = np.minimum.accumulate(steps.cumsum(axis=1), axis=1)[:, -1]
    simulated = (lowest < 20 * (1 - 20)).mean()
    assert abs(simulated - expected) < 4 * np.sqrt(expected * (1 - expected) / 20000)
    assert 0.05 < expected < 0.95


def test_ruin_in_the_long_run():
    """A losing bet ruins every bankroll; a winning one: the gambler's ruin (q/p)^(bankroll) for unit
    steps, and the finite-horizon count converges to the long-run answer."""
    assert ruin_long_run(CLASSIC, Fraction(100)) == 1.0
    up = Payouts.of([(1, 3), (0, 1), (-1, 2)])
    for bankroll in (1, 2, 5):
        assert abs(ruin_long_run(up, Fraction(bankroll)) - (2 / 3) ** bankroll) < 1e-12
    winning = main_bet(3100, 4152, 2748, 0.05)
    assert abs(ruin_long_run(winning, Fraction(20)) - ruin_within(winning, 30_000, Fraction(20))) < 1e-6


def test_ruin_needs_a_bet():
    with pytest.raises(ValueError):
        ruin_within(CLASSIC, 10, Fraction(1, 2))


# --- the commands -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def counted(cache_folder):
    """The 16-card game counted once for the module, with its strategy table (a side bet on the
    player's seven reads it), so no test's output depends on which tests ran before it."""
    table = run("table", "--dead", DEAD_TEXT, "--jobs", "1", "--limit", "1")
    assert table.exit_code == 0, table.output
    result = run("edge", "--dead", DEAD_TEXT, "--json", "--jobs", "1")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_edge_json_has_the_exact_spread(counted):
    payouts = main_bet(counted["wins"], counted["pushes"], counted["losses"], 0.05)
    assert counted["variance_fraction"] == f"{payouts.variance.numerator}/{payouts.variance.denominator}"
    assert counted["sd"] == payouts.sd and counted["variance"] == float(payouts.variance)
    text = run("edge", "--dead", DEAD_TEXT).stdout
    assert f"standard deviation {payouts.sd:.4f} bets" in text


def test_bonus_odds_give_the_spread():
    document = json.loads(run("bonus", "--odds", "--table", "fortune", "--json").stdout)
    payouts = Payouts.of((Fraction(str(row["pays"])), row["count"]) for row in document["rows"])
    assert document["variance_fraction"] == f"{payouts.variance.numerator}/{payouts.variance.denominator}"
    assert 5 < document["sd"] < 6


def test_session_json_matches_the_analysis(counted):
    result = run("session", "--dead", DEAD_TEXT, "--hands", "150", "--bet", "10", "--bankroll", "200", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    payouts = main_bet(counted["wins"], counted["pushes"], counted["losses"], 0.05)
    found = session_distribution(payouts, 150)
    assert document["session"]["ahead"] == found.chances()[0]
    assert document["session"]["expected"] == float(150 * 10 * payouts.mean)  # exact, not cut to cents
    assert document["session"]["expected_fraction"] == str(150 * 10 * payouts.mean)
    assert document["ruin"]["within_session"] == ruin_within(payouts, 150, Fraction(20))
    assert document["ruin"]["long_run"] == 1.0 and "certain" in document["ruin"]["method"]
    assert document["per_hand"]["variance_fraction"] == counted["variance_fraction"]
    assert list(document["session"]["percentiles"]) == ["1", "5", "10", "25", "50", "75", "90", "95", "99"]


def test_session_text_fits_80_columns_and_draws_the_distribution(counted):
    result = run("session", "--dead", DEAD_TEXT, "--hands", "200", "--bankroll", "500")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "Broke within 200 hands" in result.stdout and "certain" in result.stdout
    assert any("█" in line for line in lines) and any("even" in line and "broke" in line for line in lines)
    plain = run("--ascii", "session", "--dead", DEAD_TEXT, "--hands", "200")
    assert plain.exit_code == 0 and plain.stdout.isascii() and "#" in plain.stdout


def test_session_csv_lists_every_net(counted):
    result = run("session", "--dead", DEAD_TEXT, "--hands", "3", "--csv")
    rows = [line.split(",") for line in result.stdout.splitlines()]
    assert rows[0] == ["net_bets", "net_bets_fraction", "net", "probability", "at_or_below"]
    payouts = main_bet(counted["wins"], counted["pushes"], counted["losses"], 0.05)
    exact = exact_session(payouts, 3)
    assert [Fraction(row[1]) for row in rows[1:]] == list(exact)
    assert [float(row[0]) for row in rows[1:]] == [float(Fraction(row[1])) for row in rows[1:]]
    assert all(abs(float(row[3]) - float(exact[Fraction(row[1])])) < PRECISION for row in rows[1:])
    assert abs(float(rows[-1][4]) - 1) < 1e-12 and rows[1][2] == "-75.00"


def test_session_svg_is_a_picture(counted, tmp_path):
    path = tmp_path / "session.svg"
    result = run("session", "--dead", DEAD_TEXT, "--hands", "100", "--bankroll", "300", "--svg", str(path))
    assert result.exit_code == 0, result.output
    root = ElementTree.fromstring(path.read_text())
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}rect")) > 10
    assert "even" in path.read_text() and "broke" in path.read_text()
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--hands", "0"], "--hands 0"),
        (["--hands", "1000001"], "--hands 1,000,001"),
        (["--bet", "0"], "bet 0"),
        (["--bet", "2000000"], "bet 2000000"),
        (["--bet", "nan"], "bet nan"),
        (["--bet", "inf"], "bet inf"),
        (["--bet", "25", "--bankroll", "10"], "--bankroll $10"),
        (["--bankroll", "-infinity"], "bankroll -infinity"),
        (["--json", "--csv"], "--json and --csv"),
        (["--svg", "/nonexistent-folder/x.svg"], "--svg /nonexistent-folder/x.svg"),
        (["--player", "nobody"], "nobody"),
    ],
)
def test_session_bad_input_is_one_error_line(counted, args, fragment):
    one_error(run("session", "--dead", DEAD_TEXT, *args), 2, fragment)


def test_session_with_a_side_bet_adds_its_exact_joint_counts(counted):
    """--side-bet fortune: one hand's EV is the main bet's plus the side bet's share, exactly; the
    side bet alone is what paigow bonus --odds counts; two hands are the exact convolution of the
    joint counts; and the results are not independent (the joint variance is not the sum)."""
    from paigow_cli.analysis.game.counting import settings_table
    from paigow_cli.analysis.money.joint import player_side_joint
    from paigow_cli.analysis.strategy.answers import strategy_table_of

    result = run("session", "--dead", DEAD_TEXT, "--hands", "2", "--side-bet", "fortune", "--side-stake", "5", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    side = document["side_bet"]
    main_ev, side_ev = Fraction(document["per_hand"]["ev_fraction"]), Fraction(side["ev_fraction"])
    assert Fraction(side["hand"]["ev_fraction"]) == main_ev + side_ev / 5
    odds = json.loads(run("bonus", "--odds", "--table", "fortune", "--dead", DEAD_TEXT, "--json").stdout)
    assert abs(side["ev"] - odds["ev"]) < 1e-15 and side["variance_fraction"] == odds["variance_fraction"]
    question = Question(Rules(), DEAD)
    table = strategy_table_of(question)
    dealer = settings_table("foxwoods", Rules().wheel)
    joint = player_side_joint(PAY_TABLES["fortune"], table, table.choice(dealer), dealer)
    payouts = joint.payouts(Fraction(19, 20), Fraction(1, 5))
    assert side["hand"]["variance_fraction"] == f"{payouts.variance.numerator}/{payouts.variance.denominator}"
    assert payouts.variance != main_bet(*joint.main(), 0.05).variance + joint.side_payouts().variance / 25
    exact = exact_session(payouts, 2)
    ahead = sum(chance for net, chance in exact.items() if net > 0)
    assert abs(document["session"]["ahead"] - float(ahead)) < 1e-12
    assert document["session"]["expected"] == float(2 * 25 * payouts.mean)
    assert "joint counts" in side["method"]


def test_session_with_a_dealer_side_bet_in_its_game(counted):
    """Tiger 9 with Commission-Free: each paying deal is a push of the main bet."""
    result = run(
        "session", "--dead", DEAD_TEXT, "--game", "commission-free", "--side-bet", "tiger-9", "--hands", "20", "--json"
    )
    assert result.exit_code == 0, result.output
    side = json.loads(result.stdout)["side_bet"]
    assert side["table"] == "tiger-9" and "pushes the main bet" in side["method"]
    text = run("session", "--dead", DEAD_TEXT, "--game", "commission-free", "--side-bet", "tiger-9", "--hands", "20")
    assert "Side bet: Tiger 9, $5.00 a hand" in text.stdout and max(map(len, text.stdout.splitlines())) <= 80


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--side-stake", "5"], "--side-stake is for a side bet"),
        (["--pays", "flush=5"], "--pays is for a side bet"),
        (["--side-bet", "queens-dragon"], "--game ez"),
        (["--side-bet", "tiger-9", "--game", "ez"], "--game commission-free"),
        (["--side-bet", "fortune", "--side-stake", "nan"], "--side-stake nan"),
        (["--side-bet", "fortune", "--pays", "royal-match=x"], "--pays"),
        (["--side-bet", "fortune", "--bankroll", "29.99"], "less than one hand's bets ($30.00)"),
        (["--side-bet", "fortune", "--side-stake", "100", "--hands", "100000"], "or fewer"),
    ],
)
def test_session_side_bet_bad_input_is_one_error_line(counted, args, fragment):
    one_error(run("session", "--dead", DEAD_TEXT, *args), 2, fragment)


@pytest.mark.slow
def test_the_spread_per_hand_agrees_with_simulate(cache_folder, foxwoods_table):
    """The full Foxwoods game: the standard deviation of 200,000 simulated rounds (simulate's own
    dealing and settling) is within its error of the exact one."""
    from paigow_cli.study.simulation import Simulation

    exact = json.loads(run("edge", "--json").stdout)
    simulation = Simulation(foxwoods_table, Rules(), 5, player="house")
    for _ in simulation.run(200_000):
        pass
    tally = simulation.tally
    sample = main_bet(tally.wins, tally.pushes, tally.losses, 0.05)
    assert abs(sample.sd - exact["sd"]) < 0.006  # the sd of a sample sd here is about 0.0012
    assert 0.7 < exact["sd"] < 0.8


# --- simulate's picture -----------------------------------------------------------------------------


def test_simulate_traces_its_running_result_and_draws_it(tmp_path):
    path = tmp_path / "running.svg"
    result = run("simulate", "--hands", "1200", "--seed", "4", "--json", "--svg", str(path))
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    every, running = document["running_every"], document["running_net"]
    assert every == 2 and len(running) == 600
    final = document["win"] * 1200 * 0.95 - document["lose"] * 1200  # the last traced round is the last round
    assert abs(running[-1] - final) < 1e-6
    assert all(abs(b - a) <= 2 + 1e-9 for a, b in itertools.pairwise(running))  # two rounds move at most two bets
    root = ElementTree.fromstring(path.read_text())
    assert root.find("{http://www.w3.org/2000/svg}polyline") is not None
    text = run("simulate", "--hands", "1200", "--seed", "4").stdout
    assert "Running result, in bets:" in text and "•" in text and max(map(len, text.splitlines())) <= 80
    plain = run("--ascii", "simulate", "--hands", "1200", "--seed", "4").stdout
    assert plain.isascii() and "*" in plain


def test_simulate_with_too_few_rounds_draws_nothing(tmp_path):
    result = run("simulate", "--hands", "1", "--seed", "4", "--svg", str(tmp_path / "one.svg"))
    assert result.exit_code == 0 and "Running result" not in result.stdout
    assert "nothing written" in result.stderr and not (tmp_path / "one.svg").exists()
    one_error(run("simulate", "--hands", "5", "--svg", "/nonexistent-folder/x.svg"), 2, "--svg /nonexistent-folder")


def test_compare_gives_each_cells_spread(counted):
    args = ["compare", "--dead", DEAD_TEXT, "--house-way", "foxwoods", "--player", "trump-plaza", "--jobs", "1"]
    lines = [json.loads(line) for line in run(*args, "--json").stdout.splitlines()]
    for line in lines:
        payouts = main_bet(line["wins"], line["pushes"], line["losses"], 0.05)
        assert line["variance_fraction"] == f"{payouts.variance.numerator}/{payouts.variance.denominator}"
    house = next(line for line in lines if line["player"] == "foxwoods" or line["player"] == "trump-plaza")
    assert house["sd"] > 0.5
    assert "One hand's standard deviation:" in run(*args).stdout
    header = run(*args, "--csv").stdout.splitlines()[0].split(",")
    assert {"sd", "variance", "variance_fraction"} <= set(header)
