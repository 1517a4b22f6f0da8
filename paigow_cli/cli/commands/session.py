"""``paigow session``: the money of a session of hands, from the exact per-hand counts: the
distribution of the net, the chance to be ahead, percentiles, and the risk of ruin."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.commands.edge import edge_question
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
    SideBetName,
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

    from paigow_cli.analysis.joint import JointCounts
    from paigow_cli.analysis.question import Question
    from paigow_cli.analysis.results import EdgeResult
    from paigow_cli.analysis.session import SessionDistribution
    from paigow_cli.analysis.side_bets import PayTable
    from paigow_cli.analysis.spread import Payouts

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
    side_bet: Annotated[
        SideBetName | None,
        typer.Option(
            "--side-bet",
            metavar="NAME",
            help="Add a side bet on every hand, counted with the main bet exactly: fortune or emperors-challenge "
            "(on your seven cards), queens-dragon (with --game ez) or tiger-9 (with --game commission-free).",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
    side_stake: Annotated[
        str | None,
        typer.Option(
            "--side-stake", metavar="AMOUNT", help="The side bet on every hand (default: 5).", show_default=False
        ),
    ] = None,
    pays: Annotated[
        str | None,
        typer.Option(
            "--pays",
            metavar="LINE=PAYS,...",
            help="Override the side bet's payouts (to 1), as paigow bonus --pays: e.g. five-aces=250.",
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
    the session (dynamic programming over the bankroll) and playing forever. With --side-bet, every
    hand carries the side bet too, counted with the main bet exactly (their results are not
    independent: a hand that pays the side bet wins the main bet more often). The first question
    about a dealer counts the whole game once (about a minute on two cores; a side bet on your
    cards keeps the dealer's strategy table, about 200 MB); then it is instant.

    Examples:

    $ paigow session --hands 200 --bet 25 --bankroll 500
    $ paigow session --hands 100 --bet 10 --player best --game ez
    $ paigow session --hands 200 --bet 25 --side-bet fortune --side-stake 5
    $ paigow session --hands 300 --banker --bankroll 1000 --svg session.svg
    $ paigow session --hands 10000 --json | jq .session.ahead
    $ paigow session --hands 50 --csv > session.csv
    """
    from paigow_cli.analysis.side_bets import PAY_TABLES, with_pays

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
        pay_table = None
        side = None
        if side_bet is None:
            for given, flag in ((side_stake, "--side-stake"), (pays, "--pays")):
                if given is not None:
                    raise OptionError(f"{flag} is for a side bet: name it with --side-bet (e.g. --side-bet fortune)")
        else:
            pay_table = PAY_TABLES[side_bet.value]
            pay_table = with_pays(pay_table, pays) if pays is not None else pay_table
            side = parse_amount(side_stake or DEFAULT_SIDE_STAKE, "side_stake", True, MAX_BET)
            check_side_bet_game(pay_table, game)
        if money_in is not None and money_in < stake + (side or 0):
            raise OptionError(
                f"--bankroll {money(money_in)} is less than one hand's bets ({money(stake + (side or 0), cents=True)}): "
                "bring at least that"
            )
        if svg is not None:
            check_folder(svg, "--svg")
    choice, strategy = player_strategy(player, game, banker)
    question = edge_question(house_way, game, banker, wheel, commission, dead, strategy)
    from paigow_cli.analysis.joint import checked_joint, every_joint_result
    from paigow_cli.analysis.results import edge_result
    from paigow_cli.analysis.session import ruin_long_run, ruin_within, session_distribution

    if pay_table is not None and side is not None and not question.dead:
        with reporting_errors():  # before counting: in a full deck the side bet can pay every line
            check_lattice(every_joint_result(pay_table, question, Fraction(side) / Fraction(stake)), hands, True)
    table = None
    if pay_table is not None and pay_table.on == "player":
        table = strategy_table_once(question, jobs, scheduler)  # its pass answers the main bet too
    with reporting_errors():
        result = edge_result(question, whole_game(question, jobs, scheduler), choice)
        payouts = result.payouts
        side_bet_counts = None
        if pay_table is not None and side is not None:
            joint = checked_joint(question, result, pay_table, choice, table)
            side_bet_counts = SideBet(pay_table, side, joint)
            payouts = joint.payouts(1 - result.commission, Fraction(side) / Fraction(stake))
        check_lattice(payouts, hands, side_bet_counts is not None)
        distribution = session_distribution(payouts, hands)
        ruin = None
        if money_in is not None:
            rolls = Fraction(money_in) / Fraction(stake)
            cost = Fraction(stake + (side or 0)) / Fraction(stake)
            with progress_bar(f"Ruin over {hands:,} hands") as progress:
                within = ruin_within(payouts, hands, rolls, progress if hands >= 20_000 else None, cost)
            ruin = (within, ruin_long_run(payouts, rolls, cost))
    session = Session(question, result, side_bet_counts, payouts, distribution, stake, money_in, ruin)
    if svg is not None:
        with reporting_errors():
            write_file(svg, session_svg(session), "--svg")
    if as_csv:
        typer.echo(session_csv(distribution, stake), nl=False)
        return
    Output(as_json, batch=False).emit(session_json(session), lambda: session_text(session))


DEFAULT_SIDE_STAKE = "5"


@dataclass(frozen=True)
class SideBet:
    """A side bet on every hand: its pay table, the amount and its joint counts with the main bet."""

    table: PayTable
    stake: Decimal
    joint: JointCounts

    @property
    def method(self) -> str:
        if self.table.on == "dealer":
            return "joint counts: every deal the side bet pays on pushes the main bet"
        return "joint counts: the strategy table's classes by paid line, royal-match hands one by one"


@dataclass(frozen=True)
class Session:
    """What a session command found: the question, the main bet's result, the side bet if any,
    one hand's money (in main bets), the net's distribution, and the risk of ruin if asked."""

    question: Question
    result: EdgeResult
    side: SideBet | None
    payouts: Payouts
    distribution: SessionDistribution
    stake: Decimal
    money_in: Decimal | None
    ruin: tuple[float, float | None] | None

    @property
    def action(self) -> Decimal:
        """Money bet on one hand."""
        return self.stake + (self.side.stake if self.side else 0)


def check_side_bet_game(pay_table: PayTable, game: Game) -> None:
    """A side bet on the dealer's hand is counted in the game it is dealt with, where the hands it
    pays on push every main bet (that makes the joint counts exact)."""
    from paigow_cli.analysis.joint import DEALER_SIDE_GAMES
    from paigow_cli.core.games import PUSH_TEXT

    wanted = DEALER_SIDE_GAMES.get(pay_table.name)
    if wanted is not None and game is not wanted:
        raise OptionError(
            f"--side-bet {pay_table.name} pays on the dealer's hand and is dealt with --game {wanted.value}, where "
            f"{PUSH_TEXT[wanted]}, so the two bets count together exactly; give --game {wanted.value}"
        )


def strategy_table_once(question: Question, jobs: int | None, scheduler: str | None) -> Any:
    """The dealer question's strategy table, cached or counted (its pass answers every strategy)."""
    from paigow_cli.cli.counting import count_sets

    tables, _ = count_sets([[question.dealer]], jobs, scheduler, "questions", tables=True)
    return tables[0][0]


def check_lattice(payouts: Payouts, hands: int, side: bool) -> None:
    """Refuse a session whose exact distribution would not fit in memory and seconds."""
    from paigow_cli.analysis.session import MAX_POINTS, Step, lattice_size, most_hands

    size = lattice_size(payouts, hands)
    if size > MAX_POINTS:
        step = Step.of(payouts)
        low, high = payouts.counts[0][0], payouts.counts[-1][0]
        why = f" (from {float(low):+,.2f} to {float(high):+,.2f} bets with the side bet)" if side else ""
        raise OptionError(
            f"--hands {hands:,} makes the exact distribution {size:,} points of 1/{step.scale} bet, more than "
            f"{MAX_POINTS:,}: one hand spans {step.width:,} of them{why}; give --hands {most_hands(payouts):,} or fewer"
        )


def dollars(bets: Fraction, stake: Decimal) -> Decimal:
    """A net in bets as money (to the cent)."""
    return (Decimal(bets.numerator) * stake / Decimal(bets.denominator)).quantize(Decimal("0.01"))


def session_json(session: Session) -> dict[str, Any]:
    from paigow_cli.analysis.session import PRECISION
    from paigow_cli.analysis.spread import spread_json

    question, result, distribution, stake = session.question, session.result, session.distribution, session.stake
    hands = distribution.hands
    main = result.payouts
    ev = main.mean
    whole = session.payouts.mean  # in main bets, the side bet's part too
    ahead, even, behind = distribution.chances()
    document: dict[str, Any] = {
        **question_json(question.rules, player=player_name(question, result), dead=question.dead),
        "hands": hands,
        "bet": float(stake),
        "bankroll": None if session.money_in is None else float(session.money_in),
        "per_hand": {
            "win": result.rate(result.wins),
            "push": result.rate(result.pushes),
            "lose": result.rate(result.losses),
            "ev": float(ev),
            "ev_fraction": f"{ev.numerator}/{ev.denominator}",
            **spread_json(main),
        },
        "side_bet": None if session.side is None else side_bet_json(session.side, stake, session.payouts),
        "session": {
            "expected": float(dollars(whole * hands, stake)),
            "expected_fraction_of_action": float(whole * Fraction(stake) / Fraction(session.action)),
            "sd": session.payouts.sd * hands**0.5 * float(stake),
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
    if session.ruin is not None:
        within, long_run = session.ruin
        document["ruin"] = {
            "within_session": within,
            "long_run": long_run,
            "method": "dynamic programming over the bankroll; long run: " + long_run_method(session),
        }
    return document


def long_run_method(session: Session) -> str:
    from paigow_cli.analysis.session import MAX_ROOTS

    if session.payouts.mean <= 0:
        return "certain, the bet loses on average"
    if session.ruin is not None and session.ruin[1] is None:
        return f"not computed: one hand spans more than {MAX_ROOTS:,} lattice points"
    return "the roots of the step's characteristic polynomial"


def side_bet_json(side: SideBet, stake: Decimal, payouts: Payouts) -> dict[str, Any]:
    """The side bet per unit side bet, and one hand's money with both bets, per main bet."""
    from paigow_cli.analysis.spread import spread_json

    alone = side.joint.side_payouts()
    counts = side.joint.side()
    total = sum(counts.values())
    whole = payouts.mean
    return {
        "table": side.table.name,
        "title": side.table.title,
        "stake": float(side.stake),
        "pays": {line.slug: float(pays) for line, pays in side.table.lines},
        "lines": {("loses" if line is None else line.slug): count / total for line, count in counts.items()},
        "ev": float(alone.mean),
        "ev_fraction": f"{alone.mean.numerator}/{alone.mean.denominator}",
        **spread_json(alone),
        "hand": {"ev": float(whole), "ev_fraction": f"{whole.numerator}/{whole.denominator}", **spread_json(payouts)},
        "method": side.method,
    }


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


def picture_lines(
    distribution: SessionDistribution, stake: Decimal, money_in: Decimal | None, action: Decimal
) -> list[str]:
    """The distribution in the terminal, ``COLUMNS`` wide (a bar may take two columns): bars, an
    axis with ticks at the ends, at even and at ruin, and their labels."""
    from paigow_cli.cli.plots import axis, histogram, labels
    from paigow_cli.cli.terminal import SETTINGS

    heights, first, per_bar = distribution.bars(COLUMNS, SHOWN)
    width = COLUMNS if len(heights) <= COLUMNS else len(heights)
    columns = [heights[column * len(heights) // width] for column in range(width)]
    ascii_only = SETTINGS.ascii_only
    bars = histogram(columns, rows=ROWS, ascii_only=ascii_only)

    bars_wide = len(heights)
    marks: dict[int, str] = {}
    for position, text in picture_marks(distribution, stake, money_in, heights, first, per_bar, action).items():
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
    action: Decimal,
) -> dict[float, str]:
    """The picture's labelled places, in bars from its left edge: its two ends (in money), even,
    and where the bankroll is broke (less than a hand's ``action`` left), when
    they fall inside it."""
    low, high = distribution.net(first), distribution.net(first + len(heights) * per_bar - 1)

    def position(net: Fraction) -> float:
        return (distribution.index_of(net) - first) / per_bar

    marks = {
        0.0: money(dollars(low, stake), signed=True),
        float(len(heights)): money(dollars(high, stake), signed=True),
    }
    if low < 0 < high:
        marks[position(Fraction(0))] = "even"
    if money_in is not None and low < broke_line(stake, money_in, action):
        marks[position(broke_line(stake, money_in, action))] = "broke"
    return marks


def broke_line(stake: Decimal, money_in: Decimal, action: Decimal) -> Fraction:
    """The net (bets) below which less than a hand's ``action`` is left."""
    return (Fraction(action) - Fraction(money_in)) / Fraction(stake)


def session_text(session: Session) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    question, result, distribution, stake = session.question, session.result, session.distribution, session.stake
    money_in, ruin, side = session.money_in, session.ruin, session.side
    rules = question.rules
    hands = distribution.hands
    payouts = session.payouts
    ev = payouts.mean
    who = {"house": "the house way", "best": "the best EV setting", BEST_WAY: "the best suit-blind way"}.get(
        result.player, f"the {result.player} house way"
    )
    title = Text(
        f"{hands:,} hands of {money(stake)} in the {game_text(rules)} against the {rules.house_way} dealer",
        style="bold",
    )
    title.append(f"\nThe player sets by {who}" + (f"; bankroll {money(money_in)}" if money_in is not None else ""))
    if side is not None:
        title.append(f"\nSide bet: {side.table.title}, {money(side.stake, cents=True)} a hand")
    ahead, even, behind = distribution.chances()
    table = data_table()
    table.show_header = False
    table.add_column("")
    table.add_column("", justify="right")
    sd = payouts.sd * hands**0.5
    share = ev * Fraction(stake) / Fraction(session.action)
    rows = [
        (
            "Expected result",
            f"{money(dollars(ev * hands, stake), signed=True, cents=True)} ({100 * float(share):+.3f}% of "
            f"{money(session.action * hands)} bet)",
        ),
        (
            "Standard deviation",
            f"{money(Decimal(repr(sd)) * stake, cents=True)} ({sd:.2f} bets; {payouts.sd:.4f} a hand)",
        ),
    ]
    if side is not None:
        alone = side.joint.side_payouts()
        counts = side.joint.side()
        paid = 1 - counts.get(None, 0) / sum(counts.values())
        rows.append(("Side bet alone", f"{100 * float(alone.mean):+.3f}% of it, paid {100 * paid:.2f}% of hands"))
    rows += [
        ("Ahead at the end", f"{100 * ahead:.2f}%"),
        ("Even", f"{100 * even:.2f}%"),
        ("Behind", f"{100 * behind:.2f}%"),
    ]
    for part in (5, 25, 50, 75, 95):
        rows.append(
            (
                f"{part}% end at or below",
                money(dollars(distribution.percentile(part / 100), stake), signed=True, cents=True),
            )
        )
    if ruin is not None:
        within, long_run = ruin
        rows.append((f"Broke within {hands:,} hands", f"{100 * within:.2f}%"))
        if long_run is None:
            forever = "not computed"
        else:
            forever = "certain" if long_run >= 1 and ev <= 0 else f"{100 * long_run:.2f}%"
        rows.append(("Broke playing forever", forever))
    for what, value in rows:
        table.add_row(what, value)
    picture = Text("\n".join(picture_lines(distribution, stake, money_in, session.action)))
    together = " The side bet is counted with the main bet exactly (their joint counts)." if side else ""
    notes = Text(
        "Every hand independent, at the whole game's exact rates; each chance within 1e-12. Broke: less than "
        + ("one hand's bets" if side else "one bet")
        + " left. The picture leaves out the last 0.1% at each end (paigow session --csv lists every net)."
        + together,
        style="dim",
    )
    return Group(title, fitted(table), picture, notes)


def session_svg(session: Session) -> str:
    from paigow_cli.cli.plots import svg_histogram

    distribution, stake = session.distribution, session.stake
    heights, first, per_bar = distribution.bars(COLUMNS, SHOWN)
    marks = picture_marks(distribution, stake, session.money_in, heights, first, per_bar, session.action)
    rules = session.question.rules
    side = f" + {money(session.side.stake)} {session.side.table.name}" if session.side else ""
    title = (
        f"{distribution.hands:,} hands of {money(stake)}{side}: {game_text(rules)}, {rules.house_way} dealer, "
        f"{player_name(session.question, session.result)} player"
    )
    ahead, even, behind = distribution.chances()
    caption = (
        f"Net at the end. Ahead {100 * ahead:.1f}%, even {100 * even:.1f}%, behind {100 * behind:.1f}% (paigow session)"
    )
    return svg_histogram(heights, title, marks, caption)
