"""The whole game's functionals (numba): from a grid of dealer-class weights, each setting's wins,
losses and copies, by 2-D running sums over the dealer's (high, low) cells.

A player setting wins against the dealer hands in the quadrant strictly below both of its hand
values and loses to those at or above both (copies to the dealer; a banker takes them), per
layer of hands a game pushes or settles (``kernels`` explains the layers). ``grid_functionals``
answers every question and setting of a rank group at once; ``flush_walk`` and ``group_play``
call ``_functionals_into`` on the boxes of the grid they have just changed. A grid with few
nonzero cells (a flush walk's, mostly: a few dozen cells of hundreds or thousands) is read cell by
cell (``_sparse_into``); a fuller one through cumulative planes (``_planes_into``).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def grid_functionals(grid, shape, cuts, values):
    """Per question ``q`` and setting ``u``: (wins, losses, high copies, low copies) of the dealer
    hands in ``grid`` (``shape`` and ``cuts`` as ``_functionals_into``)."""
    rows, cols, _ = shape
    _functionals_into(grid, 0, shape, cuts, np.array([0, rows, 0, cols]), values, functional_scratch(shape, cuts))


@njit(cache=True, nogil=True)
def functional_scratch(shape, cuts):
    """The scratch arrays ``_functionals_into`` writes, for grids of ``shape`` asked ``cuts``:
    ``below`` (layers, rows + 1, cols + 1), ``row_total`` (rows), ``col_total`` (cols), ``summed``
    (games, layers + 1: per game, how many layers it reads, then which); for ``_sparse_into``, its
    cells (5 rows: layer, row, column, weight, settled weight) and counts (wins, losses, probes), the
    probe slots' corners in rows (high, low, kind; then each setting's slot) and how many slots."""
    rows, cols, layers = shape
    heq, probes = cuts[4], cuts[6]
    settings = heq.shape[0]
    corners = np.full((4, 4 * settings), -1, dtype=np.int64)  # each probe slot's corners in a row
    slot = 0
    for u in range(settings):
        if heq[u] < 0:
            for v in range(4):
                corners[0, 4 * slot + v] = probes[u, v, 0]
                corners[1, 4 * slot + v] = probes[u, v, 1]
                corners[2, 4 * slot + v] = probes[u, v, 2]
            corners[3, u] = slot
            slot += 1
    return (
        np.zeros((layers, rows + 1, cols + 1), dtype=np.int64),
        np.zeros(rows, dtype=np.int64),
        np.zeros(cols, dtype=np.int64),
        np.zeros((cuts[0].shape[0], layers + 1), dtype=np.int64),
        np.zeros((5, layers * rows * cols), dtype=np.int64),
        np.zeros((3, 4 * settings), dtype=np.int64),
        corners,
        slot,
    )


@njit(cache=True, nogil=True)
def _functionals_into(grid, start, shape, cuts, box, values, scratch):
    """(wins, losses, high copies, low copies) per question ``q`` and setting ``u`` of the dealer
    hands in the grid at ``grid[start:]``, of ``shape`` (rows, cols, layers): ``layers`` layers of
    rows x cols, a layer holding the dealer classes that push every bet in the same games.

    ``cuts`` is what the questions ask of a rank group's grids, the same for all of them:
    (``settles``, ``game_of``, ``hcut``, ``lcut``, ``heq``, ``leq``, ``probes``). ``settles[g, p]``:
    layer ``p`` is settled in game ``g``; ``game_of[q]`` is question q's game. ``hcut[q, u]``/``lcut[q, u]``
    rows/columns are the dealer values the player takes; ``heq``/``leq`` the row/column of his own
    values (copies, in every layer); ``probes`` Face Up's corner probes (``rank_groups.shown_probes``).
    ``scratch`` is the caller's ``functional_scratch(shape, cuts)``, reused from grid to grid. The grid is
    left zero, ready for the next (layers 1 and up are read, and zeroed, within ``box`` when the
    questions ask one game: no hand of theirs is outside it).

    Wins and losses count the settled hands only. A grid with few nonzero cells is read cell by cell
    (``_sparse_into``). Otherwise, when the questions ask one game (layer 0 settles, layer 1
    pushes) only layer 0 is summed into a cumulative plane, and layer 1 adds to
    the copies' row and column totals within ``box`` (top, bottom, left, right: the rows and
    columns hands of layers 1 and up can be in); questions of several games read each layer's plane,
    summed a layer at a time (one plane's rows in order: a third less time for a house way's eight
    questions than summing every layer of a cell at once), and a layer that is all zero is neither
    summed nor read (``summed`` lists, per game, the layers it reads).
    """
    if not _sparse_into(grid, start, shape, cuts, values, scratch):
        _planes_into(grid, start, shape, cuts, box, values, scratch)


@njit(cache=True, nogil=True)
def _planes_into(grid, start, shape, cuts, box, values, scratch):
    """``_functionals_into`` through cumulative planes: each layer's 2-D running sums, read at
    every setting's corners (see there)."""
    rows, cols, layers = shape
    settles, game_of, hcut, lcut, heq, leq, probes = cuts
    below, row_total, col_total, summed = scratch[0], scratch[1], scratch[2], scratch[3]
    area = rows * cols
    by_game = layers == 2 and settles[game_of[0], 0] and not settles[game_of[0], 1]
    for q in range(game_of.shape[0]):  # one game asked, whose pushes are layer 1
        by_game = by_game and game_of[q] == game_of[0]
    if layers == 1 or by_game:  # layer 0 settles, the common case, kept lean
        for g in range(settles.shape[0]):
            summed[g, 0] = settles[g, 0]
            summed[g, 1] = 0
        sums = below[0]
        for i in range(rows):
            across = 0
            for j in range(cols):
                across += grid[start + i * cols + j]
                sums[i + 1, j + 1] = sums[i, j + 1] + across
            row_total[i] = across
        grid[start : start + area] = 0  # zeroed in one sweep, not cell by cell in the sums' loop
        for j in range(cols):
            col_total[j] = sums[rows, j + 1] - sums[rows, j]
        if by_game:  # layer 1's pushed hands count in the copies only
            for i in range(box[0], box[1]):
                for j in range(box[2], box[3]):
                    value = grid[start + area + i * cols + j]
                    grid[start + area + i * cols + j] = 0
                    row_total[i] += value
                    col_total[j] += value
    else:  # layer by layer, each summed into its own plane
        row_total[:] = 0
        col_total[:] = 0
        summed[:, 0] = 0
        for p in range(layers):
            at = start + p * area
            seen = 0
            for z in range(at, at + area):
                seen |= grid[z]
            if seen == 0:  # a flush walk's grids leave about half their layers empty
                continue
            for g in range(settles.shape[0]):
                if settles[g, p]:
                    summed[g, 0] += 1
                    summed[g, summed[g, 0]] = p
            plane = below[p]
            for i in range(rows):
                across = 0
                for j in range(cols):
                    across += grid[at + i * cols + j]
                    plane[i + 1, j + 1] = plane[i, j + 1] + across
                row_total[i] += across
            grid[at : at + area] = 0
            for j in range(cols):  # the plane's last row holds each column's total
                col_total[j] += plane[rows, j + 1] - plane[rows, j]
    for q in range(values.shape[0]):
        layers_read = summed[game_of[q]]
        for u in range(hcut.shape[1]):
            if heq[u] < 0:  # a slot of four corner probes (Face Up's staircase: ``rank_groups.shown_probes``)
                for v in range(4):
                    kind = probes[u, v, 2]
                    if kind >= 0:
                        values[q, u, v] = _settled(
                            below, layers_read, rows, cols, probes[u, v, 0], probes[u, v, 1], kind
                        )
                    else:
                        values[q, u, v] = 0
                continue
            high, low = hcut[q, u], lcut[q, u]
            wins, losses = 0, 0
            for k in range(1, layers_read[0] + 1):
                sums = below[layers_read[k]]
                corner = sums[high, low]
                wins += corner
                losses += sums[rows, cols] - sums[high, cols] - sums[rows, low] + corner
            values[q, u, 0] = wins
            values[q, u, 1] = losses
            values[q, u, 2] = row_total[heq[u]]
            values[q, u, 3] = col_total[leq[u]]


@njit(cache=True, nogil=True)
def _settled(below, layers_read, rows, cols, high, low, kind):
    """A game's settled dealer hands below the corner (``high``, ``low``) on both hands (``kind``
    0: the player's wins) or at or above it on both (1: his losses), from ``_functionals_into``'s
    cumulative planes: the game's ``layers_read`` (how many, then which)."""
    found = 0
    for k in range(1, layers_read[0] + 1):
        found += _quadrant(below[layers_read[k]], rows, cols, high, low, kind)
    return found


@njit(cache=True, nogil=True)
def _quadrant(sums, rows, cols, high, low, kind):
    corner = sums[high, low]
    if kind == 0:
        return corner
    return sums[rows, cols] - sums[high, cols] - sums[rows, low] + corner


@njit(cache=True, nogil=True)
def _sparse_into(grid, start, shape, cuts, values, scratch):
    """``_functionals_into`` read off the grid's nonzero cells, when there are few enough of them
    that this is quicker than its cumulative planes (a flush walk's grids hold a few dozen cells in
    hundreds or thousands). False, with the grid untouched, when there are more."""
    rows, cols, layers = shape
    settles, game_of, hcut, lcut, heq, leq, _ = cuts
    row_total, col_total = scratch[1], scratch[2]
    points, counts, corners, slots = scratch[4], scratch[5], scratch[6], scratch[7]
    questions, settings = hcut.shape
    area = rows * cols
    size = layers * area
    limit = (2 * size) // max(1, questions * settings)  # the planes cost about two steps a cell
    cells = grid[start : start + size]
    at_cell = points[0]
    found = 0
    whole = size - size % 32
    for first in range(0, whole, 32):  # 32 cells tested at once: most of a sparse grid is empty
        seen = cells[first]
        for z in range(first + 1, first + 32):
            seen |= cells[z]
        if seen != 0:
            for z in range(first, first + 32):
                if cells[z] != 0:
                    at_cell[found] = z
                    found += 1
            if found > limit:
                return False
    for z in range(whole, size):
        if cells[z] != 0:
            at_cell[found] = z
            found += 1
    if found > limit:
        return False
    at_row, at_col, weight, settled = points[1], points[2], points[3], points[4]
    row_total[:] = 0
    col_total[:] = 0
    for k in range(found):
        z = at_cell[k]
        weight[k] = cells[z]
        cells[z] = 0
        at_cell[k] = z // area  # now its layer
        cell = z - at_cell[k] * area
        at_row[k] = cell // cols
        at_col[k] = cell - at_row[k] * cols
        row_total[at_row[k]] += weight[k]
        col_total[at_col[k]] += weight[k]
    wins, losses, probed = counts[0], counts[1], counts[2]
    corner_high, corner_low, corner_kind, slot_of = corners[0], corners[1], corners[2], corners[3]
    game = -1
    for q in range(questions):
        if game_of[q] != game:  # the hands this game settles, and its probes' counts
            game = game_of[q]
            for k in range(found):
                settled[k] = weight[k] if settles[game, at_cell[k]] else 0
            if slots:
                probed[: 4 * slots] = 0
                for k in range(found):
                    count, row, col = settled[k], at_row[k], at_col[k]
                    for x in range(4 * slots):
                        under = (row < corner_high[x]) & (col < corner_low[x]) & (corner_kind[x] == 0)
                        over = (row >= corner_high[x]) & (col >= corner_low[x]) & (corner_kind[x] == 1)
                        probed[x] += count * (under | over)
        high, low = hcut[q], lcut[q]
        wins[:settings] = 0
        losses[:settings] = 0
        for k in range(found):  # each cell against every setting at once
            count, row, col = settled[k], at_row[k], at_col[k]
            for u in range(settings):
                wins[u] += count * ((row < high[u]) & (col < low[u]))
                losses[u] += count * ((row >= high[u]) & (col >= low[u]))
        for u in range(settings):
            if heq[u] < 0:  # a slot of four corner probes (``rank_groups.shown_probes``)
                for v in range(4):
                    values[q, u, v] = probed[4 * slot_of[u] + v]
            else:
                values[q, u, 0] = wins[u]
                values[q, u, 1] = losses[u]
                values[q, u, 2] = row_total[heq[u]]
                values[q, u, 3] = col_total[leq[u]]
    return True
