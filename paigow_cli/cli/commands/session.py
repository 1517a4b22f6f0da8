"""``paigow session``: the money of a session of hands, from the exact per-hand counts: the
distribution of the net, the chance to be ahead, percentiles, and the risk of ruin."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.commands.whole_game import edge_question
from paigow_cli.cli.counting import whole_game
from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    StrategyOption,
    WheelOption,
    player_strategy,
)
from paigow_cli.cli.output import Output, check_folder, data_table, fitted, progress_bar, write_file
from paigow_cli.cli.views import question_json
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.money import MAX_BANKROLL, MAX_BET, money, parse_amount
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from rich.console import RenderableType

    from paigow_cli.analysis.edge import EdgeResult
    from paigow_cli.analysis.session import SessionDistribution

app = typer.Typer()

MAX_SESSION_HANDS = 100_000  # the lattice and the ruin count stay bounded (seconds, not hours)
PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)
COLUMNS = 60  # the picture's width in the terminal (it fits 80 columns with its labels)
ROWS = 8  # the picture's height
SHOWN = 0.001  # the picture leaves out this much chance at each end (the tails are in --csv)


@app.command("session")
def session_command(
    hands: Annotated[int, typer.Option("--hands", "-n", metavar="N", help="Hands in the session.")] = 100,
    bet: Annotated[str, typer.Option("--bet", metavar="AMOUNT", help="The bet on every hand, e.g. 25.")] = "25",
    bankroll: Annotated[
        str | None,
        typer.Option(
            "--bankroll",
            metavar="AMOUNT",
            help="Money you bring, e.g. 500: adds the risk of ruin (less than one bet left) within the session "
            "and in the long run.",
            show_default=False,
        ),
    ] = None,
    player: StrategyOption = "house",
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Print the whole distribution as CSV: one row per possible net.")
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg", metavar="FILE", help="Also draw the distribution as an SVG picture in FILE.", dir_okay=False
        ),
    ] = None,
) -> None:
    """How a session goes: the distribution of your net after N hands, exactly where it can be.

    Each hand's result is the whole game's exact counts (paigow edge: win, push, lose; a win
    pays 1 less the commission), so a session of independent hands is their N-fold convolution,
    computed in floating point with every probability within 1e-12. It shows the chance to be
    ahead, even or behind, percentiles, the expected loss and its share of your action, and a
    picture. With --bankroll, the risk of ruin: the chance to be left with less than one bet within
    the session (dynamic programming over the bankroll) and playing forever. The first question
    about a dealer counts the whole game once (about a minute on two cores); then it is instant.

    Examples:

    $ paigow session --hands 200 --bet 25 --bankroll 500
    $ paigow session --hands 100 --bet 10 --player best --game ez
    $ paigow session --hands 300 --banker --bankroll 1000 --svg session.svg
    $ paigow session --hands 10000 --json | jq .session.ahead
    $ paigow session --hands 50 --csv > session.csv
    """
    with reporting_errors():
        if as_json and as_csv:
            raise OptionError("--json and --csv are two formats: give one")
        if not 1 <= hands <= MAX_SESSION_HANDS:
            raise OptionError(
                f"--hands {hands:,} is out of range: give 1 to {MAX_SESSION_HANDS:,} (about 2,500 hours of play; "
                "the distribution and the ruin count stay within seconds)"
            )
        stake = parse_amount(bet, "bet", True, MAX_BET)
        money_in = None if bankroll is None else parse_amount(bankroll, "bankroll", True, MAX_BANKROLL)
        if money_in is not None and money_in < stake:
            raise OptionError(
                f"--bankroll {money(money_in)} is less than one bet ({money(stake)}): bring at least a bet"
            )
        if svg is not None:
            check_folder(svg, "--svg")
    choice, strategy = player_strategy(player, game, banker)
    question = edge_question(house_way, game, banker, wheel, commission, dead, strategy)
    from paigow_cli.analysis.edge import edge_result
    from paigow_cli.analysis.session import ruin_long_run, ruin_within, session_distribution

    with reporting_errors():
        result = edge_result(question, whole_game(question, jobs, scheduler), choice)
        payouts = result.payouts
        distribution = session_distribution(payouts, hands)
        ruin = None
        if money_in is not None:
            rolls = Fraction(money_in) / Fraction(stake)
            with progress_bar(f"Ruin over {hands:,} hands") as progress:
                within = ruin_within(payouts, hands, rolls, progress if hands >= 20_000 else None)
            ruin = (within, ruin_long_run(payouts, rolls))
    if svg is not None:
        with reporting_errors():
            write_file(svg, session_svg(question, result, distribution, stake, money_in), "--svg")
    if as_csv:
        typer.echo(session_csv(distribution, stake), nl=False)
        return
    Output(as_json, batch=False).emit(
        session_json(question, result, distribution, stake, money_in, ruin),
        lambda: session_text(question, result, distribution, stake, money_in, ruin),
    )


def dollars(bets: Fraction, stake: Decimal) -> Decimal:
    """A net in bets as money (to the cent)."""
    return (Decimal(bets.numerator) * stake / Decimal(bets.denominator)).quantize(Decimal("0.01"))


def session_json(
    question: Any,
    result: EdgeResult,
    distribution: SessionDistribution,
    stake: Decimal,
    money_in: Decimal | None,
    ruin: tuple[float, float] | None,
) -> dict[str, Any]:
    from paigow_cli.analysis.session import PRECISION
    from paigow_cli.analysis.spread import spread_json

    hands = distribution.hands
    payouts = result.payouts
    ahead, even, behind = distribution.chances()
    ev = payouts.mean
    document: dict[str, Any] = {
        **question_json(question.rules, player=player_name(question, result), dead=question.dead),
        "hands": hands,
        "bet": float(stake),
        "bankroll": None if money_in is None else float(money_in),
        "per_hand": {
            "win": result.rate(result.wins),
            "push": result.rate(result.pushes),
            "lose": result.rate(result.losses),
            "ev": float(ev),
            "ev_fraction": f"{ev.numerator}/{ev.denominator}",
            **spread_json(payouts),
        },
        "session": {
            "expected": float(dollars(ev * hands, stake)),
            "expected_fraction_of_action": float(ev),
            "sd": payouts.sd * hands**0.5 * float(stake),
            "ahead": ahead,
            "even": even,
            "behind": behind,
            "percentiles": {
                str(share): float(dollars(distribution.percentile(share / 100), stake)) for share in PERCENTILES
            },
        },
        "ruin": None,
        "method": f"convolution by FFT, each probability within {PRECISION:g}",
    }
    if ruin is not None:
        document["ruin"] = {
            "within_session": ruin[0],
            "long_run": ruin[1],
            "method": "dynamic programming over the bankroll; long run: "
            + ("certain, the bet loses on average" if ev <= 0 else "the roots of the step's characteristic polynomial"),
        }
    return document


def player_name(question: Any, result: EdgeResult) -> str:
    return question.rules.house_way if result.player == "house" else result.player


def session_csv(distribution: SessionDistribution, stake: Decimal) -> str:
    """Every net the session can end with (a chance above zero), in bets and money, with its chance
    and the chance of ending at or below it."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(("net_bets", "net", "probability", "at_or_below"))
    cumulative = 0.0
    for index, chance in enumerate(distribution.probabilities.tolist()):
        cumulative += chance
        if chance > 0:
            net = distribution.net(index)
            writer.writerow((str(net), str(dollars(net, stake)), repr(chance), repr(min(cumulative, 1.0))))
    return text.getvalue()


def picture_bins(distribution: SessionDistribution) -> tuple[list[float], int, int]:
    """The histogram's bars: (heights, first lattice point, points per bar). Bars narrower than
    one hand's spread of outcomes would show the lattice's comb, not the shape, so a bar covers at
    least that many points when the picture still has a dozen bars."""
    import numpy as np

    cumulative = np.cumsum(distribution.probabilities)
    first = int(np.searchsorted(cumulative, SHOWN))
    last = int(np.searchsorted(cumulative, 1 - SHOWN))
    span = last - first + 1
    per_bar = -(-span // COLUMNS)
    period = distribution.step.width
    if per_bar < period and span // period >= 12:
        per_bar = period
    bars = -(-span // per_bar)
    probabilities = distribution.probabilities
    heights = [float(probabilities[first + bar * per_bar : first + (bar + 1) * per_bar].sum()) for bar in range(bars)]
    return heights, first, per_bar


def picture_lines(distribution: SessionDistribution, stake: Decimal, money_in: Decimal | None) -> list[str]:
    """The distribution in the terminal, ``COLUMNS`` wide (a bar may take two columns): bars, an
    axis with ticks at the ends, at even and at ruin, and their labels."""
    from paigow_cli.cli.plots import axis, histogram, labels
    from paigow_cli.cli.terminal import SETTINGS

    heights, first, per_bar = picture_bins(distribution)
    width = COLUMNS if len(heights) <= COLUMNS else len(heights)
    columns = [heights[column * len(heights) // width] for column in range(width)]
    ascii_only = SETTINGS.ascii_only
    bars = histogram(columns, rows=ROWS, ascii_only=ascii_only)

    bars_wide = len(heights)
    marks: dict[int, str] = {}
    for position, text in picture_marks(distribution, stake, money_in, heights, first, per_bar).items():
        marks[min(int(position * width / bars_wide), width - 1)] = text
    ordered = dict(sorted(marks.items(), key=lambda item: item[1] not in ("even", "broke")))
    return [*bars, axis(width, marks, ascii_only), labels(width, ordered)]


def picture_marks(
    distribution: SessionDistribution,
    stake: Decimal,
    money_in: Decimal | None,
    heights: list[float],
    first: int,
    per_bar: int,
) -> dict[float, str]:
    """The picture's labelled places, in bars from its left edge: its two ends (in money), even,
    and where the bankroll is broke, when they fall inside it."""
    low, high = distribution.net(first), distribution.net(first + len(heights) * per_bar - 1)

    def position(net: Fraction) -> float:
        return (distribution.index_of(net) - first) / per_bar

    marks = {
        0.0: money(dollars(low, stake), signed=True),
        float(len(heights)): money(dollars(high, stake), signed=True),
    }
    if low < 0 < high:
        marks[position(Fraction(0))] = "even"
    if money_in is not None and low < broke_line(stake, money_in):
        marks[position(broke_line(stake, money_in))] = "broke"
    return marks


def broke_line(stake: Decimal, money_in: Decimal) -> Fraction:
    """The net (bets) below which less than one bet is left."""
    return 1 - Fraction(money_in) / Fraction(stake)


def session_text(
    question: Any,
    result: EdgeResult,
    distribution: SessionDistribution,
    stake: Decimal,
    money_in: Decimal | None,
    ruin: tuple[float, float] | None,
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    hands = distribution.hands
    payouts = result.payouts
    ev = payouts.mean
    who = {"house": "the house way", "best": "the best EV setting", BEST_WAY: "the best suit-blind way"}.get(
        result.player, f"the {result.player} house way"
    )
    title = Text(
        f"{hands:,} hands of {money(stake)} in the {game_text(rules)} against the {rules.house_way} dealer",
        style="bold",
    )
    title.append(f"\nThe player sets by {who}" + (f"; bankroll {money(money_in)}" if money_in is not None else ""))
    ahead, even, behind = distribution.chances()
    table = data_table()
    table.show_header = False
    table.add_column("")
    table.add_column("", justify="right")
    sd = payouts.sd * hands**0.5
    rows = [
        (
            "Expected result",
            f"{money(dollars(ev * hands, stake), signed=True, cents=True)} ({100 * float(ev):+.3f}% of {money(stake * hands)} bet)",
        ),
        (
            "Standard deviation",
            f"{money(Decimal(repr(sd)) * stake, cents=True)} ({sd:.2f} bets; {payouts.sd:.4f} a hand)",
        ),
        ("Ahead at the end", f"{100 * ahead:.2f}%"),
        ("Even", f"{100 * even:.2f}%"),
        ("Behind", f"{100 * behind:.2f}%"),
    ]
    for share in (5, 25, 50, 75, 95):
        rows.append(
            (
                f"{share}% end at or below",
                money(dollars(distribution.percentile(share / 100), stake), signed=True, cents=True),
            )
        )
    if ruin is not None:
        rows.append((f"Broke within {hands:,} hands", f"{100 * ruin[0]:.2f}%"))
        rows.append(("Broke playing forever", "certain" if ruin[1] >= 1 and ev <= 0 else f"{100 * ruin[1]:.2f}%"))
    for what, value in rows:
        table.add_row(what, value)
    picture = Text("\n".join(picture_lines(distribution, stake, money_in)))
    notes = Text(
        "Every hand independent, at the whole game's exact rates; each chance within 1e-12. Broke: less than one "
        "bet left. The picture leaves out the last 0.1% at each end (paigow session --csv lists every net).",
        style="dim",
    )
    return Group(title, fitted(table), picture, notes)


def session_svg(
    question: Any, result: EdgeResult, distribution: SessionDistribution, stake: Decimal, money_in: Decimal | None
) -> str:
    from paigow_cli.cli.plots import svg_histogram

    heights, first, per_bar = picture_bins(distribution)
    marks = picture_marks(distribution, stake, money_in, heights, first, per_bar)
    rules = question.rules
    title = f"{distribution.hands:,} hands of {money(stake)}: {game_text(rules)}, {rules.house_way} dealer, {player_name(question, result)} player"
    ahead, even, behind = distribution.chances()
    caption = (
        f"Net at the end. Ahead {100 * ahead:.1f}%, even {100 * even:.1f}%, behind {100 * behind:.1f}% (paigow session)"
    )
    return svg_histogram(heights, title, marks, caption)
