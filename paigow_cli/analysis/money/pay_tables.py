"""Side bets' pay tables (rules.md §8.3): each table's lines and what they pay, and the
overrides a user gives them (``--pays``, a progressive's ``--meter``).

>>> with_pays(PAY_TABLES["fortune"], "straight=3,five-aces=250").pays_of(Line.FIVE_ACES)
250
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from paigow_cli.core.bonus_hands import SETTING_LINES, Line
from paigow_cli.core.errors import OptionError
from paigow_cli.core.rules import Joker

L = Line


@dataclass(frozen=True)
class Meter:
    """A progressive's top prize: the lines it pays, the amount published, on a bet of ``bet``;
    ``for_one`` when the prize is paid for one (the bet is not returned), else to one."""

    lines: tuple[Line, ...]
    amount: Decimal
    bet: Decimal
    for_one: bool = False

    def pays(self, amount: Decimal, bet: Decimal) -> int | Decimal:
        """What the top lines pay to 1 when the meter shows ``amount`` on a bet of ``bet``."""
        pays = amount / bet - (1 if self.for_one else 0)
        return int(pays) if pays == pays.to_integral_value() else pays


@dataclass(frozen=True)
class PayTable:
    """A side bet's pay table: what it is settled on, and its lines in pay order."""

    name: str
    title: str
    on: str  # "player" (the player's seven cards), "player-three" (his first three) or "dealer" (the dealer's seven, or his low hand)
    lines: tuple[tuple[Line, int | Decimal], ...]
    by_rank: bool = (
        False  # a hand is paid at the first line it holds in the table's order (its rank), not the best paid
    )
    joker: Joker = Joker.BUG  # the joker of the game the table is dealt in (rules.md §11)
    meter: Meter | None = None  # a progressive's top prize (``with_meter`` sets it)

    def pays_of(self, line: Line) -> int | Decimal:
        return dict(self.lines)[line]

    @property
    def needs_settings(self) -> bool:
        """True when a line needs the hand set a given way ("plus pair": Jackpot Pai Gow)."""
        return any(line in SETTING_LINES for line, _ in self.lines)

    @property
    def needs_house_way(self) -> bool:
        """True when the bet is on the dealer's low hand as the house way sets it."""
        return any(line is Line.NINE_HIGH_LOW_HAND for line, _ in self.lines)


PAY_TABLES = {
    table.name: table
    for table in (
        PayTable(
            "fortune",
            "Fortune Bonus",
            "player",
            (
                (L.SEVEN_CARD_STRAIGHT_FLUSH, 8000),
                (L.ROYAL_MATCH, 2000),
                (L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, 1000),
                (L.FIVE_ACES, 400),
                (L.ROYAL_FLUSH, 150),
                (L.STRAIGHT_FLUSH, 50),
                (L.FOUR_OF_A_KIND, 25),
                (L.FULL_HOUSE, 5),
                (L.FLUSH, 4),
                (L.THREE_OF_A_KIND, 3),
                (L.STRAIGHT, 2),
            ),
        ),
        PayTable(
            "emperors-challenge",
            "Emperor's Challenge",
            "player",
            (
                (L.SEVEN_CARD_STRAIGHT_FLUSH, 5000),
                (L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, 1000),
                (L.FIVE_ACES, 500),
                (L.ROYAL_FLUSH, 150),
                (L.STRAIGHT_FLUSH, 50),
                (L.FOUR_OF_A_KIND, 25),
                (L.FULL_HOUSE, 5),
                (L.FLUSH, 4),
                (L.THREE_OF_A_KIND, 3),
                (L.STRAIGHT, 2),
                (L.NINE_HIGH_PAI_GOW, 40),
                (L.TEN_HIGH_PAI_GOW, 5),
                (L.JACK_HIGH_PAI_GOW, 2),
            ),
        ),
        PayTable(
            "mania-seven-card",
            "Mania 7-Card Bonus",
            "player",
            (
                (L.FIVE_ACES, 500),
                (L.ROYAL_FLUSH, 250),
                (L.STRAIGHT_FLUSH, 50),
                (L.FOUR_OF_A_KIND, 25),
                (L.FULL_HOUSE, 5),
                (L.FLUSH, 4),
                (L.THREE_OF_A_KIND, 3),
                (L.STRAIGHT, 2),
            ),
        ),
        PayTable(
            "mania-three-card",
            "Mania 3-Card Bonus",
            "player-three",
            (
                (L.THREE_CARD_STRAIGHT_FLUSH, 40),
                (L.THREE_CARD_THREE_OF_A_KIND, 30),
                (L.THREE_CARD_STRAIGHT_FLUSH_JOKER, 5),
                (L.THREE_CARD_STRAIGHT, 4),
                (L.THREE_CARD_FLUSH, 3),
                (L.THREE_CARD_PAIR, 1),
            ),
        ),
        PayTable(
            "dealer-bonus",
            "Dealer Bonus",
            "dealer",
            (
                (L.SEVEN_CARD_STRAIGHT_FLUSH, 500),
                (L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, 500),
                (L.ROYAL_MATCH, 500),
                (L.FIVE_ACES, 500),
                (L.ROYAL_FLUSH, 150),
                (L.STRAIGHT_FLUSH, 50),
                (L.FOUR_OF_A_KIND, 25),
                (L.FULL_HOUSE, 4),
                (L.FLUSH, 3),
                (L.THREE_OF_A_KIND, 2),
                (L.STRAIGHT, 2),
                (L.NINE_HIGH_LOW_HAND, 5),
            ),
            by_rank=True,
        ),
        PayTable(
            "dynasty",
            "Dynasty Bonus",
            "player",
            (
                (L.FIVE_OF_A_KIND, 100),
                (L.ROYAL_FLUSH, 25),
                (L.STRAIGHT_FLUSH, 15),
                (L.FOUR_OF_A_KIND, 10),
                (L.FULL_HOUSE, 5),
                (L.FLUSH, 4),
                (L.STRAIGHT, 2),
                (L.THREE_OF_A_KIND, 1),
            ),
            joker=Joker.WILD,
        ),
        PayTable(
            "jackpot",
            "Jackpot Pai Gow",
            "player",
            (
                (L.NATURAL_ROYAL_PLUS_ACES, 20000),
                (L.FIVE_ACES_PLUS_PAIR, 400),
                (L.ROYAL_FLUSH_PLUS_PAIR, 200),
                (L.FIVE_ACES, 200),
                (L.ROYAL_FLUSH, 100),
                (L.STRAIGHT_FLUSH_PLUS_PAIR, 60),
                (L.FOUR_OF_A_KIND_PLUS_PAIR, 40),
                (L.STRAIGHT_FLUSH, 30),
                (L.FOUR_OF_A_KIND, 20),
                (L.FULL_HOUSE_PLUS_PAIR, 12),
                (L.FLUSH_PLUS_PAIR, 8),
                (L.STRAIGHT_PLUS_PAIR, 6),
                (L.FULL_HOUSE, 6),
                (L.FLUSH, 4),
                (L.STRAIGHT, 3),
                (L.THREE_OF_A_KIND, 2),
            ),
            meter=Meter((L.NATURAL_ROYAL_PLUS_ACES,), Decimal(100_000), Decimal(5)),
        ),
        PayTable(
            "face-up-progressive",
            "Face Up Progressive",
            "player",
            (
                (L.SEVEN_CARD_STRAIGHT_FLUSH, Decimal("766566.2")),
                (L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, Decimal("766566.2")),
                (L.FIVE_ACES, Decimal("31183.8")),
                (L.ROYAL_FLUSH, 718),
                (L.STRAIGHT_FLUSH, 99),
                (L.FOUR_OF_A_KIND, 74),
                (L.FULL_HOUSE, 3),
            ),
            meter=Meter(
                (L.SEVEN_CARD_STRAIGHT_FLUSH, L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER),
                Decimal(3_832_836),
                Decimal(5),
                for_one=True,
            ),
        ),
        PayTable("queens-dragon", "Queen's Dragon", "dealer", ((L.QUEEN_HIGH_PAI_GOW, 50),)),
        PayTable("tiger-9", "Tiger 9", "dealer", ((L.NINE_HIGH_LOW_HAND, 30),)),
    )
}
MAX_PAYS = 1_000_000


def with_pays(table: PayTable, text: str) -> PayTable:
    """The table with some lines' payouts replaced: ``"five-aces=250,royal-flush=100"``.

    >>> with_pays(PAY_TABLES["tiger-9"], "royal-flush=100")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.OptionError: pays: 'royal-flush' is not a line of the tiger-9 table; its lines are nine-high-low-hand
    """
    names = {line.slug: line for line, _ in table.lines}
    pays = dict(table.lines)
    items = [part.strip() for part in text.split(",") if part.strip()]
    if not items:
        raise OptionError(
            f"{{option}} is empty: give LINE=PAYS pairs, e.g. {table.lines[0][0].slug}=250; its lines are "
            f"{', '.join(names)}",
            about="pays",
        )
    given: set[str] = set()
    for item in items:
        name, equals, value = item.partition("=")
        name = name.strip().lower()
        if not equals:
            raise OptionError(
                f"{{option}}: '{item}' is not LINE=PAYS; give e.g. five-aces=250,royal-flush=100", about="pays"
            )
        if name not in names:
            raise OptionError(
                f"{{option}}: '{name}' is not a line of the {table.name} table; its lines are {', '.join(names)}",
                about="pays",
            )
        if name in given:
            raise OptionError(f"{{option}}: {name} is given twice; give each line once", about="pays")
        given.add(name)
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise OptionError(
                f"{{option}}: '{value.strip()}' for {name} is not a number; give what it pays to 1, e.g. {name}=250",
                about="pays",
            ) from None
        if not amount.is_finite() or not 0 < amount <= MAX_PAYS or amount != amount.quantize(Decimal("0.01")):
            raise OptionError(
                f"{{option}}: {name}={value.strip()} is out of range: a line pays more than 0 and at most {MAX_PAYS:,} to 1, "
                "with at most 2 decimals",
                about="pays",
            )
        pays[names[name]] = int(amount) if amount == int(amount) else amount
    return replace(table, lines=tuple((line, pays[line]) for line, _ in table.lines))


MAX_METER = Decimal(100_000_000)


def meter_of(table: PayTable) -> Meter:
    """The table's progressive meter; a table without one is refused, naming those that have one."""
    if table.meter is None:
        names = ", ".join(name for name, other in PAY_TABLES.items() if other.meter is not None)
        raise OptionError(
            f"{{option}}: the {table.name} table has no progressive meter; these do: {names}", about="meter"
        )
    return table.meter


def with_meter(table: PayTable, amount: Decimal, bet: Decimal) -> PayTable:
    """The table with its progressive's lines paying what a meter of ``amount`` pays a bet of ``bet``.

    >>> with_meter(PAY_TABLES["jackpot"], Decimal(50000), Decimal(5)).pays_of(Line.NATURAL_ROYAL_PLUS_ACES)
    10000
    """
    meter = meter_of(table)
    if not 0 < amount <= MAX_METER or bet <= 0:
        raise OptionError(
            f"{{option}} {amount} is out of range: give more than 0 and at most {MAX_METER:,}", about="meter"
        )
    least = least_meter(table, bet)
    if amount < least:
        raise OptionError(
            f"{{option}} {amount}: a top prize pays at least the table's next line, so the meter on a bet of {bet} "
            f"shows {least} or more",
            about="meter",
        )
    pays = meter.pays(amount, bet)
    return replace(
        table,
        lines=tuple((line, pays if line in meter.lines else paid) for line, paid in table.lines),
        meter=replace(meter, amount=amount, bet=bet),
    )


def least_meter(table: PayTable, bet: Decimal) -> Decimal:
    """The smallest top prize on a bet of ``bet``: what the table's best other line pays.

    >>> least_meter(PAY_TABLES["jackpot"], Decimal(5))
    Decimal('2000')
    """
    meter = table.meter
    if meter is None:
        raise ValueError(f"the {table.name} table has no meter")
    best = max(Decimal(str(pays)) for line, pays in table.lines if line not in meter.lines)
    return (best + (1 if meter.for_one else 0)) * bet


# --- the Envy bonus ------------------------------------------------------------------------------------

ENVY_TABLES = {
    "fortune": (
        (L.SEVEN_CARD_STRAIGHT_FLUSH, 5000),
        (L.ROYAL_MATCH, 1000),
        (L.SEVEN_CARD_STRAIGHT_FLUSH_JOKER, 500),
        (L.FIVE_ACES, 250),
        (L.ROYAL_FLUSH, 50),
        (L.STRAIGHT_FLUSH, 20),
        (L.FOUR_OF_A_KIND, 5),
    ),
    "dynasty": (
        (L.FIVE_OF_A_KIND, 125),
        (L.ROYAL_FLUSH, 50),
        (L.STRAIGHT_FLUSH, 10),
    ),
}  # dollars paid to a bet of ENVY_LEAST or more for each other player's hand on the line (rules.md §8.3)
ENVY_LEAST = Decimal(5)
MOST_OTHERS = 5  # a table of six players and the dealer: five others whose hands can pay an envy
