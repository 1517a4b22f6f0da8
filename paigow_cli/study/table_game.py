"""The table game, as an online casino runs it, as a state machine driven by typed lines.

``TableGame.handle(line)`` returns events (what to show) and moves between three
phases: betting (chips of $1, $5, $10, $25 and $100; a wager of $2 to $100; the
game's side bet with ``side`` and a chip, $1 to $100; clear, re-bet, deal), setting (two cards for the low hand, house way, hint or
fold; a foul must be confirmed), and over (bankroll exhausted, or quit). Money
is exact decimals; chips on the table are not part of the balance.

>>> game = TableGame(Rules(), Decimal(100), seed=1, table=lambda: None)
>>> [event.text for event in game.handle("5")]
['Wager $5']
>>> game.handle("deal")[0].wager, game.prompt()
(Decimal('5'), '[balance $95 · wager $5] set> ')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from enum import Enum

from paigow_cli.analysis.hand.advice import Advice, advise
from paigow_cli.analysis.money.pay_tables import PAY_TABLES, PayTable
from paigow_cli.core.cards import (
    DECK,
    Card,
    looks_like_words,
    parse_cards,
    printable,
    sort_cards,
    typing_example,
)
from paigow_cli.core.errors import OptionError, PaigowError
from paigow_cli.core.money import money
from paigow_cli.core.rules import Game, Rules
from paigow_cli.core.showdown import settle
from paigow_cli.core.splits import Split, make_split
from paigow_cli.house_ways import house_setting
from paigow_cli.study.table_events import Dealt, Event, Folded, Hint, RoundOver, Say, SideResult

CHIPS = (1, 5, 10, 25, 100)
MIN_WAGER = Decimal(2)
MAX_WAGER = Decimal(100)
SIDE_BETS = {
    Game.CLASSIC: ("fortune", "emperors-challenge", "mania-seven-card", "mania-three-card", "dealer-bonus", "jackpot"),
    Game.FACE_UP: ("fortune", "face-up-progressive"),
    Game.EZ: ("queens-dragon",),
    Game.COMMISSION_FREE: ("tiger-9",),
}  # the side bets dealt beside each game at the table (the first unless one is named); the Dynasty
# Bonus is dealt with a wild joker, which the table game does not play


def side_bet_table(game: Game, name: str | None = None) -> PayTable:
    """The side bet dealt beside a game (rules.md §8.3): ``name``, or the game's usual one.

    >>> side_bet_table(Game.EZ).name, side_bet_table(Game.CLASSIC, "jackpot").title
    ('queens-dragon', 'Jackpot Pai Gow')
    >>> side_bet_table(Game.EZ, "jackpot")
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.OptionError: --side-bet jackpot is not dealt with the ez game at this table: give queens-dragon
    """
    offered = SIDE_BETS[game]
    if name is None:
        return PAY_TABLES[offered[0]]
    if name not in offered:
        raise OptionError(
            f"--side-bet {name} is not dealt with the {game.value} game at this table: give {' or '.join(offered)}"
        )
    return PAY_TABLES[name]


class Phase(str, Enum):
    BETTING = "bet"
    SETTING = "set"
    CONFIRM_FOUL = "confirm"
    CONFIRM_FOLD = "fold?"  # folding (or leaving mid-hand) forfeits the wager: asked first
    OVER = "over"


HELP = {
    Phase.BETTING: "Place chips with 1, 5, 10, 25 or 100 (wager $2 to $100); side and a chip puts it on the side "
    "bet ($1 to $100, e.g. side 5); clear takes the wagers back; rebet places the last wagers again; deal starts the game; "
    "quit leaves the table.",
    Phase.SETTING: "Name the two cards for your low hand (two cards of your seven, as in KD 4D); house lets the house way set it; "
    "hint shows the best setting and its EV; fold gives up the wager; quit folds and leaves the table.",
    Phase.CONFIRM_FOUL: "Type yes to play the fouled setting (it loses), anything else to choose again.",
    Phase.CONFIRM_FOLD: "Type yes to fold (you lose the wager), anything else to go back to setting your hand.",
}


def ev_dollars(ev: float, wager: Decimal) -> str:
    """An EV per unit as dollars at a wager, to the cent: ``+$0.14``, ``-$2.50``.

    >>> ev_dollars(0.0142, Decimal(10)), ev_dollars(-0.25, Decimal(10))
    ('+$0.14', '-$2.50')
    """
    return money((Decimal(str(round(ev, 6))) * wager).quantize(Decimal("0.01")), signed=True, cents=True)


class TableGame:
    """One player at the table. ``table`` loads the dealer table (only ``hint`` needs it)."""

    def __init__(
        self,
        rules: Rules,
        bankroll: Decimal,
        seed: int,
        table: Callable[[], object],
        deal: Callable[[], tuple[tuple[Card, ...], tuple[Card, ...]]] | None = None,
        *,
        side_bet: str | None = None,
    ) -> None:
        self.rules = rules
        self.start = bankroll
        self.balance = bankroll  # money not on the table
        self.wager = Decimal(0)
        self.last_wager = Decimal(0)
        self.side_wager = Decimal(0)
        self.last_side_wager = Decimal(0)
        self.side_table = side_bet_table(rules.game, side_bet)
        self.phase = Phase.BETTING if bankroll >= MIN_WAGER else Phase.OVER
        self._load_table = table
        self._table: object | None = None
        self._rng = random.Random(seed)
        self._deal = deal or self._shuffle_and_deal
        self.player: tuple[Card, ...] = ()
        self.dealt: tuple[Card, ...] = ()  # the player's cards in the order dealt (a three-card bet's first three)
        self.dealer: tuple[Card, ...] = ()
        self._pending: Split | None = None
        self._leaving = False  # the fold being confirmed also leaves the table
        self._advice: Advice | None = None  # the current hand's exact advice, once asked for

    # --- what the screen shows -------------------------------------------------------------------

    def dealer_table(self) -> object:
        """The house way's dealer table, loaded at the first hint (or record of a round) and kept."""
        if self._table is None:
            self._table = self._load_table()
        return self._table

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def prompt(self) -> str:
        status = f"balance {money(self.balance)}"
        if self.wager:
            status += f" · wager {money(self.wager)}"
        if self.side_wager:
            status += f" · side {money(self.side_wager)}"
        return f"[{status}] {self.phase.value}> "

    # --- input -----------------------------------------------------------------------------------

    def handle(self, line: str) -> list[Event]:
        """Act on one typed line."""
        words = line.strip().lower().split()
        if not words:
            return []
        command = words[0]
        if command in ("help", "?"):
            return [Say(HELP.get(self.phase, ""))]
        if self.phase is Phase.CONFIRM_FOLD:
            return self._confirm_fold(words)
        if command in ("quit", "q", "exit"):
            return self.interrupt()
        if self.phase is Phase.BETTING:
            return self._betting(words)
        if self.phase is Phase.SETTING:
            return self._setting(line, words)
        if self.phase is Phase.CONFIRM_FOUL:
            return self._confirm(words)
        return [Say("The game is over.", "warning")]

    def interrupt(self) -> list[Event]:
        """quit or Ctrl-C: leave the table, but with a hand in play ask first (it forfeits the wager);
        asked again at that question, leave."""
        if self.phase in (Phase.SETTING, Phase.CONFIRM_FOUL):
            return self._ask_fold(leaving=True)
        if self.phase is Phase.CONFIRM_FOLD:
            return self.quit()
        return self.quit()

    def quit(self) -> list[Event]:
        """Leave now (end of input): a hand in play is folded, chips not yet dealt on come back."""
        events: list[Event] = []
        if self.phase in (Phase.SETTING, Phase.CONFIRM_FOUL, Phase.CONFIRM_FOLD):
            events += self._fold()
        else:
            self.balance += self.wager + self.side_wager
            self.wager = self.side_wager = Decimal(0)
        self.phase = Phase.OVER
        change = self.balance - self.start
        sign = "+" if change >= 0 else "-"
        events.append(Say(f"You leave with {money(self.balance)} ({sign}{money(abs(change))})."))
        return events

    # --- betting ---------------------------------------------------------------------------------

    def _betting(self, words: list[str]) -> list[Event]:
        command = words[0]
        chips = words[1:] if command in ("chip", "side") else words
        if chips and all(chip.lstrip("$").isdigit() for chip in chips):  # every chip on the line counts
            said: list[Event] = []
            for chip in chips:
                said = self._place(Decimal(chip.lstrip("$")), side=command == "side")
                if any(isinstance(event, Say) and event.kind == "error" for event in said):
                    break
            return said  # the wager as it stands, or why the next chip could not go on
        if command == "side":
            return [Say(f"Name a chip for the {self.side_table.title} side bet, e.g. side 5.", "error")]
        if command == "clear":
            self.balance += self.wager + self.side_wager
            self.wager = self.side_wager = Decimal(0)
            return [Say("Wagers cleared")]
        if command in ("rebet", "re-bet"):
            return self._rebet()
        if command == "deal":
            return self._start()
        if command in ("new", "balance"):
            return [Say(f"Balance {money(self.balance)}" + (f", wager {money(self.wager)}" if self.wager else ""))]
        return [Say(f"'{printable(' '.join(words))}' is not a betting command. {HELP[Phase.BETTING]}", "error")]

    def _place(self, chip: Decimal, *, side: bool = False) -> list[Event]:
        """Put a chip on the main wager, or on the side bet."""
        if chip not in CHIPS:
            return [Say(f"There is no ${chip} chip: the chips are $1, $5, $10, $25 and $100.", "error")]
        placed, name = (self.side_wager, "side bet") if side else (self.wager, "wager")
        if placed + chip > MAX_WAGER:
            return [Say(f"The maximum {name} is {money(MAX_WAGER)}; the {name} is {money(placed)}.", "error")]
        if chip > self.balance:
            return [Say(f"You have only {money(self.balance)} left to bet.", "error")]
        self.balance -= chip
        if side:
            self.side_wager += chip
            return [Say(f"Side bet ({self.side_table.title}) {money(self.side_wager)}")]
        self.wager += chip
        return [Say(f"Wager {money(self.wager)}")]

    def _rebet(self) -> list[Event]:
        if not self.last_wager:
            return [Say("There is no last wager to place again yet.", "error")]
        on_table = self.balance + self.wager + self.side_wager
        wanted = self.last_wager + self.last_side_wager
        if wanted > on_table:
            return [Say(f"The last wagers came to {money(wanted)}, but you have only {money(on_table)}.", "error")]
        self.balance = on_table - wanted
        self.wager, self.side_wager = self.last_wager, self.last_side_wager
        side = f", side bet {money(self.side_wager)}" if self.side_wager else ""
        return [Say(f"Wager {money(self.wager)}{side} (as last game)")]

    def _start(self) -> list[Event]:
        if self.wager < MIN_WAGER:
            return [
                Say(
                    f"The minimum wager is {money(MIN_WAGER)}; place chips first (the wager is {money(self.wager)}).",
                    "error",
                )
            ]
        self.dealt, self.dealer = self._deal()
        self.player = sort_cards(self.dealt)
        self.last_wager, self.last_side_wager = self.wager, self.side_wager
        self.phase = Phase.SETTING
        shown = house_setting(sort_cards(self.dealer), self.rules) if self.rules.game is Game.FACE_UP else None
        events: list[Event] = [Dealt(self.player, self.wager, shown)]
        if self.side_wager and self.side_table.on == "player-three":
            first = " ".join(str(card) for card in self.dealt[:3])
            events.append(Say(f"Your first three cards, dealt before the rest ({self.side_table.title}): {first}"))
        return events

    def _shuffle_and_deal(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        cards = self._rng.sample(DECK, 14)
        return tuple(cards[:7]), tuple(cards[7:])

    # --- setting ---------------------------------------------------------------------------------

    def _setting(self, line: str, words: list[str]) -> list[Event]:
        command = words[0]
        if command == "fold":
            return self._ask_fold(leaving=False)
        if command in ("house", "house-way", "houseway"):
            setting = house_setting(self.player, self.rules)
            return self._showdown(setting.split, setting.rule)
        if command == "hint":
            return [Hint(self.advice(), self.wager)]
        text = line.strip()
        if command == "set":
            text = text[3:]
        example = typing_example(self.player)  # never a setting of the hand: no answer given away
        try:
            low = parse_cards(text)
            split = make_split(self.player, low, self.rules.wheel_is_low)
        except PaigowError as error:
            if looks_like_words(text):
                return [
                    Say(
                        f"'{printable(text)}' is not a command here: name your two low cards (as in {example}), "
                        "or type house, hint, fold, quit or help.",
                        "error",
                    )
                ]
            return [
                Say(f"{error}. Name two of your seven cards for the low hand (as in {example}), or type help.", "error")
            ]
        if split.foul:
            self._pending = split
            self.phase = Phase.CONFIRM_FOUL
            return [
                Say(
                    f"That setting fouls: the low hand ({split.low_value.label}) outranks the high hand "
                    f"({split.high_value.label}), and a foul loses. Type yes to play it anyway, anything else to choose again.",
                    "warning",
                )
            ]
        return self._showdown(split, None)

    def advice(self) -> Advice:
        """The current hand's advice: exact EVs (the dealer table loads on first use), or in Face Up,
        where the dealer's hand is shown, each setting settled against it."""
        if self._advice is None:
            if self.rules.game is Game.FACE_UP:
                self._advice = advise(self.player, self.rules, dealer=self.dealer, bet=self.wager)
            else:
                self._advice = advise(self.player, self.rules, table=self.dealer_table())  # type: ignore[arg-type]
        return self._advice

    def _ask_fold(self, leaving: bool) -> list[Event]:
        """Folding forfeits the wager: say what the hand is worth and ask (unless it is worth -1 anyway)."""
        best = self.advice().best_row
        if best.ev is None:  # Face Up: what the best setting does against the shown hand, per unit
            settlement = best.settlement
            ev = float(settlement.payout / self.wager) if settlement is not None else -1.0
        else:
            ev = best.ev
        if ev <= -1 and not leaving:
            return self._fold()
        self._leaving = leaving
        self._pending = None
        self.phase = Phase.CONFIRM_FOLD
        action = "Leaving now folds your hand and forfeits" if leaving else "Folding forfeits"
        return [
            Say(
                f"{action} your {money(self.wager)} wager. This hand's best setting, {best.split}, "
                f"is worth EV {ev:+.4f} ({ev_dollars(ev, self.wager)} "
                f"on average). Type yes to fold, anything else to keep playing.",
                "warning",
            )
        ]

    def _confirm_fold(self, words: list[str]) -> list[Event]:
        if words[0] in ("yes", "y"):
            leaving, self._leaving = self._leaving, False
            events = self._fold()
            return events + (self.quit() if leaving and not self.over else [])
        self._leaving = False
        self.phase = Phase.SETTING
        return [Say("Back to your hand: name your two low cards.")]

    def _confirm(self, words: list[str]) -> list[Event]:
        pending = self._pending
        self._pending = None
        if words[0] in ("yes", "y") and pending is not None:
            return self._showdown(pending, None)
        self.phase = Phase.SETTING
        return [Say("Choose your low hand again.")]

    def _fold(self) -> list[Event]:
        wager = self.wager
        self.wager = Decimal(0)
        dealer = house_setting(sort_cards(self.dealer), self.rules)
        house = house_setting(self.player, self.rules).split
        side = self._settle_side(dealer.split, None)
        player = self.player
        self._end_round()
        events: list[Event] = [Folded(wager, self.balance, player, dealer, self.rules, house, side)]
        if side is not None:
            events.append(side)
        return [*events, *self._bankroll_check()]

    def _showdown(self, player: Split, rule: str | None) -> list[Event]:
        rules = self.rules
        dealer = house_setting(sort_cards(self.dealer), rules)
        house = house_setting(self.player, rules).split
        settlement = settle(
            player, dealer.split, self.wager, rules.commission, rules.game, banker=rules.banker, house=house
        )
        self.balance += self.wager + settlement.payout
        wager = self.wager
        self.wager = Decimal(0)
        side = self._settle_side(dealer.split, player)
        self._end_round()
        return [
            RoundOver(player, rule, dealer, settlement, wager, self.balance, rules, house, side),
            *self._bankroll_check(),
        ]

    def _settle_side(self, dealer: Split, player: Split | None) -> SideResult | None:
        """Settle the side bet (on the player's seven cards, his first three as dealt, or the
        dealer's), whatever the main bet did; a bet paid on the setting is paid on the player's
        own (a folded hand has none: its seven cards' lines alone)."""
        if not self.side_wager:
            return None
        from paigow_cli.analysis.money.side_bets import pay
        from paigow_cli.core.games import is_nine_high_low

        table = self.side_table
        cards = {"player": self.player, "player-three": self.dealt, "dealer": dealer.cards}[table.on]
        setting = (player.high, player.low) if player is not None else ()
        paid = pay(
            table,
            cards,
            low_is_nine_high=table.on == "dealer" and is_nine_high_low(dealer.low_value.key),
            setting=setting if table.needs_settings else None,
        )
        wager = self.side_wager
        payout = wager * Decimal(str(paid.pays)) if paid.line is not None else -wager
        self.balance += wager + payout
        self.side_wager = Decimal(0)
        return SideResult(table, paid, wager, payout)

    def _end_round(self) -> None:
        self.phase = Phase.BETTING
        self._pending = None
        self._advice = None

    def _bankroll_check(self) -> list[Event]:
        if self.balance < MIN_WAGER:
            self.phase = Phase.OVER
            return [
                Say(
                    f"Bankroll exhausted: {money(self.balance)} is below the {money(MIN_WAGER)} minimum. Thanks for playing.",
                    "warning",
                )
            ]
        return []
