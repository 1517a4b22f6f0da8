"""The whole-game and speed issues' targets: a full-deck edge projected from sampled chunks, a
house way's questions in one pass, simulate --player best and the first table build, each beside
its baseline (the code at a commit, in a fresh process) in the same run."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from pathlib import Path

from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import HouseWayName

from .baselines import old_hand_odds, old_table_build
from .startup import bench_startup
from .timing import ROOT, bench_cache, median_seconds, sampled_chunks, seeded_hands, timer_output, worktree_at


def bench_whole_game(runs: int, batch: int, rounds: int, sample_chunks: int) -> None:
    """The targets of the whole-game issue, each against the per-hand loop it replaced (``old_hand_odds``),
    measured in the same run: advise's engine time per hand, simulate --player best, the first table
    build, and paigow edge --player best on a full deck (projected from timed chunks)."""
    from math import comb

    from paigow_cli.analysis.game.counting import CHUNKS, count_chunk
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.core.rules import Rules, Wheel
    from paigow_cli.engine.dealer_table import build_table, load_table
    from paigow_cli.engine.distribution import hand_odds
    from paigow_cli.study.simulation import Simulation

    cores = os.cpu_count() or 1
    cache = bench_cache()
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


CHUNK_TIMER = """
import json, statistics, sys, time
try:
    from paigow_cli.analysis.game.question import Question
except ImportError:  # a baseline from before the question had a module of its own
    from paigow_cli.analysis.game.counting import Question
from paigow_cli.analysis.game.counting import count_chunk
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
from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.game.counting import count_chunk_of
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


def chunk_seconds(source: Path, chunks: list[int], runs: int) -> float:
    """Median seconds a full-deck foxwoods chunk takes with the code in ``source`` (a fresh process)."""
    return statistics.median(timer_output(source, CHUNK_TIMER, json.dumps(chunks), str(runs)))


def bench_speed(runs: int, sample_chunks: int, baseline: str, rounds: int) -> None:
    """The speed issue's targets, each beside a baseline measured in the same run: a full-deck
    edge (projected from sampled chunks, against the code at ``baseline`` in a temporary worktree),
    a house way's eight questions in one pass against one by one, simulate --player best, the first
    table build, and the start-up ratios (``startup``, beside the baseline too)."""
    from paigow_cli.analysis.game.counting import CHUNKS, count_chunk, count_chunk_of
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.core.rules import Game, Rules, Wheel
    from paigow_cli.engine.dealer_table import build_table, load_table

    cores = os.cpu_count() or 1
    cache = bench_cache()
    chosen = sampled_chunks(sample_chunks)
    print(f"median of {runs} runs, {cores} cores; cache in {cache}")
    with worktree_at(ROOT, baseline) as old_tree:  # alternating fresh processes: a busy minute hits both
        old_runs, new_runs, old_ways, new_ways = [], [], [], []
        for _ in range(runs):
            old_runs.append(chunk_seconds(old_tree, chosen, 1))
            new_runs.append(chunk_seconds(ROOT, chosen, 1))
            old_ways.append(house_way_seconds(old_tree, chosen[1]))
            new_ways.append(house_way_seconds(ROOT, chosen[1]))
        simulated: dict[str, list[float]] = {"now": [], baseline: []}  # simulate --player best, likewise
        for _ in range(runs):
            for name, tree in (("now", ROOT), (baseline, old_tree)):
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
