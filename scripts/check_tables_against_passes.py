"""Check every full-deck strategy table against the plain whole-game passes recorded in
``tests/data/pass_counts.json`` (``scripts/record_pass_counts.py``): each shipped way played
against each dealer of the record, read from the dealer's strategy table, must give the pass's
counts integer for integer. Tables not cached are counted first (about two minutes each on two
cores).

    python scripts/check_tables_against_passes.py [--jobs N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from paigow_cli.analysis.game.question import Question
from paigow_cli.analysis.strategy.answers import Run, answer_from_table, strategy_tables
from paigow_cli.core.rules import Game, Rules

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "pass_counts.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=None)
    arguments = parser.parse_args()
    recorded = json.loads(RECORD.read_text())
    dealers: dict[tuple[str, str, str], dict[str, list[int]]] = {}
    for key, totals in recorded.items():
        dealer, game, side, player = key.split()
        dealers.setdefault((dealer, game, side), {})[player] = totals
    wrong = 0
    for (dealer, game, side), players in dealers.items():
        rules = Rules(house_way=dealer, game=Game(game), banker=side == "banker")
        started = time.monotonic()
        table = strategy_tables([Question(rules)], run=Run(jobs=arguments.jobs))[0]
        for player, totals in players.items():
            found = answer_from_table(Question(rules, (), player), table).totals["house"]
            if found != totals:
                wrong += 1
                print(f"DIFFERS: {dealer} {game} {side}, player {player}: table {found}, pass {totals}")
        print(
            f"{dealer} {game} {side}: {len(players)} strategies checked ({time.monotonic() - started:.0f} s)",
            flush=True,
        )
    print(
        f"{sum(len(players) for players in dealers.values()) - wrong} of {len(recorded)} cells agree integer for integer"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
