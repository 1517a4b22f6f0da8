"""Per-hand benchmarks: each house way, the exact-EV engine and the CLI around it, simulate's
rounds a second, and the engine in every game."""

from __future__ import annotations

import os
import random
import tempfile

from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import HouseWayName

from .timing import median_seconds, run_cli, seeded_hands


def bench_house_ways(hands_count: int, runs: int) -> None:
    """Time to set a hand by each house way (decision plus the two hand values), per hand."""
    from paigow_cli.core.splits import LOW_POSITIONS, setting_keys
    from paigow_cli.house_ways import house_keys

    hands = seeded_hands(hands_count)

    def all_21_settings() -> None:  # baseline: value every setting, as a naive setter must
        for hand in hands:
            for i, j in LOW_POSITIONS:
                setting_keys(hand, (hand[i], hand[j]))

    baseline = median_seconds(all_21_settings, runs) / len(hands)
    print(f"{len(hands):,} seeded random hands, median of {runs} runs, pure Python")
    print(f"baseline: value all 21 settings of a hand   {baseline * 1e6:8.1f} us/hand")
    print(f"{'house way':16} {'us/hand':>8}  {'vs baseline':>11}  target <= 50 us")
    for way in HouseWayName:
        per_hand = median_seconds(lambda way=way: [house_keys(hand, way) for hand in hands], runs) / len(hands)
        print(
            f"{way.value:16} {per_hand * 1e6:8.1f}  {baseline / per_hand:10.1f}x  {'ok' if per_hand <= 50e-6 else 'SLOW'}"
        )


def bench_engine(runs: int, batch: int) -> None:
    """The exact-EV targets of the engine issue, each against its target, with the brute-force baseline."""
    from math import comb

    from paigow_cli.core.rules import Wheel
    from paigow_cli.engine.dealer_table import build_table, load_table
    from paigow_cli.engine.distribution import hand_odds
    from paigow_cli.house_ways import house_keys

    way = HouseWayName.FOXWOODS
    hand_text = "AS KD JK 9H 9C 4D 2S"
    cache = tempfile.mkdtemp(prefix="paigow-bench-")
    env = dict(os.environ, PAIGOW_CACHE_DIR=cache)
    os.environ["PAIGOW_CACHE_DIR"] = cache
    print(f"median of {runs} runs; cache in {cache}")

    build = median_seconds(lambda: build_table(way, Wheel.SECOND), runs)
    print(f"first table build ({way.value}, {os.cpu_count()} cores)  {build:8.2f} s     target <= 30 s")
    table = load_table(way, Wheel.SECOND)  # builds and caches it for what follows

    hands = seeded_hands(batch, seed=7)
    per_hand = median_seconds(lambda: [hand_odds(hand, table) for hand in hands], runs) / batch
    print(f"engine time per hand, batch of {batch}          {per_hand * 1e3:8.1f} ms    target <= 50 ms")

    batch_text = "".join(" ".join(map(str, hand)) + "\n" for hand in hands)
    batch_wall = median_seconds(lambda: run_cli("advise", "-", "--json", stdin=batch_text, env=env), runs) / batch
    print(f"paigow advise - (batch of {batch}, JSON), per hand {batch_wall * 1e3:8.1f} ms    (end to end)")

    advise_wall = median_seconds(lambda: run_cli("advise", hand_text, env=env), runs)
    print(f"paigow advise HAND, warm cache, end to end    {advise_wall:8.3f} s     target <= 0.5 s")
    help_wall = median_seconds(lambda: run_cli("--help", env=env), runs)
    print(f"paigow --help                                 {help_wall:8.3f} s     target <= 0.3 s")
    house_wall = median_seconds(lambda: run_cli("house", hand_text, env=env), runs)
    print(f"paigow house HAND                             {house_wall:8.3f} s     target <= 0.3 s")

    # Baseline: set every possible dealer hand with the house way and settle 21 settings,
    # extrapolated from a timed sample of 20,000 dealer hands.
    from paigow_cli.core.cards import parse_cards
    from paigow_cli.core.splits import all_splits

    player = parse_cards(hand_text)
    settings = [(s.high_value.key, s.low_value.key) for s in all_splits(player)]
    live = [card for card in DECK if card not in player]
    rng = random.Random(1)
    sample = [tuple(rng.sample(live, 7)) for _ in range(20_000)]

    def brute_force_sample() -> None:
        for dealer in sample:
            dealer_high, dealer_low = house_keys(dealer, way)
            for high, low in settings:
                _ = (high > dealer_high and low > dealer_low, high <= dealer_high and low <= dealer_low)

    brute = median_seconds(brute_force_sample, runs) / len(sample) * comb(46, 7)
    exact = median_seconds(lambda: hand_odds(player, table), runs)
    print(f"baseline: brute force over {comb(46, 7):,} dealer hands  {brute:8.0f} s (extrapolated from 20,000)")
    print(f"exact engine for the same hand                {exact * 1e3:8.1f} ms    speed-up {brute / exact:,.0f}x")


def bench_simulate(runs: int, rounds: int) -> None:
    """Rounds a second for simulate --player house, against setting both hands by the house way per round."""
    from paigow_cli.core.rules import Rules, Wheel
    from paigow_cli.engine.dealer_table import load_table
    from paigow_cli.house_ways import house_keys
    from paigow_cli.study.dealing import deal_rounds
    from paigow_cli.study.simulation import Simulation

    table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)

    def simulate() -> None:
        for _ in Simulation(table, Rules(), seed=1).run(rounds):
            pass

    vectorised = rounds / median_seconds(simulate, runs)
    sample = list(deal_rounds(seed=1, count=20_000))

    def per_round() -> None:
        for player, dealer in sample:
            house_keys(player, HouseWayName.FOXWOODS)
            house_keys(dealer, HouseWayName.FOXWOODS)

    baseline = len(sample) / median_seconds(per_round, runs)
    print(f"median of {runs} runs, {rounds:,} rounds, foxwoods, --player house")
    print(f"baseline: house way per hand (pure Python)   {baseline:12,.0f} rounds/s")
    print(
        f"table lookups, vectorised (numpy)             {vectorised:12,.0f} rounds/s   {vectorised / baseline:.0f}x   target >= 50,000"
    )


def bench_games(runs: int, batch: int) -> None:
    """Engine time per hand in every game and side of the bank (against the classic game in the same
    run: nothing gets slower), and ``paigow bonus --odds`` warm for every table (target <= 1 s)."""
    from paigow_cli.analysis.money.pay_tables import PAY_TABLES
    from paigow_cli.core.rules import Game, Wheel
    from paigow_cli.engine.dealer_table import load_categories, load_table
    from paigow_cli.engine.distribution import hand_odds

    cache = tempfile.mkdtemp(prefix="paigow-bench-")
    env = dict(os.environ, PAIGOW_CACHE_DIR=cache)
    os.environ["PAIGOW_CACHE_DIR"] = cache
    table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)
    load_categories()
    hands = seeded_hands(batch, seed=7)
    print(f"median of {runs} runs, batch of {batch} hands; cache in {cache}")
    baseline = median_seconds(lambda: [hand_odds(hand, table) for hand in hands], runs) / batch
    print(f"{'game':24} {'ms/hand':>8}  {'vs classic':>10}")
    for game in Game:
        for banker in (False, True):
            per_hand = (
                median_seconds(
                    lambda game=game, banker=banker: [
                        hand_odds(hand, table, (), game, banker=banker) for hand in hands
                    ],
                    runs,
                )
                / batch
            )
            name = game.value + (" --banker" if banker else "")
            print(f"{name:24} {per_hand * 1e3:8.1f}  {per_hand / baseline:9.2f}x")
    print(f"{'paigow bonus --odds':32} {'s, warm':>8}  target <= 1 s")
    for name in PAY_TABLES:
        run_cli("bonus", "--odds", "--table", name, env=env)  # warm its tables
        wall = median_seconds(lambda name=name: run_cli("bonus", "--odds", "--table", name, env=env), runs)
        print(f"  --table {name:22} {wall:8.3f}  {'ok' if wall <= 1 else 'SLOW'}")
