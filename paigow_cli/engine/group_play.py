"""One rank group of the whole game (numba): every player hand of the group, its settings' counts.

``play_group`` runs through the group's hands by an odometer over the suit orbits
(``_next_orbit``, ``_orbit_first``), reads each hand's counts as the group's multiset part plus
its four suits' flush parts (``flush_walk``), and records, per class, every legal setting's
wins, losses and copies and best play's (``_record_class``): the whole game's tallies and the
strategy table's rows.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from paigow_cli.engine.flush_walk import flush_parts
from paigow_cli.engine.kernels import _choose_table, _popcount, flush_cells


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
    """A count by its ``rank_groups.shown_probes`` code: the class's k-th setting's, summed already
    (``-(2 + 4k + v)``), or any slot's (``4 * slot + v``)."""
    if code <= -2:
        own = -code - 2
        return total[own // 4, own % 4]
    return _summed(base, memo, slots, q, code // 4, code % 4)


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
    shape,
    cuts,
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
    parent_of,
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
    commission and the player's strategy: ``cuts``, as ``functionals._functionals_into`` reads them
    from the flush walk's grids of ``shape`` (values to rows and columns by ``row_of``/``col_of``:
    ``flush_walk.flush_grid``), ``pay``/``charge``, ``class_house[q]`` and ``class_rule[q]``) at once.

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
    are not defined and stay zero (``rank_groups.shown_probes``: each count a code
    ``4 * slot + functional``; a probe slot, ``heq`` -1 in ``cuts``, holds four corners' counts).

    With ``record`` (a strategy table: ``analysis.strategy.table``) it also adds, per player class,
    its hands (``class_hands``), per question and legal setting ``k`` of the class
    ``class_sums[q, class, k]`` = (wins, losses, high copies, low copies, hands where a better
    setting exists, the most a hand gives up), each summed (or, the last, maxed) over the class's
    hands, and best play's (wins, losses, high copies, low copies) in ``class_best[q, class]``.
    """
    questions, settings = cuts[2].shape  # hcut's
    flush_class_of = np.full(8192, -1, dtype=np.int64)  # the player class of a flush suit's ranks
    for index in range(1, flush_masks.shape[0]):
        flush_class_of[flush_masks[index]] = index
    cells = flush_cells(
        flush_high, flush_low, flush_layer, parent_of, parent_high, parent_low, parent_layer, row_of, col_of, shape
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
                cells,
                shape,
                cuts,
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
