"""``paigow mistakes``: where a strategy gives EV away against best play, clause by clause, and the two-pair chart."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from paigow_cli.cli.commands.edge import edge_question
from paigow_cli.cli.counting import whole_game
from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    WheelOption,
    complete_player,
    player_strategy,
)
from paigow_cli.cli.output import (
    Output,
    card_list,
    cards_markup,
    data_table,
    fitted,
)
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views.common import (
    question_json,
    setting_cards,
    split_json,
)
from paigow_cli.cli.views.edge import strategy_words
from paigow_cli.core.errors import (
    OptionError,
)
from paigow_cli.core.games import game_text
from paigow_cli.core.rules import Game, HouseWayName, Wheel

T = TypeVar("T")

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.results import ChartCell, Mistake
    from paigow_cli.analysis.strategy.leaks import KindLeak

app = typer.Typer()


class ChartChoice(str, Enum):
    TWO_PAIR = "two-pair"


class GroupBy(str, Enum):
    KIND = "kind"
    CLAUSE = "clause"


@app.command("mistakes")
def mistakes_command(
    chart: Annotated[
        ChartChoice | None,
        typer.Option(
            "--chart", help="Show the two-pair decision as a chart: split or keep together, beside the house way."
        ),
    ] = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
    player: Annotated[
        str,
        typer.Option(
            "--player",
            metavar="NAME|FILE.py",
            autocompletion=complete_player,
            help="Whose clauses: another house way or plugin the player sets by, against the --house-way dealer "
            "(default: the dealer's own).",
        ),
    ] = "house",
    by: Annotated[
        GroupBy,
        typer.Option(
            "--by",
            help="Group the EV given up by the kind of hand a player recognises (with the card rule that saves "
            "most of it), or by the house way's clauses.",
        ),
    ] = GroupBy.KIND,
    show_all: Annotated[
        bool, typer.Option("--all", help="Also list the kinds or clauses that give up nothing.")
    ] = False,
    limit: Annotated[
        int,
        typer.Option(
            "--limit",
            metavar="N",
            min=0,
            help="List at most N rows, the costliest first (0: every row). JSON lists every row.",
        ),
    ] = 15,
) -> None:
    """Where a strategy gives EV away against best play: by kind of hand, or clause by clause.

    By kind (the default): for each kind of hand (two pair, no pair, a straight or flush with one
    pair, ...), how many hands, in how many a better setting exists, the EV given up (its share of
    the whole gap between the strategy and best play, and per hand), and for the costliest kinds
    the one strategy-card rule that saves the most of it (paigow strategy builds a whole card).
    It reads the dealer's strategy table (counted once, about a minute on two cores; cached).

    By clause (--by clause): from the same exact pass as paigow edge --player best, for every
    clause of the house way (the rule text paigow house prints), the same figures and the hand
    where it gives up most, with both settings.

    Examples:

    $ paigow mistakes
    $ paigow mistakes --house-way trump-plaza --by clause --limit 5
    $ paigow mistakes --house-way trump-plaza --json | jq '.kinds[:3]'
    $ paigow mistakes --chart two-pair
    $ paigow mistakes --player trump-plaza --house-way foxwoods
    """
    from paigow_cli.analysis.money.results import mistakes, two_pair_chart

    choice, strategy = player_strategy(player)
    if choice == "best":
        with reporting_errors():
            raise OptionError("--player best gives nothing away: name a house way or a plugin (or leave it out)")
    question = edge_question(house_way, game, banker, wheel, commission, dead, strategy)
    output = Output(as_json, batch=False)
    if chart is None and by is GroupBy.KIND:
        gap, leaks = leaks_of(question, jobs=jobs, scheduler=scheduler)
        output.emit(
            leaks_json(question, gap, leaks), lambda: leaks_text(question, gap, leaks, show_all=show_all, limit=limit)
        )
        return
    with reporting_errors():
        tally = whole_game(question, jobs=jobs, scheduler=scheduler, details=True)
    if chart is not None:
        cells = two_pair_chart(question, tally)
        if not cells:
            with reporting_errors():
                raise OptionError(
                    "no plain two-pair hand can be dealt from the live cards (--dead leaves too few ranks)"
                )
        output.emit(chart_json(question, cells), lambda: chart_text(question, cells))
        return

    gap, rows = mistakes(question, tally)
    with reporting_errors():
        settings = example_settings(question, rows)
    output.emit(
        mistakes_json(question, gap, rows, settings),
        lambda: mistakes_text(question, gap, rows, settings, show_all=show_all, limit=limit),
    )


FIXES = 3  # the costliest kinds that name the card rule saving most on them


def leaks_of(question: Question, *, jobs: int | None, scheduler: str | None) -> tuple[Any, list[KindLeak]]:
    """Best play's gain over the question's player, and its leaks by kind, from the dealer's
    strategy table (counted with a progress bar where it is not cached)."""
    from paigow_cli.analysis.strategy.answers import player_table
    from paigow_cli.analysis.strategy.leaks import kind_leaks
    from paigow_cli.cli.counting import count_tables

    tables, _ = count_tables([[question.dealer]], jobs=jobs, scheduler=scheduler)
    with reporting_errors():
        # the player's settings against these live cards: best-way's from the table just counted
        return kind_leaks(tables[0][0], player_table(question), fixes=FIXES)


def leaks_json(question: Question, gap: int, leaks: Sequence[KindLeak]) -> dict[str, Any]:
    from fractions import Fraction

    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS

    units = unit_scale(question)
    return {
        **question_json(question.rules, player=question.strategy or question.rules.house_way, dead=question.dead),
        "by": "kind",
        "gap": gap / units,
        "gap_fraction": str(Fraction(gap, units)),
        "kinds": [
            {
                "kind": leak.kind,
                "words": KIND_WORDS[leak.kind],
                "hands": leak.hands,
                "differs": leak.differs,
                "ev_given_up": leak.given_up / units,
                "ev_given_up_fraction": str(Fraction(leak.given_up, units)),
                "share": leak.given_up / gap if gap else 0.0,
                "fix": None if leak.fix is None else {"words": leak.fix.words(), "saves": leak.fix_saving / units},
            }
            for leak in leaks
        ],
    }


def unit_scale(question: Question) -> int:
    """Score units per unit bet per hand of the question (``StrategyTable`` scores)."""
    from paigow_cli.analysis.strategy.answers import strategy_table_of

    return strategy_table_of(question.dealer).pay_charge[1] * question.deals


def leaks_text(
    question: Question, gap: int, leaks: Sequence[KindLeak], *, show_all: bool, limit: int
) -> RenderableType:
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS

    units = unit_scale(question)
    whose = mistakes_whose(question)
    title = Text(f"Where {whose} gives EV away ({game_text(question.rules)})", style="bold")
    title.append(
        f"\nBest play gains {100 * gap / units:.4f}% of a unit per hand over "
        f"{strategy_words(question.strategy or 'house')}, exactly; by kind of hand:"
    )
    shown, more = listed(leaks, lambda leak: show_all or leak.given_up > 0, limit)
    table = data_table()
    table.add_column("Share", justify="right")
    table.add_column("Kind of hand")
    table.add_column("Hands", justify="right")
    table.add_column("Differ", justify="right")
    table.add_column("Gives up", justify="right")
    total = question.player_hands
    for leak in shown:
        table.add_row(
            f"{100 * leak.given_up / gap:.1f}%" if gap else "",
            KIND_WORDS[leak.kind],
            f"{100 * leak.hands / total:.2f}%",
            f"{100 * leak.differs / leak.hands:.1f}%" if leak.hands else "",
            f"{100 * leak.given_up / units:.4f}%",
        )
    lines: list[RenderableType] = [title, fitted(table)]
    notes = "Hands: the share of all hands of the kind; Differ: of those, the share set otherwise than best play; "
    notes += "Gives up: EV per unit bet per hand, over all hands." + more
    lines.append(Text(notes, style="dim"))
    fixes = [leak for leak in leaks if leak.fix is not None]
    if fixes:
        lines.append(Text("\nThe one rule that saves most on each of the costliest kinds:", style="bold"))
        for leak in fixes:
            assert leak.fix is not None
            saves = f"{leak.fix.words()} (saves {100 * leak.fix_saving / units:.4f}% of a unit a hand)"
            lines.append(Padding(Text(saves), (0, 0, 0, 2)))
        command = "paigow strategy" + (
            "" if question.rules.house_way == "foxwoods" else f" --house-way {question.rules.house_way}"
        )
        lines.append(Text(f"{command} builds a whole card of such rules.", style="dim"))
    return Group(*lines)


def listed(rows: Sequence[T], keep: Callable[[T], bool], limit: int) -> tuple[list[T], str]:
    """The rows to print (those ``keep`` passes, at most ``limit`` unless 0) and a note on the rest.

    >>> listed([3, 0, 2, 1], bool, 2)
    ([3, 2], ' 1 more gives up nothing (--all lists it); 1 more past --limit 2 (--limit 0 lists all).')
    """
    kept = [row for row in rows if keep(row)]
    dropped = len(rows) - len(kept)
    cut = max(0, len(kept) - limit) if limit else 0
    notes = []
    if dropped:
        notes.append(
            f"{dropped} more {'gives' if dropped == 1 else 'give'} up nothing (--all lists {'it' if dropped == 1 else 'them'})"
        )
    if cut:
        notes.append(f"{cut} more past --limit {limit} (--limit 0 lists all)")
    return kept[: limit or None], (" " + "; ".join(notes) + ".") if notes else ""


def mistakes_whose(question: Question) -> str:
    rules = question.rules
    if question.strategy:
        return f"{strategy_words(question.strategy)}, played against the {rules.house_way} dealer,"
    return f"the {rules.house_way} house way"


def example_settings(question: Question, rows: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """The house way's and the best setting of each clause's example hand, by the per-hand engine
    (a second, independent reading of what the whole-game pass found)."""
    from paigow_cli.analysis.hand.advice import advise

    table = dealer_table(question.rules)
    settings = {}
    for row in rows:
        if row.example is None:
            continue
        advice = advise(row.example, question.rules, table=table, dead=question.dead)
        played = advice.house_row
        if question.strategy is not None:  # the player's own way, not the dealer's
            from paigow_cli.analysis.strategy.answers import strategy_keys

            keys = strategy_keys(question, row.example)
            played = next(
                found for found in advice.rows if (found.split.high_value.key, found.split.low_value.key) == keys
            )
        gap = advice.given_up(played)
        if gap is None or abs(gap - row.example_given_up) > 1e-9:
            raise ArithmeticError(f"the whole-game pass and the per-hand engine disagree on {row.example}")
        settings[row.rule] = {"house_way": played.split, "best": advice.best_row.split}
    return settings


def mistakes_json(question: Question, gap: Any, rows: Sequence[Mistake], settings: dict[str, Any]) -> dict[str, Any]:
    clauses = [
        {
            "rule": row.rule,
            "hands": row.hands,
            "differs": row.differs,
            "ev_given_up": float(row.ev_given_up),
            "mean_ev_given_up": row.mean_given_up,
            "share": row.share,
            "example": None
            if row.example is None
            else {
                "hand": card_list(row.example),
                "ev_given_up": row.example_given_up,
                **{name: split_json(split) for name, split in settings[row.rule].items()},
            },
        }
        for row in rows
    ]
    return {
        **question_json(question.rules, player=question.strategy or question.rules.house_way, dead=question.dead),
        "gap": float(gap),
        "gap_fraction": f"{gap.numerator}/{gap.denominator}",
        "clauses": clauses,
    }


def mistakes_text(
    question: Question, gap: Any, rows: Sequence[Mistake], settings: dict[str, Any], *, show_all: bool, limit: int
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    whose = mistakes_whose(question)
    title = Text(f"Where {whose} gives EV away ({game_text(rules)})", style="bold")
    title.append(
        f"\nBest play gains {100 * float(gap):.4f}% of a unit per hand over "
        f"{strategy_words(question.strategy or 'house')}, exactly; by clause:"
    )
    table = data_table()
    table.add_column("Share", justify="right")
    table.add_column("Clause")
    table.add_column("Hands", justify="right")
    table.add_column("Differ", justify="right")
    table.add_column("Mean", justify="right")
    shown, more = listed([row for row in rows if row.hands], lambda row: show_all or row.ev_given_up > 0, limit)
    for row in shown:
        table.add_row(
            f"{100 * row.share:.1f}%",
            row.rule,
            f"{row.hands:,}",
            f"{100 * row.differs / row.hands:.1f}%",
            f"{row.mean_given_up:.5f}",
        )
    lines: list[RenderableType] = [
        title,
        fitted(table),
        Text(
            "Mean: EV per unit given up per hand the clause decides." + more,
            style="dim",
        ),
    ]
    examples = [row for row in rows if row.example is not None][:5]
    if examples:
        lines.append(Text("\nThe hand each costliest clause gives up most on:", style="bold"))
        for row in examples:
            assert row.example is not None
            line = Text(f"{row.rule}\n  ")
            line.append_text(cards_markup(row.example))
            line.append(": house way ")
            line.append_text(setting_cards(settings[row.rule]["house_way"]))
            line.append(", best ")
            line.append_text(setting_cards(settings[row.rule]["best"]))
            line.append(f" (gives up {row.example_given_up:.4f})")
            lines.append(line)
    return Group(*lines)


CHART_RANKS = "23456789TJQKA"


def chart_json(question: Question, cells: Sequence[ChartCell]) -> dict[str, Any]:
    return {
        **question_json(question.rules, ("house_way", "game", "banker")),
        "chart": "two-pair",
        "cells": [
            {
                "high_pair": CHART_RANKS[cell.high_pair - 2],
                "low_pair": CHART_RANKS[cell.low_pair - 2],
                "best_single": CHART_RANKS[cell.single - 2],
                "hands": cell.hands,
                "split_ev": cell.split_ev,
                "together_ev": cell.together_ev,
                "better": cell.better,
                "house_way": cell.house,  # this release only: house_choice is its new name
                "house_choice": cell.house,
            }
            for cell in cells
        ],
    }


def chart_text(question: Question, cells: Sequence[ChartCell]) -> RenderableType:
    """Rows: (high pair, low pair); columns: the best single card. S split, T together; upper case
    where the house way agrees, lower case (red) where it does otherwise."""
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    by_pairs: dict[tuple[int, int], dict[int, ChartCell]] = {}
    for cell in cells:
        by_pairs.setdefault((cell.high_pair, cell.low_pair), {})[cell.single] = cell
    singles = sorted({cell.single for cell in cells}, reverse=True)
    title = Text(f"Two pair: split or keep together? ({rules.house_way}, {game_text(rules)})", style="bold")
    title.append(
        "\nExact over every plain two-pair hand (no joker, straight or flush). Rows: the pairs; columns: the best single card."
    )
    header = Text("Pairs  " + " ".join(f"{CHART_RANKS[single - 2]:>2}" for single in singles))
    lines: list[RenderableType] = [title, header]
    for (high, low), row in sorted(by_pairs.items(), reverse=True):
        line = Text(f"{CHART_RANKS[high - 2]}{CHART_RANKS[high - 2]}{CHART_RANKS[low - 2]}{CHART_RANKS[low - 2]}   ")
        for single in singles:
            found = row.get(single)
            if found is None:
                line.append(" · ", style="dim")
                continue
            cell = found
            letter = "S" if cell.better == "split" else "T"
            agrees = cell.house == cell.better
            style = ("green" if letter == "S" else "blue") if agrees else "bold red"
            line.append(
                f" {letter if agrees else letter.lower()}{'*' if cell.house == 'mixed' else ' '}"[:3], style=style
            )
        lines.append(line)
    lines.append(
        Text(
            "S: splitting is better on average (the low pair in front); T: keeping both pairs\n"
            "in back is. Upper case: the house way does the better thing; lower case (red):\n"
            "it does the other; *: it does each, depending on the other cards.",
            style="dim",
        )
    )
    return Group(*lines)
