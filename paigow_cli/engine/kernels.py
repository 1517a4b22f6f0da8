"""Compiled inner loops of the exact engine (numba): dealer-class weights scattered into a grid.

The one hot step of every exact answer is: for the live cards, weigh each of the
292,253 dealer classes and add its weight to the cell of the dealer's setting
(``scatter_dealer`` here, for one hand; for the whole game, ``group_play.play_group`` for
every hand of a rank group, which reuses each suit's flush part from ``flush_walk`` and reads
the settings' counts with ``functionals``; they share this module's small helpers):

- multiset class ``m``: ``prod_r C(live_r, m_r)`` (every hand of those ranks, flushes too);
- flush class ``f`` in suit ``t``: ``[S ⊆ live in t] * prod_{r in O} C(live_r outside t, o_r)``,
  added to its own cell and taken off its multiset's cell (those hands are not the
  multiset's non-flush hands).

Cells are ``layer * rows * cols + row_of[high] * cols + col_of[low]``, where ``layer``
is 1 for a class whose dealer hand pushes every bet in the game (the whole game,
which answers several games at once, gives each set of games a class pushes in its
own layer), so any bucketing of the dealer's (high, low) values (full resolution for
one hand, a few buckets for the whole game) is the same pass. Everything is exact
int64 arithmetic.

This module imports numba; only the engine's callers load it (never ``--help``,
``house`` or ``eval``). Compiled code is cached on disk by numba after the first run.
"""

from __future__ import annotations

import numpy as np
from numba import njit

NO_RANK = 13  # an unused "other rank" slot of a flush class (dealer_classes.NO_RANK)


@njit(cache=True, nogil=True)
def _choose_table():
    choose = np.zeros((5, 5), dtype=np.int64)
    for n in range(5):
        choose[n, 0] = 1
        for k in range(1, n + 1):
            choose[n, k] = choose[n, k - 1] * (n - k + 1) // k
    return choose


@njit(cache=True, nogil=True)
def _part_weights(live_rank):
    """``prod C(live_r, m_r)`` over each part's ranks (2-5, 6-9, T-A: ``dealer_classes.RANK_PARTS``),
    for every base-5 number of its counts m_r (the lowest rank the lowest digit). Built a rank at a
    time, each digit multiplying the table so far (no division by 5: a twentieth of the time)."""
    choose = _choose_table()
    weights = np.zeros((3, 5**5), dtype=np.int64)
    for part in range(3):
        first = 4 * part
        ranks = 4 if part < 2 else 5
        row = weights[part]
        row[0] = 1
        span = 1  # entries filled: the numbers of the ranks so far
        for k in range(ranks):
            live = live_rank[first + k]
            for digit in range(4, -1, -1):  # the highest first: entries below ``span`` are read last
                factor = choose[live, digit]
                for lower in range(span):
                    row[digit * span + lower] = row[lower] * factor
            span *= 5
    return weights


@njit(cache=True, nogil=True)
def scatter_multisets(
    live_rank,
    joker_live,
    multiset_digits,
    multiset_joker,
    multiset_high,
    multiset_low,
    multiset_push,
    row_of,
    col_of,
    rows,
    cols,
    out,
):
    """Every multiset class: ``prod_r C(live_r, m_r)`` hands (flush ones too) at its setting's cell.

    ``multiset_digits`` holds each class's rank counts as three base-5 numbers (``dealer_classes.RANK_PARTS``),
    so a weight is three lookups in the parts' tables. The cells are looked up in a pass of their
    own before the weights are added: one loop doing both took about twice as long (measured on a
    chunk's rank groups; the stores into ``out`` seem to hold back the next loads).
    """
    weights = _part_weights(live_rank)
    layer = rows * cols
    count = multiset_digits.shape[0]
    cells = np.empty(count, dtype=np.int32)
    for m in range(count):
        cells[m] = multiset_push[m] * layer + row_of[multiset_high[m]] * cols + col_of[multiset_low[m]]
    for m in range(count):
        if multiset_joker[m] and not joker_live:
            continue
        out[cells[m]] += (
            weights[0, multiset_digits[m, 0]] * weights[1, multiset_digits[m, 1]] * weights[2, multiset_digits[m, 2]]
        )


@njit(cache=True, nogil=True)
def flush_cells(
    flush_high, flush_low, flush_push, parent_of, parent_high, parent_low, parent_push, row_of, col_of, shape
):
    """Each flush class's cell (low 16 bits) and its multiset's cell (high 16) under one bucketing,
    in one uint32: the whole game's grids are small, and ``flush_parts`` walks this array once per
    group (one stream of 4 bytes a class, read in the order they are stored, stays ahead of the
    walk). The multisets' cells are found once each (``parent_of``: a class's index into
    ``parent_high``, ``parent_low``, ``parent_push``; far fewer than the classes), and with one
    layer (one game asked) the push layers are not read. One pass over the classes makes both halves
    (a fifth less time than a pass for each)."""
    rows, cols, layers = shape
    layer = rows * cols
    if layers * layer > 32768:
        raise ArithmeticError("the grid is too large for 16-bit cells")
    row_at = np.empty(row_of.shape[0], dtype=np.uint32)  # a high value's row, times the row's length
    for h in range(row_of.shape[0]):
        row_at[h] = row_of[h] * cols
    col_at = col_of.astype(np.uint32)
    parent_cell = np.empty(parent_high.shape[0], dtype=np.uint32)  # already in the high 16 bits
    for m in range(parent_high.shape[0]):
        parent_cell[m] = (parent_push[m] * layer + row_at[parent_high[m]] + col_at[parent_low[m]]) << 16
    count = flush_high.shape[0]
    cells = np.empty(count, dtype=np.uint32)
    if layers == 1:
        for i in range(count):
            cells[i] = (row_at[flush_high[i]] + col_at[flush_low[i]]) | parent_cell[parent_of[i]]
    else:
        for i in range(count):
            own = flush_push[i] * layer + row_at[flush_high[i]] + col_at[flush_low[i]]
            cells[i] = own | parent_cell[parent_of[i]]
    return cells


@njit(cache=True, nogil=True)
def _bucketed(values, thresholds):
    """``distribution.bucket`` of sorted ``values`` around sorted ``thresholds``, in one merge:
    ``2 * (thresholds below a value)``, plus 1 when it equals one."""
    found = np.empty(values.shape[0], dtype=np.int64)
    below = 0
    for at in range(values.shape[0]):
        value = values[at]
        while below < thresholds.shape[0] and thresholds[below] < value:
            below += 1
        found[at] = 2 * below + (below < thresholds.shape[0] and thresholds[below] == value)
    return found


@njit(cache=True, nogil=True)
def group_lines(keys, banker, high_values, low_values):
    """A rank group's grid lines from its settings' (high key, low key) ``keys``: the distinct
    highs and lows, each question's cuts (the rows and columns the player takes, one further on
    the bank's side: ``banker[q]`` 1), the rows and columns of his own values (copies), and every
    dealer value's row and column (``_bucketed``; ``high_values`` and ``low_values`` sorted).
    Returns (highs, lows, hcut, lcut, heq, leq, row_of, col_of)."""
    highs, lows = np.unique(keys[:, 0]), np.unique(keys[:, 1])
    heq = 2 * np.searchsorted(highs, keys[:, 0]) + 1
    leq = 2 * np.searchsorted(lows, keys[:, 1]) + 1
    side = banker.reshape((-1, 1))
    return (
        highs,
        lows,
        heq.reshape((1, -1)) + side,
        leq.reshape((1, -1)) + side,
        heq,
        leq,
        _bucketed(high_values, highs),
        _bucketed(low_values, lows),
    )


@njit(cache=True, nogil=True)
def _suit_weights(live_rank, suit_live):
    """For every set of suits (a 4-bit mask), the ways to deal a flush class's other cards, summed
    over those suits: two other ranks (``pairs[suits, o1, o2]``, o1 <= o2), one, or none."""
    choose = _choose_table()
    outside = np.empty((4, 13), dtype=np.int64)  # cards of each rank outside suit t
    for t in range(4):
        for r in range(13):
            outside[t, r] = live_rank[r] - ((suit_live[t] >> r) & 1)
    pairs = np.zeros((16, 13, 13), dtype=np.int64)
    singles = np.zeros((16, 13), dtype=np.int64)
    nones = np.zeros(16, dtype=np.int64)
    for suits in range(1, 16):
        for t in range(4):
            if (suits >> t) & 1:
                nones[suits] += 1
                for o1 in range(13):
                    singles[suits, o1] += outside[t, o1]
                    pairs[suits, o1, o1] += choose[outside[t, o1], 2]
                    for o2 in range(o1 + 1, 13):
                        pairs[suits, o1, o2] += outside[t, o1] * outside[t, o2]
    return pairs, singles, nones


@njit(cache=True, nogil=True)
def _flush_block(
    out,
    c,
    count,
    others,
    weights,
    suits,
    flush_high,
    flush_low,
    flush_push,
    parent_high,
    parent_low,
    parent_push,
    row_of,
    col_of,
    rows,
    cols,
):
    """One block of a suited mask's flush classes (``others`` 2, 1 or 0 other ranks, in order), each
    weighed for the suits it is live in, added at its cell and taken off its multiset's. Each cell is
    found where it is added: looking a block's cells up first, into scratch (as
    ``scatter_multisets``), made a hand's counts about 15% slower."""
    layer = rows * cols
    pairs, singles, nones = weights
    o1, o2 = 0, 0
    for k in range(count):
        if others == 2:
            weight = pairs[suits, o1, o2]
            o2 += 1
            if o2 == 13:
                o1 += 1
                o2 = o1
        elif others == 1:
            weight = singles[suits, k]
        else:
            weight = nones[suits]
        i = c + k
        out[flush_push[i] * layer + row_of[flush_high[i]] * cols + col_of[flush_low[i]]] += weight
        out[parent_push[i] * layer + row_of[parent_high[i]] * cols + col_of[parent_low[i]]] -= weight
    return c + count


@njit(cache=True, nogil=True)
def scatter_dealer(
    live_rank,
    suit_live,
    joker_live,
    multiset_digits,
    multiset_joker,
    multiset_high,
    multiset_low,
    multiset_push,
    mask_start,
    flush_high,
    flush_low,
    flush_push,
    parent_high,
    parent_low,
    parent_push,
    row_of,
    col_of,
    rows,
    cols,
    out,
):
    """Every dealer class's exact weight for these live cards, added into ``out`` (see the module).

    The flush classes are walked by suited mask in the layout ``flush_parts`` documents: a mask's
    classes are live in the same suits, so each class's weight, summed over those suits, is one
    lookup (``_suit_weights``) and its cells are looked up once.
    """
    scatter_multisets(
        live_rank,
        joker_live,
        multiset_digits,
        multiset_joker,
        multiset_high,
        multiset_low,
        multiset_push,
        row_of,
        col_of,
        rows,
        cols,
        out,
    )
    weights = _suit_weights(live_rank, suit_live)
    sizes = np.array([91, 13, 1])  # classes in a block of two, one or no other ranks
    cells = (flush_high, flush_low, flush_push, parent_high, parent_low, parent_push, row_of, col_of, rows, cols)
    for suited in range(mask_start.shape[0] - 1):
        c = mask_start[suited]
        if c == mask_start[suited + 1]:
            continue
        suits = 0
        for t in range(4):
            if suited & suit_live[t] == suited:
                suits |= 1 << t
        if suits == 0:
            continue
        size = _popcount(suited)
        if size >= 5:  # without the joker: 7 - size other ranks
            c = _flush_block(out, c, sizes[size - 5], 7 - size, weights, suits, *cells)
        if joker_live and size <= 6:  # with it: 6 - size
            c = _flush_block(out, c, sizes[size - 4], 6 - size, weights, suits, *cells)
    return out


@njit(cache=True, nogil=True)
def _popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count
