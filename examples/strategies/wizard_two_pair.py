"""A published one-sentence two-pair rule against the Trump Plaza dealer, as a strategy plugin.

Michael Shackleford (the Wizard of Odds), "Pai Gow Poker Appendix 2", first in his newsletter of
March 2, 2001 (wizardofodds.com/games/pai-gow-poker/appendix/2/): against the Trump Plaza house
way, "split the two pair unless: 1. the sum of the ranks is 9 or less and you have a king or ace
singleton, or 2. the sum of the ranks is 15 or less and you have an ace singleton", the sum of
the ranks being the two pairs' ranks added up (an ace 14). He reports it cuts the house edge by
0.04%. Every other hand is set by the Trump Plaza house way.

Readings: "an ace singleton" is an unpaired ace, the joker counting as one when the hand holds no
ace (with an ace the joker pairs it); a two pair that can also make a straight or flush follows the
rule too, as Trump Plaza's own two-pair clause does.

    paigow edge --house-way trump-plaza --player examples/strategies/wizard_two_pair.py
    paigow strategy --house-way trump-plaza --rules 1
"""

from __future__ import annotations

from paigow_cli.house_ways.api import ACE, KING, Decision, Seven
from paigow_cli.house_ways.atlantic_city import TrumpPlaza


class WizardTwoPair(TrumpPlaza):
    name = "wizard-two-pair"
    casino = "The Trump Plaza house way with the Wizard of Odds' two-pair rule (a player's strategy)"
    source = "wizardofodds.com/games/pai-gow-poker/appendix/2/ (newsletter of March 2, 2001)"

    def two_pair(self, hand: Seven) -> Decision:
        ranks = hand.pairs[0] + hand.pairs[1]
        if ranks <= 9 and (hand.has_single(KING) or hand.has_single(ACE)):
            return self.keep_two_pair(hand, "Two pair adding up to 9 or less, a king or ace singleton")
        if ranks <= 15 and hand.has_single(ACE):
            return self.keep_two_pair(hand, "Two pair adding up to 15 or less, an ace singleton")
        return self.split_two_pair(hand, "Two pair")
