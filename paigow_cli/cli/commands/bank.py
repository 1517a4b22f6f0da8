"""``paigow bank``: a player banks against a full table (its method: ``analysis.money.bank``; its
text and pictures: ``cli.views.bank``)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    DeadOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    WheelOption,
    complete_player,
    dead_option,
    make_rules,
)
from paigow_cli.cli.output import Output, check_folder, write_file
from paigow_cli.core.errors import OptionError
from paigow_cli.core.money import MAX_BANKROLL, MAX_BET, money, parse_amount
from paigow_cli.core.rules import HouseWayName, Wheel

if TYPE_CHECKING:
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.bank import BankTable, SeatOdds
    from paigow_cli.analysis.money.results import EdgeResult
    from paigow_cli.analysis.money.session import SessionDistribution
    from paigow_cli.core.rules import Rules

app = typer.Typer()

MAX_BANK_DEAD = 53 - 14  # the banker and one seat need seven live cards each


@app.command("bank")
def bank_command(
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            metavar="N",
            help="Seats against the bank, the dealer's own hand among them (1 to 6; default 6, or as many "
            "as the live cards deal).",
            show_default=False,
        ),
    ] = None,
    bet: Annotated[
        str,
        typer.Option(
            "--bet",
            metavar="AMOUNT[,AMOUNT...]",
            help="Each seat's bet: one amount for every seat, or one per seat (commas), e.g. 25 or 25,25,100.",
        ),
    ] = "1",
    commission: Annotated[
        float,
        typer.Option("--commission", metavar="RATE", help="The commission on the bank's wins, e.g. 0.05 (0: none)."),
    ] = 0.05,
    commission_on: Annotated[
        str,
        typer.Option(
            "--commission-on",
            metavar="net|each",
            help="Charge the commission on the bank's net win of the round (net, as casinos do) or on "
            "each seat it beats (each: exact).",
        ),
    ] = "net",
    fee: Annotated[
        str | None,
        typer.Option(
            "--fee",
            metavar="AMOUNT",
            help="A flat collection every seat, the banker's included, pays each hand (a California room's).",
            show_default=False,
        ),
    ] = None,
    banker_plays: Annotated[
        str | None,
        typer.Option(
            "--banker-plays",
            metavar="NAME|FILE.py",
            autocompletion=complete_player,
            help="The banker's way of setting (a house way or plugin; default the --house-way).",
            show_default=False,
        ),
    ] = None,
    every_other: Annotated[
        bool,
        typer.Option(
            "--every-other",
            help="Also the result of banking every other hand, playing a seat (the first bet) against the "
            "house dealer between.",
        ),
    ] = False,
    co_bank: Annotated[
        bool,
        typer.Option("--co-bank", help="Also the result of co-banking: the bank split half and half with the house."),
    ] = False,
    by_players: Annotated[
        bool,
        typer.Option(
            "--by-players",
            help="A table over 1 to 6 seats at the first bet: the banker's and a seat's result, and the largest "
            "fee at which banking still wins.",
        ),
    ] = False,
    bank: Annotated[
        str | None,
        typer.Option(
            "--bank",
            metavar="AMOUNT",
            help="The bank's stake (a California room's): it covers the seats' bets in seat order while it lasts, "
            "the rest push; at least the first seat's bet (default: every bet covered, as casinos require).",
            show_default=False,
        ),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            "-n",
            metavar="N",
            min=1,
            help="Bank this many rounds in a row: the session's net (its chances, percentiles) by the class method.",
            show_default=False,
        ),
    ] = None,
    bankroll: Annotated[
        str | None,
        typer.Option(
            "--bankroll",
            metavar="AMOUNT",
            help="The money behind the bank, with --hands: the risk that it can no longer cover the table's "
            "bets, within the session and banking forever.",
            show_default=False,
        ),
    ] = None,
    as_csv: Annotated[
        bool,
        typer.Option(
            "--csv",
            help="Print CSV: every net of the round (net, probability), or with --hands of the session "
            "(as paigow session --csv).",
        ),
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="FILE",
            help="With --hands: also draw the session's net as an SVG picture in FILE.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    simulate: Annotated[
        int,
        typer.Option(
            "--simulate",
            metavar="ROUNDS",
            min=0,
            help="Check the answer by dealing this many whole rounds from one deck (seed 1).",
        ),
    ] = 0,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """The player bank: you bank against every other seat at a classic table, exactly where it can be.

    Every seat's hand is dealt from the deck your hand leaves and is settled against yours alone
    (copies to the bank), so with no commission on the bank's net win the bank's expected result
    is exactly the sum of its seats', counted over every deal (paigow edge --banker's count). A
    commission on the net win (casinos' rule, the default) is not linear in the seats: it is worked
    out class by class of your hand with the seats independent given it, and said to be
    approximate; --simulate checks it against whole rounds dealt from one deck. The first answer
    counts the one-on-one game once (about a minute on two cores for a full deck), then it is cached.

    Examples:

    $ paigow bank --players 6 --bet 25
    $ paigow bank --commission-on each --players 3
    $ paigow bank --commission 0 --fee 1 --bet 25 --by-players
    $ paigow bank --bet 25,25,100 --every-other --co-bank --json | jq .ev
    $ paigow bank --bet 25 --hands 100 --bankroll 2000 --svg bank.svg
    $ paigow bank --commission 0 --fee 1 --bet 25 --bank 100
    """
    from paigow_cli.analysis.money.bank import MOST_SEATS, BankTable, banker_question, covered
    from paigow_cli.cli.views.bank import bank_picture, bank_svg, bank_text, dollars, round_csv
    from paigow_cli.cli.views.session import session_csv

    with reporting_errors():
        if players is not None and not 1 <= players <= MOST_SEATS:
            raise OptionError(f"--players {players} is out of range: give 1 to {MOST_SEATS} seats against the bank")
        if commission_on not in ("net", "each"):
            raise OptionError(f"--commission-on {commission_on!r}: give net or each")
        if not 0 <= commission < 1:
            raise OptionError(f"--commission {commission:g} is out of range: give at least 0 and less than 1")
        flat = parse_amount(fee, "fee", positive=False, most=MAX_BET) if fee is not None else Decimal(0)
        if bankroll is not None and hands is None:
            raise OptionError("--bankroll is the money behind the bank over a session: give --hands N too")
        if svg is not None and hands is None:
            raise OptionError("--svg draws a session's net: give --hands N too")
        if as_csv and as_json:
            raise OptionError("choose --json or --csv, not both")
        if svg is not None:
            check_folder(svg, "--svg")
        money_behind = (
            parse_amount(bankroll, "bankroll", positive=True, most=MAX_BANKROLL) if bankroll is not None else None
        )
        dead_cards = tuple(dead_option(dead, MAX_BANK_DEAD))
        most = min(MOST_SEATS, (53 - len(dead_cards)) // 7 - 1)
        if players is None:
            players = most
        bets = seat_bets(bet, players)
        stake = parse_amount(bank, "bank", positive=True, most=MAX_BANKROLL) if bank is not None else None
        if stake is not None and stake < bets[0]:
            raise OptionError(
                f"--bank {money(stake)} does not cover the first seat's bet ({dollars(float(bets[0]))}): "
                "a bank covers at least one seat"
            )
        if players > most:
            raise OptionError(
                f"--players {players}: {53 - len(dead_cards)} live cards deal the banker and at most {most} "
                f"seat{'s' * (most != 1)}"
            )
    rules = make_rules(house_way, wheel=wheel)
    banker_way = banker_way_named(banker_plays) if banker_plays else rules.house_way
    rate = Fraction(str(commission))
    action = covered(bets, Fraction(stake)) if stake is not None else bets
    table = BankTable(action, rate, commission_on == "net", Fraction(flat))
    question = banker_question(rules, dead_cards, banker_way)
    one, odds = bank_counts(question, banker_way, jobs=jobs, scheduler=scheduler)
    answer, outcomes = bank_answer(question, banker_way, one, odds, table)
    answer["bank"] = float(stake) if stake is not None else None
    answer["bets_given"] = [float(amount) for amount in bets]
    if simulate:
        answer["simulated"] = simulated_answer(question, table, banker_way, simulate)
    session: SessionDistribution | None = None
    if hands is not None:
        with reporting_errors():
            answer["session"], session = session_answer(outcomes, table, hands, money_behind)
    if every_other:
        answer["every_other"] = every_other_answer(rules, dead_cards, table, answer, jobs=jobs, scheduler=scheduler)
    if co_bank:
        answer["co_bank"] = {"ev_money": answer["ev_money"] / 2, "ev": answer["ev"] / 2}
    if by_players:
        answer["by_players"] = by_players_answer(
            question, banker_way, one, odds, table, Fraction(stake) if stake is not None else None
        )
    unit = Decimal(str(table.bets[0]))
    if svg is not None and session is not None:
        with reporting_errors():
            write_file(svg, bank_svg(answer, session, unit), "--svg")
    if as_csv:
        typer.echo(session_csv(session, unit) if session is not None else round_csv(outcomes), nl=False)
        return
    picture = bank_picture(session, unit, money_behind, table) if session is not None else []
    Output(as_json, batch=False).emit(answer, lambda: bank_text(answer, picture))


def banker_way_named(name: str) -> str:
    """``--banker-plays``: a house way, a plugin or a saved card, loaded; an error names the flag."""
    from paigow_cli.cli.options import plugin_notes
    from paigow_cli.core.errors import PaigowError
    from paigow_cli.house_ways.plugins import resolve

    with reporting_errors():
        try:
            found = resolve(name)
        except PaigowError as error:
            error.about = "banker_plays"
            raise
    plugin_notes(found)
    return found


def seat_bets(text: str, players: int) -> tuple[Fraction, ...]:
    """``--bet``: one amount for every seat, or one per seat.

    >>> seat_bets("25", 3), seat_bets("25, 100", 2)
    ((Fraction(25, 1), Fraction(25, 1), Fraction(25, 1)), (Fraction(25, 1), Fraction(100, 1)))
    """
    amounts = [Fraction(parse_amount(part, "bet", positive=True, most=MAX_BET)) for part in text.split(",")]
    if len(amounts) == 1:
        return tuple(amounts * players)
    if len(amounts) != players:
        raise OptionError(
            f"--bet {text!r} gives {len(amounts)} bets for {players} seats: give one amount, or one per seat"
        )
    return tuple(amounts)


def bank_counts(
    question: Question, banker_way: str, *, jobs: int | None, scheduler: str | None
) -> tuple[EdgeResult, SeatOdds]:
    """What every answer of the bank reads, once: the banker's exact one-on-one counts against a
    seat, and each seat's chances per class of the banker's hand (the dealer question's strategy
    table; both cached, else counted with a progress bar)."""
    from dataclasses import replace

    from paigow_cli.analysis.money.bank import seat_odds
    from paigow_cli.analysis.money.results import edge_result
    from paigow_cli.cli.counting import count_tables, whole_game
    from paigow_cli.cli.tables import dealer_table

    one = edge_result(question, whole_game(question, jobs=jobs, scheduler=scheduler), "house")
    tables, _ = count_tables([[question.dealer]], jobs=jobs, scheduler=scheduler)
    with reporting_errors():
        odds = seat_odds(tables[0][0], dealer_table(replace(question.rules, house_way=banker_way)))
    return one, odds


def bank_answer(
    question: Question, banker_way: str, one: EdgeResult, odds: SeatOdds, table: BankTable
) -> tuple[dict, list[tuple[Fraction, float]]]:
    """The bank's round (``one`` and ``odds`` from ``bank_counts``): exact when linear, else by the
    class method; as ``--json`` gives it, and the round's exact nets with their probabilities."""
    from paigow_cli.analysis.money.bank import linear_ev, outcomes_mean, outcomes_sd, round_outcomes

    outcomes = round_outcomes(odds, table)
    exact = table.linear
    mean = float(linear_ev(one, table)) if exact else outcomes_mean(outcomes)
    unit = float(table.bets[0])
    return {
        "house_way": question.rules.house_way,
        "banker_plays": banker_way,
        "seats": table.seats,
        "bets": [float(bet) for bet in table.bets],
        "commission": float(table.commission),
        "commission_on": "net" if table.on_net else "each",
        "fee": float(table.fee),
        "dead": [str(card) for card in question.dead],
        "exact": exact,
        "method": "exact: the seats' one-on-one counts summed"
        if exact
        else "approximate: class by class of the banker's hand, the seats independent given it",
        "ev": mean / unit,
        "ev_money": mean,
        "ev_per_action": mean / float(table.action),
        "sd_money": outcomes_sd(outcomes),
        "round": [{"net": float(net), "probability": chance} for net, chance in outcomes],
        "one_on_one": {"wins": one.wins, "pushes": one.pushes, "losses": one.losses, "deals": one.deals},
    }, outcomes


def session_answer(
    outcomes: list[tuple[Fraction, float]], table: BankTable, hands: int, bankroll: Decimal | None
) -> tuple[dict, SessionDistribution]:
    """``--hands``: the bank's net over ``hands`` rounds (independent rounds of the class method's
    round), and with ``bankroll`` the risk that the bank can no longer cover every seat's bet."""
    from paigow_cli.analysis.money.bank import round_payouts
    from paigow_cli.analysis.money.session import lattice_size, ruin_long_run, ruin_within, session_distribution
    from paigow_cli.cli.views.bank import dollars

    unit = table.bets[0]
    payouts = round_payouts(outcomes, unit)
    if lattice_size(payouts, hands) > 5_000_000:
        raise OptionError(f"--hands {hands:,} makes a session too large to count: give fewer rounds")
    found = session_distribution(payouts, hands)
    ahead, even, behind = found.chances()
    document: dict[str, Any] = {
        "hands": hands,
        "expected_money": float(payouts.mean * unit) * hands,
        "sd_money": payouts.sd * float(unit) * hands**0.5,
        "ahead": ahead,
        "even": even,
        "behind": behind,
        "percentiles_money": {
            str(share): float(found.percentile(share) * unit) for share in (0.05, 0.25, 0.5, 0.75, 0.95)
        },
        "bankroll": None,
        "ruin_within": None,
        "ruin_long_run": None,
    }
    if bankroll is not None:
        behind_bank = Fraction(bankroll) / unit
        cost = table.action / unit
        if behind_bank < cost:
            raise OptionError(
                f"--bankroll {money(bankroll)} does not cover the table's bets ({dollars(float(table.action))}): "
                "the bank must cover every seat"
            )
        document["bankroll"] = float(bankroll)
        document["ruin_within"] = ruin_within(payouts, hands, behind_bank, cost=cost)
        document["ruin_long_run"] = ruin_long_run(payouts, behind_bank, cost=cost)
    return document, found


def simulated_answer(question: Question, table: BankTable, banker_way: str, rounds: int) -> dict:
    from dataclasses import replace

    from paigow_cli.cli.tables import dealer_table
    from paigow_cli.study.simulation import simulate_bank

    with reporting_errors():
        seats = dealer_table(question.rules)
        banker = dealer_table(replace(question.rules, house_way=banker_way))
        found = simulate_bank(seats, banker, table, rounds, 1, tuple(int(card) for card in question.dead))
    return {"rounds": found.rounds, "ev_money": found.mean, "stderr_money": found.stderr, "seed": 1}


def seat_result(one: EdgeResult, table: BankTable) -> Fraction:
    """One seat's exact expected result per unit bet against the bank (``one``: the banker's
    one-on-one counts): it pays the commission on a win (the house takes it from every winning
    seat), less its fee at the first bet."""
    from paigow_cli.analysis.money.spread import main_bet

    per_unit = main_bet(one.losses, one.pushes, one.wins, table.commission).mean  # the seat wins what the bank loses
    return per_unit - table.fee / table.bets[0]


def every_other_answer(
    rules: Rules, dead: tuple, table: BankTable, answer: dict, *, jobs: int | None, scheduler: str | None
) -> dict:
    """Banking every other hand, a seat against the house dealer between (the first bet, the
    casino's commission): the two hands' mean."""
    from dataclasses import replace

    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.money.results import edge_result
    from paigow_cli.cli.counting import whole_game

    question = Question(replace(rules, banker=False, commission=float(table.commission)), dead)
    player = edge_result(question, whole_game(question, jobs=jobs, scheduler=scheduler), "house")
    playing = float(player.ev_fraction * table.bets[0] - table.fee)
    mean = (answer["ev_money"] + playing) / 2
    return {"ev_money": mean, "ev": mean / float(table.bets[0]), "playing_ev_money": playing}


def by_players_answer(
    question: Question, banker_way: str, one: EdgeResult, odds: SeatOdds, table: BankTable, stake: Fraction | None
) -> list[dict]:
    """The bank against 1 to 6 seats at the first bet (``stake``: the bank's, covering them in
    order): the banker's and a seat's result, and the largest fee per hand at which banking still
    wins (none if it loses at no fee)."""
    from dataclasses import replace

    from paigow_cli.analysis.money.bank import MOST_SEATS, covered

    rows = []
    unit = table.bets[0]
    seat = seat_result(one, table)
    for seats in range(1, min(MOST_SEATS, (53 - len(question.dead)) // 7 - 1) + 1):
        bets = (unit,) * seats
        sized = replace(table, bets=covered(bets, stake) if stake is not None else bets)
        found, _ = bank_answer(question, banker_way, one, odds, sized)
        before_fee = found["ev_money"] + float(table.fee)
        rows.append(
            {
                "seats": seats,
                "ev_money": found["ev_money"],
                "ev_per_action": found["ev_per_action"],
                "seat_ev_money": float(seat * unit),
                "break_even_fee": max(before_fee, 0.0),
                "exact": found["exact"],
            }
        )
    return rows
