"""Benchmarks for the speed targets in the issues. Prints medians of several runs and ratios
against a baseline measured in the same run. Not part of the test suite.

Usage:
    python benchmarks/bench.py house-ways [--hands 100000] [--runs 5]
    python benchmarks/bench.py engine [--runs 5] [--batch 200]
    python benchmarks/bench.py simulate [--runs 5] [--rounds 1000000]
    python benchmarks/bench.py games [--runs 5] [--batch 200]
    python benchmarks/bench.py whole-game [--runs 3] [--batch 200] [--rounds 1000] [--chunks 4]
    python benchmarks/bench.py startup [--runs 7] [--batch 400] [--baseline REV]
    python benchmarks/bench.py speed [--runs 3] [--chunks 6] [--baseline REV] [--rounds 2000]
    python benchmarks/bench.py edge-games [--chunks 6] [--baseline REV]
    python benchmarks/bench.py chunk-split [--chunks 4] [--runs 5] [--baseline REV]
    python benchmarks/bench.py kernel [--game classic|all] [--chunks 2] [--runs 7] [--baseline REV]
    python benchmarks/bench.py strategy [--runs 5] [--chunks 4] [--house-way foxwoods]
    python benchmarks/bench.py session [--runs 5] [--hands 10000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import HouseWayName


def median_seconds(work: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``work``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def alternating_times(
    commands: dict[str, list[str]], runs: int, env: dict[str, str], stdin: str | None = None
) -> dict[str, list[float]]:
    """Wall times of ``runs`` rounds of every command (each fed ``stdin``, if given), one after the
    other in each round (so a machine that slows down slows them all alike), after a round that
    warms every cache."""
    fed = None if stdin is None else stdin.encode()
    for command in commands.values():
        subprocess.run(command, env=env, input=fed, capture_output=True, check=True)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, env=env, input=fed, capture_output=True, check=True)
            times[name].append(time.perf_counter() - start)
    return times


def seeded_hands(count: int, seed: int = 2026) -> list[tuple]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 7)) for _ in range(count)]


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


def run_cli(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> None:
    subprocess.run(
        [sys.executable, "-m", "paigow_cli", *args], input=stdin, env=env, capture_output=True, text=True, check=True
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
    from paigow_cli.analysis.side_bets import PAY_TABLES
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
                    lambda game=game, banker=banker: [hand_odds(hand, table, (), game, banker) for hand in hands], runs
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


def old_hand_odds(hand: Sequence, table) -> list[tuple[int, int, int]]:
    """The per-hand loop as it was before the compiled kernel (numpy class weights, a full-resolution
    histogram and its running sums): the baseline of the whole-game issue, kept here to time it."""
    import numpy as np

    from paigow_cli.core.splits import all_splits
    from paigow_cli.engine.distribution import LiveCards, class_weights

    live = LiveCards.without(hand)
    multiset, flush = class_weights(table.classes, live)
    lows = len(table.low_values)
    cells = len(table.high_values) * lows
    histogram = np.bincount(
        table.multiset_high.astype(np.int64) * lows + table.multiset_low, weights=multiset, minlength=cells
    )
    histogram += np.bincount(table.flush_high.astype(np.int64) * lows + table.flush_low, weights=flush, minlength=cells)
    histogram = np.rint(histogram).astype(np.int64).reshape(len(table.high_values), lows)
    below = np.zeros((len(table.high_values) + 1, lows + 1), dtype=np.int64)
    below[1:, 1:] = histogram.cumsum(axis=0).cumsum(axis=1)
    total = int(below[-1, -1])
    odds = []
    for split in all_splits(hand):
        if split.foul:
            odds.append((0, 0, total))
            continue
        high = int(np.searchsorted(table.high_values, split.high_value.key))
        low = int(np.searchsorted(table.low_values, split.low_value.key))
        wins = int(below[high, low])
        losses = total - int(below[high, -1]) - int(below[-1, low]) + wins
        odds.append((wins, total - wins - losses, losses))
    return odds


def old_complete_settings(self):
    """``Seven.complete_settings`` as it was: every one of the 21 backs valued with ``five_card_key``
    (the baseline of the first table build, kept here to time it)."""
    from paigow_cli.core.hands import five_card_key, two_card_key
    from paigow_cli.core.splits import LOW_POSITIONS
    from paigow_cli.house_ways.analysis import COMPLETE_CATEGORIES, CompleteSetting

    if self._completes is None:
        found = []
        if self.complete:
            cards = self.cards
            for i, j in LOW_POSITIONS:
                back = [card for k, card in enumerate(cards) if k != i and k != j]
                high = five_card_key(back, self.wheel_low)
                if high >> 20 in COMPLETE_CATEGORIES:
                    front = (cards[i], cards[j])
                    found.append(CompleteSetting(front, high, two_card_key(*front)))
        self._completes = found
    return self._completes


def old_table_build(house_way, wheel) -> None:
    """The first table build as it was (``old_complete_settings``), for the baseline."""
    from paigow_cli.engine.dealer_table import build_table
    from paigow_cli.house_ways.analysis import Seven

    new = Seven.complete_settings
    Seven.complete_settings = old_complete_settings  # workers are forked, so they see it too
    try:
        build_table(house_way, wheel)
    finally:
        Seven.complete_settings = new


def bench_whole_game(runs: int, batch: int, rounds: int, sample_chunks: int) -> None:
    """The targets of the whole-game issue, each against the per-hand loop it replaced (``old_hand_odds``),
    measured in the same run: advise's engine time per hand, simulate --player best, the first table
    build, and paigow edge --player best on a full deck (projected from timed chunks)."""
    from math import comb

    from paigow_cli.analysis.question import Question
    from paigow_cli.analysis.whole_game import CHUNKS, count_chunk
    from paigow_cli.core.rules import Rules, Wheel
    from paigow_cli.engine.dealer_table import build_table, load_table
    from paigow_cli.engine.distribution import hand_odds
    from paigow_cli.study.simulation import Simulation

    cores = os.cpu_count() or 1
    cache = os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))
    table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)
    hands = seeded_hands(batch, seed=7)
    assert [tuple(o.counts) for o in hand_odds(hands[0], table)] == old_hand_odds(hands[0], table)  # same counts
    print(f"median of {runs} runs, {cores} cores; cache in {cache}")

    old = median_seconds(lambda: [old_hand_odds(hand, table) for hand in hands], runs) / batch
    new = median_seconds(lambda: [hand_odds(hand, table) for hand in hands], runs) / batch
    print(f"baseline: per-hand loop before the kernel      {old * 1e3:8.2f} ms/hand")
    print(
        f"advise's engine, per hand in a batch of {batch}  {new * 1e3:8.2f} ms/hand  {old / new:5.1f}x   target <= 5 ms"
    )

    def simulate_best() -> None:
        for _ in Simulation(table, Rules(), seed=3, player="best").run(rounds):
            pass

    per_second = rounds / median_seconds(simulate_best, runs)
    print(
        f"simulate --player best ({rounds:,} rounds)         {per_second:8.0f} rounds/s  "
        f"{per_second * old:5.1f}x the baseline's 1/{old * 1e3:.1f} ms   target >= 200"
    )

    old_build = median_seconds(lambda: old_table_build(HouseWayName.FOXWOODS, Wheel.SECOND), runs)
    build = median_seconds(lambda: build_table(HouseWayName.FOXWOODS, Wheel.SECOND), runs)
    print(f"baseline: first dealer table build before ({cores} cores)  {old_build:8.2f} s")
    print(
        f"first dealer table build ({cores} cores)            {build:8.2f} s  {old_build / build:5.1f}x   target <= 5 s"
    )

    question = Question(Rules())  # the classic game, foxwoods
    count_chunk(Question(Rules(), tuple(DECK[:36])), 0, 1)  # compile and load everything first
    chosen = [round(i * CHUNKS / sample_chunks) for i in range(sample_chunks)]
    per_chunk = statistics.median(
        median_seconds(lambda chunk=chunk: count_chunk(question, chunk), runs) for chunk in chosen
    )
    projected = per_chunk * CHUNKS / cores
    suit_distinct = comb(53, 7) / 24  # player hands up to the 24 orders of the suits, about 6.4 million
    baseline_hours = old * suit_distinct / 3600
    print(f"edge --player best, full deck: {CHUNKS} chunks of {per_chunk:.2f} s (median of {sample_chunks} sampled)")
    print(f"  projected on {cores} cores                          {projected / 60:8.1f} min       target <= 60 min")
    print(
        f"  baseline: the per-hand loop over {suit_distinct:,.0f} hands  {baseline_hours:8.1f} CPU-hours "
        f"({baseline_hours * 3600 / (per_chunk * CHUNKS):.0f}x the CPU time)"
    )


# One hand as the compiled engine answered it before the numpy path: the same command, with the
# kernels module (numba) imported first, as every advise did until then.
WITH_KERNELS = (
    "import sys, paigow_cli.engine.kernels\n"
    "from paigow_cli.cli import main\n"
    "sys.argv = ['paigow', *sys.argv[1:]]\n"
    "main()\n"
)


# The same command with the code of another tree (``--baseline``): its folder first on the path.
FROM_TREE = (
    "import sys\n"
    "sys.path.insert(0, sys.argv.pop(1))\n"
    "from paigow_cli.cli import main\n"
    "sys.argv = ['paigow', *sys.argv[1:]]\n"
    "main()\n"
)


def bench_startup(runs: int, batch: int, baseline: str | None = None) -> None:
    """The commands typed at a shell, end to end, warm, each as a ratio to ``paigow --help`` measured
    in the same run (alternating, medians); with ``baseline``, each beside the code at that commit (a
    temporary worktree), in the same rounds; numpy's import alone beside the bare interpreter (the
    floor of a one-hand advise, which needs it); then ``advise -`` per hand on a batch."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}  # as installed
    hand = "AS KD JK 9H 9C 4D 2S"
    typed = {
        "paigow --help": ["--help"],
        "paigow eval HAND": ["eval", hand],
        "paigow house HAND": ["house", hand],
        "paigow deal -n 3": ["deal", "-n", "3"],
        "paigow advise HAND": ["advise", hand],
    }
    root = Path(__file__).resolve().parent.parent
    with worktree_at(root, baseline) if baseline else nullcontext(None) as old_tree:
        commands = {name: [sys.executable, "-c", FROM_TREE, str(root), *args] for name, args in typed.items()}
        if old_tree is None:
            commands["advise HAND, numba kernels (before)"] = [sys.executable, "-c", WITH_KERNELS, "advise", hand]
        else:
            for name, args in typed.items():
                commands[f"{name} ({baseline})"] = [sys.executable, "-c", FROM_TREE, str(old_tree), *args]
        floors = {  # the interpreter alone, and with the engine's one import that --help does without
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import numpy'": [sys.executable, "-c", "import numpy"],
        }
        # warm first: tables built, bytecode and numba caches written
        times = alternating_times(commands | floors, runs, env)
        floor_times = {name: times.pop(name) for name in floors}
        help_median = statistics.median(times["paigow --help"])
        print(f"median of {runs} alternating runs, warm cache, {os.cpu_count()} cores")
        print(f"{'command':40} {'seconds':>8}  {'vs --help':>9}  {'vs baseline':>11}")
        for name, values in times.items():
            median = statistics.median(values)
            against = help_median
            beside = ""
            if old_tree is not None and name.endswith(f"({baseline})"):
                against = statistics.median(times[f"paigow --help ({baseline})"])
            elif old_tree is not None:
                beside = f"{median / statistics.median(times[f'{name} ({baseline})']):10.2f}x"
            print(f"{name:40} {median:8.3f}  {median / against:8.2f}x  {beside}".rstrip())
        print("target: advise HAND at most 1.5x --help (moonshot 1.2x)")
        bare = {name: statistics.median(found) for name, found in floor_times.items()}
        numpy_share = (bare["python -c 'import numpy'"] - bare["python -c pass"]) / help_median
        print(f"numpy's import alone: {numpy_share * help_median * 1e3:.0f} ms ({numpy_share:.2f}x --help)")
        print(f"one-hand advise needs it: its floor is {1 + numpy_share:.2f}x --help")
        stdin = "\n".join(" ".join(str(card) for card in hand) for hand in seeded_hands(batch)) + "\n"
        trees = {"now": root} if old_tree is None else {"now": root, baseline: old_tree}
        batches = {
            label: [sys.executable, "-c", FROM_TREE, str(tree), "advise", "-", "--json"]
            for label, tree in trees.items()
        }
        batch_times = alternating_times(batches, max(1, runs // 2), env, stdin)
        for label, values in batch_times.items():
            per_hand = statistics.median(values) / batch
            print(f"advise - on {batch} hands ({label}): {per_hand * 1e3:.2f} ms a hand (target <= 3 ms)")


CHUNK_TIMER = """
import json, statistics, sys, time
try:
    from paigow_cli.analysis.question import Question
except ImportError:  # a baseline from before the question had a module of its own
    from paigow_cli.analysis.whole_game import Question
from paigow_cli.analysis.whole_game import count_chunk
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import Rules
chunks, runs = json.loads(sys.argv[1]), int(sys.argv[2])
count_chunk(Question(Rules(), tuple(DECK[:36])), 0, 1)  # compile and load everything first
count_chunk(Question(Rules()), chunks[0])
times = []
for chunk in chunks:
    taken = []
    for _ in range(runs):
        start = time.perf_counter()
        count_chunk(Question(Rules()), chunk)
        taken.append(time.perf_counter() - start)
    times.append(statistics.median(taken))
print(json.dumps(times))
"""


HOUSE_WAY_TIMER = """
import json, sys, time
from paigow_cli.analysis.question import Question
from paigow_cli.analysis.whole_game import count_chunk_of
from paigow_cli.core.rules import Game, Rules
questions = [Question(Rules(game=game, banker=banker)) for game in Game for banker in (False, True)]
count_chunk_of(questions, 5)  # compile, load and warm everything first
start = time.perf_counter()
count_chunk_of(questions, int(sys.argv[1]))
print(json.dumps(time.perf_counter() - start))
"""


def house_way_seconds(source: Path, chunk: int) -> float | None:
    """Seconds a house way's questions (every game, both sides of the bank) take in one pass over a
    full-deck chunk with the code in ``source`` (a fresh process); None for code from before
    ``count_chunk_of``."""
    try:
        return float(timer_output(source, HOUSE_WAY_TIMER, str(chunk)))
    except subprocess.CalledProcessError:
        return None


def timer_output(source: Path, timer: str, *args: str) -> Any:
    """Run a timer script (``CHUNK_TIMER``, ``GAME_CHUNK_TIMER``) with the code in ``source``, in a
    fresh process started there (the working directory comes first on ``sys.path``); its last line
    of output, as JSON."""
    import json

    done = subprocess.run(
        [sys.executable, "-c", timer, *args],
        env={**os.environ, "PYTHONPATH": str(source)},
        capture_output=True,
        text=True,
        check=True,
        cwd=source,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


@contextmanager
def worktree_at(root: Path, revision: str) -> Iterator[Path]:
    """The code at ``revision`` in a temporary git worktree, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="paigow-baseline-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), revision], cwd=root, check=True, capture_output=True
        )
        try:
            yield tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=root, capture_output=True)


def chunk_seconds(source: Path, chunks: list[int], runs: int) -> float:
    """Median seconds a full-deck foxwoods chunk takes with the code in ``source`` (a fresh process)."""
    import json

    return statistics.median(timer_output(source, CHUNK_TIMER, json.dumps(chunks), str(runs)))


def bench_speed(runs: int, sample_chunks: int, baseline: str, rounds: int) -> None:
    """The speed issue's targets, each beside a baseline measured in the same run: a full-deck
    edge (projected from sampled chunks, against the code at ``baseline`` in a temporary worktree),
    a house way's eight questions in one pass against one by one, simulate --player best, the first
    table build, and the start-up ratios (``startup``, beside the baseline too)."""
    from paigow_cli.analysis.question import Question
    from paigow_cli.analysis.whole_game import CHUNKS, count_chunk, count_chunk_of
    from paigow_cli.core.rules import Game, Rules, Wheel
    from paigow_cli.engine.dealer_table import build_table, load_table

    cores = os.cpu_count() or 1
    cache = os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))
    root = Path(__file__).resolve().parent.parent
    chosen = [round(i * CHUNKS / sample_chunks) + 1 for i in range(sample_chunks)]
    print(f"median of {runs} runs, {cores} cores; cache in {cache}")
    with worktree_at(root, baseline) as old_tree:  # alternating fresh processes: a busy minute hits both
        old_runs, new_runs, old_ways, new_ways = [], [], [], []
        for _ in range(runs):
            old_runs.append(chunk_seconds(old_tree, chosen, 1))
            new_runs.append(chunk_seconds(root, chosen, 1))
            old_ways.append(house_way_seconds(old_tree, chosen[1]))
            new_ways.append(house_way_seconds(root, chosen[1]))
        simulated: dict[str, list[float]] = {"now": [], baseline: []}  # simulate --player best, likewise
        for _ in range(runs):
            for name, tree in (("now", root), (baseline, old_tree)):
                simulated[name].append(float(timer_output(tree, SIMULATE_TIMER, str(rounds))))
    old, new = statistics.median(old_runs), statistics.median(new_runs)
    print(
        f"full-deck edge, one chunk of {CHUNKS} (median of {sample_chunks} sampled, one core, {runs} alternating runs):"
    )
    print(
        f"  baseline ({baseline})                        {old:8.2f} s  -> {old * CHUNKS / cores / 60:5.1f} min on {cores} cores"
    )
    print(
        f"  now                                       {new:8.2f} s  -> {new * CHUNKS / cores:5.0f} s on {cores} cores"
        f"  {old / new:5.1f}x   target about 30 s"
    )

    questions = [Question(Rules(game=game, banker=banker)) for game in Game for banker in (False, True)]
    count_chunk_of(questions, chosen[0])
    together = median_seconds(lambda: count_chunk_of(questions, chosen[1]), runs)
    alone = median_seconds(lambda: [count_chunk(question, chosen[1]) for question in questions], runs)
    print(
        f"a house way's {len(questions)} questions (edge --all): one pass {together:6.2f} s a chunk, "
        f"one by one {alone:6.2f} s  {alone / together:4.1f}x"
    )
    print(f"  edge --all, 7 house ways, projected on {cores} cores  {7 * together * CHUNKS / cores / 60:6.1f} min")
    if None not in old_ways:  # the same pass beside the baseline's, in alternating fresh processes
        old_way = statistics.median([way for way in old_ways if way is not None])
        new_way = statistics.median([way for way in new_ways if way is not None])
        print(
            f"  one pass, alternating with the baseline ({baseline}): {old_way:6.2f} s -> {new_way:6.2f} s a chunk"
            f"  {old_way / new_way:4.1f}x; edge --all projected {7 * old_way * CHUNKS / cores / 60:5.1f} -> "
            f"{7 * new_way * CHUNKS / cores / 60:5.1f} min   target <= 15"
        )

    table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)
    hands = seeded_hands(200, seed=7)
    per_hand = median_seconds(lambda: [old_hand_odds(hand, table) for hand in hands[:50]], runs) / 50

    per_second = rounds / statistics.median(simulated["now"])
    old_per_second = rounds / statistics.median(simulated[baseline])
    print(
        f"simulate --player best ({rounds:,} rounds)  {per_second:8.0f} rounds/s  "
        f"(baseline {old_per_second:5.0f}: {per_second / old_per_second:4.2f}x; the numpy per-hand loop: "
        f"{1 / per_hand:5.0f} hands/s)   target >= 1000"
    )
    build = median_seconds(lambda: build_table(HouseWayName.FOXWOODS, Wheel.SECOND), runs)
    old_build = median_seconds(lambda: old_table_build(HouseWayName.FOXWOODS, Wheel.SECOND), 1)
    print(
        f"first dealer table build ({cores} cores)  {build:6.2f} s   (before the engine issue's speed-up "
        f"{old_build:6.2f} s)   target <= 3 s"
    )
    print()
    bench_startup(max(runs, 7), 400, baseline)


# Times ``simulate --player best`` in one tree (a fresh process, warmed first): prints the seconds of
# ``rounds`` rounds.
SIMULATE_TIMER = """
import sys, time
from paigow_cli.core.rules import HouseWayName, Rules, Wheel
from paigow_cli.engine.dealer_table import load_table
from paigow_cli.study.simulation import Simulation
rounds = int(sys.argv[1])
table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)
for _ in Simulation(table, Rules(), seed=3, player="best").run(rounds):
    pass
start = time.perf_counter()
for _ in Simulation(table, Rules(), seed=3, player="best").run(rounds):
    pass
print(time.perf_counter() - start)
"""


GAME_CHUNK_TIMER = """
import json, statistics, sys, time
try:
    from paigow_cli.analysis.question import Question
except ImportError:  # a baseline from before the question had a module of its own
    from paigow_cli.analysis.whole_game import Question
from paigow_cli.analysis.whole_game import count_chunk
from paigow_cli.core.rules import Game, Rules
game, chunks = Game(sys.argv[1]), json.loads(sys.argv[2])
count_chunk(Question(Rules(game=game)), 5)  # compile, load and warm everything first
times = []
for chunk in chunks:  # each chunk once, as a run counts it (its groups' memos cold)
    start = time.perf_counter()
    count_chunk(Question(Rules(game=game)), chunk)
    times.append(time.perf_counter() - start)
print(json.dumps(statistics.median(times)))
"""


def game_chunk_seconds(source: Path, game: str, chunks: list[int]) -> float:
    """Median seconds of ``chunks`` of a full-deck foxwoods edge in ``game``, each counted once, with
    the code in ``source`` (a fresh process)."""
    import json

    return float(timer_output(source, GAME_CHUNK_TIMER, game, json.dumps(chunks)))


def bench_edge_games(sample_chunks: int, baseline: str | None) -> None:
    """Full-deck ``edge`` per game (the foxwoods dealer, the player's side): the median seconds of
    sampled chunks, each counted once in a fresh process per game, projected to the whole deck;
    with ``baseline``, beside the code at that commit (a temporary worktree), game by game."""
    from paigow_cli.analysis.whole_game import CHUNKS
    from paigow_cli.core.rules import Game

    cores = os.cpu_count() or 1
    cache = os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))
    root = Path(__file__).resolve().parent.parent
    chosen = [round(i * CHUNKS / sample_chunks) + 1 for i in range(sample_chunks)]
    print(f"full-deck edge per game, {sample_chunks} sampled chunks each counted once, {cores} cores; cache in {cache}")
    with worktree_at(root, baseline) if baseline else nullcontext(None) as old_tree:
        for game in Game:
            seconds = game_chunk_seconds(root, game.value, chosen)
            projected = seconds * CHUNKS / cores
            against = ""
            if old_tree is not None:
                old = game_chunk_seconds(old_tree, game.value, chosen)
                against = (
                    f"   baseline ({baseline}) {old:6.3f} s -> {old * CHUNKS / cores:4.0f} s, {old / seconds:4.2f}x"
                )
            print(
                f"  {game.value:16} {seconds:6.3f} s a chunk -> {projected:4.0f} s on {cores} cores   "
                f"{'ok' if projected <= 90 else 'over'} (target <= 90 s){against}"
            )


def bench_chunk_split(sample_chunks: int, runs: int, baseline: str | None) -> None:
    """Where a full-deck foxwoods chunk's time goes (one core, in-process, sampled chunks counted
    once each after a warm-up), and the floor the per-group class walks put under it: every rank
    group scatters every multiset class (``scatter_multisets``) and finds and scatters every kept
    flush class once (``flush_cells``, ``flush_walk._scatter_range``), whatever is done around
    them. The floor is timed on the same groups with the same compiled functions, each flush class
    scattered once into one grid (a lower bound: the walk proper spreads them over its signatures'
    grids). With ``baseline``, the baseline's chunk beside it (a fresh process, ``CHUNK_TIMER``)."""
    import inspect

    import numpy as np

    import paigow_cli.analysis.whole_game as whole_game
    import paigow_cli.engine.group_play as group_play
    import paigow_cli.engine.kernels as kernels
    from paigow_cli.analysis.question import Question
    from paigow_cli.core.rules import Rules
    from paigow_cli.engine.flush_walk import _scatter_range

    os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))
    chosen = [round(i * whole_game.CHUNKS / sample_chunks) + 1 for i in range(sample_chunks)]
    question = Question(Rules())
    whole_game.count_chunk(Question(Rules(), tuple(DECK[:36])), 0, 1)  # compile and load everything first
    whole_game.count_chunk(question, 5)
    spent = dict.fromkeys(("chunk", "play_group", "scatter_multisets", "group_classes"), 0.0)
    groups: list[tuple] = []

    def timed(module: Any, name: str, keep: bool = False) -> Callable[[], None]:
        real = getattr(module, name)

        def wrapper(*args: Any) -> Any:
            start = time.perf_counter()
            result = real(*args)
            spent[name] += time.perf_counter() - start
            if keep:
                groups.append(args)
            return result

        setattr(module, name, wrapper)
        return lambda: setattr(module, name, real)

    restores = [
        timed(group_play, "play_group", keep=True),
        timed(kernels, "scatter_multisets"),
        timed(whole_game, "group_classes"),
    ]
    for chunk in chosen:
        start = time.perf_counter()
        whole_game.count_chunk(question, chunk)
        spent["chunk"] += time.perf_counter() - start
    for restore in restores:
        restore()
    names = list(inspect.signature(group_play.play_group.py_func).parameters)
    walks = []
    for args in groups:
        given = dict(zip(names, args))
        walk_args = [given[name] for name in ("flush_high", "flush_low", "flush_layer", "parent_of")]
        walk_args += [given[name] for name in ("parent_high", "parent_low", "parent_layer", "row_of", "col_of")]
        rows, cols, layers = given["shape"]
        blocks = int(sum(given["suit_block"][t] == t for t in range(4)))
        walks.append(
            (walk_args, given["shape"], given["pattern"], np.zeros(rows * cols * layers, dtype=np.int32), blocks)
        )
    at, weight = np.zeros(105, dtype=np.int64), np.ones(105, dtype=np.int32)

    def flush_floor() -> None:
        for walk_args, shape, pattern, grid, blocks in walks:
            cells = kernels.flush_cells(*walk_args, shape)
            for _ in range(blocks):
                _scatter_range(grid, cells, pattern, at, weight, 0, pattern.shape[0])

    flush_floor()
    flush = median_seconds(flush_floor, runs) / len(chosen)
    share = {name: value / len(chosen) for name, value in spent.items()}
    chunk = share["chunk"]
    rest = chunk - share["play_group"] - share["scatter_multisets"] - share["group_classes"]
    print(
        f"a full-deck chunk of {whole_game.CHUNKS} ({len(groups) / len(chosen):.0f} rank groups on average), one core, "
        f"mean of {len(chosen)} sampled chunks:"
    )
    for label, value in (
        ("play_group (the flush walk and the hands)", share["play_group"]),
        ("  of which the flush floor (every kept class once)", flush),
        ("scatter_multisets", share["scatter_multisets"]),
        ("group_classes (Python)", share["group_classes"]),
        ("the rest of count_group (Python, numpy)", rest),
        ("the chunk", chunk),
    ):
        print(f"  {label:50} {value:6.3f} s  {value / chunk:6.1%}")
    floor = flush + share["scatter_multisets"]
    print(f"  the class walks' floor (multisets, flush)          {floor:6.3f} s  {floor / chunk:6.1%}")
    if baseline:
        root = Path(__file__).resolve().parent.parent
        with worktree_at(root, baseline) as old_tree:
            old = chunk_seconds(old_tree, chosen, 1)
        print(
            f"baseline ({baseline}) {old:6.3f} s a chunk: now {chunk / old:4.2f}x, the floor alone "
            f"{floor / old:4.2f}x; the target 0.5x is {old / 2:6.3f} s"
        )


# Captures ``play_group``'s arguments for every rank group of some chunks (the code of this tree),
# to time the compiled kernel alone on them.
KERNEL_CAPTURE = """
import json, pickle, sys
import paigow_cli.analysis.whole_game as whole_game
import paigow_cli.engine.group_play as group_play
from paigow_cli.analysis.question import Question
from paigow_cli.core.rules import Game, Rules
asked, chunks, path = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
every = asked == "all"  # a house way's eight questions, as edge --all asks them
games, sides = (list(Game), (False, True)) if every else ([Game(asked)], (False,))
questions = [Question(Rules(game=game, banker=banker)) for game in games for banker in sides]
captured, real = [], group_play.play_group

def grab(*args):
    captured.append(args)
    return real(*args)

group_play.play_group = grab
for chunk in chunks:
    whole_game.count_chunk_of(questions, chunk)
with open(path, "wb") as file:
    pickle.dump(captured, file)
print(json.dumps(len(captured)))
"""

# Times one tree's ``play_group`` on captured arguments (a fresh process; the code of before the
# kernels' arguments were grouped, ``kernels.play_group``, takes them flat): each round runs every
# group once; prints the rounds' seconds and a digest of what the kernel counted.
KERNEL_TIMER = """
import copy, hashlib, json, pickle, sys, time
import numpy as np
path, rounds = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as file:
    captured = pickle.load(file)
try:
    from paigow_cli.engine.group_play import play_group
except ImportError:
    from paigow_cli.engine.kernels import play_group as flat_play_group

    def play_group(*args):
        rows, cols, layers = args[17]
        settles, game_of, hcut, lcut, heq, leq, probes = args[18]
        return flat_play_group(*args[:17], layers, settles, game_of, hcut, lcut, heq, leq, probes, rows, cols, *args[19:])

digest = hashlib.sha256()
for args in captured:
    fresh = copy.deepcopy(args)
    play_group(*fresh)
    for counted in [value for value in fresh if isinstance(value, np.ndarray)][-8:]:
        digest.update(np.ascontiguousarray(counted).tobytes())
times = []
for _ in range(rounds):
    start = time.perf_counter()
    for args in captured:
        play_group(*args)
    times.append(time.perf_counter() - start)
print(json.dumps([times, digest.hexdigest()]))
"""


def bench_kernel(game: str, sample_chunks: int, runs: int, baseline: str) -> None:
    """The whole game's compiled kernel alone (``group_play.play_group``: a rank group's flush walk
    and its hands), on the groups of sampled chunks, beside the code at ``baseline`` (a temporary
    worktree), in alternating fresh processes; both must count the same (a digest of the outputs).
    The Python around the kernel is left out, so the noise of a chunk's timing is too. ``game``
    "all": a house way's eight questions in one pass, as ``edge --all`` counts them."""
    import json

    from paigow_cli.analysis.whole_game import CHUNKS

    cache = os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))
    root = Path(__file__).resolve().parent.parent
    chosen = [round(i * CHUNKS / sample_chunks) + 1 for i in range(sample_chunks)]
    with tempfile.TemporaryDirectory(prefix="paigow-kernel-") as folder, worktree_at(root, baseline) as old_tree:
        path = str(Path(folder) / "groups.pickle")
        groups = timer_output(root, KERNEL_CAPTURE, game, json.dumps(chosen), path)
        trees = {"now": root, baseline: old_tree}
        times: dict[str, list[float]] = {name: [] for name in trees}
        digests = {}
        for _ in range(runs):
            for name, tree in trees.items():
                found, digests[name] = timer_output(tree, KERNEL_TIMER, path, "1")
                times[name] += found
    print(
        f"{game}: play_group on the {groups} rank groups of {sample_chunks} chunks, {runs} alternating runs; cache in {cache}"
    )
    old = statistics.median(times[baseline])
    for name, values in times.items():
        median = statistics.median(values)
        same = "counts the same" if digests[name] == digests["now"] else "COUNTS DIFFER"
        print(f"  {name:10} median {median:6.3f} s  min {min(values):6.3f} s  {old / median:5.2f}x  {same}")


def bench_strategy(runs: int, sample_chunks: int, house_way: str) -> None:
    """The strategy-table issue's targets, with the dealer's full-deck strategy table cached (counted
    first, and timed, if it is not): ``edge --player FILE.py`` end to end against ``--help`` and
    against the whole-game pass it replaces (projected from sampled chunks of that pass, counted
    here); a strategy's answer read from the table in-process; ``compare``'s passes; and
    ``strategy --rules 10``, its search alone and end to end."""
    from paigow_cli.analysis.answer_cache import chunk_count
    from paigow_cli.analysis.edge import strategy_tables, table_is_cached, work_of
    from paigow_cli.analysis.question import Question
    from paigow_cli.analysis.strategy_card import search_card
    from paigow_cli.analysis.whole_game import count_chunk_of, dealer_context
    from paigow_cli.core.rules import Rules

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    plugin = str(Path(__file__).resolve().parent.parent / "examples" / "house_ways" / "gold_star.py")
    dealer = Question(Rules(house_way=house_way))
    if not table_is_cached(dealer):
        started = time.perf_counter()
        strategy_tables([dealer])
        print(f"counted the {house_way} strategy table first: {time.perf_counter() - started:.0f} s")
    paigow = [sys.executable, "-m", "paigow_cli"]
    commands = {
        "paigow --help": [*paigow, "--help"],
        "paigow edge --player gold_star.py": [*paigow, "edge", "--house-way", house_way, "--player", plugin, "--json"],
        "paigow edge --player best-way": [*paigow, "edge", "--house-way", house_way, "--player", "best-way", "--json"],
    }
    times = alternating_times(commands, runs, env)  # warm first: the plugin's table built, the catalogue
    help_median = statistics.median(times["paigow --help"])
    from paigow_cli.house_ways.plugins import resolve

    strategy = Question(Rules(house_way=house_way), (), resolve(plugin))
    dealer_context([strategy]).player_table("gold-star")
    count_chunk_of([strategy], 0)  # warm the kernels
    chunks = chunk_count(strategy)
    picked = [round(at * (chunks - 1) / max(1, sample_chunks - 1)) for at in range(sample_chunks)]
    chunk = statistics.median(median_seconds(lambda at=at: count_chunk_of([strategy], at), 1) for at in picked)
    projected = chunk * chunks / (os.cpu_count() or 1)
    print(
        f"median of {runs} alternating runs, warm cache, {os.cpu_count()} cores; the {house_way} dealer's table cached"
    )
    print(f"{'':44} {'seconds':>8}  {'vs --help':>9}  {'vs the pass':>11}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:44} {median:8.3f}  {median / help_median:8.2f}x  {median / projected:10.4f}x")
    print(f"{'the pass it replaces (projected)':44} {projected:8.1f}  ({chunk:.3f} s a chunk x {chunks} / cores)")
    table = strategy_tables([dealer])[0]
    player = dealer_context([strategy]).player_table("gold-star")
    read = median_seconds(lambda: table.tally(player, clauses=False), runs)
    print(f"a strategy's answer from the loaded table, in-process: {read * 1e3:.1f} ms")
    columns = [
        [Question(Rules(house_way=way.value), (), other.value) for other in HouseWayName] for way in HouseWayName
    ]
    print(
        f"compare (8 strategies x 7 dealers) from an empty cache: {sum(1 for set_ in columns if work_of(set_)[0])} passes "
        f"now (one per dealer column whose table is not cached), {len(columns)} at most"
    )
    search = median_seconds(lambda: search_card(dealer, rules=10, table=table), max(1, runs // 2))
    print(f"strategy --rules 10, the search alone (table loaded): {search:.1f} s")
    command = [*paigow, "strategy", "--house-way", house_way, "--rules", "10", "--json"]
    whole = median_seconds(lambda: subprocess.run(command, env=env, capture_output=True, check=True), max(1, runs // 2))
    print(f"paigow strategy --rules 10, end to end: {whole:.1f} s")


def bench_session(runs: int, hands: int) -> None:
    """``paigow session`` with the full-deck Foxwoods answer cached (counted first if it is not):
    end to end against ``--help``; in-process, the FFT convolution against convolving hand by hand
    (the obvious way), the ruin count within the session, and the long run."""
    from fractions import Fraction

    import numpy as np

    from paigow_cli.analysis.edge import table_is_cached, work_of
    from paigow_cli.analysis.joint import player_side_joint
    from paigow_cli.analysis.question import Question
    from paigow_cli.analysis.results import edge_result
    from paigow_cli.analysis.session import Step, ruin_long_run, ruin_within, session_distribution
    from paigow_cli.analysis.side_bets import PAY_TABLES
    from paigow_cli.analysis.strategy_table import cached_table
    from paigow_cli.analysis.whole_game import settings_table
    from paigow_cli.core.rules import Rules

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    question = Question(Rules())
    if work_of([question])[0]:
        started = time.perf_counter()
        run_cli("edge", "--json", env=env)
        print(f"counted the full-deck foxwoods game first: {time.perf_counter() - started:.0f} s")
    if not table_is_cached(question):
        started = time.perf_counter()
        run_cli("table", "--limit", "1", env=env)
        print(
            f"counted the full-deck foxwoods strategy table first (for --side-bet): {time.perf_counter() - started:.0f} s"
        )
    paigow = [sys.executable, "-m", "paigow_cli"]
    commands = {
        "paigow --help": [*paigow, "--help"],
        f"paigow session --hands {hands:,}": [*paigow, "session", "--hands", str(hands), "--json"],
        f"paigow session --hands {hands:,} --bankroll 500": [
            *paigow,
            "session",
            "--hands",
            str(hands),
            "--bankroll",
            "500",
            "--json",
        ],
        "paigow session --hands 200 --side-bet fortune": [
            *paigow,
            "session",
            "--hands",
            "200",
            "--side-bet",
            "fortune",
            "--json",
        ],
    }
    times = alternating_times(commands, runs, env)
    help_median = statistics.median(times["paigow --help"])
    print(f"median of {runs} alternating runs, warm cache, {os.cpu_count()} cores")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:44} {median:8.3f} s  {median / help_median:6.2f}x --help")
    from paigow_cli.analysis.answer_cache import cached_result

    tally = cached_result(question)
    assert tally is not None
    payouts = edge_result(question, tally, "house").payouts
    step = Step.of(payouts)

    def hand_by_hand() -> np.ndarray:
        one = np.zeros(step.width + 1)
        for offset, p in zip(step.offsets, step.probabilities):
            one[offset - step.lowest] = p
        found = np.ones(1)
        for _ in range(hands):
            found = np.convolve(found, one)
        return found

    fft = median_seconds(lambda: session_distribution(payouts, hands), runs)
    naive = median_seconds(hand_by_hand, 1)
    ruin = median_seconds(lambda: ruin_within(payouts, hands, Fraction(20)), runs)
    long_run = median_seconds(lambda: ruin_long_run(payouts, Fraction(20)), runs)
    table = cached_table(question)
    assert table is not None
    dealer = settings_table("foxwoods", question.rules.wheel)
    choice = table.choice(dealer)
    joint = median_seconds(lambda: player_side_joint(PAY_TABLES["fortune"], table, choice, dealer), runs)
    print(f"in-process, the Fortune Bonus's joint counts with the main bet (table loaded): {joint:.2f} s")
    print(
        f"in-process, {hands:,} hands: the distribution by one FFT {fft * 1e3:.1f} ms, hand by hand {naive:.2f} s "
        f"({naive / fft:.0f}x); ruin within the session (20 bets) {ruin:.2f} s; in the long run {long_run * 1e3:.1f} ms"
    )


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    house = sub.add_parser("house-ways", help="time each house way per hand")
    house.add_argument("--hands", type=int, default=100_000)
    house.add_argument("--runs", type=int, default=5)
    engine = sub.add_parser("engine", help="time the exact-EV engine, its table build and the CLI")
    engine.add_argument("--runs", type=int, default=5)
    engine.add_argument("--batch", type=int, default=200)
    simulate = sub.add_parser("simulate", help="rounds a second for paigow simulate")
    simulate.add_argument("--runs", type=int, default=5)
    simulate.add_argument("--rounds", type=int, default=1_000_000)
    games = sub.add_parser("games", help="engine time per game and side of the bank; bonus --odds")
    games.add_argument("--runs", type=int, default=5)
    games.add_argument("--batch", type=int, default=200)
    whole = sub.add_parser(
        "whole-game", help="the whole-game issue's targets: advise, simulate best, table build, edge"
    )
    whole.add_argument("--runs", type=int, default=3)
    whole.add_argument("--batch", type=int, default=200)
    whole.add_argument("--rounds", type=int, default=1000)
    whole.add_argument("--chunks", type=int, default=4)
    startup = sub.add_parser("startup", help="--help, eval, house, deal and one-hand advise, end to end")
    startup.add_argument("--runs", type=int, default=7)
    startup.add_argument("--batch", type=int, default=400)
    startup.add_argument("--baseline", default=None, help="a commit to measure each command against")
    speed = sub.add_parser("speed", help="the speed issue's targets: full-deck edge, edge --all, simulate, start-up")
    speed.add_argument("--runs", type=int, default=3)
    speed.add_argument("--chunks", type=int, default=6)
    speed.add_argument("--baseline", default="a0aad8b", help="the commit to measure the whole game against")
    speed.add_argument("--rounds", type=int, default=2000)
    games_edge = sub.add_parser("edge-games", help="full-deck edge per game, projected from sampled chunks")
    games_edge.add_argument("--chunks", type=int, default=6)
    games_edge.add_argument("--baseline", default=None, help="a commit to measure each game against")
    split = sub.add_parser("chunk-split", help="where a full-deck chunk's time goes, and the class walks' floor")
    split.add_argument("--chunks", type=int, default=4)
    split.add_argument("--runs", type=int, default=5)
    split.add_argument("--baseline", default=None, help="a commit whose chunk to measure beside it")
    kernel = sub.add_parser("kernel", help="the whole game's compiled kernel alone, beside a commit's")
    kernel.add_argument("--game", default="classic", help="a game, or all: a house way's eight questions at once")
    kernel.add_argument("--chunks", type=int, default=2)
    kernel.add_argument("--runs", type=int, default=7)
    kernel.add_argument("--baseline", default="c980fd2", help="the commit to measure the kernel against")
    strategy = sub.add_parser("strategy", help="strategy tables: edge --player, compare's passes, strategy --rules 10")
    strategy.add_argument("--runs", type=int, default=5)
    strategy.add_argument("--chunks", type=int, default=4)
    strategy.add_argument("--house-way", default="foxwoods")
    session = sub.add_parser("session", help="paigow session: end to end, the FFT against hand by hand, the ruin count")
    session.add_argument("--runs", type=int, default=5)
    session.add_argument("--hands", type=int, default=10_000)
    args = parser.parse_args(argv)
    if args.what == "house-ways":
        bench_house_ways(args.hands, args.runs)
    elif args.what == "engine":
        bench_engine(args.runs, args.batch)
    elif args.what == "simulate":
        bench_simulate(args.runs, args.rounds)
    elif args.what == "games":
        bench_games(args.runs, args.batch)
    elif args.what == "whole-game":
        bench_whole_game(args.runs, args.batch, args.rounds, args.chunks)
    elif args.what == "startup":
        bench_startup(args.runs, args.batch, args.baseline)
    elif args.what == "edge-games":
        bench_edge_games(args.chunks, args.baseline)
    elif args.what == "chunk-split":
        bench_chunk_split(args.chunks, args.runs, args.baseline)
    elif args.what == "kernel":
        bench_kernel(args.game, args.chunks, args.runs, args.baseline)
    elif args.what == "strategy":
        bench_strategy(args.runs, args.chunks, args.house_way)
    elif args.what == "session":
        bench_session(args.runs, args.hands)
    elif args.what == "speed":
        bench_speed(args.runs, args.chunks, args.baseline, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
