"""The rule options every function takes explicitly, as one frozen value.

>>> Rules().wheel is Wheel.SECOND
True
>>> Rules(commission=0.0).commission
0.0
>>> Rules(game=Game.EZ).commission  # the commission-free games take none
0.0
>>> Rules(game=Game.EZ, commission=0.05)
Traceback (most recent call last):
...
paigow_cli.core.errors.OptionError: commission applies to the classic game only: ez takes no commission (a queen-high pai gow for the dealer pushes instead)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from paigow_cli.core.errors import OptionError

CLASSIC_COMMISSION = 0.05


class Wheel(str, Enum):
    """Where A-2-3-4-5 ranks among straights (rules.md §2)."""

    SECOND = "second"  # below A-K-Q-J-T, above K-Q-J-T-9 (traditional Pai Gow)
    LOW = "low"  # the lowest straight, as in ordinary poker


class Joker(str, Enum):
    """What the joker may stand for (rules.md §2 and §11)."""

    BUG = "bug"  # an ace, or any card that completes a straight, a flush or a straight flush
    WILD = "wild"  # any card at all (California's rooms): it pairs with any rank, five of a kind is a hand

    @property
    def is_wild(self) -> bool:
        return self is Joker.WILD


class HouseWayName(str, Enum):
    """The casinos whose house way we ship (rules.md §7); plugins add others by name."""

    FOXWOODS = "foxwoods"
    TRUMP_PLAZA = "trump-plaza"
    CLARIDGE = "claridge"
    BALLYS = "ballys"
    FLAMINGO = "flamingo"
    GOLDEN_NUGGET = "golden-nugget"
    SANTA_ANA_STAR = "santa-ana-star"


BEST_WAY = "best-way"  # the player's strategy that sets each class of hands by its best summed EV (no house way's name)
PLAYER_WORDS = ("house", "best", BEST_WAY)  # what --player names besides house ways: never a plugin's name


class Game(str, Enum):
    """The game dealt at the table (rules.md §5 and §8.1)."""

    CLASSIC = "classic"  # 5% commission on wins
    EZ = "ez"  # no commission; a dealer's queen-high pai gow pushes every bet
    COMMISSION_FREE = "commission-free"  # no commission; a dealer's 9-high low hand pushes every bet
    FACE_UP = "face-up"  # no commission; dealer's hand shown; a dealer's ace-high pai gow pushes every bet

    @property
    def rule(self) -> str:
        """The game's own rule in place of the commission, in a few words."""
        return GAME_RULES[self]


GAME_RULES = {
    Game.CLASSIC: "wins pay 1 to 1 less the commission",
    Game.EZ: "a queen-high pai gow for the dealer pushes instead",
    Game.COMMISSION_FREE: "a 9-high low hand for the dealer pushes instead",
    Game.FACE_UP: "an ace-high pai gow for the dealer pushes instead",
}


@dataclass(frozen=True)
class Rules:
    """Rule options: wheel rank, commission, the dealer's house way, the game, and who banks.

    ``commission`` left as None means the game's own: 5% in the classic game, none in the
    commission-free games (where giving one is an error).
    """

    wheel: Wheel = Wheel.SECOND
    commission: float = None  # type: ignore[assignment]  # resolved in __post_init__
    house_way: str = HouseWayName.FOXWOODS.value  # a shipped name (or HouseWayName), or a loaded plugin's
    game: Game = Game.CLASSIC
    banker: bool = False  # the player banks against the dealer (rules.md §8.2)

    def __post_init__(self) -> None:
        object.__setattr__(self, "house_way", str(getattr(self.house_way, "value", self.house_way)))
        if self.commission is None:
            object.__setattr__(self, "commission", CLASSIC_COMMISSION if self.game is Game.CLASSIC else 0.0)
        elif self.game is not Game.CLASSIC and self.commission != 0:
            raise OptionError(
                f"{{option}} applies to the classic game only: {self.game.value} takes no commission ({self.game.rule})",
                about="commission",
            )
        if not 0.0 <= self.commission < 1.0:
            raise OptionError(
                f"{{option}} {self.commission!r} is out of range: give a rate from 0 up to (not including) 1, e.g. 0.05",
                about="commission",
            )

    @property
    def wheel_is_low(self) -> bool:
        """True when the wheel is the lowest straight."""
        return self.wheel is Wheel.LOW

    @property
    def side(self) -> str:
        """Who the player bets as, in words: "banker" or "player"."""
        return "banker" if self.banker else "player"

    def as_dict(self) -> dict[str, object]:
        """The rules as plain JSON values."""
        return {
            "wheel": self.wheel.value,
            "commission": self.commission,
            "house_way": self.house_way,
            "game": self.game.value,
            "banker": self.banker,
        }
