"""What ``paigow session`` found and how it is shown: the session's answer (``Session``, its
``SideBet``) as text with its pictures, JSON, CSV and SVG."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow_cli.cli.output import data_table, fitted
from paigow_cli.cli.views.common import question_json
from paigow_cli.core.games import game_text
from paigow_cli.core.money import money
from paigow_cli.core.rules import BEST_WAY

if TYPE_CHECKING:
    from rich.console import RenderableType

    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.joint import JointCounts
    from paigow_cli.analysis.money.pay_tables import PayTable
    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.analysis.money.session import SessionDistribution
    from paigow_cli.analysis.money.spread import Payouts


PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)
COLUMNS = 60  # the picture's width in the terminal (it fits 80 columns with its labels)
ROWS = 8  # the picture's height
SHOWN = 0.001  # the picture leaves out this much chance at each end (the tails are in --csv)


@dataclass(frozen=True)
class SideBet:
    """A side bet on every hand: its pay table, the amount and its joint counts with the main bet."""

    table: PayTable
    stake: Decimal
    joint: JointCounts

    @property
    def method(self) -> str:
        if self.table.on == "dealer":
            return "joint counts: every deal the side bet pays on pushes the main bet"
        return "joint counts: the strategy table's classes by paid line, royal-match hands one by one"


@dataclass(frozen=True)
class Session:
    """What a session command found: the question, the main bet's result, the side bet if any,
    one hand's money (in main bets), the net's distribution, and the risk of ruin if asked."""

    question: Question
    result: EdgeResult
    side: SideBet | None
    payouts: Payouts
    distribution: SessionDistribution
    stake: Decimal
    money_in: Decimal | None
    ruin: tuple[float, float | None] | None

    @property
    def action(self) -> Decimal:
        """Money bet on one hand."""
        return self.stake + (self.side.stake if self.side else 0)


def dollars(bets: Fraction, stake: Decimal) -> Decimal:
    """A net in bets as money (to the cent)."""
    return (Decimal(bets.numerator) * stake / Decimal(bets.denominator)).quantize(Decimal("0.01"))


def session_json(session: Session) -> dict[str, Any]:
    from paigow_cli.analysis.money.session import PRECISION
    from paigow_cli.analysis.money.spread import spread_json

    question, result, distribution, stake = session.question, session.result, session.distribution, session.stake
    hands = distribution.hands
    main = result.payouts
    ev = main.mean
    whole = session.payouts.mean  # in main bets, the side bet's part too
    ahead, even, behind = distribution.chances()
    document: dict[str, Any] = {
        **question_json(question.rules, player=player_name(question, result), dead=question.dead),
        "hands": hands,
        "bet": float(stake),
        "bankroll": None if session.money_in is None else float(session.money_in),
        "per_hand": {
            "win": result.rate(result.wins),
            "push": result.rate(result.pushes),
            "lose": result.rate(result.losses),
            "ev": float(ev),
            "ev_fraction": f"{ev.numerator}/{ev.denominator}",
            **spread_json(main),
        },
        "side_bet": None if session.side is None else side_bet_json(session.side, stake, session.payouts),
        "session": {
            "expected": float(whole * hands * Fraction(stake)),
            "expected_fraction": str(whole * hands * Fraction(stake)),
            "expected_fraction_of_action": float(whole * Fraction(stake) / Fraction(session.action)),
            "sd": session.payouts.sd * hands**0.5 * float(stake),
            "ahead": ahead,
            "even": even,
            "behind": behind,
            "percentiles": {
                str(share): float(dollars(distribution.percentile(share / 100), stake)) for share in PERCENTILES
            },
        },
        "ruin": None,
        "method": (
            f"convolution by FFT: each probability within {PRECISION:g}, a sum of them (ahead, even, behind, "
            f"percentiles) within {distribution.sum_bound:.1g}"
        ),
        "csv_left_out": {"nets": distribution.left_out[0], "probability_at_most": distribution.left_out[1]},
    }
    if session.ruin is not None:
        within, long_run = session.ruin
        document["ruin"] = {
            "within_session": within,
            "long_run": long_run,
            "method": "dynamic programming over the bankroll; long run: " + long_run_method(session),
        }
    return document


def long_run_method(session: Session) -> str:
    from paigow_cli.analysis.money.session import MAX_ROOTS

    if session.payouts.mean <= 0:
        return "certain, the bet loses on average"
    if session.ruin is not None and session.ruin[1] is None:
        return f"not computed: one hand spans more than {MAX_ROOTS:,} lattice points"
    return "the roots of the step's characteristic polynomial"


def side_bet_json(side: SideBet, stake: Decimal, payouts: Payouts) -> dict[str, Any]:
    """The side bet per unit side bet, and one hand's money with both bets, per main bet."""
    from paigow_cli.analysis.money.spread import spread_json

    alone = side.joint.side_payouts()
    counts = side.joint.side()
    total = sum(counts.values())
    whole = payouts.mean
    return {
        "table": side.table.name,
        "title": side.table.title,
        "stake": float(side.stake),
        "pays": {line.slug: float(pays) for line, pays in side.table.lines},
        "lines": {("loses" if line is None else line.slug): count / total for line, count in counts.items()},
        "ev": float(alone.mean),
        "ev_fraction": f"{alone.mean.numerator}/{alone.mean.denominator}",
        **spread_json(alone),
        "hand": {"ev": float(whole), "ev_fraction": f"{whole.numerator}/{whole.denominator}", **spread_json(payouts)},
        "method": side.method,
    }


def player_name(question: Question, result: EdgeResult) -> str:
    return question.rules.house_way if result.player == "house" else result.player


def session_csv(distribution: SessionDistribution, stake: Decimal) -> str:
    """Every net the session ends with at a probability of at least ``session.CLEARED`` (1e-13; the
    JSON's ``csv_left_out`` counts the others and bounds their total), in bets (a number, and the
    exact fraction beside it) and money, with its chance and the chance of ending at or below it."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(("net_bets", "net_bets_fraction", "net", "probability", "at_or_below"))
    cumulative = 0.0
    for index, chance in enumerate(distribution.probabilities.tolist()):
        cumulative += chance
        if chance > 0:
            net = distribution.net(index)
            writer.writerow(
                (repr(float(net)), str(net), str(dollars(net, stake)), repr(chance), repr(min(cumulative, 1.0)))
            )
    return text.getvalue()


def picture_lines(
    distribution: SessionDistribution, stake: Decimal, money_in: Decimal | None, action: Decimal
) -> list[str]:
    """The distribution in the terminal, ``COLUMNS`` wide (a bar may take two columns): bars, an
    axis with ticks at the ends, at even and at ruin, and their labels."""
    from paigow_cli.cli.terminal import SETTINGS
    from paigow_cli.cli.views.plots import axis, histogram, labels

    heights, first, per_bar = distribution.bars(COLUMNS, SHOWN)
    width = COLUMNS if len(heights) <= COLUMNS else len(heights)
    columns = [heights[column * len(heights) // width] for column in range(width)]
    ascii_only = SETTINGS.ascii_only
    bars = histogram(columns, rows=ROWS, ascii_only=ascii_only)

    bars_wide = len(heights)
    marks: dict[int, str] = {}
    for position, text in picture_marks(distribution, stake, money_in, heights, first, per_bar, action).items():
        marks[min(int(position * width / bars_wide), width - 1)] = text
    ordered = dict(sorted(marks.items(), key=lambda item: item[1] not in ("even", "broke")))
    return [*bars, axis(width, marks, ascii_only=ascii_only), labels(width, ordered)]


def picture_marks(
    distribution: SessionDistribution,
    stake: Decimal,
    money_in: Decimal | None,
    heights: list[float],
    first: int,
    per_bar: int,
    action: Decimal,
) -> dict[float, str]:
    """The picture's labelled places, in bars from its left edge: its two ends (in money), even,
    and where the bankroll is broke (less than a hand's ``action`` left), when
    they fall inside it."""
    low, high = distribution.net(first), distribution.net(first + len(heights) * per_bar - 1)

    def position(net: Fraction) -> float:
        return (distribution.index_of(net) - first) / per_bar

    marks = {
        0.0: money(dollars(low, stake), signed=True),
        float(len(heights)): money(dollars(high, stake), signed=True),
    }
    if low < 0 < high:
        marks[position(Fraction(0))] = "even"
    if money_in is not None and low < broke_line(stake, money_in, action):
        marks[position(broke_line(stake, money_in, action))] = "broke"
    return marks


def broke_line(stake: Decimal, money_in: Decimal, action: Decimal) -> Fraction:
    """The net (bets) below which less than a hand's ``action`` is left."""
    return (Fraction(action) - Fraction(money_in)) / Fraction(stake)


def session_text(session: Session) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    question, result, distribution, stake = session.question, session.result, session.distribution, session.stake
    money_in, ruin, side = session.money_in, session.ruin, session.side
    rules = question.rules
    hands = distribution.hands
    payouts = session.payouts
    ev = payouts.mean
    who = {"house": "the house way", "best": "the best EV setting", BEST_WAY: "the best suit-blind way"}.get(
        result.player, f"the {result.player} house way"
    )
    title = Text(
        f"{hands:,} hands of {money(stake)} in the {game_text(rules)} against the {rules.house_way} dealer",
        style="bold",
    )
    title.append(f"\nThe player sets by {who}" + (f"; bankroll {money(money_in)}" if money_in is not None else ""))
    if side is not None:
        title.append(f"\nSide bet: {side.table.title}, {money(side.stake, cents=True)} a hand")
    ahead, even, behind = distribution.chances()
    table = data_table()
    table.show_header = False
    table.add_column("")
    table.add_column("", justify="right")
    sd = payouts.sd * hands**0.5
    share = ev * Fraction(stake) / Fraction(session.action)
    rows = [
        (
            "Expected result",
            f"{money(dollars(ev * hands, stake), signed=True, cents=True)} ({100 * float(share):+.3f}% of "
            f"{money(session.action * hands)} bet)",
        ),
        (
            "Standard deviation",
            f"{money(Decimal(repr(sd)) * stake, cents=True)} ({sd:.2f} bets; {payouts.sd:.4f} a hand)",
        ),
    ]
    if side is not None:
        alone = side.joint.side_payouts()
        counts = side.joint.side()
        paid = 1 - counts.get(None, 0) / sum(counts.values())
        rows.append(("Side bet alone", f"{100 * float(alone.mean):+.3f}% of it, paid {100 * paid:.2f}% of hands"))
    rows += [
        ("Ahead at the end", f"{100 * ahead:.2f}%"),
        ("Even", f"{100 * even:.2f}%"),
        ("Behind", f"{100 * behind:.2f}%"),
    ]
    for part in (5, 25, 50, 75, 95):
        rows.append(
            (
                f"{part}% end at or below",
                money(dollars(distribution.percentile(part / 100), stake), signed=True, cents=True),
            )
        )
    if ruin is not None:
        within, long_run = ruin
        rows.append((f"Broke within {hands:,} hands", f"{100 * within:.2f}%"))
        if long_run is None:
            forever = "not computed"
        else:
            forever = "certain" if long_run >= 1 and ev <= 0 else f"{100 * long_run:.2f}%"
        rows.append(("Broke playing forever", forever))
    for what, value in rows:
        table.add_row(what, value)
    picture = Text("\n".join(picture_lines(distribution, stake, money_in, session.action)))
    together = " The side bet is counted with the main bet exactly (their joint counts)." if side else ""
    notes = Text(
        "Every hand independent, at the whole game's exact rates; each probability within 1e-12, a sum of them "
        f"within {distribution.sum_bound:.1g}. Broke: less than "
        + ("one hand's bets" if side else "one bet")
        + " left. The picture leaves out the last 0.1% at each end (paigow session --csv lists every net of chance 1e-13 or more)."
        + together,
        style="dim",
    )
    return Group(title, fitted(table), picture, notes)


def session_svg(session: Session) -> str:
    from paigow_cli.cli.views.plots import svg_histogram

    distribution, stake = session.distribution, session.stake
    heights, first, per_bar = distribution.bars(COLUMNS, SHOWN)
    marks = picture_marks(distribution, stake, session.money_in, heights, first, per_bar, session.action)
    rules = session.question.rules
    side = f" + {money(session.side.stake)} {session.side.table.name}" if session.side else ""
    title = (
        f"{distribution.hands:,} hands of {money(stake)}{side}: {game_text(rules)}, {rules.house_way} dealer, "
        f"{player_name(session.question, session.result)} player"
    )
    ahead, even, behind = distribution.chances()
    caption = (
        f"Net at the end. Ahead {100 * ahead:.1f}%, even {100 * even:.1f}%, behind {100 * behind:.1f}% (paigow session)"
    )
    return svg_histogram(heights, title, marks, caption)
