"""What ``paigow drill`` and ``paigow play`` share: their prompt (line editing, a person at it or
piped input) and the trainer's record of the session (opened, and written hand by hand, going on
without it when it cannot be kept)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from paigow_cli.cli.output import note

if TYPE_CHECKING:
    from paigow_cli.core.rules import Rules
    from paigow_cli.study.history import HandRecord, History, Review

NoHistoryOption = Annotated[
    bool, typer.Option("--no-history", help="Keep no record of this session (paigow stats reads the record).")
]


def stdin_is_terminal() -> bool:
    """Whether a person types the input (then Ctrl-D asks before leaving; piped input just ends)."""
    return sys.stdin.isatty()


def enable_line_editing() -> None:
    """Arrow keys, history (up for the last input) and Ctrl-L at the prompts, where the standard
    library's readline exists and the input is a terminal; plain input() otherwise."""
    if not sys.stdin.isatty():
        return
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:
        pass


def open_history(kind: str, rules: Rules, seed: int) -> tuple[History | None, int]:
    """The history and a new session in it, or (None, 0) with a note when it cannot be kept: the
    drill goes on either way."""
    from paigow_cli.study.history import History, HistoryError

    try:
        history = History.open(notify=note)
        return history, history.start_session(
            kind, game=rules.game.value, house_way=rules.house_way, banker=rules.banker, seed=seed
        )
    except (HistoryError, OSError) as error:
        note(f"this session is not recorded: {error}")
        return None, 0


def kept(history: History, session: int, record: HandRecord) -> History | None:
    """Record one hand; if the history can no longer be written (a disk turned full or read-only),
    say so once and go on without it (None)."""
    from paigow_cli.study.history import HistoryError

    try:
        history.record_hand(session, record)
    except HistoryError as error:
        note(f"the rest of this session is not recorded: {error}")
        history.close()
        return None
    return history


def kept_review(history: History, review: Review) -> History | None:
    """Record a practised rule's schedule after an answer; as ``kept``, going on without the
    history if it can no longer be written."""
    from paigow_cli.study.history import HistoryError

    try:
        history.record_review(review)
    except HistoryError as error:
        note(f"the rest of this session is not recorded: {error}")
        history.close()
        return None
    return history
