"""Casino house ways: fixed procedures that set seven cards (rules.md §7), shipped or plugged in.

A house way is named by a string: a shipped one's name, or a plugin's (loaded by
``plugins.resolve`` from a file or an installed package, then found by name).

>>> from paigow_cli.core.cards import parse_cards
>>> setting = house_setting(parse_cards("9S 9H 4D 4C AS KD 2H"), Rules())
>>> str(setting.split), setting.rule
('9S 9H 4D 4C 2H / AS KD', 'Two pair, high pair 7-10, an ace can go in front: kept together, two highest other cards in front')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paigow_cli.core.cards import Card
from paigow_cli.core.rules import Rules
from paigow_cli.core.splits import Split, make_split, setting_keys
from paigow_cli.house_ways.analysis import Decision, Seven
from paigow_cli.house_ways.base import HouseWay
from paigow_cli.house_ways.shipped import HOUSE_WAYS


def way_named(name: str) -> HouseWay:
    """The house way of this name: shipped, or a plugin loaded (or installed) in this process."""
    key = getattr(name, "value", name)
    way = HOUSE_WAYS.get(key)
    if way is None:
        from paigow_cli.house_ways.plugins import find, resolve

        way = find(key) or find(resolve(key))
    if way is None:  # resolve() loads a plugin or refuses the name, so only a bug gets here
        raise LookupError(f"house way '{key}' was resolved but not registered")
    return way


@dataclass(frozen=True)
class HouseSetting:
    """The house way's setting of a hand and the clause that decided it."""

    split: Split
    rule: str
    house_way: str


def decide(cards: Sequence[Card], house_way: str | HouseWay, wheel_low: bool = False) -> Decision:
    """The front two cards by the house way (its name, or the way itself where a caller sets many
    hands by one), and the clause (a plugin's failures as PluginError)."""
    way = house_way if isinstance(house_way, HouseWay) else way_named(house_way)
    if way.plugin:
        from paigow_cli.house_ways.plugins import guarded_decide

        return guarded_decide(way, cards, wheel_low)
    return way.decide(Seven(cards, wheel_low))


def house_setting(cards: Sequence[Card], rules: Rules) -> HouseSetting:
    """The house way's setting of seven cards, with its hand values and clause. A setting that
    fouls is refused (a house way never fouls: only a plugin can), never played or settled."""
    decision = decide(cards, rules.house_way, rules.wheel_is_low)
    split = make_split(cards, decision.front, rules.wheel_is_low)
    if split.foul:
        from paigow_cli.core.cards import cards_text
        from paigow_cli.core.errors import PluginError

        raise PluginError(
            f"the house way '{rules.house_way}' fouls {cards_text(cards)}: it sets {split} "
            f"(clause: {decision.rule}); a house way never fouls"
        )
    return HouseSetting(split, decision.rule, rules.house_way)


def house_keys(cards: Sequence[Card], house_way: str, wheel_low: bool = False) -> tuple[int, int]:
    """(high key, low key) of the house way's setting, without building a Split (hot loops)."""
    decision = decide(cards, house_way, wheel_low)
    return setting_keys(cards, decision.front, wheel_low)


__all__ = ["HOUSE_WAYS", "HouseSetting", "HouseWay", "decide", "house_keys", "house_setting", "way_named"]
