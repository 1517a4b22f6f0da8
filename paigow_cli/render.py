"""Turn library results into JSON-ready dicts and Rich renderables.

Only this module knows about Rich, and it imports Rich inside the functions
that build tables, so ``--json`` runs never load it. JSON uses canonical card
strings (``"AS"``, ``"JK"``); text output uses suit symbols.

>>> from paigow_cli.cards import parse_cards
>>> card_list(parse_cards("10h jk"))
['TH', 'JK']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from paigow_cli.advice import Advice, SplitAdvice
from paigow_cli.cards import Card, sort_cards
from paigow_cli.hands import HandValue
from paigow_cli.house_ways import HouseSetting, HouseWay
from paigow_cli.showdown import Settlement
from paigow_cli.splits import Split

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

RED_SUITS = ("H", "D")


def card_list(cards: Iterable[Card]) -> list[str]:
    """Cards as canonical strings, for JSON."""
    return [str(card) for card in cards]


def cards_markup(cards: Iterable[Card]) -> Text:
    """Cards with suit symbols, hearts and diamonds in red (colour shows only on a terminal)."""
    from rich.text import Text

    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        style = "bold magenta" if card.is_joker else ("red" if card.suit in RED_SUITS else "")
        text.append(card.symbol_text(), style=style)
    return text


_SCALAR_ARRAY = re.compile(r"\[\n\s+((?:[^\[\]{}\n]+,\n\s+)*[^\[\]{}\n]+)\n\s*\]")


def json_text(document: Any, pretty: bool = True) -> str:
    """JSON text; pretty output keeps arrays of plain values on one line.

    >>> print(json_text({"high": ["AS", "KD"], "foul": False}))
    {
      "high": ["AS", "KD"],
      "foul": false
    }
    >>> json_text({"high": ["AS", "KD"]}, pretty=False)
    '{"high": ["AS", "KD"]}'
    """
    if not pretty:
        return json.dumps(document, ensure_ascii=False)
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return _SCALAR_ARRAY.sub(lambda match: "[" + re.sub(r",\n\s+", ", ", match.group(1)) + "]", text)


# --- eval ------------------------------------------------------------------------------------


def eval_json(cards: Sequence[Card], value: HandValue, best: Sequence[Card] | None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "cards": card_list(cards),
        "category": value.category.slug,
        "label": value.label,
    }
    if best is not None:
        document["best"] = card_list(best)
    return document


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


# --- splits ----------------------------------------------------------------------------------


def split_json(split: Split) -> dict[str, Any]:
    """The fields every split carries in JSON."""
    return {
        "high": card_list(split.high),
        "low": card_list(split.low),
        "high_hand": split.high_value.label,
        "low_hand": split.low_value.label,
        "high_category": split.high_value.category.slug,
        "low_category": split.low_value.category.slug,
        "foul": split.foul,
    }


def setting_json(setting: HouseSetting) -> dict[str, Any]:
    """A house-way setting: its hand, the two hands, their labels, and the clause."""
    split = setting.split
    return {
        "hand": card_list(sort_cards(split.cards)),
        "high": card_list(split.high),
        "low": card_list(split.low),
        "high_hand": split.high_value.label,
        "low_hand": split.low_value.label,
        "rule": setting.rule,
    }


def row_json(row: SplitAdvice) -> dict[str, Any]:
    document = split_json(row.split)
    document["house_way"] = row.house_way
    if row.settlement is not None:
        document.update(settlement_json(row.settlement))
    return document


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    return {
        "result": settlement.outcome.value,
        "copy_high": settlement.copy_high,
        "copy_low": settlement.copy_low,
        "payout": float(settlement.payout),
    }


def advise_json(advice: Advice) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": card_list(advice.hand),
        "rules": advice.rules.as_dict(),
        "house_way": setting_json(advice.house),
    }
    if advice.dealer is not None:
        document["bet"] = float(advice.bet)
        document["dealer"] = setting_json(advice.dealer)
    chosen = advice.chosen_row
    if chosen is not None:
        document["chosen"] = row_json(chosen)
    document["splits"] = [row_json(row) for row in advice.rows]
    return document


def money(amount: Decimal) -> str:
    """A payout for people: ``+4.75``, ``0``, ``-5``."""
    if amount == 0:
        return "0"
    text = f"{amount:+.2f}"
    return text[:-3] if text.endswith(".00") else text


def outcome_text(settlement: Settlement) -> str:
    copies = [name for name, copied in (("high", settlement.copy_high), ("low", settlement.copy_low)) if copied]
    text = settlement.outcome.value
    if settlement.foul:
        text += " (foul)"
    elif copies:
        text += f" (copy {' and '.join(copies)})"
    return text


def setting_line(title: str, setting: HouseSetting) -> RenderableType:
    """``Dealer: K♠ K♥ 7♠ 4♥ 3♦ / J♦ 8♣   Pair of kings / Jack-eight`` and the clause below it."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    split = setting.split
    line = Text()
    line.append(f"{title}: ", style="bold")
    line.append_text(cards_markup(split.high))
    line.append(" / ")
    line.append_text(cards_markup(split.low))
    line.append(f"   {split.high_value.brief} / {split.low_value.brief}")
    return Group(line, Padding(Text(setting.rule, style="italic"), (0, 0, 0, 2)))


MARKS = (("H", "house way"), ("Y", "yours"), ("F", "foul"))


def row_marks(row: SplitAdvice) -> str:
    flags = {"H": row.house_way, "Y": row.chosen, "F": row.split.foul}
    return "".join(mark for mark, _ in MARKS if flags[mark])


def advise_text(advice: Advice) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    dealt = advice.dealer is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", style="dim")
    table.add_column("", no_wrap=True, style="bold")
    table.add_column("High (5)", no_wrap=True)
    table.add_column("Low (2)", no_wrap=True)
    table.add_column("High hand")
    if dealt:
        table.add_column("Result")
        table.add_column("Pays", justify="right")
    for number, row in enumerate(advice.rows, 1):
        split = row.split
        cells: list[Any] = [str(number), row_marks(row), cards_markup(split.high), cards_markup(split.low), split.high_value.brief]
        if row.settlement is not None:
            cells += [outcome_text(row.settlement), money(row.settlement.payout)]
        table.add_row(*cells, style="dim" if split.foul else None)
    parts: list[Any] = [cards_markup(advice.hand)]
    parts.append(setting_line(f"House way ({advice.rules.house_way.value})", advice.house))
    if advice.dealer is not None:
        parts.append(setting_line("Dealer", advice.dealer))
    chosen = advice.chosen_row
    if chosen is not None:
        parts.append(chosen_line(chosen))
    parts += [Text(), table, Text("  ".join(f"{mark} {name}" for mark, name in MARKS), style="dim")]
    return Group(*parts)


def chosen_line(row: SplitAdvice) -> Text:
    from rich.text import Text

    line = Text()
    line.append("Yours: ", style="bold")
    line.append_text(cards_markup(row.split.high))
    line.append(" / ")
    line.append_text(cards_markup(row.split.low))
    if row.split.foul:
        line.append("   FOUL: the low hand outranks the high hand", style="bold red")
    else:
        line.append(f"   {row.split.high_value.brief} / {row.split.low_value.brief}")
    if row.settlement is not None:
        line.append(f"; {outcome_text(row.settlement)}, pays {money(row.settlement.payout)}")
    return line


# --- house -------------------------------------------------------------------------------------


def house_json(setting: HouseSetting) -> dict[str, Any]:
    document = setting_json(setting)
    return {"hand": document.pop("hand"), "house_way": setting.house_way.value, **document}


def house_text(setting: HouseSetting) -> RenderableType:
    return setting_line(setting.house_way.value, setting)


def house_ways_json(ways: Sequence[HouseWay]) -> list[dict[str, str]]:
    return [{"name": way.name, "casino": way.casino, "source": way.source} for way in ways]


def house_ways_text(ways: Sequence[HouseWay], default: str) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    lines = []
    for way in ways:
        line = Text()
        line.append(way.name, style="bold")
        if way.name == default:
            line.append(" (default)")
        line.append(f"  {way.casino}\n    ")
        line.append(way.source, style="dim")
        lines.append(line)
    return Group(*lines)
