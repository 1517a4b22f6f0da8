"""``paigow bonus``: what seven cards pay on the side bets, and a pay table's exact odds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from paigow_cli.cli.batches import deal_line, for_each_hand, is_batch
from paigow_cli.cli.exits import (
    reporting_errors,
)
from paigow_cli.cli.options import (
    SIDE_BET_NAMES,
    BatchJsonOption,
    CardsArgument,
    DeadOption,
    HouseWayOption,
    SideBetName,
    WheelOption,
    dead_option,
    make_rules,
)
from paigow_cli.cli.output import Output
from paigow_cli.cli.tables import category_table, dealer_table
from paigow_cli.core.cards import Card, parse_hand, sort_cards
from paigow_cli.core.errors import (
    OptionError,
)
from paigow_cli.core.rules import HouseWayName, Rules, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence
    from decimal import Decimal

    from paigow_cli.analysis.money.pay_tables import PayTable
    from paigow_cli.analysis.money.side_bets import SideBetOdds


app = typer.Typer()


@app.command("bonus")
def bonus_command(
    cards: CardsArgument = None,
    table_name: Annotated[
        SideBetName | None,
        typer.Option(
            "--table",
            metavar="NAME",
            help=f"The side bet's pay table: {SIDE_BET_NAMES} (every table when not given, except with --odds).",
            case_sensitive=False,
        ),
    ] = None,
    odds: Annotated[
        bool,
        typer.Option(
            "--odds",
            help="The exact count of every paying hand over every seven-card hand (every three cards for a "
            "three-card table).",
        ),
    ] = False,
    pays: Annotated[
        str | None,
        typer.Option(
            "--pays",
            metavar="LINE=PAYS,...",
            help="Override lines' payouts (to 1): LINE=PAYS pairs joined by commas, e.g. flush=4,straight=2 "
            "(the lines are named above).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            metavar="N",
            help="With --odds on fortune or dynasty: the Envy bonus of N other players (0 to 5), each of whose "
            "hands on the envy's lines pays a fixed amount to a bet of $5 or more.",
            show_default=False,
        ),
    ] = None,
    meter: Annotated[
        str | None,
        typer.Option(
            "--meter",
            metavar="AMOUNT",
            help="With --odds on a progressive (jackpot, face-up-progressive): the top prize the meter shows, "
            "in dollars on the --bet (default the published prize); gives the return there and the break-even "
            "meter.",
            show_default=False,
        ),
    ] = None,
    bet: Annotated[
        str | None,
        typer.Option(
            "--bet",
            metavar="AMOUNT",
            help="With --players or --meter: your side bet (default 5; the envy needs $5 or more), for the envy's "
            "fixed payouts and the meter per unit bet.",
            show_default=False,
        ),
    ] = None,
    dead: DeadOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: BatchJsonOption = False,
) -> None:
    """Side bets: what seven cards pay on each table, or a table's exact odds and house edge.

    fortune, emperors-challenge and mania-seven-card (Pai Gow Mania) pay on the player's seven
    cards; mania-three-card on his first three, as given; dealer-bonus on the dealer's seven (its
    highest-ranking line pays); jackpot (Jackpot Pai Gow) on the player's seven as he sets them
    (its "plus pair" lines: that hand behind and a pair in front); face-up-progressive on the
    player's seven; dynasty (EZ in California) on the player's seven with a fully wild
    joker; queens-dragon (EZ) on the dealer's seven; tiger-9 (Commission-Free) on the dealer's low
    hand as the house way sets it.
    Given one hand, the dealer's side bets price it as if it were the dealer's; a line of paigow
    deal --dealer (PLAYER | DEALER) prices them on the dealer's seven. A hand is paid once, at its
    highest-paying line.

    The lines --pays can change, by table (a name a table does not have is an error that lists the
    table's own):

    Fortune: seven-card-straight-flush-joker, seven-card-straight-flush, three-of-a-kind,
    royal-match, five-aces, royal-flush, straight-flush, four-of-a-kind, full-house, flush, straight.

    Emperor's Challenge: seven-card-straight-flush-joker, five-aces, seven-card-straight-flush,
    royal-flush, straight-flush, four-of-a-kind, full-house, flush, three-of-a-kind, straight,
    nine-high-pai-gow, ten-high-pai-gow, jack-high-pai-gow.

    Mania 7-card: five-aces, royal-flush, straight-flush, four-of-a-kind, full-house, flush,
    three-of-a-kind, straight.

    Mania 3-card: three-card-straight-flush-joker, three-card-three-of-a-kind, three-card-flush,
    three-card-straight-flush, three-card-straight, three-card-pair.

    Dealer Bonus: seven-card-straight-flush-joker, seven-card-straight-flush, royal-match,
    five-aces, royal-flush, straight-flush, four-of-a-kind, full-house, flush, three-of-a-kind,
    straight, nine-high-low-hand.

    Jackpot: natural-royal-plus-aces, five-aces-plus-pair, royal-flush-plus-pair, five-aces,
    royal-flush, straight-flush-plus-pair, four-of-a-kind-plus-pair, straight-flush, four-of-a-kind,
    full-house-plus-pair, flush-plus-pair, straight-plus-pair, full-house, flush, straight,
    three-of-a-kind.

    Face Up progressive: five-aces, royal-flush, seven-card-straight-flush, straight-flush,
    seven-card-straight-flush-joker, four-of-a-kind, full-house.

    Dynasty: five-of-a-kind, royal-flush, straight-flush, four-of-a-kind, full-house, flush,
    straight, three-of-a-kind.

    Queen's Dragon: queen-high-pai-gow. Tiger 9: nine-high-low-hand.

    Examples:

    $ paigow bonus AS KS QS JS TS KH QH
    $ paigow bonus --odds --table fortune
    $ paigow bonus --odds --table tiger-9 --house-way ballys --json
    $ paigow bonus --odds --table fortune --pays "five-aces=250,royal-flush=100"
    $ paigow bonus --odds --table fortune --players 4 --bet 5
    $ paigow bonus --odds --table dynasty --players 5
    $ paigow bonus --odds --table jackpot --meter 50000 --bet 5
    """
    from paigow_cli.analysis.money.pay_tables import PAY_TABLES, with_pays
    from paigow_cli.cli.views.bonus import bonus_json, bonus_odds_json, bonus_odds_text, bonus_text

    rules = make_rules(house_way, wheel=wheel)
    with reporting_errors():
        if odds and cards:
            raise OptionError("--odds counts every hand: give no cards with it (or drop --odds to price these cards)")
        if odds and table_name is None:
            raise OptionError(f"--odds needs --table NAME: {SIDE_BET_NAMES}")
        if pays is not None and table_name is None:
            raise OptionError("--pays overrides one table's payouts: name it with --table")
        if dead is not None and not odds:
            raise OptionError("--dead applies to --odds only (the exact count over the live cards)")
        names = [table_name.value] if table_name else list(PAY_TABLES)
        tables = [with_pays(PAY_TABLES[name], pays) if pays is not None else PAY_TABLES[name] for name in names]
    with reporting_errors():
        stake = envy_options(players, bet, odds, table_name, metered=meter is not None)
        if meter is not None:
            tables = [meter_table(tables[0], meter, bet, odds)]
    if odds:
        table = tables[0]
        with reporting_errors():
            dead_cards = dead_option(dead)
            result = bonus_odds(table, rules, dead_cards)
        envy = None
        if players is not None and stake is not None:
            from paigow_cli.analysis.money.side_bets import Envy

            envy = Envy(result, players, stake)
        Output(as_json, batch=False).emit(
            bonus_odds_json(result, rules, dead_cards, envy), lambda: bonus_odds_text(result, rules, dead_cards, envy)
        )
        return
    output = Output(as_json, batch=is_batch(cards))

    def handle(text: str | list[str]) -> None:
        from paigow_cli.core.cards import check_disjoint
        from paigow_cli.house_ways import house_setting

        player, dealt = deal_line(text)  # a line of paigow deal --dealer: the player's hand and the dealer's
        given = parse_hand(player, what="a hand to price")  # as dealt: a three-card table pays on the first three
        hand = sort_cards(given)
        dealer = sort_cards(parse_hand(dealt, what="the dealer's hand")) if dealt is not None else None
        if dealer is not None:
            check_disjoint(hand, dealer, "the player's hand", "the dealer's hand")
        on_dealer = dealer or hand  # the dealer's side bets are priced on the dealer's seven, when given
        setting = house_setting(on_dealer, rules) if any(table.needs_house_way for table in tables) else None
        output.emit(
            bonus_json(hand, tables, setting, dealer, given), lambda: bonus_text(hand, tables, setting, dealer, given)
        )

    for_each_hand(cards, handle, output=output)


def meter_table(table: PayTable, meter: str, bet: str | None, odds: bool) -> PayTable:
    """``--meter`` and ``--bet``: the progressive's table with its top prize at that meter."""
    from paigow_cli.analysis.money.pay_tables import MAX_METER, meter_of, with_meter
    from paigow_cli.core.money import MAX_BET, parse_amount

    if not odds:
        raise OptionError(f"--meter prices the progressive over every hand: give --odds --table {table.name} too")
    progressive = meter_of(table)
    stake = parse_amount(bet, "bet", positive=True, most=MAX_BET) if bet is not None else progressive.bet
    amount = parse_amount(meter, "meter", positive=True, most=MAX_METER)
    return with_meter(table, amount, stake)


def envy_options(
    players: int | None, bet: str | None, odds: bool, table_name: SideBetName | None, *, metered: bool = False
) -> Decimal | None:
    """``--players`` and ``--bet``: the Envy bonus's other players and the side bet (its stake)."""
    from paigow_cli.analysis.money.pay_tables import ENVY_LEAST, ENVY_TABLES, MOST_OTHERS
    from paigow_cli.core.money import MAX_BET, money, parse_amount

    if players is None:
        if bet is not None and not metered:
            raise OptionError("--bet is the side bet for the Envy bonus or the meter: give --players N or --meter too")
        return None
    if not odds or table_name is None or table_name.value not in ENVY_TABLES:
        raise OptionError(
            f"--players prices the Envy bonus beside --odds --table {', '.join(ENVY_TABLES)}: give them too"
        )
    if not 0 <= players <= MOST_OTHERS:
        raise OptionError(
            f"--players {players} is out of range: give 0 to {MOST_OTHERS} other players (six seats and the dealer)"
        )
    stake = parse_amount(bet, "bet", positive=True, most=MAX_BET) if bet is not None else ENVY_LEAST
    if stake < ENVY_LEAST:
        raise OptionError(f"--bet {money(stake)}: the Envy bonus is paid to a side bet of {money(ENVY_LEAST)} or more")
    return stake


def bonus_odds(table: PayTable, rules: Rules, dead_cards: Sequence[Card]) -> SideBetOdds:
    """A side bet's exact odds, loading the cached tables it needs."""
    from paigow_cli.analysis.money.side_bets import side_bet_odds

    if table.on == "player-three":
        return side_bet_odds(table, None, dead_cards)
    if table.needs_settings:
        from paigow_cli.cli.tables import setting_lines_table

        classes, _ = category_table()
        return side_bet_odds(table, classes, dead_cards, settings=setting_lines_table())
    if table.needs_house_way:
        from paigow_cli.engine.class_flags import nine_high_low_classes

        dealer = dealer_table(rules)
        return side_bet_odds(table, dealer.classes, dead_cards, nine_high_low_classes(dealer))
    classes, _ = category_table()
    return side_bet_odds(table, classes, dead_cards)
