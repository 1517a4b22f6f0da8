"""The ties of "straight or flush with one pair" played by card order, as a program might (issue 29).

Foxwoods' text ("the highest two cards in front that will leave any complete hand in back") does
not say which complete hand stays when two fronts tie: one card of the pair in front with a
straight flush behind, or its twin with a plain straight behind. paigow keeps the better back
(rules.md §6); ``scripts/jb_readings/ties_straight_first.py`` always plays the straight. A program
that takes the first (or last) best front it finds plays one or the other by the cards' order,
which depends on suits: no house way may do that, so the class-level tools cannot count it. This
script counts it hand by hand instead: each of the reading's 33,084 hands, as the player (against
the Foxwoods dealer) and as the dealer (against every Foxwoods player: ``DealerDistribution`` as a
banker, roles swapped), by the per-hand engine (about 15 minutes on one core, kept in ``--rows``);
then, for each of 384 card orders (suit order, rank or suit first, ranks up or down, the joker
first or last, the first or the last best front), the change of the whole game's counts (the deals
where two changed hands meet are not counted: at most 2.2e9 each way), closest to JB first.

    python scripts/jb_tie_orders.py [--rows FILE] [--top 8]
"""

from __future__ import annotations

import argparse
import itertools
import math
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import jb_hunt  # noqa: E402

READING = ROOT / "jb_readings" / "ties_straight_first.py"


def per_hand_rows() -> list[tuple]:
    """(hand, Foxwoods' front, the reading's front, the player's change of wins and losses as the
    player, and as the dealer) for every hand the reading changes."""
    from paigow_cli.analysis.game.counting import settings_table
    from paigow_cli.analysis.strategy.table import player_keys
    from paigow_cli.core.rules import Game, Rules, Wheel
    from paigow_cli.engine.distribution import DealerDistribution
    from paigow_cli.house_ways import house_setting, way_named

    name = way_named(str(READING)).name
    base, variant = settings_table("foxwoods", Wheel.SECOND), settings_table(name, Wheel.SECOND)
    ids = jb_hunt.changed_classes(base, variant)
    found = jb_hunt.class_hands(base.classes, ids.tolist(), set(range(53)))
    base_high, base_low = player_keys(base)
    high, low = player_keys(variant)
    rows, started = [], time.monotonic()
    for done, index in enumerate(ids.tolist()):
        old, new = (int(base_high[index]), int(base_low[index])), (int(high[index]), int(low[index]))
        for hand in found[index]:
            fox = house_setting(hand, Rules()).split.low
            read = house_setting(hand, Rules(house_way=name)).split.low
            player = DealerDistribution(base, hand, Game.CLASSIC, banker=False, settings=[old, new])
            banker = DealerDistribution(base, hand, Game.CLASSIC, banker=True, settings=[old, new])
            mine = (
                player.odds(*new).wins - player.odds(*old).wins,
                player.odds(*new).losses - player.odds(*old).losses,
            )
            theirs = (
                banker.odds(*new).losses - banker.odds(*old).losses,
                banker.odds(*new).wins - banker.odds(*old).wins,
            )
            rows.append((tuple(map(int, hand)), tuple(map(int, fox)), tuple(map(int, read)), *mine, *theirs))
        if done % 100 == 0:
            print(
                f"{done:,} of {len(ids):,} classes, {len(rows):,} hands, {time.monotonic() - started:.0f} s", flush=True
            )
    return rows


def order_key(rank_first: bool, rank_sign: int, suits: tuple[int, ...], joker_first: bool):
    def key(card: int) -> tuple[int, ...]:
        if card == 52:
            return (-1,) if joker_first else (99,)
        rank, suit = rank_sign * (card >> 2), suits[card & 3]
        return (rank, suit) if rank_first else (suit, rank)

    return key


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=Path, default=Path("jb-tie-rows.pkl"), help="the per-hand counts, kept")
    parser.add_argument("--top", type=int, default=8)
    arguments = parser.parse_args(argv)
    if arguments.rows.is_file():
        rows = pickle.loads(arguments.rows.read_bytes())
    else:
        rows = per_hand_rows()
        arguments.rows.write_bytes(pickle.dumps(rows))
    needed = tuple(jb - ours for jb, ours in zip(jb_hunt.JB_COUNTS, jb_hunt.shipped_counts(None)))
    results = []
    for suits, rank_first, rank_sign, joker_first, last in itertools.product(
        itertools.permutations(range(4)), (True, False), (1, -1), (False, True), (False, True)
    ):
        key = order_key(rank_first, rank_sign, suits, joker_first)
        wins = losses = hands = 0
        for _, fox, read, player_wins, player_losses, dealer_wins, dealer_losses in rows:
            if (sorted(map(key, read)) < sorted(map(key, fox))) != last:
                wins, losses, hands = (
                    wins + player_wins + dealer_wins,
                    losses + player_losses + dealer_losses,
                    hands + 1,
                )
        change = (wins, -wins - losses, losses)
        left = tuple(n - c for n, c in zip(needed, change))
        order = f"suits {suits}, {'rank' if rank_first else 'suit'} first, ranks {'up' if rank_sign > 0 else 'down'}, joker {'first' if joker_first else 'last'}, {'last' if last else 'first'} best"
        results.append((math.dist(left, (0, 0, 0)), order, hands, change, left))
    results.sort()
    print(f"JB minus paigow: {jb_hunt.signed(needed)}; {len(rows):,} hands, {len(results)} orders")
    for distance, order, hands, change, left in results[: arguments.top]:
        print(
            f"{distance:.3g}  {order}: {hands:,} hands\n       change {jb_hunt.signed(change)}; left {jb_hunt.signed(left)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
