"""``paigow drill`` and ``paigow play``: practice graded by exact EV, and the table game, at a prompt."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.exits import INTERRUPTION, ExitCode, reporting_errors
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    GameOption,
    HouseWayOption,
    SeedOption,
    WheelOption,
    choose_seed,
    make_rules,
)
from paigow_cli.cli.output import (
    CTRL_C,
    cards_markup,
    indented,
    note,
    read_line,
    show,
)
from paigow_cli.cli.output import (
    console as output_console,
)
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views import (
    outcome_text,
    rates_text,
    setting_cards,
    signed,
    study_command,
)
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import PUSH_TEXT, game_title
from paigow_cli.core.hands import table_label
from paigow_cli.core.money import MAX_BANKROLL, money, parse_amount
from paigow_cli.core.rules import Game, HouseWayName, Rules, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType
    from rich.text import Text

    from paigow_cli.analysis.advice import Advice
    from paigow_cli.core.cards import Card
    from paigow_cli.study.drill import Grade, Score
    from paigow_cli.study.table_game import Event

app = typer.Typer()


def stdin_is_terminal() -> bool:
    """Whether a person types the input (then Ctrl-D asks before leaving; piped input just ends)."""
    return sys.stdin.isatty()


def enable_line_editing() -> None:
    """Arrow keys, history (up for the last input) and Ctrl-L at the prompts, where the standard
    library's readline exists and the input is a terminal; plain input() otherwise."""
    if not sys.stdin.isatty():
        return
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:
        pass


CHALLENGE_HANDS = 100  # drill --challenge
NoHistoryOption = Annotated[
    bool, typer.Option("--no-history", help="Keep no record of this session (paigow stats reads the record).")
]


@app.command("drill")
def drill_command(
    count: Annotated[
        int, typer.Option("--count", "-n", "--hands", metavar="N", help="How many hands to drill.", min=1)
    ] = 10,
    seed: SeedOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    no_history: NoHistoryOption = False,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Deal the hands you set worse than best, worst first; a hand stays in review until you set it "
            "best twice in a row.",
        ),
    ] = False,
    focus: Annotated[
        str | None,
        typer.Option(
            "--focus",
            metavar="KIND|CLAUSE",
            autocompletion=complete_focus,
            help="Deal only one kind of hand (two-pair, three-pair, straight-or-flush-with-a-pair, joker, ...) or the "
            "hands one of the house way's clauses decides (part of its words), each dealt uniformly among them.",
        ),
    ] = None,
    challenge: Annotated[
        bool,
        typer.Option(
            "--challenge",
            help=f"{CHALLENGE_HANDS} hands from a seed printed at the start (the same seed deals the same hands), "
            "a final score, recorded.",
        ),
    ] = False,
) -> None:
    """Practise setting hands: name the two low cards, and see how your setting compares by exact EV.

    Each answer is graded: foul or not, its EV, the best setting and the house way's, and the EV
    you gave up. help explains, hint shows the best setting (the hand is then not graded), skip
    moves on; q, Ctrl-D or Ctrl-C end the drill with a summary. Arrow keys and history work. Every
    graded hand is recorded (PAIGOW_DATA_DIR moves the file; --no-history keeps none), and paigow
    stats keeps score over time.

    Examples:

    $ paigow drill
    $ paigow drill --count 5 --seed 42 --house-way ballys
    $ paigow drill --game ez --banker
    $ paigow drill --review
    $ paigow drill --focus two-pair
    $ paigow drill --focus "high pair 7-10"
    $ paigow drill --challenge --seed 2026
    """
    from rich.text import Text

    from paigow_cli.study.drill import Drill, hand_record

    rules = make_rules(house_way, game, banker, wheel, commission)
    chosen_seed = choose_seed(seed)
    with reporting_errors():
        if sum((review, challenge, focus is not None)) > 1:
            raise OptionError("--review, --challenge and --focus each choose the hands: choose one")
        if challenge:
            count = CHALLENGE_HANDS
        given = review_deck(rules) if review else ()
        if review and not given:
            typer.echo("Nothing to review: every hand you set worse than best you have since set best twice in a row.")
            return
        table = dealer_table(rules)
        wanted, kind = focus_test(focus, rules, table) if focus is not None else (None, "")
        drill = Drill(
            rules,
            table,
            chosen_seed,
            min(count, len(given)) if given else count,
            given=given,
            focus=wanted,
            focus_kind=kind,
        )
    kind = "review" if review else "challenge" if challenge else "drill"
    history, session = (None, 0) if no_history else open_history(kind, rules, chosen_seed)
    console = output_console()
    if challenge:
        show(
            console,
            Text(
                f"Challenge: {CHALLENGE_HANDS} hands from seed {chosen_seed} (paigow drill --challenge --seed "
                f"{chosen_seed} deals the same {CHALLENGE_HANDS} to anyone)",
                style="bold",
            ),
        )
    enable_line_editing()
    stopped = interrupted = False
    for number, hand in enumerate(drill.hands(), 1):
        show(console, drill_hand_text(number, drill.count, hand))
        shown_at = time.monotonic()
        while True:
            answer = read_line("Your low hand (two cards; help, hint, skip or q): ")
            if answer is None or answer == CTRL_C:
                stopped, interrupted = True, answer == CTRL_C
                break
            reply = drill.respond(hand, answer)
            if reply.kind == "stop":
                stopped = True
                break
            if reply.kind == "skip":
                console.print("[dim]Skipped (not graded).[/dim]")
                break
            if reply.kind == "grade" and reply.grade is not None:
                if history is not None and hand not in drill.hinted:  # one transaction: kept even if Ctrl-C follows
                    history = kept(history, session, hand_record(reply.grade, time.monotonic() - shown_at))
                scored = hand not in drill.hinted
                show(console, drill_grade_text(reply.grade, scored))
                if scored:
                    show(console, drill_score_text(drill.score))
                break
            if reply.kind == "hint" and reply.advice is not None:
                show(console, drill_hint_text(reply.advice))
            elif reply.kind in ("help", "error"):
                show(console, Text(reply.text, style="red" if reply.kind == "error" else ""))  # no trailing space
        if stopped:
            break
    if history is not None:
        history.close()
    show(console, drill_summary_text(drill.score))
    if challenge:
        show(
            console,
            Text(
                f"Challenge (seed {chosen_seed}): {drill.score.best} of {CHALLENGE_HANDS} set best, "
                f"EV given up {drill.score.given_up:.4f}",
                style="bold",
            ),
        )
    if interrupted:  # Ctrl-C: the summary is said, and the exit status says how it ended
        INTERRUPTION.reported = True
        raise typer.Exit(ExitCode.INTERRUPTED)


def focus_test(focus: str, rules: Rules, table: Any) -> tuple[Any, str]:
    """``--focus``: a test for the hands to deal (a kind of hand, or the hands a clause of the house
    way decides, named by part of its words), and the kind."""
    from paigow_cli.core.hands import KINDS
    from paigow_cli.house_ways import house_setting
    from paigow_cli.study.drill import hand_kind

    wanted = focus.strip().lower()
    if wanted in KINDS:
        return (lambda hand: hand_kind(hand) == wanted), wanted
    if wanted == "joker":  # any hand that holds it
        return (lambda hand: any(card.is_joker for card in hand)), ""
    clauses = [str(name) for name in table.rule_names if wanted and wanted in str(name).lower()]
    if not clauses:
        raise OptionError(
            f"{{option}} {focus!r} names no kind of hand and no {rules.house_way} clause: give a kind "
            f"({', '.join(KINDS)}, joker) or words of one clause (paigow mistakes lists them)",
            about="focus",
        )
    if len(clauses) > 1:
        raise OptionError(
            f"{{option}} {focus!r} is in {len(clauses)} {rules.house_way} clauses (e.g. {clauses[0]!r}, "
            f"{clauses[1]!r}): give more of the words of one",
            about="focus",
        )
    clause = clauses[0]
    return (lambda hand: house_setting(hand, rules).rule == clause), ""


def review_deck(rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The hands ``drill --review`` deals, worst first, from the history (none if there is none)."""
    from paigow_cli.core.cards import parse_cards
    from paigow_cli.study.history import History, HistoryError
    from paigow_cli.study.stats import review_hands

    try:
        history = History.open(notify=note)
    except (HistoryError, OSError) as error:
        raise OptionError(f"--review needs the history, which cannot be read: {error}") from None
    recorded = history.hands()
    history.close()
    return tuple(
        tuple(parse_cards(cards)) for cards in review_hands(recorded, rules.game.value, rules.house_way, rules.banker)
    )


def open_history(kind: str, rules: Rules, seed: int) -> tuple[Any, int]:
    """The history and a new session in it, or (None, 0) with a note when it cannot be kept: the
    drill goes on either way."""
    from paigow_cli.study.history import History, HistoryError

    try:
        history = History.open(notify=note)
        return history, history.start_session(
            kind, game=rules.game.value, house_way=rules.house_way, banker=rules.banker, seed=seed
        )
    except (HistoryError, OSError) as error:
        note(f"this session is not recorded: {error}")
        return None, 0


def complete_focus(incomplete: str) -> list[str]:
    """Shell completion of ``--focus``: the kinds of hand and the joker (a clause is typed in words).

    >>> complete_focus("two")
    ['two-pair']
    """
    from paigow_cli.core.hands import KINDS

    return [kind for kind in (*KINDS, "joker") if kind.startswith(incomplete)]


def kept(history: Any, session: int, record: Any) -> Any:
    """Record one hand; if the history can no longer be written (a disk turned full or read-only),
    say so once and go on without it (None)."""
    from paigow_cli.study.history import HistoryError

    try:
        history.record_hand(session, record)
    except HistoryError as error:
        note(f"the rest of this session is not recorded: {error}")
        history.close()
        return None
    return history


def drill_hand_text(number: int, count: int, hand: Sequence[Card]) -> RenderableType:
    from rich.text import Text

    text = Text(f"\nHand {number} of {count}:  ", style="bold")
    text.append_text(cards_markup(hand))
    return text


def drill_grade_text(grade: Grade, scored: bool = True) -> RenderableType:
    """How a setting fared: the verdict (after a hint, said not scored), yours, the best and the
    house way's setting with their EVs and win, push and lose rates, the clause, and the ``advise``
    command that studies the hand."""
    from rich.console import Group
    from rich.text import Text

    yours, best, house = grade.yours, grade.best, grade.house
    verdict = Text()
    if not scored:
        verdict.append("Not scored (you took the hint): ", style="dim")
    if grade.reset:
        verdict.append("Foul! ", style="bold red")
        verdict.append(
            "The low hand outranks the high hand; as the banker your hand is reset to the house way and "
            f"settled as that, giving up {grade.given_up:.4f} units against the best."
        )
    elif yours.split.foul:
        verdict.append("Foul! ", style="bold red")
        verdict.append("The low hand outranks the high hand, so the setting loses outright.")
    elif grade.found_best:
        verdict.append("The best setting.", style="bold green")
    else:
        verdict.append(f"Gives up {grade.given_up:.4f} units against the best.", style="bold yellow")
    lines: list[Any] = [verdict]
    for title, row in (("Yours", yours), ("Best", best), ("House way", house)):
        line = Text(f"  {title + ':':11}")
        line.append_text(setting_cards(row.split))
        line.append(f"   EV {signed(row.ev or 0.0)}")
        lines.append(line)
        if row.odds is not None:
            lines.append(Text(f"  {'':11}{rates_text(row.odds)}", style="dim"))
    lines.append(indented(f"House way's clause: {grade.advice.house.rule}", 2, style="dim italic"))
    if not grade.found_best:
        lines.append(
            indented(
                f"Study it: {study_command(grade.advice.hand, yours.split.low, grade.advice.rules)}", 2, style="dim"
            )
        )
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


def drill_score_text(score: Score) -> RenderableType:
    """The running score after a graded hand: ``Score: 2 of 3 best, 0 fouls, EV given up 0.1234``."""
    from rich.text import Text

    fouls = f"{score.fouls} foul{'s' if score.fouls != 1 else ''}"
    return Text(
        f"  Score: {score.best} of {score.hands} best, {fouls}, EV given up {score.given_up:.4f} "
        f"({score.average_given_up:.4f} a hand)",
        style="dim",
    )


def drill_summary_text(score: Score) -> RenderableType:
    from rich.text import Text

    if not score.hands:
        return Text("\nNo hands graded.")
    return Text(
        f"\n{score.hands} hand{'s' if score.hands != 1 else ''} graded: {score.best} best, {score.fouls} foul{'s' if score.fouls != 1 else ''}, "
        f"EV given up {score.given_up:.4f} in all ({score.average_given_up:.4f} a hand).",
        style="bold",
    )


@app.command("play")
def play_command(
    bankroll: Annotated[
        str, typer.Option("--bankroll", metavar="AMOUNT", help="Money to start with, e.g. 500 or 250.50.")
    ] = "500",
    seed: SeedOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    no_history: NoHistoryOption = False,
) -> None:
    """Play Pai Gow Poker at a table in the terminal: bet, set your hand, beat the dealer.

    Bet with chips of $1, $5, $10, $25 and $100 (a wager of $2 to $100), and if you like the
    game's side bet (side 5: Fortune Bonus, or Queen's Dragon in EZ, Tiger 9 in Commission-Free).
    Deal, then name your two low cards, type house for the house way, hint for the best setting,
    or fold. In the classic game wins pay 1 to 1 less the 5% commission; copies go to the banker.
    Type help at any prompt. Every round is recorded (--no-history keeps none), and the session
    ends with its score, as paigow stats gives it.

    Examples:

    $ paigow play
    $ paigow play --bankroll 200 --seed 7 --game ez
    $ printf '10\\ndeal\\nhouse\\nquit\\n' | paigow play --seed 1
    """
    from rich.text import Text

    from paigow_cli.house_ways import way_named
    from paigow_cli.study.table_game import Dealt, Folded, RoundOver, TableGame, fold_record, round_record

    rules = make_rules(house_way, game, banker, wheel, commission)
    with reporting_errors():
        stake = parse_amount(bankroll, "bankroll", False, MAX_BANKROLL)
        from paigow_cli.core.money import money
        from paigow_cli.study.table_game import MIN_WAGER

        if stake < MIN_WAGER:
            raise OptionError(
                f"{{option}} {bankroll} is less than the minimum wager ({money(MIN_WAGER)}): bring at least that to play",
                about="bankroll",
            )
    # Only hint (and the record of a round) needs the dealer table, so it loads on first use; but a
    # plugin is checked before the first deal, as drill does: its table's build sets every class.
    checked = dealer_table(rules) if way_named(rules.house_way).plugin else None
    chosen_seed = choose_seed(seed)
    table_game = TableGame(
        rules, stake, chosen_seed, table=lambda: checked if checked is not None else dealer_table(rules)
    )
    history, session = (None, 0) if no_history else open_history("play", rules, chosen_seed)
    dealt_at = time.monotonic()
    console = output_console()
    show(  # no trailing space where the banner wraps
        console,
        Text.from_markup(
            f"[bold]Pai Gow Poker[/bold] · {game_title(rules)} · {rules.house_way} house way · "
            f"side bet: {table_game.side_table.title} · you have {money(stake, cents=True)}. Type help at any prompt."
        ),
    )
    if table_game.over:
        console.print("[yellow]The minimum wager is $2: you need at least that to play.[/yellow]")
    enable_line_editing()
    interrupted = False  # the way out began with Ctrl-C: exit 130 once the player has confirmed it
    at_terminal = stdin_is_terminal()
    while not table_game.over:
        line = read_line(table_game.prompt())
        with reporting_errors():
            if line is None and not at_terminal:  # end of piped input: nobody is left to answer a question
                events = table_game.quit()
            elif line is None or line == CTRL_C:  # Ctrl-D or Ctrl-C at a terminal: ask first, as quit does
                interrupted = interrupted or line == CTRL_C
                events = table_game.interrupt()
            else:
                events = table_game.handle(line)
                if not table_game.over:
                    interrupted = False  # answered the question by staying
        for event in events:
            show(console, play_event_text(event))
            if isinstance(event, Dealt):
                dealt_at = time.monotonic()
            elif isinstance(event, RoundOver) and history is not None:
                history = kept(
                    history, session, round_record(event, table_game.dealer_table(), time.monotonic() - dealt_at)
                )
            elif isinstance(event, Folded) and event.dealer is not None and history is not None:
                history = kept(
                    history, session, fold_record(event, table_game.dealer_table(), time.monotonic() - dealt_at)
                )
    if history is not None:
        from paigow_cli.cli.commands.stats import session_summary

        show(console, session_summary(history, session))
        history.close()
    if interrupted:
        INTERRUPTION.reported = True
        raise typer.Exit(ExitCode.INTERRUPTED)


def play_event_text(event: Event) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    from paigow_cli.study.table_game import (
        Dealt,
        Folded,
        Hint,
        RoundOver,
        Say,
        SideResult,
        ev_dollars,
    )

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
        lines: list[Any] = []
        for title, row in (("Best", best), ("House way", house)):
            if row.ev is None and row.settlement is not None:  # Face Up: against the shown hand
                lines.append(
                    Text(f"{title}: ", style="bold")
                    + setting_cards(row.split)
                    + Text(
                        f"   {outcome_text(row.settlement)} against the dealer's hand, pays {money(row.settlement.payout, signed=True, dollar=False)}"
                    )
                )
                continue
            ev = row.ev or 0.0
            lines.append(
                Text(f"{title}: ", style="bold")
                + setting_cards(row.split)
                + Text(f"   EV {signed(ev)} ({ev_dollars(ev, event.wager)} on your {money(event.wager)})")
            )
        return Group(*lines)
    if isinstance(event, Folded):
        return Text(f"You fold and lose {money(event.wager)}. Balance {money(event.balance)}.", style="yellow")
    if isinstance(event, SideResult):
        return side_result_text(event)
    assert isinstance(event, RoundOver)
    player, dealer, settlement = event.player, event.dealer.split, event.settlement
    lines = []
    mine = Text("You:    ", style="bold") + setting_cards(player)
    mine.append(f"   {table_label(player.high_value.key)} / {player.low_value.brief}")
    lines.append(mine)
    if event.player_rule:
        lines.append(indented(f"house way: {event.player_rule}", 8, style="dim"))
    theirs = Text("Dealer: ", style="bold") + setting_cards(dealer)
    theirs.append(f"   {table_label(dealer.high_value.key)} / {dealer.low_value.brief}")
    lines.append(theirs)
    lines.append(indented(event.dealer.rule, 8, style="dim italic"))
    if player.foul and not settlement.reset:
        lines.append(Text("Your setting fouls and loses.", style="red"))
    elif settlement.game_push:
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
        "win": f"You win {money(settlement.payout)} ({money(event.wager)}{less}).",
        "push": f"Push: your {money(event.wager)} comes back.",
        "lose": f"You lose {money(event.wager)}.",
    }[outcome]
    style = {"win": "bold green", "push": "bold", "lose": "bold red"}[outcome]
    lines.append(Text(f"{summary} Balance {money(event.balance)}.", style=style))
    if event.side is not None:
        lines.append(side_result_text(event.side))
    return Group(*lines)


def side_result_text(result: Any) -> Text:
    """``Fortune Bonus: Three of a kind pays 3 to 1: you win $15.`` (or the loss)."""
    from rich.text import Text

    title = result.table.title
    if result.paid.line is None:
        return Text(f"{title}: no paying hand; you lose {money(result.wager)}.", style="red")
    return Text(
        f"{title}: {result.paid.line.label} pays {result.paid.pays} to 1: you win {money(result.payout)}.",
        style="bold green",
    )
