"""The reading-hunt tool (``scripts/jb_hunt.py``): a house way's exact change of the
whole game's counts, from the player's and the banker's strategy tables and the changed hands'
pairs, equals two whole-game passes subtracted, on a small deck."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from paigow_cli.analysis.game.counting import count_chunk
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.money.results import edge_result
from paigow_cli.analysis.strategy.answers import strategy_table_of
from paigow_cli.core.cards import DECK, parse_cards
from paigow_cli.core.rules import Rules
from paigow_cli.house_ways import way_named

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import jb_hunt  # noqa: E402

LIVE = parse_cards("2S 2H 3D 3C 5S 5H 7D 7C 9S 9H TD JC QS QH KD AC JK JD")  # 18 live cards: changed hands meet
DEAD = tuple(card for card in DECK if card not in set(LIVE))


def counts(rules: Rules) -> tuple[int, int, int]:
    question = Question(rules, DEAD)
    tally = Tally()
    for chunk in range(2):
        tally.add(count_chunk(question, chunk, 2))
    result = edge_result(question, tally, "house")
    return result.wins, result.pushes, result.losses


@pytest.mark.slow  # about a minute: two strategy tables and two passes of an 18-card deck per plugin
@pytest.mark.parametrize("plugin", [ROOT / "examples" / "house_ways" / "gold_star.py", "trump-plaza"])
def test_a_readings_change_from_the_tables_equals_two_whole_game_passes(cache_folder, plugin):
    name = way_named(str(plugin)).name
    player = strategy_table_of(Question(Rules(), DEAD))
    banker = strategy_table_of(Question(Rules(banker=True), DEAD))
    found = jb_hunt.measure(str(plugin), player, banker)
    before, after = counts(Rules()), counts(Rules(house_way=name))
    assert found.change == tuple(a - b for a, b in zip(after, before))
    assert found.hands > 0 and found.change != found.linear  # the deals where both hands changed count
