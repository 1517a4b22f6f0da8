"""The games at the table (rules.md §8.1, §8.2): each game's push rule, and banking.

A game changes how one (player setting, dealer setting) pair settles, never how the
dealer sets: the commission-free games push every bet on a condition of the
dealer's hand (EZ: a queen-high pai gow; Face Up: an ace-high pai gow;
Commission-Free: a 9-high low hand as the house way sets it), and a banking
player wins the copies. So the exact engine reads the same dealer histogram, with
the pushing dealer hands set apart (``engine.class_flags.push_classes``).

Readings we took where the rules are silent: the push rule looks at the dealer's
hand in every game, also when the player banks (the dealer then plays the
player's role, and it is still his hand that pushes the bets); a player's foul
loses even against a pushing dealer hand (the foul is settled first), while a
banking player's foul is reset to the house way (§8.2) and then settled as usual.

>>> from paigow_cli.core.cards import parse_cards
>>> from paigow_cli.core.splits import make_split
>>> dealer = make_split(parse_cards("QS JH 9D 7C 5S 3H 2D"), parse_cards("JH 9D"))
>>> dealer_pushes(Game.EZ, dealer), dealer_pushes(Game.FACE_UP, dealer)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from paigow_cli.core.bonus_hands import pai_gow_top
from paigow_cli.core.cards import ACE
from paigow_cli.core.hands import HIGH_CARD, HandValue, category_of, key_ranks
from paigow_cli.core.rules import Game, Rules
from paigow_cli.core.splits import Split

PAI_GOW_PUSH_TOP = {Game.EZ: 12, Game.FACE_UP: ACE}  # the dealer's pai gow that pushes, by its top rank


@dataclass(frozen=True)
class GameWording:
    """How paigow names a game and its rule, everywhere it does."""

    title: str  # the table's name, as the play banner says it
    rule: str  # instead of a commission, in a few words (the --game help)
    push: str | None  # what pushes every bet, as a sentence's subject and verb


GAME_WORDING = {
    Game.CLASSIC: GameWording("Classic", "5% commission", None),
    Game.EZ: GameWording(
        "EZ Pai Gow", "dealer's queen-high pai gow pushes", "the dealer's queen-high pai gow pushes every bet"
    ),
    Game.COMMISSION_FREE: GameWording(
        "Commission-Free", "dealer's 9-high low hand pushes", "the dealer's 9-high low hand pushes all bets"
    ),
    Game.FACE_UP: GameWording(
        "Face Up", "dealer's ace-high pai gow pushes", "the dealer's ace-high pai gow pushes every bet"
    ),
}
PUSH_TEXT = {game: wording.push for game, wording in GAME_WORDING.items() if wording.push is not None}


def game_text(rules: Rules) -> str:
    """``classic game`` or ``ez game, you bank``: the game, as titles name it.

    >>> game_text(Rules(game=Game.EZ, banker=True))
    'ez game, you bank'
    """
    return f"{rules.game.value} game" + (", you bank" if rules.banker else "")


def game_title(rules: Rules) -> str:
    """The game as the play banner names it: ``EZ Pai Gow, you bank``.

    >>> game_title(Rules(game=Game.EZ, banker=True))
    'EZ Pai Gow, you bank'
    """
    return GAME_WORDING[rules.game].title + (", you bank" if rules.banker else "")


def game_choices() -> str:
    """The games and their rules in a few words, for the ``--game`` help.

    >>> game_choices().split(", ")[0]
    'classic (5% commission)'
    """
    return ", ".join(f"{game.value} ({wording.rule})" for game, wording in GAME_WORDING.items())


def is_nine_high_low(key: int) -> bool:
    """A two-card key that is 9-high (9-x with x below 9; a pair of nines is not).

    >>> from paigow_cli.core.cards import parse_cards
    >>> from paigow_cli.core.hands import evaluate
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


def banker_wins(player: HandValue, dealer: HandValue, *, banker: bool) -> bool:
    """Whether the player takes one comparison: strictly higher, or also a copy when he banks."""
    return player >= dealer if banker else player > dealer
