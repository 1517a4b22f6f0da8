"""What a whole-game pass gives beside the counts, read for any strategy from its dealer's strategy
table: each clause's example hand (the hand it gives up most on, found by counting the few rank
groups of those classes again) and the two-pair chart (``mistakes --player``).

>>> from paigow_cli.analysis.game.counting import settings_table
>>> from paigow_cli.analysis.strategy.answers import Run, compute, strategy_table_of
>>> from paigow_cli.core.rules import Rules
>>> question = Question(Rules(), dead=tuple(range(36)))  # 17 live cards: 6 to A and the joker
>>> table, dealer = strategy_table_of(question), settings_table("foxwoods", question.rules.wheel)
>>> table_chart(table, dealer) == compute(question, run=Run(jobs=1)).chart
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.game.counting import count_group
from paigow_cli.analysis.game.question import Question, Tally
from paigow_cli.analysis.game.rank_groups import chart_cell, rank_groups
from paigow_cli.analysis.game.store import chunk_count
from paigow_cli.core.splits import setting_keys
from paigow_cli.engine.dealer_classes import multiset_representative

if TYPE_CHECKING:
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable


def table_examples(question: Question, table: StrategyTable, player: DealerTable, tally: Tally) -> dict[str, list[int]]:
    """The hand each clause gives up most on, as a whole-game pass with the player's strategy finds
    it (``Tally.examples``): the table knows how much that is and in which classes, and the rank
    groups of those classes are counted again, one by one, to find the hand; where several groups
    tie, the pass's choice is followed (in a chunk the first group, across chunks the lowest hand)."""

    choice = table.choice(player)
    clause = np.concatenate([player.multiset_rule, player.flush_rule])[table.ids]
    most = table.most[choice]
    names = player.rule_names.tolist()
    classes = player.classes
    multiset = np.where(
        table.ids < classes.multisets,
        table.ids,
        classes.flush_multiset[np.maximum(table.ids.astype(np.int64) - classes.multisets, 0)],
    )
    groups = {group: at for at, group in enumerate(rank_groups(question.dead))}
    chunks = chunk_count(question)
    examples: dict[str, list[int]] = {}
    for rule, (_, _, _, top) in tally.rules.items():
        if top <= 0:
            continue
        rows = np.flatnonzero((clause == names.index(rule)) & (most == top))
        candidates = sorted(
            {
                groups[tuple(classes.multiset_counts[index].tolist()), bool(classes.multiset_joker[index])]
                for index in multiset[rows].tolist()
            }
        )
        winners: dict[int, int] = {}  # chunk -> its first group with the most
        for group in candidates:
            winners.setdefault(group % chunks, group)
        found: list[list[int]] = []
        for group in winners.values():
            counts, joker = rank_groups(question.dead)[group]
            counted = Tally()
            players = {question.strategy: player} if question.strategy else None
            count_group([question], counts, joker, [counted], players=players)
            if counted.rules[rule][3] != top:
                raise ArithmeticError("the strategy table and a group counted again disagree")
            found.append(counted.examples[rule])
        examples[rule] = min(found)
    return examples


def table_chart(table: StrategyTable, player: DealerTable) -> dict[str, list[int]]:
    """``Tally.chart`` for a player's strategy: per plain two-pair cell (``rank_groups.chart_cell``)
    the hands, the summed scores of splitting and of keeping together, and the hands the strategy
    splits or keeps together."""

    classes = player.classes
    choice = table.choice(player)
    wheel_low = table.question.rules.wheel_is_low
    chart: dict[str, list[int]] = {}
    multisets = np.flatnonzero(table.ids < classes.multisets)
    for row in multisets.tolist():
        index = int(table.ids[row])
        counts = tuple(classes.multiset_counts[index].tolist())
        cell = chart_cell(counts, bool(classes.multiset_joker[index]))
        if cell is None:
            continue
        hand = multiset_representative([rank for rank in range(13) for _ in range(counts[rank])], False)
        low_pair = [card for card in hand if (card >> 2) + 2 == cell[1]]
        singles = sorted((card for card in hand if counts[card >> 2] == 1), reverse=True)[:2]
        first, last = int(table.start[row]), int(table.start[row + 1])
        keys = list(zip(table.high[first:last].tolist(), table.low[first:last].tolist()))
        split = first + keys.index(setting_keys(hand, low_pair, wheel_low))
        together = first + keys.index(setting_keys(hand, singles, wheel_low))
        hands = int(table.hands[row])
        name = " ".join(str(rank) for rank in cell)
        found = chart.setdefault(name, [0] * 5)
        for at, value in enumerate(
            (
                hands,
                int(table.scores[split]),
                int(table.scores[together]),
                hands if choice[row] == split else 0,
                hands if choice[row] == together else 0,
            )
        ):
            found[at] += value
    return {name: values for name, values in chart.items() if values[0]}
