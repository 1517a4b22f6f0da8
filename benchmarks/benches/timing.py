"""Timing helpers every benchmark shares: medians of several runs, commands timed in alternating
rounds, seeded hands, the CLI in a subprocess, and another commit's code in a temporary worktree
run by a timer script in a fresh process."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from paigow_cli.core.cards import DECK

ROOT = Path(__file__).resolve().parents[2]  # the repository


def bench_cache() -> str:
    """The cache folder the benchmarks read: ``PAIGOW_CACHE_DIR``, else a new temporary one (set
    for the rest of the run)."""
    return os.environ.setdefault("PAIGOW_CACHE_DIR", tempfile.mkdtemp(prefix="paigow-bench-"))


def installed_env() -> dict[str, str]:
    """This environment as an installed ``paigow`` runs: bytecode written, so start-up is timed warm."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def sampled_chunks(count: int) -> list[int]:
    """``count`` full-deck chunks spread evenly over the deck (from chunk 1: chunk 0 follows a
    warm-up)."""
    from paigow_cli.analysis.game.counting import CHUNKS

    return [round(i * CHUNKS / count) + 1 for i in range(count)]


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


def run_cli(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> None:
    subprocess.run(
        [sys.executable, "-m", "paigow_cli", *args], input=stdin, env=env, capture_output=True, text=True, check=True
    )


# The same command with the code of another tree (``--baseline``): its folder first on the path.
FROM_TREE = (
    "import sys\n"
    "sys.path.insert(0, sys.argv.pop(1))\n"
    "from paigow_cli.cli import main\n"
    "sys.argv = ['paigow', *sys.argv[1:]]\n"
    "main()\n"
)


def timer_output(source: Path, timer: str, *args: str) -> Any:
    """Run a timer script (``CHUNK_TIMER``, ``GAME_CHUNK_TIMER``) with the code in ``source``, in a
    fresh process started there (the working directory comes first on ``sys.path``); its last line
    of output, as JSON."""
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
