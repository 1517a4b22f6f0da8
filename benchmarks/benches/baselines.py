"""The code some targets were measured against, as it was before the change that sped it up, kept
here to time it beside today's in the same run."""

from __future__ import annotations

from collections.abc import Sequence


def old_hand_odds(hand: Sequence, table) -> list[tuple[int, int, int]]:
    """The per-hand loop as it was before the compiled kernel (numpy class weights, a full-resolution
    histogram and its running sums): the baseline of the whole-game issue, kept here to time it."""
    import numpy as np

    from paigow_cli.core.splits import all_splits
    from paigow_cli.engine.distribution import LiveCards, class_weights

    live = LiveCards.without(hand)
    multiset, flush = class_weights(table.classes, live)
    lows = len(table.low_values)
    cells = len(table.high_values) * lows
    histogram = np.bincount(
        table.multiset_high.astype(np.int64) * lows + table.multiset_low, weights=multiset, minlength=cells
    )
    histogram += np.bincount(table.flush_high.astype(np.int64) * lows + table.flush_low, weights=flush, minlength=cells)
    histogram = np.rint(histogram).astype(np.int64).reshape(len(table.high_values), lows)
    below = np.zeros((len(table.high_values) + 1, lows + 1), dtype=np.int64)
    below[1:, 1:] = histogram.cumsum(axis=0).cumsum(axis=1)
    total = int(below[-1, -1])
    odds = []
    for split in all_splits(hand):
        if split.foul:
            odds.append((0, 0, total))
            continue
        high = int(np.searchsorted(table.high_values, split.high_value.key))
        low = int(np.searchsorted(table.low_values, split.low_value.key))
        wins = int(below[high, low])
        losses = total - int(below[high, -1]) - int(below[-1, low]) + wins
        odds.append((wins, total - wins - losses, losses))
    return odds


def old_complete_settings(self):
    """``Seven.complete_settings`` as it was: every one of the 21 backs valued with ``five_card_key``
    (the baseline of the first table build, kept here to time it)."""
    from paigow_cli.core.hands import five_card_key, two_card_key
    from paigow_cli.core.splits import LOW_POSITIONS
    from paigow_cli.house_ways.analysis import COMPLETE_CATEGORIES, CompleteSetting

    if self._completes is None:
        found = []
        if self.complete:
            cards = self.cards
            for i, j in LOW_POSITIONS:
                back = [card for k, card in enumerate(cards) if k != i and k != j]
                high = five_card_key(back, self.wheel_low)
                if high >> 20 in COMPLETE_CATEGORIES:
                    front = (cards[i], cards[j])
                    found.append(CompleteSetting(front, high, two_card_key(*front)))
        self._completes = found
    return self._completes


def old_table_build(house_way, wheel) -> None:
    """The first table build as it was (``old_complete_settings``), for the baseline."""
    from paigow_cli.engine.dealer_table import build_table
    from paigow_cli.house_ways.analysis import Seven

    new = Seven.complete_settings
    Seven.complete_settings = old_complete_settings  # workers are forked, so they see it too
    try:
        build_table(house_way, wheel)
    finally:
        Seven.complete_settings = new
