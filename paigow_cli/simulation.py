"""Dealing and simulating rounds: random hands, and the house edge measured over many deals.

Each round shuffles the 53-card deck and deals the player seven cards and the
dealer seven more. With the player on the house way, both hands are set by
looking up their dealer-hand class in the house way's table (vectorised with
numpy: hundreds of thousands of rounds a second), never by running the house
way per hand. With the player on the best setting, each player hand is set by
its exact best EV (the engine, some 30 ms a hand), and the house way's setting
of the same hand is settled too, for a paired comparison.

>>> from paigow_cli.cards import cards_text
>>> [cards_text(player) for player, _ in deal_rounds(seed=1, count=2)]
['4S JS AS 3S 6S 3C 9C', '2H 8S 8C JD AS 2S KS']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from math import sqrt

import numpy as np

from paigow_cli.cards import DECK, Card
from paigow_cli.dealer_classes import NO_RANK, RANKS
from paigow_cli.dealer_table import DealerTable
from paigow_cli.errors import OptionError
from paigow_cli.rules import Rules

CHUNK = 50_000  # rounds per vectorised step; fixed, so a seed always gives the same deals


def deal_rounds(seed: int, count: int, cards_each: int = 7) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """``count`` rounds from a fresh shuffle each: (player's seven, dealer's seven)."""
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(DECK, 2 * cards_each)
        yield tuple(cards[:cards_each]), tuple(cards[cards_each:])


class ClassLookup:
    """Finds the dealer-hand class of many seven-card hands at once, and its table entry."""

    def __init__(self, table: DealerTable) -> None:
        self.table = table
        classes = table.classes
        powers = 5 ** np.arange(RANKS, dtype=np.int64)
        multiset_keys = classes.multiset_counts.astype(np.int64) @ powers + classes.multiset_joker * 5**RANKS
        self._multiset_order = np.argsort(multiset_keys)
        self._multiset_keys = multiset_keys[self._multiset_order]
        others = classes.flush_other.astype(np.int64)
        flush_keys = (classes.flush_suited.astype(np.int64) << 9) | ((others[:, 0] * 14 + others[:, 1]) << 1) | classes.flush_joker
        self._flush_order = np.argsort(flush_keys)
        self._flush_keys = flush_keys[self._flush_order]
        self._powers = powers

    def settings(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(high index, low index) of the house way's setting of each hand (rows of 7 card codes)."""
        joker = hands == 52
        has_joker = joker.any(axis=1)
        rank = np.where(joker, NO_RANK, hands >> 2)
        suit = np.where(joker, 4, hands & 3)
        suit_counts = (suit[:, :, None] == np.arange(4)).sum(axis=1)
        flushy = suit_counts.max(axis=1) + has_joker >= 5
        counts = (rank[:, :, None] == np.arange(RANKS)).sum(axis=1)
        multiset_keys = counts @ self._powers + has_joker * 5**RANKS
        multiset = self._find(self._multiset_keys, self._multiset_order, multiset_keys)
        high = self.table.multiset_high[multiset].astype(np.int32)
        low = self.table.multiset_low[multiset].astype(np.int32)
        if flushy.any():
            rows = np.flatnonzero(flushy)
            in_suit = suit[rows] == suit_counts[rows].argmax(axis=1)[:, None]
            suited = (np.where(in_suit, 1 << np.minimum(rank[rows], RANKS - 1), 0)).sum(axis=1)
            other = np.sort(np.where(in_suit | joker[rows], NO_RANK, rank[rows]), axis=1)
            flush_keys = (suited.astype(np.int64) << 9) | ((other[:, 0] * 14 + other[:, 1]) << 1) | has_joker[rows]
            flush = self._find(self._flush_keys, self._flush_order, flush_keys)
            high[rows] = self.table.flush_high[flush]
            low[rows] = self.table.flush_low[flush]
        return high, low

    @staticmethod
    def _find(sorted_keys: np.ndarray, order: np.ndarray, keys: np.ndarray) -> np.ndarray:
        positions = np.searchsorted(sorted_keys, keys).clip(0, len(sorted_keys) - 1)
        if not (sorted_keys[positions] == keys).all():
            raise ArithmeticError("a dealt hand matched no dealer-hand class")
        return order[positions]


@dataclass
class Tally:
    """Running totals of a simulation, so a stopped run still reports what it has."""

    rounds: int = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    copy_high: int = 0
    copy_low: int = 0
    fouls: int = 0
    difference_sum: float = 0.0  # best setting's payoff minus the house way's, summed (player=best)
    difference_squares: float = 0.0
    paired: int = 0

    def add_outcomes(self, player_high: np.ndarray, player_low: np.ndarray, dealer_high: np.ndarray, dealer_low: np.ndarray) -> None:
        wins = (player_high > dealer_high) & (player_low > dealer_low)
        losses = (player_high <= dealer_high) & (player_low <= dealer_low)
        self.rounds += len(player_high)
        self.wins += int(wins.sum())
        self.losses += int(losses.sum())
        self.pushes += int((~wins & ~losses).sum())
        self.copy_high += int((player_high == dealer_high).sum())
        self.copy_low += int((player_low == dealer_low).sum())


@dataclass(frozen=True)
class SimulationResult:
    rounds: int
    win: float
    push: float
    lose: float
    copy_high: float
    copy_low: float
    fouls: int
    ev: float
    house_edge: float
    stderr: float
    interval: tuple[float, float]  # 95% interval of the house edge
    difference: float | None = None  # mean EV gain of the best setting over the house way's (player=best)
    difference_stderr: float | None = None


def summarize(tally: Tally, commission: float) -> SimulationResult:
    """Rates, EV per unit and the house edge with its standard error and a 95% interval."""
    n = tally.rounds
    if n == 0:
        raise OptionError("no rounds were played")
    paid = 1 - commission
    ev = (paid * tally.wins - tally.losses) / n
    second_moment = (paid * paid * tally.wins + tally.losses) / n
    stderr = sqrt(max(second_moment - ev * ev, 0.0) * n / (n - 1) / n) if n > 1 else float("nan")
    edge = -ev
    difference = difference_stderr = None
    if tally.paired:
        m = tally.paired
        difference = tally.difference_sum / m
        variance = max(tally.difference_squares / m - difference * difference, 0.0)
        difference_stderr = sqrt(variance * m / (m - 1) / m) if m > 1 else float("nan")
    return SimulationResult(
        rounds=n,
        win=tally.wins / n,
        push=tally.pushes / n,
        lose=tally.losses / n,
        copy_high=tally.copy_high / n,
        copy_low=tally.copy_low / n,
        fouls=tally.fouls,
        ev=ev,
        house_edge=edge,
        stderr=stderr,
        interval=(edge - 1.96 * stderr, edge + 1.96 * stderr),
        difference=difference,
        difference_stderr=difference_stderr,
    )


@dataclass
class Simulation:
    """Deals rounds in fixed chunks from a seeded generator and tallies them."""

    table: DealerTable
    rules: Rules
    seed: int
    player: str = "house"  # or "best"
    hand: tuple[Card, ...] | None = None  # a fixed player hand: only the dealer is dealt
    tally: Tally = field(default_factory=Tally)

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)
        self._lookup = ClassLookup(self.table)
        self._distributions: dict[tuple[int, ...], object] = {}

    def run(self, rounds: int) -> Iterator[int]:
        """Play ``rounds`` rounds, yielding the count done after each chunk."""
        done = 0
        chunk = CHUNK if self.player == "house" else 50
        while done < rounds:
            size = min(chunk, rounds - done)
            self._play(size)
            done += size
            yield done

    def _deal(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        if self.hand is None:
            decks = self._rng.permuted(np.tile(np.arange(53, dtype=np.int64), (size, 1)), axis=1)
            return decks[:, :7], decks[:, 7:14]
        rest = np.array([card for card in range(53) if card not in self.hand], dtype=np.int64)
        dealers = self._rng.permuted(np.tile(rest, (size, 1)), axis=1)[:, :7]
        return np.tile(np.array(self.hand, dtype=np.int64), (size, 1)), dealers

    def _play(self, size: int) -> None:
        players, dealers = self._deal(size)
        dealer_high, dealer_low = self._lookup.settings(dealers)
        house_high, house_low = self._lookup.settings(players)
        if self.player == "house":
            self.tally.add_outcomes(house_high, house_low, dealer_high, dealer_low)
            values = self.table.high_values[house_high], self.table.low_values[house_low]
            self.tally.fouls += int((values[1] > values[0]).sum())
            return
        # The best setting may hold a value no dealer reaches: compare on the doubled scale.
        dealer_high, dealer_low = 2 * dealer_high + 1, 2 * dealer_low + 1
        house_high, house_low = 2 * house_high + 1, 2 * house_low + 1
        best_high, best_low = self._best_settings(players)
        self.tally.add_outcomes(best_high, best_low, dealer_high, dealer_low)
        paid = 1 - self.rules.commission
        best = payoffs(best_high, best_low, dealer_high, dealer_low, paid)
        house = payoffs(house_high, house_low, dealer_high, dealer_low, paid)
        difference = best - house
        self.tally.paired += size
        self.tally.difference_sum += float(difference.sum())
        self.tally.difference_squares += float((difference * difference).sum())

    def _best_settings(self, players: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(high, low) places of each hand's best-EV setting on the doubled scale of ``dense_position``."""
        from paigow_cli.engine import DealerDistribution
        from paigow_cli.splits import all_splits

        table = self.table
        highs, lows = [], []
        for row in players:
            hand = tuple(DECK[int(code)] for code in row)
            key = tuple(sorted(hand))
            distribution = self._distributions.get(key)
            if distribution is None:
                distribution = DealerDistribution(table, hand)
                if self.hand is not None:
                    self._distributions[key] = distribution
            splits = all_splits(hand, self.rules.wheel_is_low)
            best = max(splits, key=lambda split: distribution.split_odds(split).ev(self.rules.commission))  # type: ignore[attr-defined]
            highs.append(dense_position(table.high_values, best.high_value.key))
            lows.append(dense_position(table.low_values, best.low_value.key))
        return np.array(highs), np.array(lows)


def dense_position(values: np.ndarray, key: int) -> int:
    """A key's place among the dealer's sorted values, on the doubled scale the lookups use.

    Dealer indices i become 2i + 1 there; a key equal to value i maps to 2i + 1 too, and a
    key strictly between values maps to the even number between them, so ``<`` and ``==``
    against dealer hands stay exact.
    """
    position = int(np.searchsorted(values, key))
    if position < len(values) and int(values[position]) == key:
        return 2 * position + 1
    return 2 * position


def payoffs(player_high, player_low, dealer_high, dealer_low, paid: float) -> np.ndarray:
    wins = (player_high > dealer_high) & (player_low > dealer_low)
    losses = (player_high <= dealer_high) & (player_low <= dealer_low)
    return np.where(wins, paid, np.where(losses, -1.0, 0.0))
