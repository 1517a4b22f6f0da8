"""Golden outputs: every command's text (at 80 columns) and JSON for a fixed hand and seed, byte for byte.

These pin what a user sees, so that moving code changes nothing visible. A deliberate change of
output is recorded with ``PAIGOW_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`` and
reviewed in the diff of ``tests/golden/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import cards, command_paths
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK, cards_text

GOLDEN = Path(__file__).resolve().parent / "golden"
HAND = "AS KD JK 9H 9C 4D 2S"
DEALER = "KS KH JD 8C 7S 4H 3D"
FIVE_LIVE = set(cards("2S 3H 4D 5C 7S 8H 9D TC JS QH AD 2H 3D 6C 8S KC"))
PUSH_HEAVY = cards_text(card for card in DECK if card not in FIVE_LIVE)  # 16 live cards: a quick whole game
TWO_PAIR_LIVE = set(cards("9S 9H TS TH JS JH QS QH KS KH AS AH 7S 7H 4D"))
TWO_PAIRS = cards_text(card for card in DECK if card not in TWO_PAIR_LIVE)

# (name, arguments, standard input); each is run as text and, where the command has it, as JSON.
CASES: list[tuple[str, list[str], str | None, bool]] = [
    ("help", ["--help"], None, False),
    ("eval", ["eval", HAND], None, True),
    ("eval-five", ["eval", "JK KS 9S 6S 3S"], None, True),
    ("eval-batch", ["eval", "-"], "AS KS\nJK 2C 3D 4H 5S\n", True),
    ("advise", ["advise", HAND, "--low", "kd 4d"], None, True),
    ("advise-all", ["advise", HAND, "--all"], None, False),
    ("advise-dealer", ["advise", HAND, "--dealer", DEALER, "--bet", "5"], None, True),
    ("advise-ez-banker", ["advise", "QS JH 8D 6C 5S 4H 2D", "--game", "ez", "--banker"], None, True),
    ("advise-batch", ["advise", "-"], f"{HAND}\n{HAND} | {DEALER}\n", True),
    ("house", ["house", "9S 9H 4D 4C AS KD 2H"], None, True),
    ("house-trump-plaza", ["house", "5s 5h 4d 4c ks 9d 2h", "--house-way", "trump-plaza"], None, True),
    ("house-ways", ["house-ways"], None, True),
    ("house-ways-check", ["house-ways", "--check", "foxwoods", "--hands", "500"], None, True),
    ("odds", ["odds"], None, True),
    ("odds-dead", ["odds", "--dead", "AS AH JK"], None, True),
    ("power", ["power"], None, True),
    ("deal", ["deal", "--count", "3", "--seed", "7"], None, True),
    ("deal-dealer", ["deal", "--count", "2", "--seed", "7", "--dealer"], None, True),
    ("simulate", ["simulate", "--hands", "20000", "--seed", "1"], None, True),
    ("simulate-best", ["simulate", "--hands", "200", "--seed", "1", "--player", "best"], None, True),
    ("simulate-hand", ["simulate", "--hands", "5000", "--seed", "3", "--hand", HAND, "--game", "ez"], None, True),
    ("bonus", ["bonus", "AS KS QS JS TS KH QH"], None, True),
    ("bonus-odds", ["bonus", "--odds", "--table", "fortune"], None, True),
    ("bonus-odds-tiger", ["bonus", "--odds", "--table", "tiger-9", "--house-way", "ballys"], None, True),
    ("edge", ["edge", "--dead", PUSH_HEAVY, "--jobs", "1"], None, True),
    ("edge-best-ez", ["edge", "--dead", PUSH_HEAVY, "--jobs", "1", "--player", "best", "--game", "ez"], None, True),
    ("mistakes", ["mistakes", "--by", "clause", "--dead", PUSH_HEAVY, "--jobs", "1"], None, True),
    ("mistakes-kind", ["mistakes", "--dead", PUSH_HEAVY, "--jobs", "1"], None, True),
    ("mistakes-chart", ["mistakes", "--chart", "two-pair", "--dead", TWO_PAIRS, "--jobs", "1"], None, True),
    ("edge-best-way", ["edge", "--dead", PUSH_HEAVY, "--jobs", "1", "--player", "best-way"], None, True),
    ("session", ["session", "--dead", PUSH_HEAVY, "--jobs", "1", "--hands", "120", "--bankroll", "300"], None, True),
    ("session-ascii", ["--ascii", "session", "--dead", PUSH_HEAVY, "--jobs", "1", "--hands", "12"], None, False),
    (
        "session-side-bet",
        ["session", "--dead", PUSH_HEAVY, "--jobs", "1", "--hands", "60", "--side-bet", "fortune", "--bankroll", "200"],
        None,
        True,
    ),
    ("strategy", ["strategy", "--dead", PUSH_HEAVY, "--jobs", "1", "--rules", "3"], None, True),
    ("table", ["table", "--dead", PUSH_HEAVY, "--jobs", "1", "--limit", "5"], None, True),
    ("drill", ["drill", "--count", "3", "--seed", "42"], "help\nhint\nzz\nq\n", False),
    ("drill-graded", ["drill", "--count", "2", "--seed", "5"], "skip\nAS AH\n", False),
    ("drill-miss", ["drill", "--count", "1", "--seed", "1", "--no-history"], "3s 3c\n", False),
    (
        "play",
        ["play", "--seed", "1", "--no-history"],
        "help\n10\ndeal\nhouse\n25 5\ndeal\nhint\nfold\ny\nquit\ny\n",
        False,
    ),
    (
        "play-face-up",
        ["play", "--seed", "2", "--game", "face-up", "--no-history"],
        "5\nside 5\ndeal\nhouse\nquit\ny\n",
        False,
    ),
]
CASES.append(("help-cache", ["cache", "--help"], None, False))  # the group's own page
for path in command_paths():
    CASES.append((f"help-{'-'.join(path)}", [*path, "--help"], None, False))

RUNS = [
    (f"{name}{suffix}", args + flag, stdin)
    for name, args, stdin, has_json in CASES
    for suffix, flag in [("", [])] + ([(".json", ["--json"])] if has_json else [])
]


def run(args: list[str], stdin: str | None) -> str:
    result = CliRunner().invoke(app, args, input=stdin, env={"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"})
    return f"$ paigow {' '.join(args)}\nexit {result.exit_code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"


@pytest.fixture(scope="module")
def warm_tables(cache_folder):
    """Build the tables the cases load first, so no output depends on whether a table was cached."""
    from paigow_cli.analysis.strategy.catalogue import class_catalogue
    from paigow_cli.core.rules import HouseWayName, Wheel
    from paigow_cli.engine.dealer_table import load_categories, load_table

    for way in (HouseWayName.FOXWOODS, HouseWayName.BALLYS):
        load_table(way, Wheel.SECOND)
    load_categories()
    class_catalogue(Wheel.SECOND)


COUNTED = ("edge", "mistakes", "strategy", "table", "session")  # commands that count a whole game first


def command_of(args: list[str]) -> str:
    return args[1] if args[0] == "--ascii" else args[0]


@pytest.mark.parametrize(
    ("name", "args", "stdin"),
    [
        pytest.param(
            name,
            args,
            stdin,
            id=name,
            # the pages that count share one worker, so each count is made once and its text and
            # JSON pages both read it from the cache
            marks=pytest.mark.xdist_group("golden-counts") if command_of(args) in COUNTED else (),
        )
        for name, args, stdin in RUNS
    ],
)
def test_golden_output(name, args, stdin, warm_tables):
    if command_of(args) in COUNTED:
        run([*args, "--json"] if "--json" not in args else args, stdin)  # answer from the cache: no timing shown
    got = run(args, stdin)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("PAIGOW_UPDATE_GOLDEN"):
        path.write_text(got)
    assert got == path.read_text()
