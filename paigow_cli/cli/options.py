"""The options several commands share, as ``Annotated`` aliases, and turning them into the library's values."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Annotated, Any

import typer
from typer._click.types import StringParamType

from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.core.cards import Card, parse_hand
from paigow_cli.core.errors import (
    CardError,
    OptionError,
)
from paigow_cli.core.games import game_choices
from paigow_cli.core.rules import Game, HouseWayName, Joker, Rules, Wheel


class Words(StringParamType):
    """An argument's words as typed: help names the argument by its metavar, with no type beside it."""

    name = "words"

    def get_metavar(self, param: Any, ctx: Any) -> str:
        return ""


WORDS = Words()

CardsArgument = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="CARDS...",
        help="The cards, e.g. AS KD JK 9H 9C 4D 2S, or - to read hands from stdin.",
        show_default=False,
        click_type=WORDS,
    ),
]


WheelOption = Annotated[
    Wheel,
    typer.Option(
        "--wheel", help="Where A-2-3-4-5 ranks: second-highest straight, or the lowest.", case_sensitive=False
    ),
]


JokerOption = Annotated[
    Joker,
    typer.Option(
        "--joker",
        help="What the joker stands for: bug (an ace, or a card that completes a straight or a flush) or wild "
        "(any card, as in California's rooms).",
        case_sensitive=False,
    ),
]


JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


BatchJsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON (JSON Lines, one per line, for a stdin batch).")
]


def complete_house_way(incomplete: str) -> list[str]:
    """Shell completion: the shipped house ways (a plugin file completes as a path)."""
    return [way.value for way in HouseWayName if way.value.startswith(incomplete)]


def complete_player(incomplete: str) -> list[str]:
    """Shell completion of ``--player``: house, best, best-way and the shipped house ways.

    >>> complete_player("be"), complete_player("tr")
    (['best', 'best-way'], ['trump-plaza'])
    """
    from paigow_cli.core.rules import PLAYER_WORDS

    return [name for name in (*PLAYER_WORDS, *(way.value for way in HouseWayName)) if name.startswith(incomplete)]


HouseWayOption = Annotated[
    str,
    typer.Option(
        "--house-way",
        metavar="NAME|FILE.py",
        help="The casino whose house way sets the hands: foxwoods, trump-plaza, claridge, ballys, flamingo, "
        "golden-nugget, santa-ana-star, an installed plugin's name, or a plugin file (see paigow house-ways).",
        autocompletion=complete_house_way,
    ),
]


CommissionOption = Annotated[
    float | None,
    typer.Option(
        "--commission",
        metavar="RATE",
        help="Commission taken from a win in the classic game, e.g. 0.05 for 5% (the default there); "
        "the other games take none.",
        show_default=False,
    ),
]


FeeOption = Annotated[
    str | None,
    typer.Option(
        "--fee",
        metavar="AMOUNT",
        help="A flat collection paid on every hand whatever its result (a California card room's), on a "
        "bet of --bet; it replaces the commission unless --commission is given too, e.g. --fee 1 --bet 25.",
        show_default=False,
    ),
]
FeeBetOption = Annotated[
    str | None,
    typer.Option(
        "--bet",
        metavar="AMOUNT",
        help="The bet the --fee is charged on (default 1, so --fee is a share of a unit), e.g. 25.",
        show_default=False,
    ),
]


def fee_option(fee: str | None, bet: str | None) -> tuple[Fraction, Decimal, Decimal]:
    """``--fee`` and ``--bet``: the fee per unit bet (exact), the fee and the bet.

    >>> fee_option("1", "25")
    (Fraction(1, 25), Decimal('1'), Decimal('25'))
    >>> fee_option("0.25", "-5")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.OptionError: bet -5 is out of range: give more than 0 and at most 1,000,000
    """
    from paigow_cli.core.money import MAX_BET, parse_amount

    if bet is not None and fee is None:
        raise OptionError("--bet is the bet a --fee is charged on: give --fee AMOUNT too (EVs are per unit bet)")
    amount = parse_amount(fee, "fee", positive=False, most=MAX_BET) if fee is not None else Decimal(0)
    stake = parse_amount(bet, "bet", positive=True, most=MAX_BET) if bet is not None else Decimal(1)
    return Fraction(amount) / Fraction(stake), amount, stake


GameOption = Annotated[
    Game,
    typer.Option(
        "--game",
        metavar="GAME",
        help=f"The game: {game_choices()}.",
        case_sensitive=False,
    ),
]


BankerOption = Annotated[
    bool,
    typer.Option("--banker", help="You bank against the dealer: copies are yours, a foul is reset to the house way."),
]


DeadOption = Annotated[
    str | None, typer.Option("--dead", metavar="CARDS", help="Cards known to be out of play (seen elsewhere).")
]


SeedOption = Annotated[
    int | None,
    typer.Option("--seed", metavar="S", help="Seed for the shuffle: the same seed gives the same deals.", min=0),
]


JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", metavar="N", help="Processes to count with (default: every core).", min=1, show_default=False
    ),
]


SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="Send the chunks to a Dask distributed scheduler, e.g. tcp://10.0.0.5:8786 "
        "(needs pip install 'paigow-cli\\[cluster]'; every worker needs paigow installed).",
        show_default=False,
    ),
]


def make_rules(
    house_way: str | None = None,
    game: Game = Game.CLASSIC,
    *,
    banker: bool = False,
    wheel: Wheel = Wheel.SECOND,
    commission: float | None = None,
) -> Rules:
    """The one place the five rule options become ``Rules``: a bad value is a usage error, and a
    plugin house way (a file or an installed package) is loaded here. Commands that set no hand
    by a house way give none (the default house way is then not even looked up)."""
    with reporting_errors():
        if house_way is None:
            rules = Rules(game=game, banker=banker, wheel=wheel)
        else:
            from paigow_cli.house_ways.plugins import resolve

            rules = Rules(house_way=resolve(house_way), game=game, banker=banker, wheel=wheel)
            plugin_notes(rules.house_way)
        return rules if commission is None else replace(rules, commission=commission)


_NOTED_PLUGINS: set[str] = set()


def plugin_notes(name: str) -> None:
    """Say (once) what loading a plugin found suspicious: a public method that is not a clause."""
    from paigow_cli.house_ways import way_named

    way = way_named(name)
    if way.plugin and way.warnings and name not in _NOTED_PLUGINS:
        from paigow_cli.cli.output import note

        _NOTED_PLUGINS.add(name)
        for warning in way.warnings:
            note(f"the house way plugin {way.name}: {warning}")


def option_cards(text: str | None, what: str, counts: tuple[int, ...]) -> tuple[Card, ...] | None:
    """Cards given to an option, with errors that say which option they came from."""
    if text is None:
        return None
    try:
        return parse_hand(text, counts=counts, what=what)
    except CardError as error:
        message = str(error)
        raise CardError(message if what in message else f"{what}: {message}") from None


MAX_DEAD = 46  # the player's seven must stay live


def dead_option(text: str | None, most: int = MAX_DEAD) -> tuple[Card, ...]:
    """The cards given to ``--dead`` (1 to ``most`` of them), or none."""
    return option_cards(text, "--dead (cards out of play)", tuple(range(1, most + 1))) or ()


def choose_seed(seed: int | None) -> int:
    """The seed given, or a fresh random one (reported, so any run can be repeated)."""
    if seed is not None:
        return seed
    import secrets

    return secrets.randbelow(2**32)


StrategyOption = Annotated[
    str,
    typer.Option(
        "--player",
        metavar="house|best|best-way|NAME",
        autocompletion=complete_player,
        help="The player sets every hand by the dealer's house way, by its exact best EV, by the best "
        "suit-blind way (best-way: each class of hands set alike, as a house way must), or by another "
        "house way, an installed plugin or a plugin FILE.py (the dealer keeps --house-way).",
    ),
]


def player_strategy(player: str, game: Game | None = None, *, banker: bool = False) -> tuple[str, str | None]:
    """``--player``: ("house" or "best", None), or ("house", a strategy's name) for another house
    way or a plugin file, which must load. Best play in Face Up sets after seeing the dealer's
    hand, which no casino deals to a banking player: refused."""
    if player.lower() == "best" and game is Game.FACE_UP and banker:
        with reporting_errors():
            raise OptionError(
                "--player best with --game face-up sets each hand after seeing the dealer's, which casinos deal "
                "only to a player who does not bank: drop --banker (or --player best)",
                about="player",
            )
    if player.lower() in ("house", "best"):
        return player.lower(), None
    with reporting_errors():
        return "house", strategy_name(player)


def strategy_name(player: str) -> str:
    """The name of the house way or plugin ``--player`` gives (loading a plugin), or best-way; an
    error names --player."""
    from paigow_cli.core.errors import PaigowError
    from paigow_cli.core.rules import BEST_WAY, PLAYER_WORDS
    from paigow_cli.house_ways.plugins import resolve

    if player.lower() == BEST_WAY:
        return BEST_WAY
    try:
        name = resolve(player, words=PLAYER_WORDS)
    except PaigowError as error:
        error.about = "player"  # the flag the user typed
        raise
    plugin_notes(name)
    return name


class SideBetName(str, Enum):
    """The side bets' pay tables (rules.md §8.3)."""

    FORTUNE = "fortune"
    EMPERORS_CHALLENGE = "emperors-challenge"
    MANIA_SEVEN_CARD = "mania-seven-card"
    MANIA_THREE_CARD = "mania-three-card"
    DEALER_BONUS = "dealer-bonus"
    JACKPOT = "jackpot"
    FACE_UP_PROGRESSIVE = "face-up-progressive"
    DYNASTY = "dynasty"
    QUEENS_DRAGON = "queens-dragon"
    TIGER_9 = "tiger-9"


SIDE_BET_NAMES = ", ".join(name.value for name in SideBetName)  # for help and errors
