"""Renderers several commands share: the question a JSON answer answers, settings and settlements
in JSON and text, plurals and signed numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from paigow_cli.cli.output import (
    card_list,
    cards_markup,
)
from paigow_cli.core.cards import Card, cards_text, sort_cards
from paigow_cli.core.hands import table_label
from paigow_cli.core.rules import Game, HouseWayName, Rules, Wheel

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from paigow_cli.analysis.money.spread import Payouts
    from paigow_cli.core.showdown import Settlement
    from paigow_cli.core.splits import Split
    from paigow_cli.engine.distribution import SplitOdds
    from paigow_cli.house_ways import HouseSetting


def split_json(split: Split) -> dict[str, Any]:
    """The fields every split carries in JSON."""
    return {
        "high": card_list(split.high),
        "low": card_list(split.low),
        "high_hand": split.high_value.label,
        "low_hand": split.low_value.label,
        "high_category": split.high_value.category.slug,
        "low_category": split.low_value.category.slug,
        "foul": split.foul,
    }


def setting_json(setting: HouseSetting) -> dict[str, Any]:
    """A house-way setting: its hand, the two hands, their labels, and the clause."""
    split = setting.split
    return {
        "hand": card_list(sort_cards(split.cards)),
        "high": card_list(split.high),
        "low": card_list(split.low),
        "high_hand": split.high_value.label,
        "low_hand": split.low_value.label,
        "rule": setting.rule,
    }


QUESTION_KEYS = ("house_way", "game", "banker", "player", "wheel", "commission", "dead")


def question_json(
    rules: Rules, keys: Sequence[str] = QUESTION_KEYS, *, player: str | None = None, dead: Sequence[Card] = ()
) -> dict[str, Any]:
    """The question a JSON answer answers, its fields always named and ordered alike.

    >>> question_json(Rules(), ("house_way", "game", "banker"))
    {'house_way': 'foxwoods', 'game': 'classic', 'banker': False}
    """
    values = {
        "house_way": rules.house_way,
        "game": rules.game.value,
        "banker": rules.banker,
        "player": player,
        "wheel": rules.wheel.value,
        "commission": rules.commission,
        "dead": card_list(sort_cards(dead)),
    }
    return {key: values[key] for key in QUESTION_KEYS if key in keys}


def outcome_text(settlement: Settlement) -> str:
    copies = [name for name, copied in (("high", settlement.copy_high), ("low", settlement.copy_low)) if copied]
    text = settlement.outcome.value
    if settlement.reset:
        text += " (foul: reset)"
    elif settlement.foul:
        text += " (foul)"
    elif settlement.game_push:
        text += " (game push)"
    elif copies:
        text += f" (copy {' and '.join(copies)})"
    return text


def setting_line(title: str, setting: HouseSetting) -> RenderableType:
    """``Dealer: K♠ K♥ 7♠ 4♥ 3♦ / J♦ 8♣   Pair of kings / Jack-eight`` and the clause below it."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    split = setting.split
    line = Text()
    line.append(f"{title}: ", style="bold")
    line.append_text(cards_markup(split.high))
    line.append(" / ")
    line.append_text(cards_markup(split.low))
    line.append(f"   {table_label(split.high_value.key)} / {split.low_value.brief}")
    return Group(line, Padding(Text(setting.rule, style="italic"), (0, 0, 0, 2)))


def plural(count: int, noun: str) -> str:
    """``1 round``, ``2,000 rounds``.

    >>> plural(1, "round"), plural(2000, "round")
    ('1 round', '2,000 rounds')
    """
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def signed(value: float, places: int = 4) -> str:
    return f"{value:+.{places}f}"


def setting_cards(split: Split) -> Text:
    from rich.text import Text

    text = Text()
    text.append_text(cards_markup(split.high))
    text.append(" / ")
    text.append_text(cards_markup(split.low))
    return text


def rates_text(odds: SplitOdds) -> str:
    """A setting's win, push and lose rates against every dealer hand.

    >>> from paigow_cli.engine.distribution import SplitOdds
    >>> rates_text(SplitOdds(30, 40, 30))
    'win 30.0%  push 40.0%  lose 30.0%'
    """
    total = odds.total or 1
    return "  ".join(f"{name} {100 * count / total:.1f}%" for name, count in zip(("win", "push", "lose"), odds.counts))


def way_argument(name: str) -> str:
    """A house way as a command line names it: a plugin loaded from a file by its path (its name
    alone finds it only where it is installed), else its name.

    >>> way_argument("trump-plaza"), way_argument("best-way")
    ('trump-plaza', 'best-way')
    """
    import shlex

    from paigow_cli.core.rules import PLAYER_WORDS
    from paigow_cli.house_ways import way_named

    if name in PLAYER_WORDS:
        return name
    way = way_named(name)
    if way.plugin and way.home and way.origin.startswith("file "):
        return shlex.quote(way.home)
    return name


def study_command(
    hand: Sequence[Card] | str, low: Sequence[Card] | str | None, rules: Rules, player: str | None = None
) -> str:
    """The ``paigow advise`` command that ranks a hand's settings, marking the one played (none
    for a fold, which is no setting), with the strategy practised (``--player``), if any; a plugin
    is named by its file, so that the command runs as printed.

    >>> from paigow_cli.core.cards import parse_cards
    >>> study_command(parse_cards("AS KD JK 9H 9C 4D 2S"), parse_cards("KD 4D"), Rules(game=Game.EZ, banker=True))
    "paigow advise AS KD JK 9H 9C 4D 2S --low 'KD 4D' --game ez --banker"
    >>> study_command("AS KD JK 9H 9C 4D 2S", None, Rules())
    'paigow advise AS KD JK 9H 9C 4D 2S'
    """
    hand = hand if isinstance(hand, str) else cards_text(hand)
    words = ["paigow advise", hand]
    if low is not None:
        words.append(f"--low '{low if isinstance(low, str) else cards_text(low)}'")
    if rules.house_way != HouseWayName.FOXWOODS.value:
        words.append(f"--house-way {way_argument(rules.house_way)}")
    if player is not None:
        words.append(f"--player {way_argument(player)}")
    if rules.game is not Game.CLASSIC:
        words.append(f"--game {rules.game.value}")
    if rules.banker:
        words.append("--banker")
    if rules.wheel is not Wheel.SECOND:
        words.append(f"--wheel {rules.wheel.value}")
    return " ".join(words)


def spread_text(payouts: Payouts, *, session: bool = True) -> str:
    """One line on the spread of one bet's result, for the text of edge and bonus; ``session``
    points to the command that turns it into a session's money."""
    text = f"Spread per hand: standard deviation {payouts.sd:.4f} bets (variance exactly {payouts.variance})"
    return text + ("; paigow session turns it into an evening's money." if session else ".")


def played_words(chosen: str) -> str:
    """What a player did with a hand, in words: a setting put in front, or a fold.

    >>> played_words("KD 4D"), played_words("fold")
    ('put KD 4D in front', 'folded (EV -1)')
    """
    from paigow_cli.study.history import FOLD

    return "folded (EV -1)" if chosen == FOLD else f"put {chosen} in front"


_CANONICAL_CARD = re.compile(r"(?<![\w'])(10|[2-9TJQKA])([SHDC])(?![\w'])")


def with_suit_symbols(text: str) -> str:
    """A message's cards in the text form (``A♠ K♦``) of the cards printed beside it; a quoted
    word is what the user typed, and is left as typed. ASCII output turns them back into letters.

    >>> with_suit_symbols("the best setting, AC 7C 4D 3H 2C / KC QD; 'AS' is not in your hand")
    "the best setting, A♣ 7♣ 4♦ 3♥ 2♣ / K♣ Q♦; 'AS' is not in your hand"
    """
    from paigow_cli.core.cards import SUIT_CHARS, SUIT_SYMBOLS

    return _CANONICAL_CARD.sub(lambda found: found[1] + SUIT_SYMBOLS[SUIT_CHARS.index(found[2])], text)


def csv_value(value: Any) -> Any:
    """A JSON value as a CSV cell: lists space-separated (an empty list ``none``, never an empty
    cell, which a spreadsheet reads as a missing number), true/false and null as JSON writes them.

    >>> [csv_value(value) for value in (["AS", "KD"], [], True, None, 0.25)]
    ['AS KD', 'none', 'true', '', 0.25]
    """
    if isinstance(value, list):
        return " ".join(str(part) for part in value) if value else "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value
