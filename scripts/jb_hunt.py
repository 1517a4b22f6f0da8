"""Hunt the reading behind the published exact analysis's last counts (JB 2013, Foxwoods; issue 29).

A reading of a Foxwoods clause is a house-way plugin (``scripts/jb_readings/*.py``: Foxwoods with
one clause read another way). With both the dealer and the player on the reading, the whole
game's counts change by, exactly:

- the player's side: the changed classes' new settings against the Foxwoods dealer, read from the
  Foxwoods player's strategy table;
- the dealer's side: the changed dealer classes' new settings against every player on Foxwoods,
  read from the Foxwoods *banker's* strategy table (a banker's hand against a dealer setting by
  the house way is a dealer's hand against a player setting by it, roles swapped: the banker's
  wins, ties on both hands included, are the player's losses, and his losses the player's wins);
- the deals where both hands changed, counted pair by pair (for readings of at most
  ``PAIR_LIMIT`` changed hands; above that, ``--count`` counts the whole game instead).

So a reading costs seconds once the two tables are cached (about two minutes each on two cores,
counted on first use). ``--count`` also counts the whole game with the plugin as the dealer's way
(``paigow edge --house-way PLUGIN``, a minute or two) and checks the tables' answer against it.
Each result is recorded (``--record``), and ``combine`` adds readings that change disjoint classes
(their effects add exactly, but for deals where a hand of one meets a hand of the other) and
ranks the combinations by what is left to JB.

    python scripts/jb_hunt.py measure scripts/jb_readings/*.py [--count] [--jobs N]
    python scripts/jb_hunt.py combine [NAME ...] [--top 10]
    python scripts/jb_hunt.py show

``PAIGOW_CACHE_DIR`` chooses the cache folder as for ``paigow`` itself.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from paigow_cli.analysis.game.counting import settings_table
from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.strategy.answers import strategy_table_of
from paigow_cli.analysis.strategy.table import StrategyTable, player_keys
from paigow_cli.core.cards import DECK
from paigow_cli.core.rules import Rules, Wheel
from paigow_cli.engine.dealer_classes import DealerClasses
from paigow_cli.engine.dealer_table import DealerTable
from paigow_cli.engine.distribution import LiveCards, class_weights

JB_COUNTS = (2_402_491_783_820_756, 3_341_087_256_920_524, 2_506_879_990_473_120)  # wins, pushes, losses
RECORD = Path(__file__).resolve().parent / "jb_readings" / "results.json"
PAIR_LIMIT = 20_000  # changed hands counted pair by pair at most (4e8 pairs, about a minute)
BLOCK = 400  # player hands per block of the pair count


@dataclass(frozen=True)
class Change:
    """What a reading changes: its changed classes, the hands they hold, and the whole game's
    (wins, pushes, losses) minus the shipped way's."""

    name: str
    classes: tuple[int, ...]
    hands: int
    change: tuple[int, int, int] | None  # None: too many changed hands to count the pairs
    linear: tuple[int, int, int]  # the player's and dealer's sides alone (no pairs of changed hands)
    examples: tuple[str, ...]


def changed_classes(base: DealerTable, variant: DealerTable) -> np.ndarray:
    """The global ids of the classes the two ways set differently (by hand values)."""
    base_high, base_low = player_keys(base)
    high, low = player_keys(variant)
    return np.flatnonzero((base_high != high) | (base_low != low))


def class_hands(classes: DealerClasses, ids: Sequence[int], live: set[int]) -> dict[int, list[tuple]]:
    """Every hand of live cards in each class: its rank multiset dealt every way round the suits,
    kept where the hand falls in that class."""
    wanted = {int(index) for index in ids}
    multisets = {
        index if index < classes.multisets else int(classes.flush_multiset[index - classes.multisets])
        for index in wanted
    }
    found: dict[int, list[tuple]] = {index: [] for index in wanted}
    for multiset in multisets:
        counts = classes.multiset_counts[multiset].tolist()
        joker = [DECK[52]] if classes.multiset_joker[multiset] else []
        choices = [
            [tuple(DECK[rank * 4 + suit] for suit in suits) for suits in itertools.combinations(range(4), count)]
            for rank, count in enumerate(counts)
            if count
        ]
        for parts in itertools.product(*choices):
            hand = tuple(card for part in parts for card in part) + tuple(joker)
            if all(int(card) in live for card in hand):
                index = classes.class_id(hand)
                if index in found:
                    found[index].append(hand)
    return found


def table_change(table: StrategyTable, base: DealerTable, variant: DealerTable, mirrored: bool) -> np.ndarray:
    """(wins, losses) of the player minus the shipped way's, over the table's rows: the player's
    own change (``mirrored`` False: the player table), or the dealer's seen from the player (True:
    the banker table, whose wins are the player's losses)."""
    before, after = table.choice(base), table.choice(variant)
    wins = int(table.wins[after].sum()) - int(table.wins[before].sum())
    losses = int(table.losses[after].sum()) - int(table.losses[before].sum())
    return np.array([losses, wins] if mirrored else [wins, losses], dtype=object)


def pair_change(hands: list[tuple], before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """(wins, losses) the player gains on deals where both hands changed, beyond what the two sides
    alone count: r(new, new) - r(new, old) - r(old, new) + r(old, old) over disjoint pairs.
    ``before`` and ``after`` are each hand's (high key, low key)."""
    masks = np.array([sum(1 << int(card) for card in hand) for hand in hands], dtype=np.uint64)
    total = np.zeros(2, dtype=np.int64)
    settings = {"old": before, "new": after}
    signs = {("new", "new"): 1, ("new", "old"): -1, ("old", "new"): -1, ("old", "old"): 1}
    for start in range(0, len(hands), BLOCK):
        rows = slice(start, start + BLOCK)
        apart = (masks[rows, None] & masks[None, :]) == 0
        for (mine, theirs), sign in signs.items():
            player, dealer = settings[mine][rows], settings[theirs]
            high = player[:, None, 0] > dealer[None, :, 0]
            low = player[:, None, 1] > dealer[None, :, 1]
            total[0] += sign * int((apart & high & low).sum())
            total[1] += sign * int((apart & ~high & ~low).sum())
    return total


def measure(path: str, player: StrategyTable, banker: StrategyTable, pair_limit: int = PAIR_LIMIT) -> Change:
    """A reading's exact change from the two strategy tables and the changed hands' pairs."""
    from paigow_cli.house_ways import way_named

    name = way_named(path).name
    base = settings_table("foxwoods", Wheel.SECOND)
    variant = settings_table(name, Wheel.SECOND)
    ids = changed_classes(base, variant)
    dead = player.question.dead
    if banker.question.dead != dead:
        raise ValueError("the player's and the banker's tables must be of the same deck")
    multiset, flush = class_weights(base.classes, LiveCards.without(dead))
    weights = np.concatenate([multiset, flush])
    ids = ids[weights[ids] > 0]  # classes no live hand is in change nothing
    hands = int(weights[ids].sum())
    wins, losses = table_change(player, base, variant, False) + table_change(banker, base, variant, True)
    linear = (int(wins), -int(wins) - int(losses), int(losses))
    examples = tuple(example_text(base, variant, int(index)) for index in ids[:3])
    change = None
    if hands <= pair_limit:
        found = class_hands(base.classes, ids.tolist(), set(range(53)) - set(dead))
        every = [hand for index in ids.tolist() for hand in found[int(index)]]
        if len(every) != hands:
            raise ArithmeticError(f"{len(every)} hands enumerated in the changed classes, {hands} weighed")
        before, after = (np.stack(player_keys(way), axis=1).astype(np.int64) for way in (base, variant))
        of_hand = np.repeat(ids, [len(found[int(index)]) for index in ids.tolist()])
        pairs = pair_change(every, before[of_hand], after[of_hand])
        wins, losses = int(wins) + int(pairs[0]), int(losses) + int(pairs[1])
        change = (wins, -wins - losses, losses)
    return Change(name, tuple(int(index) for index in ids), hands, change, linear, examples)


def example_text(base: DealerTable, variant: DealerTable, index: int) -> str:
    """A changed class's representative hand and both clauses."""
    from paigow_cli.core.cards import cards_text
    from paigow_cli.engine.dealer_classes import flush_representative, multiset_representative

    classes = base.classes
    if index < classes.multisets:
        counts = classes.multiset_counts[index].tolist()
        hand = multiset_representative(
            [r for r in range(13) for _ in range(counts[r])], bool(classes.multiset_joker[index])
        )
        rules = (base.multiset_rule[index], variant.multiset_rule[index])
    else:
        flush = index - classes.multisets
        suited = [r for r in range(13) if classes.flush_suited[flush] >> r & 1]
        others = [r for r in classes.flush_other[flush].tolist() if r < 13]
        hand = flush_representative(suited, others, bool(classes.flush_joker[flush]))
        rules = (base.flush_rule[flush], variant.flush_rule[flush])
    return f"{cards_text(hand)}: {base.rule_names[rules[0]]} -> {variant.rule_names[rules[1]]}"


def full_count(path: str, jobs: int | None) -> tuple[tuple[int, int, int], float]:
    """The whole game with the plugin as the dealer's way and the player's: ``paigow edge``."""
    started = time.monotonic()
    command = [sys.executable, "-m", "paigow_cli", "edge", "--house-way", path, "--json"]
    if jobs:
        command += ["--jobs", str(jobs)]
    found = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    return (found["wins"], found["pushes"], found["losses"]), time.monotonic() - started


def shipped_counts(jobs: int | None) -> tuple[int, int, int]:
    return full_count("foxwoods", jobs)[0]


def signed(values: Sequence[int] | None) -> str:
    return "-" if values is None else " / ".join(f"{value:+,}" for value in values)


def size(values: Sequence[int]) -> float:
    return float(np.sqrt(sum(float(value) ** 2 for value in values)))


def load_record(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {}


def save_record(path: Path, record: dict[str, Any]) -> None:
    """Atomically, a reading a line."""
    temporary = path.with_suffix(".tmp")
    lines = [f"{json.dumps(name)}: {json.dumps(entry, sort_keys=True)}" for name, entry in sorted(record.items())]
    temporary.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    temporary.replace(path)


def command_measure(arguments: argparse.Namespace) -> int:
    shipped = shipped_counts(arguments.jobs)
    needed = tuple(jb - ours for jb, ours in zip(JB_COUNTS, shipped))
    print(f"paigow (shipped foxwoods): {signed(shipped)}; JB minus paigow: {signed(needed)} (size {size(needed):.3g})")
    started = time.monotonic()
    player = strategy_table_of(Question(Rules()), jobs=arguments.jobs)
    banker = strategy_table_of(Question(Rules(banker=True)), jobs=arguments.jobs)
    print(f"the Foxwoods player's and banker's strategy tables: {time.monotonic() - started:.0f} s")
    record = load_record(arguments.record)
    for path in arguments.plugins:
        started = time.monotonic()
        found = measure(path, player, banker, arguments.pair_limit)
        seconds = time.monotonic() - started
        entry: dict[str, Any] = {
            "plugin": str(path),
            "hands": found.hands,
            "classes": list(found.classes) if found.change is not None else None,  # for combine's disjointness
            "change": found.change,
            "linear": found.linear,
            "examples": list(found.examples),
            "seconds": round(seconds, 1),
        }
        print(f"\n{found.name}: {found.hands:,} hands in {len(found.classes):,} classes ({seconds:.1f} s)")
        for example in found.examples:
            print(f"  e.g. {example}")
        if found.change is not None:
            print(f"  change (tables + pairs): {signed(found.change)}")
        else:
            print(
                f"  change (tables; the pairs of changed hands not counted, at most {2 * found.hands**2:.2g} deals "
                f"each way): {signed(found.linear)}"
            )
        if found.change is not None:
            left = tuple(n - c for n, c in zip(needed, found.change))
            print(f"  left to JB: {signed(left)} (size {size(left):.3g}, shipped {size(needed):.3g})")
        if arguments.count:
            counts, count_seconds = full_count(path, arguments.jobs)
            counted = tuple(c - s for c, s in zip(counts, shipped))
            entry["counted"] = counted
            entry["count_seconds"] = round(count_seconds, 1)
            agrees = "agrees" if found.change is None or counted == found.change else "DIFFERS"
            print(f"  counted: {signed(counted)} in {count_seconds:.0f} s ({agrees} with the tables)")
            if found.change is not None and counted != found.change:
                return 1
        record[found.name] = entry
        save_record(arguments.record, record)
    return 0


def command_combine(arguments: argparse.Namespace) -> int:
    record = load_record(arguments.record)
    shipped = shipped_counts(None)
    needed = tuple(jb - ours for jb, ours in zip(JB_COUNTS, shipped))
    names = arguments.names or sorted(record)
    usable = {
        name: (tuple(record[name].get("counted") or record[name]["change"]), set(record[name]["classes"]))
        for name in names
        if (record[name].get("counted") or record[name]["change"]) and record[name]["classes"] is not None
    }
    results = []
    for size_of in range(1, min(len(usable), arguments.most) + 1):
        for chosen in itertools.combinations(sorted(usable), size_of):
            classes = [usable[name][1] for name in chosen]
            if sum(len(c) for c in classes) != len(set().union(*classes)):
                continue  # two readings change a class both: their effects do not add
            total = tuple(sum(usable[name][0][at] for name in chosen) for at in range(3))
            left = tuple(n - t for n, t in zip(needed, total))
            results.append((size(left), chosen, total, left))
    results.sort()
    print(f"JB minus paigow: {signed(needed)} (size {size(needed):.3g}); {len(results):,} disjoint combinations")
    for distance, chosen, total, left in results[: arguments.top]:
        print(f"{distance:10.3g}  {' + '.join(chosen)}\n            change {signed(total)}; left {signed(left)}")
    return 0


def command_show(arguments: argparse.Namespace) -> int:
    record = load_record(arguments.record)
    shipped = shipped_counts(None)
    needed = tuple(jb - ours for jb, ours in zip(JB_COUNTS, shipped))
    print("| reading | hands | change (wins / pushes / losses) | left to JB | size left | seconds (how) |")
    print("|---|---|---|---|---|---|")
    for name, entry in sorted(record.items(), key=lambda item: item[1]["hands"]):
        change = entry.get("counted") or entry["change"]
        about = ""
        if change is None:  # the two sides alone: within 2 * hands**2 deals of the exact change
            change, about = entry["linear"], f" (within {2 * entry['hands'] ** 2:.1g})"
        left = tuple(n - c for n, c in zip(needed, change))
        seconds = entry["seconds"] + entry.get("count_seconds", 0)
        how = "counted" if entry.get("counted") else "tables"
        print(
            f"| {name} | {entry['hands']:,} | {signed(change)}{about} | {signed(left)} | {size(left):.3g} | "
            f"{seconds:.0f} ({how}) |"
        )
    return 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", type=Path, default=RECORD, help="the JSON file of measured readings")
    sub = parser.add_subparsers(dest="what", required=True)
    measuring = sub.add_parser("measure", help="measure readings given as plugins")
    measuring.add_argument("plugins", nargs="+")
    measuring.add_argument("--count", action="store_true", help="also count the whole game with each plugin")
    measuring.add_argument("--jobs", type=int, default=None)
    measuring.add_argument(
        "--pair-limit", type=int, default=PAIR_LIMIT, help="count the pairs of changed hands up to this many hands"
    )
    combining = sub.add_parser("combine", help="add readings that change disjoint classes, closest to JB first")
    combining.add_argument("names", nargs="*")
    combining.add_argument("--top", type=int, default=10)
    combining.add_argument("--most", type=int, default=4, help="readings in a combination at most")
    sub.add_parser("show", help="the recorded readings as a Markdown table")
    arguments = parser.parse_args(argv)
    return {"measure": command_measure, "combine": command_combine, "show": command_show}[arguments.what](arguments)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
