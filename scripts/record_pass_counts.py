"""Record the whole game's exact counts of every shipped house way played against every shipped
dealer, counted by the plain whole-game pass (question sets, no strategy table), as the test data
the strategy tables are checked against (``tests/test_strategy_table.py``, slow tier).

    python scripts/record_pass_counts.py [--out tests/data/pass_counts.json] [--jobs N]

The classic game's 49 cells (``paigow compare``), and for the foxwoods and trump-plaza dealers the
EZ game (a push rule) and the classic game's banker side. Each dealer's questions are counted in
one pass; the file is rewritten after each, so a stopped run keeps what it finished and resumes.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from paigow_cli.analysis.game.passes import Run, count_pass
from paigow_cli.analysis.game.question import Question
from paigow_cli.core.rules import Game, HouseWayName, Rules

WAYS = [way.value for way in HouseWayName]
SETS = [(dealer, Game.CLASSIC, False) for dealer in WAYS] + [
    (dealer, game, banker)
    for dealer in ("foxwoods", "trump-plaza")
    for game, banker in ((Game.EZ, False), (Game.CLASSIC, True))
]


def cell_key(dealer: str, game: Game, banker: bool, player: str) -> str:
    return f"{dealer} {game.value} {'banker' if banker else 'player'} {player}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent.parent / "tests/data/pass_counts.json"
    )
    parser.add_argument("--jobs", type=int, default=None)
    arguments = parser.parse_args()
    found = json.loads(arguments.out.read_text()) if arguments.out.exists() else {}
    for dealer, game, banker in SETS:
        if all(cell_key(dealer, game, banker, player) in found for player in WAYS):
            continue
        rules = Rules(house_way=dealer, game=game, banker=banker)
        questions = [Question(rules, (), player) for player in WAYS]
        started = time.monotonic()
        tallies = count_pass(questions, record=False, run=Run(jobs=arguments.jobs, notify=print)).totals
        for player, tally in zip(WAYS, tallies):
            found[cell_key(dealer, game, banker, player)] = tally.totals["house"]
        arguments.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"{dealer} {game.value} banker={banker}: {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
