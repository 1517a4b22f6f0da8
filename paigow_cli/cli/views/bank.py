"""The player bank's answer printed (``paigow bank``): its text, the round's or the session's
CSV, and the session's net drawn in the terminal and as SVG (``cli.views.session``'s pictures)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from paigow_cli.cli.output import data_table, fitted
from paigow_cli.core.money import money_of

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import RenderableType

    from paigow_cli.analysis.money.bank import BankTable
    from paigow_cli.analysis.money.session import SessionDistribution


def round_csv(outcomes: list[tuple[Fraction, float]]) -> str:
    """``--csv`` without ``--hands``: every net of one round (money) with its probability."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(("net", "net_fraction", "probability", "at_or_below"))
    cumulative = 0.0
    for net, chance in outcomes:
        cumulative += chance
        writer.writerow((repr(float(net)), str(net), repr(chance), repr(min(cumulative, 1.0))))
    return text.getvalue()


def bank_picture(
    distribution: SessionDistribution, unit: Decimal, bankroll: Decimal | None, table: BankTable
) -> list[str]:
    """The session's net in the terminal (as ``paigow session`` draws it): broke is where less than
    the table's bets is left behind the bank."""
    from paigow_cli.cli.views.session import picture_lines

    return picture_lines(distribution, unit, bankroll, Decimal(str(float(table.action))))


def bank_svg(answer: dict, distribution: SessionDistribution, unit: Decimal) -> str:
    from paigow_cli.cli.views.plots import svg_histogram
    from paigow_cli.cli.views.session import COLUMNS, SHOWN, picture_marks

    heights, first, per_bar = distribution.bars(COLUMNS, SHOWN)
    session = answer["session"]
    action = Decimal(str(sum(answer["bets"])))
    bankroll = Decimal(str(session["bankroll"])) if session["bankroll"] is not None else None
    marks = picture_marks(distribution, unit, bankroll, heights, first, per_bar, action)
    title = f"{distribution.hands:,} rounds of the player bank against {answer['seats']} seats, {answer['house_way']} house way"
    caption = (
        f"The bank's net at the end. Ahead {100 * session['ahead']:.1f}%, even {100 * session['even']:.1f}%, "
        f"behind {100 * session['behind']:.1f}% (paigow bank)"
    )
    return svg_histogram(heights, title, marks, caption)


def bank_text(answer: dict, picture: list[str] | None = None) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    seats = answer["seats"]
    bets = answer["bets"]
    same = len(set(bets)) == 1
    where = f"{seats} seat{'s' * (seats != 1)} (the dealer's hand among them), the {answer['house_way']} house way"
    title = Text(f"The player bank against {where}", style="bold")
    bet_words = f"Each seat bets {dollars(bets[0])}" if same else "The seats bet " + ", ".join(dollars(b) for b in bets)
    charge = (
        f"{100 * answer['commission']:g}% commission on the bank's "
        + ("net win of the round" if answer["commission_on"] == "net" else "win from each seat")
        if answer["commission"]
        else "no commission"
    )
    fee = f", a {dollars(answer['fee'])} fee a hand" if answer["fee"] else ""
    if answer["bank"] is not None and answer["bets_given"] != bets:
        given = answer["bets_given"]
        bet_words = (
            f"A bank of {dollars(answer['bank'])} covers {', '.join(dollars(b) for b in bets)} of the seats' bets "
            f"({', '.join(dollars(b) for b in given)}) in order, the rest push"
        )
        same = False
    lines: list[RenderableType] = [
        title,
        Text(f"{bet_words}; the banker sets by {answer['banker_plays']}; {charge}{fee}."),
        Text(
            f"Banker's expected result per round: {signed_money(answer['ev_money'])} "
            f"({answer['ev']:+.5f} of {'a seat' if same else 'the first seat'}'s bet, "
            f"{100 * answer['ev_per_action']:+.4f}% of the action); spread {dollars(answer['sd_money'])} a round."
        ),
        Text(
            "Exact: every deal counted, the seats' results summed (the spread is worked out class by class "
            "of the banker's hand, the seats independent given it)."
            if answer["exact"]
            else "Approximate: worked out class by class of the banker's hand, the seats independent given it "
            "(they are dealt from one deck); --simulate checks it.",
            style="dim",
        ),
    ]
    simulated = answer.get("simulated")
    if simulated:
        lines.append(
            Text(
                f"{simulated['rounds']:,} whole rounds dealt from one deck (seed 1): "
                f"{signed_money(simulated['ev_money'])} ± {dollars(simulated['stderr_money'])} a round."
            )
        )
    if "session" in answer:
        lines += session_lines(answer["session"])
        if picture:
            lines += [Text(line) for line in picture]
    if "every_other" in answer:
        other = answer["every_other"]
        lines.append(
            Text(
                f"Banking every other hand (a seat of {dollars(bets[0])} against the house between, "
                f"{signed_money(other['playing_ev_money'])}): {signed_money(other['ev_money'])} a hand."
            )
        )
    if "co_bank" in answer:
        lines.append(
            Text(
                f"Co-banking (half the bank, the house the other half): {signed_money(answer['co_bank']['ev_money'])} a round."
            )
        )
    if "by_players" in answer:
        table = data_table()
        for heading in ("Seats", "Banker a round", "Of the action", "A seat a hand", "Banking wins below a fee of"):
            table.add_column(heading, justify="right")
        for row in answer["by_players"]:
            table.add_row(
                str(row["seats"]),
                signed_money(row["ev_money"]) + ("" if row["exact"] else "*"),
                f"{100 * row['ev_per_action']:+.4f}%",
                signed_money(row["seat_ev_money"]),
                dollars(row["break_even_fee"]) if row["break_even_fee"] > 0 else "never",
            )
        lines += [Text(""), fitted(table)]
        winning = [row["seats"] for row in answer["by_players"] if row["ev_money"] > 0]
        lines.append(
            Text(
                f"Banking wins against {winning[0]} seat{'s' * (winning[0] != 1)} or more at these bets."
                if winning
                else "Banking does not win against any number of seats at these bets."
            )
        )
        if not all(row["exact"] for row in answer["by_players"]):
            lines.append(Text("* approximate (the commission on the net win)", style="dim"))
    return Group(*lines)


def session_lines(session: dict) -> list[Any]:
    from rich.text import Text

    share = session["percentiles_money"]
    lines = [
        Text(
            f"Over {session['hands']:,} rounds: {signed_money(session['expected_money'])} expected, spread "
            f"{dollars(session['sd_money'])}; ahead {100 * session['ahead']:.1f}%, even {100 * session['even']:.1f}%, "
            f"behind {100 * session['behind']:.1f}%; half the sessions end between "
            f"{signed_money(share['0.25'])} and {signed_money(share['0.75'])}, nine in ten between "
            f"{signed_money(share['0.05'])} and {signed_money(share['0.95'])}."
        )
    ]
    if session["bankroll"] is not None:
        forever = session["ruin_long_run"]
        lines.append(
            Text(
                f"With {dollars(session['bankroll'])} behind the bank: {100 * session['ruin_within']:.2f}% that it can no "
                f"longer cover the table within the session"
                + (f", {100 * forever:.2f}% banking forever." if forever is not None else ".")
            )
        )
    return lines


def dollars(amount: float) -> str:
    return money_of(amount)


def signed_money(amount: float) -> str:
    return money_of(amount, signed=True)
