"""The player bank (rules.md §9): a player banks against every other seat. Exact where it is linear
in the seats (checked against the one-on-one counts and against whole rounds dealt from one deck),
the commission on the bank's net win by the class method (checked against whole rounds), and one
``Error:`` line for every bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.money.bank import (
    BankTable,
    banker_question,
    linear_ev,
    outcomes_mean,
    round_outcomes,
    seat_odds,
)
from paigow_cli.analysis.money.results import edge_result
from paigow_cli.analysis.strategy.answers import Run, compute, strategy_table_of
from paigow_cli.cli import app
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import Rules
from paigow_cli.study.simulation import simulate_bank

runner = CliRunner()

DEAD = tuple(range(31))  # 22 live cards (9C, ten to ace, the joker): the banker and two seats
DEAD_TEXT = " ".join(str(card) for card in DECK[:31])
SEED = 20261207  # every simulation here is seeded with it: a failure replays
ROUNDS = 300_000


@pytest.fixture(scope="module")
def small_bank(cache_folder):
    question = banker_question(Rules(), DEAD)
    one = edge_result(question, compute(question, run=Run(jobs=1)), "house")
    way = settings_table(question.rules.house_way, question.rules.wheel)
    return question, one, way, seat_odds(strategy_table_of(question, jobs=1), way)


def test_the_banker_wins_copies_and_pays_no_commission_in_its_one_on_one_question():
    question = banker_question(Rules(commission=0.05), DEAD)
    assert question.rules.banker and question.rules.commission == 0.0


def test_seat_odds_weights_are_the_banker_hands_and_every_class_sums_to_one(small_bank):
    _question, _one, _way, odds = small_bank
    assert odds.weight.sum() == pytest.approx(1.0, abs=1e-12)
    assert (abs(odds.bank_wins + odds.pushes + odds.bank_loses - 1) < 1e-12).all()
    assert (odds.pushes >= -1e-12).all()


@pytest.mark.parametrize("bets", [(1,), (1, 1), (25, 100)])
def test_a_commission_on_each_seat_makes_the_bank_the_sum_of_its_seats_exactly(small_bank, bets):
    """Linear: the class method's mean equals the one-on-one counts times the action, exactly up to
    rounding, whatever the bets."""
    _question, one, _way, odds = small_bank
    table = BankTable(tuple(Fraction(bet) for bet in bets), Fraction(1, 20), on_net=False)
    exact = linear_ev(one, table)
    assert (
        exact == sum(Fraction(bet) for bet in bets) * (Fraction(one.wins) * Fraction(19, 20) - one.losses) / one.deals
    )
    assert outcomes_mean(round_outcomes(odds, table)) == pytest.approx(float(exact), abs=1e-12)


def test_the_round_outcomes_are_a_distribution_with_a_net_for_every_way_the_seats_end(small_bank):
    _question, _one, _way, odds = small_bank
    outcomes = round_outcomes(odds, BankTable((Fraction(1), Fraction(3)), Fraction(1, 20), on_net=True))
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0, abs=1e-12)
    nets = [net for net, _ in outcomes]
    assert nets == sorted(nets) and min(nets) == -4 and max(nets) == pytest.approx(4 * 0.95)


@pytest.mark.parametrize("on_net", [False, True], ids=["each", "net"])
def test_whole_rounds_dealt_from_one_deck_agree_with_the_bank(small_bank, on_net):
    """Each: the exact answer; net: the class method. Within four standard errors of seeded
    whole rounds (the banker and both seats from one shuffle)."""
    _question, one, way, odds = small_bank
    table = BankTable((Fraction(1), Fraction(1)), Fraction(1, 20), on_net=on_net)
    expected = float(linear_ev(one, table)) if not on_net else outcomes_mean(round_outcomes(odds, table))
    found = simulate_bank(way, way, table, ROUNDS, SEED, DEAD)
    assert abs(found.mean - expected) < 4 * found.stderr, (f"seed {SEED}", found, expected)


def test_the_commission_on_the_net_costs_the_bank_less_than_on_each_seat(small_bank):
    _question, _one, _way, odds = small_bank
    bets = (Fraction(1), Fraction(1))
    net = outcomes_mean(round_outcomes(odds, BankTable(bets, Fraction(1, 20), on_net=True)))
    each = outcomes_mean(round_outcomes(odds, BankTable(bets, Fraction(1, 20), on_net=False)))
    free = outcomes_mean(round_outcomes(odds, BankTable(bets, Fraction(0), on_net=True)))
    assert each < net < free


def test_the_fee_comes_off_the_bank_once_a_round(small_bank):
    _question, one, _way, _odds = small_bank
    bets = (Fraction(25),)
    assert (
        linear_ev(one, BankTable(bets, Fraction(0), False, Fraction(1)))
        == linear_ev(one, BankTable(bets, Fraction(0), False)) - 1
    )


def test_bank_json_gives_ev_per_seat_bet_and_says_what_is_exact(cache_folder):
    each = runner.invoke(
        app, ["bank", "--players", "2", "--bet", "25", "--commission-on", "each", "--dead", DEAD_TEXT, "--json"]
    )
    assert each.exit_code == 0, each.output
    document = json.loads(each.stdout)
    assert document["exact"] is True and document["ev"] == pytest.approx(document["ev_money"] / 25)
    assert document["ev_per_action"] == pytest.approx(document["ev_money"] / 50)
    net = json.loads(
        runner.invoke(app, ["bank", "--players", "2", "--bet", "25", "--dead", DEAD_TEXT, "--json"]).stdout
    )
    assert net["exact"] is False and "approximate" in net["method"]
    assert sum(row["probability"] for row in net["round"]) == pytest.approx(1.0)


def test_by_players_lists_every_seat_count_the_deck_can_deal_with_its_break_even_fee(cache_folder):
    found = runner.invoke(
        app,
        [
            "bank",
            "--players",
            "1",
            "--commission",
            "0",
            "--fee",
            "1",
            "--bet",
            "25",
            "--by-players",
            "--dead",
            DEAD_TEXT,
            "--json",
        ],
    )
    assert found.exit_code == 0, found.output
    rows = json.loads(found.stdout)["by_players"]
    assert [row["seats"] for row in rows] == [1, 2]  # 22 live cards: the banker and two seats at most
    for row in rows:  # linear without a commission: the fee at which banking breaks even is what it wins before it
        assert row["exact"] and row["break_even_fee"] == pytest.approx(row["ev_money"] + 1)


def test_co_banking_is_half_the_bank_and_every_other_hand_the_mean_of_banking_and_playing(cache_folder):
    found = json.loads(
        runner.invoke(
            app, ["bank", "--players", "2", "--dead", DEAD_TEXT, "--co-bank", "--every-other", "--json"]
        ).stdout
    )
    assert found["co_bank"]["ev_money"] == pytest.approx(found["ev_money"] / 2)
    other = found["every_other"]
    assert other["ev_money"] == pytest.approx((found["ev_money"] + other["playing_ev_money"]) / 2)


def test_the_banker_plays_the_way_named_and_the_seats_the_house_way(cache_folder):
    """--banker-plays: the one-on-one counts are edge --banker --player's with no commission, and
    the class method reads the same strategy (one seat: the two answers agree)."""
    found = json.loads(
        runner.invoke(
            app, ["bank", "--players", "1", "--banker-plays", "trump-plaza", "--dead", DEAD_TEXT, "--json"]
        ).stdout
    )
    edge = runner.invoke(
        app, ["edge", "--banker", "--player", "trump-plaza", "--commission", "0", "--dead", DEAD_TEXT, "--json"]
    )
    counted = json.loads(edge.stdout)
    assert (found["one_on_one"]["wins"], found["one_on_one"]["losses"]) == (counted["wins"], counted["losses"])
    assert found["banker_plays"] == "trump-plaza" and found["exact"]
    assert sum(row["net"] * row["probability"] for row in found["round"]) == pytest.approx(found["ev_money"])


def test_a_session_of_rounds_is_the_rounds_net_added_up_and_its_ruin_is_bounded(cache_folder, small_bank):
    """--hands: the session's chances are the round's outcomes convolved (checked against the exact
    two-round sum), its mean hands times the round's; a bank is ruined sooner forever than within."""
    from paigow_cli.analysis.money.bank import round_payouts
    from paigow_cli.analysis.money.session import exact_session

    arguments = ["bank", "--bet", "25", "--dead", DEAD_TEXT, "--json"]
    two = json.loads(runner.invoke(app, [*arguments, "--hands", "2"]).stdout)
    _question, _one, _way, odds = small_bank
    outcomes = round_outcomes(odds, BankTable((Fraction(25), Fraction(25)), Fraction(1, 20), on_net=True))
    exact = exact_session(round_payouts(outcomes, Fraction(25)), 2)
    assert two["session"]["ahead"] == pytest.approx(float(sum(p for net, p in exact.items() if net > 0)), abs=1e-9)
    assert two["session"]["expected_money"] == pytest.approx(2 * two["ev_money"])
    found = json.loads(runner.invoke(app, [*arguments, "--hands", "50", "--bankroll", "300"]).stdout)["session"]
    assert found["ahead"] + found["even"] + found["behind"] == pytest.approx(1.0)
    assert 0 < found["ruin_within"] <= found["ruin_long_run"] < 1


def test_a_bank_covers_the_seats_in_order_and_the_rest_push(cache_folder, small_bank):
    found = json.loads(
        runner.invoke(
            app, ["bank", "--bet", "25", "--bank", "40", "--commission-on", "each", "--dead", DEAD_TEXT, "--json"]
        ).stdout
    )
    assert found["bets"] == [25.0, 15.0] and found["bets_given"] == [25.0, 25.0] and found["bank"] == 40.0
    _question, one, _way, _odds = small_bank
    assert found["ev_money"] == pytest.approx(
        float(linear_ev(one, BankTable((Fraction(25), Fraction(15)), Fraction(1, 20), on_net=False)))
    )
    assert found["seats"] == 2 and max(row["net"] for row in found["round"]) <= 40


def test_bank_csv_lists_every_net_of_the_round_or_the_session_and_svg_draws_the_session(cache_folder, tmp_path):
    import csv
    import io

    arguments = ["bank", "--bet", "25", "--dead", DEAD_TEXT]
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, [*arguments, "--csv"]).stdout)))
    assert sum(float(row["probability"]) for row in rows) == pytest.approx(1.0)
    assert float(rows[-1]["at_or_below"]) == pytest.approx(1.0) and float(rows[0]["net"]) == -50.0
    session = list(csv.DictReader(io.StringIO(runner.invoke(app, [*arguments, "--hands", "3", "--csv"]).stdout)))
    assert float(session[0]["net"]) == -150.0 and sum(float(row["probability"]) for row in session) == pytest.approx(
        1.0
    )
    picture = tmp_path / "bank.svg"
    drawn = runner.invoke(app, [*arguments, "--hands", "20", "--bankroll", "200", "--svg", str(picture)])
    assert drawn.exit_code == 0, drawn.output
    assert picture.read_text().startswith("<svg") and "broke" in drawn.stdout


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (["--players", "7"], "--players 7 is out of range"),
        (["--players", "0"], "--players 0 is out of range"),
        (["--fee", "-1"], "--fee -1 is out of range"),
        (["--bet", "25,25", "--players", "3"], "gives 2 bets for 3 seats"),
        (["--bet", "0"], "--bet 0 is out of range"),
        (["--commission-on", "both"], "give net or each"),
        (["--commission", "1.5"], "--commission 1.5 is out of range"),
        (["--players", "3", "--dead", DEAD_TEXT], "22 live cards deal the banker and at most 2 seats"),
        (["--bankroll", "500"], "give --hands N too"),
        (["--banker-plays", "nosuch"], "--banker-plays: unknown house way 'nosuch'"),
        (["--svg", "x.svg"], "--svg draws a session's net: give --hands N too"),
        (["--csv", "--json"], "choose --json or --csv, not both"),
        (["--bet", "25", "--bank", "10"], "--bank $10 does not cover the first seat's bet"),
        (["--bank", "-5"], "--bank -5 is out of range"),
        (["--hands", "0"], "--hands"),
        (["--bet", "25", "--hands", "5", "--bankroll", "30", "--dead", DEAD_TEXT], "does not cover the table's bets"),
    ],
)
def test_bad_bank_input_is_one_error_line(arguments, fragment):
    one_error(runner.invoke(app, ["bank", *arguments]), 2, fragment)
