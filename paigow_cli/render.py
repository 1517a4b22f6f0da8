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
from typing import TYPE_CHECKING, Any

from paigow_cli.cards import Card
from paigow_cli.hands import HandValue
from paigow_cli.rules import Rules
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


def advise_json(hand: Sequence[Card], rules: Rules, splits: Sequence[Split]) -> dict[str, Any]:
    return {"hand": card_list(hand), "rules": rules.as_dict(), "splits": [split_json(s) for s in splits]}


def advise_text(hand: Sequence[Card], splits: Sequence[Split]) -> RenderableType:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    table.title = cards_markup(hand)
    table.add_column("#", justify="right", style="dim")
    table.add_column("High (5)", no_wrap=True)
    table.add_column("Low (2)", no_wrap=True)
    table.add_column("High hand")
    table.add_column("Low hand")
    for number, split in enumerate(splits, 1):
        foul = split.foul
        table.add_row(
            str(number),
            cards_markup(split.high),
            cards_markup(split.low),
            split.high_value.label,
            ("FOUL: " if foul else "") + split.low_value.label,
            style="dim" if foul else None,
        )
    return table
