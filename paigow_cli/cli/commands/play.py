"""``paigow play``: the table game at a prompt: bet, set your hand, beat the dealer, with side bets
and a bankroll."""

from __future__ import annotations

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
    SideBetName,
    WheelOption,
    choose_seed,
    make_rules,
)
from paigow_cli.cli.output import (
    CTRL_C,
    cards_markup,
    indented,
    read_line,
    show,
)
from paigow_cli.cli.output import (
    console as output_console,
)
from paigow_cli.cli.practice import NoHistoryOption, enable_line_editing, kept, open_history, stdin_is_terminal
from paigow_cli.cli.tables import dealer_table
from paigow_cli.cli.views.common import (
    outcome_text,
    setting_cards,
    signed,
)
from paigow_cli.core.errors import OptionError
from paigow_cli.core.games import PUSH_TEXT, game_title
from paigow_cli.core.hands import table_label
from paigow_cli.core.money import MAX_BANKROLL, money, parse_amount
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from paigow_cli.study.table_events import Event

app = typer.Typer()


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
    side_bet: Annotated[
        SideBetName | None,
        typer.Option(
            "--side-bet",
            metavar="NAME",
            help="The side bet at the table: with the classic game fortune (the default), emperors-challenge, "
            "mania-seven-card, mania-three-card (your first three cards as dealt), dealer-bonus or jackpot (paid "
            "on your hand as you set it); with face-up fortune or face-up-progressive; ez has queens-dragon and "
            "commission-free tiger-9.",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
    no_history: NoHistoryOption = False,
) -> None:
    """Play Pai Gow Poker at a table in the terminal: bet, set your hand, beat the dealer.

    Bet with chips of $1, $5, $10, $25 and $100 (a wager of $2 to $100), and if you like the
    side bet (side 5: Fortune Bonus, or Queen's Dragon in EZ, Tiger 9 in Commission-Free, or the
    one --side-bet names).
    Deal, then name your two low cards, type house for the house way, hint for the best setting,
    or fold. In the classic game wins pay 1 to 1 less the 5% commission; copies go to the banker.
    Type help at any prompt. Every round is recorded (--no-history keeps none), and the session
    ends with its score, as paigow stats gives it.

    Examples:

    $ paigow play
    $ paigow play --bankroll 200 --seed 7 --game ez
    $ paigow play --side-bet jackpot
    $ printf '10\\ndeal\\nhouse\\nquit\\n' | paigow play --seed 1
    """
    from rich.text import Text

    from paigow_cli.house_ways import way_named
    from paigow_cli.study.table_events import Dealt, Folded, RoundOver, fold_record, round_record
    from paigow_cli.study.table_game import TableGame

    rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
    with reporting_errors():
        from paigow_cli.study.table_game import side_bet_table

        side_bet_table(rules.game, side_bet.value if side_bet is not None else None)  # refused before the deal
        stake = parse_amount(bankroll, "bankroll", positive=False, most=MAX_BANKROLL)
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
        rules,
        stake,
        chosen_seed,
        table=lambda: checked if checked is not None else dealer_table(rules),
        side_bet=side_bet.value if side_bet is not None else None,
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

    from paigow_cli.study.table_events import Dealt, Folded, Hint, RoundOver, Say, SideResult
    from paigow_cli.study.table_game import ev_dollars

    if isinstance(event, Say):
        from paigow_cli.cli.views.common import with_suit_symbols

        style = {"error": "red", "warning": "yellow"}.get(event.kind, "")
        return Text(with_suit_symbols(event.text), style=style)
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
        lines: list[RenderableType] = []
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
    if event.side is None:
        lines.append(Text(f"{summary} Balance {money(event.balance)}.", style=style))
    else:  # the side bet is announced first: the balance counts it
        lines.append(Text(summary, style=style))
        lines.append(side_result_text(event.side))
        lines.append(Text(f"Balance {money(event.balance)}.", style="bold"))
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
