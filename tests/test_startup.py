"""The start-up budget: the commands typed at a shell dozens of times a day import no heavy module.

``paigow --help``, ``eval``, ``house`` and ``deal`` must import neither numpy nor numba (each costs
a large part of a second); only the commands that compute exact EVs or simulate may. No command
imports pydantic (Typer 0.29 does, for every command: the dependency is pinned below it).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numpy", "numba", "llvmlite", "pydantic")

PROBE = """
import json, sys
from paigow_cli.cli import main
sys.argv = ["paigow", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in {heavy} or name in {heavy})), file=sys.stderr)
"""


def imported_heavy_modules(*args: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    probe = PROBE.replace("{heavy}", repr(set(heavy)))
    finished = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(args)], capture_output=True, text=True, timeout=60
    )
    return json.loads(finished.stderr.strip().splitlines()[-1])


NEVER_SHOWN = ("markdown_it", "pygments", "rich.markdown", "rich.traceback")


@pytest.mark.parametrize("args", [["--help"], ["advise", "--help"], ["help", "cache"]], ids=" ".join)
def test_a_help_page_loads_no_markdown_or_traceback_renderer(args):
    """Typer's help layout imports Rich's Markdown and traceback renderers, which a paigow page never
    shows (a third of the page's imports); they stay unloaded, and the page is the same (below)."""
    assert imported_heavy_modules(*args, heavy=NEVER_SHOWN) == []
    assert imported_heavy_modules(*args, heavy=("typer.rich_utils",)) == ["typer.rich_utils"]  # the probe sees


def test_a_stood_in_renderer_is_the_real_one_when_used():
    """Were a page ever to show Markdown, the stand-in gives Rich's own ``Markdown``."""
    from rich.markdown import Markdown

    from paigow_cli.cli.help_pages import on_demand

    stand_in = on_demand("rich.markdown", "Markdown")
    assert type(stand_in("*a*")) is Markdown
    assert stand_in.elements is Markdown.elements


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["eval", "AS KD JK 9H 9C 4D 2S"],
        ["house", "9S 9H 4D 4C AS KD 2H"],
        ["house", "9S 9H 4D 4C AS KD 2H", "--house-way", "trump-plaza", "--json"],
        ["deal", "--count", "3", "--seed", "7"],
        ["deal", "--dealer", "--json"],
        ["advise", "--help"],
    ],
    ids=lambda args: " ".join(args)[:40],
)
def test_quick_commands_import_neither_numpy_nor_numba(args):
    assert imported_heavy_modules(*args) == []


def test_the_probe_sees_numpy_where_a_command_needs_it(cache_folder):
    """The probe itself works: a command that computes exact EVs does import numpy (and no command,
    pydantic)."""
    found = imported_heavy_modules("odds", "--json")
    assert "numpy" in found and "pydantic" not in found


def test_every_command_runs_from_an_app_of_its_own_module():
    """``app_to_run`` finds each command of the whole app in its module: none is lost to the short
    path a run of one command takes."""
    import typer.main

    from paigow_cli.cli.app import app, app_to_run

    whole = typer.main.get_command(app)
    for name in whole.commands:  # type: ignore[attr-defined]
        if name == "help":
            continue
        slim = app_to_run([name, "x"])
        assert slim is not app
        assert list(typer.main.get_command(slim).commands) == [  # type: ignore[attr-defined]
            found for found in whole.commands if found in typer.main.get_command(slim).commands
        ]
        assert name in typer.main.get_command(slim).commands  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "AS KD JK 9H 9C 4D 2S"],
        ["house", "9S 9H 4D 4C AS KD 2H", "--json"],
        ["deal", "--count", "2", "--seed", "7"],
        ["eval", "AS KD 2X"],
        ["advise", "--bogus"],
        ["house-ways"],
        ["cache", "clear", "--house-way", "nowhere"],
        ["--ascii", "eval", "AS KD JK 9H 9C 4D 2S"],
        ["advise", "--help"],
        ["cache", "info", "--help"],
        ["eval", "--help", "--ascii"],
    ],
    ids=lambda args: " ".join(args)[:40],
)
def test_a_run_of_one_command_answers_as_the_whole_app(args, cache_folder):
    """The app of one command's module prints and exits exactly as the whole app does."""
    from typer.testing import CliRunner

    from paigow_cli.cli.app import app, app_to_run

    whole = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
    slim = CliRunner().invoke(app_to_run(args), args, env={"COLUMNS": "80"})
    assert app_to_run(args) is not app
    assert (slim.exit_code, slim.output) == (whole.exit_code, whole.output)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["-h"],
        ["--ascii", "--help"],
        ["help"],
        ["--ascii", "help"],
        ["help", "--help"],
        ["--help", "advise"],
        ["-h", "--ascii", "cache"],
        ["--version"],
        ["--version", "eval"],
        ["--ascii"],
    ],
    ids=lambda args: " ".join(args) or "(nothing)",
)
def test_the_outline_answers_the_group_page_as_the_whole_app(args):
    """The group's own page, ``help`` and ``--version`` come from the app's outline (commands with
    their help and no options) exactly as from the whole app."""
    from typer.testing import CliRunner

    from paigow_cli.cli.app import app, app_to_run

    environment = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    whole = CliRunner().invoke(app, args, env=environment)
    outlined = CliRunner().invoke(app_to_run(args), args, env=environment)
    assert app_to_run(args) is not app
    assert (outlined.exit_code, outlined.output) == (whole.exit_code, whole.output)
    assert whole.output.strip()


def test_help_of_a_named_command_still_comes_from_the_whole_app():
    """``help advise`` looks the command up in the whole app, where every command is."""
    from paigow_cli.cli.app import app, app_to_run

    assert app_to_run(["help", "advise"]) is app
    assert app_to_run(["help", "cache", "info"]) is app
