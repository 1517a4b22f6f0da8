"""The public API for house ways: everything a casino's page of Python needs, from one module.

A house way is a subclass of ``HouseWay`` with a ``name``, a ``casino`` and a
``source``, whose clause methods each take the seven cards as a ``Seven`` and
return a ``Decision``: the two cards for the front and the clause in a dealer's
words. ``HouseWay.decide`` dispatches in a fixed order (five aces, four of a kind,
full house, straights and flushes, three pair, two pair, three of a kind, one
pair, no pair); a casino overrides the clauses it words its own way. It must
define ``two_pair``, ``four_of_a_kind`` and ``straight_or_flush`` (return None
there to use the pair clauses); the others have the common wording.

The seven casinos we ship import nothing else, so this API is what they are made of.
A house way may look at suits only to find straights and flushes (the exact engine
relies on it: ``paigow house-ways --check`` tests it). Ranks are numbers 2-14
(``ACE`` is 14); the joker counts among the aces.

>>> from paigow_cli.core.cards import parse_cards
>>> class Simple(HouseWay):
...     name, casino, source = "simple", "Example casino", "this docstring"
...     def two_pair(self, hand):
...         return self.split_two_pair(hand, "Two pair", "always split")
...     def four_of_a_kind(self, hand):
...         return self.keep_quads(hand, "Four of a kind")
...     def straight_or_flush(self, hand):
...         return None  # play the pairs
>>> decision = Simple().decide(Seven(parse_cards("9S 9H 4D 4C AS KD 2H")))
>>> decision.front, decision.rule
((4D, 4C), 'Two pair: always split, small pair in front')

Helpers on ``Seven`` (see its docstrings): ``pairs``, ``trips``, ``quads`` and
``singles`` (ranks, highest first), ``five_aces``, ``complete`` (a straight or flush
can be made), ``single_at_least(rank)``, ``has_single(rank)``, ``cards_except(*ranks)``,
``pair_in_front(rank)``, ``front_from_pool(cards)``, ``one_card_and_next(rank)``,
``best_complete(allowed)`` and ``pair_of(rank)``. Moves on ``HouseWay``:
``split_two_pair``, ``keep_two_pair``, ``split_quads``, ``keep_quads``,
``quads_with_pair``, ``complete``, ``trips_with_complete``, ``pair_with_complete``,
``keep_or_break`` and the common clauses (``no_pair``, ``one_pair``, ``three_pair``,
``three_of_a_kind``, ``two_trips``, ``full_house``,
``full_house_split_unless_twos_with_ace_king``, ``five_aces``).

A helper or move asked for what the hand does not hold (``pair_in_front(13)`` without two
kings, ``split_two_pair`` on one pair) raises ``HelperError`` saying what it needed; paigow
reports it at the plugin's own line. What a clause returns is checked the same way by
``paigow house-ways --check`` and by every command (``plugins.decision_fault``).

A card is ``Card`` (an ``int``: importable here for annotations, left out of ``help()``, which
would list every method of ``int``); ranks are numbers, 2 to 14 for an ace (``ACE``, ``KING``,
...), and the joker counts as an ace wherever a rank is asked of it.
"""

from __future__ import annotations

from paigow_cli.core.cards import JOKER_CODE, Card
from paigow_cli.core.hands import (
    FLUSH,
    RANK_PLURALS,
    ROYAL_CODE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    key_ranks,
)
from paigow_cli.house_ways.analysis import (
    KING,
    CompleteSetting,
    Decision,
    HelperError,
    Seven,
    front_key,
)
from paigow_cli.house_ways.base import (
    ACE,
    ACE_FACE,
    ACE_HIGH,
    JACK,
    JACK_HIGH,
    KING_HIGH,
    TEN,
    HouseWay,
    pair_class,
    two_pair_name,
)
from paigow_cli.house_ways.strategy_rules import MOVES, Features, features

QUEEN = 12


def card_features(hand: Seven) -> Features:
    """What a strategy card's rules test of seven cards: its kind, pair ranks, singles, flags
    (``strategy_rules.Features``; ``paigow strategy --plugin`` writes rules on them)."""
    return features(hand)


def card_move(name: str, hand: Seven) -> tuple[Card, Card] | None:
    """The front a strategy card's move (``strategy_rules.MOVES``, e.g. "split", "keep") gives
    seven cards, or None where it cannot be made (or would foul)."""
    return MOVES[name].front(hand)


def house_way_class(name: str, digest: str | None = None) -> type[HouseWay]:
    """The class of a house way, to derive a plugin from: a shipped way's name, an installed
    plugin's, or a plugin file's path (with ``digest``, the file must be the one the digest was
    taken of: ``paigow strategy`` writes it into a card built on a plugin, so the card is never
    played on a base that changed since).

    >>> house_way_class("trump-plaza").__name__
    'TrumpPlaza'
    """
    from paigow_cli.house_ways import way_named
    from paigow_cli.house_ways.plugins import resolve

    way = way_named(resolve(name))
    if digest is not None and way.digest != digest:
        raise HelperError(
            f"the house way {name} changed since this plugin was written (digest {way.digest}, written for "
            f"{digest}): write the plugin again"
        )
    return type(way)


__all__ = [
    "ACE",
    "ACE_FACE",
    "ACE_HIGH",
    "FLUSH",
    "JACK",
    "JACK_HIGH",
    "JOKER_CODE",
    "KING",
    "KING_HIGH",
    "QUEEN",
    "RANK_PLURALS",
    "ROYAL_CODE",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TEN",
    "CompleteSetting",
    "Decision",
    "Features",
    "HelperError",
    "HouseWay",
    "Seven",
    "card_features",
    "card_move",
    "front_key",
    "house_way_class",
    "key_ranks",
    "pair_class",
    "two_pair_name",
]
