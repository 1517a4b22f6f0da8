"""Compiled inner loops of the exact engine (numba): dealer-class weights scattered into a grid.

The one hot step of every exact answer is: for the live cards, weigh each of the
292,253 dealer classes and add its weight to the cell of the dealer's setting
(``scatter_dealer`` for one hand; ``play_group`` for every hand of a rank group in
the whole game, which reuses each suit's flush part):

- multiset class ``m``: ``prod_r C(live_r, m_r)`` (every hand of those ranks, flushes too);
- flush class ``f`` in suit ``t``: ``[S ⊆ live in t] * prod_{r in O} C(live_r outside t, o_r)``,
  added to its own cell and taken off its multiset's cell (those hands are not the
  multiset's non-flush hands).

Cells are ``layer * rows * cols + row_of[high] * cols + col_of[low]``, where ``layer``
is 1 for a class whose dealer hand pushes every bet in the game, so any bucketing
of the dealer's (high, low) values (full resolution for one hand, a few buckets
for the whole game) is the same pass. Everything is exact int64 arithmetic.

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
def scatter_multisets(
    live_rank,
    joker_live,
    multiset_counts,
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
    """Every multiset class: ``prod_r C(live_r, m_r)`` hands (flush ones too) at its setting's cell."""
    choose = _choose_table()
    layer = rows * cols
    for m in range(multiset_counts.shape[0]):
        if multiset_joker[m] and not joker_live:
            continue
        weight = 1
        for r in range(13):
            c = multiset_counts[m, r]
            if c:
                weight *= choose[live_rank[r], c]
                if weight == 0:
                    break
        if weight:
            out[multiset_push[m] * layer + row_of[multiset_high[m]] * cols + col_of[multiset_low[m]]] += weight


@njit(cache=True, nogil=True)
def flush_cells(flush_high, flush_low, flush_push, parent_high, parent_low, parent_push, row_of, col_of, rows, cols):
    """Each flush class's cell and its multiset's cell under one bucketing (for ``scatter_flush_cells``)."""
    layer = rows * cols
    count = flush_high.shape[0]
    own = np.empty(count, dtype=np.int32)
    parent = np.empty(count, dtype=np.int32)
    for i in range(count):
        own[i] = flush_push[i] * layer + row_of[flush_high[i]] * cols + col_of[flush_low[i]]
        parent[i] = parent_push[i] * layer + row_of[parent_high[i]] * cols + col_of[parent_low[i]]
    return own, parent


@njit(cache=True, nogil=True)
def scatter_flush_cells(live_mask, live_rank, joker_live, mask_start, flush_other, flush_joker, own, parent, out):
    """The flush classes of one suit whose live ranks are ``live_mask`` (only classes whose suited
    ranks all lie inside it are visited, by submask), each added at its own cell and taken off its
    multiset's cell; the cells come from ``flush_cells``. ``live_rank`` counts live cards per rank."""
    choose = _choose_table()
    outside = np.empty(14, dtype=np.int64)
    for r in range(13):
        outside[r] = live_rank[r] - ((live_mask >> r) & 1)
    outside[NO_RANK] = 1
    sub = live_mask
    while True:
        for i in range(mask_start[sub], mask_start[sub + 1]):
            if flush_joker[i] and not joker_live:
                continue
            first, second = flush_other[i, 0], flush_other[i, 1]
            if first == second and first != NO_RANK:
                weight = choose[outside[first], 2]
            else:
                weight = outside[first] * outside[second]
            if weight:
                out[own[i]] += weight
                out[parent[i]] -= weight
        if sub == 0:
            break
        sub = (sub - 1) & live_mask


@njit(cache=True, nogil=True)
def scatter_dealer(
    live_rank,
    suit_live,
    joker_live,
    multiset_counts,
    multiset_joker,
    multiset_high,
    multiset_low,
    multiset_push,
    flush_suited,
    flush_other,
    flush_joker,
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

    One pass over the flush classes adds up the four suits' weights of each (a class's cell does
    not depend on its suit), so each class's cells are looked up once.
    """
    scatter_multisets(
        live_rank,
        joker_live,
        multiset_counts,
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
    choose = _choose_table()
    layer = rows * cols
    outside = np.empty((4, 14), dtype=np.int64)
    for t in range(4):
        for r in range(13):
            outside[t, r] = live_rank[r] - ((suit_live[t] >> r) & 1)
        outside[t, NO_RANK] = 1
    for i in range(flush_suited.shape[0]):
        if flush_joker[i] and not joker_live:
            continue
        suited = flush_suited[i]
        first, second = flush_other[i, 0], flush_other[i, 1]
        pair = first == second and first != NO_RANK
        weight = 0
        for t in range(4):
            if suited & suit_live[t] == suited:
                if pair:
                    weight += choose[outside[t, first], 2]
                else:
                    weight += outside[t, first] * outside[t, second]
        if weight:
            out[flush_push[i] * layer + row_of[flush_high[i]] * cols + col_of[flush_low[i]]] += weight
            out[parent_push[i] * layer + row_of[parent_high[i]] * cols + col_of[parent_low[i]]] -= weight
    return out


@njit(cache=True, nogil=True)
def grid_functionals(grid, rows, cols, hcut, lcut, heq, leq, values):
    """Per setting ``u``: (wins, losses, high copies, low copies) of the dealer hands in ``grid``.

    ``hcut[u]``/``lcut[u]`` rows/columns are the dealer values the player takes; ``heq``/``leq``
    the row/column of his own values (copies). Layer 1 (pushing hands) counts only for copies.
    """
    below = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    row_total = np.zeros(rows, dtype=np.int64)
    col_total = np.zeros(cols, dtype=np.int64)
    layer = rows * cols
    for i in range(rows):
        running = 0
        for j in range(cols):
            cell = grid[i * cols + j]
            pushed = grid[layer + i * cols + j]
            running += cell
            below[i + 1, j + 1] = below[i, j + 1] + running
            row_total[i] += cell + pushed
            col_total[j] += cell + pushed
    settling = below[rows, cols]
    for u in range(hcut.shape[0]):
        wins = below[hcut[u], lcut[u]]
        values[u, 0] = wins
        values[u, 1] = settling - below[hcut[u], cols] - below[rows, lcut[u]] + wins
        values[u, 2] = row_total[heq[u]]
        values[u, 3] = col_total[leq[u]]


@njit(cache=True, nogil=True)
def play_group(
    choice_masks,
    choice_count,
    joker,
    suit_key,
    live_rank,
    suit_live,
    joker_live,
    flush_class_of,
    class_settings,
    class_count,
    class_house,
    class_rule,
    class_chart,
    chart_split,
    chart_together,
    hcut,
    lcut,
    heq,
    leq,
    rows,
    cols,
    base,
    mask_start,
    flush_other,
    flush_joker,
    flush_high,
    flush_low,
    flush_push,
    parent_high,
    parent_low,
    parent_push,
    row_of,
    col_of,
    pay,
    charge,
    dealer_total,
    house_totals,
    best_totals,
    rule_stats,
    rule_example,
    chart,
):
    """Every player hand of one rank group (its suits run through ``choice_masks``), settled exactly
    against every dealer hand of the rest, by the house way and by the best EV.

    The dealer's counts for a player hand are the group's ``base`` (multiset classes, which do not
    see suits) plus, per suit, the flush classes left live by the player's cards in that suit:
    computed once per (suit key, ranks held in it) and reused. Scores are ``pay * wins - charge *
    losses`` (exact integers: the EV times ``charge * dealer_total``).
    Totals are (hands, wins, pushes, losses, high copies, low copies, score).
    """
    settings = hcut.shape[0]
    memo_index = np.full(4 * 8192, -1, dtype=np.int64)
    memo = np.zeros((64, settings, 4), dtype=np.int64)
    used = 0
    grid = np.zeros(2 * rows * cols, dtype=np.int64)
    position = np.zeros(13, dtype=np.int64)
    slots = np.zeros(4, dtype=np.int64)
    total = np.zeros((21, 4), dtype=np.int64)
    held = np.zeros(4, dtype=np.int64)  # ranks held per suit
    own, parent = flush_cells(
        flush_high, flush_low, flush_push, parent_high, parent_low, parent_push, row_of, col_of, rows, cols
    )
    while True:
        held[:] = 0
        for r in range(13):
            mask = choice_masks[r, position[r]]
            for t in range(4):
                if (mask >> t) & 1:
                    held[t] |= 1 << r
        player_class = 0
        for t in range(4):
            count = 0
            x = held[t]
            while x:
                x &= x - 1
                count += 1
            if count + joker >= 5:
                player_class = flush_class_of[held[t]]
                if player_class < 0:
                    raise ArithmeticError("a player hand's flush class is missing from its group")
        for t in range(4):
            key = suit_key[t] * 8192 + held[t]
            slot = memo_index[key]
            if slot < 0:
                if used == memo.shape[0]:
                    bigger = np.zeros((2 * used, settings, 4), dtype=np.int64)
                    bigger[:used] = memo
                    memo = bigger
                grid[:] = 0
                scatter_flush_cells(
                    suit_live[t] & ~held[t],
                    live_rank,
                    joker_live,
                    mask_start,
                    flush_other,
                    flush_joker,
                    own,
                    parent,
                    grid,
                )
                grid_functionals(grid, rows, cols, hcut, lcut, heq, leq, memo[used])
                memo_index[key] = used
                slot = used
                used += 1
            slots[t] = slot
        count = class_count[player_class]
        house_at = -1
        best_at = -1
        best_score = 0
        house_score = 0
        for k in range(count):
            u = class_settings[player_class, k]
            for v in range(4):
                total[k, v] = (
                    base[u, v]
                    + memo[slots[0], u, v]
                    + memo[slots[1], u, v]
                    + memo[slots[2], u, v]
                    + memo[slots[3], u, v]
                )
            if total[k, 0] + total[k, 1] > dealer_total or total[k, 0] < 0 or total[k, 1] < 0:
                raise ArithmeticError("a setting's dealer counts do not fit the live cards")
            score = pay * total[k, 0] - charge * total[k, 1]
            if u == class_house[player_class]:
                house_at = k
                house_score = score
            if best_at < 0 or score > best_score:
                best_at = k
                best_score = score
        for which in range(2):
            k = house_at if which == 0 else best_at
            totals = house_totals if which == 0 else best_totals
            totals[0] += 1
            totals[1] += total[k, 0]
            totals[2] += dealer_total - total[k, 0] - total[k, 1]
            totals[3] += total[k, 1]
            totals[4] += total[k, 2]
            totals[5] += total[k, 3]
            totals[6] += pay * total[k, 0] - charge * total[k, 1]
        rule = class_rule[player_class]
        given_up = best_score - house_score
        rule_stats[rule, 0] += 1
        if given_up > 0:
            rule_stats[rule, 1] += 1
            rule_stats[rule, 2] += given_up
            if given_up > rule_stats[rule, 3]:
                rule_stats[rule, 3] = given_up
                for r in range(13):
                    rule_example[rule, r] = choice_masks[r, position[r]]
        cell = class_chart[player_class]
        if cell >= 0:
            chart[cell, 0] += 1
            for which in range(2):
                u = chart_split[player_class] if which == 0 else chart_together[player_class]
                wins = (
                    base[u, 0]
                    + memo[slots[0], u, 0]
                    + memo[slots[1], u, 0]
                    + memo[slots[2], u, 0]
                    + memo[slots[3], u, 0]
                )
                losses = (
                    base[u, 1]
                    + memo[slots[0], u, 1]
                    + memo[slots[1], u, 1]
                    + memo[slots[2], u, 1]
                    + memo[slots[3], u, 1]
                )
                chart[cell, 1 + which] += pay * wins - charge * losses
            if class_house[player_class] == chart_split[player_class]:
                chart[cell, 3] += 1
            elif class_house[player_class] == chart_together[player_class]:
                chart[cell, 4] += 1
        # the next suit assignment (an odometer over the ranks' choices)
        r = 0
        while r < 13:
            position[r] += 1
            if position[r] < choice_count[r]:
                break
            position[r] = 0
            r += 1
        if r == 13:
            break
