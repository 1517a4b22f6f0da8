"""The setting drill: deal a hand, take the player's two low cards, grade them by exact EV.

The drill never reads or prints: ``Drill.grade`` turns an answer into a ``Grade``
(or raises ``CardError`` explaining why the answer is not a setting), and the
score accumulates for the summary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from paigow_cli.analysis.hand.advice import Advice, SplitAdvice, advise
from paigow_cli.analysis.strategy.played import Played, strategy_setting
from paigow_cli.core.cards import (
    DECK,
    Card,
    cards_text,
    looks_like_words,
    parse_cards,
    printable,
    sort_cards,
    typing_example,
)
from paigow_cli.core.errors import CardError, PaigowError
from paigow_cli.core.rules import Rules
from paigow_cli.engine.dealer_table import DealerTable
from paigow_cli.study.dealing import deal_rounds
from paigow_cli.study.history import HandRecord

BEST_TOLERANCE = 1e-12  # EVs this close count as the same


@dataclass(frozen=True)
class Grade:
    """How an answer fared: the player's setting, the best one, the house way's, and the EV given up."""

    advice: Advice
    played: Played | None = None  # the strategy the player practises (``drill --player``): its setting

    @property
    def strategy(self) -> SplitAdvice | None:
        """The row of the strategy's setting, if a strategy is practised."""
        if self.played is None:
            return None
        front = frozenset(self.played.front)
        return next(row for row in self.advice.rows if frozenset(row.split.low) == front)

    @property
    def followed(self) -> bool:
        """The player set the hand as the strategy does (the same two hands, by rank and suit that matter)."""
        row = self.strategy
        if row is None:
            return False
        yours = self.yours.split
        return (yours.high_value.key, yours.low_value.key) == (row.split.high_value.key, row.split.low_value.key)

    @property
    def yours(self) -> SplitAdvice:
        row = self.advice.chosen_row
        assert row is not None
        return row

    @property
    def best(self) -> SplitAdvice:
        return self.advice.best_row

    @property
    def house(self) -> SplitAdvice:
        return self.advice.house_row

    @property
    def given_up(self) -> float:
        return self.advice.given_up(self.yours) or 0.0

    @property
    def fouled(self) -> bool:
        return self.yours.split.foul

    @property
    def reset(self) -> bool:
        """A banker's foul: reset to the house way (rules.md §8.2), settled as that, not lost."""
        return self.fouled and self.advice.rules.banker

    @property
    def found_best(self) -> bool:
        """The best setting, and not by a foul that the reset to the house way happened to make good."""
        return not self.fouled and self.given_up <= BEST_TOLERANCE


@dataclass
class Score:
    hands: int = 0
    best: int = 0
    fouls: int = 0
    given_up: float = 0.0
    followed: int = 0  # hands set as the practised strategy sets them (``drill --player``)

    @property
    def average_given_up(self) -> float:
        return self.given_up / self.hands if self.hands else 0.0


FOCUS_TRIES = 400_000  # hands dealt at most to find one of a rare kind or clause


def focus_hands(
    seed: int, count: int, wanted: Callable[[tuple[Card, ...]], bool], kind: str = ""
) -> Iterator[tuple[Card, ...]]:
    """``count`` hands dealt at random among those ``wanted`` accepts: each a uniform draw from that
    set (a uniform hand, dealt again until it is one), so every hand of the kind is as likely as
    any other. Five aces are dealt directly (the four aces, the joker and two of the other 48 cards:
    one hand in 136,652 otherwise). Raises ``CardError`` if none turns up in ``FOCUS_TRIES`` deals."""
    rng = random.Random(seed)
    aces = tuple(card for card in DECK if card.rank == 14 or card.is_joker)
    others = [card for card in DECK if card not in aces]
    for _ in range(count):
        if kind == "five-aces":
            yield sort_cards((*aces, *rng.sample(others, 2)))
            continue
        for _ in range(FOCUS_TRIES):
            hand = tuple(rng.sample(DECK, 7))
            if wanted(hand):
                yield sort_cards(hand)
                break
        else:
            raise CardError(f"no such hand turned up in {FOCUS_TRIES:,} deals: it is too rare to drill by chance")


def hand_kind(hand: tuple[Card, ...]) -> str:
    """The kind of seven cards a player learns to set, for the trainer's leaks (``paigow stats``):
    one of ``KINDS`` (``house_ways.strategy_rules.hand_kind``, which strategy cards use too).

    >>> from paigow_cli.core.cards import parse_cards
    >>> hand_kind(parse_cards("AS KD JK 9H 9C 4D 2S")), hand_kind(parse_cards("AS KS QS JS 9C 9D 2S"))
    ('two-pair', 'straight-or-flush-with-a-pair')
    """
    from paigow_cli.house_ways.analysis import Seven
    from paigow_cli.house_ways.strategy_rules import hand_kind as kind_of

    return kind_of(Seven(hand))


def hand_record(grade: Grade, seconds: float) -> HandRecord:
    """What the history keeps of a graded hand."""
    return advice_record(grade.advice, grade.yours, foul=grade.fouled, seconds=seconds)


def advice_record(advice: Advice, chosen: SplitAdvice, *, foul: bool, seconds: float, **play: Any) -> HandRecord:
    """A hand as the history keeps it: the player's setting (``chosen``), the best and the house
    way's, by exact EV, with a play round's money (``play``: ``HandRecord``'s wager and payouts)."""
    best, house = advice.best_row, advice.house_row
    return HandRecord(
        cards=cards_text(advice.hand),
        category=hand_kind(advice.hand),
        chosen=cards_text(chosen.split.low),
        best=cards_text(best.split.low),
        house=cards_text(house.split.low),
        clause=advice.house.rule,
        ev_chosen=chosen.ev or 0.0,
        ev_best=best.ev or 0.0,
        ev_house=house.ev or 0.0,
        foul=foul,
        seconds=round(seconds, 2),
        **play,
    )


DRILL_HELP = (
    "Name the two cards for your low hand (e.g. KD 4D), and the drill grades your setting by exact EV "
    "against the best one and the house way's. hint shows the best setting (the hand is then not graded); "
    "skip moves to the next hand; q ends the drill with your score."
)


@dataclass(frozen=True)
class Reply:
    """What the drill says to one answer: ``kind`` is grade, hint, help, skip, stop or error."""

    kind: str
    grade: Grade | None = None
    advice: Advice | None = None
    text: str = ""


@dataclass
class Drill:
    rules: Rules
    table: DealerTable
    seed: int
    count: int
    score: Score = field(default_factory=Score)
    hinted: set = field(default_factory=set)  # hands whose best setting was shown: not scored
    given: tuple[tuple[Card, ...], ...] = ()  # hands to deal instead of shuffled ones (a review)
    focus: Callable[[tuple[Card, ...]], bool] | None = None  # deal only hands it accepts
    focus_kind: str = ""
    player: str | None = None  # a strategy practised (a house way, plugin or card; best-way): graded apart

    def hands(self) -> Iterator[tuple[Card, ...]]:
        if self.given:
            yield from (sort_cards(hand) for hand in self.given[: self.count])
            return
        if self.focus is not None:
            yield from focus_hands(self.seed, self.count, self.focus, self.focus_kind)
            return
        for player, _ in deal_rounds(self.seed, self.count):
            yield sort_cards(player)

    def respond(self, hand: tuple[Card, ...], answer: str) -> Reply:
        """Act on one typed answer: a command word, or the two low cards (words are never read as cards).

        >>> from paigow_cli.core.cards import parse_cards
        >>> drill = Drill(Rules(), table=None, seed=1, count=1)  # type: ignore[arg-type]
        >>> [drill.respond(parse_cards("AS KD JK 9H 9C 4D 2S"), word).kind for word in ("help", "skip", "clear", "q")]
        ['help', 'skip', 'error', 'stop']
        """
        words = answer.strip().lower().split()
        if not words:
            return Reply("help", text=DRILL_HELP)
        command = words[0]
        if command in ("help", "?"):
            return Reply("help", text=DRILL_HELP)
        if command in ("q", "quit", "exit"):
            return Reply("stop")
        if command == "skip":
            return Reply("skip")
        if command == "hint":
            self.hinted.add(hand)
            return Reply("hint", advice=advise(hand, self.rules, table=self.table))
        example = typing_example(hand)  # never a setting of the hand: no answer given away
        if looks_like_words(answer):
            return Reply(
                "error",
                text=f"'{printable(answer.strip())}' is not a command here: name your two low cards "
                f"(as in {example}), or type help, hint, skip or q.",
            )
        try:
            grade = self.grade(hand, answer)
        except PaigowError as error:
            return Reply(
                "error", text=f"That is not a setting: {error}. Name two of your seven cards, as in {example}."
            )
        return Reply("grade", grade=grade)

    def grade(self, hand: tuple[Card, ...], answer: str) -> Grade:
        """Grade the two cards named in ``answer``; raise CardError if they are not a setting of ``hand``."""
        low = parse_cards(answer)
        if len(low) != 2:
            raise CardError(f"name the two cards for your low hand, got {len(low)}")
        played = strategy_setting(hand, self.player, self.rules) if self.player is not None else None
        grade = Grade(advise(hand, self.rules, low=low, table=self.table), played)
        if hand in self.hinted:  # shown the answer: graded for you to see, not scored
            return grade
        self.score.hands += 1
        self.score.followed += grade.followed
        self.score.best += grade.found_best
        self.score.fouls += grade.fouled
        self.score.given_up += grade.given_up
        return grade
