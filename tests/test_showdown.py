"""rules.md §5: settling against the dealer."""

from __future__ import annotations

from decimal import Decimal

import pytest
from helpers import cards

from paigow_cli.core.errors import OptionError
from paigow_cli.core.showdown import Outcome, settle
from paigow_cli.core.splits import make_split

DEALER = make_split(cards("KS KH JD 8C 7S 4H 3D"), cards("JD 8C"))  # pair of kings / J-8


def player(hand: str, low: str):
    return make_split(cards(hand), cards(low))


def test_both_hands_won_is_a_win_paid_less_five_percent():
    result = settle(player("AS AH QD 9C 6S 5H 2D", "QD 9C"), DEALER, bet=5)
    assert result.outcome is Outcome.WIN and result.payout == Decimal("4.75")


def test_one_won_one_lost_is_a_push():
    result = settle(player("AS AH 7D 6C 6S 5H 2D", "7D 2D"), DEALER, bet=5)
    assert result.outcome is Outcome.PUSH and result.payout == 0


def test_both_lost_is_a_loss():
    result = settle(player("QS QH 7D 6C 5S 4H 2D", "7D 6C"), DEALER, bet=5)
    assert result.outcome is Outcome.LOSE and result.payout == Decimal(-5)


def test_a_copy_goes_to_the_dealer():
    # High hands tie (kings with 7-4-3 against kings with 7-4-3): lost; low hand won: push.
    tied_high = settle(player("KD KC QS 9H 7D 4S 3C", "QS 9H"), DEALER)
    assert tied_high.copy_high and not tied_high.copy_low
    assert tied_high.outcome is Outcome.PUSH
    # Both copies: lost on both.
    both = settle(player("KD KC JS 8H 7D 4S 3C", "JS 8H"), DEALER)
    assert both.copy_high and both.copy_low and both.outcome is Outcome.LOSE


def test_a_foul_loses_the_bet():
    result = settle(player("AS AH QD 9C 6S 5H 2D", "AS AH"), DEALER, bet=2)
    assert result.foul and result.outcome is Outcome.LOSE and result.payout == Decimal(-2)


def test_commission_is_a_rule_option():
    free = settle(player("AS AH QD 9C 6S 5H 2D", "QD 9C"), DEALER, bet=10, commission=0)
    assert free.payout == Decimal(10)
    assert settle(player("AS AH QD 9C 6S 5H 2D", "QD 9C"), DEALER, bet=3, commission=0.05).payout == Decimal("2.85")


def test_a_bet_must_be_positive():
    with pytest.raises(OptionError):
        settle(player("AS AH QD 9C 6S 5H 2D", "QD 9C"), DEALER, bet=0)
