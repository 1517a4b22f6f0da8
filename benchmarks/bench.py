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
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.chunks import bench_chunk_split, bench_edge_games, bench_kernel
from benches.per_hand import bench_engine, bench_games, bench_house_ways, bench_simulate
from benches.session import bench_session
from benches.startup import bench_startup
from benches.strategy import bench_strategy
from benches.whole_game import bench_speed, bench_whole_game


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
    kernel.add_argument(
        "--baseline", default="HEAD", help="a commit whose kernel takes the same arguments (default: the last commit)"
    )
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
