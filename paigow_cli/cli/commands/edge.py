"""``paigow edge``: the whole game counted exactly, for a question or all 56 at once (its renderers:
``cli.edge_views``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import count_sets, whole_game
from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    FeeBetOption,
    FeeOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    StrategyOption,
    WheelOption,
    dead_option,
    fee_option,
    make_rules,
    player_strategy,
)
from paigow_cli.cli.output import (
    Output,
)
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views.edge import edge_all_json, edge_all_text, edge_csv, edge_json, edge_text
from paigow_cli.core.errors import (
    OptionError,
)
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence


app = typer.Typer()


MAX_EDGE_DEAD = 53 - 14  # the player and the dealer need seven live cards each


SIMULATED_ROUNDS = 100_000  # what a quick simulation would say, shown beside the exact figures


def edge_question(
    house_way: str,
    game: Game,
    banker: bool,
    wheel: Wheel,
    commission: float | None,
    dead: str | None,
    strategy: str | None = None,
) -> Any:
    from paigow_cli.analysis.game.question import Question

    rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
    with reporting_errors():
        dead_cards = dead_option(dead, MAX_EDGE_DEAD)
        return Question(rules, tuple(dead_cards), strategy)


AllOption = Annotated[
    bool,
    typer.Option(
        "--all",
        help="Every shipped house way x every game x both sides of the bank (56 questions, both players): "
        "one table, one progress bar.",
    ),
]
CsvOption = Annotated[
    bool, typer.Option("--csv", help="With --all: print CSV, one row per question, for a spreadsheet.")
]
ALL_FIXES = ("player", "house_way", "game", "banker", "commission")  # what --all runs through itself


@app.command("edge")
def edge_command(
    ctx: typer.Context,
    player: StrategyOption = "house",
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    fee: FeeOption = None,
    bet: FeeBetOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
    every: AllOption = False,
    as_csv: CsvOption = False,
) -> None:
    """The whole game, exactly: every player hand against every dealer hand, and the house edge.

    Exact integer counts over all C(53,7) x C(46,7) = 8,250,459,031,214,400 deals (fewer with
    --dead): wins, pushes, losses, copies, the EV per unit as a fraction and the house edge. The
    player sets every hand by the house way, or by its best EV (ties: the stronger setting, as in
    advise; in Face Up, the best setting against each dealer hand as shown). One pass answers both
    players and paigow mistakes; it takes about 2.1 CPU-minutes for a full deck (about a minute on
    two cores; Face Up a tenth more), shows its progress, keeps finished chunks if you stop it (the
    same command resumes) and caches the answer, so asking again is instant. Another strategy
    (--player NAME, FILE.py or best-way: the best a house way could be) is read from the dealer's
    strategy table, counted once by the same pass, then instant. --all answers every shipped house
    way, game and side of the bank, a house way's eight at once.

    Examples:

    $ paigow edge
    $ paigow edge --player best --house-way trump-plaza
    $ paigow edge --player trump-plaza --house-way foxwoods
    $ paigow edge --player best-way
    $ paigow edge --game ez --banker --json | jq .house_edge
    $ paigow edge --fee 1 --bet 25
    $ paigow edge --dead "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C"
    $ paigow edge --all --csv > house-edges.csv
    """
    import time

    from paigow_cli.analysis.money.results import edge_result

    if every or as_csv:
        check_all_options(ctx, every, as_json, as_csv)
        edge_all(wheel, dead, jobs, scheduler, as_json, as_csv)
        return
    choice, strategy = player_strategy(player, game, banker=banker)
    with reporting_errors():
        charge = fee_option(fee, bet)
    if fee is not None and commission is None and game is Game.CLASSIC:
        commission = 0.0  # the fee replaces the commission unless both are asked for
    question = edge_question(house_way, game, banker, wheel, commission, dead, strategy)
    started = time.monotonic()
    with reporting_errors():
        from paigow_cli.analysis.game.passes import Writes
        from paigow_cli.analysis.strategy.answers import work_of

        fresh = bool(work_of([question])[0])
        writes = Writes()
        tally = whole_game(question, jobs=jobs, scheduler=scheduler, writes=writes)
    seconds = time.monotonic() - started if fresh else None
    cached = not writes.answers_lost
    result = edge_result(question, tally, choice).charged(charge[0])
    if strategy is not None:  # the dealer's own way, beside: from the same strategy table, at once
        with reporting_errors():
            own = edge_result(question.dealer, whole_game(question.dealer, jobs=jobs, scheduler=scheduler), "house")
    else:
        own = edge_result(question, tally, "house")
    own = own.charged(charge[0])
    if as_json:
        Output(True, batch=False).emit(edge_json(question, result, own, charge), lambda: None)
        return
    simulated = None
    if not question.dead and choice == "house" and strategy is None:
        from paigow_cli.study.simulation import Simulation, summarize

        simulation = Simulation(dealer_table(question.rules), question.rules, 1, player="house")
        for _ in simulation.run(SIMULATED_ROUNDS):
            pass
        simulated = summarize(simulation.tally, question.rules.commission)
    if simulated is not None and charge[0]:
        simulated = replace(
            simulated, ev=simulated.ev - float(charge[0]), house_edge=simulated.house_edge + float(charge[0])
        )
    other = edge_result(question, tally, "best" if choice == "house" else "house").charged(charge[0])
    Output(False, batch=False).emit(
        None,
        lambda: edge_text(
            question, result, simulated, seconds, other, own if strategy else None, cached=cached, charge=charge
        ),
    )


def check_all_options(ctx: typer.Context, every: bool, as_json: bool, as_csv: bool) -> None:
    """--csv goes with --all, --all with neither --json and --csv together nor an option it runs through."""
    from typer._click.core import ParameterSource

    with reporting_errors():
        if not every:
            raise OptionError("--csv goes with --all (a single question prints a table or --json)")
        if as_json and as_csv:
            raise OptionError("choose --json (JSON Lines) or --csv, not both")
        for name in ALL_FIXES:
            if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE:
                flag = "--" + name.replace("_", "-")
                raise OptionError(
                    f"--all answers every house way, game and side of the bank for both players: drop {flag}"
                )


def all_questions(wheel: Wheel, dead: Sequence[Any]) -> list[list[Any]]:
    """The questions of ``edge --all``, one list per house way (answered together)."""
    from paigow_cli.analysis.game.question import Question

    return [
        [
            Question(make_rules(way.value, game, banker=banker, wheel=wheel, commission=None), tuple(dead))
            for game in Game
            for banker in (False, True)
        ]
        for way in HouseWayName
    ]


def edge_all(
    wheel: Wheel, dead: str | None, jobs: int | None, scheduler: str | None, as_json: bool, as_csv: bool
) -> None:
    """``edge --all``: every question's counts, computed (one bar over them all) or from the cache."""
    import time

    from paigow_cli.analysis.money.results import edge_result

    with reporting_errors():
        dead_cards = dead_option(dead, MAX_EDGE_DEAD)
    sets = all_questions(wheel, dead_cards)
    from paigow_cli.analysis.game.passes import Writes

    started = time.monotonic()
    writes = Writes()
    tallies, counted = count_sets(sets, jobs=jobs, scheduler=scheduler, writes=writes)
    seconds = time.monotonic() - started if counted else None
    rows = [
        (question, edge_result(question, tally, "house"), edge_result(question, tally, "best"))
        for questions, found in zip(sets, tallies)
        for question, tally in zip(questions, found)
    ]
    if as_csv:
        typer.echo(edge_csv(rows), nl=False)
        return
    output = Output(as_json, batch=True)
    if as_json:
        for question, house, best in rows:
            output.emit(edge_all_json(question, house, best), lambda: None)
        return
    Output(False, batch=False).emit(None, lambda: edge_all_text(rows, seconds, cached=not writes.answers_lost))
