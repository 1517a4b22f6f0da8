"""A strategy card as a house-way plugin: the plugin's name, its source (a subclass of the card's
base way whose ``decide`` tries the card's rules from the top) and the check that it plays as
the card, class by class, so that its exact counts are the card's.

>>> from paigow_cli.analysis.game.question import Question
>>> from paigow_cli.core.rules import Rules
>>> card = StrategyCard(Question(Rules()), "foxwoods")
>>> print(plugin_source(card, "my-card", "paigow strategy", ["A card.", "No rules."]).splitlines()[-1])
        return super().decide(hand)
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.strategy.card import StrategyCard
from paigow_cli.core.games import game_text
from paigow_cli.core.rules import PLAYER_WORDS
from paigow_cli.house_ways import HOUSE_WAYS, way_named
from paigow_cli.house_ways.plugins import NAME_PATTERN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.engine.dealer_table import DealerTable


def plugin_name(path_stem: str, card: StrategyCard) -> str:
    """The plugin's name: the file's stem, if it makes a house way's name, else ``DEALER-card-N``.

    >>> from paigow_cli.analysis.game.question import Question
    >>> from paigow_cli.core.rules import Rules
    >>> plugin_name("my_card", StrategyCard(Question(Rules()), "foxwoods")), plugin_name("_x", StrategyCard(Question(Rules()), "foxwoods"))
    ('my-card', 'foxwoods-card-0')
    """

    name = re.sub(r"[^a-z0-9-]", "-", path_stem.lower().replace("_", "-"))
    if NAME_PATTERN.match(name) and name not in PLAYER_WORDS:
        return name
    return f"{card.question.rules.house_way}-card-{len(card.rules)}"


def plugin_source(card: StrategyCard, name: str, command: str, summary: Sequence[str]) -> str:
    """The card as a house-way plugin: a subclass of its base way whose ``decide`` tries the rules
    from the top, and leaves a hand no rule fits to the base way. ``summary`` is the card in
    words (the plugin's docstring)."""

    base = way_named(card.base)
    rules = card.question.rules
    api = "from paigow_cli.house_ways.api import Decision, Seven, card_features, card_move"
    if base.name in HOUSE_WAYS:
        base_class = type(base).__name__
        imports = [api, f"from {type(base).__module__} import {base_class}"]
    else:
        base_class = "Base"
        where = base.home if base.home and base.origin.startswith("file ") else base.name
        imports = [
            api + ", house_way_class",
            "",
            "# The house way this card refines; the plugin refuses to load if it has changed since.",
            f"Base = house_way_class({text(where)}, digest={text(base.digest)})",
        ]
    class_name = "".join(part.capitalize() for part in name.split("-"))
    if not class_name[:1].isalpha():
        class_name = "Card" + class_name
    casino = f"A strategy card against the {rules.house_way} dealer ({summary_game(card)})"
    lines = [
        '"""' + summary[0],
        "",
        *summary[1:],
        '"""',
        "",
        "from __future__ import annotations",
        "",
        *imports,
        "",
        "",
        f"class {class_name}({base_class}):",
        f"    name = {text(name)}",
        f"    casino = {text(casino)}",
        f"    source = {text(command)}",
        "",
        "    def decide(self, hand: Seven) -> Decision:",
        '        """The card\'s rules from the top (the first that fits a hand and can be played decides); a hand no rule',
        f'        fits is set by the {base.name} house way."""',
        "        f = card_features(hand)",
    ]
    for number, rule in enumerate(card.rules, 1):
        lines += [
            f"        # {number}. {rule.words()}",
            f"        if {rule.code()}:",
            f"            front = {rule.move_code()}",
            "            if front is not None:",
            f"                return Decision(front, {text(f'Card rule {number}: {rule.words()}')})",
        ]
    lines.append("        return super().decide(hand)")
    return "\n".join(lines) + "\n"


def text(value: str) -> str:
    """A Python string literal in double quotes (as the formatter writes them).

    >>> print(text('say "split"'))
    "say \\"split\\""
    """

    return json.dumps(value, ensure_ascii=False)


def summary_game(card: StrategyCard) -> str:

    rules = card.question.rules
    return f"{game_text(rules)}, {'banker' if rules.banker else 'player'}"


def check_plugin(card: StrategyCard, table: StrategyTable, player: DealerTable) -> None:
    """The plugin's settings, read through the strategy table, must be the card's, class by class:
    then its exact counts are the card's."""
    choice = table.choice(player)
    if card.choice is None or not np.array_equal(choice, card.choice):
        differ = int((choice != card.choice).sum()) if card.choice is not None else len(choice)
        raise ArithmeticError(
            f"the card's plugin sets {differ} classes of hands otherwise than the card (an internal error)"
        )
