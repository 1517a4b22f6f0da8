"""What the terminal can print: suit symbols and box lines, or plain ASCII.

Text output uses suit symbols (``A♠``), a middle dot and box-drawing lines. A stream whose
encoding cannot carry them (``LANG=C``, ``PYTHONIOENCODING=ascii``) gets the same text with
letter suits (``AS``) and ASCII look-alikes instead of an encoding error; ``paigow --ascii`` or
``PAIGOW_ASCII=1`` asks for that on any terminal.

>>> fit("A♠ K♥ · 2.7% ± 0.2%", ascii_only=True)
'AS KH - 2.7% +/- 0.2%'
>>> fit("A♠ K♥", ascii_only=False, encoding="utf-8")
'A♠ K♥'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

# Each symbol paigow prints, and what stands in for it in ASCII.
ASCII_FORMS = str.maketrans(
    {
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "·": "-",
        "±": "+/-",
        "▒": "#",
        "─": "-",
        "━": "-",
        "│": "|",
        "…": "...",
        "×": "x",
        "≤": "<=",
        "≥": ">=",
        "—": "-",
        "–": "-",
        "’": "'",
    }
)


class Settings:
    """Whether ASCII was asked for (``--ascii`` or ``PAIGOW_ASCII``), for the run in progress."""

    ascii_only = bool(os.environ.get("PAIGOW_ASCII"))


SETTINGS = Settings()


def can_encode(text: str, encoding: str | None) -> bool:
    try:
        text.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit(text: str, ascii_only: bool | None = None, encoding: str | None = None) -> str:
    """``text`` as the stream can print it: unchanged where its encoding carries every character
    (and ASCII was not asked for), else with ASCII forms, and anything left replaced by ``?``."""
    if ascii_only is None:
        ascii_only = SETTINGS.ascii_only
    if not ascii_only and can_encode(text, encoding):
        return text
    target = "ascii" if ascii_only else (encoding or "ascii")
    try:
        return text.translate(ASCII_FORMS).encode(target, "replace").decode(target)
    except LookupError:
        return text.translate(ASCII_FORMS).encode("ascii", "replace").decode("ascii")


class ClosedPipe(Exception):
    """The reader of our output went away (``paigow deal | head -1``): a normal end, exit 0.

    Not an ``OSError``, so that Click's own handler (exit 1 on a broken pipe) lets it through."""


def quiet_stdout() -> None:
    """Point standard output at nothing, so the interpreter's last flush cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (OSError, ValueError, AttributeError):
        pass


class FittedStream:
    """A text stream that writes what its underlying stream can print (``fit``); Rich writes here,
    and reads the encoding to choose ASCII box lines when the stream (or ``--ascii``) needs them."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    @property
    def encoding(self) -> str:
        if SETTINGS.ascii_only:
            return "ascii"
        return getattr(self.stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        try:
            return self.stream.write(fit(text, encoding=getattr(self.stream, "encoding", None)))
        except BrokenPipeError:
            raise ClosedPipe from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise ClosedPipe from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, flush, ... as the stream has them
        return getattr(self.stream, name)


@contextmanager
def fitted_streams() -> Iterator[None]:
    """Standard output and error as ``FittedStream`` for one run of the app (put back after it), so
    every writer, Typer's help pages included, prints only what the terminal can."""
    saved = sys.stdout, sys.stderr
    SETTINGS.ascii_only = bool(os.environ.get("PAIGOW_ASCII"))  # --ascii, if given, says so for this run only
    sys.stdout, sys.stderr = FittedStream(sys.stdout), FittedStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        SETTINGS.ascii_only = bool(os.environ.get("PAIGOW_ASCII"))
