"""The whole game's flush walk (numba): each suit's flush classes, weighed once per rank group.

For a rank group (the player's rank counts), the dealer's flush classes of each suit depend only
on which of the group's cards sit in that suit; ``flush_parts`` walks the suit patterns a group
can have, scatters each pattern's flush weights into the grid of its signature and keeps their
functionals, so that every player hand of the group reads its four suits' parts from a memo
(``group_play``). Its grids are the group's with only the rows and columns flush classes reach
(``flush_grid``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from paigow_cli.engine.functionals import _functionals_into, functional_scratch
from paigow_cli.engine.kernels import _choose_table, _popcount


@njit(cache=True, nogil=True)
def _reached_lines(line_of, values, lines):
    """Of ``lines`` rows (or columns), which the ``values`` reach (``line_of[value]``), and how many
    reached lines come before each line (``lines + 1`` entries: the last is how many there are)."""
    reached = np.zeros(lines, dtype=np.bool_)
    for value in values:
        reached[line_of[value]] = True
    before = np.empty(lines + 1, dtype=np.int64)
    count = 0
    for line in range(lines):
        before[line] = count
        count += reached[line]
    before[lines] = count
    return reached, before


@njit(cache=True, nogil=True)
def _moved_lines(lines, reached, before, empty):
    """``lines`` (a row or column of a player's own value each; -1: none) moved to the reached
    lines' numbering; a line no value reaches becomes the ``empty`` one."""
    moved = np.empty_like(lines)
    for at in range(lines.shape[0]):
        line = lines[at]
        moved[at] = line if line < 0 else (before[line] if reached[line] else empty)
    return moved


@njit(cache=True, nogil=True)
def flush_grid(row_of, col_of, shape, cuts, high_values, low_values):
    """The flush walk's grid: of a group's rows and columns (``distribution.bucket``, ``shape``),
    those that some flush class or its multiset reaches (``high_values``, ``low_values``: their
    high and low values), in order, and one empty row and column last. Returns each value's new
    row and column, the new shape, and ``cuts`` (as ``functionals._functionals_into`` reads them)
    moved to the new lines. Every count is the same: a cut keeps the reached lines before it, and
    a copy in a line no flush class reaches is the empty line's."""
    settles, game_of, hcut, lcut, heq, leq, probes = cuts
    rows, cols, layers = shape
    reached_row, below_row = _reached_lines(row_of, high_values, rows)
    reached_col, below_col = _reached_lines(col_of, low_values, cols)
    empty_row, empty_col = below_row[rows], below_col[cols]
    new_probes = probes.copy()
    for slot in range(probes.shape[0]):
        for place in range(probes.shape[1]):
            if probes[slot, place, 2] >= 0:
                new_probes[slot, place, 0] = below_row[probes[slot, place, 0]]
                new_probes[slot, place, 1] = below_col[probes[slot, place, 1]]
    return (
        below_row[row_of],
        below_col[col_of],
        (empty_row + 1, empty_col + 1, layers),
        (
            settles,
            game_of,
            below_row[hcut.ravel()].reshape(hcut.shape),
            below_col[lcut.ravel()].reshape(lcut.shape),
            _moved_lines(heq, reached_row, below_row, empty_row),
            _moved_lines(leq, reached_col, below_col, empty_col),
            new_probes,
        ),
    )


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
def _drop_bits(m, a, b):
    """``m`` without bit ``a`` and, when ``b > a``, bit ``b``: the higher bits move down.

    (``_drop_bits(0b1011, 1, -1)`` is ``0b101``, ``_drop_bits(0b1011, 0, 3)`` is ``0b1``.)"""
    if b > a:
        m = (m & ((1 << b) - 1)) | ((m >> (b + 1)) << b)
    return (m & ((1 << a) - 1)) | ((m >> (a + 1)) << a)


@njit(cache=True, nogil=True)
def _add_terms(parts, counted, row0, times0, row1, times1, row2, times2, row3, times3):
    """``parts[row] += times * counted`` for up to four (row, times) terms (row -1: none)."""
    for row, times in ((row0, times0), (row1, times1), (row2, times2), (row3, times3)):
        if row >= 0:
            into = parts[row]
            for i in range(counted.shape[0]):
                into[i] += times * counted[i]


@njit(cache=True, nogil=True)
def _scatter_range(grids, cells, pattern, at, weight, start, end):
    """Add flush classes ``start:end`` at their cells and take them off their multisets' (``cells``:
    ``kernels.flush_cells``, the two in one number), each in its signature's grid (``at`` and
    ``weight`` of its ``pattern`` of other ranks, from ``_other_ranks_table``)."""
    for i in range(start, end):
        p = pattern[i]
        offset = at[p]
        w = weight[p]
        both = cells[i]
        grids[offset + (both & 0xFFFF)] += w
        grids[offset + (both >> 16)] -= w


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
    cells,
    shape,
    cuts,
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
    rows, cols, layers = shape
    questions, settings = cuts[2].shape  # hcut's
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
    key_first = np.full(1 + d + d * (d - 1) // 2, -1, dtype=np.int64)  # a term's held ranks (compact)
    key_second = np.full(1 + d + d * (d - 1) // 2, -1, dtype=np.int64)
    pair_sig = np.zeros((d, d), dtype=np.int64)  # the signature of two other ranks he may hold
    keys = 1 + d  # terms: none held (0), one rank a (1 + a), two (pair_key)
    signatures = 1 + 2 * d + d * (d - 1) // 2  # none; one rank a (1 + a); a twice (1 + d + a); two
    if signatures > 63:  # a bit each in ``touched``; a hand holds at most seven ranks (d <= 7: 36)
        raise ArithmeticError("too many ranks the player may hold in one suit")
    sig_first = np.full(signatures, -1, dtype=np.int64)  # a signature's ranks (compact numbers)
    sig_second = np.full(signatures, -1, dtype=np.int64)
    for a in range(d):
        sig_first[1 + a] = sig_first[1 + d + a] = a
        key_first[1 + a] = a
        for b in range(a + 1, d):
            pair_key[a, b] = pair_key[b, a] = keys
            key_first[keys], key_second[keys] = a, b
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
    # a term's part per set of suited ranks among ``varies``: never its own held ranks, so its
    # sets are those of the other ranks (``_drop_bits``), from row ``key_start[key]`` on
    key_start = np.zeros(keys + 1, dtype=np.int64)
    for key in range(keys):
        held_ranks = (key_first[key] >= 0) + (key_second[key] >= 0)
        key_start[key + 1] = key_start[key] + (1 << (d - held_ranks))
    parts = np.zeros((key_start[keys], flat), dtype=np.int64)
    used = np.zeros(keys, dtype=np.bool_)
    counted = np.zeros(flat, dtype=np.int64)
    functionals = counted.reshape((questions, settings, 4))  # the same numbers, as _functionals_into writes them
    scratch = functional_scratch(shape, cuts)
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
        sub = 0  # the ranks he cannot hold among the suited ones, in increasing order (as stored)
        while True:
            suited = suited_varies | sub
            size = _popcount(suited)
            start, middle, end = plain_start[suited], joker_start[suited], plain_start[suited + 1]
            if size >= 5 and start < middle:  # without the joker: 7 - size other ranks
                _scatter_range(grids, cells, pattern, at, weight, start, middle)
                touched |= kinds[size - 5]
            if joker_live and 4 <= size <= 6 and middle < end:  # with it: 6 - size
                _scatter_range(grids, cells, pattern, at, weight, middle, end)
                touched |= kinds[size - 4]
            if sub == rest:
                break
            sub = (sub - rest) & rest
        for sig in range(signatures):
            if not (touched >> sig) & 1:
                continue
            _functionals_into(grids, sig * layer, shape, cuts, box, functionals, scratch)
            # the signature's terms, by which of its ranks the player holds
            a, b = sig_first[sig], sig_second[sig]
            if a < 0:  # none he may hold
                _add_terms(parts, counted, key_start[0] + held_free, 1, -1, 0, -1, 0, -1, 0)
                used[0] = True
                continue
            row_a = key_start[1 + a] + _drop_bits(held_free, a, -1)
            if b >= 0:  # two: (x_a + b_a)(x_b + b_b)
                xa, xb = x[ranks_in[a]], x[ranks_in[b]]
                pair = pair_key[a, b]
                row_b = key_start[1 + b] + _drop_bits(held_free, b, -1)
                row_ab = key_start[pair] + _drop_bits(held_free, a, b)
                _add_terms(parts, counted, key_start[0] + held_free, xa * xb, row_a, xb, row_b, xa, row_ab, 1)
                used[0] = used[1 + a] = used[1 + b] = used[pair] = True
            elif sig <= d:  # one, once: x + b
                _add_terms(parts, counted, key_start[0] + held_free, x[ranks_in[a]], row_a, 1, -1, 0, -1, 0)
                used[0] = used[1 + a] = True
            else:  # one, twice: C(x + b, 2) = C(x, 2) + b x
                xa = x[ranks_in[a]]
                _add_terms(parts, counted, key_start[0] + held_free, choose[xa, 2], row_a, xa, -1, 0, -1, 0)
                used[0] = used[1 + a] = True
    # sums over subsets: a term's row M = the classes whose suited ranks among ``varies`` lie in M
    for key in range(keys):
        if not used[key]:
            continue
        start, size = key_start[key], key_start[key + 1] - key_start[key]
        bit = 1
        while bit < size:
            for m in range(size):
                if m & bit:
                    parts[start + m] += parts[start + (m ^ bit)]
            bit <<= 1
    # the held set H takes the classes whose suited ranks miss it, with each held other rank's term
    result = np.zeros((1 << d, flat), dtype=np.int64)
    for held in range(1 << d):
        free = full ^ held
        result[held] += parts[key_start[0] + free]
        for a in range(d):
            if (held >> a) & 1:
                if used[1 + a]:
                    result[held] += parts[key_start[1 + a] + _drop_bits(free, a, -1)]
                for b in range(a + 1, d):
                    if (held >> b) & 1 and used[pair_key[a, b]]:
                        result[held] += parts[key_start[pair_key[a, b]] + _drop_bits(free, a, b)]
    return result.reshape((1 << d, questions, settings, 4))
