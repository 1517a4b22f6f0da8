"""Batches from stdin: ``-`` reads one hand per line (cards, or a line of ``paigow deal`` in text or
JSON), works on several lines at once on threads and answers each in input order, a bad line an
``Error: line N`` on stderr while the rest go on.

>>> deal_line('{"hand": ["AS", "KD"], "dealer": ["2C", "3C"]}')  # a line of paigow deal --json
('AS KD', '2C 3C')
"""

from __future__ import annotations

import errno
import json
import os
import sys
from functools import partial
from typing import TYPE_CHECKING, NoReturn, TypeGuard

import typer

from paigow_cli.cli.exits import ExitCode, error_line, error_text, reporting_errors
from paigow_cli.core.errors import CardError, PaigowError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from paigow_cli.cli.output import Output


def no_stdin() -> NoReturn:
    error_line("- reads hands from stdin, but there is no standard input (it is closed): pipe or type hands into it")
    raise typer.Exit(ExitCode.BAD_INPUT)


def readable_lines() -> Iterator[str]:
    """Standard input's lines; a descriptor closed under it is the same one error line as no stdin."""
    try:
        yield from sys.stdin
    except OSError as error:
        if error.errno == errno.EBADF:
            no_stdin()
        raise


def for_each_hand(
    cards: list[str] | None,
    handle: Callable[[str | list[str]], Callable[[], None] | None],
    *,
    output: Output,
    threads: int = 1,
) -> None:
    """Run ``handle`` on the cards given, or on each stdin line when they are ``-``. ``handle`` may
    return a function that prints its result: it is called on the main thread, in input order.

    In a batch a bad line is reported with its number and the batch goes on; the exit status is
    then 1. Blank lines and lines starting with ``#`` are skipped. With ``--json`` every other line
    gets one JSON object, in order, with its ``line`` number and ``input`` (``Output``); a bad
    line's object holds its ``error``. With ``threads`` > 1 (work that releases the GIL:
    ``advise``'s compiled engine), a batch works on that many lines at once once the first is done,
    reading ahead only while more input is already waiting, so a line typed or piped slowly is
    still answered before the next arrives.
    """
    if not cards:
        error_line("no cards given: give the cards as arguments (e.g. AS KD JK 9H 9C 4D 2S) or - to read stdin")
        raise typer.Exit(ExitCode.BAD_INPUT)
    if "-" not in cards:
        with reporting_errors():
            printer = handle(cards)
            if printer is not None:
                printer()
        return
    if cards != ["-"]:
        error_line("- reads hands from stdin and must be the only cards argument")
        raise typer.Exit(ExitCode.BAD_INPUT)
    if sys.stdin is None or sys.stdin.closed:
        no_stdin()
    lines = (
        (number, line)
        for number, line in enumerate(readable_lines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    )
    if threads > 1:
        failures = _work_ahead(lines, handle, threads, output)
    else:
        failures = sum(_finish(number, line, partial(handle, line), output) for number, line in lines)
    if failures:
        raise typer.Exit(ExitCode.FAILURE)


def batch_threads() -> int:
    """Threads for a batch whose work releases the GIL: one per core, at most four (beyond that the
    Python around the compiled engine is the limit)."""
    return max(1, min(os.cpu_count() or 1, 4))


def _finish(number: int, line: str, result: Callable[[], Callable[[], None] | None], output: Output) -> int:
    """Print one batch line's result, or report its error with the line number: the failures, 0 or 1."""
    output.line = number, line.rstrip("\r\n")
    try:
        printer = result()
        if printer is not None:
            printer()
    except PaigowError as error:
        message = error_text(error)
        error_line(f"line {number}: {message}")
        output.emit_error(number, line.rstrip("\r\n"), message)
        return 1
    finally:
        output.line = None
    return 0


def _work_ahead(
    lines: Iterator[tuple[int, str]], handle: Callable[[str], Callable[[], None] | None], threads: int, output: Output
) -> int:
    """``for_each_hand``'s batch on a pool of ``threads``: the failures."""
    from collections import deque
    from concurrent.futures import Future, ThreadPoolExecutor

    pending: deque[tuple[int, str, Future[Callable[[], None] | None]]] = deque()
    failures = 0

    def finish_first() -> None:
        nonlocal failures
        number, line, future = pending.popleft()
        failures += _finish(number, line, future.result, output)

    pool = ThreadPoolExecutor(threads, thread_name_prefix="paigow-batch")
    try:
        warm = False  # the first line alone: it loads the table and the compiled engine once
        for number, line in lines:
            pending.append((number, line, pool.submit(handle, line)))
            while pending and (not warm or len(pending) > 2 * threads or pending[0][2].done()):
                finish_first()
                warm = True
            while pending and not _input_waiting():
                finish_first()
        while pending:
            finish_first()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return failures


def _input_waiting() -> bool:
    """Whether stdin has more input ready to read now (a file, or a pipe its writer has filled); a
    terminal never counts, so a typed line is answered before the next is read."""
    if sys.stdin.isatty():
        return False
    try:
        import select

        return bool(select.select([sys.stdin], [], [], 0)[0])
    except (OSError, ValueError):  # no file descriptor (a test's stdin), or a pipe select cannot watch
        return True


def is_batch(cards: list[str] | None) -> bool:
    return cards == ["-"]


def deal_line(text: str | list[str]) -> tuple[str | list[str], str | None]:
    """A hand in any form ``paigow deal`` writes it: cards, ``PLAYER | DEALER`` (``--dealer``), or a
    JSON object with ``hand`` (and ``dealer``) lists (``--json``). Returns the player's cards and
    the dealer's, or None.

    >>> deal_line("AS KD JK 9H 9C 4D 2S  |  KS KH JD 8C 7S 4H 3D")[1].strip()
    'KS KH JD 8C 7S 4H 3D'
    >>> deal_line('{"hand": ["AS", "KD", "JK", "9H", "9C", "4D", "2S"]}')
    ('AS KD JK 9H 9C 4D 2S', None)
    """
    joined = text if isinstance(text, str) else " ".join(text)
    stripped = joined.strip()
    if stripped.startswith("{"):
        try:
            document = json.loads(stripped)
        except ValueError:
            raise CardError(
                "a line starting with { is read as JSON, as paigow deal --json writes it, but it is not valid JSON"
            ) from None
        hand, dealer = (document.get("hand"), document.get("dealer")) if isinstance(document, dict) else (None, None)
        if not _card_list(hand) or (dealer is not None and not _card_list(dealer)):
            raise CardError(
                'a JSON line needs "hand" (and may have "dealer") as lists of cards, as paigow deal --json writes them'
            )
        return " ".join(hand), None if dealer is None else " ".join(dealer)
    if "|" in joined:
        player, _, dealer_text = joined.partition("|")
        return player, dealer_text
    return text, None


def _card_list(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and bool(value) and all(isinstance(card, str) for card in value)
