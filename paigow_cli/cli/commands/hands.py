"""``paigow eval``, ``paigow odds`` and ``paigow power``: hand values and exact counts of hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.batches import deal_line, for_each_hand, is_batch
from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.options import (
    BatchJsonOption,
    CardsArgument,
    DeadOption,
    HouseWayOption,
    JokerOption,
    JsonOption,
    WheelOption,
    dead_option,
    make_rules,
)
from paigow_cli.cli.output import Output, card_list, cards_markup, data_table, fitted
from paigow_cli.cli.tables import category_table, dealer_table
from paigow_cli.cli.views.common import question_json
from paigow_cli.core.cards import Card, parse_hand, sort_cards
from paigow_cli.core.hands import FIVE_OF_A_KIND_SLUG, Category, category_slug
from paigow_cli.core.rules import HouseWayName, Joker, Rules, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.core.hands import HandValue
    from paigow_cli.engine.categories import CategoryCounts, PowerRow

app = typer.Typer()


@app.command("eval")
def eval_command(
    cards: CardsArgument = None,
    wheel: WheelOption = Wheel.SECOND,
    joker: JokerOption = Joker.BUG,
    as_json: BatchJsonOption = False,
) -> None:
    """Name a 2- or 5-card hand, or the best five-card hand of seven cards.

    Examples:

    $ paigow eval JK KS 9S 6S 3S
    $ paigow eval "as ah" --json
    $ paigow eval JK KS KD 5C 3H --joker wild
    $ paigow eval - < hands.txt
    """
    from paigow_cli.core.hands import best_five, evaluate

    rules = make_rules(wheel=wheel)
    output = Output(as_json, batch=is_batch(cards))

    def handle(text: str | list[str]) -> None:
        player, _ = deal_line(text)  # a line of paigow deal --dealer: the player's hand
        hand = sort_cards(parse_hand(player, counts=(2, 5, 7), what="a hand to evaluate"))
        best: tuple[Card, ...] | None = None
        if len(hand) == 7:
            value, best = best_five(hand, rules.wheel_is_low, wild=joker.is_wild)
        else:
            value = evaluate(hand, rules.wheel_is_low, wild=joker.is_wild)
        output.emit(eval_json(hand, value, best), lambda: eval_text(hand, value, best))

    for_each_hand(cards, handle, output=output)


def eval_json(cards: Sequence[Card], value: HandValue, best: Sequence[Card] | None) -> dict[str, Any]:
    return {
        "cards": card_list(cards),
        "category": category_slug(value.key),
        "label": value.label,
        "best": card_list(best if best is not None else cards),  # the cards valued: the best five of seven
    }


def eval_text(cards: Sequence[Card], value: HandValue, best: Sequence[Card] | None) -> RenderableType:
    from rich.text import Text

    line = Text()
    line.append_text(cards_markup(cards))
    line.append(":  ")
    line.append(value.label, style="bold")
    if best is not None:
        line.append("  (best five: ")
        line.append_text(cards_markup(best))
        line.append(")")
    return line


@app.command("odds")
def odds_command(dead: DeadOption = None, joker: JokerOption = Joker.BUG, as_json: JsonOption = False) -> None:
    """Count the seven-card hands in each category (by their best five cards), exactly.

    With --joker wild, five of a kind (four of a rank and the joker) heads the table.

    Examples:

    $ paigow odds
    $ paigow odds --dead "AS AH JK" --json
    $ paigow odds --joker wild
    """
    from paigow_cli.engine.categories import category_counts

    with reporting_errors():
        dead_cards = dead_option(dead)
        classes, codes = category_table(joker)
        counts = category_counts(classes, codes, dead_cards)
    Output(as_json, batch=False).emit(
        odds_json(counts, dead_cards, joker), lambda: odds_text(counts, dead_cards, joker)
    )


def category_name(category: Category, joker: Joker) -> str:
    """A category's name in the odds table: with a wild joker the top one is five of a kind."""
    return FIVE_OF_A_KIND_SLUG if joker.is_wild and category is Category.FIVE_ACES else category.slug


def odds_json(counts: CategoryCounts, dead: Sequence[Card], joker: Joker = Joker.BUG) -> dict[str, Any]:
    total = counts.total
    document: dict[str, Any] = {
        "dead": card_list(dead),
        "joker": joker.value,
        "total": total,
        "categories": [
            {"category": category_name(category, joker), "count": count, "probability": count / total}
            for category, count in sorted(counts.counts.items(), reverse=True)
        ],
        "royal_flush": {"count": counts.royal_flushes, "probability": counts.royal_flushes / total},
    }
    if joker.is_wild:
        document["five_aces"] = {"count": counts.five_aces, "probability": counts.five_aces / total}
    return document


def one_in(count: int, total: int) -> str:
    return f"1 in {total / count:,.1f}" if count else "never"


def odds_text(counts: CategoryCounts, dead: Sequence[Card], joker: Joker = Joker.BUG) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    total = counts.total
    title = Text(f"Seven-card hands by their best five: {total:,}")
    if joker.is_wild:
        title.append("\nThe joker is wild: it stands for any card.")
    if dead:
        title.append("\nDead: ")
        title.append_text(cards_markup(dead))
    table = data_table()
    table.add_column("Category")
    for name in ("Count", "Probability", "Odds"):
        table.add_column(name, justify="right")
    rows = sorted(counts.counts.items(), reverse=True)
    for category, count in rows:
        table.add_row(category_name(category, joker), f"{count:,}", f"{count / total:.6f}", one_in(count, total))
        if joker.is_wild and category is Category.FIVE_ACES:
            aces = counts.five_aces
            table.add_row("  of which aces", f"{aces:,}", f"{aces / total:.6f}", one_in(aces, total), style="dim")
        if category.slug == "straight-flush":
            royal = counts.royal_flushes
            table.add_row("  of which royal", f"{royal:,}", f"{royal / total:.6f}", one_in(royal, total), style="dim")
    return Group(title, fitted(table))


@app.command("power")
def power_command(
    dead: DeadOption = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Also list the hands the dealer never holds (a count of 0) in the text.")
    ] = False,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: JsonOption = False,
) -> None:
    """The dealer's exact distribution under a house way: every low hand, and high hands by rank.

    For each, the count over all 154,143,080 dealer hands (fewer with --dead), and how often a
    player hand of that rank beats the dealer's (copies lose; for a high-hand group, the player
    beats only dealer hands of lower groups). The text leaves out hands the dealer never holds
    (--all shows them); JSON lists every one.

    Examples:

    $ paigow power
    $ paigow power --house-way santa-ana-star --json | jq '.low_hands[:5]'
    """
    from paigow_cli.engine.categories import power_rows
    from paigow_cli.engine.distribution import DealerDistribution

    rules = make_rules(house_way, wheel=wheel)
    with reporting_errors():
        dead_cards = dead_option(dead)
        table = dealer_table(rules)
        distribution = DealerDistribution(table, dead_cards)
    lows, highs = power_rows(distribution)
    Output(as_json, batch=False).emit(
        power_json(rules, distribution.total, lows, highs),
        lambda: power_text(rules, distribution.total, lows, highs, show_all),
    )


def power_row_json(row: PowerRow, total: int, with_category: bool) -> dict[str, Any]:
    document: dict[str, Any] = {"category": row.category.slug} if with_category else {}
    document.update(
        {
            "ranks": row.ranks,
            "count": row.count,
            "probability": row.count / total,
            "player_wins": row.player_wins / total,
        }
    )
    return document


def power_json(rules: Rules, total: int, lows: Sequence[PowerRow], highs: Sequence[PowerRow]) -> dict[str, Any]:
    return {
        **question_json(rules, ("house_way", "wheel")),
        "total": total,
        "low_hands": [power_row_json(row, total, with_category=False) for row in lows],
        "high_hands": [power_row_json(row, total, with_category=True) for row in highs],
    }


def power_text(
    rules: Rules, total: int, lows: Sequence[PowerRow], highs: Sequence[PowerRow], show_all: bool = False
) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table

    def table_of(title: str, rows: Sequence[PowerRow], with_category: bool) -> Table:
        table = Table(
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            show_edge=False,
            collapse_padding=True,
            title=title,
            title_justify="left",
        )
        if with_category:
            table.add_column("Category")
        table.add_column("Top" if with_category else "Low", justify="right")
        for name in ("Count", "Probability", "Player wins"):
            table.add_column(name, justify="right")
        for row in rows:
            cells = ([row.category.slug] if with_category else []) + [
                row.ranks,
                f"{row.count:,}",
                f"{row.count / total:.6f}",
                f"{row.player_wins / total:.6f}",
            ]
            table.add_row(*cells)
        return table

    from rich.text import Text

    heading = Text(
        f"The dealer's setting by the {rules.house_way} house way, over {total:,} dealer hands", style="bold"
    )
    hidden = 0
    if not show_all:
        hidden = sum(1 for row in (*lows, *highs) if row.count == 0)
        lows, highs = [row for row in lows if row.count], [row for row in highs if row.count]
    parts: list[RenderableType] = [
        heading,
        fitted(table_of("Low hands", lows, with_category=False)),
        Text(),
        fitted(table_of("High hands, by category and top rank", highs, with_category=True), keep=2),
    ]
    if hidden:
        parts.append(Text(f"{hidden} hands the dealer never holds are not listed (--all lists them)", style="dim"))
    return Group(*parts)
