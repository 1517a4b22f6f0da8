"""How ``paigow edge`` is shown: a question's answer (``edge_text``, ``edge_json``), all 56 at
once (text, JSON Lines, CSV), and the player's part other commands show too (``player_json``,
``strategy_words``)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow_cli.analysis.money.spread import spread_json
from paigow_cli.cli.output import (
    card_list,
    cards_markup,
    data_table,
    fitted,
)
from paigow_cli.cli.views.common import (
    QUESTION_KEYS,
    csv_value,
    question_json,
    spread_text,
)
from paigow_cli.core.cards import sort_cards
from paigow_cli.core.games import game_text
from paigow_cli.core.money import money, money_of
from paigow_cli.core.rules import BEST_WAY

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.study.simulation import SimulationResult


def edge_all_json(question: Question, house: EdgeResult, best: EdgeResult) -> dict[str, Any]:
    """One line of ``edge --all --json``: the question, then each player's counts as ``edge --json``."""
    return {
        **question_json(question.rules, [key for key in QUESTION_KEYS if key != "player"], dead=question.dead),
        "deals": house.deals,
        "house": player_json(house),
        "best": player_json(best),
        "best_play_saves": best.ev - house.ev,
    }


Charge = tuple[Fraction, Decimal, Decimal]  # a flat fee: per unit bet, the fee, the bet it is charged on
NO_FEE: Charge = (Fraction(0), Decimal(0), Decimal(1))
CSV_COLUMNS = (
    "house_way",
    "game",
    "side",
    "wheel",
    "commission",
    "dead",
    "house_edge_house_way",
    "house_edge_best",
    "best_play_saves",
    "ev_fraction_house_way",
    "ev_fraction_best",
    "deals",
    "wins_house_way",
    "pushes_house_way",
    "losses_house_way",
    "wins_best",
    "pushes_best",
    "losses_best",
    "sd_house_way",
    "sd_best",
    "variance_fraction_house_way",
    "variance_fraction_best",
)


def edge_csv(rows: Sequence[tuple[Question, EdgeResult, EdgeResult]]) -> str:
    """``edge --all --csv``: a header, then one row per question (rates as fractions, counts exact)."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for question, house, best in rows:
        rules = question.rules
        writer.writerow(
            [
                rules.house_way,
                rules.game.value,
                rules.side,
                rules.wheel.value,
                rules.commission,
                csv_value(card_list(sort_cards(question.dead))),
                repr(house.house_edge),
                repr(best.house_edge),
                repr(best.ev - house.ev),
                str(house.ev_fraction),
                str(best.ev_fraction),
                house.deals,
                house.wins,
                house.pushes,
                house.losses,
                best.wins,
                best.pushes,
                best.losses,
                repr(house.payouts.sd),
                repr(best.payouts.sd),
                str(house.payouts.variance),
                str(best.payouts.variance),
            ]
        )
    return text.getvalue()


def edge_all_text(
    rows: Sequence[tuple[Question, EdgeResult, EdgeResult]], seconds: float | None, *, cached: bool = True
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    first = rows[0][0]
    title = Text("The whole game for every house way, game and side of the bank, exactly", style="bold")
    title.append(f"\nEvery one of {rows[0][1].deals:,} deals each; wheel: {first.rules.wheel.value}")
    if first.dead:
        title.append("; dead cards: ")
        title.append_text(cards_markup(sort_cards(first.dead)))
    table = data_table()
    table.add_column("House way")
    table.add_column("Game")
    table.add_column("Side")
    table.add_column("House way's play", justify="right")
    table.add_column("Best play", justify="right")
    table.add_column("Saves", justify="right")
    table.add_column("SD", justify="right")
    for question, house, best in rows:
        rules = question.rules
        table.add_row(
            rules.house_way,
            rules.game.value,
            rules.side,
            f"{100 * house.house_edge:.4f}%",
            f"{100 * best.house_edge:.4f}%",
            f"{100 * (best.ev - house.ev):.4f}%",
            f"{house.payouts.sd:.4f}",
        )
    lines: list[RenderableType] = [
        title,
        fitted(table, keep=3),
        Text(
            "House edge per unit bet; the player sets every hand by the house way, or by its best EV; SD: the "
            "standard deviation of one hand's result, in bets, with the house way's play."
        ),
    ]
    if seconds is not None:
        lines.append(Text(computed_text(f"{seconds / 60:,.1f} min", cached=cached), style="dim"))
    return Group(*lines)


def player_json(result: EdgeResult) -> dict[str, Any]:
    """One player's counts and rates, as ``edge --json`` gives them after the question."""
    seen = result.seen  # Face Up, best set after seeing the dealer's hand: which setting copies is undefined
    return {
        "wins": result.wins,
        "pushes": result.pushes,
        "losses": result.losses,
        "copies_high": None if seen else result.copies_high,
        "copies_low": None if seen else result.copies_low,
        "fouls": result.fouls,
        "win": result.rate(result.wins),
        "push": result.rate(result.pushes),
        "lose": result.rate(result.losses),
        "copy_high": None if seen else result.rate(result.copies_high),
        "copy_low": None if seen else result.rate(result.copies_low),
        "dealer_seen": seen,
        "ev": result.ev,
        "house_edge": result.house_edge,
        "ev_fraction": f"{result.ev_fraction.numerator}/{result.ev_fraction.denominator}",
        **spread_json(result.payouts),
    }


def edge_json(
    question: Question, result: EdgeResult, own: EdgeResult | None = None, charge: Charge = NO_FEE
) -> dict[str, Any]:
    """``edge --json``: the question (``player`` the strategy's name: the dealer's own way's, best,
    best-way, another way or plugin), the fee (``charge``: per unit bet, the fee, the bet), the
    counts and rates, and the gain over the dealer's own way (``own``), exactly too."""
    player = question.rules.house_way if result.player == "house" else result.player
    per_unit, fee, bet = charge
    document = {
        **question_json(question.rules, player=player, dead=question.dead),
        "fee": float(fee),
        "bet": float(bet),
        "fee_per_unit": float(per_unit),
        "deals": result.deals,
        **player_json(result),
    }
    if own is not None:
        gain = result.ev_fraction - own.ev_fraction
        document["gain_over_house_way"] = float(gain)
        document["gain_fraction"] = f"{gain.numerator}/{gain.denominator}"
    return document


def edge_text(
    question: Question,
    result: EdgeResult,
    simulated: SimulationResult | None = None,
    seconds: float | None = None,
    other: EdgeResult | None = None,
    own: EdgeResult | None = None,
    *,
    cached: bool = True,
    charge: Charge = NO_FEE,
) -> RenderableType:
    """``edge``'s text; ``other`` the other player of the pass (best play, or the house way's), and
    for best-way ``own`` the dealer's own way's result."""
    from rich.console import Group
    from rich.text import Text

    rules = question.rules
    who = {
        "house": "the house way",
        "best": "the best EV setting of every hand",
        BEST_WAY: "the best suit-blind way (every class of hands by its best EV)",
    }.get(result.player, f"the {result.player} house way")
    if result.seen:
        who = "the best setting against the dealer's hand, seen first (Face Up)"
    title = Text(f"The whole {game_text(rules)} against the {rules.house_way} dealer, exactly", style="bold")
    title.append(f"\nEvery one of {result.deals:,} deals; the player sets by {who}")
    if question.dead:
        title.append("\nDead cards: ")
        title.append_text(cards_markup(sort_cards(question.dead)))
    table = data_table()
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
        if result.seen and field.startswith("copy"):
            cells = [what, "not counted", ""]  # which of the settings that do best takes a deal is a free choice
        if simulated is not None:
            cells.append(f"{100 * getattr(simulated, field):.3f}%")
        table.add_row(*cells)
    edge_cells = ["House edge", "", f"{100 * result.house_edge:.4f}%"]
    if simulated is not None:
        edge_cells.append(
            f"{100 * simulated.house_edge:.3f}%" + (f" ± {100 * simulated.stderr:.3f}%" if simulated.stderr else "")
        )
    table.add_row(*edge_cells)
    lines: list[RenderableType] = [
        title,
        fitted(table),
        Text(f"Player EV per unit: {result.ev:+.7f} (exactly {result.ev_fraction})"),
        Text(spread_text(result.payouts)),
    ]
    per_unit, fee, bet = charge
    if fee:
        commission = f"and {100 * rules.commission:g}% of a win" if rules.commission else "and no commission"
        lines.insert(
            2,
            Text(
                f"A collection fee of {money(fee, cents=True)} a hand on a {money(bet, cents=True)} bet "
                f"({100 * float(per_unit):.4f}% of a unit, paid whatever the result) {commission}: both are "
                f"in the house edge. The player's EV per hand: "
                f"{money_of(result.ev * float(bet), signed=True)}."
            ),
        )
    if other is not None and own is not None and result.player == BEST_WAY:
        reach = (result.ev - own.ev) / (other.ev - own.ev) if other.ev != own.ev else 1.0
        lines.append(
            Text(
                f"House edge with the house way's settings {100 * own.house_edge:.4f}%, with the best suit-blind "
                f"way's {100 * result.house_edge:.4f}%, with the best {100 * other.house_edge:.4f}%: a strategy "
                f"that sets every class of hands alike reaches {100 * reach:.2f}% of what best play saves "
                "(paigow strategy writes a short card of it)."
            )
        )
    elif other is not None and own is not None:  # another way or plugin against this dealer
        gain = result.ev - own.ev
        lines.append(
            Text(
                f"Against the {rules.house_way} house way's own settings ({100 * own.house_edge:.4f}%) it "
                f"{'gains' if gain >= 0 else 'gives up'} {100 * abs(gain):.4f}% of a unit per hand; best play "
                f"{100 * other.house_edge:.4f}%."
            )
        )
    elif other is not None:
        house, best = (other, result) if result.player == "best" else (result, other)
        lines.append(
            Text(
                f"House edge with {strategy_words(house.player)}'s settings "
                f"{100 * house.house_edge:.4f}%, with the best "
                f"{100 * best.house_edge:.4f}%: best play saves {100 * (best.ev - house.ev):.4f}% of a unit per hand "
                "(paigow mistakes shows where)."
            )
        )
    if simulated is not None:
        lines.append(Text(f"* what {simulated.rounds:,} simulated rounds (seed 1) would have said", style="dim"))
    if seconds is not None:
        lines.append(Text(computed_text(f"{seconds:,.0f} s", cached=cached), style="dim"))
    return Group(*lines)


def computed_text(took: str, *, cached: bool) -> str:
    """How long a count took, and whether asking again is instant.

    >>> computed_text("64 s", cached=True), computed_text("64 s", cached=False)
    ('Computed in 64 s; cached, so asking again is instant.', 'Computed in 64 s; the cache folder cannot be written, so asking again counts again.')
    """
    if cached:
        return f"Computed in {took}; cached, so asking again is instant."
    return f"Computed in {took}; the cache folder cannot be written, so asking again counts again."


def strategy_words(player: str) -> str:
    """A player's strategy in a sentence.

    >>> strategy_words("house"), strategy_words("best-way"), strategy_words("trump-plaza")
    ('the house way', 'the best suit-blind way', 'the trump-plaza house way')
    """
    return {"house": "the house way", BEST_WAY: "the best suit-blind way"}.get(player, f"the {player} house way")
