"""``paigow advise``: the 21 settings of a hand by exact EV, or settled against a dealer's hand."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.batches import batch_threads, deal_line, for_each_hand, is_batch
from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.options import (
    BankerOption,
    BatchJsonOption,
    CardsArgument,
    CommissionOption,
    DeadOption,
    GameOption,
    HouseWayOption,
    WheelOption,
    complete_player,
    dead_option,
    make_rules,
    option_cards,
)
from paigow_cli.cli.output import Output, card_list, cards_markup, data_table, fitted
from paigow_cli.cli.tables import TableOnce
from paigow_cli.cli.views.common import (
    outcome_text,
    setting_json,
    setting_line,
    signed,
    split_json,
)
from paigow_cli.core.cards import Card, parse_hand
from paigow_cli.core.errors import (
    CardError,
    OptionError,
)
from paigow_cli.core.games import PUSH_TEXT, game_text
from paigow_cli.core.hands import table_label
from paigow_cli.core.money import MAX_BET, money, parse_amount
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import RenderableType
    from rich.text import Text

    from paigow_cli.analysis.hand.advice import Advice, SplitAdvice
    from paigow_cli.analysis.strategy.played import Played
    from paigow_cli.core.showdown import Settlement
    from paigow_cli.engine.distribution import SplitOdds

app = typer.Typer()


@app.command("advise")
def advise_command(
    cards: CardsArgument = None,
    dealer: Annotated[
        str | None,
        typer.Option("--dealer", metavar="CARDS", help="The dealer's seven cards: settle every setting against them."),
    ] = None,
    low: Annotated[
        str | None,
        typer.Option("--low", metavar="CARDS", help="Your own setting: the two cards you put in the low hand."),
    ] = None,
    dead: DeadOption = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Also show settings another setting matches or beats on both hands.")
    ] = False,
    bet: Annotated[
        str | None,
        typer.Option(
            "--bet",
            metavar="AMOUNT",
            help="The wager, for payouts with --dealer (default 1), e.g. 5 or 12.50.",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME|FILE.py|best-way",
            autocompletion=complete_player,
            help="A strategy you play by (a house way, a plugin or a strategy card's FILE.py, or best-way): "
            "its setting, the clause or card rule that decided it, and what it gives up against the best "
            "(beside yours, with --low).",
            show_default=False,
        ),
    ] = None,
    dragon: Annotated[
        bool,
        typer.Option(
            "--dragon",
            help="Also whether to take the dragon hand beside yours, counted exactly (paigow dragon: about 45 "
            "seconds on two cores the first time, then cached).",
        ),
    ] = False,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    as_json: BatchJsonOption = False,
) -> None:
    """Rank the 21 ways to set seven cards by exact EV against the house way's dealer.

    Every possible dealer hand is counted exactly (53,524,680 of them for a full deck).
    With --dealer, each setting is settled against that one dealer hand instead.

    Examples:

    $ paigow advise AS KD JK 9H 9C 4D 2S
    $ paigow advise AS KD JK 9H 9C 4D 2S --low "kd 4d" --dead "AH AD"
    $ paigow advise AS KD JK 9H 9C 4D 2S --dealer "KS KH JD 8C 7S 4H 3D" --bet 5
    $ paigow advise AS KD JK 9H 9C 4D 2S --game ez --banker
    $ paigow advise AS JD 8C 7H 6S 5D 4C --player my-card.py
    $ paigow advise AS KD JK 9H 9C 4D 2S --dragon
    $ paigow deal --count 100 | paigow advise - --json
    $ paigow deal --count 5 --dealer | paigow advise - --bet 5

    A stdin line PLAYER | DEALER (as deal --dealer prints it) settles that hand against that dealer.
    """
    from paigow_cli.analysis.hand.advice import advise
    from paigow_cli.analysis.strategy.played import strategy_setting

    rules = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
    batch = is_batch(cards)  # many hands: the compiled engine pays for loading itself; one hand uses numpy
    output = Output(as_json, batch=batch)
    with reporting_errors():
        dealer_cards = option_cards(dealer, "the dealer's hand (--dealer)", (7,))
        dead_cards = dead_option(dead)
        low_cards = option_cards(low, "your low hand (--low)", (2,))
        if dealer_cards is not None and dead_cards:
            raise CardError(
                "--dead and --dealer do not go together: with the dealer's hand known, nothing else is unknown"
            )
        if bet is not None and dealer_cards is None and not batch:
            raise OptionError("--bet is the wager for payouts against --dealer; without --dealer, EVs are per unit bet")
        if low_cards is not None and batch:
            raise OptionError("--low names two cards of one hand: it does not go with a stdin batch (-)")
        if dragon and (batch or dealer_cards is not None or banker):
            raise OptionError(
                "--dragon prices the dragon hand beside one hand against an unknown dealer's: not with a stdin "
                "batch (-), --dealer or --banker"
            )
        wager = parse_amount(bet, "bet", positive=True, most=MAX_BET) if bet is not None else Decimal(1)
        strategy = advise_player(player) if player is not None else None
    tables = TableOnce(rules)

    def handle(text: str | list[str]) -> Callable[[], None]:
        player_text, line_dealer = split_dealer(text, dealer_cards, dead_cards)
        if bet is not None and line_dealer is None:
            raise OptionError(
                "--bet is the wager for payouts against a dealer's hand: this line has none (PLAYER | DEALER)"
            )
        hand = parse_hand(player_text, what="a hand to set")
        table = tables.get() if line_dealer is None else None
        played = strategy_setting(hand, strategy, rules) if strategy is not None else None
        advice = advise(
            hand,
            rules,
            dealer=line_dealer,
            low=played.front if played is not None and low_cards is None else low_cards,
            bet=wager,
            table=table,
            dead=dead_cards,
            compiled=batch,
        )
        document = advise_json(advice, played)
        extra = None
        if dragon:
            from paigow_cli.cli.commands.dragon import dragon_answer, dragon_line

            document["dragon"] = dragon_answer(rules, hand, tuple(dead_cards))
            extra = dragon_line(document["dragon"])
        return lambda: output.emit(
            document,
            lambda: advise_text(advice, show_all=show_all, played=played, yours=low_cards is not None, extra=extra),
        )

    for_each_hand(cards, handle, output=output, threads=batch_threads() if batch else 1)


def advise_player(player: str) -> str:
    """``--player``: a house way, a plugin (a strategy card's file), or best-way; not house or best,
    which advise shows anyway."""
    from paigow_cli.cli.options import strategy_name

    if player.lower() in ("house", "best"):
        raise OptionError(
            f"--player {player}: advise always shows the house way's and the best setting; name a strategy "
            "you play by (a house way, a plugin FILE.py, or best-way)",
            about="player",
        )
    return strategy_name(player)


def split_dealer(
    text: str | list[str], dealer: tuple[Card, ...] | None, dead: Sequence[Card]
) -> tuple[str | list[str], tuple[Card, ...] | None]:
    """``PLAYER | DEALER`` (as ``paigow deal --dealer`` prints it, or its JSON): the player's cards
    and the dealer's.

    >>> split_dealer("AS KD JK 9H 9C 4D 2S | KS KH JD 8C 7S 4H 3D", None, ())[1]
    (KS, KH, JD, 8C, 7S, 4H, 3D)
    """
    player, dealer_text = deal_line(text)
    if dealer_text is None:
        return player, dealer
    if dealer is not None:
        raise CardError("the dealer's hand is given twice: after | and with --dealer; give one")
    if dead:
        raise CardError(
            "--dead and a dealer's hand (after |) do not go together: with the dealer's hand known, nothing else is unknown"
        )
    return player, parse_hand(dealer_text, what="the dealer's hand (after |)")


def advise_json(advice: Advice, played: Played | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": card_list(advice.hand),
        "game": advice.rules.game.value,
        "banker": advice.rules.banker,
        "rules": advice.rules.as_dict(),
        "house_way": setting_json(advice.house),  # this release only: house_setting is its new name
        "house_setting": setting_json(advice.house),
    }
    # One key set whether or not a dealer's hand is given: null where it does not apply.
    document["dead"] = card_list(advice.dead)
    document["bet"] = float(advice.bet) if advice.dealer is not None else None
    document["dealer"] = setting_json(advice.dealer) if advice.dealer is not None else None
    chosen = advice.chosen_row
    if chosen is not None:
        document["chosen"] = row_json(chosen)
        given_up = advice.given_up(chosen)
        if given_up is not None:
            document["chosen"]["ev_given_up"] = given_up
    document["player"] = None
    if played is not None:
        row = strategy_row(advice, played)
        document["player"] = {
            "strategy": played.strategy,
            "clause": played.clause,
            "low": card_list(played.front),
            "ev": row.ev,
            "ev_given_up": advice.given_up(row),
        }
    if advice.seen is not None:  # Face Up: set after seeing the dealer's hand, the best setting each deal
        document["dealer_seen"] = {**split_odds_json(advice.seen), "ev": advice.seen.ev(advice.rules.commission)}
    document["splits"] = [row_json(row) for row in advice.rows]
    return document


def row_json(row: SplitAdvice) -> dict[str, Any]:
    document = split_json(row.split)
    document["house_way"] = row.house_way  # this release only: is_house_way is its new name
    document["is_house_way"] = row.house_way
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


def strategy_row(advice: Advice, played: Played) -> SplitAdvice:
    """The row of the setting a strategy makes."""
    front = frozenset(played.front)
    return next(row for row in advice.rows if frozenset(row.split.low) == front)


def advise_text(
    advice: Advice,
    *,
    show_all: bool = False,
    played: Played | None = None,
    yours: bool = False,
    extra: str | None = None,
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    dealt = advice.dealer is not None
    with_ev = advice.rows[0].ev is not None
    table = data_table()
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
        cells: list[RenderableType] = [
            row_number(number, row),
            cards_markup(split.high),
            cards_markup(split.low),
            table_label(split.high_value.key),
        ]
        if row.settlement is not None:
            cells += [outcome_text(row.settlement), money(row.settlement.payout, signed=True, dollar=False)]
        if row.odds is not None and row.ev is not None:
            total = row.odds.total
            cells += [
                percent(row.odds.wins, total),
                percent(row.odds.pushes, total),
                percent(row.odds.losses, total),
                signed(row.ev),
            ]
        table.add_row(*cells, style="dim" if split.foul else ("bold" if row.best else None))
    parts: list[RenderableType] = [hand_title(advice)]
    if advice.rules.game is not Game.CLASSIC or advice.rules.banker:
        rule = PUSH_TEXT.get(advice.rules.game, f"{advice.rules.commission * 100:g}% commission")
        parts.append(Text(f"Game: {game_text(advice.rules)}; {rule}", style="dim"))
    if with_ev:
        parts.append(ev_line("Best", advice.best_row, advice))
    if advice.seen is not None:
        seen = Text("Seen first: ", style="bold")
        seen.append(f"EV {signed(advice.seen.ev(advice.rules.commission))}", style="bold")
        seen.append(" when you set after the dealer's hand is shown, as Face Up deals it (the best setting each deal)")
        parts.append(seen)
    parts.append(setting_line(f"House way ({advice.rules.house_way})", advice.house))
    if with_ev:
        parts.append(ev_line("  EV", advice.house_row, advice))
    if advice.dealer is not None:
        parts.append(setting_line("Dealer", advice.dealer))
    chosen = advice.chosen_row
    if played is not None:
        from rich.padding import Padding

        row = strategy_row(advice, played)
        parts.append(chosen_line(row, played))
        parts.append(Padding(Text(played.clause, style="italic"), (0, 0, 0, 2)))
        if with_ev:
            parts.append(ev_line("  EV", row, advice))
    if chosen is not None and (played is None or yours):
        parts.append(chosen_line(chosen))
        if with_ev:
            parts.append(ev_line("  EV", chosen, advice))
    if extra is not None:
        parts.append(Text(extra, style="bold"))
    parts += [Text(), fitted(table, optional=["High hand", "Push%", "Win%", "Lose%"])]
    if hidden:
        parts.append(Text(f"{hidden} settings hidden: matched or beaten on both hands (--all shows them)", style="dim"))
    shown = {mark for row in advice.rows for mark in row_marks(row)}
    legend = "  ".join(f"{mark} {name}" for mark, name in MARKS if mark in shown)
    if advice.rules.banker and "F" in shown:
        legend += " (as banker, reset to the house way)"
    parts.append(Text(legend, style="dim"))
    return Group(*parts)


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


def percent(count: int, total: int) -> str:
    return f"{100 * count / total:.2f}"


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


def chosen_line(row: SplitAdvice, played: Played | None = None) -> Text:
    from rich.text import Text

    line = Text()
    line.append("Yours: " if played is None else f"Your strategy ({played.strategy}): ", style="bold")
    line.append_text(cards_markup(row.split.high))
    line.append(" / ")
    line.append_text(cards_markup(row.split.low))
    if row.split.foul:
        line.append("   FOUL: the low hand outranks the high hand", style="bold red")
    else:
        line.append(f"   {table_label(row.split.high_value.key)} / {row.split.low_value.brief}")
    if row.settlement is not None:
        line.append(f"; {outcome_text(row.settlement)}, pays {money(row.settlement.payout, signed=True, dollar=False)}")
    return line
