"""``paigow drill``: practice setting hands, each graded by exact EV against the house way and the
best setting, with hints, a focus on a kind of hand, a review of past misses and a challenge."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

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
    complete_player,
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
from paigow_cli.cli.practice import NoHistoryOption, enable_line_editing, kept, open_history
from paigow_cli.cli.practised import due_test, focus_test, practice_schedule, practised_strategy, reschedule
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views.common import (
    rates_text,
    setting_cards,
    signed,
    study_command,
)
from paigow_cli.core.errors import OptionError
from paigow_cli.core.rules import Game, HouseWayName, Rules, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from paigow_cli.analysis.hand.advice import Advice
    from paigow_cli.core.cards import Card
    from paigow_cli.study.drill import Grade, Score

app = typer.Typer()

CHALLENGE_HANDS = 100  # drill --challenge
DRILL_HANDS = 10  # drill without --count


@app.command("drill")
def drill_command(
    count: Annotated[
        int | None,
        typer.Option(
            "--count", "-n", "--hands", metavar="N", help=f"How many hands to drill (default {DRILL_HANDS}).", min=1
        ),
    ] = None,
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
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME|FILE.py|best-way",
            autocompletion=complete_player,
            help="A strategy to practise (a strategy card's FILE.py, a house way, a plugin or best-way): each "
            "answer is also graded against its setting, with the rule or clause that decided it; the dealer "
            "keeps --house-way.",
            show_default=False,
        ),
    ] = None,
    due: Annotated[
        bool,
        typer.Option(
            "--due",
            help="With --player: deal hands of the strategy's rules that are due for review today (spaced "
            "repetition: a rule you set right comes back later, one you miss soon); every graded answer "
            "reschedules its rule.",
        ),
    ] = False,
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
    $ paigow drill --house-way trump-plaza --player tp-card.py
    $ paigow drill --player tp-card.py --focus "rule 3"
    $ paigow drill --house-way trump-plaza --player tp10 --due
    """
    from rich.text import Text

    from paigow_cli.cli.views.common import with_suit_symbols
    from paigow_cli.study.drill import Drill, hand_record

    rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
    chosen_seed = choose_seed(seed)
    with reporting_errors():
        if sum((review, challenge, focus is not None, due)) > 1:
            raise OptionError("--review, --challenge, --focus and --due each choose the hands: choose one")
        if due and player is None:
            raise OptionError("--due deals the rules of a strategy you practise: give --player CARD")
        if challenge and count is not None:
            raise OptionError(
                f"--challenge deals {CHALLENGE_HANDS} hands, the same for anyone with the seed: --count does not "
                "go with it"
            )
        count = CHALLENGE_HANDS if challenge else count or DRILL_HANDS
        given, graded = review_deck(rules) if review else ((), 0)
        if review and not given:  # a paragraph that fits the terminal
            if not graded:
                said = (
                    "Nothing to review yet: no hand of this game and house way has been graded (paigow drill "
                    "grades hands, and --review deals again the ones you set worse than best)."
                )
            else:
                said = "Nothing to review: every hand you set worse than best you have since set best twice in a row."
            show(output_console(), Text(said))
            return
        practised = practised_strategy(player, rules) if player is not None else None
        table = dealer_table(rules)
        wanted, kind = focus_test(focus, rules, table, practised) if focus is not None else (None, "")
        schedule = practice_schedule(practised) if practised is not None and not no_history else {}
        if due:
            assert practised is not None
            wanted, next_due = due_test(practised, rules, schedule)
            if wanted is None:
                show(output_console(), Text(f"Nothing is due: {next_due}."))
                return
        drill = Drill(
            rules,
            table,
            chosen_seed,
            min(count, len(given)) if given else count,
            given=given,
            focus=wanted,
            focus_kind=kind,
            player=practised,
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
                if history is not None and hand not in drill.hinted and reply.grade.played is not None:
                    history = reschedule(history, schedule, reply.grade)
                scored = hand not in drill.hinted
                show(console, drill_grade_text(reply.grade, scored))
                if scored:
                    show(console, drill_score_text(drill.score, practised is not None))
                break
            if reply.kind == "hint" and reply.advice is not None:
                show(console, drill_hint_text(reply.advice))
            elif reply.kind in ("help", "error"):
                shown = with_suit_symbols(reply.text)  # the cards as the hand above them is printed
                show(console, Text(shown, style="red" if reply.kind == "error" else ""))  # no trailing space
        if stopped:
            break
    if history is not None:
        history.close()
    show(console, drill_summary_text(drill.score, practised is not None))
    if challenge:
        show(
            console,
            Text(
                challenge_score_text(chosen_seed, drill.score.hands, drill.score.best, drill.score.given_up),
                style="bold",
            ),
        )
    if interrupted:  # Ctrl-C: the summary is said, and the exit status says how it ended
        INTERRUPTION.reported = True
        raise typer.Exit(ExitCode.INTERRUPTED)


def challenge_score_text(seed: int, graded: int, best: int, given_up: float) -> str:
    """A challenge's final score, of the hands played; one stopped early says how far it got.

    >>> challenge_score_text(1, 100, 91, 0.5)
    'Challenge (seed 1): 91 of 100 set best, EV given up 0.5000'
    >>> challenge_score_text(1, 3, 2, 0.25)
    'Challenge (seed 1), stopped after 3 of 100 hands: 2 of 3 set best, EV given up 0.2500'
    >>> challenge_score_text(1, 0, 0, 0.0)
    'Challenge (seed 1), stopped before any hand was graded: no score'
    """
    if graded == 0:
        return f"Challenge (seed {seed}), stopped before any hand was graded: no score"
    stopped = f", stopped after {graded} of {CHALLENGE_HANDS} hands" if graded < CHALLENGE_HANDS else ""
    return f"Challenge (seed {seed}){stopped}: {best} of {graded} set best, EV given up {given_up:.4f}"


def review_deck(rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """The hands ``drill --review`` deals, worst first, from the history (none if there is none),
    and how many hands of these rules the history holds at all."""
    from paigow_cli.core.cards import parse_cards
    from paigow_cli.study.history import History, HistoryError
    from paigow_cli.study.stats import review_hands

    try:
        history = History.open(notify=note)
    except (HistoryError, OSError) as error:
        raise OptionError(f"--review needs the history, which cannot be read: {error}") from None
    recorded = history.hands()
    history.close()
    asked = (rules.game.value, rules.house_way, rules.banker)
    graded = sum(1 for hand in recorded if (hand.game, hand.house_way, hand.banker) == asked)
    due = tuple(
        tuple(parse_cards(cards))
        for cards in review_hands(recorded, rules.game.value, rules.house_way, banker=rules.banker)
    )
    return due, graded


def complete_focus(incomplete: str) -> list[str]:
    """Shell completion of ``--focus``: the kinds of hand and the joker (a clause is typed in words).

    >>> complete_focus("two")
    ['two-pair']
    """
    from paigow_cli.core.hands import KINDS

    return [kind for kind in (*KINDS, "joker") if kind.startswith(incomplete)]


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
    if grade.played is not None:
        if grade.followed:
            verdict.append(" You followed your strategy.", style="bold green")
        else:
            verdict.append(" Not your strategy's setting.", style="bold red")
    lines: list[RenderableType] = [verdict]
    rows = [("Yours", yours), ("Best", best), ("House way", house)]
    if grade.strategy is not None:
        rows.insert(1, ("Strategy", grade.strategy))
    for title, row in rows:
        line = Text(f"  {title + ':':11}")
        line.append_text(setting_cards(row.split))
        line.append(f"   EV {signed(row.ev or 0.0)}")
        lines.append(line)
        if row.odds is not None:
            lines.append(Text(f"  {'':11}{rates_text(row.odds)}", style="dim"))
    if grade.played is not None:
        lines.append(indented(f"Your strategy ({grade.played.strategy}): {grade.played.clause}", 2, style="italic"))
    lines.append(indented(f"House way's clause: {grade.advice.house.rule}", 2, style="dim italic"))
    if not grade.found_best or (grade.played is not None and not grade.followed):
        player = grade.played.strategy if grade.played is not None else None
        command = study_command(grade.advice.hand, yours.split.low, grade.advice.rules, player)
        lines.append(indented(f"Study it: {command}", 2, style="dim"))
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


def drill_score_text(score: Score, practised: bool = False) -> RenderableType:
    """The running score after a graded hand: ``Score: 2 of 3 best, 0 fouls, EV given up 0.1234``."""
    from rich.text import Text

    fouls = f"{score.fouls} foul{'s' if score.fouls != 1 else ''}"
    followed = f", {score.followed} followed your strategy" if practised else ""
    return Text(
        f"  Score: {score.best} of {score.hands} best{followed}, {fouls}, EV given up {score.given_up:.4f} "
        f"({score.average_given_up:.4f} a hand)",
        style="dim",
    )


def drill_summary_text(score: Score, practised: bool = False) -> RenderableType:
    from rich.text import Text

    if not score.hands:
        return Text("\nNo hands graded.")
    followed = f"{score.followed} followed your strategy, " if practised else ""
    return Text(
        f"\n{score.hands} hand{'s' if score.hands != 1 else ''} graded: {score.best} best, {followed}{score.fouls} foul{'s' if score.fouls != 1 else ''}, "
        f"EV given up {score.given_up:.4f} in all ({score.average_given_up:.4f} a hand).",
        style="bold",
    )
