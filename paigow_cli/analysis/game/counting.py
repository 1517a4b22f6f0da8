"""The whole game, exactly: every player hand against every dealer hand (design.md, "The whole game").

``paigow edge`` and ``paigow mistakes`` rest on one pass. Player hands are grouped by
their ranks (the rank counts and the joker: 67,600 groups on a full deck). Within a
group every hand has the same settings unless it can make a flush, and its exact
dealer counts are the group's multiset part (which does not see suits) plus, for
each suit, the dealer's flush classes left live by the ranks the player holds in
that suit. That flush part depends only on (suit, ranks held in it), so it is
computed once per group and pair and reused by every hand: the compiled
``group_play.play_group`` then runs through all the group's hands (every suit
assignment, so counts are of real hands, never weighted guesses), picks the house
way's setting and the best-EV setting (exact scores; ties go to the stronger
setting, as ``advise``), and adds up integer counts.

The groups are dealt into ``CHUNKS`` chunks; a chunk is a pure function of the
question and its number and returns integer counts, so chunks run on any number of
processes (or machines) and merge by addition, and a finished chunk is kept on disk
so an interrupted run resumes. Counts are checked: the hands add up to C(live, 7),
and every setting's wins and losses fit in C(live - 7, 7). Running the chunks and
reading the answers is ``edge``'s job.

Face Up against the shown hand (``--game face-up``, not banking): the player sets each hand
after seeing the dealer's, so "best" is the best setting deal by deal. For one player hand, a
dealer hand is a win when some legal setting beats it on both hands (the union of the settings'
win quadrants, a staircase over the dealer's (high, low) grid), a loss when every setting loses
to it (the one corner of the highest high and the highest low), else a push. The staircase is a
sum of signed win counts at its corners (``distribution.staircase``): a setting's own, or a corner count
in a probe slot beside the settings (four to a slot: ``shown_probes``), so it costs a few slots
per group, nothing per dealer hand. Which setting takes a deal is not defined when several do
equally well, so this player's copies are not counted (zero).

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(parse_cards("2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH TD TC JK")))
>>> len(rank_groups(question.dead))  # 16 live cards: J, Q, K, A in four suits, and the joker dead
80
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from paigow_cli.analysis.game.class_rows import ClassRows
from paigow_cli.analysis.game.question import CHUNKS, Question, Tally, question_set
from paigow_cli.analysis.game.rank_groups import group_classes, live_deck, rank_groups, shown_probes
from paigow_cli.core.cards import JOKER_CODE
from paigow_cli.core.rules import BEST_WAY, Game

if TYPE_CHECKING:
    import numpy as np

    from paigow_cli.engine.dealer_table import DealerTable

__all__ = ["CHUNKS", "Question", "count_chunk", "count_chunk_of", "count_group", "count_table_chunk", "dealer_context"]


def settings_table(house_way: str, wheel: object) -> DealerTable:
    """A house way's (or plugin's) table of settings of every class, loaded once per process."""
    key = (house_way, wheel)
    if key not in _SETTINGS:
        from paigow_cli.engine.dealer_table import load_table

        _SETTINGS[key] = load_table(house_way, wheel)  # type: ignore[arg-type]
    return _SETTINGS[key]


_SETTINGS: dict[tuple, DealerTable] = {}


@dataclass(frozen=True)
class DealerContext:
    """The dealer table and its layout for the kernel, for a set of games at once: the multiset and
    flush classes' arrays with each class's push layer (``class_flags.push_layers``)."""

    table: DealerTable
    games: tuple[Game, ...]
    multiset: tuple[np.ndarray, ...]  # as ``kernels.scatter_multisets`` takes them
    flush: tuple[np.ndarray, ...]  # as ``group_play.play_group`` takes them
    settles: np.ndarray  # (games, layers)
    flush_values: tuple[np.ndarray, np.ndarray]  # highs and lows the flush classes reach (``flush_grid``)

    @property
    def layers(self) -> int:
        return int(self.settles.shape[1])


_CONTEXT: dict[tuple, DealerContext] = {}


def dealer_context(questions: Sequence[Question]) -> DealerContext:
    """The dealer context of questions that share a house way and wheel, loaded (or built) once per
    process."""
    rules = questions[0].rules
    games = tuple(dict.fromkeys(question.rules.game for question in questions))
    key = (rules.house_way, rules.wheel, games)
    if key not in _CONTEXT:
        import numpy as np

        from paigow_cli.engine.class_flags import push_layers
        from paigow_cli.engine.dealer_table import load_table
        from paigow_cli.engine.distribution import check_flush_layout, prepare

        table = load_table(rules.house_way, rules.wheel)
        layout = prepare(table)  # the classes' order and arrays; the layers come from every game
        multiset_layer, flush_layer, settles = push_layers(table, games)
        mask_start, other, joker, flush_high, flush_low, _, parent_high, parent_low, _ = layout.flush
        check_flush_layout(mask_start, other, joker)
        order = layout.flush_order
        own_layer, parent_layer = flush_layer[order], multiset_layer[table.classes.flush_multiset[order]]
        kept = kept_flush_classes(
            mask_start, other, joker, flush_high, flush_low, own_layer, parent_high, parent_low, parent_layer
        )
        _CONTEXT.clear()
        _CONTEXT[key] = DealerContext(
            table,
            games,
            (*layout.multiset[:4], multiset_layer),
            (*kept[:6], *distinct_cells(*kept[6:]), pushed_corners(*kept[3:])),
            settles,
            (np.unique(np.concatenate([kept[3], kept[6]])), np.unique(np.concatenate([kept[4], kept[7]]))),
        )
    return _CONTEXT[key]


def kept_flush_classes(
    mask_start: np.ndarray, other: np.ndarray, joker: np.ndarray, *cells: np.ndarray
) -> tuple[np.ndarray, ...]:
    """The flush classes ``flush_walk.flush_parts`` walks: those whose setting (``cells``: high, low,
    layer, then their multiset's) differs from their multiset's (the rest add and take off the same
    count in the same cell), with each suited mask's range without the joker and with it, and each
    class's pattern of other ranks (0-90 the pairs o1 <= o2 in order, 91 + o1 one rank, 104 none).
    Returns (plain starts, joker starts, patterns, the kept classes' cells).

    >>> import numpy as np
    >>> mask_start = np.array([0, 2, 3])  # two suited masks: two classes, then one
    >>> other = np.array([[0, 1], [13, 13], [2, 13]])
    >>> found = kept_flush_classes(mask_start, other, np.array([False, True, False]),
    ...     *[np.array(values) for values in ([4, 5, 6], [1, 1, 1], [0, 0, 0], [4, 7, 8], [1, 1, 1], [0, 0, 0])])
    >>> [part.tolist() for part in found[:4]]
    [[0, 1, 2], [0, 2], [104, 93], [5, 6]]
    """
    import numpy as np

    from paigow_cli.engine.dealer_classes import NO_RANK

    own, theirs = cells[:3], cells[3:]
    kept = np.zeros(len(joker), dtype=bool)
    for mine, parent in zip(own, theirs):
        kept |= mine != parent
    before = np.concatenate([[0], np.cumsum(kept)])  # kept classes before each class
    masks = len(mask_start) - 1
    plain = np.bincount(np.repeat(np.arange(masks), np.diff(mask_start))[~joker], minlength=masks)
    first, second = other[:, 0].astype(np.int64), other[:, 1].astype(np.int64)
    pairs = 13 * first - first * (first - 1) // 2 + second - first  # (o1, o2) in the order o1 <= o2
    pattern = np.where(second < NO_RANK, pairs, np.where(first < NO_RANK, 91 + first, 104))
    return (
        before[mask_start].astype(np.int64),
        before[mask_start[:-1] + plain].astype(np.int64),
        pattern[kept].astype(np.uint8),
        *(cell[kept] for cell in cells),
    )


def distinct_cells(*cells: np.ndarray) -> tuple[np.ndarray, ...]:
    """Each class's index into the distinct values of ``cells`` (high, low, layer, one array each),
    then those values: the flush classes' multisets, whose cells ``kernels.flush_cells`` finds once
    each (about 20,000 of them for 170,000 flush classes).

    >>> import numpy as np
    >>> found = distinct_cells(np.array([7, 3, 7, 3]), np.array([1, 2, 1, 5]), np.array([0, 0, 0, 1]))
    >>> [part.tolist() for part in found]
    [[2, 0, 2, 1], [3, 3, 7], [2, 5, 1], [0, 1, 0]]
    """
    import numpy as np

    distinct, index = np.unique(np.stack(cells, axis=1), axis=0, return_inverse=True)
    return (index.reshape(-1).astype(np.int32), *(distinct[:, at].astype(cell.dtype) for at, cell in enumerate(cells)))


def pushed_corners(*cells: np.ndarray) -> np.ndarray:
    """The least and greatest high and low value (indices) of the flush classes' cells, their own and
    their multisets' (``cells``: high, low, layer, twice), in layers 1 and up; -1s if none.

    >>> import numpy as np
    >>> pushed_corners(*[np.array(values) for values in ([5, 9, 7], [1, 2, 3], [0, 1, 1])] * 2).tolist()
    [7, 9, 2, 3]
    """
    import numpy as np

    highs = np.concatenate([high[layer > 0] for high, _, layer in (cells[:3], cells[3:])])
    lows = np.concatenate([low[layer > 0] for _, low, layer in (cells[:3], cells[3:])])
    if not len(highs):
        return np.full(4, -1, dtype=np.int64)
    return np.array([highs.min(), highs.max(), lows.min(), lows.max()], dtype=np.int64)


@dataclass(frozen=True)
class Asked:
    """What the questions of a ``question_set`` ask, as ``count_group`` hands it to the kernel (once
    per set, not per group): each one's side of the bank, game, pay and charge per unit
    (``pay * wins - charge * losses``), and player strategy (None: the dealer's way)."""

    banker: np.ndarray  # (questions,): 1 on the bank's side
    game_of: np.ndarray  # index into the dealer context's games
    pay: np.ndarray
    charge: np.ndarray
    strategies: tuple[str | None, ...]  # distinct, in order
    player_of: tuple[int, ...]  # each question's index into strategies


@lru_cache(maxsize=4)
def asked_of(questions: tuple[Question, ...]) -> Asked:
    import numpy as np

    from paigow_cli.engine.distribution import exact_rate

    games = list(dict.fromkeys(question.rules.game for question in questions))  # as dealer_context
    strategies = tuple(dict.fromkeys(question.strategy for question in questions))
    rates = [1 - exact_rate(question.rules.commission) for question in questions]
    return Asked(
        np.array([int(question.rules.banker) for question in questions], dtype=np.int64),
        np.array([games.index(question.rules.game) for question in questions], dtype=np.int64),
        np.array([rate.numerator for rate in rates], dtype=np.int64),
        np.array([rate.denominator for rate in rates], dtype=np.int64),
        strategies,
        tuple(strategies.index(question.strategy) for question in questions),
    )


def count_group(
    questions: Sequence[Question],
    counts: tuple[int, ...],
    joker: bool,
    tallies: Sequence[Tally],
    *,
    parts: ClassRows | None = None,
    players: Mapping[str, DealerTable] | None = None,
) -> None:
    """Add every player hand of one rank group to each question's tally (``question_set``), and
    with ``parts`` its classes' rows to each question's strategy table. A question whose player
    sets by a strategy of his own finds its table of settings in ``players`` (by the strategy's
    name); a house way or plugin not there is loaded by name, but ``best-way`` must be given (it
    is read from a strategy table: ``strategy.answers.player_table``)."""
    import numpy as np

    from paigow_cli.engine.flush_walk import flush_grid
    from paigow_cli.engine.functionals import grid_functionals
    from paigow_cli.engine.group_play import play_group
    from paigow_cli.engine.kernels import group_lines, scatter_multisets

    context = dealer_context(questions)
    table, first = context.table, questions[0]
    deck = live_deck(tuple(int(card) for card in first.dead))
    ranks = np.arange(13)
    choice_count = deck.choice_count[ranks, counts]
    if not choice_count.all():
        return  # no live hand has these ranks
    asked = asked_of(tuple(questions))
    tables = [
        table if strategy is None else strategy_settings(strategy, table, players) for strategy in asked.strategies
    ]
    classes = group_classes(counts, joker, first.rules, table, deck.suit_live_masks, tables)
    joker_live = deck.joker_live and not joker
    keys = np.array(classes.keys, dtype=np.int64)
    highs, lows, hcut, lcut, heq, leq, row_of, col_of = group_lines(
        keys, asked.banker, table.high_values, table.low_values
    )
    shown = np.array([question.shown for question in questions], dtype=np.bool_)
    if shown.any():  # Face Up's staircases: probe slots after the settings (heq -1 marks them)
        class_stair, class_stair_sign, class_corner, probes = shown_probes(classes, highs, lows)
        extra = len(probes)
        hcut = np.concatenate([hcut, np.zeros((len(questions), extra), dtype=np.int64)], axis=1)
        lcut = np.concatenate([lcut, np.zeros((len(questions), extra), dtype=np.int64)], axis=1)
        heq = np.concatenate([heq, np.full(extra, -1, dtype=np.int64)])
        leq = np.concatenate([leq, np.zeros(extra, dtype=np.int64)])
        probes = np.concatenate([np.full((len(keys), 4, 3), -1, dtype=np.int64), probes])
    else:
        class_stair = np.full((len(classes.settings), 1), -1, dtype=np.int64)
        class_stair_sign = np.zeros_like(class_stair)
        class_corner = np.zeros(len(classes.settings), dtype=np.int64)
        probes = np.full((len(keys), 4, 3), -1, dtype=np.int64)
    rows, cols = 2 * len(highs) + 1, 2 * len(lows) + 1
    grid = np.zeros(context.layers * rows * cols, dtype=np.int64)
    after = deck.live_rank - np.array(counts, dtype=np.int64)
    scatter_multisets(after, joker_live, *context.multiset, row_of, col_of, rows, cols, grid)
    shape = (rows, cols, context.layers)
    cuts = (context.settles, asked.game_of, hcut, lcut, heq, leq, probes)  # what every grid of the group is asked
    base = np.zeros((len(questions), hcut.shape[1], 4), dtype=np.int64)
    grid_functionals(grid, shape, cuts, base)
    flush_rows, flush_cols, flush_shape, flush_cuts = flush_grid(row_of, col_of, shape, cuts, *context.flush_values)

    settings = np.full((len(classes.settings), 21), -1, dtype=np.int64)
    for index, ids in enumerate(classes.settings):
        settings[index, : len(ids)] = ids
    rule_ids: dict[str, int] = {}
    class_rule = np.array(
        [[rule_ids.setdefault(rule, len(rule_ids)) for rule in classes.rules[at]] for at in asked.player_of],
        dtype=np.int64,
    )
    class_house = np.array([classes.house[at] for at in asked.player_of], dtype=np.int64)
    cells = [cell for cell in classes.chart if cell is not None]
    class_chart = np.array([-1 if cell is None else 0 for cell in classes.chart], dtype=np.int64)
    split, together = classes.chart_settings
    chart_split = np.full(len(classes.settings), split, dtype=np.int64)
    chart_together = np.full(len(classes.settings), together, dtype=np.int64)

    house_totals = np.zeros((len(questions), 7), dtype=np.int64)
    best_totals = np.zeros((len(questions), 7), dtype=np.int64)
    rule_stats = np.zeros((len(questions), len(rule_ids), 4), dtype=np.int64)
    rule_example = np.zeros((len(questions), len(rule_ids), 13), dtype=np.int64)
    chart = np.zeros((len(questions), 1, 5), dtype=np.int64)
    size = len(classes.settings) if parts is not None else 0
    class_hands = np.zeros(size, dtype=np.int64)
    class_sums = np.zeros((len(questions) if size else 0, size, 21, 6), dtype=np.int64)
    class_best = np.zeros((len(questions) if size else 0, size, 4), dtype=np.int64)
    play_group(
        deck.choice_masks[ranks, counts],
        choice_count,
        deck.suit_block,
        deck.suit_permutations,
        deck.position_of[ranks, counts],
        int(joker),
        after,
        deck.suit_live,
        joker_live,
        np.array(classes.flush_masks, dtype=np.int64),
        settings,
        np.array([len(ids) for ids in classes.settings], dtype=np.int64),
        class_house,
        class_rule,
        class_chart,
        chart_split,
        chart_together,
        flush_shape,
        flush_cuts,
        base,
        shown,
        class_stair,
        class_stair_sign,
        class_corner,
        *context.flush,
        flush_rows,
        flush_cols,
        asked.pay,
        asked.charge,
        first.dealer_hands,
        house_totals,
        best_totals,
        rule_stats,
        rule_example,
        chart,
        parts is not None,
        class_hands,
        class_sums,
        class_best,
    )
    if parts is not None:
        parts.add(classes, settings, class_hands, class_sums, class_best)
    for at, tally in enumerate(tallies):
        for player, found in (("house", house_totals[at]), ("best", best_totals[at])):
            tally.totals[player] = [a + int(b) for a, b in zip(tally.totals[player], found)]
        own = set(classes.rules[asked.player_of[at]])  # this question's strategy's clauses
        for rule, index in rule_ids.items():
            if rule not in own:
                continue
            stats = [int(value) for value in rule_stats[at, index]]
            mine = tally.rules.setdefault(rule, [0, 0, 0, 0])
            if stats[3] > mine[3]:
                tally.examples[rule] = _example_hand(counts, joker, rule_example[at, index])
            tally.rules[rule] = [mine[0] + stats[0], mine[1] + stats[1], mine[2] + stats[2], max(mine[3], stats[3])]
        if cells and chart[at, 0, 0]:
            name = " ".join(str(rank) for rank in cells[0])
            mine = tally.chart.setdefault(name, [0] * 5)
            tally.chart[name] = [a + int(b) for a, b in zip(mine, chart[at, 0])]


def strategy_settings(strategy: str, dealer: DealerTable, players: Mapping[str, DealerTable] | None) -> DealerTable:
    """The table of settings a player's strategy sets by: given in ``players``, else a house way's
    or plugin's by name; ``best-way``'s cannot be loaded here (it comes from a strategy table)."""
    if players and strategy in players:
        return players[strategy]
    if strategy == BEST_WAY:
        raise ValueError("the best-way strategy's table must be given (strategy.answers.player_table)")
    return settings_table(strategy, dealer.wheel)


def _example_hand(counts: tuple[int, ...], joker: bool, suit_masks) -> list[int]:
    """The card codes of a hand given its suit choice per rank."""
    cards = [rank * 4 + suit for rank in range(13) for suit in range(4) if int(suit_masks[rank]) >> suit & 1]
    return sorted(cards) + ([JOKER_CODE] if joker else [])


def count_chunk(question: Question, chunk: int, chunks: int = CHUNKS) -> Tally:
    """The counts of chunk ``chunk`` of ``chunks`` (every ``chunks``-th rank group): a pure function."""
    return count_chunk_of((question,), chunk, chunks)[0]


def count_chunk_of(questions: Sequence[Question], chunk: int, chunks: int = CHUNKS) -> list[Tally]:
    """``count_chunk`` of each question of a ``question_set``, in one pass over the groups (the
    dealer's flush classes are walked once for them all)."""
    questions = question_set(questions)
    tallies = [Tally(chunks=1) for _ in questions]
    for counts, joker in rank_groups(questions[0].dead)[chunk::chunks]:
        count_group(questions, counts, joker, tallies)
    return tallies


def count_table_chunk(
    questions: Sequence[Question], chunk: int, chunks: int = CHUNKS
) -> tuple[list[Tally], dict[str, np.ndarray]]:
    """``count_chunk_of``, and the chunk's rows of each question's strategy table
    (``class_rows.ClassRows.arrays``): a pure function too."""
    questions = question_set(questions)
    tallies = [Tally(chunks=1) for _ in questions]
    parts = ClassRows(len(questions))
    for counts, joker in rank_groups(questions[0].dead)[chunk::chunks]:
        count_group(questions, counts, joker, tallies, parts=parts)
    return tallies, parts.arrays()
