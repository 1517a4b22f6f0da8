"""The whole game's rank groups: player hands grouped by their ranks (the rank counts and the
joker), each group's player classes with their legal settings and Face Up's probes, the two-pair
chart's cells, and what the dead cards leave of the deck (``LiveDeck``), in the forms the
compiled ``group_play`` takes.

>>> len(rank_groups(tuple(range(36))))  # 17 live cards: J, Q, K, A in four suits and the joker
148
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations

import numpy as np

from paigow_cli.core.cards import JOKER_CODE, Card
from paigow_cli.core.rules import Rules
from paigow_cli.core.splits import setting_keys
from paigow_cli.engine.class_settings import legal_settings
from paigow_cli.engine.dealer_classes import NO_RANK, multiset_representative
from paigow_cli.engine.dealer_table import DealerTable
from paigow_cli.engine.distribution import staircase


def group_count(dead: Sequence[int] = ()) -> int:
    """How many rank groups ``rank_groups`` lists, counted without listing them (a command that only
    names a cached answer must not spend half a second on it).

    >>> group_count(), len(rank_groups())
    (67600, 67600)
    """
    gone = {int(card) for card in dead}
    live = [sum(rank * 4 + suit not in gone for suit in range(4)) for rank in range(13)]
    ways = [1] + [0] * 7  # ways[s]: rank counts so far that sum to s
    for available in live:
        ways = [sum(ways[total - take] for take in range(min(available, total) + 1)) for total in range(8)]
    return ways[7] + (ways[6] if JOKER_CODE not in gone else 0)


def rank_groups(dead: Sequence[int] = ()) -> list[tuple[tuple[int, ...], bool]]:
    """Every (rank counts, joker) a player hand of the live cards can have, in a fixed order."""
    return list(_rank_groups(tuple(sorted(int(card) for card in dead))))


@lru_cache(maxsize=4)
def _rank_groups(dead: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], bool], ...]:
    live = [4] * 13
    for card in dead:
        if card != JOKER_CODE:
            live[card >> 2] -= 1
    joker_live = JOKER_CODE not in dead
    groups = []
    for joker in (False, True) if joker_live else (False,):
        size = 6 if joker else 7

        def extend(rank: int, left: int, counts: list[int], joker: bool = joker) -> None:
            if rank == 13:
                if left == 0:
                    groups.append((tuple(counts), joker))
                return
            for take in range(min(left, live[rank]) + 1):
                counts.append(take)
                extend(rank + 1, left - take, counts)
                counts.pop()

        extend(0, size, [])
    return tuple(groups)


@dataclass
class GroupClasses:
    """The player classes of one rank group: local class 0 cannot make a flush; the others are
    flush classes, one per set of ranks held in the flush suit. Settings are ids into ``keys``."""

    keys: list[tuple[int, int]] = field(default_factory=list)  # distinct (high key, low key) settings
    settings: list[list[int]] = field(default_factory=list)  # per class: legal settings, strongest first
    house: list[list[int]] = field(default_factory=list)  # per player table: per class, its setting
    rules: list[list[str]] = field(default_factory=list)  # per player table: per class, the clause
    flush_masks: list[int] = field(default_factory=list)  # per class (0 for class 0)
    chart: list[tuple[int, int, int] | None] = field(default_factory=list)  # two-pair chart cell of class 0
    chart_settings: tuple[int, int] = (-1, -1)  # (split, together) of class 0
    index: dict[tuple[int, int], int] = field(default_factory=dict)  # setting -> its id
    class_ids: list[int] = field(default_factory=list)  # per class: its global id (see ``DealerClasses.multisets``)


def _ids(classes: GroupClasses, key: tuple[int, int]) -> int:
    """The id of a setting's (high key, low key) in this group, given on first sight."""
    if key not in classes.index:
        classes.index[key] = len(classes.keys)
        classes.keys.append(key)
    return classes.index[key]


def group_classes(
    counts: tuple[int, ...],
    joker: bool,
    rules: Rules,
    table: DealerTable,
    suit_live: Sequence[int] = (8191,) * 4,
    players: Sequence[DealerTable] = (),
) -> GroupClasses:
    """Settings, house setting and clause of every player class in one rank group (flush classes
    only where some suit still holds all their suited ranks: ``suit_live`` masks the live ranks).

    A player class is a dealer class: its house setting and clause are a table's, the dealer's
    ``table`` or, per player strategy, one of ``players`` (``house[s]``, ``rules[s]``).
    """

    ranks = [rank for rank in range(13) for _ in range(counts[rank])]
    distinct = [rank for rank in range(13) if counts[rank]]
    must = [rank for rank in range(13) if counts[rank] == 4]  # held in every suit
    found: list[tuple[str, int, int, list[int], list[int]]] = [
        ("multiset", table.classes.multiset_index[counts, joker], 0, ranks, [])
    ]
    for size in range(5 - joker, len(distinct) + 1):
        for held in combinations(distinct, size):
            suited = list(held)
            mask = sum(1 << rank for rank in suited)
            if all(rank in suited for rank in must) and any(mask & live == mask for live in suit_live):
                others = list(ranks)
                for rank in suited:
                    others.remove(rank)
                first, second = (*others, NO_RANK, NO_RANK)[:2]
                index = table.classes.flush_index[mask, first, second, joker]
                found.append(("flush", index, mask, others, suited))
    classes = GroupClasses()
    wheel_low = rules.wheel_is_low
    tables = list(players) or [table]
    classes.house = [[] for _ in tables]
    classes.rules = [[] for _ in tables]
    ids = classes.index
    for kind, index, mask, others, suited in found:
        legal = legal_settings(suited + others, len(suited), joker, wheel_low)
        classes.settings.append([ids.setdefault(key, len(ids)) for key in legal])  # as ``_ids``
        for at, player in enumerate(tables):
            high, low, rule = player.house_setting(kind, index)
            if (high, low) not in classes.index:
                raise ArithmeticError(f"the {player.house_way} house way fouls a hand of ranks {counts}: {rule}")
            classes.house[at].append(classes.index[high, low])
            classes.rules[at].append(rule)
        classes.flush_masks.append(mask)
        classes.class_ids.append(index if kind == "multiset" else table.classes.multisets + index)
    classes.keys = list(ids)
    cell = chart_cell(counts, joker)
    classes.chart = [cell] + [None] * (len(found) - 1)
    if cell is not None:
        classes.chart_settings = chart_settings(multiset_representative(ranks, joker), cell, classes, wheel_low)
    return classes


def shown_probes(
    classes: GroupClasses, highs: np.ndarray, lows: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each class's ``distribution.staircase`` (Face Up's best play, the dealer's hand seen) as the
    kernel reads it: each count a code. ``-(2 + 4 * k + v)`` is the
    class's own k-th setting's functional v (0 its wins, 1 its losses), which the kernel has just
    summed; ``4 * slot + v`` is another setting's, or a probe slot's after the settings, which
    holds four corners' counts (``probes``: cut row, cut column, 0 for wins or 1 for losses, per
    slot and place). Returns (per class, the staircase's codes and signs, padded with -1; the loss
    corner's code) and the probe slots."""

    shapes = [staircase(classes.keys[at] for at in ids) for ids in classes.settings]
    stairs, corners = [stair for stair, _ in shapes], [corner for _, corner in shapes]
    found: dict[tuple[tuple[int, int], int], int] = {}
    probes: list[tuple[int, int, int]] = []
    high_at = {int(value): at for at, value in enumerate(highs)}
    low_at = {int(value): at for at, value in enumerate(lows)}

    def code(corner: tuple[int, int], kind: int, own: list[int]) -> int:
        at = classes.index.get(corner)
        if at is not None and at in own:  # one of the class's settings: its k-th, counted already
            return -(2 + 4 * own.index(at) + kind)
        if at is not None:
            return 4 * at + kind
        if (corner, kind) not in found:
            found[corner, kind] = 4 * len(classes.keys) + len(probes)
            if corner[0] not in high_at or corner[1] not in low_at:
                raise ArithmeticError("a staircase corner is not among the group's hand values")
            # the player's cuts, not banking
            probes.append((2 * high_at[corner[0]] + 1, 2 * low_at[corner[1]] + 1, kind))
        return found[corner, kind]

    width = max(1, max(len(stair) for stair in stairs))
    stair_codes = np.full((len(stairs), width), -1, dtype=np.int64)
    stair_signs = np.zeros((len(stairs), width), dtype=np.int64)
    for at, stair in enumerate(stairs):
        for place, (corner, sign) in enumerate(stair):
            stair_codes[at, place], stair_signs[at, place] = code(corner, 0, classes.settings[at]), sign
    corner_codes = np.array([code(corner, 1, own) for corner, own in zip(corners, classes.settings)], dtype=np.int64)
    slots = np.full(((len(probes) + 3) // 4, 4, 3), -1, dtype=np.int64)
    for at, probe in enumerate(probes):
        slots[at // 4, at % 4] = probe
    return stair_codes, stair_signs, corner_codes, slots


def chart_cell(counts: tuple[int, ...], joker: bool) -> tuple[int, int, int] | None:
    """(high pair, low pair, best single) ranks (2-14) of a plain two-pair hand: two pairs, three
    unpaired cards, no joker, no straight (no flush either: the caller's class 0)."""
    if joker or sorted(counts, reverse=True)[:4] != [2, 2, 1, 1]:
        return None
    present = sum(1 << rank for rank in range(13) if counts[rank])
    wheel = (1 << 12) | 0b1111
    if any(present & (0b11111 << low) == 0b11111 << low for low in range(9)) or present & wheel == wheel:
        return None
    pairs = [rank for rank in range(12, -1, -1) if counts[rank] == 2]
    singles = [rank for rank in range(12, -1, -1) if counts[rank] == 1]
    return pairs[0] + 2, pairs[1] + 2, singles[0] + 2


def chart_settings(
    hand: Sequence[Card], cell: tuple[int, int, int], classes: GroupClasses, wheel_low: bool
) -> tuple[int, int]:
    """The (split, together) settings of a plain two-pair hand: the low pair in front, or both pairs
    in back with the two best singles in front."""

    low_pair = [card for card in hand if (card >> 2) + 2 == cell[1]]
    counts: dict[int, int] = {}
    for card in hand:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    singles = sorted((card for card in hand if counts[card >> 2] == 1), reverse=True)[:2]
    return _ids(classes, setting_keys(hand, low_pair, wheel_low)), _ids(classes, setting_keys(hand, singles, wheel_low))


@dataclass(frozen=True)
class LiveDeck:
    """What the dead cards leave, in the forms ``count_group`` hands the kernel (once per question).

    ``choice_masks[rank, count]`` lists the sets of live suits (bit masks) ``count`` cards of that
    rank can be, ``choice_count`` how many, and ``position_of[rank, count, mask]`` each one's place.
    """

    live_rank: np.ndarray  # (13,) live cards of each rank
    suit_live: np.ndarray  # (4,) mask of the live ranks of each suit
    joker_live: bool
    choice_masks: np.ndarray  # (13, 5, 6)
    choice_count: np.ndarray  # (13, 5)
    position_of: np.ndarray  # (13, 5, 16)
    suit_block: np.ndarray
    suit_permutations: np.ndarray

    @property
    def suit_live_masks(self) -> list[int]:
        return [int(mask) for mask in self.suit_live]


@lru_cache(maxsize=4)
def live_deck(dead: tuple[int, ...]) -> LiveDeck:
    """The live deck of a question's dead cards (card codes).

    >>> deck = live_deck((0, 52))  # 2S and the joker
    >>> deck.live_rank[:2].tolist(), deck.joker_live, deck.choice_count[0, 2].item(), deck.choice_count[1, 2].item()
    ([3, 4], False, 3, 6)
    """

    gone = set(dead)
    live_rank = np.array([sum(rank * 4 + suit not in gone for suit in range(4)) for rank in range(13)], dtype=np.int64)
    suit_live = np.array(
        [sum(1 << rank for rank in range(13) if rank * 4 + suit not in gone) for suit in range(4)], dtype=np.int64
    )
    choice_masks = np.zeros((13, 5, 6), dtype=np.int64)
    choice_count = np.zeros((13, 5), dtype=np.int64)
    position_of = np.full((13, 5, 16), -1, dtype=np.int64)
    for rank in range(13):
        available = [suit for suit in range(4) if rank * 4 + suit not in gone]
        for count in range(5):
            choices = [sum(1 << suit for suit in chosen) for chosen in combinations(available, count)]
            choice_count[rank, count] = len(choices)
            choice_masks[rank, count, : len(choices)] = choices
            position_of[rank, count, choices] = range(len(choices))
    suit_block, suit_permutations = suit_symmetry(suit_live.tolist())
    return LiveDeck(
        live_rank,
        suit_live,
        JOKER_CODE not in gone,
        choice_masks,
        choice_count,
        position_of,
        suit_block,
        suit_permutations,
    )


def suit_symmetry(suit_live: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Suits with the same live ranks are interchangeable: each suit's label (its first such suit)
    and every permutation of the suits that keeps the live cards (24 on a full deck).

    >>> labels, permutations = suit_symmetry([8191, 8191, 8190, 8191])
    >>> labels.tolist(), len(permutations)
    ([0, 0, 2, 0], 6)
    """

    labels = np.array([suit_live.index(mask) for mask in suit_live], dtype=np.int64)
    kept = [moved for moved in permutations(range(4)) if all(suit_live[moved[t]] == suit_live[t] for t in range(4))]
    return labels, np.array(kept, dtype=np.int64)
