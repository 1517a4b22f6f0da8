"""Exact counts of dealer hands, and exact expected values (design.md, "The exact EV engine").

For a set of removed cards (the player's seven plus any other dead cards), every
dealer-hand class gets an exact integer weight: how many of the C(live, 7)
possible dealer hands it stands for. Multiset classes weigh
``prod_r C(live of rank r, m_r)``; flush classes weigh, per suit, whether every
suited rank is live in that suit times ``prod C(live of rank r outside the suit,
o_r)``; the flush hands are then taken out of their multiset's weight. The
weights fall into a histogram over the dealer's (high, low) setting, whose 2-D
running sums answer any setting's wins, pushes and losses in constant time.

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.engine.dealer_table import load_table
>>> table = load_table(HouseWayName.FOXWOODS, Wheel.SECOND)  # doctest: +SKIP
>>> odds = hand_odds(parse_cards("AS KD JK 9H 9C 4D 2S"), table)  # doctest: +SKIP
>>> sum(odds[0].counts) == 53_524_680  # doctest: +SKIP
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import pairwise
from math import comb

import numpy as np

from paigow_cli.core.cards import JOKER_CODE, Card
from paigow_cli.core.rules import Game, HouseWayName, Wheel  # noqa: F401  (doctest names)
from paigow_cli.core.splits import Split, all_splits
from paigow_cli.engine.class_flags import push_classes
from paigow_cli.engine.dealer_classes import NO_RANK, RANK_PARTS, RANKS, DealerClasses
from paigow_cli.engine.dealer_table import DealerTable

CHOOSE = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)  # C(n, k), n, k <= 4


@dataclass(frozen=True)
class LiveCards:
    """What is left of the deck: live cards per rank, per suit, and the joker."""

    per_rank: np.ndarray  # (13,) live cards of each rank
    in_suit: np.ndarray  # (4, 13) 1 where that card is live
    joker: int  # 1 if the joker is live
    count: int

    @classmethod
    def without(cls, removed: Iterable[int]) -> LiveCards:
        gone = set(removed)
        in_suit = np.ones((4, RANKS), dtype=np.int64)
        for card in gone:
            if card != JOKER_CODE:
                in_suit[card & 3, card >> 2] = 0
        joker = 0 if JOKER_CODE in gone else 1
        return cls(in_suit.sum(axis=0), in_suit, joker, 53 - len(gone))

    @property
    def hands(self) -> int:
        """How many seven-card dealer hands the live cards make."""
        return comb(self.count, 7)


def class_weights(classes: DealerClasses, live: LiveCards) -> tuple[np.ndarray, np.ndarray]:
    """Exact dealer-hand counts of every (non-flush) multiset class and every flush class.

    A multiset class's count is three lookups (its rank counts as three base-5 numbers,
    ``RANK_PARTS``, each part's ``prod C(live_r, m_r)`` tabled first); a flush class's is one
    lookup in a table of (the suits its suited ranks are live in, its other ranks), built per hand
    from the cards of each rank left outside each suit. Small tables, then gathers: a few
    milliseconds, for the one-hand path (``PreparedTable.scatter_numpy``).
    """
    digits = classes.multiset_digits
    parts = [part_weights(live.per_rank[first : first + ranks]) for first, ranks in RANK_PARTS]
    multiset = parts[0][digits[:, 0]] * parts[1][digits[:, 1]] * parts[2][digits[:, 2]]
    if not live.joker:
        multiset[classes.multiset_joker] = 0
    outside = np.ones((4, RANKS + 1), dtype=np.int64)  # the column NO_RANK: a factor of 1
    outside[:, :RANKS] = live.per_rank[None, :] - live.in_suit
    ways = outside[:, :, None] * outside[:, None, :]  # (suit, o1, o2): two other ranks, or one (o2 = NO_RANK)
    ranks = np.arange(RANKS)
    ways[:, ranks, ranks] = CHOOSE[outside[:, :RANKS], 2]  # two cards of one rank
    ways[:, RANKS, RANKS] = 1  # no other rank
    by_suits = np.zeros((16, (RANKS + 1) ** 2), dtype=np.int64)  # summed over each set of suits
    for suits in range(1, 16):
        by_suits[suits] = sum(ways[t].ravel() for t in range(4) if suits >> t & 1)
    live_masks = (live.in_suit << ranks).sum(axis=1)
    every_mask = np.arange(1 << RANKS)
    live_suits = sum(((every_mask & ~live_masks[t]) == 0) << t for t in range(4))  # suits each mask is live in
    flush = by_suits[live_suits[classes.flush_suited], classes.flush_pairs]
    if not live.joker:
        flush[classes.flush_joker] = 0
    flush_per_multiset = np.bincount(classes.flush_multiset, weights=flush, minlength=len(multiset))
    multiset = multiset - np.rint(flush_per_multiset).astype(np.int64)
    return multiset, flush


def staircase(settings: Iterable[tuple[int, int]]) -> tuple[list[tuple[tuple[int, int], int]], tuple[int, int]]:
    """Face Up, the dealer's hand seen first: the (high, low) corners and signs whose win counts
    (dealer hands below the corner on both hands) sum to the dealer hands some of these settings
    beats on both hands, and the corner whose loss count (dealer hands at or above it on both) is
    those every setting loses to. On any scale that keeps the order of hand values.

    The settings' win quadrants have a staircase for union: with the undominated corners by falling
    high and rising low, (H1, L1) ... (Hm, Lm), it is W(H1, L1) + the sum over k of W(Hk, Lk) -
    W(Hk, L(k-1)), W counting the dealer hands below a corner.

    >>> staircase([(9, 1), (7, 3), (5, 2), (3, 6)])
    ([((9, 1), 1), ((7, 3), 1), ((7, 1), -1), ((3, 6), 1), ((3, 3), -1)], (9, 6))
    """
    found = sorted(set(settings), key=lambda key: (-key[0], -key[1]))
    if not found:
        raise ValueError("no legal setting to choose from")
    frontier: list[tuple[int, int]] = []
    for high, low in found:
        if not frontier or low > frontier[-1][1]:
            frontier.append((high, low))
    stair = [(frontier[0], 1)]
    for before, (high, low) in pairwise(frontier):
        stair += [((high, low), 1), ((high, before[1]), -1)]
    return stair, (max(high for high, _ in found), max(low for _, low in found))


def part_weights(live_per_rank: np.ndarray) -> np.ndarray:
    """``prod_r C(live_r, m_r)`` over a part's ranks for every base-5 number of its counts m_r
    (the lowest rank the lowest digit), as ``kernels._part_weights`` tables it.

    >>> part_weights(np.array([4, 3]))[[0, 1, 5, 6, 24]].tolist()  # m = (0,0) (1,0) (0,1) (1,1) (4,4)
    [1, 4, 3, 12, 0]
    """
    weights = np.ones(1, dtype=np.int64)
    for live_r in live_per_rank[::-1]:  # the highest rank is the highest digit
        weights = (weights[:, None] * CHOOSE[int(live_r)][None, :]).ravel()
    return weights


class PreparedTable:
    """A dealer table made ready for one game: each class's push flag, and (built when first asked
    for) the layout of ``kernels.scatter_dealer``, flush classes grouped by suited mask. Built once
    per table and game (``prepare``); the numpy path needs only the push flags."""

    def __init__(self, table: DealerTable, game: Game) -> None:

        self.table = table
        classes = table.classes
        pushes = push_classes(table, game)
        self.multiset_push = (
            np.zeros(len(classes.multiset_counts), dtype=np.uint8) if pushes is None else pushes[0].astype(np.uint8)
        )
        self.flush_push = (
            np.zeros(len(classes.flush_suited), dtype=np.uint8) if pushes is None else pushes[1].astype(np.uint8)
        )
        self.push_layers = (self.multiset_push.astype(np.int64), self.flush_push.astype(np.int64))  # in class order
        self.identity_rows = np.arange(len(table.high_values), dtype=np.int64)
        self.identity_cols = np.arange(len(table.low_values), dtype=np.int64)

    @cached_property
    def flush_order(self) -> np.ndarray:
        """Flush classes sorted by their suited mask (the kernels' order)."""
        return np.argsort(self.table.classes.flush_suited, kind="stable")

    @cached_property
    def flush_suited(self) -> np.ndarray:
        return self.table.classes.flush_suited[self.flush_order].astype(np.int64)

    @cached_property
    def mask_start(self) -> np.ndarray:
        """Where each suited mask's flush classes start, in ``flush_order``."""
        return np.searchsorted(self.flush_suited, np.arange(1 << RANKS | 1)).astype(np.int64)

    @cached_property
    def multiset(self) -> tuple[np.ndarray, ...]:
        """The multiset classes' arrays as the kernels take them."""
        table, classes = self.table, self.table.classes
        return (
            classes.multiset_digits,
            classes.multiset_joker.astype(np.bool_),
            table.multiset_high.astype(np.uint16),
            table.multiset_low.astype(np.uint8),
            self.multiset_push,
        )

    @cached_property
    def flush_cells(self) -> tuple[np.ndarray, ...]:
        """What ``group_play.play_group`` takes of the flush classes: where each suited mask's classes
        start, and each class's setting and its multiset's (the layout checked first)."""
        mask_start, other, joker, *cells = self.flush
        check_flush_layout(mask_start, other, joker)
        return (mask_start, *cells)

    @cached_property
    def flush(self) -> tuple[np.ndarray, ...]:
        """The flush classes' arrays as the kernels take them, in ``flush_order``."""
        table, classes, order = self.table, self.table.classes, self.flush_order
        parent = classes.flush_multiset[order]
        return (
            self.mask_start,
            np.ascontiguousarray(classes.flush_other[order], dtype=np.uint8),
            classes.flush_joker[order].astype(np.bool_),
            table.flush_high[order].astype(np.uint16),
            table.flush_low[order].astype(np.uint8),
            self.flush_push[order],
            table.multiset_high[parent].astype(np.uint16),  # the parent multiset's setting, in flush order
            table.multiset_low[parent].astype(np.uint8),
            self.multiset_push[parent],
        )

    def scatter(
        self,
        live: LiveCards,
        row_of: np.ndarray,
        col_of: np.ndarray,
        rows: int,
        cols: int,
        compiled: bool | None = None,
    ) -> np.ndarray:
        """(2, rows, cols) exact dealer-hand counts: layer 0 settles, layer 1 pushes every bet.

        Two paths give the same integers: the compiled kernel (``kernels.scatter_dealer``, a few
        milliseconds a hand once numba is loaded, which takes most of a second) and numpy alone
        (``scatter_numpy``, some tens of milliseconds, nothing to load). ``compiled=None`` takes the
        kernel when this process has loaded it already, else numpy: one hand never waits for numba.
        """
        if compiled is None:
            compiled = "paigow_cli.engine.kernels" in sys.modules
        if not compiled:
            return self.scatter_numpy(live, row_of, col_of, rows, cols)
        from paigow_cli.engine.kernels import scatter_dealer

        masks = (live.in_suit << np.arange(RANKS)).sum(axis=1).astype(np.int64)
        out = np.zeros(2 * rows * cols, dtype=np.int64)
        scatter_dealer(
            live.per_rank.astype(np.int64),
            masks,
            bool(live.joker),
            *self.multiset,
            *self.flush_cells,
            row_of,
            col_of,
            rows,
            cols,
            out,
        )
        return out.reshape(2, rows, cols)

    def scatter_numpy(
        self, live: LiveCards, row_of: np.ndarray, col_of: np.ndarray, rows: int, cols: int
    ) -> np.ndarray:
        """``scatter`` with numpy alone: every class's exact weight (``class_weights``) added to its cell.

        Each cell's sum is at most C(46, 7), far inside the integers a float64 holds exactly, so
        ``bincount``'s float sums are exact and are rounded back to int64.
        """
        table = self.table
        multiset, flush = class_weights(table.classes, live)
        layer = rows * cols
        cells = np.concatenate(
            [
                self.push_layers[0] * layer + row_of[table.multiset_high] * cols + col_of[table.multiset_low],
                self.push_layers[1] * layer + row_of[table.flush_high] * cols + col_of[table.flush_low],
            ]
        )
        weights = np.concatenate([multiset, flush]).astype(np.float64)
        counts = np.rint(np.bincount(cells, weights=weights, minlength=2 * layer)).astype(np.int64)
        return counts.reshape(2, rows, cols)


_PREPARED: dict[tuple[int, Game], tuple[DealerTable, PreparedTable]] = {}


def check_flush_layout(mask_start: np.ndarray, other: np.ndarray, joker: np.ndarray) -> None:
    """Check the order ``flush_walk.flush_parts`` walks the flush classes of each suited mask in:
    those without the joker, then those with it; within each, the other ranks in order (every pair
    o1 <= o2 for two, every rank for one, or none), as ``dealer_classes`` enumerates them."""
    pairs = [(o1, o2) for o1 in range(RANKS) for o2 in range(o1, RANKS)]
    others = {2: pairs, 1: [(o1, NO_RANK) for o1 in range(RANKS)], 0: [(NO_RANK, NO_RANK)]}
    expected_other: list[tuple[int, int]] = []
    expected_joker: list[bool] = []
    for mask in range(1 << RANKS):
        size = mask.bit_count()
        for with_joker in (False, True):
            real = 6 if with_joker else 7
            if 0 <= real - size <= 2 and size >= 5 - with_joker:
                expected_other += others[real - size]
                expected_joker += [with_joker] * len(others[real - size])
        if mask_start[mask + 1] != len(expected_other):
            raise RuntimeError(f"the flush classes of suited mask {mask} are not where the kernel looks")
    if not (np.array_equal(other, expected_other) and np.array_equal(joker, expected_joker)):
        raise RuntimeError("the flush classes are not in the order the kernel walks them")


def prepare(table: DealerTable, game: Game = Game.CLASSIC) -> PreparedTable:
    """The table laid out for the compiled kernel, cached per table and game."""
    cached = _PREPARED.get((id(table), game))
    if cached is not None and cached[0] is table:
        return cached[1]
    if len(_PREPARED) >= 8:
        _PREPARED.clear()
    prepared = PreparedTable(table, game)
    _PREPARED[(id(table), game)] = (table, prepared)
    return prepared


def bucket(values: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """Each of the sorted dealer values' bucket around sorted player thresholds: ``2 * (thresholds
    below it)``, plus 1 when it equals a threshold. A value is below threshold ``j`` exactly when
    its bucket is at most ``2 * j``, and equal to it when its bucket is ``2 * j + 1``.

    >>> bucket(np.array([1, 5, 7, 9]), np.array([5, 9])).tolist()
    [0, 1, 2, 3]
    """
    # a bucket counts the thresholds at or below the value, then those below it: each threshold
    # counts from the first value that reaches it, and again from the first that passes it
    starts = np.concatenate([np.searchsorted(values, thresholds, "left"), np.searchsorted(values, thresholds, "right")])
    return np.cumsum(np.bincount(starts, minlength=len(values) + 1)[:-1])


@dataclass(frozen=True)
class SplitOdds:
    """Exact dealer-hand counts against one setting: the player wins, pushes or loses."""

    wins: int
    pushes: int
    losses: int

    @property
    def total(self) -> int:
        return self.wins + self.pushes + self.losses

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.wins, self.pushes, self.losses)

    def ev(self, commission: float) -> float:
        """Expected value per unit bet: ``((1 - commission) * wins - losses) / total``."""
        return ((1 - commission) * self.wins - self.losses) / self.total

    def score(self, commission: float) -> int:
        """The exact EV times ``total`` and the commission's denominator, an integer: settings of one
        hand are ranked by it (float EVs can tie by rounding where the exact ones differ).

        >>> SplitOdds(20, 0, 19).score(0.05), SplitOdds(21, 0, 19).score(0.05)
        (0, 19)
        """
        kept, per = kept_share(commission)
        return kept * self.wins - per * self.losses


@lru_cache(maxsize=16)
def kept_share(commission: float) -> tuple[int, int]:
    """What a win keeps after commission, as (numerator, denominator) of an exact fraction.

    >>> kept_share(0.05)
    (19, 20)
    """
    kept = 1 - exact_rate(commission)
    return kept.numerator, kept.denominator


@lru_cache(maxsize=16)
def exact_rate(commission: float) -> Fraction:
    """A commission rate as the exact fraction its text says (0.05 is 1/20, not a binary float)."""
    return Fraction(str(commission))


class DealerDistribution:
    """The dealer's exact (high, low) distribution for one set of removed cards, in one game.

    Dealer hands that push every bet under the game's rule (``class_flags.push_classes``) are
    counted apart in ``pushing``; the histogram holds the rest. A banking player takes
    the copies, so his comparisons count dealer hands at or below his own.

    Given ``settings`` (the (high key, low key) pairs the caller will ask about), the
    dealer's values are bucketed around those keys only: the same exact counts for
    those settings, a grid of a few hundred cells instead of half a million (the fast
    path of ``advise`` and ``simulate``). Without it, ``histogram`` is at full resolution.
    ``compiled`` chooses the compiled kernel or numpy (``PreparedTable.scatter``): batches ask for
    the kernel; one hand lets it default, and never waits for numba to load.
    """

    def __init__(
        self,
        table: DealerTable,
        removed: Iterable[int],
        game: Game = Game.CLASSIC,
        *,
        banker: bool = False,
        settings: Iterable[tuple[int, int]] | None = None,
        compiled: bool | None = None,
    ) -> None:
        self.table = table
        self.game = game
        self.banker = banker
        self.live = LiveCards.without(removed)
        prepared = prepare(table, game)
        if settings is None:
            self._thresholds = None
            row_of, col_of = prepared.identity_rows, prepared.identity_cols
            rows, cols = len(table.high_values), len(table.low_values)
        else:
            pairs = list(settings)  # a few dozen: sorted in Python (np.unique would import numpy.ma, 6 ms)
            highs = np.array(sorted({high for high, _ in pairs}), dtype=np.int64)
            lows = np.array(sorted({low for _, low in pairs}), dtype=np.int64)
            self._thresholds = (highs, lows)
            row_of, col_of = bucket(table.high_values, highs), bucket(table.low_values, lows)
            rows, cols = 2 * len(highs) + 1, 2 * len(lows) + 1
        grid = prepared.scatter(self.live, row_of, col_of, rows, cols, compiled)
        self.histogram = grid[0]
        self.pushing = int(grid[1].sum())
        if (self.histogram < 0).any():
            raise ArithmeticError("a dealer setting has a negative count")
        self.settling = int(self.histogram.sum())  # dealer hands the game does not push
        self.total = self.settling + self.pushing
        if self.total != self.live.hands:
            raise ArithmeticError(f"dealer counts sum to {self.total}, not C({self.live.count}, 7) = {self.live.hands}")
        cumulative = np.zeros((rows + 1, cols + 1), dtype=np.int64)
        cumulative[1:, 1:] = self.histogram.cumsum(axis=0).cumsum(axis=1)
        self._below = cumulative  # _below[i, j]: settling dealer hands in rows < i and columns < j

    def _taken(self, key: int, axis: int) -> int:
        """How many rows (axis 0) or columns (axis 1) hold dealer values this player value takes."""
        if self._thresholds is None:
            values = self.table.high_values if axis == 0 else self.table.low_values
            return int(np.searchsorted(values, key, side="right" if self.banker else "left"))
        thresholds = self._thresholds[axis]
        place = int(np.searchsorted(thresholds, key))
        if place == len(thresholds) or thresholds[place] != key:
            raise ValueError(f"hand value {key} was not among the settings this distribution was built for")
        return 2 * place + 1 + self.banker  # buckets below the key, then the key's own (a banker's copy)

    def odds(self, high_key: int, low_key: int, *, foul: bool = False) -> SplitOdds:
        """Counts for a player setting with these hand values (a foul loses to every dealer hand).

        A banking player's foul is reset to the house way: ask for that setting instead.
        """
        if foul:
            if self.banker:
                raise ValueError("a banker's foul is reset to the house way: ask for the house way's setting")
            return SplitOdds(0, 0, self.total)
        high, low = self._taken(high_key, 0), self._taken(low_key, 1)
        below = self._below
        wins = int(below[high, low])
        dealer_high_below, dealer_low_below = int(below[high, -1]), int(below[-1, low])
        losses = self.settling - dealer_high_below - dealer_low_below + wins
        return SplitOdds(wins, self.total - wins - losses, losses)

    def seen_odds(self, settings: Iterable[tuple[int, int]]) -> SplitOdds:
        """Counts when the player sets after seeing the dealer's hand (Face Up), choosing among
        these legal settings deal by deal: a dealer hand is a win when one of them beats it on
        both hands, a loss when all of them lose to it, else a push (``staircase``)."""
        if self.banker:
            raise ValueError("a banker sets before the dealer's hand is seen here: ask odds for each setting")
        stair, corner = staircase(settings)
        below = self._below
        wins = sum(sign * int(below[self._taken(high, 0), self._taken(low, 1)]) for (high, low), sign in stair)
        high, low = self._taken(corner[0], 0), self._taken(corner[1], 1)
        losses = self.settling - int(below[high, -1]) - int(below[-1, low]) + int(below[high, low])
        return SplitOdds(wins, self.total - wins - losses, losses)

    def split_odds(self, split: Split, house: Split | None = None) -> SplitOdds:
        """Counts for one setting; ``house`` (the house way's setting) stands in for a banker's foul."""
        if split.foul and self.banker:
            if house is None:
                raise ValueError("a banker's foul is reset to the house way: pass the house way's setting")
            split = house
        return self.odds(split.high_value.key, split.low_value.key, foul=split.foul)


def hand_odds(
    hand: Sequence[Card],
    table: DealerTable,
    dead: Iterable[Card] = (),
    game: Game = Game.CLASSIC,
    *,
    banker: bool = False,
) -> list[SplitOdds]:
    """Exact counts for each of the 21 settings, in ``all_splits`` order (a banker's foul as the house way)."""
    house = None
    if banker:
        from paigow_cli.core.rules import Rules
        from paigow_cli.house_ways import house_setting

        house = house_setting(hand, Rules(wheel=table.wheel, house_way=table.house_way)).split
    splits = all_splits(hand, table.wheel is Wheel.LOW)
    distribution = DealerDistribution(table, (*hand, *dead), game, banker=banker, settings=setting_keys_of(splits))
    return [distribution.split_odds(split, house) for split in splits]


def setting_keys_of(splits: Iterable[Split]) -> list[tuple[int, int]]:
    """The (high key, low key) pairs of these settings (a distribution's ``settings``)."""
    return [(split.high_value.key, split.low_value.key) for split in splits]
