"""A 6- or 7-card straight or flush, no pair: the highest complete hand in back, then the best front
it allows (not the best front that leaves any complete hand)."""

from paigow_cli.house_ways.api import house_way_class

Foxwoods = house_way_class("foxwoods")


class LongCompleteHighestBack(Foxwoods):
    name = "jb-long-complete-highest-back"
    casino = "Foxwoods, read another way"
    source = "issue 29"

    def straight_or_flush(self, hand):
        if hand.pairs or hand.trips or hand.quads:
            return super().straight_or_flush(hand)
        settings = hand.complete_settings()
        if len(settings) <= 1:
            return super().straight_or_flush(hand)
        top = max(s.high_key for s in settings)
        best = hand.best_complete(lambda s: s.high_key == top)
        return self.complete(
            best, "Straight or flush, no pair: the highest complete hand in back, the best front it allows"
        )
