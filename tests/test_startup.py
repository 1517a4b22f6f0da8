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
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in {heavy})), file=sys.stderr)
"""


def imported_heavy_modules(*args: str) -> list[str]:
    probe = PROBE.replace("{heavy}", repr(set(HEAVY)))
    finished = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(args)], capture_output=True, text=True, timeout=60
    )
    return json.loads(finished.stderr.strip().splitlines()[-1])


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
