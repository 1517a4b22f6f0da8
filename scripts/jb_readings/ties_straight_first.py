"""Straight or flush, no pair or one pair: "the two highest cards in front that will leave any
complete hand in back" (Foxwoods' text names no complete hand): among the settings with the best
front, the complete hand by the order STRAIGHT,FLUSH,STRAIGHT_FLUSH (then the high one of a kind), not the best back."""

from paigow_cli.house_ways.api import FLUSH, STRAIGHT, STRAIGHT_FLUSH, house_way_class

Foxwoods = house_way_class("foxwoods")
ORDER = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
WITHIN = "high"


class Reading(Foxwoods):
    name = "jb-ties-straight-first"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def straight_or_flush(self, hand):
        decision = super().straight_or_flush(hand)
        if decision is None or hand.trips or len(hand.pairs) >= 2:
            return decision
        best = hand.best_complete()
        if best is None or decision.front != best.front:
            return decision  # the one-pair exception decided it
        tied = [s for s in hand.complete_settings() if s.low_key == best.low_key]
        sign = -1 if WITHIN == "high" else 1
        chosen = min(tied, key=lambda s: (ORDER.index(s.category), sign * s.high_key))
        if chosen.high_key == best.high_key:
            return decision
        return self.complete(
            hand.best_complete(lambda s: s.low_key == best.low_key and s.high_key == chosen.high_key),
            "Straight or flush: the best front, the complete hand by the reading's order in back",
        )
