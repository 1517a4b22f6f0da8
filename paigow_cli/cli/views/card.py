"""A strategy card printed (``paigow strategy``): the card as text, Markdown and JSON, and the card
as the whole strategy (``--complete``, ``--html``): per kind of hand, the card's rules from the top
and, where no rule fits, the clauses of the house way it starts from, each with the share of all
hands it decides; as text, Markdown and a page that prints on one sheet."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from paigow_cli.cli.output import data_table, fitted
from paigow_cli.cli.views.common import question_json
from paigow_cli.cli.views.edge import player_json
from paigow_cli.core.games import game_text

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

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

    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS
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
    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS

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
    from paigow_cli.analysis.strategy.card_rules import KIND_WORDS

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


def percent(value: Any) -> str:
    return f"{100 * float(value):.4f}%"


def card_rows(card: StrategyCard) -> list[tuple[str, int]]:
    """The card's lines of comparison: (who, score)."""
    rules = card.question.rules
    rows = [(f"The {rules.house_way} house way", card.house_score)]
    if card.base != rules.house_way:
        rows.append((f"The {card.base} house way (the card's start)", card.base_score))
    rows += [
        (f"This card ({len(card.rules)} rule{'s' * (len(card.rules) != 1)})", card.score),
        ("The best suit-blind way", card.best_way_score),
        ("Best play", card.best_score),
    ]
    return rows


def card_title(card: StrategyCard) -> str:
    rules = card.question.rules
    side = "banking" if rules.banker else "the player's side"
    return f"A strategy card against the {rules.house_way} dealer, {game_text(rules)}, {side}"


READING = (
    "Start from the {base} house way. Read from the top: the first rule that fits a hand decides it; "
    "a hand no rule fits is set by the house way."
)
SAVES_NOTE = (
    "Hands: the share of all hands a rule decides; Saves: what the card gives up without it, per unit "
    "bet per hand. Every number counts every deal exactly."
)


def card_summary(card: StrategyCard, mark: str) -> list[str]:
    """The card in plain text lines (a plugin's docstring)."""
    import textwrap

    lines = [card_title(card) + f"; {mark}.", *textwrap.wrap(READING.format(base=card.base), 96), ""]
    for number, rule in enumerate(card.rules, 1):
        text = f"{number}. {rule.words()} (saves {percent(card.ev(rule.saving))} a hand)"
        lines += textwrap.wrap(text, 96, subsequent_indent="   ")
    if card.rules:
        lines += ["", "What the words mean:"]
        for term, meaning in card.glossary:
            lines += textwrap.wrap(f"{term}: {meaning}", 96, initial_indent="  ", subsequent_indent="    ")
    lines += ["", "Exact house edge (every deal counted):"]
    lines += [f"  {who}: {percent(-card.ev(score))}" for who, score in card_rows(card)]
    return lines


def card_text(card: StrategyCard) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    title = Text(card_title(card), style="bold")
    title.append("\n" + READING.format(base=card.base), style="")
    table = data_table()
    table.add_column("#", justify="right")
    table.add_column("Rule")
    table.add_column("Hands", justify="right")
    table.add_column("Saves", justify="right")
    total = card.question.player_hands
    for number, rule in enumerate(card.rules, 1):
        table.add_row(str(number), rule.words(), f"{100 * rule.hands / total:.2f}%", percent(card.ev(rule.saving)))
    lines: list[RenderableType] = [title]
    if card.rules:
        lines.append(fitted(table, keep=2))
        lines.append(Text(f"\n{card.words} words in all. What the words mean:", style="bold"))
        for term, meaning in card.glossary:
            line = Text(f"{term}: ", style="bold")
            line.append(meaning)
            lines.append(line)
    else:
        lines.append(Text("No rule saves enough to be worth learning: the house way is the card."))
    summary = data_table()
    summary.add_column("Exact house edge")
    summary.add_column("", justify="right")
    summary.add_column("Of best play's gain", justify="right")
    gap = card.best_score - card.house_score
    for who, score in card_rows(card):
        share = f"{100 * (score - card.house_score) / gap:.1f}%" if gap else ""
        summary.add_row(who, percent(-card.ev(score)), share)
    lines += [Text(""), fitted(summary), Text(SAVES_NOTE, style="dim")]
    return Group(*lines)


def card_markdown(card: StrategyCard) -> str:
    lines = [f"## {card_title(card)}", "", READING.format(base=card.base)]
    lines += ["", "| # | Rule | Hands | Saves |", "|---:|---|---:|---:|"]
    total = card.question.player_hands
    for number, rule in enumerate(card.rules, 1):
        lines.append(
            f"| {number} | {rule.words()} | {100 * rule.hands / total:.2f}% | {percent(card.ev(rule.saving))} |"
        )
    if card.rules:
        lines += ["", f"{card.words} words in all. What the words mean:", ""]
        lines += [f"- **{term}**: {meaning}" for term, meaning in card.glossary]
    lines += ["", "| Exact house edge | | Of best play's gain |", "|---|---:|---:|"]
    gap = card.best_score - card.house_score
    for who, score in card_rows(card):
        share = f"{100 * (score - card.house_score) / gap:.1f}%" if gap else ""
        lines.append(f"| {who} | {percent(-card.ev(score))} | {share} |")
    lines += ["", SAVES_NOTE]
    return "\n".join(lines) + "\n"


def card_json(card: StrategyCard, written: Path | None = None) -> dict[str, Any]:
    from paigow_cli.analysis.money.results import result_of_totals
    from paigow_cli.analysis.strategy.card_rules import WHERE

    question = card.question

    def result(name: str, totals: list[int]) -> dict[str, Any]:
        return {"player": name, **player_json(result_of_totals(question, name, totals))}

    total = question.player_hands
    return {
        **question_json(
            question.rules, ("house_way", "game", "banker", "wheel", "commission", "dead"), dead=question.dead
        ),
        "from": card.base,
        "deals": question.deals,
        "reading": READING.format(base=card.base),
        "rules": [
            {
                "number": number,
                "kind": rule.kind,
                "move": rule.move,
                "conditions": [
                    {"feature": condition.column, "low": condition.low, "high": condition.high}
                    for condition in rule.conditions
                ],
                "where": None if rule.always else WHERE[rule.move],
                "words": rule.words(),
                "word_count": rule.word_count(),
                "hands_named": rule.hands,
                "hands_decided": rule.decided,
                "hands_share": rule.hands / total,
                "changed": rule.changed,
                "saves": float(card.ev(rule.saving)),
                "saves_fraction": str(card.ev(rule.saving)),
                "saves_per_word": float(card.ev(rule.saving)) / rule.word_count(),
                "found_at": rule.step,
                "saved_when_found": float(card.ev(rule.step_saving)),
                "house_edge_when_found": -float(card.ev(rule.step_score)),
            }
            for number, rule in enumerate(card.rules, 1)
        ],
        "words": card.words,
        "glossary": [{"term": term, "meaning": meaning} for term, meaning in card.glossary],
        "card": result("card", card.totals["card"]),
        "house": result(question.rules.house_way, card.totals["house"]),
        "base": result(card.base, card.totals["base"]),
        "best_way": result("best-way", card.totals["best_way"]),
        "best": result("best", card.totals["best"]),
        "plugin": str(written) if written is not None else None,
    }
