"""The table game announces a round in the order a dealer pays it: the main bet, then the side
bet, then the balance that counts both (the balance had come before the side bet's win); and its
help reads as a sentence."""

from __future__ import annotations

from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.study.table_game import HELP, Phase

runner = CliRunner()


def test_the_side_bet_is_announced_before_the_balance_that_counts_it(cache_folder):
    result = runner.invoke(
        app, ["play", "--seed", "1", "--no-history"], input="10\nside 5\ndeal\nhouse\nquit\ny\n", env={"COLUMNS": "80"}
    )
    lines = result.stdout.splitlines()
    side = next(at for at, line in enumerate(lines) if line.startswith("Fortune Bonus: Flush pays 4 to 1"))
    assert lines[side - 1] == "Push: your $10 comes back."
    assert lines[side] == "Fortune Bonus: Flush pays 4 to 1: you win $20."
    assert lines[side + 1] == "Balance $520."


def test_the_betting_help_reads_as_a_sentence():
    assert "side and a chip puts it on the side bet ($1 to $100, e.g. side 5)" in HELP[Phase.BETTING]
    assert "side and a chip bets" not in HELP[Phase.BETTING]
