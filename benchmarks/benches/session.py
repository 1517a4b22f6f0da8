"""``paigow session``: end to end, the FFT against convolving hand by hand, and the ruin counts."""

from __future__ import annotations

import os
import statistics
import sys
import time

from .timing import alternating_times, installed_env, median_seconds, run_cli


def bench_session(runs: int, hands: int) -> None:
    """``paigow session`` with the full-deck Foxwoods answer cached (counted first if it is not):
    end to end against ``--help``; in-process, the FFT convolution against convolving hand by hand
    (the obvious way), the ruin count within the session, and the long run."""
    from fractions import Fraction

    import numpy as np

    from paigow_cli.analysis.game.counting import settings_table
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.joint import player_side_joint
    from paigow_cli.analysis.money.pay_tables import PAY_TABLES
    from paigow_cli.analysis.money.results import edge_result
    from paigow_cli.analysis.money.session import Step, ruin_long_run, ruin_within, session_distribution
    from paigow_cli.analysis.strategy.answers import table_is_cached, work_of
    from paigow_cli.analysis.strategy.table import read_table
    from paigow_cli.core.rules import Rules

    env = installed_env()
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
    from paigow_cli.analysis.game.store import cached_result

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
    table = read_table(question)
    assert table is not None
    dealer = settings_table("foxwoods", question.rules.wheel)
    choice = table.choice(dealer)
    joint = median_seconds(lambda: player_side_joint(PAY_TABLES["fortune"], table, choice, dealer), runs)
    print(f"in-process, the Fortune Bonus's joint counts with the main bet (table loaded): {joint:.2f} s")
    print(
        f"in-process, {hands:,} hands: the distribution by one FFT {fft * 1e3:.1f} ms, hand by hand {naive:.2f} s "
        f"({naive / fft:.0f}x); ruin within the session (20 bets) {ruin:.2f} s; in the long run {long_run * 1e3:.1f} ms"
    )
