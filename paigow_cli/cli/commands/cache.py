"""``paigow cache info|build|clear``: the cached dealer tables and whole-game answers."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.exits import (
    ExitCode,
    error_line,
    reporting_errors,
)
from paigow_cli.cli.options import (
    HouseWayOption,
    JsonOption,
    WheelOption,
    make_rules,
)
from paigow_cli.cli.output import (
    Output,
    data_table,
    fitted,
    read_line,
)
from paigow_cli.cli.tables import dealer_table
from paigow_cli.core.rules import HouseWayName, Wheel

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from rich.console import RenderableType

    from paigow_cli.engine.cache import CachedFile

app = typer.Typer(
    help="Inspect, build or clear the cached dealer tables ($PAIGOW_CACHE_DIR, else the user cache folder).",
    no_args_is_help=True,
)


@app.command("info")
def cache_info_command(as_json: JsonOption = False) -> None:
    """Where the tables are cached, which are there and their sizes, and which are not built yet.

    Example:

    $ paigow cache info
    """
    from paigow_cli.engine.cache import cache_dir, cache_problem, cached_files
    from paigow_cli.engine.dealer_table import expected_tables

    folder, problem = cache_dir(), cache_problem()
    files = [] if problem else cached_files()
    if any(file.answer for file in files):
        from dataclasses import replace

        from paigow_cli.analysis.game.store import is_current_file

        files = [
            replace(file, current=file.current and is_current_file(file.path) is not False) if file.answer else file
            for file in files
        ]
    missing = [(what, path) for what, path in expected_tables() if not path.exists()]  # type: ignore[attr-defined]
    Output(as_json, batch=False).emit(
        cache_json(folder, files, missing, problem), lambda: cache_text(folder, files, missing, problem)
    )


def cache_json(
    folder: Path, files: Sequence[CachedFile], missing: Sequence[tuple[str, Any]] = (), problem: str | None = None
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "directory": str(folder),
        "tables": [
            {"file": file.path.name, "size": file.size, "current": file.current and not file.damaged} for file in files
        ],
        "not_built": [{"table": what, "file": path.name} for what, path in missing],
    }
    if problem:
        document["problem"] = problem
    return document


def cache_text(
    folder: Path, files: Sequence[CachedFile], missing: Sequence[tuple[str, Any]] = (), problem: str | None = None
) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    if problem:
        return Text(
            f"Cache folder: {folder}\nIt is a file, not a folder: no table can be cached there, so each run "
            "builds the tables it needs. Set PAIGOW_CACHE_DIR to a folder."
        )
    parts: list[RenderableType] = [Text(f"Cache folder: {folder}")]
    if files:
        table = data_table()
        table.add_column("Table", overflow="fold")  # whole where it fits; folded only where nothing else can
        table.add_column("Size", justify="right", no_wrap=True)
        table.add_column("State", no_wrap=True)
        states = set()
        for file in files:
            state = "current" if file.current else "stale"
            if file.damaged:
                state = "damaged"
            if file.path.name.endswith(".partial"):
                state = "unfinished" if file.current else "unfinished, stale"
            states.add(state.split(",")[0])
            table.add_row(file.path.name, size_text(file.size), state)
        parts.append(fitted(table))
        said = [STATE_WORDS[state] for state in ("stale", "damaged", "unfinished") if state in states]
        if said:
            parts.append(Text("; ".join(said) + ".", style="dim"))
    else:
        parts.append(Text("No tables yet: they are built on first use, or with paigow cache build."))
    if missing:
        parts.append(
            Text(f"Not built yet ({len(missing)}): built on first use, or with paigow cache build --all", style="bold")
        )
        parts += [Text(f"  {what}", style="dim") for what, _ in missing]
    return Group(*parts)


STATE_WORDS = {
    "stale": "stale: from another version of paigow, not read (built again when used)",
    "damaged": "damaged: truncated or garbled, not read (built again when used)",
    "unfinished": "unfinished: a count Ctrl-C stopped (the same command resumes it)",
}


def size_text(size: int) -> str:
    """A file's size for a person: bytes, kB or MB, never a small file as "0.0 MB".

    >>> size_text(1000), size_text(48_500), size_text(4_469_376)
    ('1,000 bytes', '48.5 kB', '4.5 MB')
    """
    if size < 10_000:
        return f"{size:,} bytes"
    if size < 1_000_000:
        return f"{size / 1e3:.1f} kB"
    return f"{size / 1e6:.1f} MB"


@app.command("build")
def cache_build_command(
    house_way: HouseWayOption = None,  # type: ignore[assignment]
    build_all: Annotated[
        bool, typer.Option("--all", help="Build the table of every house way (for the --wheel rule).")
    ] = False,
    wheel: WheelOption = Wheel.SECOND,
) -> None:
    """Build dealer tables now (each takes seconds once; later runs load it).

    Examples:

    $ paigow cache build
    $ paigow cache build --house-way ballys --wheel low
    $ paigow cache build --all
    """
    from paigow_cli.engine.dealer_table import dealer_table_path

    if build_all and house_way is not None:
        error_line("--all builds every shipped house way's table: give --house-way NAME or --all, not both")
        raise typer.Exit(ExitCode.BAD_INPUT)
    ways = [way.value for way in HouseWayName] if build_all else [house_way or HouseWayName.FOXWOODS.value]
    for way in ways:
        rules = make_rules(way, wheel=wheel)
        dealer_table(rules)
        path = dealer_table_path(rules.house_way, wheel)
        if not path.is_file():  # built, but the cache folder would not keep it (a note said why)
            error_line(f"the {rules.house_way} table was built but could not be written to {path.parent}")
            raise typer.Exit(ExitCode.FAILURE)
        typer.echo(f"{rules.house_way} ({wheel.value} wheel): {path}")


def known_house_ways(files: Sequence[CachedFile]) -> list[str]:
    """The names ``cache clear --house-way`` takes: the shipped house ways, the installed plugins,
    and any house way (a plugin loaded earlier) whose files are in the cache."""
    from paigow_cli.house_ways.plugins import entry_points

    names = [way.value for way in HouseWayName] + [entry.name for entry in entry_points()]
    for file in files:
        name = file_house_way(file.path.name)
        if name:
            names.append(name)
    return list(dict.fromkeys(names))


def file_house_way(file_name: str) -> str | None:
    """The house way a cached file belongs to: its name's words after the kind, up to the wheel
    rule (a plugin's table has its source digest before the wheel).

    >>> file_house_way("dealer-golden-nugget-second-v1-a75f.npz"), file_house_way("dealer-my-way-d18a9479610f-low-v1-a7.npz")
    ('golden-nugget', 'my-way')
    >>> file_house_way("edge-fox10-second-classic-player-8a06a93f696c-v1-a7.npz"), file_house_way("categories-v1-a7.npz")
    ('fox10', None)
    """
    import re

    parts = file_name.split("-")[1:]
    for end, part in enumerate(parts):
        if part in ("second", "low"):
            words = parts[:end]
            if words and re.fullmatch(r"[0-9a-f]{12}", words[-1]):
                words = words[:-1]
            return "-".join(words) or None
    return None


@app.command("clear")
def cache_clear_command(
    tables: Annotated[
        bool, typer.Option("--tables", help="Only the dealer and category tables (seconds each to build again).")
    ] = False,
    answers: Annotated[
        bool,
        typer.Option(
            "--answers",
            help="Only the whole-game answers, strategy tables and unfinished runs (minutes each to count again).",
        ),
    ] = False,
    house_way: Annotated[
        str | None, typer.Option("--house-way", metavar="NAME", help="Only the files of this house way.")
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first (a terminal is asked).")] = False,
) -> None:
    """Delete cached tables and whole-game answers (they are computed again when next needed).

    Without --tables or --answers, both go. On a terminal it asks first, saying how many
    whole-game answers (minutes each to count again) would go; --yes skips the question.

    Examples:

    $ paigow cache clear --tables
    $ paigow cache clear --answers --house-way trump-plaza --yes
    $ paigow cache clear
    """
    from paigow_cli.engine.cache import cache_dir, cached_files, remove_files

    files = cached_files()
    if house_way is not None:
        known = known_house_ways(files)
        if house_way not in known:
            error_line(
                f"--house-way {house_way}: no such house way; give one of {', '.join(known)} "
                "(shipped, installed, or with files in the cache)"
            )
            raise typer.Exit(ExitCode.BAD_INPUT)
    if tables != answers:  # one kind asked for
        files = [file for file in files if file.answer == answers]
    if house_way is not None:
        files = [file for file in files if file.of_house_way(house_way)]
    if not files:
        typer.echo(f"nothing to remove from {cache_dir()}")
        return
    costly = sum(1 for file in files if file.answer)
    if not yes and sys.stdin.isatty():
        worth = f", {costly} of them whole-game answers (minutes each to count again)" if costly else ""
        reply = read_line(f"Remove {len(files)} cached file{'s' if len(files) != 1 else ''}{worth}? [y/N] ")
        if reply is None or reply.strip().lower() not in ("y", "yes"):  # Ctrl-D or Ctrl-C: no
            typer.echo("nothing removed")
            return
    with reporting_errors():
        removed = remove_files(files)
    typer.echo(f"removed {removed} cached table{'s' if removed != 1 else ''} from {cache_dir()}")
