"""A strategy card as an Anki deck (``paigow strategy --anki FILE.apkg``): a note per rule, its
front three example hands the rule decides (spread over the classes it names), its back
the rule's words and each hand's setting. Written with ``genanki``, an optional extra
(``pip install 'paigow-cli[anki]'``), imported only here.
"""

from __future__ import annotations

import html
import zlib
from typing import TYPE_CHECKING

import numpy as np

from paigow_cli.analysis.strategy.card_rules import MOVE_NAMES, excepted, fits
from paigow_cli.analysis.strategy.catalogue import NOT_MADE, class_catalogue
from paigow_cli.core.cards import cards_text
from paigow_cli.core.errors import OptionError
from paigow_cli.engine.dealer_classes import dealer_classes
from paigow_cli.house_ways.analysis import Seven
from paigow_cli.house_ways.strategy_rules import MOVES

if TYPE_CHECKING:
    from pathlib import Path

    from paigow_cli.analysis.strategy.card import StrategyCard
    from paigow_cli.analysis.strategy.card_rules import Rule
    from paigow_cli.analysis.strategy.table import StrategyTable
    from paigow_cli.core.cards import Card

EXAMPLES = 3  # example hands per rule
MODEL_ID = 1_607_392_319  # the note type's id: fixed, so that a deck written again updates its notes
FIELDS = ("Rule", "Hands", "Settings", "Number")


def rule_examples(card: StrategyCard, table: StrategyTable) -> list[list[tuple[tuple[Card, ...], tuple[Card, ...]]]]:
    """Per rule of the card (top down): up to ``EXAMPLES`` hands it decides, spread over the
    classes it decides, each with the two cards the rule puts in front."""

    catalogue = class_catalogue(card.question.rules.wheel)
    ids = table.ids.astype(np.int64)
    kind, columns, made = catalogue.kind[ids], catalogue.columns[ids], catalogue.moves[ids] != NOT_MADE
    classes = dealer_classes()
    taken = np.zeros(len(ids), dtype=bool)
    found = []
    for rule in card.rules:
        decides = fits(rule, kind, columns, made) & ~taken
        taken |= decides
        rows = np.flatnonzero(decides)  # in class order: spread the examples over it
        rows = rows[np.unique(np.linspace(0, len(rows) - 1, EXAMPLES).round().astype(np.int64))] if len(rows) else rows
        examples = []
        for row in rows.tolist():
            at = int(ids[row])
            hand = classes.multiset_hand(at) if at < classes.multisets else classes.flush_hand(at - classes.multisets)
            unless = bool(rule.exceptions) and bool(excepted(rule, columns[row : row + 1])[0])
            move = MOVES[MOVE_NAMES[MOVE_NAMES.index(rule.exception_move if unless else rule.move)]]
            front = move.front(Seven(hand, card.question.rules.wheel_is_low))
            if front is not None:
                examples.append((tuple(hand), tuple(front)))
        found.append(examples)
    return found


def write_deck(card: StrategyCard, table: StrategyTable, path: Path, title: str) -> int:
    """Write the card as an Anki deck at ``path`` (atomically); the number of notes."""
    try:
        import genanki
    except ImportError:
        raise OptionError(
            "--anki writes Anki decks with the optional genanki package: pip install 'paigow-cli[anki]'"
        ) from None
    from paigow_cli.cli.output import write_with

    model = genanki.Model(
        MODEL_ID,
        "paigow strategy card rule",
        fields=[{"name": name} for name in FIELDS],
        templates=[
            {
                "name": "Set the hands",
                "qfmt": "<p>How does your card set these hands?</p><p>{{Hands}}</p>",
                "afmt": "{{FrontSide}}<hr id=answer><p><b>Rule {{Number}}</b>: {{Rule}}</p><p>{{Settings}}</p>",
            }
        ],
        sort_field_index=3,
    )
    deck = genanki.Deck(zlib.crc32(title.encode()) & 0x7FFFFFFF, title)
    notes = 0
    for number, (rule, examples) in enumerate(zip(card.rules, rule_examples(card, table)), 1):
        if not examples:
            continue
        hands = "<br>".join(cards_text(hand) for hand, _ in examples)
        settings = "<br>".join(f"{cards_text(hand)}: {cards_text(front)} in front" for hand, front in examples)
        deck.add_note(
            genanki.Note(
                model=model,
                fields=[rule_words(rule), hands, settings, f"{number:02d}"],
                guid=genanki.guid_for(title, number),
            )
        )
        notes += 1
    write_with(path, lambda temporary: genanki.Package(deck).write_to_file(str(temporary)), "--anki")
    return notes


def rule_words(rule: Rule) -> str:

    return html.escape(rule.words())
