"""The rule options every function takes explicitly, as one frozen value.

>>> Rules().wheel is Wheel.SECOND
True
>>> Rules(commission=0.0).commission
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from paigow_cli.errors import OptionError


class Wheel(str, Enum):
    """Where A-2-3-4-5 ranks among straights (rules.md §2)."""

    SECOND = "second"  # below A-K-Q-J-T, above K-Q-J-T-9 (traditional Pai Gow)
    LOW = "low"  # the lowest straight, as in ordinary poker


class HouseWayName(str, Enum):
    """The casinos whose house way we implement (rules.md §7)."""

    FOXWOODS = "foxwoods"
    TRUMP_PLAZA = "trump-plaza"
    CLARIDGE = "claridge"
    BALLYS = "ballys"
    FLAMINGO = "flamingo"
    GOLDEN_NUGGET = "golden-nugget"
    SANTA_ANA_STAR = "santa-ana-star"


@dataclass(frozen=True)
class Rules:
    """Rule options: wheel rank, commission on wins, and the dealer's house way."""

    wheel: Wheel = Wheel.SECOND
    commission: float = 0.05
    house_way: HouseWayName = HouseWayName.FOXWOODS

    def __post_init__(self) -> None:
        if not 0.0 <= self.commission < 1.0:
            raise OptionError(
                f"commission {self.commission!r} is out of range: give a rate from 0 up to (not including) 1, e.g. 0.05"
            )

    @property
    def wheel_is_low(self) -> bool:
        """True when the wheel is the lowest straight."""
        return self.wheel is Wheel.LOW

    def as_dict(self) -> dict[str, object]:
        """The rules as plain JSON values."""
        return {"wheel": self.wheel.value, "commission": self.commission, "house_way": self.house_way.value}
