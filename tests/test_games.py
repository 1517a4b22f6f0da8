"""The games (rules.md §8.1), banking (§8.2): settling, exact counts against a brute force, simulation."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from functools import lru_cache
from itertools import combinations
from math import comb

import pytest
from helpers import cards
from test_engine import dead_cases

from paigow_cli.core.cards import DECK
from paigow_cli.core.errors import OptionError
from paigow_cli.core.hands import HIGH_CARD, best_five
from paigow_cli.core.rules import Game, HouseWayName, Rules, Wheel
from paigow_cli.core.showdown import Outcome, settle
from paigow_cli.core.splits import all_splits, make_split
from paigow_cli.engine.distribution import DealerDistribution, hand_odds
from paigow_cli.house_ways import house_setting
from paigow_cli.study.simulation import Simulation, summarize

GAMES = list(Game)
IDS = [game.value for game in Game]


def setting(text: str, low: str):
    return make_split(cards(text), cards(low))


# --- the push rules, one by one (independent reading: the evaluator's category and the cards) -------


def independent_push(game: Game, dealer_split) -> bool:
    """Each push rule read straight from rules.md §8.1, with the evaluator and plain card counts."""
    seven = dealer_split.cards
    value, _ = best_five(seven)
    ranks = [card.rank for card in seven]
    pai_gow = value.category == HIGH_CARD and len(set(ranks)) == 7  # no pair (joker-ace pairs), straight, flush
    if game is Game.EZ:
        return pai_gow and max(ranks) == 12 and not any(card.is_joker for card in seven)
    if game is Game.FACE_UP:
        return pai_gow and max(ranks) == 14
    if game is Game.COMMISSION_FREE:
        low = [card.rank for card in dealer_split.low]
        return low[0] != low[1] and max(low) == 9
    return False


def test_ez_queen_high_pai_gow_pushes_every_bet():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    dealer = setting("QS JH 9D 7C 5S 3H 2D", "JH 9D")
    assert settle(player, dealer, game=Game.EZ).outcome is Outcome.PUSH
    assert settle(player, dealer, game=Game.EZ).game_push
    assert settle(player, dealer, game=Game.CLASSIC).outcome is Outcome.WIN


def test_ez_a_queen_high_straight_or_joker_hand_does_not_push():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    straight = setting("QS JH TD 9C 8S 3H 2D", "3H 2D")
    joker = setting("JK QS JH 9D 7C 5S 3H", "QS JH")  # the joker makes it ace-high
    assert not settle(player, straight, game=Game.EZ).game_push
    assert not settle(player, joker, game=Game.EZ).game_push


def test_face_up_ace_high_pai_gow_pushes_every_bet_joker_as_the_ace():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    for dealer in (setting("AD JH 9D 7C 5S 3H 2D", "JH 9D"), setting("JK JH 9D 7C 5S 3H 2D", "JH 9D")):
        result = settle(player, dealer, game=Game.FACE_UP)
        assert (result.outcome, result.game_push) == (Outcome.PUSH, True)


def test_commission_free_nine_high_low_hand_pushes_every_bet():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    nine_high = setting("KS KH JD 9C 8S 4H 3D", "9C 8S")
    nines = setting("KS KH JD 9C 9S 4H 3D", "9C 9S")
    assert settle(player, nine_high, game=Game.COMMISSION_FREE).game_push
    assert not settle(player, nines, game=Game.COMMISSION_FREE).game_push


def test_commission_free_games_pay_wins_in_full():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    dealer = setting("KS KH JD 8C 7S 4H 3D", "JD 8C")
    for game in (Game.EZ, Game.COMMISSION_FREE, Game.FACE_UP):
        rules = Rules(game=game)
        assert settle(player, dealer, 5, rules.commission, game).payout == Decimal(5)


def test_a_foul_loses_even_against_a_pushing_dealer_hand():
    foul = setting("AS AH KD QC 9S 5H 2D", "AS AH")
    dealer = setting("QS JH 9D 7C 5S 3H 2D", "JH 9D")
    assert settle(foul, dealer, game=Game.EZ).outcome is Outcome.LOSE


def test_banker_wins_copies():
    player = setting("KD KC 9S 5H 2D QH JC", "QH JC")
    dealer = setting("KS KH 8C 7S 4H QD JD", "QD JD")  # the low hands copy; the player's high is better
    assert settle(player, dealer).outcome is Outcome.PUSH
    banked = settle(player, dealer, banker=True)
    assert (banked.outcome, banked.copy_low) == (Outcome.WIN, True)


def test_banker_foul_is_reset_to_the_house_way():
    hand = cards("AS AH KD QC 9S 5H 2D")
    foul = make_split(hand, cards("AS AH"))
    house = house_setting(hand, Rules()).split
    dealer = setting("KS KH JD 8C 7S 4H 3D", "JD 8C")
    reset = settle(foul, dealer, banker=True, house=house)
    assert reset.reset and reset.foul
    assert reset.outcome == settle(house, dealer, banker=True).outcome


def test_banker_pays_the_commission_on_a_win():
    player = setting("AS AH KD QC 9S 5H 2D", "KD QC")
    dealer = setting("KS KH JD 8C 7S 4H 3D", "JD 8C")
    assert settle(player, dealer, 10, 0.05, banker=True).payout == Decimal("9.5")


def test_commission_applies_to_the_classic_game_only():
    with pytest.raises(OptionError, match="classic game only: ez"):
        Rules(game=Game.EZ, commission=0.05)
    assert Rules(game=Game.FACE_UP).commission == 0.0
    assert Rules(game=Game.CLASSIC).commission == 0.05


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_push_rules_agree_with_an_independent_reading(game):
    rng = random.Random(8)
    hands = [tuple(rng.sample(DECK, 7)) for _ in range(3000)]
    hands += [cards("QS JH 9D 7C 5S 3H 2D"), cards("AD JH 9D 7C 5S 3H 2D"), cards("JK JH 9D 7C 5S 3H 2D")]
    for hand in hands:
        dealer = house_setting(hand, Rules()).split
        assert settle(dealer, dealer, game=game).game_push == independent_push(game, dealer), hand


# --- exact counts against a brute force ------------------------------------------------------------


@lru_cache(maxsize=64)
def dealer_settings(live: tuple, way: HouseWayName) -> Counter:
    """Every dealer hand of the live cards set one by one: (high, low, pushing per game) -> count."""
    rules = Rules(house_way=way)
    dealers = Counter()
    for dealer in combinations(live, 7):
        split = house_setting(dealer, rules).split
        pushes = tuple(independent_push(game, split) for game in GAMES)
        dealers[(split.high_value.key, split.low_value.key, pushes)] += 1
    return dealers


def brute_force(hand, dead, way: HouseWayName, game: Game, banker: bool) -> list[tuple[int, int, int]]:
    """(wins, pushes, losses) per setting, settling every possible dealer hand one by one."""
    rules = Rules(house_way=way)
    live = tuple(card for card in DECK if card not in hand and card not in dead)
    house = house_setting(hand, rules).split
    results = []
    for split in all_splits(hand):
        if split.foul and banker:
            split = house
        high, low = split.high_value.key, split.low_value.key
        wins = pushes = losses = 0
        for (dealer_high, dealer_low, pushing_by_game), count in dealer_settings(live, way).items():
            pushing = pushing_by_game[GAMES.index(game)]
            if split.foul:
                losses += count
            elif pushing:
                pushes += count
            elif banker:
                if high >= dealer_high and low >= dealer_low:
                    wins += count
                elif high < dealer_high and low < dealer_low:
                    losses += count
                else:
                    pushes += count
            elif high > dealer_high and low > dealer_low:
                wins += count
            elif high <= dealer_high and low <= dealer_low:
                losses += count
            else:
                pushes += count
        results.append((wins, pushes, losses))
    return results


def push_heavy_cases(count: int, seed: int) -> list[tuple[tuple, tuple]]:
    """Hands whose live cards are rich in the pushing dealer hands: few pairs, queens and nines high."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        low_ranks = [card for card in DECK[:52] if card.rank <= 12]
        rng.shuffle(low_ranks)
        hand = tuple(low_ranks[:7])
        live = [card for card in low_ranks[7:] if card.suit in "SH"][:14]
        live += [DECK[52]] if rng.random() < 0.5 else []
        dead = tuple(card for card in DECK if card not in hand and card not in live)
        cases.append((hand, dead))
    return cases


@pytest.mark.slow  # the quick tier leaves it to CI (over 5 s on two cores)
@pytest.mark.parametrize("banker", [False, True], ids=["player", "banker"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_matches_brute_force_count_for_count(foxwoods_table, game, banker):
    cases = (
        dead_cases(2, seed=11, dead_count=29)
        + push_heavy_cases(1, seed=5)
        + push_heavy_cases(1, seed=GAMES.index(game))
    )
    for hand, dead in cases:
        exact = [odds.counts for odds in hand_odds(hand, foxwoods_table, dead, game, banker=banker)]
        assert exact == brute_force(hand, dead, HouseWayName.FOXWOODS, game, banker), (hand, dead)
    pushing = [DealerDistribution(foxwoods_table, (*hand, *dead), game, banker=banker).pushing for hand, dead in cases]
    assert (sum(pushing) > 0) == (game is not Game.CLASSIC)  # the push rule is really exercised


@pytest.mark.slow
@pytest.mark.parametrize("banker", [False, True], ids=["player", "banker"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize(
    "way", [HouseWayName.FOXWOODS, HouseWayName.TRUMP_PLAZA, HouseWayName.BALLYS], ids=lambda w: w.value
)
def test_games_match_brute_force_for_more_house_ways(cache_folder, way, game, banker):
    from paigow_cli.engine.dealer_table import load_table

    table = load_table(way, Wheel.SECOND)
    for hand, dead in dead_cases(4, seed=31, dead_count=28) + push_heavy_cases(2, seed=7):
        exact = [odds.counts for odds in hand_odds(hand, table, dead, game, banker=banker)]
        assert exact == brute_force(hand, dead, way, game, banker), (hand, dead)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_counts_still_sum_to_every_dealer_hand(foxwoods_table, game):
    for banker in (False, True):
        distribution = DealerDistribution(foxwoods_table, cards("AS KD JK 9H 9C 4D 2S"), game, banker=banker)
        assert distribution.total == comb(46, 7)
        assert (distribution.pushing > 0) == (game is not Game.CLASSIC)


# --- simulation agrees with the exact EV ---------------------------------------------------------------


@pytest.mark.parametrize("banker", [False, True], ids=["player", "banker"])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_simulation_agrees_with_the_exact_ev_per_game(foxwoods_table, game, banker):
    rules = Rules(game=game, banker=banker)
    hand = cards("QS JH 8D 6C 5S 4H 2D")
    house = house_setting(hand, rules).split
    distribution = DealerDistribution(foxwoods_table, hand, game, banker=banker)
    exact = distribution.split_odds(house).ev(rules.commission)
    simulation = Simulation(foxwoods_table, rules, seed=3, hand=hand)
    for _ in simulation.run(60_000):
        pass
    result = summarize(simulation.tally, rules.commission)
    assert abs(result.ev - exact) < 4 * result.stderr, (result.ev, exact, result.stderr)


# --- the commands --------------------------------------------------------------------------------------


def cli(*args: str, input: str | None = None):
    from typer.testing import CliRunner

    from paigow_cli.cli import app

    return CliRunner().invoke(app, list(args), input=input)


def test_advise_json_names_the_game_and_the_banker(foxwoods_table):
    import json

    result = cli("advise", "AS KD JK 9H 9C 4D 2S", "--game", "ez", "--banker", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["game"], document["banker"]) == ("ez", True)
    fouls = [row for row in document["splits"] if row["foul"]]
    house = next(row for row in document["splits"] if row["house_way"])
    assert fouls and all(row["ev"] == house["ev"] for row in fouls)  # reset to the house way
    assert not any(row["best"] for row in fouls)


def test_advise_banker_ranks_differently_from_the_player(foxwoods_table):
    import json

    player = json.loads(cli("advise", "QS JH 8D 6C 5S 4H 2D", "--json").stdout)
    banker = json.loads(cli("advise", "QS JH 8D 6C 5S 4H 2D", "--banker", "--json").stdout)
    assert banker["splits"][0]["ev"] > player["splits"][0]["ev"]  # copies are worth something


def test_advise_dealer_shows_the_game_push():
    result = cli("advise", "AS KD JK 9H 9C 4D 2S", "--dealer", "QS JH 9D 7C 5S 3H 2D", "--game", "ez")
    assert result.exit_code == 0, result.stderr
    assert "push (game push)" in result.stdout


def test_commission_with_another_game_is_an_error_naming_its_rule():
    result = cli("advise", "AS KD JK 9H 9C 4D 2S", "--game", "face-up", "--commission", "0.05")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: --commission applies to the classic game only: face-up takes no commission "
        "(an ace-high pai gow for the dealer pushes instead)"
    ]


def test_simulate_json_names_the_game(foxwoods_table):
    import json

    result = cli("simulate", "--hands", "20000", "--seed", "1", "--game", "commission-free", "--banker", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["game"], document["banker"], document["commission"]) == ("commission-free", True, 0.0)


def test_simulate_face_up_best_plays_against_the_shown_hand(foxwoods_table):
    import json

    result = cli("simulate", "--hands", "300", "--seed", "1", "--game", "face-up", "--player", "best", "--json")
    document = json.loads(result.stdout)
    assert document["gain_over_house_way"] >= 0  # never worse than the house way against a known hand


def test_play_names_the_game_and_settles_the_side_bet():
    result = cli("play", "--seed", "1", "--game", "ez", input="5\nside 5\ndeal\nhouse\nquit\n")
    assert result.exit_code == 0, result.stderr
    assert "EZ Pai Gow" in result.stdout and "Queen's Dragon" in result.stdout
    assert "no paying hand; you lose $5" in result.stdout or "pays 50 to 1" in result.stdout


def test_face_up_play_shows_the_dealer_set_before_you_set():
    from paigow_cli.study.table_events import Dealt
    from paigow_cli.study.table_game import TableGame

    game = TableGame(Rules(game=Game.FACE_UP), Decimal(100), seed=3, table=lambda: None)
    game.handle("10")
    dealt = game.handle("deal")[0]
    assert isinstance(dealt, Dealt) and dealt.dealer is not None
    assert dealt.dealer.split == house_setting(tuple(game.dealer), Rules()).split
    hint = game.handle("hint")[0]  # no dealer table needed: the dealer's hand is known
    assert hint.advice.dealer is not None and hint.advice.best_row.settlement is not None
    classic = TableGame(Rules(), Decimal(100), seed=3, table=lambda: None)
    classic.handle("10")
    assert classic.handle("deal")[0].dealer is None


# --- Face Up, the dealer's hand seen before setting ---------------------------------------------------


def brute_force_seen(hand, dead, way: HouseWayName) -> tuple[int, int, int]:
    """(wins, pushes, losses) when the player sets after seeing each dealer hand: per dealer hand,
    the best outcome among the legal settings, settled one by one."""
    live = tuple(card for card in DECK if card not in hand and card not in dead)
    legal = [split for split in all_splits(hand) if not split.foul]
    wins = pushes = losses = 0
    for (dealer_high, dealer_low, pushing_by_game), count in dealer_settings(live, way).items():
        if pushing_by_game[GAMES.index(Game.FACE_UP)]:
            pushes += count
            continue
        best = max((s.high_value.key > dealer_high) + (s.low_value.key > dealer_low) for s in legal)
        wins += count * (best == 2)
        pushes += count * (best == 1)
        losses += count * (best == 0)
    return wins, pushes, losses


@pytest.mark.slow
def test_face_up_odds_with_the_dealer_seen_match_brute_force(foxwoods_table):
    from paigow_cli.analysis.hand.advice import advise

    for hand, dead in dead_cases(2, seed=21, dead_count=29) + push_heavy_cases(1, seed=9):
        advice = advise(hand, Rules(game=Game.FACE_UP), table=foxwoods_table, dead=dead)
        assert advice.seen is not None
        assert advice.seen.counts == brute_force_seen(hand, dead, HouseWayName.FOXWOODS), (hand, dead)
        assert advice.seen.ev(0) >= advice.best_row.ev  # seeing first never does worse
    banker = advise(cards("AS KD JK 9H 9C 4D 2S"), Rules(game=Game.FACE_UP, banker=True), table=foxwoods_table)
    assert banker.seen is None  # no casino deals Face Up to a banking player


def test_simulated_face_up_best_agrees_with_the_seen_ev(foxwoods_table):
    """simulate --player best in Face Up plays each round against the shown hand: within 4 standard
    errors of advise's exact EV with the dealer seen, for one fixed hand."""
    import json

    from paigow_cli.analysis.hand.advice import advise

    hand = "AS KD JK 9H 9C 4D 2S"
    exact = advise(cards(hand), Rules(game=Game.FACE_UP), table=foxwoods_table).seen
    assert exact is not None
    document = json.loads(
        cli(
            "simulate",
            "--game",
            "face-up",
            "--player",
            "best",
            "--hand",
            hand,
            "--hands",
            "6000",
            "--seed",
            "4",
            "--json",
        ).stdout
    )
    assert abs(document["ev"] - exact.ev(0)) < 4 * document["stderr"], (document["ev"], exact.ev(0))
    shown = json.loads(cli("advise", hand, "--game", "face-up", "--json").stdout)["dealer_seen"]
    assert (shown["wins"], shown["pushes"], shown["losses"]) == exact.counts and shown["ev"] == exact.ev(0)


def test_simulate_with_another_house_way_agrees_with_its_exact_ev(foxwoods_table):
    """simulate --player trump-plaza against the foxwoods dealer: the hand is set by Trump Plaza's
    way (here it splits two pair where Foxwoods keeps them), within 4 standard errors of that
    setting's exact EV, and so is the paired gain over Foxwoods' own setting."""
    import json

    from paigow_cli.analysis.hand.advice import advise

    hand = cards("KD 5D 5C 7S 9C QC 9D")
    theirs = house_setting(hand, Rules(house_way=HouseWayName.TRUMP_PLAZA)).split
    advice = advise(hand, Rules(), table=foxwoods_table)
    exact = {frozenset(row.split.low): row.ev for row in advice.rows}
    mine, house = exact[frozenset(theirs.low)], exact[frozenset(advice.house.split.low)]
    assert mine != house  # the two ways set this hand differently
    args = ["simulate", "--player", "trump-plaza", "--hand", "KD 5D 5C 7S 9C QC 9D", "--hands", "40000"]
    document = json.loads(cli(*args, "--seed", "8", "--json").stdout)
    assert document["player"] == "trump-plaza" and document["fouls"] == 0
    assert abs(document["ev"] - mine) < 4 * document["stderr"], (document["ev"], mine)
    assert abs(document["gain_over_house_way"] - (mine - house)) < 4 * document["gain_stderr"] + 1e-9
