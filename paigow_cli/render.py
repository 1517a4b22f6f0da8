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
from paigow_cli.hands import HandValue, table_label
from paigow_cli.house_ways import HouseSetting, HouseWay
from paigow_cli.rules import Game, Rules
from paigow_cli.showdown import Settlement

if TYPE_CHECKING:
    from pathlib import Path

    from paigow_cli.cache import CachedFile
    from paigow_cli.engine import CategoryCounts, PowerRow, SplitOdds
    from paigow_cli.drill import Grade, Score
    from paigow_cli.edge import ChartCell, EdgeResult, Mistake
    from paigow_cli.simulation import SimulationResult
    from paigow_cli.table_game import Event
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


_TRAILING_SPACE = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$", re.MULTILINE)


def show(console: Any, renderable: Any) -> None:
    r"""Print a renderable with no trailing spaces on any line (Rich pads some lines to the width).

    >>> from rich.console import Console
    >>> import io
    >>> console = Console(file=io.StringIO(), width=20)
    >>> show(console, "a  \nb")
    >>> console.file.getvalue()
    'a\nb\n'
    """
    with console.capture() as capture:
        console.print(renderable)
    console.file.write(_TRAILING_SPACE.sub(r"\1", capture.get()))
    console.file.flush()


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
    if row.odds is not None:
        document.update(split_odds_json(row.odds))
        document["ev"] = row.ev
        document["best"] = row.best
    return document


def split_odds_json(odds: SplitOdds) -> dict[str, Any]:
    total = odds.total
    return {
        "wins": odds.wins,
        "pushes": odds.pushes,
        "losses": odds.losses,
        "total": total,
        "win": odds.wins / total,
        "push": odds.pushes / total,
        "lose": odds.losses / total,
    }


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    return {
        "result": settlement.outcome.value,
        "copy_high": settlement.copy_high,
        "copy_low": settlement.copy_low,
        "game_push": settlement.game_push,
        "reset": settlement.reset,
        "payout": float(settlement.payout),
    }


def advise_json(advice: Advice) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": card_list(advice.hand),
        "game": advice.rules.game.value,
        "banker": advice.rules.banker,
        "rules": advice.rules.as_dict(),
        "house_way": setting_json(advice.house),
    }
    if advice.dealer is not None:
        document["bet"] = float(advice.bet)
        document["dealer"] = setting_json(advice.dealer)
    else:
        document["dead"] = card_list(advice.dead)
    chosen = advice.chosen_row
    if chosen is not None:
        document["chosen"] = row_json(chosen)
        given_up = advice.given_up(chosen)
        if given_up is not None:
            document["chosen"]["ev_given_up"] = given_up
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
    if settlement.reset:
        text += " (foul: reset)"
    elif settlement.foul:
        text += " (foul)"
    elif settlement.game_push:
        text += " (game push)"
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
    line.append(f"   {table_label(split.high_value.key)} / {split.low_value.brief}")
    return Group(line, Padding(Text(setting.rule, style="italic"), (0, 0, 0, 2)))


MARKS = (("B", "best"), ("H", "house way"), ("Y", "yours"), ("F", "foul"))


def row_marks(row: SplitAdvice) -> str:
    flags = {"B": row.best, "H": row.house_way, "Y": row.chosen, "F": row.split.foul}
    return "".join(mark for mark, _ in MARKS if flags[mark])


def row_number(number: int, row: SplitAdvice) -> Text:
    """``" 1 BH"``: the row number, then its marks in bold."""
    from rich.text import Text

    text = Text(f"{number:>2}", style="dim")
    marks = row_marks(row)
    if marks:
        text.append(f" {marks}", style="bold")
    return text


def plural(count: int, noun: str) -> str:
    """``1 round``, ``2,000 rounds``.

    >>> plural(1, "round"), plural(2000, "round")
    ('1 round', '2,000 rounds')
    """
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def signed(value: float, places: int = 4) -> str:
    return f"{value:+.{places}f}"


def percent(count: int, total: int) -> str:
    return f"{100 * count / total:.2f}"


def advise_text(advice: Advice, show_all: bool = False) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    dealt = advice.dealer is not None
    with_ev = advice.rows[0].ev is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    table.add_column("#", justify="left", no_wrap=True)
    table.add_column("High", no_wrap=True)
    table.add_column("Low", no_wrap=True)
    table.add_column("High hand", no_wrap=True)
    if dealt:
        table.add_column("Result")
        table.add_column("Pays", justify="right")
    if with_ev:
        for name in ("Win%", "Push%", "Lose%", "EV"):
            table.add_column(name, justify="right", no_wrap=True)
    hidden = 0
    for number, row in enumerate(advice.rows, 1):
        if row.dominated and not (show_all or row.house_way or row.chosen):
            hidden += 1
            continue
        split = row.split
        cells: list[Any] = [row_number(number, row), cards_markup(split.high), cards_markup(split.low), table_label(split.high_value.key)]
        if row.settlement is not None:
            cells += [outcome_text(row.settlement), money(row.settlement.payout)]
        if row.odds is not None and row.ev is not None:
            total = row.odds.total
            cells += [percent(row.odds.wins, total), percent(row.odds.pushes, total), percent(row.odds.losses, total), signed(row.ev)]
        table.add_row(*cells, style="dim" if split.foul else ("bold" if row.best else None))
    parts: list[Any] = [hand_title(advice)]
    if advice.rules.game is not Game.CLASSIC or advice.rules.banker:
        from paigow_cli.games import PUSH_TEXT

        rule = PUSH_TEXT.get(advice.rules.game, f"{advice.rules.commission * 100:g}% commission")
        parts.append(Text(f"Game: {game_text(advice.rules)}; {rule}", style="dim"))
    if with_ev:
        parts.append(ev_line("Best", advice.best_row, advice))
    parts.append(setting_line(f"House way ({advice.rules.house_way})", advice.house))
    if with_ev:
        parts.append(ev_line("  EV", advice.house_row, advice))
    if advice.dealer is not None:
        parts.append(setting_line("Dealer", advice.dealer))
    chosen = advice.chosen_row
    if chosen is not None:
        parts.append(chosen_line(chosen))
        if with_ev:
            parts.append(ev_line("  EV", chosen, advice))
    parts += [Text(), table]
    if hidden:
        parts.append(Text(f"{hidden} settings hidden: matched or beaten on both hands (--all shows them)", style="dim"))
    shown = {mark for row in advice.rows for mark in row_marks(row)}
    legend = "  ".join(f"{mark} {name}" for mark, name in MARKS if mark in shown)
    if advice.rules.banker and "F" in shown:
        legend += " (as banker, reset to the house way)"
    parts.append(Text(legend, style="dim"))
    return Group(*parts)


def game_text(rules: Rules) -> str:
    """``classic game`` or ``ez game, you bank``: the game, as titles name it.

    >>> game_text(Rules(game=Game.EZ, banker=True))
    'ez game, you bank'
    """
    return f"{rules.game.value} game" + (", you bank" if rules.banker else "")


def hand_title(advice: Advice) -> Text:

    title = cards_markup(advice.hand)
    if advice.rows[0].odds is not None:
        total = advice.rows[0].odds.total
        title.append(f"   exact over {total:,} dealer hands", style="dim")
        if advice.dead:
            title.append("\nDead: ", style="dim")
            title.append_text(cards_markup(advice.dead))
    return title


def ev_line(title: str, row: SplitAdvice, advice: Advice) -> Text:
    """``Best: … EV +0.7008`` or ``  EV +0.2096, gives up 0.4912 against the best``."""
    from rich.text import Text

    line = Text()
    if title.strip() != "EV":
        line.append(f"{title}: ", style="bold")
        line.append_text(cards_markup(row.split.high))
        line.append(" / ")
        line.append_text(cards_markup(row.split.low))
        line.append(f"   {table_label(row.split.high_value.key)} / {row.split.low_value.brief}   ")
    else:
        line.append("  ")
    assert row.ev is not None
    line.append(f"EV {signed(row.ev)}", style="bold")
    given_up = advice.given_up(row) or 0.0
    if given_up > 0:
        line.append(f", gives up {given_up:.4f} against the best")
    elif title.strip() == "EV":
        line.append(" (the best)")
    return line


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
        line.append(f"   {table_label(row.split.high_value.key)} / {row.split.low_value.brief}")
    if row.settlement is not None:
        line.append(f"; {outcome_text(row.settlement)}, pays {money(row.settlement.payout)}")
    return line


# --- house -------------------------------------------------------------------------------------


def house_json(setting: HouseSetting) -> dict[str, Any]:
    document = setting_json(setting)
    return {"hand": document.pop("hand"), "house_way": setting.house_way, **document}


def house_text(setting: HouseSetting) -> RenderableType:
    return setting_line(setting.house_way, setting)


def house_ways_json(ways: Sequence[HouseWay], broken: Sequence[tuple[str, str]] = ()) -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = [
        {"name": way.name, "casino": way.casino, "source": way.source, "plugin": way.plugin, "origin": way.origin}
        for way in ways
    ]
    documents += [{"name": name, "plugin": True, "error": error} for name, error in broken]
    return documents


def house_ways_text(ways: Sequence[HouseWay], broken: Sequence[tuple[str, str]] = (), default: str = "") -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    lines = []
    for way in ways:
        line = Text()
        line.append(way.name, style="bold")
        if way.name == default:
            line.append(" (default)")
        if way.plugin:
            line.append(" (plugin)", style="cyan")
        line.append(f"  {way.casino}\n    ")
        line.append(way.source, style="dim")
        if way.plugin:
            line.append(f"\n    from {way.origin}", style="dim")
        lines.append(line)
    for name, error in broken:
        lines.append(Text(f"{name} (plugin, cannot be loaded)\n    {error}", style="red"))
    return Group(*lines)


def check_json(report: Any, way: HouseWay, seed: int) -> dict[str, Any]:
    from paigow_cli.house_ways.check import FAULTS

    return {
        "house_way": way.name,
        "origin": way.origin,
        "hands": report.hands,
        "seed": seed,
        "passed": report.passed,
        "faults": {
            fault: {"what": FAULTS[fault], "count": report.counts[fault], "examples": report.examples[fault]} for fault in FAULTS
        },
    }


def check_text(report: Any, way: HouseWay, seed: int) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.house_ways.check import FAULTS

    title = Text(f"{way.name}: {report.hands:,} hands set (seed {seed}), ", style="bold")
    if report.passed:
        title.append("no fault found", style="bold green")
        return Group(title, Text("  checked: exceptions, fronts, fouls, card order, suits", style="dim"))
    title.append(f"{sum(report.counts.values()):,} faults", style="bold red")
    lines = [title]
    for fault, what in FAULTS.items():
        count = report.counts[fault]
        if not count:
            continue
        lines.append(Text(f"{what}: {count:,} hands", style="red"))
        for example in report.examples[fault]:
            lines.append(Text(f"  {example}"))
    return Group(*lines)


# --- odds, power, cache ----------------------------------------------------------------------------


def odds_json(counts: CategoryCounts, dead: Sequence[Card]) -> dict[str, Any]:
    total = counts.total
    return {
        "dead": card_list(dead),
        "total": total,
        "categories": [
            {"category": category.slug, "count": count, "probability": count / total}
            for category, count in sorted(counts.counts.items(), reverse=True)
        ],
        "royal_flush": {"count": counts.royal_flushes, "probability": counts.royal_flushes / total},
    }


def one_in(count: int, total: int) -> str:
    return f"1 in {total / count:,.1f}" if count else "never"


def odds_text(counts: CategoryCounts, dead: Sequence[Card]) -> RenderableType:
    from rich import box
    from rich.table import Table

    from rich.console import Group
    from rich.text import Text

    total = counts.total
    title = Text(f"Seven-card hands by their best five: {total:,}")
    if dead:
        title.append("\nDead: ")
        title.append_text(cards_markup(dead))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    for name, justify in (("Category", "left"), ("Count", "right"), ("Probability", "right"), ("Odds", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    rows = sorted(counts.counts.items(), reverse=True)
    for category, count in rows:
        table.add_row(category.slug, f"{count:,}", f"{count / total:.6f}", one_in(count, total))
        if category.slug == "straight-flush":
            royal = counts.royal_flushes
            table.add_row("  of which royal", f"{royal:,}", f"{royal / total:.6f}", one_in(royal, total), style="dim")
    return Group(title, table)


def power_row_json(row: PowerRow, total: int, with_category: bool) -> dict[str, Any]:
    document: dict[str, Any] = {"category": row.category.slug} if with_category else {}
    document.update({"ranks": row.ranks, "count": row.count, "probability": row.count / total, "player_wins": row.player_wins / total})
    return document


def power_json(rules: Rules, total: int, lows: Sequence[PowerRow], highs: Sequence[PowerRow]) -> dict[str, Any]:
    return {
        "house_way": rules.house_way,
        "wheel": rules.wheel.value,
        "total": total,
        "low_hands": [power_row_json(row, total, with_category=False) for row in lows],
        "high_hands": [power_row_json(row, total, with_category=True) for row in highs],
    }


def power_text(rules: Rules, total: int, lows: Sequence[PowerRow], highs: Sequence[PowerRow]) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table

    def table_of(title: str, rows: Sequence[PowerRow], with_category: bool) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, title=title, title_justify="left")
        if with_category:
            table.add_column("Category")
        table.add_column("Top" if with_category else "Low", justify="right")
        for name in ("Count", "Probability", "Player wins"):
            table.add_column(name, justify="right")
        for row in rows:
            cells = ([row.category.slug] if with_category else []) + [
                row.ranks, f"{row.count:,}", f"{row.count / total:.6f}", f"{row.player_wins / total:.6f}",
            ]
            table.add_row(*cells)
        return table

    from rich.text import Text

    heading = Text(f"The dealer's setting by the {rules.house_way} house way, over {total:,} dealer hands", style="bold")
    return Group(
        heading,
        table_of("Low hands", lows, with_category=False),
        Text(),
        table_of("High hands, by category and top rank", highs, with_category=True),
    )


def cache_json(folder: Path, files: Sequence[CachedFile], missing: Sequence[tuple[str, Any]] = (), problem: str | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "directory": str(folder),
        "tables": [{"file": file.path.name, "size": file.size, "current": file.current} for file in files],
        "not_built": [{"table": what, "file": path.name} for what, path in missing],
    }
    if problem:
        document["problem"] = problem
    return document


def cache_text(folder: Path, files: Sequence[CachedFile], missing: Sequence[tuple[str, Any]] = (), problem: str | None = None) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if problem:
        return Text(f"Cache folder: {folder}\nIt is a file, not a folder: no table can be cached there, so each run "
                    "builds the tables it needs. Set PAIGOW_CACHE_DIR to a folder.")
    parts: list[Any] = [Text(f"Cache folder: {folder}")]
    if files:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
        table.add_column("Table", overflow="fold")
        table.add_column("Size", justify="right", no_wrap=True)
        table.add_column("State")
        for file in files:
            state = "current" if file.current else "stale (another version)"
            if file.path.name.endswith(".partial"):
                state = "unfinished run (resumes)" if file.current else "unfinished run, stale"
            table.add_row(file.path.name, f"{file.size / 1e6:.1f} MB", state)
        parts.append(table)
    else:
        parts.append(Text("No tables yet: they are built on first use, or with paigow cache build."))
    if missing:
        parts.append(Text(f"Not built yet ({len(missing)}): built on first use, or with paigow cache build --all", style="bold"))
        parts += [Text(f"  {what}", style="dim") for what, _ in missing]
    return Group(*parts)


# --- simulate ---------------------------------------------------------------------------------------


def simulation_json(
    result: SimulationResult, rules: Rules, seed: int, player: str, hand: Sequence[Card] | None, interrupted: bool = False
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hands": result.rounds,
        "interrupted": interrupted,
        "win": result.win,
        "push": result.push,
        "lose": result.lose,
        "copy_high": result.copy_high,
        "copy_low": result.copy_low,
        "fouls": result.fouls,
        "ev": result.ev,
        "house_edge": result.house_edge,
        "stderr": result.stderr,
        "interval": list(result.interval),
        "seed": seed,
        "house_way": rules.house_way,
        "game": rules.game.value,
        "banker": rules.banker,
        "player": player,
        "commission": rules.commission,
    }
    if hand is not None:
        document["hand"] = card_list(sort_cards(hand))
    if result.difference is not None:
        document["gain_over_house_way"] = result.difference
        document["gain_stderr"] = result.difference_stderr
    return document


def simulation_text(
    result: SimulationResult, rules: Rules, seed: int, player: str, hand: Sequence[Card] | None, interrupted: bool = False
) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    who = "the house way" if player == "house" else "the best EV setting"
    if player == "best" and rules.game is Game.FACE_UP:
        who = "the best setting against the dealer's shown hand"
    title = Text(f"{plural(result.rounds, 'round')} of the {game_text(rules)} against the {rules.house_way} dealer", style="bold")
    title.append(f"\nPlayer setting by {who}; seed {seed}" + ("; interrupted" if interrupted else ""))
    if hand is not None:
        title.append("\nPlayer's hand fixed: ")
        title.append_text(cards_markup(sort_cards(hand)))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True, show_header=False)
    table.add_column("What")
    table.add_column("Value", justify="right")
    rows = [
        ("Win", f"{100 * result.win:.3f}%"),
        ("Push", f"{100 * result.push:.3f}%"),
        ("Lose", f"{100 * result.lose:.3f}%"),
        ("Copies, high hand", f"{100 * result.copy_high:.3f}%"),
        ("Copies, low hand", f"{100 * result.copy_low:.3f}%"),
        ("Fouls", f"{result.fouls:,}"),
        ("Player EV per unit", f"{result.ev:+.5f}"),
        ("House edge", f"{100 * result.house_edge:.3f}% ± {100 * result.stderr:.3f}%"),
        ("95% interval", f"{100 * result.interval[0]:.3f}% to {100 * result.interval[1]:.3f}%"),
    ]
    if result.difference is not None and result.difference_stderr is not None:
        rows.append(("Gain over the house way's setting", f"{result.difference:+.5f} ± {result.difference_stderr:.5f}"))
    for what, value in rows:
        table.add_row(what, value)
    return Group(title, table)


# --- drill and play ---------------------------------------------------------------------------------


def setting_cards(split: Split) -> Text:
    from rich.text import Text

    text = Text()
    text.append_text(cards_markup(split.high))
    text.append(" / ")
    text.append_text(cards_markup(split.low))
    return text


def drill_hand_text(number: int, count: int, hand: Sequence[Card]) -> RenderableType:
    from rich.text import Text

    text = Text(f"\nHand {number} of {count}:  ", style="bold")
    text.append_text(cards_markup(hand))
    return text


def drill_grade_text(grade: Grade) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    yours, best, house = grade.yours, grade.best, grade.house
    verdict = Text()
    if yours.split.foul:
        verdict.append("Foul! ", style="bold red")
        verdict.append("The low hand outranks the high hand, so the setting loses outright.")
    elif grade.found_best:
        verdict.append("The best setting.", style="bold green")
    else:
        verdict.append(f"Gives up {grade.given_up:.4f} units against the best.", style="bold yellow")
    lines = [verdict]
    for title, row in (("Yours", yours), ("Best", best), ("House way", house)):
        line = Text(f"  {title + ':':11}")
        line.append_text(setting_cards(row.split))
        line.append(f"   EV {signed(row.ev or 0.0)}")
        lines.append(line)
    lines.append(Text(f"  House way's clause: {grade.advice.house.rule}", style="dim italic"))
    return Group(*lines)


def drill_hint_text(advice: Advice) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    lines = [Text("Hint (this hand will not be scored):", style="bold")]
    for title, row in (("Best", advice.best_row), ("House way", advice.house_row)):
        line = Text(f"  {title + ':':11}")
        line.append_text(setting_cards(row.split))
        line.append(f"   EV {signed(row.ev or 0.0)}")
        lines.append(line)
    return Group(*lines)


def drill_summary_text(score: Score) -> RenderableType:
    from rich.text import Text

    if not score.hands:
        return Text("\nNo hands graded.")
    return Text(
        f"\n{score.hands} hand{'s' if score.hands != 1 else ''} graded: {score.best} best, {score.fouls} foul{'s' if score.fouls != 1 else ''}, "
        f"EV given up {score.given_up:.4f} in all ({score.average_given_up:.4f} a hand).",
        style="bold",
    )


def play_event_text(event: Event) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.table_game import Dealt, Folded, Hint, RoundOver, Say, SideResult
    from paigow_cli.table_game import ev_dollars
    from paigow_cli.table_game import money as dollars

    if isinstance(event, Say):
        style = {"error": "red", "warning": "yellow"}.get(event.kind, "")
        return Text(event.text, style=style)
    if isinstance(event, Dealt):
        text = Text("Your cards:  ", style="bold")
        text.append_text(cards_markup(event.player))
        text.append("\nDealer:      ", style="bold")
        if event.dealer is None:
            text.append("▒▒ " * 6 + "▒▒", style="dim")
        else:  # Face Up: set by the house way, in sight
            text.append_text(setting_cards(event.dealer.split))
            text.append(f"   {table_label(event.dealer.split.high_value.key)} / {event.dealer.split.low_value.brief}")
        text.append("\nName your two low cards, or: house, hint, fold, quit, help.", style="dim")
        return text
    if isinstance(event, Hint):
        best, house = event.advice.best_row, event.advice.house_row
        lines = []
        for title, row in (("Best", best), ("House way", house)):
            if row.ev is None and row.settlement is not None:  # Face Up: against the shown hand
                lines.append(Text(f"{title}: ", style="bold") + setting_cards(row.split)
                             + Text(f"   {outcome_text(row.settlement)} against the dealer's hand, pays {money(row.settlement.payout)}"))
                continue
            ev = row.ev or 0.0
            lines.append(Text(f"{title}: ", style="bold") + setting_cards(row.split)
                         + Text(f"   EV {signed(ev)} ({ev_dollars(ev, event.wager)} on your {dollars(event.wager)})"))
        return Group(*lines)
    if isinstance(event, Folded):
        return Text(f"You fold and lose {dollars(event.wager)}. Balance {dollars(event.balance)}.", style="yellow")
    if isinstance(event, SideResult):
        return side_result_text(event)
    assert isinstance(event, RoundOver)
    player, dealer, settlement = event.player, event.dealer.split, event.settlement
    lines = []
    mine = Text("You:    ", style="bold") + setting_cards(player)
    mine.append(f"   {table_label(player.high_value.key)} / {player.low_value.brief}")
    if event.player_rule:
        mine.append(f"  (house way: {event.player_rule})", style="dim")
    lines.append(mine)
    theirs = Text("Dealer: ", style="bold") + setting_cards(dealer)
    theirs.append(f"   {table_label(dealer.high_value.key)} / {dealer.low_value.brief}")
    lines.append(theirs)
    lines.append(Text(f"        {event.dealer.rule}", style="dim italic"))
    if player.foul and not settlement.reset:
        lines.append(Text("Your setting fouls and loses.", style="red"))
    elif settlement.game_push:
        from paigow_cli.games import PUSH_TEXT

        lines.append(Text(f"No contest: {PUSH_TEXT[event.rules.game]}."))
    else:
        if settlement.reset:
            lines.append(Text("Your setting fouls; as the banker your hand is reset to the house way:", style="yellow"))
            player = event.house
        for name, mine_key, theirs_key, copied in (
            ("High", player.high_value, dealer.high_value, settlement.copy_high),
            ("Low", player.low_value, dealer.low_value, settlement.copy_low),
        ):
            copy_to = "you (the banker)" if event.rules.banker else "the dealer"
            verdict = f"copy, to {copy_to}" if copied else ("you win" if mine_key > theirs_key else "dealer wins")
            lines.append(Text(f"{name} hand: {verdict}"))
    outcome = settlement.outcome.value
    commission = event.rules.commission
    less = f" less {commission * 100:g}% commission" if commission else ""
    summary = {
        "win": f"You win {dollars(settlement.payout)} ({dollars(event.wager)}{less}).",
        "push": f"Push: your {dollars(event.wager)} comes back.",
        "lose": f"You lose {dollars(event.wager)}.",
    }[outcome]
    style = {"win": "bold green", "push": "bold", "lose": "bold red"}[outcome]
    lines.append(Text(f"{summary} Balance {dollars(event.balance)}.", style=style))
    if event.side is not None:
        lines.append(side_result_text(event.side))
    return Group(*lines)


def side_result_text(result: Any) -> Text:
    """``Fortune Bonus: Three of a kind pays 3 to 1: you win $15.`` (or the loss)."""
    from rich.text import Text

    from paigow_cli.table_game import money as dollars

    title = result.table.title
    if result.paid.line is None:
        return Text(f"{title}: no paying hand; you lose {dollars(result.wager)}.", style="red")
    return Text(
        f"{title}: {result.paid.line.label} pays {result.paid.pays} to 1: you win {dollars(result.payout)}.", style="bold green"
    )


# --- side bets -------------------------------------------------------------------------------------


def _paid(table: Any, hand: Sequence[Card], setting: HouseSetting | None) -> Any:
    from paigow_cli.games import is_nine_high_low
    from paigow_cli.side_bets import pay

    nine_high = table.needs_house_way and setting is not None and is_nine_high_low(setting.split.low_value.key)
    return pay(table, hand, low_is_nine_high=nine_high)


def pays_number(pays: int | Decimal) -> int | float:
    return pays if isinstance(pays, int) else float(pays)


def bonus_json(hand: Sequence[Card], tables: Sequence[Any], setting: HouseSetting | None) -> dict[str, Any]:
    """What seven cards pay on each table: ``hand``, and per table its line (null: loses) and ``pays``."""
    rows = []
    for table in tables:
        paid = _paid(table, hand, setting)
        rows.append({
            "table": table.name,
            "on": table.on,
            "hand": paid.line.slug if paid.line is not None else None,
            "label": paid.line.label if paid.line is not None else "No paying hand",
            "pays": pays_number(paid.pays),
        })
    document: dict[str, Any] = {"hand": card_list(hand), "tables": rows}
    if setting is not None:
        document["house_way"] = setting_json(setting)
    return document


def bonus_text(hand: Sequence[Card], tables: Sequence[Any], setting: HouseSetting | None) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    grid.add_column("Side bet", no_wrap=True)
    grid.add_column("On", no_wrap=True)
    grid.add_column("Hand")
    grid.add_column("Pays", justify="right", no_wrap=True)
    for table in tables:
        paid = _paid(table, hand, setting)
        on = {"player": "player's 7", "dealer": "dealer's low" if table.needs_house_way else "dealer's 7"}[table.on]
        if paid.line is None:
            grid.add_row(table.title, on, Text("nothing", style="dim"), Text("loses", style="dim"))
        else:
            grid.add_row(table.title, on, paid.line.label, Text(f"{paid.pays} to 1", style="bold green"))
    parts: list[Any] = [cards_markup(hand), Text(), grid]
    if setting is not None:
        front = Text(f"Tiger 9: the {setting.house_way} house way puts ", style="dim")
        parts.append(front + cards_markup(setting.split.low) + Text(" in front", style="dim"))
    return Group(*parts)


def bonus_odds_json(odds: Any, rules: Rules, dead: Sequence[Card]) -> dict[str, Any]:
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
        "dead": card_list(dead),
    }
    if odds.table.needs_house_way:
        document["house_way"] = rules.house_way
    return document


def bonus_odds_text(odds: Any, rules: Rules, dead: Sequence[Card]) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    total = odds.total
    title = Text(f"{odds.table.title}: exact over {total:,} seven-card hands", style="bold")
    if odds.table.needs_house_way:
        title.append(f", {rules.house_way} house way")
    if dead:
        title.append("\ndead: ", style="dim")
        title.append_text(cards_markup(dead))
    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
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
    return Group(title, grid, summary)


# --- the whole game: edge and mistakes --------------------------------------------------------------


def edge_json(question: Any, result: EdgeResult) -> dict[str, Any]:
    rules = question.rules
    document: dict[str, Any] = {
        "house_way": rules.house_way,
        "game": rules.game.value,
        "banker": rules.banker,
        "player": result.player,
        "wheel": rules.wheel.value,
        "commission": rules.commission,
        "dead": card_list(sort_cards(question.dead)),
        "deals": result.deals,
        "wins": result.wins,
        "pushes": result.pushes,
        "losses": result.losses,
        "copies_high": result.copies_high,
        "copies_low": result.copies_low,
        "fouls": result.fouls,
        "win": result.rate(result.wins),
        "push": result.rate(result.pushes),
        "lose": result.rate(result.losses),
        "copy_high": result.rate(result.copies_high),
        "copy_low": result.rate(result.copies_low),
        "ev": result.ev,
        "house_edge": result.house_edge,
        "ev_fraction": f"{result.ev_fraction.numerator}/{result.ev_fraction.denominator}",
    }
    return document


def edge_text(
    question: Any, result: EdgeResult, simulated: Any = None, seconds: float | None = None, other: EdgeResult | None = None
) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    rules = question.rules
    who = "the house way" if result.player == "house" else "the best EV setting of every hand"
    title = Text(f"The whole {game_text(rules)} against the {rules.house_way} dealer, exactly", style="bold")
    title.append(f"\nEvery one of {result.deals:,} deals; the player sets by {who}")
    if question.dead:
        title.append("\nDead cards: ")
        title.append_text(cards_markup(sort_cards(question.dead)))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    table.add_column("")
    table.add_column("Deals", justify="right")
    table.add_column("Rate", justify="right")
    if simulated is not None:
        table.add_column("Simulated*", justify="right")
    rows = [
        ("Win", result.wins, "win"),
        ("Push", result.pushes, "push"),
        ("Lose", result.losses, "lose"),
        ("Copies, high", result.copies_high, "copy_high"),
        ("Copies, low", result.copies_low, "copy_low"),
    ]
    for what, count, field in rows:
        cells = [what, f"{count:,}", f"{100 * result.rate(count):.4f}%"]
        if simulated is not None:
            cells.append(f"{100 * getattr(simulated, field):.3f}%")
        table.add_row(*cells)
    edge_cells = ["House edge", "", f"{100 * result.house_edge:.4f}%"]
    if simulated is not None:
        edge_cells.append(f"{100 * simulated.house_edge:.3f}% ± {100 * simulated.stderr:.3f}%")
    table.add_row(*edge_cells)
    lines = [title, table, Text(f"Player EV per unit: {result.ev:+.7f} (exactly {result.ev_fraction})")]
    if other is not None:
        house, best = (result, other) if result.player == "house" else (other, result)
        lines.append(Text(
            f"House edge with the house way's settings {100 * house.house_edge:.4f}%, with the best "
            f"{100 * best.house_edge:.4f}%: best play saves {100 * (best.ev - house.ev):.4f}% of a unit per hand "
            "(paigow mistakes shows where)."
        ))
    if simulated is not None:
        lines.append(Text(f"* what {simulated.rounds:,} simulated rounds (seed 1) would have said", style="dim"))
    if seconds is not None:
        lines.append(Text(f"Computed in {seconds:,.0f} s; cached, so asking again is instant.", style="dim"))
    return Group(*lines)


def mistakes_json(question: Any, gap: Any, rows: Sequence[Mistake], settings: dict[str, Any]) -> dict[str, Any]:
    rules = question.rules
    return {
        "house_way": rules.house_way,
        "game": rules.game.value,
        "banker": rules.banker,
        "wheel": rules.wheel.value,
        "commission": rules.commission,
        "dead": card_list(sort_cards(question.dead)),
        "gap": float(gap),
        "gap_fraction": f"{gap.numerator}/{gap.denominator}",
        "rules": [
            {
                "rule": row.rule,
                "hands": row.hands,
                "differs": row.differs,
                "ev_given_up": float(row.ev_given_up),
                "mean_ev_given_up": row.mean_given_up,
                "share": row.share,
                "example": None if row.example is None else {
                    "hand": card_list(row.example),
                    "ev_given_up": row.example_given_up,
                    **{name: split_json(split) for name, split in settings[row.rule].items()},
                },
            }
            for row in rows
        ],
    }


def mistakes_text(question: Any, gap: Any, rows: Sequence[Mistake], settings: dict[str, Any]) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    rules = question.rules
    title = Text(f"Where the {rules.house_way} house way gives EV away ({game_text(rules)})", style="bold")
    title.append(f"\nBest play gains {100 * float(gap):.4f}% of a unit per hand over the house way, exactly; by clause:")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    table.add_column("Share", justify="right")
    table.add_column("Clause")
    table.add_column("Hands", justify="right")
    table.add_column("Differ", justify="right")
    table.add_column("Mean", justify="right")
    for row in rows:
        if row.hands == 0:
            continue
        table.add_row(
            f"{100 * row.share:.1f}%", row.rule, f"{row.hands:,}", f"{100 * row.differs / row.hands:.1f}%", f"{row.mean_given_up:.5f}"
        )
    lines: list[Any] = [title, table, Text("Mean: EV per unit given up per hand the clause decides.", style="dim")]
    examples = [row for row in rows if row.example is not None][:5]
    if examples:
        lines.append(Text("\nThe hand each costliest clause gives up most on:", style="bold"))
        for row in examples:
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


def chart_json(question: Any, cells: Sequence[ChartCell]) -> dict[str, Any]:
    rules = question.rules
    return {
        "house_way": rules.house_way,
        "game": rules.game.value,
        "banker": rules.banker,
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
                "house_way": cell.house,
            }
            for cell in cells
        ],
    }


def chart_text(question: Any, cells: Sequence[ChartCell]) -> RenderableType:
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
    title.append("\nExact over every plain two-pair hand (no joker, straight or flush). Rows: the pairs; columns: the best single card.")
    header = Text("Pairs  " + " ".join(f"{CHART_RANKS[single - 2]:>2}" for single in singles))
    lines: list[Any] = [title, header]
    for (high, low), row in sorted(by_pairs.items(), reverse=True):
        line = Text(f"{CHART_RANKS[high - 2]}{CHART_RANKS[high - 2]}{CHART_RANKS[low - 2]}{CHART_RANKS[low - 2]}   ")
        for single in singles:
            cell = row.get(single)
            if cell is None:
                line.append(" · ", style="dim")
                continue
            letter = "S" if cell.better == "split" else "T"
            agrees = cell.house == cell.better
            style = ("green" if letter == "S" else "blue") if agrees else "bold red"
            line.append(f" {letter if agrees else letter.lower()}{'*' if cell.house == 'mixed' else ' '}"[:3], style=style)
        lines.append(line)
    lines.append(Text(
        "S: splitting is better on average (the low pair in front); T: keeping both pairs\n"
        "in back is. Upper case: the house way does the better thing; lower case (red):\n"
        "it does the other; *: it does each, depending on the other cards.",
        style="dim",
    ))
    return Group(*lines)
