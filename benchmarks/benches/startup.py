"""Start-up: the commands typed at a shell, end to end, as ratios to ``paigow --help``."""

from __future__ import annotations

import os
import statistics
import sys
from contextlib import nullcontext

from .timing import FROM_TREE, ROOT, alternating_times, installed_env, seeded_hands, worktree_at

# One hand as the compiled engine answered it before the numpy path: the same command, with the
# kernels module (numba) imported first, as every advise did until then.
WITH_KERNELS = (
    "import sys, paigow_cli.engine.kernels\n"
    "from paigow_cli.cli import main\n"
    "sys.argv = ['paigow', *sys.argv[1:]]\n"
    "main()\n"
)


def bench_startup(runs: int, batch: int, baseline: str | None = None) -> None:
    """The commands typed at a shell, end to end, warm, each as a ratio to ``paigow --help`` measured
    in the same run (alternating, medians); with ``baseline``, each beside the code at that commit (a
    temporary worktree), in the same rounds; numpy's import alone beside the bare interpreter (the
    floor of a one-hand advise, which needs it); then ``advise -`` per hand on a batch."""
    env = installed_env()
    hand = "AS KD JK 9H 9C 4D 2S"
    typed = {
        "paigow --help": ["--help"],
        "paigow eval HAND": ["eval", hand],
        "paigow house HAND": ["house", hand],
        "paigow deal -n 3": ["deal", "-n", "3"],
        "paigow advise HAND": ["advise", hand],
    }
    with worktree_at(ROOT, baseline) if baseline else nullcontext(None) as old_tree:
        commands = {name: [sys.executable, "-c", FROM_TREE, str(ROOT), *args] for name, args in typed.items()}
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
        trees = {"now": ROOT} if old_tree is None else {"now": ROOT, baseline: old_tree}
        batches = {
            label: [sys.executable, "-c", FROM_TREE, str(tree), "advise", "-", "--json"]
            for label, tree in trees.items()
        }
        batch_times = alternating_times(batches, max(1, runs // 2), env, stdin)
        for label, values in batch_times.items():
            per_hand = statistics.median(values) / batch
            print(f"advise - on {batch} hands ({label}): {per_hand * 1e3:.2f} ms a hand (target <= 3 ms)")
