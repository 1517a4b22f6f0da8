"""``paigow dragon HAND``: whether to take the dragon hand, given your own seven cards (rules.md §10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import whole_game
from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    CommissionOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    WheelOption,
    dead_option,
    make_rules,
    option_cards,
)
from paigow_cli.cli.output import Output, cards_markup
from paigow_cli.cli.views.common import question_json
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.money import MAX_BET, money_of, parse_amount
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from rich.console import RenderableType

    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.core.cards import Card
    from paigow_cli.core.rules import Rules

app = typer.Typer()

QUICK_ROUNDS = 200_000  # dragon --quick: a second or two, a standard error of about 0.17% of a bet


@app.command("dragon")
def dragon_command(
    cards: Annotated[list[str], typer.Argument(metavar="CARDS", help="Your own seven cards.", show_default=False)],
    bet: Annotated[
        str | None,
        typer.Option(
            "--bet", metavar="AMOUNT", help="The dragon's bet (your own bet's size), e.g. 25.", show_default=False
        ),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help=f"Simulate {QUICK_ROUNDS:,} rounds (about a second, the classic game) instead of counting every "
            "deal (about 45 seconds on two cores the first time, then cached).",
        ),
    ] = False,
    dead: Annotated[
        str | None,
        typer.Option(
            "--dead",
            metavar="CARDS",
            help="Other cards known to be out of play (seen elsewhere at the table), beside your own.",
            show_default=False,
        ),
    ] = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Whether to take the dragon hand: its exact result given your own seven cards.

    The dragon is an extra hand dealt to an empty seat; you may bet on it (your own bet's size) and
    it is set by the house way. It and the dealer's hand are both dealt from the 46 cards your
    hand leaves, so your cards change its odds. paigow counts every deal of the dragon and the
    dealer from those 46 (as paigow edge --dead YOUR-CARDS does), and says take it when its EV is
    above zero. --quick simulates instead.

    Examples:

    $ paigow dragon AS KD JK 9H 9C 4D 2S
    $ paigow dragon 2S 3H 4D 5C 7S 8H TD --bet 25
    $ paigow dragon AS KD JK 9H 9C 4D 2S --quick --json
    $ paigow dragon AS KD JK 9H 9C 4D 2S --dead "AH AC"
    """
    with reporting_errors():
        hand = option_cards(" ".join(cards), "CARDS (your own hand)", (7,))
        assert hand is not None
        seen = dead_option(dead, 53 - 7 - 14)
        repeated = sorted(set(hand) & set(seen))
        if repeated:
            raise OptionError(f"--dead repeats your own cards: {' '.join(str(card) for card in repeated)}")
        stake = parse_amount(bet, "bet", positive=True, most=MAX_BET) if bet is not None else None
        if quick and game is not Game.CLASSIC:
            raise_quick_game(game)
    rules = make_rules(house_way, game, banker=False, wheel=wheel, commission=commission)
    answer = dragon_answer(rules, hand, seen, quick=quick, jobs=jobs, scheduler=scheduler)
    if stake is not None:
        answer["bet"] = float(stake)
        answer["ev_money"] = answer["ev"] * float(stake)
    Output(as_json, batch=False).emit(answer, lambda: dragon_text(answer, rules, hand))


def dragon_answer(
    rules: Rules,
    hand: tuple[Card, ...],
    seen: tuple[Card, ...] = (),
    *,
    quick: bool = False,
    jobs: int | None = None,
    scheduler: str | None = None,
) -> dict[str, Any]:
    """The dragon beside ``hand`` (``seen``: other cards out of play), as ``--json`` gives it:
    counted exactly (the whole game with those cards dead), or simulated with ``quick``."""
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.results import edge_result

    if quick:
        answer = quick_answer(rules, (*hand, *seen))
    else:
        question = Question(rules, tuple(sorted((*hand, *seen))))
        with reporting_errors():
            result = edge_result(question, whole_game(question, jobs=jobs, scheduler=scheduler), "house")
        answer = exact_answer(result)
    return {
        "cards": [str(card) for card in hand],
        "dead": [str(card) for card in seen],
        **question_json(rules, ("house_way", "game", "wheel", "commission")),
        **answer,
    }


def dragon_line(answer: dict[str, Any]) -> str:
    """The dragon's verdict in one line (``advise --dragon``)."""
    if answer["exact"]:
        ev = f"EV {answer['ev']:+.5f} a unit, every deal counted"
    else:
        ev = f"EV {answer['ev']:+.4f} ± {answer['stderr']:.4f} a unit, simulated"
    return f"Dragon hand beside it (set by the house way): {ev}: {'take it' if answer['take'] else 'leave it'}."


def raise_quick_game(game: Game) -> None:
    raise OptionError(
        f"--quick simulates the classic game; {game.value} pushes some dealer hands: drop --quick for the exact count"
    )


def exact_answer(result: EdgeResult) -> dict[str, Any]:
    """The dragon's exact counts (every deal of the dragon and the dealer from the cards left)."""
    return {
        "exact": True,
        "deals": result.deals,
        "wins": result.wins,
        "pushes": result.pushes,
        "losses": result.losses,
        "win": result.rate(result.wins),
        "push": result.rate(result.pushes),
        "lose": result.rate(result.losses),
        "ev": result.ev,
        "ev_fraction": f"{result.ev_fraction.numerator}/{result.ev_fraction.denominator}",
        "stderr": None,
        "take": result.ev_fraction > 0,
    }


def quick_answer(rules: Rules, out: tuple[Card, ...]) -> dict[str, Any]:
    """A seeded simulation of the dragon and the dealer dealt from the cards left (``out``: your
    own and any others seen)."""
    from paigow_cli.cli.tables import dealer_table
    from paigow_cli.study.simulation import simulate_dragon

    with reporting_errors():
        found = simulate_dragon(
            dealer_table(rules), rules.commission, QUICK_ROUNDS, 1, tuple(int(card) for card in out)
        )
    return {
        "exact": False,
        "rounds": found.rounds,
        "seed": 1,
        "wins": None,
        "pushes": None,
        "losses": None,
        "ev": found.mean,
        "ev_fraction": None,
        "stderr": found.stderr,
        "take": found.mean > 0,
    }


def dragon_text(answer: dict[str, Any], rules: Rules, hand: tuple[Card, ...]) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    title = Text("The dragon hand beside ", style="bold")
    title.append_text(cards_markup(hand))
    title.append(f", against the {rules.house_way} dealer ({game_text(rules)})", style="bold")
    lines: list[RenderableType] = [title]
    left = 53 - len(hand) - len(answer["dead"])
    if answer["exact"]:
        lines.append(
            Text(
                f"Every one of {answer['deals']:,} deals of the dragon and the dealer from the {left} cards left, "
                f"both set by the house way: win {100 * answer['win']:.2f}%, push {100 * answer['push']:.2f}%, "
                f"lose {100 * answer['lose']:.2f}%."
            )
        )
        ev = f"EV {answer['ev']:+.5f} a unit (exactly {answer['ev_fraction']})"
    else:
        lines.append(
            Text(
                f"{answer['rounds']:,} simulated rounds of the dragon and the dealer from the {left} cards left (seed 1), "
                "both set by the house way."
            )
        )
        ev = f"EV {answer['ev']:+.4f} ± {answer['stderr']:.4f} a unit"
    if "ev_money" in answer:
        ev += f", {money_of(answer['ev_money'], signed=True)} on a {money_of(answer['bet'])} bet"
    verdict = "take it" if answer["take"] else "leave it"
    lines.append(Text(f"{ev}: {verdict}.", style="bold"))
    if not answer["exact"] and abs(answer["ev"]) < 2 * answer["stderr"]:
        lines.append(Text("Too close to call by simulation: drop --quick for the exact count.", style="dim"))
    return Group(*lines)
