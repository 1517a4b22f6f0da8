"""``paigow cache info|build|clear``: the cached dealer tables and whole-game answers."""

from __future__ import annotations

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
    if any(file.path.name.startswith("edge-") for file in files):
        from dataclasses import replace

        from paigow_cli.analysis.edge import is_current_file

        files = [
            replace(file, current=file.current and is_current_file(file.path) is not False)
            if file.path.name.startswith("edge-")
            else file
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
        "tables": [{"file": file.path.name, "size": file.size, "current": file.current} for file in files],
        "not_built": [{"table": what, "file": path.name} for what, path in missing],
    }
    if problem:
        document["problem"] = problem
    return document


def cache_text(
    folder: Path, files: Sequence[CachedFile], missing: Sequence[tuple[str, Any]] = (), problem: str | None = None
) -> RenderableType:
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if problem:
        return Text(
            f"Cache folder: {folder}\nIt is a file, not a folder: no table can be cached there, so each run "
            "builds the tables it needs. Set PAIGOW_CACHE_DIR to a folder."
        )
    parts: list[Any] = [Text(f"Cache folder: {folder}")]
    if files:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
        table.add_column("Table", overflow="fold")
        table.add_column("Size", justify="right", no_wrap=True)
        table.add_column("State")
        for file in files:
            state = "current" if file.current else "stale (another version)"
            if file.path.name.endswith(".partial"):
                state = "unfinished run (resumes)" if file.current else "unfinished run, stale"
            table.add_row(file.path.name, f"{file.size / 1e6:.1f} MB", state)
        parts.append(table)
    else:
        parts.append(Text("No tables yet: they are built on first use, or with paigow cache build."))
    if missing:
        parts.append(
            Text(f"Not built yet ({len(missing)}): built on first use, or with paigow cache build --all", style="bold")
        )
        parts += [Text(f"  {what}", style="dim") for what, _ in missing]
    return Group(*parts)


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
        typer.echo(f"{rules.house_way} ({wheel.value} wheel): {dealer_table_path(rules.house_way, wheel)}")


@app.command("clear")
def cache_clear_command() -> None:
    """Delete every cached table (they are rebuilt when next needed).

    Example:

    $ paigow cache clear
    """
    from paigow_cli.engine.cache import cache_dir, cached_files, remove_files

    with reporting_errors():
        removed = remove_files(cached_files())
    typer.echo(f"removed {removed} cached table{'s' if removed != 1 else ''} from {cache_dir()}")
