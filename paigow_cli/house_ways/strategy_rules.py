"""The words a strategy card is written in: what seven cards hold, and the moves a rule can make.

``paigow strategy`` searches rules of the form "for hands of this kind whose features lie in
these ranges, make this move" (``analysis.strategy_card``), and writes a card as a house-way
plugin that tests the same features and makes the same moves, through these functions (the api
exports them): the search and the plugin can never read a hand differently.

A hand's ``kind`` is how a player learns to recognise it (``KINDS``, as the trainer's leaks), its
features are ranks (2-14, the joker an ace; 0 where the hand has none) and flags, and a move
returns the two cards for the front, or None where it cannot be made (a move that would foul is
not made either).

>>> from paigow_cli.core.cards import parse_cards
>>> hand = Seven(parse_cards("AS KD JK 9H 9C 4D 2S"))
>>> found = features(hand)
>>> found.kind, found.high_pair, found.low_pair, found.singles
('two-pair', 14, 9, (13, 4, 2))
>>> MOVES["split"].front(hand), MOVES["keep"].front(hand)
((9H, 9C), (KD, 4D))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from paigow_cli.core.cards import ACE, JOKER_CODE, Card
from paigow_cli.core.hands import KINDS
from paigow_cli.core.splits import setting_keys
from paigow_cli.house_ways.analysis import Seven

__all__ = ["KINDS", "MOVES", "Features", "Move", "features", "hand_kind"]


def hand_kind(hand: Seven) -> str:
    """The kind of seven cards a player learns to set (``KINDS``: the trainer's leaks, a card's rules).

    >>> from paigow_cli.core.cards import parse_cards
    >>> hand_kind(Seven(parse_cards("AS KS QS JS 9C 9D 2S")))
    'straight-or-flush-with-a-pair'
    """
    if hand.five_aces:
        return "five-aces"
    if hand.quads:
        return "four-of-a-kind"
    if hand.trips and (hand.pairs or len(hand.trips) == 2):
        return "full-house"
    if len(hand.pairs) >= 3:
        return "three-pair"
    if len(hand.pairs) == 2:
        return "two-pair"
    if hand.complete:
        return "straight-or-flush" + ("-with-trips" if hand.trips else "-with-a-pair" if hand.pairs else "")
    if hand.trips:
        return "three-of-a-kind"
    return "one-pair" if hand.pairs else "no-pair"


@dataclass(frozen=True, slots=True)
class Features:
    """What a rule may test: ranks 2-14 (the joker an ace), 0 where the hand has none."""

    kind: str
    high_pair: int  # the highest pair (with five aces: the pair besides them)
    low_pair: int  # the second pair
    third_pair: int
    trips: int  # the highest three of a kind
    quads: int
    singles: tuple[int, ...]  # unpaired ranks, highest first
    joker: bool
    complete: bool  # a straight or flush can be made
    flush: bool  # a flush can be made
    complete_front: tuple[int, int] = (0, 0)  # the best front beside a straight or flush: its ranks, highest first

    @property
    def complete_front_1(self) -> int:
        """The higher card of the best front a straight or flush in back allows (0 if none)."""
        return self.complete_front[0]

    @property
    def complete_front_2(self) -> int:
        """The lower card of the best front a straight or flush in back allows (0 if none)."""
        return self.complete_front[1]

    @property
    def pair_sum(self) -> int:
        """The ranks of the two highest pairs added up (a jack 11, a queen 12, a king 13, an ace 14)."""
        return self.high_pair + self.low_pair

    def single(self, place: int) -> int:
        """The ``place``-th highest unpaired rank (1 the highest), 0 if there is none."""
        return self.singles[place - 1] if len(self.singles) >= place else 0

    @property
    def other_pair(self) -> int:
        """Beside quads or trips: the highest other pair, or a pair from other trips (0 if none)."""
        return max(self.high_pair, self.trips if self.quads else 0)


def features(hand: Seven) -> Features:
    """The features of seven cards."""
    suits = [0, 0, 0, 0]
    for card in hand.cards:
        if card != JOKER_CODE:
            suits[card & 3] += 1
    joker = JOKER_CODE in hand.cards
    pairs = hand.pairs  # five aces are none of them: their rank's five cards are in ``quads`` below
    beside = hand.best_complete() if hand.complete else None
    front = (0, 0)
    if beside is not None:
        high, low = sorted((ACE if card == JOKER_CODE else (card >> 2) + 2 for card in beside.front), reverse=True)
        front = (high, low)
    return Features(
        kind=hand_kind(hand),
        high_pair=pairs[0] if pairs else 0,
        low_pair=pairs[1] if len(pairs) > 1 else 0,
        third_pair=pairs[2] if len(pairs) > 2 else 0,
        trips=hand.trips[0] if hand.trips else 0,
        quads=hand.quads[0] if hand.quads else (ACE if hand.five_aces else 0),
        singles=tuple(hand.singles),
        joker=joker,
        complete=hand.complete,
        flush=max(suits) + joker >= 5,
        complete_front=front,
    )


# --- moves -------------------------------------------------------------------------------------


def _cards_of(hand: Seven, *ranks: int) -> tuple[Card, Card] | None:
    """One card of each of two ranks (unpaired ranks: one card each)."""
    first, second = (hand.groups.get(rank) for rank in ranks)
    if not first or not second or ranks[0] == ranks[1]:
        return None
    return first[0], second[0]


def _second_and(place: int) -> Callable[[Seven], tuple[Card, Card] | None]:
    def front(hand: Seven) -> tuple[Card, Card] | None:
        if hand.pairs or hand.trips or hand.quads or len(hand.singles) < place:
            return None
        return _cards_of(hand, hand.singles[1], hand.singles[place - 1])

    return front


def _pair_in_front(which: Callable[[Seven], list[int]], at: int) -> Callable[[Seven], tuple[Card, Card] | None]:
    def front(hand: Seven) -> tuple[Card, Card] | None:
        ranks = which(hand)
        return hand.pair_in_front(ranks[at]) if len(ranks) > at else None

    return front


def _complete_best_front(hand: Seven) -> tuple[Card, Card] | None:
    best = hand.best_complete()
    return best.front if best is not None else None


def _complete_pair_front(hand: Seven) -> tuple[Card, Card] | None:
    """The highest pair (or two of the highest trips) that can go in front with a straight or flush
    kept in back."""
    for rank in sorted(hand.trips + hand.pairs, reverse=True):
        best = hand.best_complete(hand.pair_of(rank))
        if best is not None:
            return best.front
    return None


def _others_in_front(which: Callable[[Seven], list[int]]) -> Callable[[Seven], tuple[Card, Card] | None]:
    """The named ranks in back, the best two-card hand of the other cards in front."""

    def front(hand: Seven) -> tuple[Card, Card] | None:
        ranks = which(hand)
        pool = hand.cards_except(*ranks)
        return hand.front_from_pool(pool) if ranks and len(pool) >= 2 else None

    return front


def _split_trips(hand: Seven) -> tuple[Card, Card] | None:
    return hand.one_card_and_next(hand.trips[0]) if hand.trips else None


@dataclass(frozen=True)
class Move:
    """A way to set a kind of hand: the two cards it puts in front, in a dealer's words."""

    name: str
    words: str
    kinds: tuple[str, ...]
    make: Callable[[Seven], tuple[Card, Card] | None]

    def front(self, hand: Seven) -> tuple[Card, Card] | None:
        """The front this move gives ``hand``, or None where it cannot be made or would foul."""
        found = self.make(hand)
        if found is None:
            return None
        high, low = setting_keys(hand.cards, found, hand.wheel_low)
        return found if low <= high else None


COMPLETE_KINDS = ("straight-or-flush", "straight-or-flush-with-a-pair", "straight-or-flush-with-trips")
PAIR_KINDS = ("two-pair", "three-pair", "straight-or-flush-with-a-pair", "full-house", "straight-or-flush-with-trips")
MOVES: dict[str, Move] = {
    move.name: move
    for move in (
        Move(
            "second-third",
            "highest card in back, the 2nd and 3rd highest in front",
            ("no-pair", "straight-or-flush"),
            _second_and(3),
        ),
        Move(
            "second-fourth",
            "highest card in back, the 2nd and 4th highest in front",
            ("no-pair", "straight-or-flush"),
            _second_and(4),
        ),
        Move(
            "second-fifth",
            "highest card in back, the 2nd and 5th highest in front",
            ("no-pair", "straight-or-flush"),
            _second_and(5),
        ),
        Move(
            "complete",
            "the straight or flush in back, the best front it allows",
            (*COMPLETE_KINDS, "two-pair", "three-pair"),
            _complete_best_front,
        ),
        Move(
            "complete-pair",
            "the straight or flush in back, the highest pair that allows it in front",
            (*PAIR_KINDS,),
            _complete_pair_front,
        ),
        Move(
            "pair-back",
            "the pair in back, the two highest other cards in front",
            ("one-pair", "straight-or-flush-with-a-pair"),
            _others_in_front(lambda hand: hand.pairs[:1]),
        ),
        Move(
            "pair-front",
            "the pair in front",
            ("one-pair", "straight-or-flush-with-a-pair"),
            _pair_in_front(lambda hand: hand.pairs, 0),
        ),
        Move("split", "split, the low pair in front", ("two-pair",), _pair_in_front(lambda hand: hand.pairs, 1)),
        Move(
            "keep",
            "keep both pairs in back, the two highest other cards in front",
            ("two-pair",),
            _others_in_front(lambda hand: hand.pairs[:2]),
        ),
        Move(
            "high-pair-front", "the highest pair in front", ("three-pair",), _pair_in_front(lambda hand: hand.pairs, 0)
        ),
        Move(
            "middle-pair-front", "the middle pair in front", ("three-pair",), _pair_in_front(lambda hand: hand.pairs, 1)
        ),
        Move("low-pair-front", "the lowest pair in front", ("three-pair",), _pair_in_front(lambda hand: hand.pairs, 2)),
        Move(
            "trips-back",
            "the trips in back, the two highest other cards in front",
            ("three-of-a-kind", "straight-or-flush-with-trips"),
            _others_in_front(lambda hand: hand.trips[:1]),
        ),
        Move(
            "split-trips",
            "a pair of the trips in back, the third card and the next highest in front",
            ("three-of-a-kind", "straight-or-flush-with-trips"),
            _split_trips,
        ),
        Move(
            "pair-front-full-house",
            "the highest pair besides the trips in front",
            ("full-house",),
            lambda hand: hand.pair_in_front(hand.pairs[0]) if hand.pairs else None,
        ),
        Move(
            "keep-full-house",
            "keep the full house in back, the two highest other cards in front",
            ("full-house",),
            _others_in_front(lambda hand: [hand.trips[0], *(hand.pairs[:1] or hand.trips[1:2])]),
        ),
        Move(
            "trips-pair-front",
            "a pair from the trips in front",
            ("full-house",),
            _pair_in_front(lambda hand: hand.trips, 0),
        ),
        Move(
            "split-quads",
            "split the four of a kind: a pair in front",
            ("four-of-a-kind",),
            _pair_in_front(lambda hand: hand.quads, 0),
        ),
        Move(
            "keep-quads",
            "keep the four of a kind in back, the two highest other cards in front",
            ("four-of-a-kind",),
            _others_in_front(lambda hand: hand.quads[:1]),
        ),
        Move(
            "other-pair-front",
            "the other pair (or a pair from the trips) in front",
            ("four-of-a-kind",),
            _pair_in_front(lambda hand: hand.pairs or hand.trips, 0),
        ),
        Move("aces-front", "a pair of aces in front", ("five-aces",), _pair_in_front(lambda hand: [ACE], 0)),
        Move(
            "keep-aces",
            "the five aces in back, the two highest other cards in front",
            ("five-aces",),
            _others_in_front(lambda hand: [ACE]),
        ),
    )
}
