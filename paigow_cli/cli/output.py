"""Printing: text through Rich (colour only on a terminal, no trailing spaces) or JSON, progress bars
and notes on stderr, prompts, tables that fit the terminal, atomic file writes (stdin batches:
``batches``)."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from contextlib import contextmanager
from copy import copy
from typing import TYPE_CHECKING, Any, TextIO, cast

import typer

from paigow_cli.cli.terminal import SETTINGS, FittedStream, can_encode, fit
from paigow_cli.core.errors import OptionError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from pathlib import Path

    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.progress import Progress, TaskID
    from rich.table import Column, Table
    from rich.text import Text

    from paigow_cli.core.cards import Card


MAX_ECHO = 80  # characters of a typed line repeated in a batch's JSON error object


class Output:
    """Prints results as text (Rich) or JSON, one document per hand. In a batch's JSON Lines every
    input line gets one object, in order, that starts with its ``line`` number and its ``input``
    as typed (``for_each_hand`` says which line is being answered): the hand's document, or
    ``error`` for a bad line, so results join back to the input."""

    def __init__(self, as_json: bool, *, batch: bool) -> None:
        self.as_json = as_json
        self.batch = batch
        self._console: Console | None = None
        self._printed = 0
        self.line: tuple[int, str] | None = None  # the batch line being answered: number, input as typed

    def emit(self, document: object, text: Callable[[], RenderableType | None]) -> None:
        """Print ``document`` (a JSON value; None where only text is printed) as JSON, or the
        renderable built by ``text`` (None where only JSON is printed)."""
        if self.as_json:
            if self.batch and self.line is not None and isinstance(document, dict):  # a batch line's object
                number, typed = self.line
                document = {"line": number, "input": typed, **document}
            self._print_json(document)
            return
        if self._console is None:
            self._console = console()

        rendered = text()
        if rendered is None:
            raise ValueError("this output prints JSON only")
        if self._printed:
            self._console.print()
        show(self._console, rendered)
        self._printed += 1

    def emit_error(self, number: int, typed: str, message: str) -> None:
        """A bad batch line's object in JSON Lines (its ``Error:`` line goes to stderr as well)."""
        if self.as_json and self.batch:
            from paigow_cli.core.cards import cut

            self._print_json({"line": number, "input": cut(typed, MAX_ECHO), "error": message})

    def _print_json(self, document: object) -> None:
        printed = json_text(document, pretty=not self.batch)
        if not can_encode(printed, getattr(sys.stdout, "encoding", None)) or SETTINGS.ascii_only:
            printed = json_text(document, pretty=not self.batch, ascii_only=True)
        typer.echo(printed)


CTRL_C = "\x03"  # what read_line returns when the player presses Ctrl-C


def read_line(prompt: str) -> str | None:
    """One line from the player; None at end of input (Ctrl-D), ``CTRL_C`` on Ctrl-C."""
    try:
        return input(fit(prompt, encoding=getattr(sys.stdout, "encoding", None)))
    except EOFError:
        typer.echo()
        return None
    except KeyboardInterrupt:
        typer.echo()
        return CTRL_C


LOG_EVERY = 10.0  # seconds between progress lines when stderr is not a terminal (a log)
QUIET_SECONDS = 2.0  # a piped run of simulate or house-ways --check that takes less says nothing of its progress


@contextmanager
def progress_bar(
    description: str, plain: str | None = None, *, quiet_for: float = 0.0
) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback: on a terminal, a bar on stderr that appears at the first update (so a
    table that only loads shows nothing); elsewhere (a log), the line ``plain`` at the first update
    (or, with ``quiet_for``, at the first update after that many seconds: a short run says nothing),
    then a line of progress every ``LOG_EVERY`` seconds while the work goes on, with the time left
    at the rate measured so far."""
    if not sys.stderr.isatty():
        if plain is None:
            yield None
            return
        import time

        began = time.monotonic()
        started: float | None = None
        last = 0.0

        def say(done: int, total: int) -> None:
            nonlocal started, last
            now = time.monotonic()
            if started is None:
                if done >= total and quiet_for:  # done before anything needed saying
                    return
                if now - began < quiet_for:
                    return
                typer.echo(plain, err=True)
                started = last = now
                first[0] = done
                return
            if now - last >= LOG_EVERY and done < total:
                last = now
                typer.echo(progress_line(description, done, total, now - started, counted_from=first[0]), err=True)

        first = [0]
        yield say
        return
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    bar: Progress | None = None
    task: TaskID | None = None

    def update(done: int, total: int) -> None:
        nonlocal bar, task
        if bar is None or task is None:
            bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TaskProgressColumn(),
                TimeRemainingColumn(),
                console=console(stderr=True),
                transient=True,
            )
            bar.start()
            task = bar.add_task(description, total=total)
        bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        if bar is not None:
            bar.stop()


def progress_line(description: str, done: int, total: int, seconds: float, *, counted_from: int = 0) -> str:
    """A line of progress for a log: how far, how long so far, about how long is left at the rate
    measured since ``counted_from`` was done (work a resumed run found done costs it no time).

    >>> progress_line("Counting every deal", 60, 240, 30.4)
    'Counting every deal: 60 of 240 (25%), 30 s so far, about 91 s left'
    >>> progress_line("Counting every deal", 160, 240, 30.4, counted_from=100)
    'Counting every deal: 160 of 240 (67%), 30 s so far, about 41 s left'
    """
    share = done / total if total else 1.0
    counted = done - counted_from
    rate = counted / seconds if seconds > 0 else 0.0
    if counted < max(2, (total - counted_from) / 100):  # too little measured yet to say: no wild guess
        left = ", the time left measured once more is done"
    else:
        left = f", about {(total - done) / rate:,.0f} s left"
    return f"{description}: {done:,} of {total:,} ({100 * share:.0f}%), {seconds:,.0f} s so far{left}"


def check_folder(path: Path, option: str) -> None:
    """Refuse a file to write that cannot be one (no name, or a folder's) or whose folder does not
    exist, before any long work (``write_file`` writes it at the end)."""
    if str(path) in ("", "."):
        raise OptionError(f"{option} needs a file name to write (it was given an empty one)")
    if path.is_dir():
        raise OptionError(f"{option} {path}: is a folder; give the name of a file to write")
    if not path.parent.is_dir():
        raise OptionError(f"{option} {path}: its folder {path.parent} does not exist")


def new_file_mode(path: Path) -> int:
    """The mode a file the user asked for gets: the one it has if it exists, else what the umask
    allows of 0666, as a file ``open`` creates (under umask 022: 0644)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` to ``path`` atomically (``write_with``); a failure is the option's error."""
    write_with(path, lambda temporary: temporary.write_text(text, encoding="utf-8"), option)


def write_with(path: Path, fill: Callable[[Path], object], option: str) -> None:
    """Write ``path`` atomically: ``fill`` writes the whole file at a temporary path beside it, which
    is then renamed (a reader never sees half a file); a failure is the option's error, naming the
    file. The file gets the mode any file the user writes gets."""
    import tempfile
    from pathlib import Path

    check_folder(path, option)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        os.close(handle)
        try:
            os.chmod(temporary, new_file_mode(path))  # mkstemp's files are private (0600): a user's are not
            fill(Path(temporary))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise OptionError(f"{option} {path}: cannot write it ({error.strerror or error})") from None


def note(message: str) -> None:
    """A one-line note on stderr (not an error)."""
    typer.echo(f"Note: {message}", err=True)


RED_SUITS = ("H", "D")


def card_list(cards: Iterable[Card]) -> list[str]:
    """Cards as canonical strings, for JSON."""
    return [str(card) for card in cards]


def cards_markup(cards: Iterable[Card]) -> Text:
    """Cards with suit symbols, hearts and diamonds in red (colour shows only on a terminal)."""
    from rich.text import Text

    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        style = "bold magenta" if card.is_joker else ("red" if card.suit in RED_SUITS else "")
        text.append(card.symbol_text(), style=style)
    return text


_TRAILING_SPACE = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$", re.MULTILINE)


def show(console: Console, renderable: RenderableType) -> None:
    r"""Print a renderable with no trailing spaces on any line (Rich pads some lines to the width).

    >>> from rich.console import Console
    >>> import io
    >>> console = Console(file=io.StringIO(), width=20)
    >>> show(console, "a  \nb")
    >>> console.file.getvalue()
    'a\nb\n'
    """
    with console.capture() as capture:
        console.print(renderable)
    console.file.write(_TRAILING_SPACE.sub(r"\1", capture.get()))
    console.file.flush()


def indented(text: str | Text, by: int, style: str = "", hang: int = 0) -> RenderableType:
    """A paragraph ``by`` columns in whose wrapped lines never start at column 0: they line up
    under its first (or, with ``hang``, that many columns further in).

    >>> from rich.console import Console
    >>> import io
    >>> console = Console(file=io.StringIO(), width=24)
    >>> show(console, indented("Two pair, high pair 7-10, no ace for the front", 4))
    >>> show(console, indented("the setting fouls: 59 hands", 0, hang=2))
    >>> print(console.file.getvalue(), end="")
        Two pair, high pair
        7-10, no ace for the
        front
    the setting fouls: 59
      hands
    """
    from rich.text import Text

    return _Indented(Text(text, style=style) if isinstance(text, str) else text, by, hang)


class _Indented:
    """``indented``'s renderable: the text wrapped to the width left, each line moved in."""

    def __init__(self, text: Text, by: int, hang: int) -> None:
        self.text, self.by, self.hang = text, by, hang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        lines = self.text.wrap(console, max(1, options.max_width - self.by - self.hang))
        for at, line in enumerate(lines):
            yield Segment(" " * (self.by + (self.hang if at else 0)))
            yield from line.render(console)
            yield Segment.line()


def data_table() -> Table:
    """A table in the house style: a rule under the headers, no outer edge or padding."""
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)


def fitted(table: Table, optional: Sequence[str] = (), keep: int = 1) -> RenderableType:
    """``table`` as it fits the width it is printed in, a number never cut: the ``optional``
    columns (headers, in that order) are dropped while it is too wide; if it still is, its columns
    are wrapped into several tables, each with the first ``keep`` columns (the row labels).

    >>> from rich.console import Console
    >>> import io
    >>> table = data_table()
    >>> for header in ("Hand", "Note", "Count", "Return"):
    ...     table.add_column(header, no_wrap=True)
    >>> table.add_row("Straight flush", "a long remark", "1,234,567", "+0.123456")
    >>> console = Console(file=io.StringIO(), width=36)
    >>> show(console, fitted(table, optional=["Note"]))
    >>> print(console.file.getvalue(), end="")
    Hand            Count      Return
    ────────────────────────────────────
    Straight flush  1,234,567  +0.123456
    """
    return _Fitted(table, tuple(optional), keep)


class _Fitted:
    """``fitted``'s renderable."""

    def __init__(self, table: Table, optional: tuple[str, ...], keep: int) -> None:
        self.table, self.optional, self.keep = table, optional, keep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        columns = list(self.table.columns)
        needed = self._width(console, options, columns)  # measured once per set of columns
        for header in self.optional:
            if needed <= width:
                break
            columns = [column for column in columns if str(column.header) != header]
            needed = self._width(console, options, columns)
        groups = [columns]
        if needed > width and len(columns) > self.keep + 1:
            labels, rest = columns[: self.keep], columns[self.keep :]
            groups = [[*labels, rest[0]]]
            for column in rest[1:]:
                if self._width(console, options, [*groups[-1], column]) <= width:
                    groups[-1].append(column)
                else:
                    groups.append([*labels, column])
        for at, group in enumerate(groups):
            part = copy(self.table)  # its box, padding, title...: only the columns differ
            part.columns = _renumbered(group)
            if at:
                part.title = None
                yield ""
            yield part

    def _width(self, console: Console, options: ConsoleOptions, columns: list[Column]) -> int:
        """The width the columns need with nothing cut: a column that may wrap (text) down to its
        longest word, one that may not (``no_wrap``: numbers, cards) whole."""
        probe = copy(self.table)
        probe.columns = _renumbered(columns)
        wide = options.update_width(10_000)
        needed = 0
        for column in probe.columns:
            measured = probe._measure_column(console, wide, column)
            needed += measured.maximum if column.no_wrap else measured.minimum
        return needed + probe._extra_width


def _renumbered(columns: list[Column]) -> list[Column]:
    """Copies of a table's columns, numbered afresh (Rich pads the first and last by their index);
    a right-justified column (a number) never wraps, and a text column folds a long word."""
    found = []
    for at, column in enumerate(columns):
        column = copy(column)
        column._index = at
        if column.justify == "right":  # a number: whole, on one line
            column.no_wrap = True
        elif not column.no_wrap:  # text: a word too long for its column folds, never "…"
            column.overflow = "fold"
        found.append(column)
    return found


_SCALAR_ARRAY = re.compile(r"\[\n\s+((?:[^\[\]{}\n]+,\n\s+)*[^\[\]{}\n]+)\n\s*\]")


def console(stderr: bool = False) -> Console:
    """A Rich console on stdout (or stderr) that prints only what the stream can (``terminal.fit``)."""
    from rich.console import Console

    stream = cast("TextIO", FittedStream(sys.stderr if stderr else sys.stdout))  # a text stream, by duck typing
    return Console(file=stream, highlight=False)


def finite(document: Any) -> Any:
    """``document`` with every float that is not finite (NaN, infinities) as None."""
    if isinstance(document, float):
        return document if math.isfinite(document) else None
    if isinstance(document, dict):
        return {key: finite(value) for key, value in document.items()}
    if isinstance(document, (list, tuple)):
        return [finite(value) for value in document]
    return document


def json_text(document: Any, *, pretty: bool = True, ascii_only: bool = False) -> str:
    """JSON text; pretty output keeps arrays of plain values on one line.

    >>> print(json_text({"high": ["AS", "KD"], "foul": False}))
    {
      "high": ["AS", "KD"],
      "foul": false
    }
    >>> json_text({"high": ["AS", "KD"]}, pretty=False)
    '{"high": ["AS", "KD"]}'

    A number that is not finite has no JSON form: it is written null (never NaN, which no JSON
    reader accepts).

    >>> json_text({"stderr": float("nan"), "interval": [float("inf"), 1.5]}, pretty=False)
    '{"stderr": null, "interval": [null, 1.5]}'
    """
    document = finite(document)
    if not pretty:
        return json.dumps(document, ensure_ascii=ascii_only, allow_nan=False)
    text = json.dumps(document, ensure_ascii=ascii_only, indent=2, allow_nan=False)
    return _SCALAR_ARRAY.sub(lambda match: "[" + re.sub(r",\n\s+", ", ", match.group(1)) + "]", text)
