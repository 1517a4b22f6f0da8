"""``paigow session``: the money of a session of hands, from the exact per-hand counts: the
distribution of the net, the chance to be ahead, percentiles, and the risk of ruin."""

from __future__ import annotations

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
from paigow_cli.cli.output import Output, check_folder, progress_bar, write_file
from paigow_cli.cli.views.session import Session, SideBet, session_csv, session_json, session_svg, session_text
from paigow_cli.core.errors import OptionError
from paigow_cli.core.money import MAX_BANKROLL, MAX_BET, money, parse_amount
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.pay_tables import PayTable
    from paigow_cli.analysis.money.spread import Payouts

app = typer.Typer()

MAX_SESSION_HANDS = 100_000  # the lattice and the ruin count stay bounded (seconds, not hours)


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
            help="Add a side bet on every hand, counted with the main bet exactly: fortune, emperors-challenge, "
            "mania-seven-card or face-up-progressive (on your seven cards), queens-dragon (with --game ez) or "
            "tiger-9 (with --game commission-free).",
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
        bool,
        typer.Option(
            "--csv",
            help="Print the distribution as CSV: one row per net of chance 1e-13 or more (the JSON's csv_left_out "
            "counts the rest and bounds their total).",
        ),
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
    from paigow_cli.analysis.money.pay_tables import PAY_TABLES, with_pays

    with reporting_errors():
        if as_json and as_csv:
            raise OptionError("--json and --csv are two formats: give one")
        if not 1 <= hands <= MAX_SESSION_HANDS:
            raise OptionError(
                f"--hands {hands:,} is out of range: give 1 to {MAX_SESSION_HANDS:,} (about 2,500 hours of play; "
                "the distribution and the ruin count stay within seconds)"
            )
        stake = parse_amount(bet, "bet", positive=True, most=MAX_BET)
        money_in = None if bankroll is None else parse_amount(bankroll, "bankroll", positive=True, most=MAX_BANKROLL)
        pay_table = None
        side = None
        if side_bet is None:
            for given, flag in ((side_stake, "--side-stake"), (pays, "--pays")):
                if given is not None:
                    raise OptionError(f"{flag} is for a side bet: name it with --side-bet (e.g. --side-bet fortune)")
        else:
            pay_table = PAY_TABLES[side_bet.value]
            pay_table = with_pays(pay_table, pays) if pays is not None else pay_table
            side = parse_amount(side_stake or DEFAULT_SIDE_STAKE, "side_stake", positive=True, most=MAX_BET)
            check_side_bet_game(pay_table, game)
        if money_in is not None and money_in < stake + (side or 0):
            raise OptionError(
                f"--bankroll {money(money_in)} is less than one hand's bets ({money(stake + (side or 0), cents=True)}): "
                "bring at least that"
            )
        if svg is not None:
            check_folder(svg, "--svg")
    choice, strategy = player_strategy(player, game, banker=banker)
    question = edge_question(house_way, game, banker, wheel, commission, dead, strategy)
    from paigow_cli.analysis.money.joint import checked_joint, every_joint_result
    from paigow_cli.analysis.money.results import edge_result
    from paigow_cli.analysis.money.session import ruin_long_run, ruin_within, session_distribution

    if pay_table is not None and side is not None and not question.dead:
        with reporting_errors():  # before counting: in a full deck the side bet can pay every line
            check_lattice(every_joint_result(pay_table, question, Fraction(side) / Fraction(stake)), hands, True)
    table = None
    if pay_table is not None and pay_table.on == "player":
        table = strategy_table_once(question, jobs, scheduler)  # its pass answers the main bet too
    with reporting_errors():
        result = edge_result(question, whole_game(question, jobs=jobs, scheduler=scheduler), choice)
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


def check_side_bet_game(pay_table: PayTable, game: Game) -> None:
    """A side bet on the dealer's hand is counted in the game it is dealt with, where the hands it
    pays on push every main bet (that makes the joint counts exact)."""
    from paigow_cli.analysis.money.joint import DEALER_SIDE_GAMES
    from paigow_cli.core.games import PUSH_TEXT

    if pay_table.joker.is_wild:
        raise OptionError(
            f"--side-bet {pay_table.name} is dealt in a game with a fully wild joker, and the main bet's counts "
            "here are for the bug (no house way for a wild joker is published), so the two are not counted "
            f"together: paigow bonus --odds --table {pay_table.name} prices it alone"
        )
    if pay_table.needs_settings:
        raise OptionError(
            f"--side-bet {pay_table.name} is paid on the hand as the player sets it to make the most of the side "
            "bet, which the main bet's counts (a strategy for the main bet) do not follow, so the two are not "
            f"counted together here: paigow bonus --odds --table {pay_table.name} prices it alone"
        )
    if pay_table.on == "player-three":
        raise OptionError(
            f"--side-bet {pay_table.name} pays on the first three cards dealt, which the whole game's counts do "
            "not follow, so it is not counted with the main bet here: paigow bonus --odds --table "
            f"{pay_table.name} prices it alone"
        )
    wanted = DEALER_SIDE_GAMES.get(pay_table.name)
    if pay_table.on == "dealer" and wanted is None:
        raise OptionError(
            f"--side-bet {pay_table.name} pays on the dealer's hand in a game where its hands do not push the main "
            f"bet, so the two are not counted together exactly here: paigow bonus --odds --table {pay_table.name} "
            "prices it alone"
        )
    if wanted is not None and game is not wanted:
        raise OptionError(
            f"--side-bet {pay_table.name} pays on the dealer's hand and is dealt with --game {wanted.value}, where "
            f"{PUSH_TEXT[wanted]}, so the two bets count together exactly; give --game {wanted.value}"
        )


def strategy_table_once(question: Question, jobs: int | None, scheduler: str | None) -> Any:
    """The dealer question's strategy table, cached or counted (its pass answers every strategy)."""
    from paigow_cli.cli.counting import count_tables

    tables, _ = count_tables([[question.dealer]], jobs=jobs, scheduler=scheduler)
    return tables[0][0]


def check_lattice(payouts: Payouts, hands: int, side: bool) -> None:
    """Refuse a session whose exact distribution would not fit in memory and seconds."""
    from paigow_cli.analysis.money.session import MAX_POINTS, Step, lattice_size, most_hands

    size = lattice_size(payouts, hands)
    if size > MAX_POINTS:
        step = Step.of(payouts)
        low, high = payouts.counts[0][0], payouts.counts[-1][0]
        why = f" (from {float(low):+,.2f} to {float(high):+,.2f} bets with the side bet)" if side else ""
        raise OptionError(
            f"--hands {hands:,} makes the exact distribution {size:,} points of 1/{step.scale} bet, more than "
            f"{MAX_POINTS:,}: one hand spans {step.width:,} of them{why}; give --hands {most_hands(payouts):,} or fewer"
        )
