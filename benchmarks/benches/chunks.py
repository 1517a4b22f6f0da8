"""Where a full-deck chunk's time goes: each game's chunk, the chunk split into the kernel, the
class walks and the Python around them, and the compiled kernel alone, each beside a commit's."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from paigow_cli.core.cards import DECK

from .timing import ROOT, bench_cache, median_seconds, sampled_chunks, timer_output, worktree_at
from .whole_game import chunk_seconds

GAME_CHUNK_TIMER = """
import json, statistics, sys, time
try:
    from paigow_cli.analysis.game.question import Question
except ImportError:  # a baseline from before the question had a module of its own
    from paigow_cli.analysis.game.counting import Question
from paigow_cli.analysis.game.counting import count_chunk
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
    return float(timer_output(source, GAME_CHUNK_TIMER, game, json.dumps(chunks)))


def bench_edge_games(sample_chunks: int, baseline: str | None) -> None:
    """Full-deck ``edge`` per game (the foxwoods dealer, the player's side): the median seconds of
    sampled chunks, each counted once in a fresh process per game, projected to the whole deck;
    with ``baseline``, beside the code at that commit (a temporary worktree), game by game."""
    from paigow_cli.analysis.game.counting import CHUNKS
    from paigow_cli.core.rules import Game

    cores = os.cpu_count() or 1
    cache = bench_cache()
    chosen = sampled_chunks(sample_chunks)
    print(f"full-deck edge per game, {sample_chunks} sampled chunks each counted once, {cores} cores; cache in {cache}")
    with worktree_at(ROOT, baseline) if baseline else nullcontext(None) as old_tree:
        for game in Game:
            seconds = game_chunk_seconds(ROOT, game.value, chosen)
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
    grids). With ``baseline``, the baseline's chunk and this tree's, each in fresh processes
    (``CHUNK_TIMER``), ``runs`` times alternating, medians."""
    import inspect

    import numpy as np

    import paigow_cli.analysis.game.counting as whole_game
    import paigow_cli.engine.group_play as group_play
    import paigow_cli.engine.kernels as kernels
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.core.rules import Rules
    from paigow_cli.engine.flush_walk import _scatter_range

    bench_cache()
    chosen = sampled_chunks(sample_chunks)
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
        f"a full-deck chunk of {whole_game.CHUNKS} ({len(groups) / len(chosen):.0f} rank groups on average),\n"
        f"one core, mean of {len(chosen)} sampled chunks:"
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
    if baseline:  # both trees' chunks in fresh processes, alternating: a busy minute hits both
        old_runs, new_runs = [], []
        with worktree_at(ROOT, baseline) as old_tree:
            for _ in range(runs):
                old_runs.append(chunk_seconds(old_tree, chosen, 1))
                new_runs.append(chunk_seconds(ROOT, chosen, 1))
        old, new = statistics.median(old_runs), statistics.median(new_runs)
        print(
            f"fresh processes, {runs} alternating runs: baseline ({baseline}) {old:.3f} s a chunk,\n"
            f"  this tree {new:.3f} s: now {new / old:.2f}x, the floor alone {floor / old:.2f}x, "
            f"the target 0.5x {old / 2:.3f} s"
        )


# Captures ``play_group``'s arguments for every rank group of some chunks (the code of this tree),
# to time the compiled kernel alone on them.
KERNEL_CAPTURE = """
import json, pickle, sys
import paigow_cli.analysis.game.counting as whole_game
import paigow_cli.engine.group_play as group_play
from paigow_cli.analysis.game.question import Question
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
    "all": a house way's eight questions in one pass, as ``edge --all`` counts them. The captured
    arguments are this tree's, so the baseline's kernel must take the same ones (HEAD, the default,
    when the change under test is uncommitted)."""
    cache = bench_cache()
    chosen = sampled_chunks(sample_chunks)
    with tempfile.TemporaryDirectory(prefix="paigow-kernel-") as folder, worktree_at(ROOT, baseline) as old_tree:
        path = str(Path(folder) / "groups.pickle")
        groups = timer_output(ROOT, KERNEL_CAPTURE, game, json.dumps(chosen), path)
        trees = {"now": ROOT, baseline: old_tree}
        times: dict[str, list[float]] = {name: [] for name in trees}
        digests = {}
        for _ in range(runs):
            for name, tree in trees.items():
                try:
                    found, digests[name] = timer_output(tree, KERNEL_TIMER, path, "1")
                except subprocess.CalledProcessError as error:  # most often: the kernel takes other arguments
                    last = (error.stderr or "").strip().splitlines()[-1:] or ["no message"]
                    raise SystemExit(
                        f"Error: --baseline {name}: its play_group takes other arguments ({last[0]})"
                    ) from None
                times[name] += found
    print(
        f"{game}: play_group on the {groups} rank groups of {sample_chunks} chunks, {runs} alternating runs; cache in {cache}"
    )
    old = statistics.median(times[baseline])
    for name, values in times.items():
        median = statistics.median(values)
        same = "counts the same" if digests[name] == digests["now"] else "COUNTS DIFFER"
        print(f"  {name:10} median {median:6.3f} s  min {min(values):6.3f} s  {old / median:5.2f}x  {same}")
