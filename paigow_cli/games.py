"""The games at the table (rules.md §8.1, §8.2): each game's push rule, and banking.

A game changes how one (player setting, dealer setting) pair settles, never how the
dealer sets: the commission-free games push every bet on a condition of the
dealer's hand (EZ: a queen-high pai gow; Face Up: an ace-high pai gow;
Commission-Free: a 9-high low hand as the house way sets it), and a banking
player wins the copies. So the exact engine reads the same dealer histogram, with
the pushing dealer hands set apart (``push_classes``).

Readings we took where the rules are silent: the push rule looks at the dealer's
hand in every game, also when the player banks (the dealer then plays the
player's role, and it is still his hand that pushes the bets); a player's foul
loses even against a pushing dealer hand (the foul is settled first), while a
banking player's foul is reset to the house way (§8.2) and then settled as usual.

>>> from paigow_cli.cards import parse_cards
>>> from paigow_cli.splits import make_split
>>> dealer = make_split(parse_cards("QS JH 9D 7C 5S 3H 2D"), parse_cards("JH 9D"))
>>> dealer_pushes(Game.EZ, dealer), dealer_pushes(Game.FACE_UP, dealer)
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paigow_cli.bonus_hands import pai_gow_top
from paigow_cli.cards import ACE
from paigow_cli.hands import HIGH_CARD, HandValue, category_of, key_ranks
from paigow_cli.rules import Game
from paigow_cli.splits import Split

if TYPE_CHECKING:
    import numpy as np

    from paigow_cli.dealer_table import DealerTable

PAI_GOW_PUSH_TOP = {Game.EZ: 12, Game.FACE_UP: ACE}  # the dealer's pai gow that pushes, by its top rank
PUSH_TEXT = {
    Game.EZ: "the dealer's queen-high pai gow pushes every bet",
    Game.FACE_UP: "the dealer's ace-high pai gow pushes every bet",
    Game.COMMISSION_FREE: "the dealer's 9-high low hand pushes all bets",
}


def is_nine_high_low(key: int) -> bool:
    """A two-card key that is 9-high (9-x with x below 9; a pair of nines is not).

    >>> from paigow_cli.cards import parse_cards
    >>> from paigow_cli.hands import evaluate
    >>> [is_nine_high_low(evaluate(parse_cards(text)).key) for text in ("9S 8H", "9S 9H", "TS 2H")]
    [True, False, False]
    """
    return category_of(key) == HIGH_CARD and key_ranks(key)[0] == 9


def dealer_pushes(game: Game, dealer: Split) -> bool:
    """True when the dealer's setting pushes every bet in this game."""
    if game is Game.COMMISSION_FREE:
        return is_nine_high_low(dealer.low_value.key)
    top = PAI_GOW_PUSH_TOP.get(game)
    return top is not None and pai_gow_top(dealer.cards) == top


_PUSH_CACHE: dict[tuple[int, Game], tuple[DealerTable, tuple[np.ndarray, np.ndarray]]] = {}


def push_classes(table: DealerTable, game: Game) -> tuple[np.ndarray, np.ndarray] | None:
    """Per multiset class and per flush class: the dealer hands of that class push every bet.

    None in the classic game. A flush class is never a pai gow; its low hand can be 9-high.
    Computed once per table and game (a batch asks for every hand).
    """
    if game is Game.CLASSIC:
        return None
    cached = _PUSH_CACHE.get((id(table), game))
    if cached is not None and cached[0] is table:
        return cached[1]
    import numpy as np

    from paigow_cli.bonus_hands import pai_gow_classes

    if game is Game.COMMISSION_FREE:
        pushes = nine_high_low_classes(table)
    else:
        pushes = (pai_gow_classes(table.classes, PAI_GOW_PUSH_TOP[game]), np.zeros(len(table.flush_low), dtype=bool))
    if len(_PUSH_CACHE) >= 8:
        _PUSH_CACHE.clear()
    _PUSH_CACHE[(id(table), game)] = (table, pushes)
    return pushes


def nine_high_low_classes(table: DealerTable) -> tuple[np.ndarray, np.ndarray]:
    """Per multiset and per flush class: the house way sets a 9-high low hand (Tiger 9, Commission-Free)."""
    import numpy as np

    nine_high = np.array([is_nine_high_low(int(key)) for key in table.low_values])
    return nine_high[table.multiset_low], nine_high[table.flush_low]


def banker_wins(player: HandValue, dealer: HandValue, banker: bool) -> bool:
    """Whether the player takes one comparison: strictly higher, or also a copy when he banks."""
    return player >= dealer if banker else player > dealer
