"""The shipped house ways by name, in the order of ``rules.HouseWayName`` (a plugin is found by
``plugins``; ``house_ways.way_named`` looks in both)."""

from __future__ import annotations

from paigow_cli.core.rules import HouseWayName
from paigow_cli.house_ways.atlantic_city import Ballys, Claridge, TrumpPlaza
from paigow_cli.house_ways.base import HouseWay
from paigow_cli.house_ways.foxwoods import Foxwoods
from paigow_cli.house_ways.las_vegas import Flamingo, GoldenNugget
from paigow_cli.house_ways.santa_ana_star import SantaAnaStar

HOUSE_WAYS: dict[str, HouseWay] = {
    way.name: way
    for way in (Foxwoods(), TrumpPlaza(), Claridge(), Ballys(), Flamingo(), GoldenNugget(), SantaAnaStar())
}
assert list(HOUSE_WAYS) == [name.value for name in HouseWayName]
