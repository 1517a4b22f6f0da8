"""CSV an analyst can join: the strategy table's CSV names the player's strategy, carries the exact
integer counts the JSON has (not only float means), in ``player_*`` columns whatever the
strategy, and ``flush`` as JSON writes it; an empty card list is ``none`` (an empty cell reads as a
missing number)."""

from __future__ import annotations

import csv
import io
import json

from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import DECK

runner = CliRunner()
LIVE = {str(card) for card in DECK if str(card)[0] in "JQKA"} | {"JK"}
DEAD = " ".join(str(card) for card in DECK if str(card) not in LIVE)  # 17 live: J to A and the joker


def test_the_table_csv_has_the_player_and_the_json_s_exact_counts(cache_folder):
    args = ["table", "--dead", DEAD, "--jobs", "1", "--player", "ballys", "--limit", "20"]
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, [*args, "--csv"]).stdout)))
    documents = [json.loads(line) for line in runner.invoke(app, [*args, "--json"]).stdout.splitlines()]
    assert len(rows) == len(documents) == 20
    for row, document in zip(rows, documents):
        assert row["player"] == document["player"] == "ballys"
        assert row["flush"] == ("true" if document["flush"] else "false")
        assert int(row["dealer_hands"]) == document["dealer_hands"]
        for count in ("wins", "losses", "copies_high", "copies_low"):
            assert int(row[f"player_{count}"]) == document["house"][count]
            assert int(row[f"best_{count}"]) == document["best"][count]
        assert row["player_front"] == " ".join(document["house"]["front"]) == row["house_front"]


def test_an_empty_card_list_is_none_and_a_boolean_true_or_false():
    """Every CSV of paigow writes its cells through ``csv_value`` (compare, edge --all, table)."""
    from paigow_cli.cli.views.common import csv_value

    assert [csv_value(value) for value in ([], ["AS", "KD"], True, False, None)] == [
        "none",
        "AS KD",
        "true",
        "false",
        "",
    ]
