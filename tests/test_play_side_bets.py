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


# --- the side bets each game deals ------------------------------------------------------------------


def jackpot_game(dealt, dealer):
    from decimal import Decimal

    from paigow_cli.core.rules import Rules
    from paigow_cli.study.table_game import TableGame

    return TableGame(
        Rules(), Decimal(100), seed=1, table=lambda: None, deal=lambda: (dealt, dealer), side_bet="jackpot"
    )


def side_result(game, *lines):
    """The side bet's result of the round the lines play (a round's end carries it)."""
    from paigow_cli.study.table_events import RoundOver

    events = []
    for line in lines:
        events += game.handle(line)
    return next(event.side for event in events if isinstance(event, RoundOver))


ROYAL_AND_ACES = ("AS", "KS", "QS", "JS", "TS", "AH", "AD")
DEALER = ("2C", "3D", "5H", "7S", "8C", "9D", "JH")


def test_play_pays_jackpot_on_the_setting_the_player_chose():
    from helpers import cards

    from paigow_cli.core.bonus_hands import Line

    royal_behind = side_result(
        jackpot_game(cards(" ".join(ROYAL_AND_ACES)), cards(" ".join(DEALER))), "10", "side 5", "deal", "ah ad"
    )
    assert royal_behind.paid.line is Line.NATURAL_ROYAL_PLUS_ACES and royal_behind.payout == 5 * 20000
    kings_in_front = side_result(
        jackpot_game(cards(" ".join(ROYAL_AND_ACES)), cards(" ".join(DEALER))), "10", "side 5", "deal", "ks qs"
    )
    assert kings_in_front.paid.line is Line.ROYAL_FLUSH  # no pair in front: the seven cards' royal alone


def test_play_mania_three_card_pays_the_first_three_cards_dealt():
    from decimal import Decimal

    from helpers import cards

    from paigow_cli.core.rules import Rules
    from paigow_cli.study.table_game import TableGame

    dealt = cards("7H 7D 7C AS KD 4C 2S")  # three sevens first: 30 to 1
    game = TableGame(
        Rules(),
        Decimal(100),
        seed=1,
        table=lambda: None,
        deal=lambda: (dealt, cards(" ".join(DEALER))),
        side_bet="mania-three-card",
    )
    events = game.handle("10") + game.handle("side 5") + game.handle("deal")
    assert any("Your first three cards, dealt before the rest" in getattr(event, "text", "") for event in events)
    assert side_result(game, "as kd").payout == 150


def test_play_refuses_a_side_bet_its_game_does_not_deal():
    result = runner.invoke(app, ["play", "--game", "ez", "--side-bet", "jackpot", "--no-history"], input="quit\n")
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == "Error: --side-bet jackpot is not dealt with the ez game at this table: give queens-dragon"
    )
    wild = runner.invoke(app, ["play", "--side-bet", "dynasty", "--no-history"], input="quit\n")
    assert wild.exit_code == 2 and "is not dealt with the classic game at this table" in wild.stderr
