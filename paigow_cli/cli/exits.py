"""Exit codes, the one ``Error:`` line, and Ctrl-C bookkeeping shared by every command."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from enum import IntEnum
from typing import TYPE_CHECKING, NoReturn

import typer

from paigow_cli.cli.terminal import fit
from paigow_cli.core.errors import (
    CacheError,
    PaigowError,
    PluginError,
)

if TYPE_CHECKING:
    from collections.abc import Iterator


class ExitCode(IntEnum):
    """What the exit status means (design.md, command-line contract)."""

    OK = 0
    FAILURE = 1  # something other than the input went wrong, or a batch had bad lines
    BAD_INPUT = 2  # bad cards, options or usage
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT), as shells report it


INTERRUPTED = ExitCode.INTERRUPTED


def error_line(message: str) -> None:
    """Print one ``Error:`` line on stderr (in ASCII where stderr cannot print the rest)."""
    typer.echo(fit(f"Error: {message}", encoding=getattr(sys.stderr, "encoding", None)), err=True)


class Interruption:
    """Whether a command that handled Ctrl-C itself (simulate, edge) has already said so."""

    reported = False


INTERRUPTION = Interruption()


def exit_interrupted() -> NoReturn:
    """Ctrl-C: one line on stderr (unless the command said it already), exit status 130."""
    if not INTERRUPTION.reported:
        typer.echo("Interrupted.", err=True)
    sys.exit(ExitCode.INTERRUPTED)


def leave_now(code: int) -> NoReturn:
    """End the process at once, skipping the interpreter's shutdown: after Ctrl-C, joining a
    stopped pool's threads there could wait for good. Work already stopped its worker processes
    and removed its temporary files while unwinding."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn a library error into one ``Error:`` line and its exit code."""
    try:
        yield
    except (CacheError, PluginError) as error:
        if isinstance(error, PluginError) and os.environ.get("PAIGOW_DEBUG"):
            raise
        error_line(error_text(error))
        raise typer.Exit(ExitCode.FAILURE) from None
    except PaigowError as error:
        error_line(error_text(error))
        raise typer.Exit(ExitCode.BAD_INPUT) from None


def error_text(error: PaigowError) -> str:
    """A library error in the command line's words: the setting it is about named by its flag.

    >>> error_text(PaigowError("{option} 0 must be more than 0", about="bet"))
    '--bet 0 must be more than 0'
    >>> error_text(PaigowError("{option}: unknown house way", about="house_way"))
    '--house-way: unknown house way'
    """
    return error.worded("--" + error.about.replace("_", "-") if error.about else None)
