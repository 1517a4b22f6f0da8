"""Dealing and simulating rounds: random hands, and the house edge measured over many deals.

Each round shuffles the 53-card deck and deals the player seven cards and the
dealer seven more. With the player on the house way, both hands are set by
looking up their dealer-hand class in the house way's table (vectorised with
numpy: hundreds of thousands of rounds a second), never by running the house
way per hand. With the player on the best setting, each player hand is set by
its exact best EV (``advice.best_setting_keys``: about a millisecond a hand, the hands of a
chunk shared among threads, one per core, since the compiled kernel releases the GIL), and the
house way's setting of the same hand is settled too, for a paired comparison.

``simulate_bank`` deals whole rounds of the player bank (``analysis.money.bank``): the banker's
seven cards and every seat's from one shuffle, each set by its table, every seat settled against
the bank.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from math import sqrt
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.hand.advice import best_setting_keys
from paigow_cli.core.cards import DECK, Card
from paigow_cli.core.errors import OptionError
from paigow_cli.core.rules import Game, Rules
from paigow_cli.core.splits import all_splits, strength_order
from paigow_cli.engine.class_flags import push_classes
from paigow_cli.engine.dealer_classes import NO_RANK, RANKS
from paigow_cli.engine.dealer_table import DealerTable
from paigow_cli.house_ways import house_setting

if TYPE_CHECKING:
    from paigow_cli.analysis.money.bank import BankTable

CHUNK = 50_000  # rounds per vectorised step; fixed, so a seed always gives the same deals


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
        flush_keys = (
            (classes.flush_suited.astype(np.int64) << 9)
            | ((others[:, 0] * 14 + others[:, 1]) << 1)
            | classes.flush_joker
        )
        self._flush_order = np.argsort(flush_keys)
        self._flush_keys = flush_keys[self._flush_order]
        self._powers = powers

    def classes(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(is a flush class, index among its kind) of each hand (rows of 7 card codes)."""
        joker = hands == 52
        has_joker = joker.any(axis=1)
        rank = np.where(joker, NO_RANK, hands >> 2)
        suit = np.where(joker, 4, hands & 3)
        suit_counts = (suit[:, :, None] == np.arange(4)).sum(axis=1)
        flushy = suit_counts.max(axis=1) + has_joker >= 5
        counts = (rank[:, :, None] == np.arange(RANKS)).sum(axis=1)
        multiset_keys = counts @ self._powers + has_joker * 5**RANKS
        index = self._find(self._multiset_keys, self._multiset_order, multiset_keys)
        if flushy.any():
            rows = np.flatnonzero(flushy)
            in_suit = suit[rows] == suit_counts[rows].argmax(axis=1)[:, None]
            suited = (np.where(in_suit, 1 << np.minimum(rank[rows], RANKS - 1), 0)).sum(axis=1)
            other = np.sort(np.where(in_suit | joker[rows], NO_RANK, rank[rows]), axis=1)
            flush_keys = (suited.astype(np.int64) << 9) | ((other[:, 0] * 14 + other[:, 1]) << 1) | has_joker[rows]
            index[rows] = self._find(self._flush_keys, self._flush_order, flush_keys)
        return flushy, index

    def settings(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(high index, low index) of the house way's setting of each hand (rows of 7 card codes)."""
        flushy, index = self.classes(hands)
        table = self.table
        high = self.per_class(flushy, index, table.multiset_high, table.flush_high)
        low = self.per_class(flushy, index, table.multiset_low, table.flush_low)
        return high.astype(np.int32), low.astype(np.int32)

    @staticmethod
    def per_class(flushy: np.ndarray, index: np.ndarray, multiset: np.ndarray, flush: np.ndarray) -> np.ndarray:
        """Look up a per-class array (one for multiset classes, one for flush classes) for each hand."""
        return np.where(flushy, flush[np.where(flushy, index, 0)], multiset[np.where(flushy, 0, index)])

    @staticmethod
    def _find(sorted_keys: np.ndarray, order: np.ndarray, keys: np.ndarray) -> np.ndarray:
        positions = np.searchsorted(sorted_keys, keys).clip(0, len(sorted_keys) - 1)
        if not (sorted_keys[positions] == keys).all():
            raise ArithmeticError("a dealt hand matched no dealer-hand class")
        return order[positions]


@dataclass
class RunningTotals:
    """Running totals of a simulation, so a stopped run still reports what it has (the whole game's
    exact integer counts, per player and per clause, are ``analysis.question.Tally``)."""

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
    trace_every: int = 0  # record the running (wins, losses) after every this many rounds (0: none)
    trace: list[tuple[int, int]] = field(default_factory=list)

    def add_outcomes(
        self,
        player_high: np.ndarray,
        player_low: np.ndarray,
        dealer_high: np.ndarray,
        dealer_low: np.ndarray,
        pushing: np.ndarray | None = None,
        *,
        banker: bool = False,
    ) -> None:
        wins, losses = outcomes(player_high, player_low, dealer_high, dealer_low, pushing, banker=banker)
        if self.trace_every:
            first = self.trace_every - 1 - self.rounds % self.trace_every  # the first traced round of this batch
            won, lost = np.cumsum(wins), np.cumsum(losses)
            for index in range(first, len(player_high), self.trace_every):
                self.trace.append((self.wins + int(won[index]), self.losses + int(lost[index])))
        self.rounds += len(player_high)
        self.wins += int(wins.sum())
        self.losses += int(losses.sum())
        self.pushes += int((~wins & ~losses).sum())
        self.copy_high += int((player_high == dealer_high).sum())
        self.copy_low += int((player_low == dealer_low).sum())


def outcomes(
    player_high: np.ndarray,
    player_low: np.ndarray,
    dealer_high: np.ndarray,
    dealer_low: np.ndarray,
    pushing: np.ndarray | None = None,
    *,
    banker: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """(wins, losses) per round: copies go to the banker; a pushing dealer hand pushes."""
    if banker:
        wins = (player_high >= dealer_high) & (player_low >= dealer_low)
        losses = (player_high < dealer_high) & (player_low < dealer_low)
    else:
        wins = (player_high > dealer_high) & (player_low > dealer_low)
        losses = (player_high <= dealer_high) & (player_low <= dealer_low)
    if pushing is not None:
        wins, losses = wins & ~pushing, losses & ~pushing
    return wins, losses


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
    stderr: float | None  # None with a single round: a spread needs two
    interval: tuple[float, float] | None  # 95% interval of the house edge
    difference: float | None = None  # mean EV gain of the best setting over the house way's (player=best)
    difference_stderr: float | None = None


def summarize(tally: RunningTotals, commission: float) -> SimulationResult:
    """Rates, EV per unit and the house edge with its standard error and a 95% interval."""
    n = tally.rounds
    if n == 0:
        raise OptionError("no rounds were played")
    paid = 1 - commission
    ev = (paid * tally.wins - tally.losses) / n
    second_moment = (paid * paid * tally.wins + tally.losses) / n
    stderr = sqrt(max(second_moment - ev * ev, 0.0) * n / (n - 1) / n) if n > 1 else None
    edge = -ev
    difference = difference_stderr = None
    if tally.paired:
        m = tally.paired
        difference = tally.difference_sum / m
        variance = max(tally.difference_squares / m - difference * difference, 0.0)
        difference_stderr = sqrt(variance * m / (m - 1) / m) if m > 1 else None
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
        interval=None if stderr is None else (edge - 1.96 * stderr, edge + 1.96 * stderr),
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
    strategy: DealerTable | None = None  # the player sets by this house way's table, not the dealer's
    hand: tuple[Card, ...] | None = None  # a fixed player hand: only the dealer is dealt
    threads: int | None = None  # for the best setting: default one per core (at most 8)
    tally: RunningTotals = field(default_factory=RunningTotals)

    def __post_init__(self) -> None:

        self._rng = np.random.default_rng(self.seed)
        self._lookup = ClassLookup(self.table)
        self._pushes = push_classes(self.table, self.rules.game)
        self._best: dict[tuple[int, ...], tuple[int, int]] = {}
        self._pool: ThreadPoolExecutor | None = None

    def run(self, rounds: int) -> Iterator[int]:
        """Play ``rounds`` rounds, yielding the count done after each chunk."""
        done = 0
        chunk = CHUNK if self.player == "house" else 50
        workers = self.threads or min(os.cpu_count() or 1, 8)
        if self.player != "best" or self.hand is not None:
            workers = 1
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="paigow-best") if workers > 1 else None
        try:
            while done < rounds:
                size = min(chunk, rounds - done)
                self._play(size)
                done += size
                yield done
        finally:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)

    def _deal(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        if self.hand is None:
            decks = self._rng.permuted(np.tile(np.arange(53, dtype=np.int64), (size, 1)), axis=1)
            return decks[:, :7], decks[:, 7:14]
        rest = np.array([card for card in range(53) if card not in self.hand], dtype=np.int64)
        dealers = self._rng.permuted(np.tile(rest, (size, 1)), axis=1)[:, :7]
        return np.tile(np.array(self.hand, dtype=np.int64), (size, 1)), dealers

    def _play(self, size: int) -> None:
        players, dealers = self._deal(size)
        flushy, index = self._lookup.classes(dealers)
        table, banker = self.table, self.rules.banker
        dealer_high = self._lookup.per_class(flushy, index, table.multiset_high, table.flush_high).astype(np.int32)
        dealer_low = self._lookup.per_class(flushy, index, table.multiset_low, table.flush_low).astype(np.int32)
        pushing = None if self._pushes is None else self._lookup.per_class(flushy, index, *self._pushes)
        house_high, house_low = self._lookup.settings(players)
        if self.player == "house" and self.strategy is None:
            self.tally.add_outcomes(house_high, house_low, dealer_high, dealer_low, pushing, banker=banker)
            values = table.high_values[house_high], table.low_values[house_low]
            self.tally.fouls += int((values[1] > values[0]).sum())
            return
        # The best setting may hold a value no dealer reaches: compare on the doubled scale.
        dealer_high, dealer_low = 2 * dealer_high + 1, 2 * dealer_low + 1
        house_high, house_low = 2 * house_high + 1, 2 * house_low + 1
        if self.strategy is not None:
            best_high, best_low = self._strategy_settings(players)
        elif self.rules.game is Game.FACE_UP:
            best_high, best_low = self._best_against_dealer(players, dealer_high, dealer_low, pushing)
        else:
            best_high, best_low = self._best_settings(players)
        self.tally.add_outcomes(best_high, best_low, dealer_high, dealer_low, pushing, banker=banker)
        paid = 1 - self.rules.commission
        best = payoffs(best_high, best_low, dealer_high, dealer_low, paid, pushing, banker=banker)
        house = payoffs(house_high, house_low, dealer_high, dealer_low, paid, pushing, banker=banker)
        difference = best - house
        self.tally.paired += size
        self.tally.difference_sum += float(difference.sum())
        self.tally.difference_squares += float((difference * difference).sum())

    def _strategy_settings(self, players: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(high, low) places, on the doubled scale of ``dense_positions``, of each hand's setting by
        the player's strategy: its table's setting of the hand's class (every table has the same
        classes), its keys placed among the dealer's values."""
        strategy, table = self.strategy, self.table
        assert strategy is not None
        flushy, index = self._lookup.classes(players)
        high = strategy.high_values[self._lookup.per_class(flushy, index, strategy.multiset_high, strategy.flush_high)]
        low = strategy.low_values[self._lookup.per_class(flushy, index, strategy.multiset_low, strategy.flush_low)]
        return dense_positions(table.high_values, high), dense_positions(table.low_values, low)

    def _legal_splits(self, hand: tuple[Card, ...]) -> list:
        """The settings a player can end with: a banker's foul is reset to the house way (§8.2)."""

        splits = all_splits(hand, self.rules.wheel_is_low)
        if not self.rules.banker:
            return list(splits)
        house = house_setting(hand, self.rules).split
        return [house if split.foul else split for split in splits]

    def _best_settings(self, players: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(high, low) places of each hand's best-EV setting on the doubled scale of ``dense_positions``.

        The hands are set on the pool's threads (``run``), in order, so a seed gives the same rounds."""

        table, rules = self.table, self.rules
        hands = [tuple(int(code) for code in row) for row in players]
        if self.hand is not None:  # the same hand every round: set it once
            if hands[0] not in self._best:
                self._best[hands[0]] = best_setting_keys(hands[0], rules, table)
            settings = [self._best[hand] for hand in hands]
        elif self._pool is not None:
            settings = list(self._pool.map(lambda hand: best_setting_keys(hand, rules, table), hands))
        else:
            settings = [best_setting_keys(hand, rules, table) for hand in hands]
        keys = np.array(settings, dtype=np.int64).reshape(-1, 2)
        return dense_positions(table.high_values, keys[:, 0]), dense_positions(table.low_values, keys[:, 1])

    def _best_against_dealer(
        self, players: np.ndarray, dealer_high: np.ndarray, dealer_low: np.ndarray, pushing: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Face Up: the dealer's hand is shown, so the best setting is the one that does best against it."""

        table, paid, banker = self.table, 1 - self.rules.commission, self.rules.banker
        highs, lows = [], []
        for round_number, row in enumerate(players):
            splits = sorted(self._legal_splits(tuple(DECK[int(code)] for code in row)), key=strength_order)
            high = dense_positions(table.high_values, np.array([split.high_value.key for split in splits]))
            low = dense_positions(table.low_values, np.array([split.low_value.key for split in splits]))
            foul = np.array([split.foul for split in splits])
            push = None if pushing is None else np.repeat(pushing[round_number], len(splits))
            paying = payoffs(high, low, dealer_high[round_number], dealer_low[round_number], paid, push, banker=banker)
            paying = np.where(foul, -1.0, paying)
            best = int(np.argmax(paying))  # the first of the best: the strongest setting
            highs.append(high[best])
            lows.append(low[best])
        return np.array(highs), np.array(lows)


def dense_positions(values: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Keys' places among the dealer's sorted values, on the doubled scale the lookups use.

    Dealer indices i become 2i + 1 there; a key equal to value i maps to 2i + 1 too, and a
    key strictly between values maps to the even number between them, so ``<`` and ``==``
    against dealer hands stay exact.

    >>> dense_positions(np.array([3, 5, 9]), np.array([5, 6, 1, 9, 10])).tolist()
    [3, 4, 0, 5, 6]
    """
    position = np.searchsorted(values, keys)
    equal = values[np.minimum(position, len(values) - 1)] == keys
    return 2 * position + (equal & (position < len(values)))


def payoffs(
    player_high, player_low, dealer_high, dealer_low, paid: float, pushing=None, *, banker: bool = False
) -> np.ndarray:
    """Each round's payoff per unit bet: ``paid`` for a win, -1 for a loss, 0 for a push."""
    wins, losses = outcomes(player_high, player_low, dealer_high, dealer_low, pushing, banker=banker)
    return np.where(wins, paid, np.where(losses, -1.0, 0.0))


@dataclass(frozen=True)
class Measured:
    """A simulated mean result per round (money, or units of a bet) and its standard error."""

    rounds: int
    mean: float
    stderr: float

    @classmethod
    def of(cls, total: float, squares: float, rounds: int) -> Measured:
        mean = total / rounds
        variance = max(squares / rounds - mean * mean, 0.0)
        return cls(rounds, mean, float(np.sqrt(variance / max(rounds - 1, 1))))


def dealt_rounds(
    seats: DealerTable, banker: DealerTable, count: int, rounds: int, seed: int, dead: tuple = ()
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Whole rounds dealt from one deck each: the banker's seven cards and ``count`` seats' from the
    same shuffle of the live cards, each set by its table (the banker's, the seats'). Per chunk of
    rounds, which seats beat the bank and which the bank beats (copies to the bank), each an
    array of (seats, rounds). Seeded: the same seed deals the same rounds."""
    live = np.array([card for card in range(53) if card not in set(dead)], dtype=np.int64)
    if len(live) < 7 * (count + 1):
        raise ValueError(f"{len(live)} live cards cannot deal {count + 1} hands")
    rng = np.random.default_rng(seed)
    seat_lookup, bank_lookup = ClassLookup(seats), ClassLookup(banker)
    done = 0
    while done < rounds:
        size = min(20_000, rounds - done)
        decks = rng.permuted(np.tile(live, (size, 1)), axis=1)
        bank_high, bank_low = bank_lookup.settings(decks[:, :7])
        bank_values = banker.high_values[bank_high], banker.low_values[bank_low]
        seat_wins = np.zeros((count, size), dtype=bool)
        bank_wins = np.zeros((count, size), dtype=bool)
        for seat in range(count):
            high, low = seat_lookup.settings(decks[:, 7 * (seat + 1) : 7 * (seat + 2)])
            seat_high, seat_low = seats.high_values[high], seats.low_values[low]
            seat_wins[seat] = (seat_high > bank_values[0]) & (seat_low > bank_values[1])
            bank_wins[seat] = (seat_high <= bank_values[0]) & (seat_low <= bank_values[1])
        yield seat_wins, bank_wins
        done += size


def simulate_bank(
    seats: DealerTable, banker: DealerTable, table: BankTable, rounds: int, seed: int, dead: tuple = ()
) -> Measured:
    """The player bank's whole rounds (``dealt_rounds``): every seat settled against the bank, the
    commission and the fee charged; the bank's mean net (money) and its standard error."""
    bets = np.array([float(bet) for bet in table.bets])[:, None]
    rate, fee = float(table.commission), float(table.fee)
    total = squares = 0.0
    for seat_wins, bank_wins in dealt_rounds(seats, banker, table.seats, rounds, seed, dead):
        won = (bank_wins * bets).sum(axis=0)
        net = won - (seat_wins * bets).sum(axis=0)
        net -= rate * np.maximum(net, 0.0) if table.on_net else rate * won
        net -= fee
        total += float(net.sum())
        squares += float((net * net).sum())
    return Measured.of(total, squares, rounds)


def simulate_dragon(table: DealerTable, commission: float, rounds: int, seed: int, hand: tuple) -> Measured:
    """The dragon hand's whole rounds: the dragon and the dealer dealt from the cards ``hand``
    leaves, both set by the house way, the dragon paid 1 less the commission on a win; its mean
    result per unit bet and the standard error."""
    total = squares = 0.0
    for seat_wins, bank_wins in dealt_rounds(table, table, 1, rounds, seed, hand):
        result = np.where(seat_wins[0], 1.0 - commission, np.where(bank_wins[0], -1.0, 0.0))
        total += float(result.sum())
        squares += float((result * result).sum())
    return Measured.of(total, squares, rounds)
