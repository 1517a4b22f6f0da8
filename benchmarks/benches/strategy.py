"""Strategy tables: any strategy's answer read from a cached table, compare's passes, and the
search of a strategy card."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from paigow_cli.core.rules import HouseWayName

from .timing import ROOT, alternating_times, installed_env, median_seconds


def bench_strategy(runs: int, sample_chunks: int, house_way: str) -> None:
    """The strategy-table issue's targets, with the dealer's full-deck strategy table cached (counted
    first, and timed, if it is not): ``edge --player FILE.py`` end to end against ``--help`` and
    against the whole-game pass it replaces (projected from sampled chunks of that pass, counted
    here); a strategy's answer read from the table in-process; ``compare``'s passes; and
    ``strategy --rules 10``, its search alone and end to end."""
    from paigow_cli.analysis.game.counting import count_chunk_of, settings_table
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.game.store import chunk_count
    from paigow_cli.analysis.strategy.answers import strategy_tables, table_is_cached, work_of
    from paigow_cli.analysis.strategy.card import search_card
    from paigow_cli.core.rules import Rules

    env = installed_env()
    plugin = str(ROOT / "examples" / "house_ways" / "gold_star.py")
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
    settings_table("gold-star", strategy.rules.wheel)
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
    player = settings_table("gold-star", strategy.rules.wheel)
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
