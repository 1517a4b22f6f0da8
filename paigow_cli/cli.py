"""The ``paigow`` command line: parse arguments, call the library, render, map errors to exit codes.

This is the only module that knows about Typer. Every error a user can cause
becomes one ``Error:`` line on stderr and an exit code from ``ExitCode``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from enum import Enum, IntEnum
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

# Typer vendors Click since 0.26; its exception classes live here.
from typer._click.exceptions import ClickException

from paigow_cli import __version__
from paigow_cli.cards import DECK_SIZE, Card, parse_hand, sort_cards
from paigow_cli.errors import CacheError, CardError, OptionError, PaigowError, PluginError
from paigow_cli.rules import Game, HouseWayName, Rules, Wheel


class ExitCode(IntEnum):
    """What the exit status means (design.md, command-line contract)."""

    OK = 0
    FAILURE = 1  # something other than the input went wrong, or a batch had bad lines
    BAD_INPUT = 2  # bad cards, options or usage
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT), as shells report it


INTERRUPTED = ExitCode.INTERRUPTED


def error_line(message: str) -> None:
    """Print one ``Error:`` line on stderr."""
    typer.echo(f"Error: {message}", err=True)


class PaigowGroup(TyperGroup):
    """Typer's group, with usage errors reported as one ``Error:`` line, never a traceback."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, **extra: Any) -> NoReturn:
        global INTERRUPTION_REPORTED
        INTERRUPTION_REPORTED = False
        extra.pop("standalone_mode", None)
        try:
            code = super().main(args=args, prog_name=prog_name, standalone_mode=False, **extra)
        except ClickException as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # help was asked for by giving nothing
                typer.echo(error.format_message())
                sys.exit(ExitCode.OK)
            context = getattr(error, "ctx", None)
            hint = f" (see '{context.command_path} --help')" if context is not None else ""
            error_line(f"{error.format_message()}{hint}")
            sys.exit(error.exit_code)
        except typer.Abort:
            error_line("aborted")
            sys.exit(ExitCode.FAILURE)
        except KeyboardInterrupt:
            code = ExitCode.INTERRUPTED
        if code == ExitCode.INTERRUPTED:
            exit_interrupted()
        sys.exit(code if isinstance(code, int) else ExitCode.OK)


INTERRUPTION_REPORTED = False  # a command that handled Ctrl-C itself (simulate) has said so


def exit_interrupted() -> NoReturn:
    """Ctrl-C: one line on stderr (unless the command said it already), exit status 130."""
    if not INTERRUPTION_REPORTED:
        typer.echo("Interrupted.", err=True)
    sys.exit(ExitCode.INTERRUPTED)


def leave_now(code: int) -> NoReturn:
    """End the process at once, skipping the interpreter's shutdown: after Ctrl-C, joining a
    stopped pool's threads there could wait for good. Work already stopped its worker processes
    and removed its temporary files while unwinding."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


app = typer.Typer(
    name="paigow",
    cls=PaigowGroup,
    help="Pai Gow Poker hand-setting advisor: rank the 21 ways to set seven cards, "
    "show a casino's house way, settle against a dealer.\n\n"
    "Cards are a rank (2-9, T or 10, J, Q, K, A) and a suit (S H D C or ♠ ♥ ♦ ♣), any case; "
    "the joker is JK. Give them as separate arguments or one quoted string; "
    "give - to read one hand per line from stdin.",
    epilog="Example:  $ paigow advise AS KD JK 9H 9C 4D 2S",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"paigow {__version__}")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Pai Gow Poker hand-setting advisor."""


# --- shared options ----------------------------------------------------------------------------

CardsArgument = Annotated[
    list[str] | None,
    typer.Argument(metavar="CARDS", help="The cards, e.g. AS KD JK 9H 9C 4D 2S, or - to read hands from stdin.", show_default=False),
]
WheelOption = Annotated[
    Wheel,
    typer.Option("--wheel", help="Where A-2-3-4-5 ranks: second-highest straight, or the lowest.", case_sensitive=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
BatchJsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines, one per line, for a stdin batch).")]
def complete_house_way(incomplete: str) -> list[str]:
    """Shell completion: the shipped house ways (a plugin file completes as a path)."""
    return [way.value for way in HouseWayName if way.value.startswith(incomplete)]


HouseWayOption = Annotated[
    str,
    typer.Option(
        "--house-way",
        metavar="NAME|FILE.py",
        help="The casino whose house way sets the hands: foxwoods, trump-plaza, claridge, ballys, flamingo, "
        "golden-nugget, santa-ana-star, an installed plugin's name, or a plugin file (see paigow house-ways).",
        autocompletion=complete_house_way,
    ),
]
CommissionOption = Annotated[
    float | None,
    typer.Option(
        "--commission",
        metavar="RATE",
        help="Commission taken from a win in the classic game, e.g. 0.05 for 5% (the default there); "
        "the other games take none.",
        show_default=False,
    ),
]
GameOption = Annotated[
    Game,
    typer.Option(
        "--game",
        help="The game: classic (5% commission), ez (dealer's queen-high pai gow pushes), commission-free "
        "(dealer's 9-high low hand pushes), face-up (dealer's ace-high pai gow pushes).",
        case_sensitive=False,
    ),
]
BankerOption = Annotated[
    bool,
    typer.Option("--banker", help="You bank against the dealer: copies are yours, a foul is reset to the house way."),
]


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn a library error into one ``Error:`` line and its exit code."""
    try:
        yield
    except (CacheError, PluginError) as error:
        if isinstance(error, PluginError) and os.environ.get("PAIGOW_DEBUG"):
            raise
        error_line(str(error))
        raise typer.Exit(ExitCode.FAILURE) from None
    except PaigowError as error:
        error_line(str(error))
        raise typer.Exit(ExitCode.BAD_INPUT) from None


def make_rules(**options: Any) -> Rules:
    """Build the rules from options, reporting a bad value as a usage error; a plugin house way
    (a file or an installed package) is loaded here."""
    with reporting_errors():
        if "house_way" in options:
            from paigow_cli.house_ways.plugins import resolve

            options["house_way"] = resolve(options["house_way"])
        return Rules(**options)


class Output:
    """Prints results as text (Rich) or JSON, one document per hand."""

    def __init__(self, as_json: bool, batch: bool) -> None:
        self.as_json = as_json
        self.batch = batch
        self._console: Any = None
        self._printed = 0

    def emit(self, document: Any, text: Callable[[], Any]) -> None:
        """Print ``document`` as JSON, or the renderable built by ``text``."""
        if self.as_json:
            from paigow_cli.render import json_text

            typer.echo(json_text(document, pretty=not self.batch))
            return
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False)
        from paigow_cli.render import show

        if self._printed:
            self._console.print()
        show(self._console, text())
        self._printed += 1


def for_each_hand(cards: list[str] | None, handle: Callable[[str | list[str]], None]) -> None:
    """Run ``handle`` on the cards given, or on each stdin line when they are ``-``.

    In a batch a bad line is reported with its number and the batch goes on;
    the exit status is then 1.
    """
    if not cards:
        error_line("no cards given: give the cards as arguments (e.g. AS KD JK 9H 9C 4D 2S) or - to read stdin")
        raise typer.Exit(ExitCode.BAD_INPUT)
    if "-" not in cards:
        with reporting_errors():
            handle(cards)
        return
    if cards != ["-"]:
        error_line("- reads hands from stdin and must be the only cards argument")
        raise typer.Exit(ExitCode.BAD_INPUT)
    failures = 0
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            handle(line)
        except PaigowError as error:
            error_line(f"line {number}: {error}")
            failures += 1
    if failures:
        raise typer.Exit(ExitCode.FAILURE)


def is_batch(cards: list[str] | None) -> bool:
    return cards == ["-"]


def option_cards(text: str | None, what: str, counts: tuple[int, ...]) -> tuple[Card, ...] | None:
    """Cards given to an option, with errors that say which option they came from."""
    if text is None:
        return None
    try:
        return parse_hand(text, counts=counts, what=what)
    except CardError as error:
        message = str(error)
        raise CardError(message if what in message else f"{what}: {message}") from None


MAX_BET = Decimal(1_000_000)
MAX_BANKROLL = Decimal(10_000_000)


def parse_amount(text: str, option: str, positive: bool, most: Decimal) -> Decimal:
    """A money amount given to an option: finite, at most 2 decimals, within bounds (else exit 2).

    >>> parse_amount("12.50", "--bet", True, MAX_BET)
    Decimal('12.50')
    >>> parse_amount("nan", "--bet", True, MAX_BET)
    Traceback (most recent call last):
    ...
    paigow_cli.errors.OptionError: --bet nan is not an amount of money: give dollars and cents, e.g. 5 or 12.50
    """
    cleaned = text.strip().lstrip("$").replace(",", "")
    try:
        amount = Decimal(cleaned)
    except InvalidOperation:
        amount = Decimal("nan")
    if not amount.is_finite():
        raise OptionError(f"{option} {text} is not an amount of money: give dollars and cents, e.g. 5 or 12.50")
    least = "more than 0" if positive else "at least 0"
    if (amount <= 0 if positive else amount < 0) or amount > most:
        raise OptionError(f"{option} {text} is out of range: give {least} and at most {most:,}")
    if amount != amount.quantize(Decimal("0.01")):
        raise OptionError(f"{option} {text} has more than 2 decimals: give whole cents, e.g. 0.25")
    return amount


@contextmanager
def progress_bar(description: str, plain: str | None = None) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback: on a terminal, a bar on stderr that appears at the first update (so a
    table that only loads shows nothing); elsewhere, the line ``plain`` once, at the first update."""
    if not sys.stderr.isatty():
        if plain is None:
            yield None
            return
        said = False

        def say_once(done: int, total: int) -> None:
            nonlocal said
            if not said:
                typer.echo(plain, err=True)
                said = True

        yield say_once
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

    bar: Any = None
    task: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar, task
        if bar is None:
            bar = Progress(
                TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                console=Console(stderr=True), transient=True,
            )
            bar.start()
            task = bar.add_task(description, total=total)
        bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        if bar is not None:
            bar.stop()


def note(message: str) -> None:
    """A one-line note on stderr (not an error)."""
    typer.echo(f"Note: {message}", err=True)


PREBUILD_CHECK_HANDS = 20_000


def check_plugin_before_build(name: str) -> None:
    """Refuse a plugin house way that fails the checks, before building its dealer table on it."""
    from paigow_cli.house_ways import way_named

    way = way_named(name)
    if not way.plugin:
        return
    from paigow_cli.house_ways.check import check_house_way

    report = check_house_way(way, hands=PREBUILD_CHECK_HANDS)
    if not report.passed:
        raise PluginError(
            f"the house way plugin '{name}' fails its checks, so no dealer table is built on it: {report.first_fault()} "
            f"(paigow house-ways --check shows every fault)"
        )


def dealer_table(rules: Rules) -> Any:
    """The house way's dealer table, built with a progress bar on first use (a plugin is checked first)."""
    from paigow_cli.dealer_table import load_table

    cache_folder_note()
    building = f"building the {rules.house_way} dealer table, about 5 s, once"
    with reporting_errors(), progress_bar(f"Building the {rules.house_way} dealer table (once)", building) as progress:
        return load_table(rules.house_way, rules.wheel, progress=progress, notify=note, check=check_plugin_before_build)


def category_table() -> Any:
    """The dealer classes and their seven-card categories, built with a progress bar on first use."""
    from paigow_cli.dealer_table import load_categories

    cache_folder_note()
    with progress_bar("Building the category table (once)", "building the category table, a few seconds, once") as progress:
        return load_categories(progress=progress, notify=note)


_NOTED: set[str] = set()


def cache_folder_note() -> None:
    """Say once that the cache folder cannot hold tables (it is a file), and go on without it."""
    from paigow_cli.cache import cache_problem

    problem = cache_problem()
    if problem and problem not in _NOTED:
        _NOTED.add(problem)
        note(problem)


DeadOption = Annotated[
    str | None, typer.Option("--dead", metavar="CARDS", help="Cards known to be out of play (seen elsewhere).")
]


# --- commands ----------------------------------------------------------------------------------


@app.command("eval")
def eval_command(
    cards: CardsArgument = None,
    wheel: WheelOption = Wheel.SECOND,
    as_json: BatchJsonOption = False,
) -> None:
    """Name a 2- or 5-card hand, or the best five-card hand of seven cards.

    Examples:

    $ paigow eval JK KS 9S 6S 3S
    $ paigow eval "as ah" --json
    $ paigow eval - < hands.txt
    """
    from paigow_cli.hands import best_five, evaluate
    from paigow_cli.render import eval_json, eval_text

    rules = make_rules(wheel=wheel)
    output = Output(as_json, is_batch(cards))

    def handle(text: str | list[str]) -> None:
        hand = sort_cards(parse_hand(text, counts=(2, 5, 7), what="a hand to evaluate"))
        best: tuple[Card, ...] | None = None
        if len(hand) == 7:
            value, best = best_five(hand, rules.wheel_is_low)
        else:
            value = evaluate(hand, rules.wheel_is_low)
        output.emit(eval_json(hand, value, best), lambda: eval_text(hand, value, best))

    for_each_hand(cards, handle)


@app.command("advise")
def advise_command(
    cards: CardsArgument = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", metavar="CARDS", help="The dealer's seven cards: settle every setting against them.")
    ] = None,
    low: Annotated[
        str | None, typer.Option("--low", metavar="CARDS", help="Your own setting: the two cards you put in the low hand.")
    ] = None,
    dead: DeadOption = None,
    show_all: Annotated[bool, typer.Option("--all", help="Also show settings another setting matches or beats on both hands.")] = False,
    bet: Annotated[
        str | None,
        typer.Option("--bet", metavar="AMOUNT", help="The wager, for payouts with --dealer (default 1), e.g. 5 or 12.50.", show_default=False),
    ] = None,
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
    $ paigow deal --count 100 | paigow advise - --json
    $ paigow deal --count 5 --dealer | paigow advise - --bet 5

    A stdin line PLAYER | DEALER (as deal --dealer prints it) settles that hand against that dealer.
    """
    from paigow_cli.advice import advise
    from paigow_cli.render import advise_json, advise_text

    rules = make_rules(wheel=wheel, commission=commission, house_way=house_way, game=game, banker=banker)
    output = Output(as_json, is_batch(cards))
    with reporting_errors():
        dealer_cards = option_cards(dealer, "the dealer's hand (--dealer)", (7,))
        dead_cards = option_cards(dead, "--dead (cards out of play)", tuple(range(1, 47))) or ()
        low_cards = option_cards(low, "your low hand (--low)", (2,))
        if dealer_cards is not None and dead_cards:
            raise CardError("--dead and --dealer do not go together: with the dealer's hand known, nothing else is unknown")
        if bet is not None and dealer_cards is None and not is_batch(cards):
            raise OptionError("--bet is the wager for payouts against --dealer; without --dealer, EVs are per unit bet")
        if low_cards is not None and is_batch(cards):
            raise OptionError("--low names two cards of one hand: it does not go with a stdin batch (-)")
        wager = parse_amount(bet, "--bet", True, MAX_BET) if bet is not None else Decimal(1)
    table = None

    def handle(text: str | list[str]) -> None:
        nonlocal table
        player_text, line_dealer = split_dealer(text, dealer_cards, dead_cards)
        if bet is not None and line_dealer is None:
            raise OptionError("--bet is the wager for payouts against a dealer's hand: this line has none (PLAYER | DEALER)")
        hand = parse_hand(player_text, what="a hand to set")
        if line_dealer is None and table is None:
            table = dealer_table(rules)
        advice = advise(hand, rules, dealer=line_dealer, low=low_cards, bet=wager, table=table, dead=dead_cards)
        output.emit(advise_json(advice), lambda: advise_text(advice, show_all))

    for_each_hand(cards, handle)


def split_dealer(
    text: str | list[str], dealer: tuple[Card, ...] | None, dead: Sequence[Card]
) -> tuple[str | list[str], tuple[Card, ...] | None]:
    """``PLAYER | DEALER`` (as ``paigow deal --dealer`` prints it): the player's cards and the dealer's.

    >>> split_dealer("AS KD JK 9H 9C 4D 2S | KS KH JD 8C 7S 4H 3D", None, ())[1]
    (KS, KH, JD, 8C, 7S, 4H, 3D)
    """
    joined = text if isinstance(text, str) else " ".join(text)
    if "|" not in joined:
        return text, dealer
    player, _, dealer_text = joined.partition("|")
    if dealer is not None:
        raise CardError("the dealer's hand is given twice: after | and with --dealer; give one")
    if dead:
        raise CardError("--dead and a dealer's hand (after |) do not go together: with the dealer's hand known, nothing else is unknown")
    return player, parse_hand(dealer_text, what="the dealer's hand (after |)")


@app.command("house")
def house_command(
    cards: CardsArgument = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: BatchJsonOption = False,
) -> None:
    """Set seven cards by a casino's house way, and say which clause decided it.

    Examples:

    $ paigow house 9S 9H 4D 4C AS KD 2H
    $ paigow house "5s 5h 4d 4c ks 9d 2h" --house-way trump-plaza --json
    $ paigow deal --count 20 | paigow house -
    """
    from paigow_cli.house_ways import house_setting
    from paigow_cli.render import house_json, house_text

    rules = make_rules(wheel=wheel, house_way=house_way)
    output = Output(as_json, is_batch(cards))

    def handle(text: str | list[str]) -> None:
        setting = house_setting(sort_cards(parse_hand(text, what="a hand to set")), rules)
        output.emit(house_json(setting), lambda: house_text(setting))

    for_each_hand(cards, handle)


@app.command("house-ways")
def house_ways_command(
    check: Annotated[
        str | None,
        typer.Option(
            "--check",
            metavar="NAME|FILE.py",
            help="Set many seeded hands of every type by this house way and report any fault: an exception, a front "
            "that is not two cards of the hand, a foul, a setting that depends on the order of the cards, or on suits "
            "other than through straights and flushes. Exit 1 when it fails.",
        ),
    ] = None,
    hands: Annotated[int, typer.Option("--hands", metavar="N", help="How many hands --check sets.", min=100)] = 200_000,
    seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the hands --check sets.", min=0)] = 2026,
    as_json: JsonOption = False,
) -> None:
    """List the house ways: each name, its casino, and where its rules come from; plugins too.

    A plugin is a Python file defining one HouseWay subclass (give its path to --house-way), or
    an installed package naming one in the entry point group paigow.house_ways. See the README,
    "Your casino's house way".

    Examples:

    $ paigow house-ways --json
    $ paigow house-ways --check examples/house_ways/gold_star.py
    $ paigow house-ways --check foxwoods --hands 20000
    """
    from paigow_cli.render import house_ways_json, house_ways_text

    if check is not None:
        check_command(check, hands, seed, as_json)
        return
    from paigow_cli.house_ways import HOUSE_WAYS, way_named
    from paigow_cli.house_ways.plugins import entry_points, load_entry_point, register

    ways: list[Any] = list(HOUSE_WAYS.values())
    broken: list[tuple[str, str]] = []
    for entry in entry_points():
        try:
            ways.append(way_named(register(load_entry_point(entry))))
        except PaigowError as error:
            broken.append((entry.name, str(error)))
    Output(as_json, batch=False).emit(
        house_ways_json(ways, broken), lambda: house_ways_text(ways, broken, default=HouseWayName.FOXWOODS.value)
    )


def check_command(target: str, hands: int, seed: int, as_json: bool) -> None:
    """paigow house-ways --check: run the checks on a house way and report them; exit 1 on a fault."""
    from paigow_cli.house_ways import way_named
    from paigow_cli.house_ways.check import check_house_way
    from paigow_cli.render import check_json, check_text

    rules = make_rules(house_way=target)
    with reporting_errors():
        way = way_named(rules.house_way)
        with progress_bar(f"Checking {way.name} on {hands:,} hands") as progress:
            report = check_house_way(way, hands=hands, seed=seed, progress=progress)
    Output(as_json, batch=False).emit(check_json(report, way, seed), lambda: check_text(report, way, seed))
    if not report.passed:
        raise typer.Exit(ExitCode.FAILURE)


@app.command("odds")
def odds_command(dead: DeadOption = None, as_json: JsonOption = False) -> None:
    """Count the seven-card hands in each category (by their best five cards), exactly.

    Examples:

    $ paigow odds
    $ paigow odds --dead "AS AH JK" --json
    """
    from paigow_cli.engine import category_counts
    from paigow_cli.render import odds_json, odds_text

    with reporting_errors():
        dead_cards = option_cards(dead, "--dead (cards out of play)", tuple(range(1, 47))) or ()
        classes, codes = category_table()
        counts = category_counts(classes, codes, dead_cards)
    Output(as_json, batch=False).emit(odds_json(counts, dead_cards), lambda: odds_text(counts, dead_cards))


@app.command("power")
def power_command(
    dead: DeadOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: JsonOption = False,
) -> None:
    """The dealer's exact distribution under a house way: every low hand, and high hands by rank.

    For each, the count over all 154,143,080 dealer hands (fewer with --dead), and how often a
    player hand of that rank beats the dealer's (copies lose; for a high-hand group, the player
    beats only dealer hands of lower groups).

    Examples:

    $ paigow power
    $ paigow power --house-way santa-ana-star --json | jq '.low_hands[:5]'
    """
    from paigow_cli.engine import DealerDistribution, power_rows
    from paigow_cli.render import power_json, power_text

    rules = make_rules(wheel=wheel, house_way=house_way)
    with reporting_errors():
        dead_cards = option_cards(dead, "--dead (cards out of play)", tuple(range(1, 47))) or ()
        table = dealer_table(rules)
        distribution = DealerDistribution(table, dead_cards)
    lows, highs = power_rows(distribution)
    Output(as_json, batch=False).emit(
        power_json(rules, distribution.total, lows, highs), lambda: power_text(rules, distribution.total, lows, highs)
    )


SeedOption = Annotated[
    int | None, typer.Option("--seed", metavar="S", help="Seed for the shuffle: the same seed gives the same deals.", min=0)
]


def choose_seed(seed: int | None) -> int:
    """The seed given, or a fresh random one (reported, so any run can be repeated)."""
    if seed is not None:
        return seed
    import secrets

    return secrets.randbelow(2**32)


@app.command("deal")
def deal_command(
    count: Annotated[int, typer.Option("--count", "-n", "--hands", metavar="N", help="How many hands to deal.", min=1)] = 1,
    seed: SeedOption = None,
    with_dealer: Annotated[bool, typer.Option("--dealer", help="Also deal the dealer's seven cards from the same deck.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Deal random seven-card hands, one per line, from a freshly shuffled 53-card deck each time.

    Examples:

    $ paigow deal --count 5 --seed 7
    $ paigow deal --count 100 | paigow advise - --json
    $ paigow deal --dealer --json
    """
    from paigow_cli.cards import cards_text
    from paigow_cli.render import card_list
    from paigow_cli.simulation import deal_rounds

    for player, dealer in deal_rounds(choose_seed(seed), count):
        player, dealer = sort_cards(player), sort_cards(dealer)
        if as_json:
            document: dict[str, Any] = {"hand": card_list(player)}
            if with_dealer:
                document["dealer"] = card_list(dealer)
            from paigow_cli.render import json_text

            typer.echo(json_text(document, pretty=False))
        else:
            typer.echo(cards_text(player) + (f"  |  {cards_text(dealer)}" if with_dealer else ""))


class PlayerChoice(str, Enum):
    HOUSE = "house"
    BEST = "best"


@app.command("simulate")
def simulate_command(
    hands: Annotated[int, typer.Option("--hands", "--count", "-n", metavar="N", help="How many rounds to deal.", min=1)] = 100_000,
    seed: SeedOption = None,
    player: Annotated[
        PlayerChoice, typer.Option("--player", help="The player sets by the house way, or by the exact best EV (slow).")
    ] = PlayerChoice.HOUSE,
    hand: Annotated[
        str | None, typer.Option("--hand", metavar="CARDS", help="Keep the player's seven cards fixed; deal only the dealer.")
    ] = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    as_json: JsonOption = False,
) -> None:
    """Deal many rounds, set both hands, settle them, and measure the house edge.

    Reports win, push and lose rates, copies, the player's EV per unit and the house edge with
    its standard error and 95% interval. Ctrl-C stops early and still reports. With --player best,
    also the paired gain of the best setting over the house way's on the same hands.

    Examples:

    $ paigow simulate --hands 1000000 --seed 1
    $ paigow simulate --hands 2000 --player best --seed 1
    $ paigow simulate --hands 100000 --hand "AS KD JK 9H 9C 4D 2S" --json
    $ paigow simulate --hands 1000000 --game commission-free --banker --seed 1
    """
    from paigow_cli.render import simulation_json, simulation_text
    from paigow_cli.simulation import Simulation, summarize

    rules = make_rules(wheel=wheel, commission=commission, house_way=house_way, game=game, banker=banker)
    chosen_seed = choose_seed(seed)
    with reporting_errors():
        fixed = option_cards(hand, "the player's hand (--hand)", (7,))
        table = dealer_table(rules)
        simulation = Simulation(table, rules, chosen_seed, player=player.value, hand=fixed)
        stopped = False
        with progress_bar(f"Simulating {hands:,} rounds") as progress:
            try:
                if progress:
                    progress(0, hands)
                for done in simulation.run(hands):
                    if progress:
                        progress(done, hands)
            except KeyboardInterrupt:
                stopped = True
        if stopped:
            global INTERRUPTION_REPORTED
            INTERRUPTION_REPORTED = True
            note(f"interrupted after {simulation.tally.rounds:,} of {hands:,} rounds; the figures are for those")
        if simulation.tally.rounds == 0:
            raise typer.Exit(INTERRUPTED if stopped else ExitCode.FAILURE)
        result = summarize(simulation.tally, rules.commission)
    document = simulation_json(result, rules, chosen_seed, player.value, fixed, stopped)
    Output(as_json, batch=False).emit(
        document, lambda: simulation_text(result, rules, chosen_seed, player.value, fixed, stopped)
    )
    if stopped:
        raise typer.Exit(INTERRUPTED)


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", metavar="N", help="Processes to count with (default: every core).", min=1, show_default=False),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="Send the chunks to a Dask distributed scheduler, e.g. tcp://10.0.0.5:8786 "
        "(needs pip install 'paigow-cli\\[cluster]'; every worker needs paigow installed).",
        show_default=False,
    ),
]
MAX_EDGE_DEAD = 53 - 14  # the player and the dealer need seven live cards each


def whole_game(question: Any, jobs: int | None, scheduler: str | None) -> Any:
    """The whole game's counts: cached, or computed with a progress bar (Ctrl-C keeps finished chunks)."""
    from paigow_cli.edge import cached_result, chunk_count, compute

    tally = cached_result(question)
    if tally is not None:
        return tally
    dealer_table(question.rules)  # build (or check) the dealer table first, with its own bar
    chunks = chunk_count(question)
    finished = [0]
    plain = (
        f"counting every deal exactly in {chunks} chunks (about {edge_minutes(question, jobs)}); "
        "Ctrl-C keeps the finished chunks and the same command resumes"
    )
    with progress_bar("Counting every deal", plain) as progress:

        def update(done: int, total: int) -> None:
            finished[0] = done
            if progress:
                progress(done, total)

        try:
            return compute(question, jobs=jobs, progress=update, notify=note, scheduler=scheduler)
        except KeyboardInterrupt:
            global INTERRUPTION_REPORTED
            INTERRUPTION_REPORTED = True
            note(f"interrupted: {finished[0]} of {chunks} chunks are kept; the same command resumes from them")
            raise typer.Exit(INTERRUPTED) from None


FULL_DECK_CPU_MINUTES = 14  # measured: 6.3-7.2 minutes for a full deck on two cores


def edge_minutes(question: Any, jobs: int | None) -> str:
    """A rough duration for the plain progress line, in proportion to a full deck's."""
    from math import comb

    cores = min(jobs or os.cpu_count() or 1, os.cpu_count() or 1)
    minutes = FULL_DECK_CPU_MINUTES * question.player_hands / comb(DECK_SIZE, 7) / cores
    return "a minute or less" if minutes < 1.5 else f"{minutes:.0f} minutes"


def edge_question(house_way: str, game: Game, banker: bool, wheel: Wheel, commission: float | None, dead: str | None) -> Any:
    from paigow_cli.whole_game import Question

    rules = make_rules(wheel=wheel, commission=commission, house_way=house_way, game=game, banker=banker)
    with reporting_errors():
        dead_cards = option_cards(dead, "--dead (cards out of play)", tuple(range(1, MAX_EDGE_DEAD + 1))) or ()
    return Question(rules, tuple(dead_cards))


@app.command("edge")
def edge_command(
    player: Annotated[
        PlayerChoice, typer.Option("--player", help="The player sets every hand by the house way, or by its exact best EV.")
    ] = PlayerChoice.HOUSE,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """The whole game, exactly: every player hand against every dealer hand, and the house edge.

    Exact integer counts over all C(53,7) x C(46,7) = 8,250,459,031,214,400 deals (fewer with
    --dead): wins, pushes, losses, copies, the EV per unit as a fraction and the house edge. The
    player sets every hand by the house way, or by its best EV (ties: the stronger setting, as in
    advise). One pass answers both players and paigow mistakes; it takes about 14 CPU-minutes for a
    full deck (7 minutes on two cores), shows its progress, keeps finished chunks if you stop it
    (the same command resumes) and caches the answer, so asking again is instant.

    Examples:

    $ paigow edge
    $ paigow edge --player best --house-way trump-plaza
    $ paigow edge --game ez --banker --json | jq .house_edge
    $ paigow edge --dead "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C"
    """
    import time

    from paigow_cli.edge import edge_result
    from paigow_cli.render import edge_json, edge_text

    question = edge_question(house_way, game, banker, wheel, commission, dead)
    started = time.monotonic()
    with reporting_errors():
        from paigow_cli.edge import cached_result

        fresh = cached_result(question) is None
        tally = whole_game(question, jobs, scheduler)
    seconds = time.monotonic() - started if fresh else None
    result = edge_result(question, tally, player.value)
    if as_json:
        Output(True, batch=False).emit(edge_json(question, result), lambda: None)
        return
    simulated = None
    if not question.dead and player is PlayerChoice.HOUSE:
        from paigow_cli.simulation import Simulation, summarize

        simulation = Simulation(dealer_table(question.rules), question.rules, 1, player="house")
        for _ in simulation.run(SIMULATED_ROUNDS):
            pass
        simulated = summarize(simulation.tally, question.rules.commission)
    other = edge_result(question, tally, "best" if player is PlayerChoice.HOUSE else "house")
    Output(False, batch=False).emit(None, lambda: edge_text(question, result, simulated, seconds, other))


SIMULATED_ROUNDS = 100_000  # what a quick simulation would say, shown beside the exact figures


class ChartChoice(str, Enum):
    TWO_PAIR = "two-pair"


@app.command("mistakes")
def mistakes_command(
    chart: Annotated[
        ChartChoice | None,
        typer.Option("--chart", help="Show the two-pair decision as a chart: split or keep together, beside the house way."),
    ] = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Where the house way gives EV away: each clause, the hands it decides and what it costs.

    From the same exact pass as paigow edge --player best: for every clause of the house way (the
    rule text paigow house prints), how many hands it decides, in how many a better setting exists,
    the EV given up (per hand it decides, and as its share of the whole gap between house-way and
    best play), and the hand where it gives up most, with both settings.

    Examples:

    $ paigow mistakes
    $ paigow mistakes --house-way trump-plaza --json | jq '.rules[:3]'
    $ paigow mistakes --chart two-pair
    """
    from paigow_cli.edge import mistakes, two_pair_chart

    question = edge_question(house_way, game, banker, wheel, commission, dead)
    with reporting_errors():
        tally = whole_game(question, jobs, scheduler)
    output = Output(as_json, batch=False)
    if chart is not None:
        from paigow_cli.render import chart_json, chart_text

        cells = two_pair_chart(question, tally)
        if not cells:
            with reporting_errors():
                raise OptionError("no plain two-pair hand can be dealt from the live cards (--dead leaves too few ranks)")
        output.emit(chart_json(question, cells), lambda: chart_text(question, cells))
        return
    from paigow_cli.render import mistakes_json, mistakes_text

    gap, rows = mistakes(question, tally)
    with reporting_errors():
        settings = example_settings(question, rows)
    output.emit(mistakes_json(question, gap, rows, settings), lambda: mistakes_text(question, gap, rows, settings))


def example_settings(question: Any, rows: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """The house way's and the best setting of each clause's example hand, by the per-hand engine
    (a second, independent reading of what the whole-game pass found)."""
    from paigow_cli.advice import advise

    table = dealer_table(question.rules)
    settings = {}
    for row in rows:
        if row.example is None:
            continue
        advice = advise(row.example, question.rules, table=table, dead=question.dead)
        gap = advice.given_up(advice.house_row)
        if gap is None or abs(gap - row.example_given_up) > 1e-9:
            raise ArithmeticError(f"the whole-game pass and the per-hand engine disagree on {row.example}")
        settings[row.rule] = {"house_way": advice.house_row.split, "best": advice.best_row.split}
    return settings


CTRL_C = "\x03"  # what read_line returns when the player presses Ctrl-C


def read_line(prompt: str) -> str | None:
    """One line from the player; None at end of input (Ctrl-D), ``CTRL_C`` on Ctrl-C."""
    try:
        return input(prompt)
    except EOFError:
        typer.echo()
        return None
    except KeyboardInterrupt:
        typer.echo()
        return CTRL_C


def enable_line_editing() -> None:
    """Arrow keys, history (up for the last input) and Ctrl-L at the prompts, where the standard
    library's readline exists and the input is a terminal; plain input() otherwise."""
    if not sys.stdin.isatty():
        return
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:
        pass


@app.command("drill")
def drill_command(
    count: Annotated[int, typer.Option("--count", "-n", "--hands", metavar="N", help="How many hands to drill.", min=1)] = 10,
    seed: SeedOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
) -> None:
    """Practise setting hands: name the two low cards, and see how your setting compares by exact EV.

    Each answer is graded: foul or not, its EV, the best setting and the house way's, and the EV
    you gave up. help explains, hint shows the best setting (the hand is then not graded), skip
    moves on; q, Ctrl-D or Ctrl-C end the drill with a summary. Arrow keys and history work.

    Examples:

    $ paigow drill
    $ paigow drill --count 5 --seed 42 --house-way ballys
    $ paigow drill --game ez --banker
    """
    from rich.console import Console

    from paigow_cli.drill import Drill
    from paigow_cli.render import drill_grade_text, drill_hand_text, drill_hint_text, drill_summary_text, show

    rules = make_rules(wheel=wheel, commission=commission, house_way=house_way, game=game, banker=banker)
    with reporting_errors():
        drill = Drill(rules, dealer_table(rules), choose_seed(seed), count)
    console = Console(highlight=False)
    enable_line_editing()
    stopped = False
    for number, hand in enumerate(drill.hands(), 1):
        show(console, drill_hand_text(number, count, hand))
        while True:
            answer = read_line("Your low hand (two cards; help, hint, skip or q): ")
            if answer is None or answer == CTRL_C:
                stopped = True
                break
            reply = drill.respond(hand, answer)
            if reply.kind == "stop":
                stopped = True
                break
            if reply.kind == "skip":
                console.print("[dim]Skipped (not graded).[/dim]")
                break
            if reply.kind == "grade":
                show(console, drill_grade_text(reply.grade))
                break
            if reply.kind == "hint":
                show(console, drill_hint_text(reply.advice))
            elif reply.kind in ("help", "error"):
                console.print(reply.text, style="red" if reply.kind == "error" else None)
        if stopped:
            break
    show(console, drill_summary_text(drill.score))


@app.command("play")
def play_command(
    bankroll: Annotated[str, typer.Option("--bankroll", metavar="AMOUNT", help="Money to start with, e.g. 500 or 250.50.")] = "500",
    seed: SeedOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
) -> None:
    """Play Pai Gow Poker at a table in the terminal: bet, set your hand, beat the dealer.

    Bet with chips of $1, $5, $10, $25 and $100 (a wager of $2 to $100), and if you like the
    game's side bet (side 5: Fortune Bonus, or Queen's Dragon in EZ, Tiger 9 in Commission-Free).
    Deal, then name your two low cards, type house for the house way, hint for the best setting,
    or fold. In the classic game wins pay 1 to 1 less the 5% commission; copies go to the banker.
    Type help at any prompt.

    Examples:

    $ paigow play
    $ paigow play --bankroll 200 --seed 7 --game ez
    $ printf '10\\ndeal\\nhouse\\nquit\\n' | paigow play --seed 1
    """
    from rich.console import Console

    from paigow_cli.render import play_event_text, show
    from paigow_cli.table_game import TableGame

    rules = make_rules(wheel=wheel, house_way=house_way, game=game, banker=banker, commission=commission)
    with reporting_errors():
        money = parse_amount(bankroll, "--bankroll", False, MAX_BANKROLL)
    table_game = TableGame(rules, money, choose_seed(seed), table=lambda: dealer_table(rules))
    console = Console(highlight=False)
    console.print(
        f"[bold]Pai Gow Poker[/bold] · {game_title(rules)} · {rules.house_way} house way · "
        f"side bet: {table_game.side_table.title} · you have ${money:,.2f}. Type help at any prompt."
    )
    if table_game.over:
        console.print("[yellow]The minimum wager is $2: you need at least that to play.[/yellow]")
    enable_line_editing()
    while not table_game.over:
        line = read_line(table_game.prompt())
        with reporting_errors():
            if line is None:  # end of input: nobody is left to answer a question
                events = table_game.quit()
            elif line == CTRL_C:
                events = table_game.interrupt()
            else:
                events = table_game.handle(line)
        for event in events:
            show(console, play_event_text(event))


GAME_TITLES = {Game.CLASSIC: "Classic", Game.EZ: "EZ Pai Gow", Game.COMMISSION_FREE: "Commission-Free", Game.FACE_UP: "Face Up"}


def game_title(rules: Rules) -> str:
    """The game as the banner names it: ``EZ Pai Gow, you bank``."""
    return GAME_TITLES[rules.game] + (", you bank" if rules.banker else "")


class TableName(str, Enum):
    """The side bets' pay tables (rules.md §8.3)."""

    FORTUNE = "fortune"
    EMPERORS_CHALLENGE = "emperors-challenge"
    QUEENS_DRAGON = "queens-dragon"
    TIGER_9 = "tiger-9"


@app.command("bonus")
def bonus_command(
    cards: CardsArgument = None,
    table_name: Annotated[
        TableName | None,
        typer.Option("--table", help="The side bet's pay table (every table when not given, except with --odds).", case_sensitive=False),
    ] = None,
    odds: Annotated[bool, typer.Option("--odds", help="The exact count of every paying hand over all seven-card hands.")] = False,
    pays: Annotated[
        str | None,
        typer.Option("--pays", metavar="LINE=PAYS,...", help="Override lines' payouts (to 1), e.g. five-aces=250,royal-flush=100."),
    ] = None,
    dead: DeadOption = None,
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    wheel: WheelOption = Wheel.SECOND,
    as_json: BatchJsonOption = False,
) -> None:
    """Side bets: what seven cards pay on each table, or a table's exact odds and house edge.

    fortune and emperors-challenge pay on the player's seven cards; queens-dragon (EZ) on the
    dealer's seven; tiger-9 (Commission-Free) on the dealer's low hand as the house way sets it.
    A hand is paid once, at its highest-paying line.

    Examples:

    $ paigow bonus AS KS QS JS TS KH QH
    $ paigow bonus --odds --table fortune
    $ paigow bonus --odds --table tiger-9 --house-way ballys --json
    $ paigow bonus --odds --table fortune --pays "five-aces=250,royal-flush=100"
    """
    from paigow_cli.render import bonus_json, bonus_odds_json, bonus_odds_text, bonus_text
    from paigow_cli.side_bets import PAY_TABLES, with_pays

    rules = make_rules(wheel=wheel, house_way=house_way)
    with reporting_errors():
        if odds and cards:
            raise OptionError("--odds counts every hand: give no cards with it (or drop --odds to price these cards)")
        if odds and table_name is None:
            raise OptionError("--odds needs --table NAME: fortune, emperors-challenge, queens-dragon or tiger-9")
        if pays is not None and table_name is None:
            raise OptionError("--pays overrides one table's payouts: name it with --table")
        if dead is not None and not odds:
            raise OptionError("--dead applies to --odds only (the exact count over the live cards)")
        names = [table_name.value] if table_name else list(PAY_TABLES)
        tables = [with_pays(PAY_TABLES[name], pays) if pays else PAY_TABLES[name] for name in names]
    if odds:
        table = tables[0]
        with reporting_errors():
            dead_cards = option_cards(dead, "--dead (cards out of play)", tuple(range(1, 47))) or ()
            result = bonus_odds(table, rules, dead_cards)
        Output(as_json, batch=False).emit(bonus_odds_json(result, rules, dead_cards), lambda: bonus_odds_text(result, rules, dead_cards))
        return
    output = Output(as_json, is_batch(cards))

    def handle(text: str | list[str]) -> None:
        from paigow_cli.house_ways import house_setting

        hand = sort_cards(parse_hand(text, what="a hand to price"))
        setting = house_setting(hand, rules) if any(table.needs_house_way for table in tables) else None
        output.emit(bonus_json(hand, tables, setting), lambda: bonus_text(hand, tables, setting))

    for_each_hand(cards, handle)


def bonus_odds(table: Any, rules: Rules, dead_cards: Sequence[Card]) -> Any:
    """A side bet's exact odds, loading the cached tables it needs."""
    from paigow_cli.side_bets import side_bet_odds

    if table.needs_house_way:
        from paigow_cli.games import nine_high_low_classes

        dealer = dealer_table(rules)
        return side_bet_odds(table, dealer.classes, dead_cards, nine_high_low_classes(dealer))
    classes, _ = category_table()
    return side_bet_odds(table, classes, dead_cards)


cache_app = typer.Typer(
    help="Inspect, build or clear the cached dealer tables ($PAIGOW_CACHE_DIR, else the user cache folder).",
    no_args_is_help=True,
)
app.add_typer(cache_app, name="cache")


@cache_app.command("info")
def cache_info_command(as_json: JsonOption = False) -> None:
    """Where the tables are cached, which are there and their sizes, and which are not built yet.

    Example:

    $ paigow cache info
    """
    from paigow_cli.cache import cache_dir, cache_problem, cached_files
    from paigow_cli.dealer_table import expected_tables
    from paigow_cli.render import cache_json, cache_text

    folder, problem = cache_dir(), cache_problem()
    files = [] if problem else cached_files()
    if any(file.path.name.startswith("edge-") for file in files):
        from dataclasses import replace

        from paigow_cli.edge import is_current_file

        files = [
            replace(file, current=file.current and is_current_file(file.path) is not False)
            if file.path.name.startswith("edge-") else file
            for file in files
        ]
    missing = [(what, path) for what, path in expected_tables() if not path.exists()]  # type: ignore[attr-defined]
    Output(as_json, batch=False).emit(
        cache_json(folder, files, missing, problem), lambda: cache_text(folder, files, missing, problem)
    )


@cache_app.command("build")
def cache_build_command(
    house_way: HouseWayOption = None,  # type: ignore[assignment]
    build_all: Annotated[bool, typer.Option("--all", help="Build the table of every house way (for the --wheel rule).")] = False,
    wheel: WheelOption = Wheel.SECOND,
) -> None:
    """Build dealer tables now (each takes seconds once; later runs load it).

    Examples:

    $ paigow cache build
    $ paigow cache build --house-way ballys --wheel low
    $ paigow cache build --all
    """
    from paigow_cli.dealer_table import dealer_table_path

    if build_all and house_way is not None:
        error_line("--all builds every shipped house way's table: give --house-way NAME or --all, not both")
        raise typer.Exit(ExitCode.BAD_INPUT)
    ways = [way.value for way in HouseWayName] if build_all else [house_way or HouseWayName.FOXWOODS.value]
    for way in ways:
        rules = make_rules(wheel=wheel, house_way=way)
        dealer_table(rules)
        typer.echo(f"{rules.house_way} ({wheel.value} wheel): {dealer_table_path(rules.house_way, wheel)}")


@cache_app.command("clear")
def cache_clear_command() -> None:
    """Delete every cached table (they are rebuilt when next needed).

    Example:

    $ paigow cache clear
    """
    from paigow_cli.cache import cache_dir, cached_files, remove_files

    with reporting_errors():
        removed = remove_files(cached_files())
    typer.echo(f"removed {removed} cached table{'s' if removed != 1 else ''} from {cache_dir()}")


def unwrap_help(doc: str | None) -> str | None:
    """A docstring as help text: each paragraph on one line (the help page wraps it to the
    terminal), except example paragraphs (``$ ...`` lines), which keep their lines.

    >>> print(unwrap_help('''Title.
    ...
    ...     Text that
    ...     goes on.
    ...
    ...     $ paigow a
    ...     $ paigow b
    ...     '''))
    Title.
    <BLANKLINE>
    Text that goes on.
    <BLANKLINE>
    $ paigow a
    $ paigow b
    """
    if doc is None:
        return None
    import inspect

    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(
        paragraph if any(line.startswith("$ ") for line in paragraph.splitlines()) else " ".join(paragraph.split())
        for paragraph in paragraphs
    )


def _tidy_help(typer_app: typer.Typer) -> None:
    """Give every command its unwrapped help text."""
    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = unwrap_help(info.callback.__doc__)
    for group in typer_app.registered_groups:
        _tidy_help(group.typer_instance)


def _flag_type(self: Any, ctx: Any) -> str | None:
    """No type column for flags (``--json``, ``--all``, ``--help``) or for arguments named by their
    metavar: only options that take a value show what they take."""
    if getattr(self, "is_flag", False) or self.param_type_name == "argument":
        return None
    return _option_type(self, ctx)


from typer.core import TyperArgument, TyperOption  # noqa: E402

_option_type = TyperOption.display_type_rich
TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]
TyperArgument.display_type_rich = _flag_type  # type: ignore[method-assign]
_tidy_help(app)


def main() -> None:
    """Console-script entry point: no traceback reaches a user unless PAIGOW_DEBUG is set."""
    try:
        app(prog_name="paigow")
    except SystemExit as exit:
        if exit.code == ExitCode.INTERRUPTED:
            leave_now(ExitCode.INTERRUPTED)
        raise
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        leave_now(ExitCode.INTERRUPTED)
    except Exception as error:  # a bug: say so in one line
        if os.environ.get("PAIGOW_DEBUG"):
            raise
        error_line(f"internal error: {type(error).__name__}: {error} (set PAIGOW_DEBUG=1 for a traceback)")
        sys.exit(ExitCode.FAILURE)
