"""``paigow table``: the strategy table as data, one row per class of hands."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import count_tables
from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    SchedulerOption,
    WheelOption,
    complete_house_way,
    dead_option,
    make_rules,
    strategy_name,
)
from paigow_cli.cli.output import Output, card_list, cards_markup, data_table, fitted
from paigow_cli.cli.views.common import question_json
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import game_text
from paigow_cli.core.hands import KINDS
from paigow_cli.core.rules import BEST_WAY, Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.strategy.rows import ClassRow, SettingCounts

app = typer.Typer()

TEXT_ROWS = 40  # rows the text shows unless --limit says otherwise
SETTINGS_A_LINE = 4  # --settings in text: settings on a line under each class


class Sort(str, Enum):
    COST = "cost"
    HANDS = "hands"
    CLASS = "class"


def complete_kind(incomplete: str) -> list[str]:
    return [kind for kind in KINDS if kind.startswith(incomplete)]


@app.command("table")
def table_command(
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME|FILE.py",
            autocompletion=complete_house_way,
            help="Whose settings to show beside the best: another house way or a plugin (default: the dealer's).",
            show_default=False,
        ),
    ] = None,
    category: Annotated[
        list[str] | None,
        typer.Option(
            "--category",
            metavar="KIND",
            help=f"Only this kind of hand (repeatable): {', '.join(KINDS)}.",
            autocompletion=complete_kind,
            show_default=False,
        ),
    ] = None,
    differs: Annotated[
        bool, typer.Option("--differs", help="Only the classes where the house way's setting is not the best.")
    ] = False,
    settings: Annotated[
        bool, typer.Option("--settings", help="Every legal setting of each class, with its EV.")
    ] = False,
    sort: Annotated[
        Sort, typer.Option("--sort", help="cost: the most EV given up first; hands: the most hands first; class.")
    ] = Sort.COST,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            metavar="N",
            help=f"At most N rows (text shows {TEXT_ROWS} unless told; 0: every row).",
            min=0,
            show_default=False,
        ),
    ] = None,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Print CSV, a row per class (a setting with --settings).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON Lines, an object per class.")] = False,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
) -> None:
    """The strategy table: every class of hands with its settings' exact EVs against a dealer.

    A house way sets every hand of a class alike (the same ranks, and the same suited ranks if
    it can make a flush): 292,253 classes. Each row is a class: an example hand, its kind, how
    many hands it holds, the house way's setting (or --player's) and the class's best setting,
    each with its mean EV per hand, counted exactly over every deal; --settings adds every legal
    setting. It needs the dealer's strategy table: about a minute on two cores the first time
    (cached, shared with edge --player, compare and strategy), then seconds.

    Examples:

    $ paigow table --category two-pair --differs
    $ paigow table --house-way trump-plaza --csv > trump-plaza.csv
    $ paigow table --json --settings --category three-pair | jq .best
    """
    from paigow_cli.analysis.game.question import Question

    with reporting_errors():
        if as_csv and as_json:
            raise OptionError("choose --json (JSON Lines) or --csv, not both")
        for kind in category or ():
            if kind not in KINDS:
                raise OptionError(f"--category {kind}: choose {', '.join(KINDS)}")
        if player in ("house", "best", BEST_WAY):
            raise OptionError(
                f"--player {player}: the table shows the best setting already; name a house way or plugin"
            )
        rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
        strategy = strategy_name(player) if player else None
        question = Question(rules, tuple(dead_option(dead, 53 - 14)))
    tables, _ = count_tables([[question]], jobs=jobs, scheduler=scheduler)
    from dataclasses import replace

    from paigow_cli.analysis.strategy.rows import class_rows
    from paigow_cli.cli.tables import class_catalogue_once, dealer_table

    with reporting_errors():
        player_table = dealer_table(replace(rules, house_way=strategy or rules.house_way))
        class_catalogue_once(rules.wheel)
        shown = limit if limit is not None else (None if as_csv or as_json else TEXT_ROWS)
        rows, matching = class_rows(
            tables[0][0],
            player_table,
            category or (),
            differs=differs,
            every=settings,
            sort=sort.value,
            limit=shown or None,
        )
    who = strategy or rules.house_way
    if as_csv:
        typer.echo(rows_csv(rows, settings, who, question.dealer_hands), nl=False)
        return
    if as_json:
        output = Output(True, batch=True)
        for row in rows:
            output.emit(row_json(question, who, row), lambda: None)
        return
    Output(False, batch=False).emit(None, lambda: rows_text(question, who, rows, matching))


def setting_json(setting: SettingCounts) -> dict[str, Any]:
    return {
        "front": card_list(setting.front),
        "wins": setting.wins,
        "losses": setting.losses,
        "copies_high": setting.copies_high,
        "copies_low": setting.copies_low,
        "ev": setting.ev,
    }


def row_json(question: Question, who: str, row: ClassRow) -> dict[str, Any]:
    """One class: the question, the class, the player's and the best setting (and every one)."""
    found = {
        **question_json(question.rules, ("house_way", "game", "banker"), dead=question.dead),
        "player": who,
        "class": row.class_id,
        "hand": card_list(row.hand),
        "kind": row.kind,
        "flush": row.flush,
        "hands": row.hands,
        "dealer_hands": question.dealer_hands,
        "house": setting_json(row.house),
        "best": setting_json(row.best),
        "given_up": row.given_up,
    }
    if row.settings:
        found["settings"] = [setting_json(setting) for setting in row.settings]
    return found


def rows_csv(rows: Sequence[ClassRow], every: bool, who: str, dealer_hands: int) -> str:
    """A row per class (with ``every``: a row per legal setting of each class), with the exact
    integer counts the JSON has, the player's strategy named (``who``) and its columns ``player_*``."""
    import csv
    import io

    from paigow_cli.cli.views.common import csv_value

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    counts = ("wins", "losses", "copies_high", "copies_low")
    head = [
        "player",
        "class",
        "hand",
        "kind",
        "flush",
        "hands",
        "dealer_hands",
        "player_front",
        *(f"player_{count}" for count in counts),
        "player_ev",
        "best_front",
        *(f"best_{count}" for count in counts),
        "best_ev",
        "given_up",
        "house_front",  # this release only: player_front and player_ev are their new names
        "house_ev",
    ]
    writer.writerow(head + (["front", "wins", "losses", "copies_high", "copies_low", "ev"] if every else []))
    for row in rows:
        fixed = [
            who,
            row.class_id,
            csv_value(card_list(row.hand)),
            row.kind,
            csv_value(row.flush),
            row.hands,
            dealer_hands,
            csv_value(card_list(row.house.front)),
            *(getattr(row.house, count) for count in counts),
            repr(row.house.ev),
            csv_value(card_list(row.best.front)),
            *(getattr(row.best, count) for count in counts),
            repr(row.best.ev),
            repr(row.given_up),
            csv_value(card_list(row.house.front)),
            repr(row.house.ev),
        ]
        if not every:
            writer.writerow(fixed)
        for setting in row.settings if every else ():
            writer.writerow(
                fixed
                + [
                    " ".join(card_list(setting.front)),
                    setting.wins,
                    setting.losses,
                    setting.copies_high,
                    setting.copies_low,
                    repr(setting.ev),
                ]
            )
    return text.getvalue()


def rows_text(question: Question, who: str, rows: Sequence[ClassRow], matching: int) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    side = "banking" if rules.banker else "the player's side"
    title = Text(f"The strategy table against the {rules.house_way} dealer, {game_text(rules)}, {side}", style="bold")
    title.append(
        f"\nEach class of hands: the {who} house way's setting beside the class's best (mean EV per hand, exact)"
    )
    if question.dead:
        title.append("\nDead cards: ")
        title.append_text(cards_markup(question.dead))
    table = data_table()
    table.add_column("Hand", no_wrap=True)
    table.add_column("Kind", no_wrap=True)
    table.add_column("Hands", justify="right")
    table.add_column("House")
    table.add_column("EV", justify="right")
    table.add_column("Best")
    table.add_column("EV", justify="right")
    table.add_column("Gives up", justify="right")
    for row in rows:
        same = row.best.high_key == row.house.high_key and row.best.low_key == row.house.low_key
        table.add_row(
            cards_markup(row.hand),
            row.kind,
            f"{row.hands:,}",
            cards_markup(row.house.front),
            f"{row.house.ev:+.4f}",
            Text("same") if same else cards_markup(row.best.front),
            "" if same else f"{row.best.ev:+.4f}",
            f"{row.given_up:.4f}",
        )
    lines: list[RenderableType] = [title, fitted(table, optional=["Kind", "Hands"])]
    if any(row.settings for row in rows):
        lines.append(Text("\nEvery legal setting of each class (front: mean EV per hand), best first:", style="bold"))
        for row in rows:
            lines.append(cards_markup(row.hand))
            ranked = sorted(row.settings, key=lambda setting: -setting.score)
            for first in range(0, len(ranked), SETTINGS_A_LINE):
                line = Text(" ")
                for setting in ranked[first : first + SETTINGS_A_LINE]:
                    line.append("  ")
                    line.append_text(cards_markup(setting.front))
                    line.append(f" {setting.ev:+.4f}")
                lines.append(line)
    if matching > len(rows):
        lines.append(
            Text(
                f"{matching - len(rows):,} more classes: --limit 0 shows every one, --csv for a spreadsheet.",
                style="dim",
            )
        )
    if not rows:
        lines.append(Text("No class matches."))
    return Group(*lines)
