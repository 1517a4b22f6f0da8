"""A strategy card as the whole strategy (``paigow strategy --complete``, ``--html``): per kind of
hand, the card's rules from the top and, where no rule fits, the clauses of the house way it
starts from, each with the share of all hands it decides; as text, Markdown and a page that
prints on one sheet."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.strategy.card import StrategyCard
    from paigow_cli.analysis.strategy.clauses import KindPage


def share(hands: int, total: int) -> str:
    return f"{100 * hands / total:.2f}%"


def otherwise(card: StrategyCard) -> str:
    return f"Otherwise, the {card.base} house way:"


def complete_text(card: StrategyCard, pages: Sequence[KindPage], title: str) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.analysis.strategy.card import KIND_WORDS
    from paigow_cli.cli.output import data_table, fitted

    total = sum(page.hands for page in pages)
    table = data_table()
    table.add_column("Hands", justify="right")
    table.add_column("Kind of hand: the card's rules, then the house way's clauses")
    for page in pages:
        table.add_row(share(page.hands, total), Text(KIND_WORDS[page.kind], style="bold"))
        for number, hands in page.rules:
            table.add_row(share(hands, total), f"  {number}. {card.rules[number - 1].words()}")
        if page.clauses:
            if page.rules:
                table.add_row("", Text(f"  {otherwise(card)}", style="italic"))
            for clause in page.clauses:
                table.add_row(share(clause.hands, total), f"    {clause.clause}")
    heading = Text(title, style="bold")
    heading.append(
        f"\nThe whole strategy, kind by kind: the card's rules from the top (the first that fits decides), "
        f"then the {card.base} house way's clauses for the hands no rule names. Hands: the share of all hands "
        "each decides."
    )
    return Group(heading, fitted(table))


def complete_markdown(card: StrategyCard, pages: Sequence[KindPage], title: str) -> str:
    from paigow_cli.analysis.strategy.card import KIND_WORDS

    total = sum(page.hands for page in pages)
    lines = [f"## {title}", "", "The whole strategy, kind by kind: the card's rules from the top (the first that fits"]
    lines[-1] += f" decides), then the {card.base} house way's clauses for the hands no rule names."
    for page in pages:
        lines += ["", f"### {KIND_WORDS[page.kind]} ({share(page.hands, total)} of hands)", ""]
        lines += [f"{number}. {card.rules[number - 1].words()} ({share(hands, total)})" for number, hands in page.rules]
        if page.clauses:
            if page.rules:
                lines += ["", otherwise(card), ""]
            lines += [f"- {clause.clause} ({share(clause.hands, total)})" for clause in page.clauses]
    return "\n".join(lines) + "\n"


def complete_html(card: StrategyCard, pages: Sequence[KindPage], title: str, glossary: Sequence[Any]) -> str:
    """A standalone page that prints on one sheet: small type in three columns."""
    from paigow_cli.analysis.strategy.card import KIND_WORDS

    total = sum(page.hands for page in pages)
    escape = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        "<style>",
        "@page { size: auto; margin: 8mm; }",
        "body { font: 6.5pt/1.25 system-ui, sans-serif; margin: 0; columns: 3; column-gap: 5mm; }",
        "h1 { font-size: 9pt; column-span: all; margin: 0 0 2mm; }",
        "p.lead { column-span: all; margin: 0 0 2mm; }",
        "h2 { font-size: 7.5pt; margin: 2mm 0 0.5mm; break-after: avoid; }",
        "ol, ul { margin: 0; padding-left: 4mm; } li { break-inside: avoid; }",
        ".share { color: #666; } .otherwise { font-style: italic; margin: 0.5mm 0 0; }",
        "dl { margin: 2mm 0 0; } dt { font-weight: bold; } dd { margin: 0 0 0.5mm 2mm; }",
        "</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        '<p class="lead">The whole strategy, kind by kind: the card\'s rules from the top (the first that '
        f"fits decides), then the {escape(card.base)} house way's clauses for the hands no rule names; "
        "the share of all hands each decides in grey.</p>",
    ]
    for page in pages:
        parts.append(f"<h2>{escape(KIND_WORDS[page.kind])} <span class=share>{share(page.hands, total)}</span></h2>")
        if page.rules:
            start = page.rules[0][0]
            parts.append(f'<ol start="{start}">')
            parts += [
                f"<li>{escape(card.rules[number - 1].words())} <span class=share>{share(hands, total)}</span></li>"
                for number, hands in page.rules
            ]
            parts.append("</ol>")
        if page.clauses:
            if page.rules:
                parts.append(f'<p class="otherwise">{escape(otherwise(card))}</p>')
            parts.append("<ul>")
            parts += [
                f"<li>{escape(clause.clause)} <span class=share>{share(clause.hands, total)}</span></li>"
                for clause in page.clauses
            ]
            parts.append("</ul>")
    if glossary:
        parts.append("<h2>What the words mean</h2><dl>")
        parts += [f"<dt>{escape(term)}</dt><dd>{escape(meaning)}</dd>" for term, meaning in glossary]
        parts.append("</dl>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
