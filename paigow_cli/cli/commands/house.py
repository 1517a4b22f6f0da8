"""``paigow house`` and ``paigow house-ways``: a house way's setting and its clause; the house ways, and checking one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.batches import deal_line, for_each_hand, is_batch
from paigow_cli.cli.exits import (
    ExitCode,
    error_text,
    reporting_errors,
)
from paigow_cli.cli.options import (
    BatchJsonOption,
    CardsArgument,
    HouseWayOption,
    JsonOption,
    WheelOption,
    complete_house_way,
    make_rules,
)
from paigow_cli.cli.output import QUIET_SECONDS, Output, indented, progress_bar
from paigow_cli.cli.views.common import (
    setting_json,
    setting_line,
)
from paigow_cli.core.cards import parse_hand, sort_cards
from paigow_cli.core.errors import (
    OptionError,
    PaigowError,
)
from paigow_cli.core.rules import HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.house_ways import HouseSetting, HouseWay


app = typer.Typer()


@app.command("house")
def house_command(
    cards: CardsArgument = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: BatchJsonOption = False,
) -> None:
    """Set seven cards by a casino's house way, and say which clause decided it.

    Examples:

    $ paigow house 9S 9H 4D 4C AS KD 2H
    $ paigow house "5s 5h 4d 4c ks 9d 2h" --house-way trump-plaza --json
    $ paigow deal --count 20 | paigow house -
    """
    from paigow_cli.house_ways import house_setting

    rules = make_rules(house_way, wheel=wheel)
    output = Output(as_json, batch=is_batch(cards))

    def handle(text: str | list[str]) -> None:
        player, _ = deal_line(text)  # a line of paigow deal --dealer: the player's hand
        setting = house_setting(sort_cards(parse_hand(player, what="a hand to set")), rules)
        output.emit(house_json(setting), lambda: house_text(setting))

    for_each_hand(cards, handle, output=output)


def house_json(setting: HouseSetting) -> dict[str, Any]:
    document = setting_json(setting)
    return {"hand": document.pop("hand"), "house_way": setting.house_way, **document}


def house_text(setting: HouseSetting) -> RenderableType:
    return setting_line(setting.house_way, setting)


@app.command("house-ways")
def house_ways_command(
    check: Annotated[
        str | None,
        typer.Option(
            "--check",
            metavar="NAME|FILE.py",
            help="Set many seeded hands of every type by this house way and report any fault: an exception, a front "
            "that is not two cards of the hand, a foul, a setting that depends on the order of the cards, or on suits "
            "other than through straights and flushes. Exit 1 when it fails.",
        ),
    ] = None,
    hands: Annotated[
        int, typer.Option("--hands", "--count", "-n", metavar="N", help="How many hands --check sets.", min=100)
    ] = 200_000,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the hands --check sets.", min=0)] = 2026,
    show: Annotated[
        str | None,
        typer.Option(
            "--show",
            metavar="NAME|FILE.py",
            autocompletion=complete_house_way,
            help="Print this house way clause by clause, grouped by kind of hand, with the share of all hands "
            "each clause decides (exact, over every hand of the full deck).",
        ),
    ] = None,
    wheel: WheelOption = Wheel.SECOND,
    as_json: JsonOption = False,
) -> None:
    """List the house ways: each name, its casino, and where its rules come from; plugins too.

    A plugin is a Python file defining one HouseWay subclass (give its path to --house-way), or
    an installed package naming one in the entry point group paigow.house_ways. See the README,
    "Your casino's house way".

    Examples:

    $ paigow house-ways --json
    $ paigow house-ways --check examples/house_ways/gold_star.py
    $ paigow house-ways --check foxwoods --hands 20000
    $ paigow house-ways --show trump-plaza
    """

    if check is not None and show is not None:
        with reporting_errors():
            raise OptionError("--check and --show do one thing each: give one")
    if show is not None:
        show_command(show, wheel, as_json)
        return
    if check is not None:
        check_command(check, hands, seed, as_json)
        return
    from paigow_cli.house_ways import HOUSE_WAYS, way_named
    from paigow_cli.house_ways.plugins import entry_points, load_entry_point, register

    ways: list[Any] = list(HOUSE_WAYS.values())
    broken: list[tuple[str, str]] = []
    for entry in entry_points():
        try:
            ways.append(way_named(register(load_entry_point(entry))))
        except PaigowError as error:
            broken.append((entry.name, error_text(error)))
    Output(as_json, batch=False).emit(
        house_ways_json(ways, broken), lambda: house_ways_text(ways, broken, default=HouseWayName.FOXWOODS.value)
    )


def house_ways_json(ways: Sequence[HouseWay], broken: Sequence[tuple[str, str]] = ()) -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = [
        {"name": way.name, "casino": way.casino, "source": way.source, "plugin": way.plugin, "origin": way.origin}
        for way in ways
    ]
    documents += [{"name": name, "plugin": True, "error": error} for name, error in broken]
    return documents


def house_ways_text(
    ways: Sequence[HouseWay], broken: Sequence[tuple[str, str]] = (), default: str = ""
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    lines: list[RenderableType] = []
    for way in ways:
        line = Text()
        line.append(way.name, style="bold")
        if way.name == default:
            line.append(" (default)")
        if way.plugin:
            line.append(" (plugin)", style="cyan")
        line.append(f"  {way.casino}")
        lines.append(line)
        lines.append(indented(way.source, 4, style="dim"))
        if way.plugin:
            lines.append(indented(f"from {way.origin}", 4, style="dim"))
    for name, error in broken:
        lines.append(Text(f"{name} (plugin, cannot be loaded)", style="red"))
        lines.append(indented(error, 4, style="red"))
    return Group(*lines)


def show_command(target: str, wheel: Wheel, as_json: bool) -> None:
    """paigow house-ways --show: the house way's clauses by kind of hand, with their shares."""
    from paigow_cli.analysis.strategy.clauses import house_way_clauses
    from paigow_cli.cli.tables import class_catalogue_once, dealer_table
    from paigow_cli.core.rules import Rules
    from paigow_cli.house_ways import way_named

    with reporting_errors():
        name = resolve_option(target, "show")
        way = way_named(name)
        table = dealer_table(Rules(house_way=name, wheel=wheel))
        class_catalogue_once(wheel)
        clauses = house_way_clauses(table)
    Output(as_json, batch=False).emit(show_json(way, wheel, clauses), lambda: show_text(way, wheel, clauses))


def resolve_option(target: str, about: str) -> str:
    """A house way's name or plugin file given to ``--ABOUT``, loaded; errors name the option."""
    from paigow_cli.core.rules import PLAYER_WORDS
    from paigow_cli.house_ways.plugins import resolve

    try:
        return resolve(target, words=PLAYER_WORDS)
    except PaigowError as error:
        error.about = about
        raise


def show_json(way: HouseWay, wheel: Wheel, clauses: Sequence[Any]) -> dict[str, Any]:
    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS

    total = sum(clause.hands for clause in clauses)
    return {
        "name": way.name,
        "casino": way.casino,
        "source": way.source,
        "plugin": way.plugin,
        "wheel": wheel.value,
        "hands": total,
        "clauses": [
            {
                "kind": clause.kind,
                "kind_words": KIND_WORDS[clause.kind],
                "clause": clause.clause,
                "hands": clause.hands,
                "share": clause.hands / total,
            }
            for clause in clauses
        ],
    }


def show_text(way: HouseWay, wheel: Wheel, clauses: Sequence[Any]) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS
    from paigow_cli.cli.output import data_table, fitted

    total = sum(clause.hands for clause in clauses)
    title = Text(f"The {way.name} house way", style="bold")
    title.append(f" ({way.casino})\nEvery clause it sets hands by, by kind of hand, with the share of all hands ")
    title.append("it decides (exact, over every hand of seven from the full deck):")
    table = data_table()
    table.add_column("Hands", justify="right")
    table.add_column("Kind of hand / clause")
    for kind in dict.fromkeys(clause.kind for clause in clauses):
        mine = [clause for clause in clauses if clause.kind == kind]
        table.add_row(f"{100 * sum(c.hands for c in mine) / total:.2f}%", Text(KIND_WORDS[kind], style="bold"))
        for clause in mine:
            table.add_row(f"{100 * clause.hands / total:.3f}%", "  " + clause.clause)
    source = Text(f"Source: {way.source}", style="dim")
    return Group(title, fitted(table), source)


def check_command(target: str, hands: int, seed: int, as_json: bool) -> None:
    """paigow house-ways --check: run the checks on a house way and report them; exit 1 on a fault."""
    from paigow_cli.analysis.hand.house_way_check import check_house_way
    from paigow_cli.core.errors import PaigowError
    from paigow_cli.house_ways import way_named
    from paigow_cli.house_ways.plugins import resolve

    with reporting_errors():
        try:
            name = resolve(target)
        except PaigowError as error:  # the name came with --check, not --house-way
            if error.about == "house_way":
                error.about = "check"
            raise
    with reporting_errors():
        way = way_named(name)  # not make_rules: its note of a plugin's warnings is in the report, once
        plain = f"checking {way.name} on {hands:,} hands (a progress line every 10 s)"
        with progress_bar(f"Checking {way.name} on {hands:,} hands", plain, quiet_for=QUIET_SECONDS) as progress:
            report = check_house_way(way, hands=hands, seed=seed, progress=progress)
    Output(as_json, batch=False).emit(check_json(report, way, seed), lambda: check_text(report, way, seed))
    if not report.passed or way.warnings:  # a method paigow never calls (a misspelt clause) fails the check
        raise typer.Exit(ExitCode.FAILURE)


def check_json(report: Any, way: HouseWay, seed: int) -> dict[str, Any]:
    from paigow_cli.analysis.hand.house_way_check import FAULTS

    return {
        "house_way": way.name,
        "origin": way.origin,
        "hands": report.hands,
        "seed": seed,
        "passed": report.passed and not way.warnings,
        "faults": {
            fault: {"what": FAULTS[fault], "count": report.counts[fault], "examples": report.examples[fault]}
            for fault in FAULTS
        },
        "warnings": list(way.warnings),
    }


def check_text(report: Any, way: HouseWay, seed: int) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.analysis.hand.house_way_check import FAULTS

    title = Text(f"{way.name}: {report.hands:,} hands set (seed {seed}), ", style="bold")
    warnings = [indented(f"warning: {warning}", 2, style="yellow", hang=2) for warning in way.warnings]
    if report.passed and warnings:
        title.append("no fault in the hands set, but the plugin's code has a warning", style="bold yellow")
        return Group(title, Text("  checked: exceptions, fronts, fouls, card order, suits", style="dim"), *warnings)
    if report.passed:
        title.append("no fault found", style="bold green")
        return Group(title, Text("  checked: exceptions, fronts, fouls, card order, suits", style="dim"), *warnings)
    title.append(f"{sum(report.counts.values()):,} faults", style="bold red")
    lines: list[RenderableType] = [title]
    for fault, what in FAULTS.items():
        count = report.counts[fault]
        if not count:
            continue
        lines.append(indented(f"{what}: {count:,} hands", 0, style="red", hang=2))
        for example in report.examples[fault]:
            lines.append(indented(example, 2))
    return Group(*lines, *warnings)
