"""Benchmarks for the speed targets in the issues. Prints medians of several runs and ratios
against a baseline measured in the same run. Not part of the test suite.

Usage:
    python benchmarks/bench.py house-ways [--hands 100000] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paigow_cli.cards import DECK  # noqa: E402
from paigow_cli.rules import HouseWayName  # noqa: E402


def median_seconds(work: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``work``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def seeded_hands(count: int, seed: int = 2026) -> list[tuple]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 7)) for _ in range(count)]


def bench_house_ways(hands_count: int, runs: int) -> None:
    """Time to set a hand by each house way (decision plus the two hand values), per hand."""
    from paigow_cli.house_ways import house_keys
    from paigow_cli.splits import LOW_POSITIONS, setting_keys

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
        per_hand = median_seconds(lambda: [house_keys(hand, way) for hand in hands], runs) / len(hands)
        print(f"{way.value:16} {per_hand * 1e6:8.1f}  {baseline / per_hand:10.1f}x  {'ok' if per_hand <= 50e-6 else 'SLOW'}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    house = sub.add_parser("house-ways", help="time each house way per hand")
    house.add_argument("--hands", type=int, default=100_000)
    house.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if args.what == "house-ways":
        bench_house_ways(args.hands, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
