"""What the terminal can print: suit symbols and box lines, or plain ASCII.

Text output uses suit symbols (``A♠``), a middle dot and box-drawing lines. A stream whose
encoding cannot carry them (``PYTHONIOENCODING=ascii``), or the C locale (``LANG=C``), gets the
same text with letter suits (``AS``) and ASCII look-alikes instead of an encoding error;
``paigow --ascii`` or ``PAIGOW_ASCII=1`` asks for that on any terminal.

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


# Phrases that offer the suit symbols beside the letters: in ASCII they would read "S H D C or S H D C".
ASCII_PHRASES = {"S H D C or ♠ ♥ ♦ ♣": "S H D C", "(or ♠ ♥ ♦ ♣)": ""}


def ascii_asked(environ: dict[str, str] | os._Environ[str] = os.environ, utf8_mode: bool | None = None) -> bool:
    """Whether the environment asks for ASCII: ``PAIGOW_ASCII``, or the C (POSIX) locale, whose
    character set is ASCII (``LANG=C``, ``LC_ALL=POSIX``, or no locale at all). Python runs its
    streams in UTF-8 under that locale (PEP 538 and 540: it even sets ``LC_CTYPE=C.UTF-8`` for
    itself), so their encoding alone does not tell; ``PYTHONIOENCODING`` or ``PYTHONUTF8``, if set,
    do.

    >>> ascii_asked({"LANG": "C", "LC_ALL": "C"}), ascii_asked({"LANG": "en_US.UTF-8"}), ascii_asked({"LC_ALL": "POSIX"})
    (True, False, True)
    >>> ascii_asked({"LANG": "C.UTF-8"}), ascii_asked({"LC_ALL": "C", "PYTHONIOENCODING": "utf-8"})
    (False, False)
    >>> ascii_asked({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, utf8_mode=True)  # Python coerced the C locale
    True
    """
    if environ.get("PAIGOW_ASCII"):
        return True
    if environ.get("PYTHONIOENCODING") or environ.get("PYTHONUTF8"):
        return False
    if environ.get("LC_ALL"):
        return environ["LC_ALL"] in ("C", "POSIX")
    utf8_mode = bool(sys.flags.utf8_mode) if utf8_mode is None else utf8_mode
    ctype, lang = environ.get("LC_CTYPE", ""), environ.get("LANG", "")
    if ctype == "C.UTF-8" and lang in ("", "C", "POSIX") and utf8_mode:
        return True  # LC_CTYPE is Python's own coercion of the C locale
    return (ctype or lang) in ("C", "POSIX") or (not ctype and not lang and utf8_mode)


class Settings:
    """Whether ASCII was asked for (``--ascii``, ``PAIGOW_ASCII`` or the C locale), for the run in progress."""

    ascii_only = ascii_asked()


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
    for phrase, plain in ASCII_PHRASES.items():  # a choice of two spellings, one of them symbols: say one
        text = text.replace(phrase, plain)
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


class StreamError(Exception):
    """A standard stream paigow needs is closed or cannot be written (``>&-``, ``> /dev/full``):
    reported as one ``Error:`` line, with the exit status of any other error of its kind."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class ClosedStream:
    """What stands in for a standard stream the shell closed (Python gives None for it): any use
    of it is a ``StreamError`` naming the stream, raised where paigow first needs it."""

    def __init__(self, name: str, code: int, use: str) -> None:
        self.name, self.code, self.use = name, code, use

    encoding = "utf-8"
    closed = True

    def _closed(self, *args: Any, **kwargs: Any) -> Any:
        raise StreamError(f"standard {self.name} is closed: {self.use}", self.code)

    write = read = readline = readlines = isatty = fileno = __iter__ = _closed

    def flush(self) -> None:
        """Nothing was written, so there is nothing to flush (a command that prints nothing runs)."""


def guard_streams(*, failure: int, bad_input: int) -> None:
    """Stand-ins for the standard streams the shell closed: a closed output or input is an error
    where paigow first uses it (with the exit status of a failure or of bad input); a closed
    standard error swallows what is written to it, so the exit status still says what happened."""
    if sys.stdout is None:
        sys.stdout = ClosedStream("output", failure, "nothing paigow prints can be shown")
    if sys.stdin is None:
        sys.stdin = ClosedStream("input", bad_input, "this command reads from it")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115  (for the life of the process)


class FittedStream:
    """A text stream that writes what its underlying stream can print (``fit``); Rich writes here,
    and reads the encoding to choose ASCII box lines when the stream (or ``--ascii``) needs them.
    A stream that cannot be written (a full disk, ``/dev/full``) is a ``StreamError``."""

    def __init__(self, stream: TextIO, name: str = "output", code: int = 1) -> None:
        self.stream = stream
        self.name, self.code = name, code

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
        except OSError as error:
            raise unwritable(self.name, error, self.code) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise ClosedPipe from None
        except OSError as error:
            raise unwritable(self.name, error, self.code) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, flush, ... as the stream has them
        return getattr(self.stream, name)


def unwritable(name: str, error: OSError, code: int) -> StreamError:
    """The error of a standard stream that cannot be written, in words: ``standard output cannot
    be written: No space left on device``."""
    reason = error.strerror or str(error)
    return StreamError(f"standard {name} cannot be written: {reason}", code)


def flush_output(code: int) -> None:
    """Flush standard output before the end, so a write the system refuses (a full disk) is an
    error said while paigow can still say it, not a lost line at the interpreter's exit."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise ClosedPipe from None
    except OSError as error:
        raise unwritable("output", error, code) from None


@contextmanager
def fitted_streams() -> Iterator[None]:
    """Standard output and error as ``FittedStream`` for one run of the app (put back after it), so
    every writer, Typer's help pages included, prints only what the terminal can."""
    saved = sys.stdout, sys.stderr
    SETTINGS.ascii_only = ascii_asked()  # --ascii, if given, says so for this run only
    sys.stdout, sys.stderr = FittedStream(sys.stdout, "output"), FittedStream(sys.stderr, "error")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        SETTINGS.ascii_only = ascii_asked()
