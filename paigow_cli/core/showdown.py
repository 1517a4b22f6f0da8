"""Settling a player's setting against the dealer's (rules.md §5, §8).

The player wins a comparison only by ranking strictly higher; a tie (a copy)
goes to the banker: the dealer, or the player when he banks. Both won: a win,
paid 1 to 1 less commission. Both lost: a loss. Otherwise a push. A fouled
setting loses, unless the player banks: then it is reset to the house way. In
the commission-free games a pushing dealer hand pushes every bet (``games``).

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.core.splits import make_split
>>> player = make_split(parse_cards("AS AH KD QC 9S 5H 2D"), parse_cards("KD QC"))
>>> dealer = make_split(parse_cards("KS KH JD 8C 7S 4H 3D"), parse_cards("JD 8C"))
>>> settlement = settle(player, dealer, bet=5)
>>> settlement.outcome.value, settlement.payout
('win', Decimal('4.75'))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import banker_wins, dealer_pushes
from paigow_cli.core.rules import Game
from paigow_cli.core.splits import Split


class Outcome(str, Enum):
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


@dataclass(frozen=True)
class Settlement:
    """How one setting fares against the dealer's setting, and what it pays (net, per the bet)."""

    outcome: Outcome
    copy_high: bool
    copy_low: bool
    foul: bool
    payout: Decimal
    game_push: bool = False  # the game's push rule pushed it (the dealer's hand)
    reset: bool = False  # a banker's foul, reset to the house way and settled as that


def as_money(value: float | str | Decimal) -> Decimal:
    """A bet or rate as an exact decimal (``0.05`` stays 0.05, not its binary neighbour)."""
    return value if isinstance(value, Decimal) else Decimal(str(value))


def win_payout(bet: float | Decimal, commission: float | Decimal) -> Decimal:
    """What a win pays net: the bet less the commission on it.

    >>> win_payout(5, 0.05)
    Decimal('4.75')
    """
    return as_money(bet) * (1 - as_money(commission))


def settle(
    player: Split,
    dealer: Split,
    bet: float | Decimal = 1,
    commission: float | Decimal = 0.05,
    game: Game = Game.CLASSIC,
    *,
    banker: bool = False,
    house: Split | None = None,
) -> Settlement:
    """Settle ``player`` against ``dealer`` in ``game``; ``house`` is the house way's setting of
    the player's hand, which a banking player's foul is reset to."""
    if as_money(bet) <= 0:
        raise OptionError(f"bet {bet} must be more than 0")
    foul = player.foul
    if foul and banker:
        if house is None:
            raise ValueError("a banker's foul is reset to the house way: pass the house way's setting")
        player = house
    high_key, low_key = player.high_value.key, player.low_value.key
    dealer_high, dealer_low = dealer.high_value.key, dealer.low_value.key
    copy_high, copy_low = high_key == dealer_high, low_key == dealer_low
    reset = foul and banker
    if foul and not banker:
        return Settlement(Outcome.LOSE, copy_high, copy_low, True, -as_money(bet))
    if dealer_pushes(game, dealer):
        return Settlement(Outcome.PUSH, copy_high, copy_low, foul, Decimal(0), game_push=True, reset=reset)
    won = banker_wins(player.high_value, dealer.high_value, banker=banker) + banker_wins(
        player.low_value, dealer.low_value, banker=banker
    )
    if won == 2:
        return Settlement(Outcome.WIN, copy_high, copy_low, foul, win_payout(bet, commission), reset=reset)
    if won == 0:
        return Settlement(Outcome.LOSE, copy_high, copy_low, foul, -as_money(bet), reset=reset)
    return Settlement(Outcome.PUSH, copy_high, copy_low, foul, Decimal(0), reset=reset)
