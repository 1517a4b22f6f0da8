"""Study and play: deal, simulate, drill, and the table game."""

from __future__ import annotations

import json
from decimal import Decimal

import numpy as np
import pytest
from helpers import cards
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK, parse_cards
from paigow_cli.core.rules import HouseWayName, Rules
from paigow_cli.engine.distribution import hand_odds
from paigow_cli.house_ways import house_keys, house_setting
from paigow_cli.study.drill import Drill
from paigow_cli.study.simulation import ClassLookup, RunningTotals, Simulation, summarize
from paigow_cli.study.table_events import Folded, RoundOver
from paigow_cli.study.table_game import Phase, TableGame

runner = CliRunner()


@pytest.fixture(autouse=True)
def _cache(cache_folder):
    """Share the session's table cache."""


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


# --- deal ----------------------------------------------------------------------------------------


def test_deal_is_reproducible_and_pipes_into_advise():
    first = run("deal", "--count", "5", "--seed", "7")
    assert first.exit_code == 0 and first.stdout == run("deal", "--count", "5", "--seed", "7").stdout
    lines = first.stdout.splitlines()
    assert len(lines) == 5 and all(len(parse_cards(line)) == 7 for line in lines)
    assert run("deal", "--count", "5", "--seed", "8").stdout != first.stdout
    assert run("house", "-", "--json", input=first.stdout).exit_code == 0


def test_deal_with_dealer_from_the_same_deck():
    for line in run("deal", "--count", "20", "--dealer", "--json", "--seed", "3").stdout.splitlines():
        document = json.loads(line)
        assert len(document["hand"]) == len(document["dealer"]) == 7
        assert not set(document["hand"]) & set(document["dealer"])


# --- simulate ------------------------------------------------------------------------------------


def test_class_lookup_agrees_with_the_house_way(foxwoods_table):
    rng = np.random.default_rng(11)
    hands = rng.permuted(np.tile(np.arange(53), (3000, 1)), axis=1)[:, :7]
    spades_and_joker = np.array([card for card in range(53) if card % 4 == 0 or card == 52])
    flushy = np.array(
        [
            np.concatenate(
                [
                    rng.choice(spades_and_joker, 5, replace=False),
                    rng.choice([c for c in range(52) if c % 4], 2, replace=False),
                ]
            )
            for _ in range(2000)
        ]
    )
    lookup = ClassLookup(foxwoods_table)
    for batch in (hands, flushy):
        high, low = lookup.settings(batch)
        for row, h, lo in zip(batch, high, low):
            expected = house_keys(tuple(DECK[int(c)] for c in row), HouseWayName.FOXWOODS)
            assert (int(foxwoods_table.high_values[h]), int(foxwoods_table.low_values[lo])) == expected


def test_simulation_is_reproducible_by_seed(foxwoods_table):
    def once(seed):
        simulation = Simulation(foxwoods_table, Rules(), seed)
        list(simulation.run(120_000))
        return simulation.tally

    assert once(5) == once(5)
    assert once(5) != once(6)
    assert once(5).fouls == 0


def test_simulated_rates_agree_with_the_exact_engine_on_a_fixed_hand(foxwoods_table):
    hand = cards("QS JH 8D 6C 5S 4H 2D")
    simulation = Simulation(foxwoods_table, Rules(), seed=9, hand=hand)
    list(simulation.run(200_000))
    tally = simulation.tally
    house = house_setting(hand, Rules()).split
    from paigow_cli.core.splits import all_splits

    exact = dict(zip([tuple(s.low) for s in all_splits(hand)], hand_odds(hand, foxwoods_table)))[tuple(house.low)]
    n = tally.rounds
    for observed, count in ((tally.wins, exact.wins), (tally.pushes, exact.pushes), (tally.losses, exact.losses)):
        p = count / exact.total
        assert abs(observed / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_summary_statistics():
    tally = RunningTotals(rounds=4, wins=2, pushes=1, losses=1)
    result = summarize(tally, 0.05)
    assert result.ev == pytest.approx((2 * 0.95 - 1) / 4)
    payoffs = [0.95, 0.95, 0.0, -1.0]
    mean = sum(payoffs) / 4
    stderr = (sum((p - mean) ** 2 for p in payoffs) / 3 / 4) ** 0.5
    assert result.stderr == pytest.approx(stderr)
    assert result.interval == pytest.approx((-mean - 1.96 * stderr, -mean + 1.96 * stderr))


def test_best_player_is_paired_with_the_house_way(foxwoods_table):
    simulation = Simulation(foxwoods_table, Rules(), seed=4, player="best")
    list(simulation.run(60))
    result = summarize(simulation.tally, 0.05)
    assert simulation.tally.paired == 60 and result.difference is not None
    assert result.difference > -3 * result.difference_stderr  # the best setting never does worse on average


def test_best_player_on_threads_plays_the_same_rounds_as_on_one(foxwoods_table):
    tallies = []
    for threads in (1, 2, 3):
        simulation = Simulation(foxwoods_table, Rules(), seed=11, player="best", threads=threads)
        list(simulation.run(120))
        tallies.append(simulation.tally)
    assert tallies[0] == tallies[1] == tallies[2]
    assert tallies[0].rounds == 120


def test_simulate_command_json(foxwoods_table):
    result = run("simulate", "--hands", "60000", "--seed", "1", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert set(document) >= {
        "hands",
        "win",
        "push",
        "lose",
        "copy_high",
        "copy_low",
        "ev",
        "house_edge",
        "stderr",
        "interval",
        "seed",
        "house_way",
        "player",
    }
    assert (document["deals"], document["seed"], document["player"], document["fouls"]) == (60000, 1, "foxwoods", 0)
    assert document["win"] + document["push"] + document["lose"] == pytest.approx(1)
    assert 0.0 < document["house_edge"] < 0.06
    assert result.stdout == run("simulate", "--hands", "60000", "--seed", "1", "--json").stdout


def test_simulate_ctrl_c_still_reports(foxwoods_table, monkeypatch):
    def interrupted(self, rounds):
        self._play(1000)
        yield 1000
        raise KeyboardInterrupt

    monkeypatch.setattr(Simulation, "run", interrupted)
    result = run("simulate", "--hands", "100000", "--seed", "2", "--json")
    assert result.exit_code == 130  # interrupted: reported, and said so in the status
    document = json.loads(result.stdout)
    assert document["hands"] == 1000 and document["interrupted"] is True
    assert result.stderr.strip() == "Note: interrupted at 1,000 of 100,000 rounds; the figures are for those"


# --- drill ---------------------------------------------------------------------------------------


def test_drill_grades_best_foul_and_given_up(foxwoods_table):
    drill = Drill(Rules(), foxwoods_table, seed=1, count=3)
    hand = cards("AS KD JK 9H 9C 4D 2S")
    best = drill.grade(hand, "9h 9c")
    assert best.found_best and best.given_up == 0
    worse = drill.grade(hand, "KD 4D")
    assert not worse.found_best and worse.given_up == pytest.approx(0.4912, abs=1e-4)
    foul = drill.grade(hand, "JK AS")
    assert foul.yours.split.foul and foul.yours.ev == -1
    assert (drill.score.hands, drill.score.best, drill.score.fouls) == (3, 1, 1)


def test_drill_command_explains_bad_answers_and_ends_cleanly(foxwoods_table):
    first_hand = next(iter(Drill(Rules(), foxwoods_table, seed=3, count=2).hands()))
    good = f"{first_hand[0]} {first_hand[1]}"
    result = run("drill", "--count", "2", "--seed", "3", input=f"ZZ\n{first_hand[0]}\n{good}\n")
    assert result.exit_code == 0
    assert "'ZZ' is not a card" in result.stdout
    assert "name the two cards for your low hand, got 1" in result.stdout
    assert "Hand 2 of 2" in result.stdout
    assert "1 hand graded" in result.stdout  # input ended at the second hand: summary all the same


# --- play ----------------------------------------------------------------------------------------

WIN = (cards("AS AH KD 9C 7S 5H 3D"), cards("QS JH 8D 6C 4S 3C 2D"))  # aces / K-9 against Q-high / J-8


def game_with(*deals, bankroll=100):
    queue = list(deals)
    return TableGame(Rules(), Decimal(bankroll), seed=1, table=lambda: None, deal=lambda: queue.pop(0))


def texts(events):
    return [getattr(event, "text", "") for event in events]


def play(game, *lines):
    events = []
    for line in lines:
        events += game.handle(line)
    return events


def test_play_win_pays_even_money_less_commission():
    game = game_with(WIN)
    events = play(game, "10", "deal", "kd 9c")
    over = events[-1]
    assert isinstance(over, RoundOver) and over.settlement.outcome.value == "win"
    assert over.settlement.payout == Decimal("9.50") and game.balance == Decimal("109.50")


def test_play_loss_and_push():
    game = game_with((WIN[1], WIN[0]), (cards("AS AH QD 9C 7S 5H 3D"), cards("KS KH JD 8C 6S 4H 2D")))
    lost = play(game, "10", "deal", "jh 8d")[-1]
    assert lost.settlement.outcome.value == "lose" and game.balance == 90
    pushed = play(game, "rebet", "deal", "9c 7s")[-1]  # aces beat kings; 9-7 loses to the dealer's J-8
    assert pushed.settlement.outcome.value == "push" and game.balance == 90


def test_play_copy_goes_to_the_dealer():
    game = game_with((cards("KS KH 9D 7C 5S 3H 2D"), cards("KD KC 9H 7S 5H 3D 2C")))
    over = play(game, "5", "deal", "9d 7c")[-1]
    assert over.settlement.copy_high and over.settlement.copy_low
    assert over.settlement.outcome.value == "lose" and game.balance == 95


def test_play_fold_loses_the_wager():
    game = game_with(WIN)
    events = play(game, "25", "deal", "fold")
    assert isinstance(events[-1], Folded) and game.balance == 75 and game.phase is Phase.BETTING


def test_play_foul_is_warned_and_must_be_confirmed():
    game = game_with(WIN, WIN)
    warning = play(game, "10", "deal", "as ah")
    assert warning[-1].kind == "warning" and "fouls" in warning[-1].text and game.phase is Phase.CONFIRM_FOUL
    assert texts(play(game, "no")) == ["Choose your low hand again."] and game.phase is Phase.SETTING
    play(game, "as ah")
    over = play(game, "yes")[-1]
    assert over.player.foul and over.settlement.outcome.value == "lose" and game.balance == 90


def test_play_house_way_sets_the_hand():
    game = game_with(WIN)
    over = play(game, "10", "deal", "house")[-1]
    assert over.player_rule and over.player.low == cards("KD 9C")


def test_play_wager_limits():
    game = game_with(WIN, bankroll=150)
    assert "minimum wager" in texts(play(game, "1", "deal"))[-1]
    assert "maximum wager" in texts(play(game, "100"))[-1]
    assert "no $3 chip" in texts(play(game, "3"))[-1]
    assert game.wager == 1
    play(game, "clear")
    assert (game.wager, game.balance) == (0, 150)
    poor = game_with(WIN, bankroll=30)
    assert texts(play(poor, "25", "25"))[-1] == "You have only $5 left to bet."
    assert (poor.wager, poor.balance) == (25, 5)


def test_play_rebet_places_the_last_wager_again():
    game = game_with(WIN, WIN)
    assert "no last wager" in texts(play(game, "rebet"))[-1]
    play(game, "10", "5", "deal", "fold")
    assert texts(play(game, "rebet")) == ["Wager $15 (as last game)"] and game.balance == 70


def test_play_bankroll_exhausted_ends_the_game():
    game = game_with((WIN[1], WIN[0]), bankroll=10)
    events = play(game, "10", "deal", "jh 8d")
    assert game.over and "Bankroll exhausted" in events[-1].text


def test_play_bad_input_is_explained():
    game = game_with(WIN)
    assert texts(play(game, "hello"))[-1].startswith("'hello' is not a betting command")
    play(game, "5", "deal")
    assert "Name two of your seven cards" in texts(play(game, "ZZ YY"))[-1]
    assert "is not in" in texts(play(game, "2C 3C"))[-1]
    assert game.phase is Phase.SETTING


def test_play_command_scripted_through_stdin(foxwoods_table):
    script = "5\n5\ndeal\nhint\nhouse\nrebet\ndeal\nfold\nquit\n"
    result = run("play", "--seed", "1", "--bankroll", "100", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Wager $10" in out and "Your cards:" in out and "Best:" in out and "Dealer:" in out
    assert "Wager $10 (as last game)" in out and "You fold and lose $10" in out
    assert "You leave with" in out


def test_play_end_of_input_leaves_the_table(foxwoods_table):
    result = run("play", "--seed", "1", input="5\ndeal\n")
    assert result.exit_code == 0 and "You fold and lose $5" in result.stdout and "You leave with $495" in result.stdout
