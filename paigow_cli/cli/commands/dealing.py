"""``paigow deal`` and ``paigow simulate``: random hands, and the house edge measured over many rounds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import player_settings
from paigow_cli.cli.exits import (
    INTERRUPTED,
    INTERRUPTION,
    ExitCode,
    reporting_errors,
)
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    GameOption,
    HouseWayOption,
    JsonOption,
    SeedOption,
    StrategyOption,
    WheelOption,
    choose_seed,
    make_rules,
    option_cards,
    player_strategy,
)
from paigow_cli.cli.output import (
    QUIET_SECONDS,
    Output,
    card_list,
    cards_markup,
    check_folder,
    json_text,
    note,
    progress_bar,
    write_file,
)
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views.common import (
    plural,
    question_json,
)
from paigow_cli.core.cards import Card, sort_cards
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Rules, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.study.simulation import SimulationResult

app = typer.Typer()


@app.command("deal")
def deal_command(
    count: Annotated[
        int, typer.Option("--count", "-n", "--hands", metavar="N", help="How many hands to deal.", min=1)
    ] = 1,
    seed: SeedOption = None,
    with_dealer: Annotated[
        bool, typer.Option("--dealer", help="Also deal the dealer's seven cards from the same deck.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Deal random seven-card hands, one per line, from a freshly shuffled 53-card deck each time.

    Examples:

    $ paigow deal --count 5 --seed 7
    $ paigow deal --count 100 | paigow advise - --json
    $ paigow deal --dealer --json
    """
    from paigow_cli.core.cards import cards_text
    from paigow_cli.study.dealing import deal_rounds

    for player, dealer in deal_rounds(choose_seed(seed), count):
        player, dealer = sort_cards(player), sort_cards(dealer)
        if as_json:
            document: dict[str, Any] = {"hand": card_list(player)}
            if with_dealer:
                document["dealer"] = card_list(dealer)

            typer.echo(json_text(document, pretty=False))
        else:
            typer.echo(cards_text(player) + (f"  |  {cards_text(dealer)}" if with_dealer else ""))


MAX_ROUNDS = 1_000_000_000  # one run's rounds: beyond it the estimate gains nothing a person waits for


@app.command("simulate")
def simulate_command(
    hands: Annotated[
        int, typer.Option("--hands", "--count", "-n", metavar="N", help="How many rounds to deal.", min=1)
    ] = 100_000,
    seed: SeedOption = None,
    player: StrategyOption = "house",
    hand: Annotated[
        str | None,
        typer.Option("--hand", metavar="CARDS", help="Keep the player's seven cards fixed; deal only the dealer."),
    ] = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    as_json: JsonOption = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg", metavar="FILE", help="Also draw the running result as an SVG picture in FILE.", dir_okay=False
        ),
    ] = None,
) -> None:
    """Deal many rounds, set both hands, settle them, and measure the house edge.

    Reports win, push and lose rates, copies, the player's EV per unit and the house edge with
    its standard error and 95% interval. Ctrl-C stops early and still reports. With --player best
    (in Face Up: against the dealer's hand as shown) or another house way, also the paired gain
    of the player's setting over the dealer's house way's on the same hands. A picture shows the
    running result, in bets, round by round (--svg FILE draws it for a report).

    Examples:

    $ paigow simulate --hands 1000000 --seed 1
    $ paigow simulate --hands 2000 --player best --seed 1
    $ paigow simulate --player trump-plaza --house-way foxwoods --seed 1
    $ paigow simulate --hands 100000 --hand "AS KD JK 9H 9C 4D 2S" --json
    $ paigow simulate --hands 1000000 --game commission-free --banker --seed 1
    $ paigow simulate --hands 5000 --seed 2 --svg running.svg
    """
    from paigow_cli.study.simulation import Simulation, summarize

    rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
    choice, strategy = player_strategy(player, game, banker=banker)
    who = strategy or choice  # the name the output gives the player
    chosen_seed = choose_seed(seed)
    with reporting_errors():
        if hands > MAX_ROUNDS:
            raise OptionError(
                f"--hands {hands:,} is more rounds than one run deals: at most {MAX_ROUNDS:,} (about half an hour "
                "at the house way's 500,000 rounds a second, the house edge then within 0.01%); for more, run "
                "again with another --seed"
            )
        if svg is not None:
            check_folder(svg, "--svg")
        fixed = option_cards(hand, "the player's hand (--hand)", (7,))
        table = dealer_table(rules)
        strategy_table = None if strategy is None else player_settings(rules, strategy)
        simulation = Simulation(table, rules, chosen_seed, player=choice, hand=fixed, strategy=strategy_table)
        simulation.tally.trace_every = max(1, hands // TRACE_POINTS)
        stopped = False
        plain = f"simulating {hands:,} rounds (a progress line every 10 s; Ctrl-C reports the rounds played)"
        with progress_bar(f"Simulating {hands:,} rounds", plain, quiet_for=QUIET_SECONDS) as progress:
            try:
                if progress:
                    progress(0, hands)
                for done in simulation.run(hands):
                    if progress:
                        progress(done, hands)
            except KeyboardInterrupt:
                stopped = True
        if stopped:
            INTERRUPTION.reported = True
            note(f"interrupted at {simulation.tally.rounds:,} of {hands:,} rounds; the figures are for those")
        if simulation.tally.rounds == 0:
            raise typer.Exit(INTERRUPTED if stopped else ExitCode.FAILURE)
        result = summarize(simulation.tally, rules.commission)
    running = running_net(simulation.tally, rules.commission)
    if svg is not None and len(running) >= 2:
        with reporting_errors():
            write_file(svg, running_svg(running, simulation.tally.rounds, rules, who), "--svg")
    elif svg is not None:
        note(f"--svg {svg}: one round draws no line; nothing written")
    document = simulation_json(result, rules, chosen_seed, who, fixed, stopped)
    document["running_every"] = simulation.tally.trace_every
    document["running_net"] = running

    def view() -> RenderableType:
        from rich.console import Group
        from rich.text import Text

        text = simulation_text(result, rules, chosen_seed, who, fixed, stopped)
        picture = running_lines(running, simulation.tally.rounds)
        return Group(text, Text("\n".join(picture))) if picture else text

    Output(as_json, batch=False).emit(document, view)
    if stopped:
        raise typer.Exit(INTERRUPTED)


def simulation_json(
    result: SimulationResult,
    rules: Rules,
    seed: int,
    player: str,
    hand: Sequence[Card] | None,
    interrupted: bool = False,
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "deals": result.rounds,
        "hands": result.rounds,  # the old name of "deals", kept for this release only (0.3 drops it)
        "interrupted": interrupted,
        "win": result.win,
        "push": result.push,
        "lose": result.lose,
        "copy_high": result.copy_high,
        "copy_low": result.copy_low,
        "fouls": result.fouls,
        "ev": result.ev,
        "house_edge": result.house_edge,
        "stderr": result.stderr,
        "interval": None if result.interval is None else list(result.interval),
        "seed": seed,
        **question_json(rules, player=rules.house_way if player == "house" else player),
    }
    if hand is not None:
        document["hand"] = card_list(sort_cards(hand))
    if result.difference is not None:
        document["gain_over_house_way"] = result.difference
        document["gain_stderr"] = result.difference_stderr
    return document


def simulation_text(
    result: SimulationResult,
    rules: Rules,
    seed: int,
    player: str,
    hand: Sequence[Card] | None,
    interrupted: bool = False,
) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    who = {"house": "the house way", "best": "the best EV setting", BEST_WAY: "the best suit-blind way"}.get(
        player, f"the {player} house way"
    )
    if player == "best" and rules.game is Game.FACE_UP:
        who = "the best setting against the dealer's shown hand"
    title = Text(
        f"{plural(result.rounds, 'round')} of the {game_text(rules)} against the {rules.house_way} dealer", style="bold"
    )
    title.append(f"\nPlayer setting by {who}; seed {seed}" + ("; interrupted" if interrupted else ""))
    if hand is not None:
        title.append("\nPlayer's hand fixed: ")
        title.append_text(cards_markup(sort_cards(hand)))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, show_header=False)
    table.add_column("What")
    table.add_column("Value", justify="right")
    rows = [
        ("Win", f"{100 * result.win:.3f}%"),
        ("Push", f"{100 * result.push:.3f}%"),
        ("Lose", f"{100 * result.lose:.3f}%"),
        ("Copies, high hand", f"{100 * result.copy_high:.3f}%"),
        ("Copies, low hand", f"{100 * result.copy_low:.3f}%"),
        ("Fouls", f"{result.fouls:,}"),
        ("Player EV per unit", f"{result.ev:+.5f}"),
        ("House edge", f"{100 * result.house_edge:.3f}%" + spread(result.stderr)),
        (
            "95% interval",
            "needs two rounds or more"
            if result.interval is None
            else f"{100 * result.interval[0]:.3f}% to {100 * result.interval[1]:.3f}%",
        ),
    ]
    if result.difference is not None:
        gain = f"{result.difference:+.5f}" + spread(result.difference_stderr, percent=False)
        rows.append(("Gain over the house way's setting", gain))
    for what, value in rows:
        table.add_row(what, value)
    return Group(title, table)


TRACE_POINTS = 600  # the running result is kept at about this many rounds (JSON, the pictures)
MIN_PICTURE = 10  # fewer traced rounds than this draw no picture


def running_net(tally: Any, commission: float) -> list[float]:
    """The player's running net in bets at each traced round (a win pays 1 less the commission)."""
    pays = 1 - commission
    return [round(wins * pays - losses, 6) for wins, losses in tally.trace]


def running_lines(running: Sequence[float], rounds: int) -> list[str]:
    """The running result in the terminal over ``rounds`` rounds: a line ``plots.line_chart``
    draws, 60 columns wide (each column the net at the last traced round it covers), labelled at
    its top and bottom; nothing for fewer than ``MIN_PICTURE`` traced points."""
    from paigow_cli.cli.terminal import SETTINGS
    from paigow_cli.cli.views.plots import labels, line_chart

    if len(running) < MIN_PICTURE:
        return []
    width = min(60, len(running))
    columns = [running[(column + 1) * len(running) // width - 1] for column in range(width)]
    chart = line_chart(columns, rows=8, ascii_only=SETTINGS.ascii_only)
    low, high = min(min(columns), 0.0), max(max(columns), 0.0)
    margin = 9
    names = [f"{high + 0.0:+,.0f}", *[""] * (len(chart) - 2), f"{low + 0.0:+,.0f}"]
    lines = [f"{name:>{margin - 1}} {row}".rstrip() for name, row in zip(names, chart)]
    lines.append(" " * margin + labels(width, {0: "round 1", width - 1: f"{rounds:,}"}))
    return ["Running result, in bets:", *lines]


def running_svg(running: Sequence[float], rounds: int, rules: Rules, player: str) -> str:
    from paigow_cli.cli.views.plots import svg_line

    title = f"{rounds:,} simulated rounds: {game_text(rules)}, {rules.house_way} dealer, {player} player"
    marks = {0.0: "round 1", float(len(running) - 1): f"{rounds:,}"}
    return svg_line(running, title, marks, "The player's running net, in bets (paigow simulate)", "{:+,.0f}")


def spread(stderr: float | None, percent: bool = True) -> str:
    """`` ± `` and a standard error, or nothing when one round cannot give one.

    >>> spread(0.00238), spread(None), spread(0.01, percent=False)
    (' ± 0.238%', '', ' ± 0.01000')
    """
    if stderr is None:
        return ""
    return f" ± {100 * stderr:.3f}%" if percent else f" ± {stderr:.5f}"
