"""What every dealer class holds at once, vectorised: the games' push flags and the side-bet lines.

The per-hand readings live in ``core.games`` (a game's push rule on one setting) and
``core.bonus_hands`` (the lines seven cards hold); here the same questions are answered for all
292,253 dealer classes of a table with numpy, for the engine, the whole game and side-bet odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from paigow_cli.core.bonus_hands import (
    FIVE_WINDOWS,
    PAI_GOW_LINES,
    RANKS,
    ROYAL_WINDOW,
    SEVEN_WINDOWS,
    Line,
)
from paigow_cli.core.games import PAI_GOW_PUSH_TOP, is_nine_high_low
from paigow_cli.core.rules import Game
from paigow_cli.engine.dealer_classes import DealerClasses
from paigow_cli.engine.dealer_table import DealerTable

_PUSH_CACHE: dict[tuple[int, Game], tuple[DealerTable, tuple[np.ndarray, np.ndarray]]] = {}


def push_classes(table: DealerTable, game: Game) -> tuple[np.ndarray, np.ndarray] | None:
    """Per multiset class and per flush class: the dealer hands of that class push every bet.

    None in the classic game. A flush class is never a pai gow; its low hand can be 9-high.
    Computed once per table and game (a batch asks for every hand).
    """
    if game is Game.CLASSIC:
        return None
    cached = _PUSH_CACHE.get((id(table), game))
    if cached is not None and cached[0] is table:
        return cached[1]
    if game is Game.COMMISSION_FREE:
        pushes = nine_high_low_classes(table)
    else:
        pushes = (pai_gow_classes(table.classes, PAI_GOW_PUSH_TOP[game]), np.zeros(len(table.flush_low), dtype=bool))
    if len(_PUSH_CACHE) >= 8:
        _PUSH_CACHE.clear()
    _PUSH_CACHE[(id(table), game)] = (table, pushes)
    return pushes


def push_layers(table: DealerTable, games: Sequence[Game]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One layer per set of ``games`` a dealer class pushes every bet in: each multiset and flush
    class's layer, and ``settles[g, layer]`` (the layer's hands are settled in ``games[g]``).
    The classic game and Face Up, say, make two layers: hands that push in Face Up, and the rest."""
    patterns = [np.zeros(len(table.multiset_low), dtype=np.int64), np.zeros(len(table.flush_low), dtype=np.int64)]
    for at, game in enumerate(games):
        pushes = push_classes(table, game)
        if pushes is not None:
            for kind in range(2):
                patterns[kind] |= pushes[kind].astype(np.int64) << at
    found, layer = np.unique(np.concatenate(patterns), return_inverse=True)
    settles = np.array([[not pattern >> at & 1 for pattern in found.tolist()] for at in range(len(games))], dtype=bool)
    count = len(patterns[0])
    return layer[:count].astype(np.uint8), layer[count:].astype(np.uint8), settles


def nine_high_low_classes(table: DealerTable) -> tuple[np.ndarray, np.ndarray]:
    """Per multiset and per flush class: the house way sets a 9-high low hand (Tiger 9, Commission-Free)."""
    nine_high = np.array([is_nine_high_low(int(key)) for key in table.low_values])
    return nine_high[table.multiset_low], nine_high[table.flush_low]


# --- side-bet lines of every dealer class --------------------------------------------------------


@lru_cache(maxsize=1)
def _popcount() -> np.ndarray:
    return np.array([bin(mask).count("1") for mask in range(1 << RANKS)], dtype=np.int8)


def _runs(masks: np.ndarray, joker: np.ndarray, windows: Sequence[int], size: int) -> np.ndarray:
    held = np.zeros(len(masks), dtype=bool)
    for window in windows:
        held |= _popcount()[masks & window] + joker >= size
    return held


def _count_bits(counts: np.ndarray) -> np.ndarray:
    """Line bits of rank counts (the joker already counted in): five aces, five of a kind, four and
    three of a kind, full house."""
    most = counts.max(axis=1)
    pairs = (counts >= 2).sum(axis=1)
    bits = np.zeros(len(counts), dtype=np.int64)
    bits |= (counts[:, RANKS - 1] == 5).astype(np.int64) << Line.FIVE_ACES
    bits |= (most == 5).astype(np.int64) << Line.FIVE_OF_A_KIND
    bits |= (most >= 4).astype(np.int64) << Line.FOUR_OF_A_KIND
    bits |= (most >= 3).astype(np.int64) << Line.THREE_OF_A_KIND
    bits |= ((most >= 3) & (pairs >= 2)).astype(np.int64) << Line.FULL_HOUSE
    return bits


def _rank_lines(counts: np.ndarray, joker: np.ndarray, *, wild: bool = False) -> np.ndarray:
    """Line bits that depend on rank counts only (pairs, trips, straights, pai gow). The bug joker
    counts as an ace; a ``wild`` one holds every line it makes as any rank (trips, a single and the
    joker hold four of a kind and a full house), and a hand with it is never a pai gow."""
    real = counts.astype(np.int16)
    masks = ((real > 0) << np.arange(RANKS)).sum(axis=1)
    straight = _runs(masks, joker, FIVE_WINDOWS, 5)
    if wild:
        bits = _count_bits(real)
        for rank in range(RANKS):
            as_rank = real.copy()
            as_rank[:, rank] += joker
            bits |= _count_bits(as_rank)
        most = real.max(axis=1) + joker
    else:
        with_ace = real.copy()
        with_ace[:, RANKS - 1] += joker
        bits = _count_bits(with_ace)
        most = with_ace.max(axis=1)
    bits |= straight.astype(np.int64) << Line.STRAIGHT
    top = RANKS - 1 - np.argmax((real[:, ::-1] + (joker[:, None] if not wild else 0)) > 0, axis=1) + 2
    pai_gow = (most == 1) & ~straight  # the highest rank held, the bug joker as an ace
    for rank, line in PAI_GOW_LINES.items():
        bits |= (pai_gow & (top == rank)).astype(np.int64) << line
    return bits


def class_lines(classes: DealerClasses, *, wild: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The line mask of every multiset class and every flush class (royal match aside), the joker
    ``wild`` or the bug.

    Multiset classes stand for the hands of their ranks that make no flush, so they hold
    no flush line; a flush class's hands all hold the same lines, because its suited ranks,
    its other ranks and the joker are fixed. The royal match depends on the suits of the two
    cards outside the flush, which a class does not fix: ``side_bets`` counts it apart.
    """
    multiset_joker = classes.multiset_joker.astype(np.int16)
    multiset = _rank_lines(classes.multiset_counts, multiset_joker, wild=wild)
    flush_joker = classes.flush_joker.astype(np.int16)
    flush = multiset[classes.flush_multiset] & ~np.int64(sum(1 << line for line in PAI_GOW_LINES.values()))
    suited = classes.flush_suited.astype(np.int64)
    flush |= 1 << Line.FLUSH
    flush |= _runs(suited, flush_joker, FIVE_WINDOWS, 5).astype(np.int64) << Line.STRAIGHT_FLUSH
    flush |= (_popcount()[suited & ROYAL_WINDOW] + flush_joker >= 5).astype(np.int64) << Line.ROYAL_FLUSH
    natural = np.zeros(len(suited), dtype=bool)
    for window in SEVEN_WINDOWS:
        natural |= (suited & window) == window
    with_joker = ~natural & (flush_joker == 1) & _runs(suited, flush_joker, SEVEN_WINDOWS, 7)
    flush |= natural.astype(np.int64) << Line.SEVEN_CARD_STRAIGHT_FLUSH
    flush |= with_joker.astype(np.int64) << Line.SEVEN_CARD_STRAIGHT_FLUSH_JOKER
    return multiset, flush


def pai_gow_classes(classes: DealerClasses, top: int) -> np.ndarray:
    """Per multiset class: its hands are pai gow with this top rank (flush classes never are)."""
    bit = 1 << PAI_GOW_LINES[top]
    joker = classes.multiset_joker.astype(np.int16)
    return (_rank_lines(classes.multiset_counts, joker) & bit) != 0
