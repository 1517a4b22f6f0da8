"""What the table game shows (``TableGame.handle``'s events) and each round as the history keeps
it (``round_record``, ``fold_record``: graded by the exact EVs, as a drill's hand is)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from paigow_cli.analysis.hand.advice import Advice, advise
from paigow_cli.analysis.money.pay_tables import PayTable
from paigow_cli.analysis.money.side_bets import Paid
from paigow_cli.core.cards import Card
from paigow_cli.core.rules import Rules
from paigow_cli.core.showdown import Settlement, settle
from paigow_cli.core.splits import Split
from paigow_cli.house_ways import HouseSetting
from paigow_cli.study.history import FOLD, HandRecord


@dataclass(frozen=True)
class Say:
    """A line to show; ``kind`` is info, warning or error."""

    text: str
    kind: str = "info"


@dataclass(frozen=True)
class Dealt:
    player: tuple[Card, ...]
    wager: Decimal
    dealer: HouseSetting | None = None  # Face Up: the dealer's hand is set by the house way and shown first


@dataclass(frozen=True)
class Hint:
    advice: Advice
    wager: Decimal


@dataclass(frozen=True)
class RoundOver:
    """The showdown: both settings, the dealer's clause, and what the wager did."""

    player: Split
    player_rule: str | None  # the clause, when the house way set the player's hand
    dealer: HouseSetting
    settlement: Settlement
    wager: Decimal
    balance: Decimal
    rules: Rules  # the game, who banks, the commission
    house: Split  # the house way's setting of the player's hand (a banker's foul is reset to it)
    side: SideResult | None = None


@dataclass(frozen=True)
class SideResult:
    """The side bet's result: the table, what the hand made, the wager and the net payout."""

    table: PayTable
    paid: Paid
    wager: Decimal
    payout: Decimal


@dataclass(frozen=True)
class Folded:
    """A folded hand: the wager lost, and what the history needs to grade the fold."""

    wager: Decimal
    balance: Decimal
    player: tuple[Card, ...] = ()
    dealer: HouseSetting | None = None
    rules: Rules | None = None
    house: Split | None = None  # the house way's setting of the player's hand
    side: SideResult | None = None


Event = Say | Dealt | Hint | RoundOver | Folded | SideResult


def round_record(event: RoundOver, table: object, seconds: float) -> HandRecord:
    """What the history keeps of a play round: the hand as a drill grades it (exact EVs of your
    setting, the best and the house way's) and what each of the three paid, or would have."""
    from paigow_cli.study.drill import advice_record

    rules, dealer = event.rules, event.dealer.split
    advice = advise(event.player.cards, rules, table=table)  # type: ignore[arg-type]
    mine = next(row for row in advice.rows if set(row.split.low) == set(event.player.low))

    def paid(split: Split) -> str:
        return _payout(split, dealer, event.wager, rules, event.house)

    return advice_record(
        advice,
        mine,
        foul=event.player.foul,
        seconds=seconds,
        wager=str(event.wager),
        payout=str(event.settlement.payout),
        house_payout=paid(advice.house_row.split),
        best_payout=paid(advice.best_row.split),
        **side_fields(event.side),
    )


def fold_record(event: Folded, table: object, seconds: float) -> HandRecord:
    """What the history keeps of a folded hand: graded as a certain loss of the wager (EV -1 a unit)
    against the best setting and the house way's, and what those would have paid."""
    from dataclasses import replace

    from paigow_cli.study.drill import advice_record

    assert event.rules is not None and event.dealer is not None and event.house is not None
    rules, dealer = event.rules, event.dealer.split
    advice = advise(event.player, rules, table=table)  # type: ignore[arg-type]

    def paid(split: Split) -> str:
        return _payout(split, dealer, event.wager, rules, event.house)

    record = advice_record(
        advice,
        advice.house_row,
        foul=False,
        seconds=seconds,
        wager=str(event.wager),
        payout=str(-event.wager),
        house_payout=paid(advice.house_row.split),
        best_payout=paid(advice.best_row.split),
        **side_fields(event.side),
    )
    return replace(record, chosen=FOLD, ev_chosen=-1.0, folded=True)


def side_fields(side: SideResult | None) -> dict[str, str]:
    """A round's side bet as the history keeps it (nothing when none was placed)."""
    return {} if side is None else {"side_wager": str(side.wager), "side_payout": str(side.payout)}


def _payout(split: Split, dealer: Split, wager: Decimal, rules: Rules, house: Split | None) -> str:
    """What a setting of the player's hand pays against the dealer's, as the history writes it."""
    return str(settle(split, dealer, wager, rules.commission, rules.game, banker=rules.banker, house=house).payout)
