"""``paigow compare``: exact house edges of player strategies (rows) against dealers' house ways (columns)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.commands.whole_game import player_json
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
    dead_option,
    make_rules,
    strategy_name,
)
from paigow_cli.cli.output import Output, cards_markup, data_table, fitted
from paigow_cli.cli.views import QUESTION_KEYS, question_json
from paigow_cli.core.cards import sort_cards
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType


app = typer.Typer()

BEST = "best"
UNPLAYABLE = (BEST, BEST_WAY)  # rows no casino's dealer could play: not starred


def strategy_names(players: Sequence[str] | None) -> list[str]:
    """The rows: best play, the best suit-blind way, every shipped house way, then each
    ``--player`` not among them."""
    names = [BEST, BEST_WAY, *(way.value for way in HouseWayName)]
    for player in players or ():
        if player in ("best", "house", BEST_WAY):
            raise OptionError(
                f"--player {player}: the table always has best play, the best suit-blind way and each dealer's own way"
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
            help="Add a row: a plugin (file or installed) the player sets by. Repeatable.",
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
    from paigow_cli.analysis.whole_game import Question

    with reporting_errors():
        if as_json and as_csv:
            raise OptionError("choose --json (JSON Lines) or --csv, not both")
        strategies = strategy_names(player)
        dealers = dealer_names(house_way)
        dead_cards = tuple(dead_option(dead, 53 - 14))
        columns = [
            [
                Question(make_rules(dealer, game, banker, wheel, commission), dead_cards, strategy)
                for strategy in strategies
                if strategy != BEST
            ]
            for dealer in dealers
        ]
    tallies, _ = count_sets(columns, jobs, scheduler, "cells")
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
    """One cell per (dealer, strategy): the question and its exact result, the column's best marked."""
    from paigow_cli.analysis.edge import edge_result

    cells = []
    for questions, found in zip(columns, tallies):
        dealer = questions[0].rules.house_way
        column: list[dict[str, Any]] = []
        for strategy in strategies:
            if strategy == BEST:
                question, tally, player = questions[0], found[0], "best"
            else:
                at = next(i for i, q in enumerate(questions) if (q.strategy or dealer) == strategy)
                question, tally, player = questions[at], found[at], "house"
            result = edge_result(question, tally, player)
            column.append({"dealer": dealer, "strategy": strategy, "question": question, "result": result})
        played = [cell for cell in column if cell["strategy"] not in UNPLAYABLE]
        lowest = min(cell["result"].house_edge for cell in played)
        for cell in column:
            cell["best_strategy"] = cell["strategy"] not in UNPLAYABLE and cell["result"].house_edge == lowest
        cells += column
    return cells


def cell_json(cell: dict[str, Any]) -> dict[str, Any]:
    question, result = cell["question"], cell["result"]
    return {
        **question_json(question.rules, QUESTION_KEYS, player=cell["strategy"], dead=question.dead),
        "deals": result.deals,
        **player_json(result),
        "best_strategy": cell["best_strategy"],
    }


def compare_csv(cells: list[dict[str, Any]]) -> str:
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["dealer", "player", "game", "side", "house_edge", "ev_fraction", "wins", "pushes", "losses"])
    for cell in cells:
        rules, result = cell["question"].rules, cell["result"]
        writer.writerow(
            [
                cell["dealer"],
                cell["strategy"],
                rules.game.value,
                "banker" if rules.banker else "player",
                repr(result.house_edge),
                str(result.ev_fraction),
                result.wins,
                result.pushes,
                result.losses,
            ]
        )
    return text.getvalue()


def header(name: str) -> str:
    """A column heading that fits a narrow column: one part of a hyphenated name a line."""
    return "-\n".join(name.split("-"))


def compare_text(
    question: Any, strategies: list[str], dealers: list[str], cells: list[dict[str, Any]]
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
    return Group(
        title,
        fitted(table),
        Text(
            "* the best house way at that dealer's table. Best play sets each hand by its own exact EV; "
            "best-way sets every class of hands alike, by its best EV, as a house way must.",
            style="dim",
        ),
    )
