"""``paigow stats``: the trainer's score over time, from the history ``drill`` keeps."""

from __future__ import annotations

import sys
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.exits import ExitCode, error_line, reporting_errors
from paigow_cli.cli.output import Output, data_table, fitted, indented, note
from paigow_cli.core.errors import OptionError
from paigow_cli.core.money import MAX_BET, money, parse_amount

if TYPE_CHECKING:
    from rich.console import RenderableType

    from paigow_cli.study.history import Review
    from paigow_cli.study.stats import HistoryStats, Leak

app = typer.Typer()

EXAMPLES = 5  # leaks shown with an example hand, worst first
BAR_WIDTH = 30  # the chart's longest bar, in characters
BARS = " ▏▎▍▌▋▊▉█"  # eighths of a character


@app.command("stats")
def stats_command(
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help="Only hands graded on or after this day (YYYY-MM-DD, UTC)."),
    ] = None,
    last: Annotated[
        int | None, typer.Option("--last", metavar="N", help="Only the last N hands graded.", min=1, show_default=False)
    ] = None,
    bet: Annotated[
        str, typer.Option("--bet", metavar="AMOUNT", help="The bet a hand, for the money given up per 100 hands.")
    ] = "10",
    worst: Annotated[
        int | None,
        typer.Option(
            "--worst",
            metavar="N",
            help="List your N costliest settings instead, each with the advise command to study it.",
            min=1,
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Your score over time: every hand paigow drill graded, its leaks and your sessions.

    How often you found the best setting (and came within 0.01 of it), fouls, the EV you gave up a
    hand and what that is per 100 hands at a bet; then the leaks, worst first, by kind of hand and by
    the house way's clause for those hands, each with the hand that cost the most; then the EV given
    up session by session. The history lives in PAIGOW_DATA_DIR (else your user data folder).

    Examples:

    $ paigow stats
    $ paigow stats --since 2026-12-01 --bet 25
    $ paigow stats --last 100 --json | jq .mean_ev_given_up
    $ paigow stats --worst 10

    With rules practised by drill --player, the report ends with each rule's schedule: hands seen,
    how often you set them as the rule does, EV given up, the chance you recall it now and when it
    is next due (paigow drill --player NAME --due deals the due ones).
    """
    from datetime import date

    from paigow_cli.study.history import History, HistoryError, HistoryUnwritable
    from paigow_cli.study.stats import history_stats

    with reporting_errors():
        wager = parse_amount(bet, "bet", positive=True, most=MAX_BET)
        if since is not None:
            try:
                date.fromisoformat(since)
            except ValueError:
                raise OptionError(
                    f"{{option}} {since!r} is not a day: write it as YYYY-MM-DD, e.g. 2026-12-01", about="since"
                ) from None
    try:
        history: History | None = History.open(notify=note, set_aside=False)  # a report repairs nothing
    except HistoryUnwritable as error:  # a read-only folder: read what is there
        note(f"{error}; reading the history only")
        try:
            history = History.read_only()
        except HistoryError as problem:
            error_line(str(problem))
            raise typer.Exit(ExitCode.FAILURE) from None
    except HistoryError as error:
        error_line(str(error))
        raise typer.Exit(ExitCode.FAILURE) from None
    hands = history.hands(since=since, last=last) if history is not None else []
    reviews = history.reviews() if history is not None else []
    if history is not None:
        history.close()
    if worst is not None:
        from paigow_cli.study.stats import worst_hands

        found = worst_hands(hands, worst)
        Output(as_json, batch=False).emit(worst_json(found, since, last), lambda: worst_text(found, since))
        return
    stats = history_stats(hands)
    Output(as_json, batch=False).emit(
        {**stats_json(stats, wager, since, last), "rules": [review_json(review) for review in reviews]},
        lambda: with_schedule(stats_text(stats, wager, since), reviews),
    )


def review_json(review: Review) -> dict[str, Any]:
    from paigow_cli.study.schedule import due, retention

    return {
        "strategy": review.strategy,
        "rule": review.rule,
        "seen": review.seen,
        "followed": review.followed,
        "ev_given_up": review.given_up,
        "retention": retention(review),
        "due": due(review).isoformat(timespec="seconds"),
        "last_review": review.updated,
    }


def with_schedule(report: RenderableType, reviews: list[Review]) -> RenderableType:
    """The report, then each practised rule (drill --player): hands seen and followed, EV given up,
    the chance it is recalled now and when it is next due."""
    if not reviews:
        return report
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.cli.output import data_table, fitted
    from paigow_cli.study.schedule import due, retention

    table = data_table()
    for column in ("Strategy", "Rule", "Seen", "Followed", "Gave up", "Recall", "Next due"):
        table.add_column(column, justify="left" if column in ("Strategy", "Rule") else "right")
    for review in reviews:
        table.add_row(
            review.strategy,
            review.rule,
            str(review.seen),
            share(review.followed, review.seen),
            f"{review.given_up:.4f}",
            f"{100 * retention(review):.0f}%",
            f"{due(review):%Y-%m-%d %H:%M}",
        )
    title = Text(
        "\nThe rules you practise (drill --player), as the spaced-repetition schedule keeps them:", style="bold"
    )
    notes = Text(
        "Recall: the chance you remember the rule now (FSRS); drill --player NAME --due deals the due ones.",
        style="dim",
    )
    return Group(report, title, fitted(table, optional=["Gave up"]), notes)


def stats_json(stats: HistoryStats, bet: Decimal, since: str | None, last: int | None) -> dict[str, Any]:
    return {
        "since": since,
        "last": last,
        "hands": stats.hands,
        "best": stats.best,
        "within_0_01": stats.near,
        "fouls": stats.fouls,
        "ev_given_up": stats.given_up,
        "mean_ev_given_up": stats.mean_given_up,
        "bet": float(bet),
        "given_up_per_100_hands": float(bet) * 100 * stats.mean_given_up,
        "play": {
            "rounds": stats.rounds,
            "folded": stats.folded,
            "won": float(stats.won),
            "side_bets_won": float(stats.side_won),
            "house_way_would_have_won": float(stats.house_won),
            "best_play_would_have_won": float(stats.best_won),
        },
        "by_kind": [leak_json(leak) for leak in stats.by_kind],
        "by_clause": [leak_json(leak) for leak in stats.by_clause],
        "sessions": [
            {"session": line.session, "started": line.started, "hands": line.hands, "ev_given_up": line.given_up}
            for line in stats.sessions
        ],
    }


def leak_json(leak: Leak) -> dict[str, Any]:
    worst = leak.worst
    return {
        "name": leak.name,
        "hands": leak.hands,
        "not_best": leak.missed,
        "ev_given_up": leak.given_up,
        "mean_ev_given_up": leak.mean,
        "example": None
        if worst is None
        else {"hand": worst.cards, "yours": worst.chosen, "best": worst.best, "ev_given_up": worst.given_up},
    }


def hand_rules(hand: Any) -> Any:
    """The rules a recorded hand was graded under."""
    from paigow_cli.core.rules import Game, Rules

    return Rules(house_way=hand.house_way, game=Game(hand.game), banker=hand.banker)


def worst_json(hands: list[Any], since: str | None, last: int | None) -> dict[str, Any]:
    from paigow_cli.cli.views.common import study_command
    from paigow_cli.study.history import FOLD

    return {
        "since": since,
        "last": last,
        "worst": [
            {
                "at": hand.at,
                "cards": hand.cards.split(),
                "category": hand.category,
                "chosen": hand.chosen.split(),
                "best": hand.best.split(),
                "foul": hand.foul,
                "ev_given_up": hand.given_up,
                "game": hand.game,
                "house_way": hand.house_way,
                "banker": hand.banker,
                "study": study_command(hand.cards, None if hand.chosen == FOLD else hand.chosen, hand_rules(hand)),
            }
            for hand in hands
        ],
    }


def worst_text(hands: list[Any], since: str | None) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.cli.views.common import played_words, study_command, with_suit_symbols
    from paigow_cli.study.history import FOLD

    if not hands:
        where = f" since {since}" if since else ""
        return Text(f"No setting worse than the best{where}: nothing to study.")
    lines: list[RenderableType] = [
        Text(f"Your {len(hands)} costliest setting{'s' * (len(hands) != 1)}, the most first", style="bold")
    ]
    for hand in hands:
        line = Text(
            with_suit_symbols(
                f"{hand.at[:10]}  {hand.cards}: you {played_words(hand.chosen)}"
                f"{' (a foul)' if hand.foul else ''}, the best is {hand.best} in front; gave up {hand.given_up:.4f}"
            )
        )
        lines.append(indented(line, 0, hang=2))
        low = None if hand.chosen == FOLD else hand.chosen
        lines.append(indented(study_command(hand.cards, low, hand_rules(hand)), 2, style="dim"))
    return Group(*lines)


def stats_text(stats: HistoryStats, bet: Decimal, since: str | None) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.cli.views.common import played_words, with_suit_symbols

    if not stats.hands:
        where = f" since {since}" if since else ""
        return Text(f"No graded hands{where} yet: paigow drill grades hands and keeps them here.")
    sessions = len(stats.sessions)
    title = Text(
        f"{stats.hands:,} hand{'s' if stats.hands != 1 else ''} graded in {sessions} session{'s' if sessions != 1 else ''}"
        + (f" since {since}" if since else ""),
        style="bold",
    )
    per_100 = Decimal(str(round(stats.mean_given_up * 100, 6))) * bet
    lines: list[RenderableType] = [
        title,
        Text(
            f"Set best {stats.best:,} ({share(stats.best, stats.hands)}), within 0.01 of the best {stats.near:,} "
            f"({share(stats.near, stats.hands)}), fouls {stats.fouls:,}"
        ),
        Text(
            f"EV given up {stats.mean_given_up:.4f} a hand: {money(per_100.quantize(Decimal('0.01')), cents=True)} "
            f"per 100 hands at {money(bet)} a hand"
        ),
    ]
    if stats.rounds:
        besides = []
        if stats.folded:
            besides.append(f"{stats.folded:,} folded")
        if stats.side_won:
            besides.append(f"side bets {money(stats.side_won, signed=True, cents=True)}")
        aside = f" ({'; '.join(besides)})" if besides else ""
        lines.append(
            Text(
                f"Play: {money(stats.won, signed=True, cents=True)} over {stats.rounds:,} round"
                f"{'s' if stats.rounds != 1 else ''}{aside}; the house way's settings "
                f"would have made {money(stats.house_won, signed=True, cents=True)}, the best EV settings "
                f"{money(stats.best_won, signed=True, cents=True)}"
            )
        )
    for heading, leaks in (
        ("Leaks by kind of hand", stats.by_kind),
        ("Leaks by the house way's clause", stats.by_clause),
    ):
        lines += [Text(), Text(f"{heading}, worst first", style="bold"), fitted(leak_table(leaks, stats), keep=1)]
        for leak in leaks[:EXAMPLES]:  # each costly leak's costliest hand
            worst = leak.worst
            if worst is not None:
                lines.append(
                    indented(
                        with_suit_symbols(
                            f"{leak.name}: e.g. {worst.cards}, you {played_words(worst.chosen)}, the best is "
                            f"{worst.best} ({worst.given_up:.4f} given up)"
                        ),
                        2,
                        style="dim",
                        hang=2,
                    )
                )
    lines += [Text(), Text("EV given up a hand, session by session", style="bold"), session_chart(stats)]
    return Group(*lines)


def leak_table(leaks: list[Leak], stats: HistoryStats) -> Any:
    table = data_table()
    table.add_column("Where")
    for name in ("Hands", "Not best", "Given up", "Share", "Mean"):
        table.add_column(name, justify="right")
    for leak in leaks:
        table.add_row(
            leak.name,
            f"{leak.hands:,}",
            f"{leak.missed:,}",
            f"{leak.given_up:.4f}",
            share_of(leak.given_up, stats.given_up),
            f"{leak.mean:.4f}",
        )
    return table


def session_chart(stats: HistoryStats) -> Any:
    """One line a session: its day, a bar of its EV given up a hand (Unicode eighths on a terminal,
    '#' elsewhere), the figure and its hands."""
    from rich.text import Text

    from paigow_cli.cli.terminal import SETTINGS

    largest = max((line.mean for line in stats.sessions), default=0.0) or 1.0
    plain = SETTINGS.ascii_only or not sys.stdout.isatty()  # bars of '#' in a pipe or file
    rows = []
    for line in stats.sessions[-20:]:  # the last twenty sessions
        eighths = round(BAR_WIDTH * 8 * line.mean / largest)
        bar = "#" * (eighths // 8) if plain else "█" * (eighths // 8) + BARS[eighths % 8].strip()
        rows.append(
            f"{line.started[:16].replace('T', ' ')}  {bar:<{BAR_WIDTH}}  {line.mean:.4f}  ({line.hands} hand"
            f"{'s' if line.hands != 1 else ''})"
        )
    return Text("\n".join(rows))


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def share_of(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole > 0 else "-"


def session_summary(history: Any, session: int) -> RenderableType:
    """One session's score, as ``paigow stats`` gives it (``play`` ends with it)."""
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.study.stats import history_stats

    hands = [hand for hand in history.hands() if hand.session == session]
    if not hands:
        return Text("No rounds played, so none recorded.", style="dim")
    stats = history_stats(hands)
    summary = stats_text(stats, stats.mean_wager or Decimal(10), None)  # at the session's own wager
    return Group(Text(), Text("This session, as paigow stats keeps it:", style="bold"), summary)
