"""What ``paigow bonus`` prints: what one hand pays on each table (text and JSON), and a table's
exact odds with its envy and its progressive's meter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paigow_cli.analysis.money.spread import spread_json
from paigow_cli.cli.output import card_list, cards_markup, data_table, fitted
from paigow_cli.cli.views.common import setting_json, spread_text

if TYPE_CHECKING:
    from collections.abc import Sequence
    from decimal import Decimal

    from rich.console import RenderableType

    from paigow_cli.analysis.money.pay_tables import PayTable
    from paigow_cli.analysis.money.side_bets import Envy, Paid, SideBetOdds
    from paigow_cli.core.cards import Card
    from paigow_cli.core.rules import Rules
    from paigow_cli.house_ways import HouseSetting


def priced_cards(
    table: PayTable, hand: Sequence[Card], dealer: Sequence[Card] | None, given: Sequence[Card] | None
) -> Sequence[Card]:
    """The cards a table is priced on: the dealer's seven for a dealer-side table (when given), the
    first three as dealt for a three-card table, else the player's seven."""
    if table.on == "dealer" and dealer is not None:
        return dealer
    if table.on == "player-three":
        return tuple((given or hand)[:3])
    return hand


def _paid(
    table: PayTable,
    hand: Sequence[Card],
    setting: HouseSetting | None,
    dealer: Sequence[Card] | None = None,
    given: Sequence[Card] | None = None,
) -> Paid:
    """What a table pays: on the player's seven (a three-card table on the first three as given),
    or a dealer-side table on the dealer's (``dealer``, else the hand given, priced as if it were
    the dealer's)."""
    from paigow_cli.analysis.money.side_bets import pay
    from paigow_cli.core.games import is_nine_high_low

    cards = priced_cards(table, hand, dealer, given)
    nine_high = table.needs_house_way and setting is not None and is_nine_high_low(setting.split.low_value.key)
    return pay(table, cards, low_is_nine_high=nine_high)


def pays_number(pays: int | Decimal) -> int | float:
    return pays if isinstance(pays, int) else float(pays)


def bonus_json(
    hand: Sequence[Card],
    tables: Sequence[PayTable],
    setting: HouseSetting | None,
    dealer: Sequence[Card] | None = None,
    given: Sequence[Card] | None = None,
) -> dict[str, Any]:
    """What seven cards pay on each table: ``hand`` (and ``dealer``, when a line gives the dealer's
    seven: the dealer's side bets are priced on them), and per table the cards it was priced on, its
    line (null: loses) and ``pays``."""
    rows = []
    for table in tables:
        paid = _paid(table, hand, setting, dealer, given)
        rows.append(
            {
                "table": table.name,
                "on": table.on,
                "joker": table.joker.value,
                "cards": card_list(priced_cards(table, hand, dealer, given)),
                "hand": paid.line.slug if paid.line is not None else None,
                "label": paid.line.label if paid.line is not None else "No paying hand",
                "pays": pays_number(paid.pays),
            }
        )
    document: dict[str, Any] = {"hand": card_list(hand)}
    if dealer is not None:
        document["dealer"] = card_list(dealer)
    document["tables"] = rows
    if setting is not None:
        document["house_way"] = setting_json(setting)  # this release only: house_setting is its new name
        document["house_setting"] = setting_json(setting)
    return document


def bonus_text(
    hand: Sequence[Card],
    tables: Sequence[PayTable],
    setting: HouseSetting | None,
    dealer: Sequence[Card] | None = None,
    given: Sequence[Card] | None = None,
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    grid = data_table()
    grid.add_column("Side bet", no_wrap=True)
    grid.add_column("On", no_wrap=True)
    grid.add_column("Hand")
    grid.add_column("Pays", justify="right", no_wrap=True)
    for table in tables:
        paid = _paid(table, hand, setting, dealer, given)
        on = {
            "player": "player's 7",
            "player-three": "first 3",
            "dealer": "dealer's low" if len(table.lines) == 1 and table.needs_house_way else "dealer's 7",
        }[table.on]
        if paid.line is None:
            grid.add_row(table.title, on, Text("nothing", style="dim"), Text("loses", style="dim"))
        else:
            grid.add_row(table.title, on, paid.line.label, Text(f"{paid.pays} to 1", style="bold green"))
    head = cards_markup(hand)
    if dealer is not None:
        head = Text("Player: ") + head + Text("\nDealer: ") + cards_markup(dealer)
    parts: list[RenderableType] = [head, Text(), fitted(grid, optional=["On"])]
    if setting is not None:
        whose = "the dealer's hand" if dealer is not None else "these cards"
        low_tables = ", ".join(table.title for table in tables if table.needs_house_way)
        front = Text(f"{low_tables}: the {setting.house_way} house way sets {whose} with ", style="dim")
        parts.append(front + cards_markup(setting.split.low) + Text(" in front", style="dim"))
    return Group(*parts)


def bonus_odds_json(odds: SideBetOdds, rules: Rules, dead: Sequence[Card], envy: Envy | None = None) -> dict[str, Any]:
    total = odds.total
    document: dict[str, Any] = {
        "table": odds.table.name,
        "total": total,
        "rows": [
            {
                "hand": row.line.slug if row.line is not None else "other",
                "pays": pays_number(row.pays),
                "count": row.count,
                "probability": row.probability(total),
                "return": float(row.returns(total)),
            }
            for row in odds.rows
        ],
        "ev": float(odds.ev),
        "house_edge": float(odds.house_edge),
        **spread_json(odds.payouts),
        "dead": card_list(dead),
    }
    if odds.table.needs_house_way:
        document["house_way"] = rules.house_way
    if odds.table.joker.is_wild:
        document["joker"] = odds.table.joker.value
    if odds.table.meter is not None:
        from paigow_cli.analysis.money.side_bets import break_even_meter

        meter = odds.table.meter
        even = break_even_meter(odds)
        document["meter"] = {
            "amount": float(meter.amount),
            "bet": float(meter.bet),
            "lines": [line.slug for line in meter.lines],
            "paid": "for one" if meter.for_one else "to one",
            "break_even": float(even) if even is not None else None,
        }
    if envy is not None:
        from paigow_cli.analysis.money.pay_tables import ENVY_TABLES

        document["envy"] = {
            "players": envy.others,
            "bet": float(envy.stake),
            "pays": [{"hand": line.slug, "dollars": amount} for line, amount in ENVY_TABLES[odds.table.name]],
            "per_player": float(envy.per_player),
            "ev": float(envy.ev),
            "house_edge": float(envy.house_edge),
        }
    return document


def bonus_odds_text(odds: SideBetOdds, rules: Rules, dead: Sequence[Card], envy: Envy | None = None) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    total = odds.total
    size = "three cards" if odds.table.on == "player-three" else "seven-card hands"
    title = Text(f"{odds.table.title}: exact over {total:,} {size}", style="bold")
    if odds.table.needs_house_way:
        title.append(f", {rules.house_way} house way")
    if odds.table.joker.is_wild:
        title.append(", the joker fully wild")
    if dead:
        title.append("\ndead: ", style="dim")
        title.append_text(cards_markup(dead))
    grid = data_table()
    grid.add_column("Hand")
    grid.add_column("Pays", justify="right", no_wrap=True)
    grid.add_column("Count", justify="right", no_wrap=True)
    grid.add_column("Probability", justify="right", no_wrap=True)
    grid.add_column("Return", justify="right", no_wrap=True)
    for row in odds.rows:
        name = row.line.label if row.line is not None else "Anything else"
        pays = f"{row.pays}" if row.line is not None else "loses"
        grid.add_row(name, pays, f"{row.count:,}", f"{row.probability(total):.8f}", f"{float(row.returns(total)):+.6f}")
    summary = Text(f"EV per unit {float(odds.ev):+.6f}   house edge {100 * float(odds.house_edge):.4f}%", style="bold")
    parts: list[RenderableType] = [
        title,
        fitted(grid, optional=["Probability"]),
        summary,
        Text(spread_text(odds.payouts, session=False)),
    ]
    if odds.table.meter is not None:
        parts.append(Text(meter_text(odds), style="bold"))
    if envy is not None:
        others = f"{envy.others} other player{'s' * (envy.others != 1)}"
        parts.append(
            Text(
                f"With the Envy bonus of {others} on a ${envy.stake} bet: EV per unit {float(envy.ev):+.6f}, house edge "
                f"{100 * float(envy.house_edge):.4f}% (each other player's hand pays ${float(envy.per_player):.4f} on "
                "average, exactly; the spread above leaves the envy out).",
                style="bold",
            )
        )
    return Group(*parts)


def meter_text(odds: SideBetOdds) -> str:
    """The progressive's top prize, what it pays, and the meter at which the bet breaks even."""
    from paigow_cli.analysis.money.side_bets import break_even_meter
    from paigow_cli.core.money import money_of

    meter = odds.table.meter
    if meter is None:
        raise ValueError(f"the {odds.table.name} table has no meter")
    even = break_even_meter(odds)
    paid = "for 1" if meter.for_one else "to 1"
    pays = f"{float(odds.table.pays_of(meter.lines[0])):,.2f}".rstrip("0").rstrip(".")
    top = f"A top prize of {money_of(float(meter.amount))} on a {money_of(float(meter.bet))} bet pays {pays} {paid}"
    if even is None:
        if not any(row.count for row in odds.rows if row.line in meter.lines):
            return f"{top}; no hand of the live cards reaches it."
        return f"{top}; the bet wins at any meter a top prize may show."
    return f"{top}; the bet breaks even at a meter of {money_of(float(even))} (--meter sets it)."
