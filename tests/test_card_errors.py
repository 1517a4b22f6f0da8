"""A card error quotes what the user typed, the word as a whole (not the upper-cased piece the
reader stopped at), and a long input is cut in the message, never echoed whole."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.core.cards import parse_cards
from paigow_cli.core.errors import CardError

runner = CliRunner()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("bad line", "'bad' is not a card: a card is a rank and a suit, like AS or 10H"),
        ("11S KD", "'11S' is not a card: unknown rank '11' (ranks are 2-9, T or 10, J, Q, K, A)"),
        ("as 1s", "'1s' is not a card: unknown rank '1' (ranks are 2-9, T or 10, J, Q, K, A)"),
        ("AS qx", "'qx' is not a card: unknown suit 'X' (suits are S H D C or ♠ ♥ ♦ ♣)"),
        ("AS K", "'K' is not a card: it has no suit (a card is a rank and a suit, like AS or 10H)"),
        (
            "askdqx",
            "'askdqx' is not a card: a card is a rank and a suit, like AS or 10H (read as cards written together, "
            "'qx' is not one: unknown suit 'X' (suits are S H D C or ♠ ♥ ♦ ♣))",
        ),
    ],
)
def test_a_card_error_quotes_the_word_as_typed(typed, message):
    with pytest.raises(CardError) as raised:
        parse_cards(typed)
    assert str(raised.value) == message
    result = runner.invoke(app, ["eval", typed])
    assert result.exit_code == 2 and result.stderr == f"Error: {message}\n"


def test_a_long_input_is_cut_in_the_error_line():
    result = runner.invoke(app, ["eval", "x" * 1_000_000])
    assert result.exit_code == 2 and len(result.stderr) < 200, len(result.stderr)
    assert result.stderr.startswith("Error: 'xxx") and "...'" in result.stderr


def test_a_long_answer_in_drill_is_cut_in_its_reply(cache_folder):
    result = runner.invoke(app, ["drill", "-n", "1", "--seed", "1", "--no-history"], input="x" * 1_000_000 + "\nq\n")
    assert result.exit_code == 0 and len(result.stdout) < 2_000, len(result.stdout)
