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
    for every base-5 number of its counts m_r (the lowest rank the lowest digit)."""
    choose = _choose_table()
    weights = np.zeros((3, 5**5), dtype=np.int64)
    for part in range(3):
        first = 4 * part
        ranks = 4 if part < 2 else 5
        for digits in range(5**ranks):
            weight = 1
            rest = digits
            for k in range(ranks):
                weight *= choose[live_rank[first + k], rest % 5]
                rest //= 5
            weights[part, digits] = weight
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
    so a weight is three lookups in the parts' tables.
    """
    weights = _part_weights(live_rank)
    layer = rows * cols
    for m in range(multiset_digits.shape[0]):
        if multiset_joker[m] and not joker_live:
            continue
        weight = (
            weights[0, multiset_digits[m, 0]] * weights[1, multiset_digits[m, 1]] * weights[2, multiset_digits[m, 2]]
        )
        if weight:
            out[multiset_push[m] * layer + row_of[multiset_high[m]] * cols + col_of[multiset_low[m]]] += weight


@njit(cache=True, nogil=True)
def flush_cells(flush_high, flush_low, flush_push, parent_high, parent_low, parent_push, row_of, col_of, rows, cols):
    """Each flush class's cell and its multiset's cell under one bucketing, as int16: the whole
    game's grids are small, and ``flush_parts`` walks these arrays once per group (half the bytes
    of int32 stay in cache)."""
    layer = rows * cols
    count = flush_high.shape[0]
    own = np.empty(count, dtype=np.int16)
    parent = np.empty(count, dtype=np.int16)
    top = 0
    for i in range(count):
        mine = flush_push[i] * layer + row_of[flush_high[i]] * cols + col_of[flush_low[i]]
        theirs = parent_push[i] * layer + row_of[parent_high[i]] * cols + col_of[parent_low[i]]
        top = max(top, mine, theirs)
        own[i] = mine
        parent[i] = theirs
    if top >= 32768:
        raise ArithmeticError("the grid is too large for int16 cells")
    return own, parent


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
    weighed for the suits it is live in, added at its cell and taken off its multiset's."""
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
def grid_functionals(grid, rows, cols, layers, settles, game_of, hcut, lcut, heq, leq, probes, values):
    """Per question ``q`` and setting ``u``: (wins, losses, high copies, low copies) of the dealer
    hands in ``grid`` (``layers`` layers of rows x cols, see ``_functionals_into``)."""
    _functionals_into(
        grid,
        0,
        rows,
        cols,
        layers,
        settles,
        game_of,
        hcut,
        lcut,
        heq,
        leq,
        probes,
        np.array([0, rows, 0, cols]),
        values,
        np.zeros((layers, rows + 1, cols + 1), dtype=np.int64),
        np.zeros(rows, dtype=np.int64),
        np.zeros(cols, dtype=np.int64),
        np.zeros(layers, dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def _summed(base, memo, slots, q, u, v):
    """Functional ``v`` of setting ``u`` for one player hand: the group's part plus each suit's."""
    return (
        base[q, u, v]
        + memo[slots[0], q, u, v]
        + memo[slots[1], q, u, v]
        + memo[slots[2], q, u, v]
        + memo[slots[3], q, u, v]
    )


@njit(cache=True, nogil=True)
def _coded(total, base, memo, slots, q, code):
    """A count by its ``whole_game.shown_probes`` code: the class's k-th setting's, summed already
    (``-(2 + 4k + v)``), or any slot's (``4 * slot + v``)."""
    if code <= -2:
        own = -code - 2
        return total[own // 4, own % 4]
    return _summed(base, memo, slots, q, code // 4, code % 4)


@njit(cache=True, nogil=True)
def _popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True, nogil=True)
def _functionals_into(
    grid,
    start,
    rows,
    cols,
    layers,
    settles,
    game_of,
    hcut,
    lcut,
    heq,
    leq,
    probes,
    box,
    values,
    below,
    row_total,
    col_total,
    running,
):
    """(wins, losses, high copies, low copies) per question ``q`` and setting ``u`` of the dealer
    hands in the grid at ``grid[start:]``: ``layers`` layers of rows x cols, a layer holding the
    dealer classes that push every bet in the same games (``settles[g, p]``: layer ``p`` is
    settled in game ``g``; ``game_of[q]`` is question q's game). ``hcut[q, u]``/``lcut[q, u]``
    rows/columns are the dealer values the player takes; ``heq``/``leq`` the row/column of his own
    values (copies, in every layer). ``below`` (layers, rows + 1, cols + 1), ``row_total``,
    ``col_total`` and ``running`` (layers) are the caller's scratch arrays.

    Wins and losses count the settled hands only, so when the questions ask one game (layer 0
    settles, layer 1 pushes) only layer 0 is summed into a cumulative plane, and layer 1 adds to
    the copies' row and column totals within ``box`` (top, bottom, left, right: the rows and
    columns hands of layers 1 and up can be in); questions of several games read each layer's plane.
    """
    area = rows * cols
    by_game = layers == 2 and settles[game_of[0], 0] and not settles[game_of[0], 1]
    for q in range(game_of.shape[0]):  # one game asked, whose pushes are layer 1
        by_game = by_game and game_of[q] == game_of[0]
    if layers == 1 or by_game:  # layer 0 settles, the common case, kept lean
        sums = below[0]
        for i in range(rows):
            across = 0
            for j in range(cols):
                across += grid[start + i * cols + j]
                sums[i + 1, j + 1] = sums[i, j + 1] + across
            row_total[i] = across
        for j in range(cols):
            col_total[j] = sums[rows, j + 1] - sums[rows, j]
        if by_game:  # layer 1's pushed hands count in the copies only
            for i in range(box[0], box[1]):
                for j in range(box[2], box[3]):
                    value = grid[start + area + i * cols + j]
                    row_total[i] += value
                    col_total[j] += value
    else:
        row_total[:] = 0
        col_total[:] = 0
        for i in range(rows):
            running[:] = 0
            for j in range(cols):
                at = start + i * cols + j
                total = 0
                for p in range(layers):
                    value = grid[at + p * area]
                    total += value
                    running[p] += value
                    below[p, i + 1, j + 1] = below[p, i, j + 1] + running[p]
                row_total[i] += total
                col_total[j] += total
    for q in range(values.shape[0]):
        g = game_of[q]
        for u in range(hcut.shape[1]):
            if heq[u] < 0:  # a slot of four corner probes (Face Up's staircase: ``whole_game.shown_probes``)
                for v in range(4):
                    kind = probes[u, v, 2]
                    if kind >= 0:
                        values[q, u, v] = _settled(
                            below, layers, settles, g, by_game, rows, cols, probes[u, v, 0], probes[u, v, 1], kind
                        )
                    else:
                        values[q, u, v] = 0
                continue
            values[q, u, 0] = _settled(below, layers, settles, g, by_game, rows, cols, hcut[q, u], lcut[q, u], 0)
            values[q, u, 1] = _settled(below, layers, settles, g, by_game, rows, cols, hcut[q, u], lcut[q, u], 1)
            values[q, u, 2] = row_total[heq[u]]
            values[q, u, 3] = col_total[leq[u]]


@njit(cache=True, nogil=True)
def _settled(below, layers, settles, g, by_game, rows, cols, high, low, kind):
    """Game ``g``'s settled dealer hands below the corner (``high``, ``low``) on both hands (``kind``
    0: the player's wins) or at or above it on both (1: his losses), from ``_functionals_into``'s
    cumulative planes (layer 0's alone ``by_game``, else one per layer)."""
    if by_game:
        return _quadrant(below[0], rows, cols, high, low, kind)
    found = 0
    for p in range(layers):
        if settles[g, p]:
            found += _quadrant(below[p], rows, cols, high, low, kind)
    return found


@njit(cache=True, nogil=True)
def _quadrant(sums, rows, cols, high, low, kind):
    corner = sums[high, low]
    if kind == 0:
        return corner
    return sums[rows, cols] - sums[high, cols] - sums[rows, low] + corner


@njit(cache=True, nogil=True)
def _other_ranks_table(x, var_of, pair_sig, layer, at, weight):
    """Where a flush class goes by its other ranks, for one ``flush_parts`` set of suited ranks:
    per pattern (the 91 pairs o1 <= o2 in order, then the 13 single ranks, then none), the offset
    of its signature's grid and the weight of its other ranks the player cannot hold in this suit
    (``x``; ``var_of`` numbers those he may hold). Returns the signatures the pairs and the singles
    use, a bit each."""
    choose = _choose_table()
    d = pair_sig.shape[0]
    with_pairs = np.int64(0)
    k = 0
    for o1 in range(13):
        v1 = var_of[o1]
        for o2 in range(o1, 13):
            v2 = var_of[o2]
            if o1 == o2 and v1 >= 0:  # one rank he may hold, twice
                sig, w = 1 + d + v1, 1
            elif o1 == o2:
                sig, w = 0, choose[x[o1], 2]
            elif v1 >= 0 and v2 >= 0:
                sig, w = pair_sig[v1, v2], 1
            elif v1 >= 0:
                sig, w = 1 + v1, x[o2]
            elif v2 >= 0:
                sig, w = 1 + v2, x[o1]
            else:
                sig, w = 0, x[o1] * x[o2]
            at[k], weight[k] = sig * layer, w
            with_pairs |= np.int64(1) << sig
            k += 1
    with_single = np.int64(0)
    for o1 in range(13):
        v1 = var_of[o1]
        sig, w = (1 + v1, 1) if v1 >= 0 else (0, x[o1])
        at[91 + o1], weight[91 + o1] = sig * layer, w
        with_single |= np.int64(1) << sig
    at[104], weight[104] = 0, 1
    return with_pairs, with_single


@njit(cache=True, nogil=True)
def _clear(grids, start, rows, cols, layers, box):
    """Zero one grid: layer 0, and the ``box`` of the layers above (no hand of theirs is outside it)."""
    area = rows * cols
    grids[start : start + area] = 0
    for p in range(1, layers):
        for i in range(box[0], box[1]):
            at = start + p * area + i * cols
            grids[at + box[2] : at + box[3]] = 0


@njit(cache=True, nogil=True)
def _add_terms(parts, held_free, counted, key0, times0, key1, times1, key2, times2, key3, times3):
    """``parts[key, held_free] += times * counted`` for up to four (key, times) terms (key -1: none)."""
    for key, times in ((key0, times0), (key1, times1), (key2, times2), (key3, times3)):
        if key >= 0:
            into = parts[key, held_free]
            for i in range(counted.shape[0]):
                into[i] += times * counted[i]


@njit(cache=True, nogil=True)
def _scatter_range(grids, own, parent, pattern, at, weight, start, end):
    """Add flush classes ``start:end`` at their cells and take them off their multisets', each in
    its signature's grid (``at`` and ``weight`` of its ``pattern`` of other ranks, from
    ``_other_ranks_table``)."""
    for i in range(start, end):
        p = pattern[i]
        offset = at[p]
        w = weight[p]
        grids[offset + own[i]] += w
        grids[offset + parent[i]] -= w


@njit(cache=True, nogil=True)
def flush_parts(
    live_mask,
    always,
    varies,
    live_rank,
    joker_live,
    plain_start,
    joker_start,
    pattern,
    own,
    parent,
    rows,
    cols,
    layers,
    settles,
    game_of,
    hcut,
    lcut,
    heq,
    leq,
    probes,
    box,
):
    """The flush part of the dealer's counts in one suit for every set of ranks the player may hold
    in it: ``(2**d, questions, settings, 4)`` (as ``_functionals_into``), indexed by the held ranks
    of ``varies`` (d ranks, lowest rank the lowest bit); the ranks of ``always`` are held in every
    case.

    One pass over the suit's flush classes instead of one per held set: a class is live when
    its suited ranks miss the held ones, and its weight (the ways to deal its other cards,
    ``C(n, k)`` of the cards of their ranks left outside the suit) grows by one card for each
    other rank the player holds in this suit. So each class adds into one grid per (suited ranks
    among ``varies``, signature: which of its other ranks the player may hold, at most two, once
    each or one twice), weighed by its other ranks he cannot hold; a signature's counts expand
    into terms per held other rank (``(x + b)``, ``C(x + b, 2) = C(x, 2) + b x``,
    ``(x1 + b1)(x2 + b2)``, b = 1 for a held rank), and a sum over subsets then gives every held
    set.

    The flush classes of a suited mask S lie in ``plain_start[S]:joker_start[S]`` (without the
    joker) and ``joker_start[S]:plain_start[S + 1]`` (with it), each with its ``pattern`` of other
    ranks (``whole_game.kept_flush_classes``: 0-90 the pairs o1 <= o2 in order, 91 + o1 a single
    rank, 104 none); classes whose setting is their multiset's are left out (they add nothing).
    """
    questions, settings = hcut.shape
    choose = _choose_table()
    index_of = np.full(13, -1, dtype=np.int64)
    ranks_in = np.zeros(13, dtype=np.int64)
    d = 0
    for r in range(13):
        if (varies >> r) & 1:
            index_of[r] = d
            ranks_in[d] = r
            d += 1
    full = (1 << d) - 1
    pair_key = np.zeros((d, d), dtype=np.int64)  # the term of two held other ranks
    pair_sig = np.zeros((d, d), dtype=np.int64)  # the signature of two other ranks he may hold
    keys = 1 + d  # terms: none held (0), one rank a (1 + a), two (pair_key)
    signatures = 1 + 2 * d + d * (d - 1) // 2  # none; one rank a (1 + a); a twice (1 + d + a); two
    if signatures > 63:  # a bit each in ``touched``; a hand holds at most seven ranks (d <= 7: 36)
        raise ArithmeticError("too many ranks the player may hold in one suit")
    sig_first = np.full(signatures, -1, dtype=np.int64)  # a signature's ranks (compact numbers)
    sig_second = np.full(signatures, -1, dtype=np.int64)
    for a in range(d):
        sig_first[1 + a] = sig_first[1 + d + a] = a
        for b in range(a + 1, d):
            pair_key[a, b] = pair_key[b, a] = keys
            pair_sig[a, b] = pair_sig[b, a] = keys + d
            sig_first[keys + d], sig_second[keys + d] = a, b
            keys += 1
    x = np.empty(13, dtype=np.int64)  # cards of each rank outside the suit, none held in it
    for r in range(13):
        x[r] = live_rank[r] - ((live_mask >> r) & 1) + ((always >> r) & 1)
    var_of = np.full(13, -1, dtype=np.int64)
    layer = layers * rows * cols  # one signature's grid
    grids = np.zeros(signatures * layer, dtype=np.int32)  # a cell's classes weigh at most 9 each
    at = np.zeros(91 + 13 + 1, dtype=np.int64)  # the other ranks' patterns: pairs, singles, none
    weight = np.zeros(91 + 13 + 1, dtype=np.int32)
    flat = questions * settings * 4  # one (questions, settings, 4) block of counts, flat
    parts = np.zeros((keys, 1 << d, flat), dtype=np.int64)
    used = np.zeros(keys, dtype=np.bool_)
    counted = np.zeros(flat, dtype=np.int64)
    below = np.zeros((layers, rows + 1, cols + 1), dtype=np.int64)
    row_total = np.zeros(rows, dtype=np.int64)
    col_total = np.zeros(cols, dtype=np.int64)
    running = np.zeros(layers, dtype=np.int64)
    rest = live_mask & ~always & ~varies  # ranks the player cannot hold in this suit
    for held_free in range(1 << d):  # the suited ranks among ``varies`` (compact bits)
        suited_varies = 0
        for r in range(13):
            var_of[r] = -1
            if (varies >> r) & 1:
                if (held_free >> index_of[r]) & 1:
                    suited_varies |= 1 << r
                else:  # an other rank the player may hold
                    var_of[r] = index_of[r]
        with_pairs, with_single = _other_ranks_table(x, var_of, pair_sig, layer, at, weight)
        kinds = (with_pairs, with_single, np.int64(1))  # the signatures two, one or no other ranks use
        touched = np.int64(0)
        sub = rest
        while True:
            suited = suited_varies | sub
            size = _popcount(suited)
            start, middle, end = plain_start[suited], joker_start[suited], plain_start[suited + 1]
            if size >= 5 and start < middle:  # without the joker: 7 - size other ranks
                _scatter_range(grids, own, parent, pattern, at, weight, start, middle)
                touched |= kinds[size - 5]
            if joker_live and 4 <= size <= 6 and middle < end:  # with it: 6 - size
                _scatter_range(grids, own, parent, pattern, at, weight, middle, end)
                touched |= kinds[size - 4]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        for sig in range(signatures):
            if not (touched >> sig) & 1:
                continue
            _functionals_into(
                grids,
                sig * layer,
                rows,
                cols,
                layers,
                settles,
                game_of,
                hcut,
                lcut,
                heq,
                leq,
                probes,
                box,
                counted.reshape((questions, settings, 4)),
                below,
                row_total,
                col_total,
                running,
            )
            _clear(grids, sig * layer, rows, cols, layers, box)
            # the signature's terms, by which of its ranks the player holds
            a, b = sig_first[sig], sig_second[sig]
            if a < 0:  # none he may hold
                _add_terms(parts, held_free, counted, 0, 1, -1, 0, -1, 0, -1, 0)
                used[0] = True
            elif b >= 0:  # two: (x_a + b_a)(x_b + b_b)
                xa, xb = x[ranks_in[a]], x[ranks_in[b]]
                _add_terms(parts, held_free, counted, 0, xa * xb, 1 + a, xb, 1 + b, xa, pair_key[a, b], 1)
                used[0] = used[1 + a] = used[1 + b] = used[pair_key[a, b]] = True
            elif sig <= d:  # one, once: x + b
                _add_terms(parts, held_free, counted, 0, x[ranks_in[a]], 1 + a, 1, -1, 0, -1, 0)
                used[0] = used[1 + a] = True
            else:  # one, twice: C(x + b, 2) = C(x, 2) + b x
                xa = x[ranks_in[a]]
                _add_terms(parts, held_free, counted, 0, choose[xa, 2], 1 + a, xa, -1, 0, -1, 0)
                used[0] = used[1 + a] = True
    # sums over subsets: parts[key, M] = the classes whose suited ranks among ``varies`` lie in M
    for key in range(keys):
        if not used[key]:
            continue
        for i in range(d):
            bit = 1 << i
            for m in range(1 << d):
                if m & bit:
                    parts[key, m] += parts[key, m ^ bit]
    # the held set H takes the classes whose suited ranks miss it, with each held other rank's term
    result = np.zeros((1 << d, flat), dtype=np.int64)
    for held in range(1 << d):
        free = full ^ held
        result[held] += parts[0, free]
        for a in range(d):
            if (held >> a) & 1:
                if used[1 + a]:
                    result[held] += parts[1 + a, free]
                for b in range(a + 1, d):
                    if (held >> b) & 1 and used[pair_key[a, b]]:
                        result[held] += parts[pair_key[a, b], free]
    return result.reshape((1 << d, questions, settings, 4))


@njit(cache=True, nogil=True)
def _next_orbit(choice_masks, choice_count, position, block, weight, r):
    """Move rank ``r`` to its next suit choice that is canonical under ``block`` (suits not yet told
    apart share a label; a canonical choice takes the lowest suits of each label), set the next
    rank's labels and the weight (how many real choices it stands for). False when none is left."""
    choose = _choose_table()
    p = position[r] + 1
    while p < choice_count[r]:
        mask = choice_masks[r, p]
        canonical = True
        for t in range(4):
            if (mask >> t) & 1:
                for s in range(t):
                    if block[r, s] == block[r, t] and not (mask >> s) & 1:
                        canonical = False
        if canonical:
            break
        p += 1
    position[r] = p
    if p == choice_count[r]:
        return False
    mask = choice_masks[r, p]
    factor = 1
    for t in range(4):
        first = True
        for s in range(t):
            if block[r, s] == block[r, t]:
                first = False
        if first:  # t opens its label: count the label's suits and the chosen ones
            size = 0
            taken = 0
            for s in range(t, 4):
                if block[r, s] == block[r, t]:
                    size += 1
                    taken += (mask >> s) & 1
            factor *= choose[size, taken]
    for t in range(4):
        block[r + 1, t] = 2 * block[r, t] + ((mask >> t) & 1)
    weight[r + 1] = weight[r] * factor
    return True


@njit(cache=True, nogil=True)
def _orbit_first(choice_masks, position, permutations, position_of):
    """The first hand, in the order the odometer of every suit choice meets them (rank 0 turning
    fastest), of the orbit of the current hand under ``permutations``: its positions, rank 12 first."""
    best = np.full(13, 1 << 30, dtype=np.int64)
    for q in range(permutations.shape[0]):
        candidate = np.empty(13, dtype=np.int64)
        for r in range(13):
            mask = choice_masks[r, position[r]]
            moved = 0
            for t in range(4):
                if (mask >> t) & 1:
                    moved |= 1 << permutations[q, t]
            candidate[12 - r] = position_of[r, moved]
        for i in range(13):
            if candidate[i] != best[i]:
                if candidate[i] < best[i]:
                    best[:] = candidate
                break
    return best


@njit(cache=True, nogil=True)
def _record_class(sums, best, total, count, hands, pay, charge, best_score, best_at, shown, seen_wins, seen_losses):
    """Add one orbit's ``hands`` to its class's row of a strategy table (``play_group``'s ``record``):
    each legal setting's counts, whether a better setting exists and what it gives up, and best
    play's counts (seen first in Face Up, whose copies are not counted)."""
    for k in range(count):
        row = sums[k]
        for v in range(4):
            row[v] += hands * total[k, v]
        given_up = best_score - (pay * total[k, 0] - charge * total[k, 1])
        if given_up > 0:
            row[4] += hands
            if given_up > row[5]:
                row[5] = given_up
    if shown:
        best[0] += hands * seen_wins
        best[1] += hands * seen_losses
    else:
        for v in range(4):
            best[v] += hands * total[best_at, v]


@njit(cache=True, nogil=True)
def play_group(
    choice_masks,
    choice_count,
    suit_block,
    permutations,
    position_of,
    joker,
    live_rank,
    suit_live,
    joker_live,
    flush_masks,
    class_settings,
    class_count,
    class_house,
    class_rule,
    class_chart,
    chart_split,
    chart_together,
    layers,
    settles,
    game_of,
    hcut,
    lcut,
    heq,
    leq,
    probes,
    rows,
    cols,
    base,
    shown,
    class_stair,
    class_stair_sign,
    class_corner,
    plain_start,
    joker_start,
    pattern,
    flush_high,
    flush_low,
    flush_layer,
    parent_high,
    parent_low,
    parent_layer,
    pushed,
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
    record,
    class_hands,
    class_sums,
    class_best,
):
    """Every player hand of one rank group, settled exactly against every dealer hand of the rest,
    by the house way and by the best EV, for each question (a game, a side of the bank, a
    commission and the player's strategy: ``game_of``, the cuts ``hcut``/``lcut``, ``pay``/``charge``,
    ``class_house[q]`` and ``class_rule[q]``) at once.

    The hands are run through one per orbit of the suit permutations that keep the live cards
    (``permutations``; suits with the same live ranks start with the same ``suit_block`` label),
    each weighted by how many hands its orbit holds: every count is the same for all of them, so
    the totals are exactly those of running through every hand. The dealer's counts for a player
    hand are the group's ``base`` (multiset classes, which do not see suits) plus, per suit, the
    flush classes left live by the player's cards in that suit: computed once per (suit label, ranks
    held in it) and reused (``pushed`` bounds the values of the flush classes in layers 1 and up:
    ``whole_game.pushed_corners``). Scores are ``pay * wins - charge * losses`` (exact integers: the EV
    times ``charge * dealer_total``). Totals are per question (hands, wins, pushes, losses, high
    copies, low copies, score). A clause's example is the first hand (in the order of
    ``position_of``) of the group that gives up the most.

    For a question with ``shown[q]`` (Face Up, the dealer's hand seen before setting), best play
    wins the dealer hands of its class's staircase (``class_stair``: setting ids and signs whose
    win counts add up to it) and loses those of ``class_corner`` (every setting loses); its copies
    are not defined and stay zero (``whole_game.shown_probes``: each count a code
    ``4 * slot + functional``; a probe slot, ``heq`` -1, holds four corners' counts in ``probes``).

    With ``record`` (a strategy table: ``analysis.strategy_table``) it also adds, per player class,
    its hands (``class_hands``), per question and legal setting ``k`` of the class
    ``class_sums[q, class, k]`` = (wins, losses, high copies, low copies, hands where a better
    setting exists, the most a hand gives up), each summed (or, the last, maxed) over the class's
    hands, and best play's (wins, losses, high copies, low copies) in ``class_best[q, class]``.
    """
    questions, settings = hcut.shape
    flush_class_of = np.full(8192, -1, dtype=np.int64)  # the player class of a flush suit's ranks
    for index in range(1, flush_masks.shape[0]):
        flush_class_of[flush_masks[index]] = index
    own, parent = flush_cells(
        flush_high, flush_low, flush_layer, parent_high, parent_low, parent_layer, row_of, col_of, rows, cols
    )
    box = np.zeros(4, dtype=np.int64)  # the rows and columns the flush classes of layers 1 and up reach
    if pushed[0] >= 0:  # ``pushed``: their least and greatest high and low (indices of values)
        box[0], box[1] = row_of[pushed[0]], row_of[pushed[1]] + 1
        box[2], box[3] = col_of[pushed[2]], col_of[pushed[3]] + 1
    # each suit's flush parts for every set of ranks the player may hold in it (suits alike share)
    always = np.zeros(4, dtype=np.int64)
    varies = np.zeros(4, dtype=np.int64)
    compact_bit = np.zeros((4, 13), dtype=np.int64)
    for t in range(4):
        for r in range(13):
            some, every = False, True
            for p in range(choice_count[r]):
                if (choice_masks[r, p] >> t) & 1:
                    some = True
                else:
                    every = False
            if some and every:
                always[t] |= 1 << r
            elif some:
                compact_bit[t, r] = 1 << _popcount(varies[t])
                varies[t] |= 1 << r
    offset = np.zeros(4, dtype=np.int64)
    size = 0
    for t in range(4):
        if suit_block[t] == t:
            offset[t] = size
            size += 1 << _popcount(varies[t])
    for t in range(4):
        offset[t] = offset[suit_block[t]]
    memo = np.empty((size, questions, settings, 4), dtype=np.int64)
    for t in range(4):
        if suit_block[t] == t:
            part = flush_parts(
                suit_live[t],
                always[t],
                varies[t],
                live_rank,
                joker_live,
                plain_start,
                joker_start,
                pattern,
                own,
                parent,
                rows,
                cols,
                layers,
                settles,
                game_of,
                hcut,
                lcut,
                heq,
                leq,
                probes,
                box,
            )
            memo[offset[t] : offset[t] + part.shape[0]] = part
    position = np.full(13, -1, dtype=np.int64)
    block = np.zeros((14, 4), dtype=np.int64)
    block[0, :] = suit_block
    weight = np.ones(14, dtype=np.int64)
    example_at = np.full((questions, rule_stats.shape[1], 13), 1 << 30, dtype=np.int64)
    slots = np.zeros(4, dtype=np.int64)
    total = np.zeros((21, 4), dtype=np.int64)
    held = np.zeros(4, dtype=np.int64)  # ranks held per suit
    r = 0
    while r >= 0:
        if not _next_orbit(choice_masks, choice_count, position, block, weight, r):
            position[r] = -1
            r -= 1
            continue
        if r < 12:
            r += 1
            continue
        hands = weight[13]
        held[:] = 0
        slots[:] = offset
        for q in range(13):
            mask = choice_masks[q, position[q]]
            for t in range(4):
                if (mask >> t) & 1:
                    held[t] |= 1 << q
                    slots[t] += compact_bit[t, q]
        player_class = 0
        for t in range(4):
            if _popcount(held[t]) + joker >= 5:
                player_class = flush_class_of[held[t]]
                if player_class < 0:
                    raise ArithmeticError("a player hand's flush class is missing from its group")
        first = np.empty(0, dtype=np.int64)  # the orbit's first hand, found when a clause needs it
        for q in range(questions):
            rule = class_rule[q, player_class]
            house_setting = class_house[q, player_class]
            count = class_count[player_class]
            house_at = -1
            best_at = -1
            best_score = 0
            house_score = 0
            for k in range(count):
                u = class_settings[player_class, k]
                for v in range(4):
                    total[k, v] = (
                        base[q, u, v]
                        + memo[slots[0], q, u, v]
                        + memo[slots[1], q, u, v]
                        + memo[slots[2], q, u, v]
                        + memo[slots[3], q, u, v]
                    )
                if total[k, 0] + total[k, 1] > dealer_total or total[k, 0] < 0 or total[k, 1] < 0:
                    raise ArithmeticError("a setting's dealer counts do not fit the live cards")
                score = pay[q] * total[k, 0] - charge[q] * total[k, 1]
                if u == house_setting:
                    house_at = k
                    house_score = score
                if best_at < 0 or score > best_score:
                    best_at = k
                    best_score = score
            seen_wins, seen_losses = 0, 0
            if shown[q]:  # Face Up: the best setting against each dealer hand as shown
                for s in range(class_stair.shape[1]):
                    code = class_stair[player_class, s]
                    if code == -1:
                        break
                    seen_wins += class_stair_sign[player_class, s] * _coded(total, base, memo, slots, q, code)
                seen_losses = _coded(total, base, memo, slots, q, class_corner[player_class])
                if (
                    seen_wins < total[best_at, 0]
                    or seen_losses > total[best_at, 1]
                    or seen_wins + seen_losses > dealer_total
                ):
                    raise ArithmeticError("seeing the dealer's hand cannot do worse than setting blind")
                best_score = pay[q] * seen_wins - charge[q] * seen_losses
            for which in range(2):
                k = house_at if which == 0 else best_at
                totals = house_totals[q] if which == 0 else best_totals[q]
                wins, losses = total[k, 0], total[k, 1]
                copies_high, copies_low = total[k, 2], total[k, 3]
                if which == 1 and shown[q]:
                    wins, losses, copies_high, copies_low = seen_wins, seen_losses, 0, 0
                totals[0] += hands
                totals[1] += hands * wins
                totals[2] += hands * (dealer_total - wins - losses)
                totals[3] += hands * losses
                totals[4] += hands * copies_high
                totals[5] += hands * copies_low
                totals[6] += hands * (pay[q] * wins - charge[q] * losses)
            if record:
                _record_class(
                    class_sums[q, player_class],
                    class_best[q, player_class],
                    total,
                    count,
                    hands,
                    pay[q],
                    charge[q],
                    best_score,
                    best_at,
                    shown[q],
                    seen_wins,
                    seen_losses,
                )
                if q == 0:
                    class_hands[player_class] += hands
            given_up = best_score - house_score
            stats = rule_stats[q, rule]
            stats[0] += hands
            if given_up > 0:
                stats[1] += hands
                stats[2] += hands * given_up
                if given_up >= stats[3]:
                    if first.shape[0] == 0:
                        first = _orbit_first(choice_masks, position, permutations, position_of)
                    earlier = given_up > stats[3]
                    for i in range(13):
                        if earlier or first[i] != example_at[q, rule, i]:
                            earlier = earlier or first[i] < example_at[q, rule, i]
                            break
                    if earlier:
                        stats[3] = given_up
                        example_at[q, rule, :] = first
                        for c in range(13):
                            rule_example[q, rule, c] = choice_masks[c, first[12 - c]]
            cell = class_chart[player_class]
            if cell >= 0:
                chart[q, cell, 0] += hands
                for which in range(2):
                    u = chart_split[player_class] if which == 0 else chart_together[player_class]
                    wins = (
                        base[q, u, 0]
                        + memo[slots[0], q, u, 0]
                        + memo[slots[1], q, u, 0]
                        + memo[slots[2], q, u, 0]
                        + memo[slots[3], q, u, 0]
                    )
                    losses = (
                        base[q, u, 1]
                        + memo[slots[0], q, u, 1]
                        + memo[slots[1], q, u, 1]
                        + memo[slots[2], q, u, 1]
                        + memo[slots[3], q, u, 1]
                    )
                    chart[q, cell, 1 + which] += hands * (pay[q] * wins - charge[q] * losses)
                if house_setting == chart_split[player_class]:
                    chart[q, cell, 3] += hands
                elif house_setting == chart_together[player_class]:
                    chart[q, cell, 4] += hands
