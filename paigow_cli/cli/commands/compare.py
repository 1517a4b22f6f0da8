"""``paigow compare``: exact house edges of player strategies (rows) against dealers' house ways (columns)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import count_sets
from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    GameOption,
    JobsOption,
    SchedulerOption,
    WheelOption,
    complete_player,
    dead_option,
    make_rules,
    strategy_name,
)
from paigow_cli.cli.output import Output, cards_markup, data_table, fitted
from paigow_cli.cli.views.common import QUESTION_KEYS, question_json
from paigow_cli.cli.views.edge import player_json
from paigow_cli.core.cards import sort_cards
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.game.question import Question


app = typer.Typer()

BEST = "best"
UNPLAYABLE = (BEST, BEST_WAY)  # rows no casino's dealer could play: not starred


def strategy_names(players: Sequence[str] | None) -> list[str]:
    """The rows: best play, then every ``--player`` (house ways, plugins, best-way); without any,
    the best suit-blind way and every shipped house way."""
    names = [BEST]
    if not players:
        return [*names, BEST_WAY, *(way.value for way in HouseWayName)]
    for player in players:
        if player in ("best", "house"):
            raise OptionError(
                f"--player {player}: best play is always the first row; name the house ways to compare (or best-way)"
            )
        name = strategy_name(player)
        if name not in names:
            names.append(name)
    return names


def dealer_names(dealers: Sequence[str] | None) -> list[str]:
    """The columns: every shipped house way, or the ``--house-way`` ones."""
    from paigow_cli.house_ways import way_named

    if not dealers:
        return [way.value for way in HouseWayName]
    names: list[str] = []
    for dealer in dealers:
        name = way_named(dealer).name
        if name not in names:
            names.append(name)
    return names


@app.command("compare")
def compare_command(
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME|FILE.py",
            autocompletion=complete_player,
            help="A row: a house way, a plugin or best-way the player sets by (default: best-way and every "
            "shipped house way; best play is always the first row). Repeatable.",
        ),
    ] = None,
    house_way: Annotated[
        list[str] | None,
        typer.Option(
            "--house-way",
            metavar="NAME|FILE.py",
            help="A column: a dealer's house way (default: every shipped one). Repeatable.",
        ),
    ] = None,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON Lines, one object per cell.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV, one row per cell.")] = False,
) -> None:
    """Which house way to play at which casino: exact house edges, strategies against dealers.

    Each cell is the whole game counted exactly (as paigow edge, and from the same cache): the
    player sets every hand by the row's strategy (best play, best-way: the best strategy a house
    way could be, a shipped house way, or a plugin given with --player) against a dealer who sets
    by the column's house way. The best house way of each column is marked. A dealer's column is
    one pass over the deals (resumable, with one progress bar over the table) that keeps its
    strategy table, so a plugin added later is answered at once.

    Examples:

    $ paigow compare
    $ paigow compare --game ez --banker --csv > ez-banker.csv
    $ paigow compare --player my_way.py --house-way foxwoods --house-way ballys
    """
    from paigow_cli.analysis.game.question import Question

    with reporting_errors():
        if as_json and as_csv:
            raise OptionError("choose --json (JSON Lines) or --csv, not both")
        strategies = strategy_names(player)
        dealers = dealer_names(house_way)
        dead_cards = tuple(dead_option(dead, 53 - 14))
        columns = []
        for dealer in dealers:
            rules = make_rules(dealer, game, banker=banker, wheel=wheel, commission=commission)
            played = [Question(rules, dead_cards, strategy) for strategy in strategies if strategy != BEST]
            own = Question(rules, dead_cards)  # the dealer's own way: each cell's gain is over it
            columns.append([own, *(question for question in played if question != own)])
    tallies, _ = count_sets(columns, jobs=jobs, scheduler=scheduler, what="cells")
    cells = compare_cells(strategies, columns, tallies)
    if as_csv:
        typer.echo(compare_csv(cells), nl=False)
        return
    if as_json:
        output = Output(True, batch=True)
        for cell in cells:
            output.emit(cell_json(cell), lambda: None)
        return
    first = columns[0][0]
    Output(False, batch=False).emit(None, lambda: compare_text(first, strategies, dealers, cells))


def compare_cells(strategies: list[str], columns: list[list[Any]], tallies: list[list[Any]]) -> list[dict[str, Any]]:
    """One cell per (dealer, strategy): the question, its exact result and its gain over the
    dealer's own way (the column's first question), the column's best house way marked."""
    from paigow_cli.analysis.money.results import edge_result

    cells = []
    for questions, found in zip(columns, tallies):
        dealer = questions[0].rules.house_way
        own = edge_result(questions[0], found[0], "house")
        column: list[dict[str, Any]] = []
        for strategy in strategies:
            if strategy == BEST:
                question, tally, player = questions[0], found[0], "best"
            else:
                at = next(i for i, q in enumerate(questions) if (q.strategy or dealer) == strategy)
                question, tally, player = questions[at], found[at], "house"
            result = edge_result(question, tally, player)
            column.append(
                {
                    "dealer": dealer,
                    "strategy": strategy,
                    "question": question,
                    "result": result,
                    "gain": result.ev_fraction - own.ev_fraction,
                }
            )
        played = [cell for cell in column if cell["strategy"] not in UNPLAYABLE]
        lowest = min((cell["result"].house_edge for cell in played), default=None)
        for cell in column:
            cell["best_strategy"] = cell["strategy"] not in UNPLAYABLE and cell["result"].house_edge == lowest
        cells += column
    return cells


def cell_json(cell: dict[str, Any]) -> dict[str, Any]:
    """One cell: the question, the ``edge --json`` counts and rates, the gain over the dealer's own
    way (exact too) and whether it is the column's best house way."""
    question, result, gain = cell["question"], cell["result"], cell["gain"]
    return {
        **question_json(question.rules, QUESTION_KEYS, player=cell["strategy"], dead=question.dead),
        "deals": result.deals,
        **player_json(result),
        "gain_over_house_way": float(gain),
        "gain_fraction": f"{gain.numerator}/{gain.denominator}",
        "best_strategy": cell["best_strategy"],
    }


def compare_csv(cells: list[dict[str, Any]]) -> str:
    """A row per cell, its columns the JSON's keys (lists as space-separated cards)."""
    import csv
    import io

    from paigow_cli.cli.views.common import csv_value

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    rows = [cell_json(cell) for cell in cells]
    if rows:
        writer.writerow(list(rows[0]))
    for row in rows:
        writer.writerow([csv_value(value) for value in row.values()])
    return text.getvalue()


def header(name: str) -> str:
    """A column heading that fits a narrow column: one part of a hyphenated name a line."""
    return "-\n".join(name.split("-"))


def compare_text(
    question: Question, strategies: list[str], dealers: list[str], cells: list[dict[str, Any]]
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    title = Text(f"House edge (%) of the {game_text(rules)}, exactly: the player's strategy", style="bold")
    title.append(" (rows) against the dealer's house way (columns)")
    if question.dead:
        title.append("\nDead cards: ")
        title.append_text(cards_markup(sort_cards(question.dead)))
    table = data_table()
    table.add_column("Player \\ dealer")
    for dealer in dealers:
        table.add_column(header(dealer), justify="right")
    by_cell = {(cell["dealer"], cell["strategy"]): cell for cell in cells}
    for strategy in strategies:
        row = [{BEST: "best play", BEST_WAY: "best-way (suit-blind)"}.get(strategy, strategy)]
        for dealer in dealers:
            cell = by_cell[dealer, strategy]
            text = f"{100 * cell['result'].house_edge:.3f}"
            row.append(f"[bold]*{text}[/bold]" if cell["best_strategy"] else text)
        table.add_row(*row)
    gains = data_table()
    gains.add_column("Gain over the dealer's way")
    for dealer in dealers:
        gains.add_column(header(dealer), justify="right")
    for strategy in strategies:
        row = [{BEST: "best play", BEST_WAY: "best-way (suit-blind)"}.get(strategy, strategy)]
        row += [f"{100 * float(by_cell[dealer, strategy]['gain']):+.3f}" for dealer in dealers]
        gains.add_row(*row)
    return Group(
        title,
        fitted(table),
        Text(
            "* the best house way at that dealer's table. Best play sets each hand by its own exact EV; "
            "best-way sets every class of hands alike, by its best EV, as a house way must.",
            style="dim",
        ),
        Text(),
        fitted(gains),
        Text("EV gained per hand (% of a unit) over setting by the dealer's own house way, exactly.", style="dim"),
        Text(spread_range(cells), style="dim"),
    )


def spread_range(cells: list[dict[str, Any]]) -> str:
    """One line on the spread of the cells' hands: the lowest and highest standard deviation."""
    spreads = [cell["result"].payouts.sd for cell in cells]
    return (
        f"One hand's standard deviation: {min(spreads):.4f} to {max(spreads):.4f} bets across these cells "
        "(each exactly in --json and --csv: sd, variance_fraction)."
    )
