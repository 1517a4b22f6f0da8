"""When to practise a strategy card's rules again: spaced repetition by the FSRS scheduler (the
``fsrs`` package), each rule a card in the schedule and each graded drill answer on a hand the rule
decides a review: "good" when the player set the hand as the rule does, "again" when not.

>>> from datetime import datetime, UTC
>>> first = reviewed(None, "tp10", "rule 1", followed=True, given_up=0.0, at=datetime(2026, 12, 7, tzinfo=UTC))
>>> first.seen, first.followed, due(first) > datetime(2026, 12, 7, tzinfo=UTC)
(1, 1, True)
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paigow_cli.study.history import Review

DESIRED_RETENTION = 0.9  # fsrs's default: review a rule when the chance of recalling it falls to 90%


def scheduler():
    """The FSRS scheduler (no fuzzing: a schedule is the same for the same answers)."""
    import fsrs

    return fsrs.Scheduler(desired_retention=DESIRED_RETENTION, enable_fuzzing=False)


def rule_of(clause: str) -> str:
    """The rule a strategy's clause names: a card's "rule N", else the clause itself.

    >>> rule_of("Card rule 3: Two pair: split"), rule_of("No pair: highest card in back")
    ('rule 3', 'No pair: highest card in back')
    """
    found = re.match(r"Card rule (\d+):", clause)
    return f"rule {found[1]}" if found else clause


def reviewed(
    previous: Review | None, strategy: str, rule: str, *, followed: bool, given_up: float, at: datetime
) -> Review:
    """The rule's schedule after one answer (``previous``: its schedule so far, if any)."""
    import fsrs

    from paigow_cli.study.history import Review

    card = fsrs.Card.from_json(previous.card) if previous is not None else fsrs.Card()
    rating = fsrs.Rating.Good if followed else fsrs.Rating.Again
    card, _ = scheduler().review_card(card, rating, review_datetime=at)
    return Review(
        strategy,
        rule,
        card.to_json(),
        (previous.seen if previous else 0) + 1,
        (previous.followed if previous else 0) + int(followed),
        (previous.given_up if previous else 0.0) + given_up,
        at.isoformat(timespec="seconds"),
    )


def due(review: Review) -> datetime:
    """When the rule is due for review."""
    import fsrs

    return fsrs.Card.from_json(review.card).due


def retention(review: Review, at: datetime | None = None) -> float:
    """The chance the rule is recalled now, as the schedule estimates it."""
    import fsrs

    return scheduler().get_card_retrievability(fsrs.Card.from_json(review.card), at or datetime.now(UTC))
