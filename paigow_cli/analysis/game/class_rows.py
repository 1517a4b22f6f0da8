"""The rows a whole-game pass records for strategy tables: for each player class it meets, the
class's hands and, for every question of the pass, every legal setting's summed counts and best
play's (``group_play.play_group`` fills them; ``strategy.table.StrategyTable.from_chunks`` reads
them back in class order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from paigow_cli.analysis.game.rank_groups import GroupClasses

NOT_BEST, MOST = 4, 5  # in ``ClassRows.sums``: after wins, losses, high and low copies


class ClassRows:
    """One chunk's rows of the strategy tables of a question set, as ``count_group`` finds them."""

    def __init__(self, questions: int) -> None:
        self.questions = questions
        self.ids: list[np.ndarray] = []
        self.hands: list[np.ndarray] = []
        self.sizes: list[np.ndarray] = []
        self.keys: list[np.ndarray] = []
        self.sums: list[np.ndarray] = []
        self.best: list[np.ndarray] = []

    def add(
        self,
        classes: GroupClasses,
        settings: np.ndarray,
        hands: np.ndarray,
        sums: np.ndarray,
        best: np.ndarray,
    ) -> None:
        """A group's classes: ``settings`` (classes, 21) their setting ids padded with -1, ``hands``
        per class, ``sums`` (questions, classes, 21, 6) and ``best`` (questions, classes, 4) as
        ``group_play.play_group`` records them."""
        used = settings >= 0
        self.ids.append(np.array(classes.class_ids, dtype=np.int32))
        self.hands.append(hands.copy())
        self.sizes.append(used.sum(axis=1).astype(np.int32))
        self.keys.append(np.array(classes.keys, dtype=np.int64)[settings[used]])
        self.sums.append(sums[:, used])
        self.best.append(best.copy())

    def arrays(self) -> dict[str, np.ndarray]:
        """The chunk's rows as plain arrays (a chunk file's, or a cluster worker's answer)."""
        if not self.ids:
            return {
                "ids": np.zeros(0, dtype=np.int32),
                "hands": np.zeros(0, dtype=np.int64),
                "sizes": np.zeros(0, dtype=np.int32),
                "keys": np.zeros((0, 2), dtype=np.int64),
                "sums": np.zeros((self.questions, 0, 6), dtype=np.int64),
                "best": np.zeros((self.questions, 0, 4), dtype=np.int64),
            }
        return {
            "ids": np.concatenate(self.ids),
            "hands": np.concatenate(self.hands),
            "sizes": np.concatenate(self.sizes),
            "keys": np.concatenate(self.keys),
            "sums": np.concatenate(self.sums, axis=1),
            "best": np.concatenate(self.best, axis=1),
        }
