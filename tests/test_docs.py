"""The docs: a README of the right size whose set-up commands are the ones CI runs, a site whose
every page is in its navigation and builds strictly, a command reference and a JSON reference
generated from the app and current, every command documented, and the help topics printed from
the files the docs include. (Every console example of the docs runs as a test of its own: the
project's root ``conftest.py``.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import command_paths
from typer.testing import CliRunner

from paigow_cli.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def fenced_sh(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_the_readme_is_short_and_gives_the_two_set_up_commands():
    assert len(README.splitlines()) <= 200
    setup = README[README.index("## Set up on a fresh machine") : README.index("## A short tour")]
    commands = [block.strip() for block in fenced_sh(setup)]
    assert len(commands) == 2
    assert commands[0].startswith("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/paigow advise")
    assert "source .venv/bin/activate" in setup and "`.venv/bin/paigow`" in setup


def test_ci_runs_the_readmes_test_command():
    test_command = fenced_sh(README[README.index("## Set up on a fresh machine") :])[1].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci


def test_every_docs_page_is_in_the_navigation_and_every_link_of_the_readme_resolves():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", config, re.M))
    pages = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")}
    assert pages == listed, (pages - listed, listed - pages)
    for target in re.findall(r"\]\(([^)#]+\.md)\)", README):
        assert (ROOT / target).is_file(), target


@pytest.mark.parametrize("script", ["docs_reference.py", "generate_completions.py"])
def test_the_generated_pages_are_current(script):
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_command_is_in_the_commands_page():
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    for path in command_paths():
        assert re.search(rf"`paigow {re.escape(' '.join(path))}\b", page), path


@pytest.mark.parametrize("topic", ["cards", "games", "json", "plugins"])
def test_a_help_topic_prints_the_file_the_docs_include(topic):
    source = ROOT / "paigow_cli" / "cli" / "topics" / f"{topic}.md"
    assert f'--8<-- "paigow_cli/cli/topics/{topic}.md"' in (ROOT / "docs" / "topics.md").read_text()
    result = CliRunner().invoke(app, ["help", topic.upper() if topic == "json" else topic])
    assert result.exit_code == 0 and result.stdout == source.read_text(encoding="utf-8")


def test_an_unknown_help_topic_is_one_error_line_naming_the_topics():
    result = CliRunner().invoke(app, ["help", "nosuch"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: no command 'nosuch' in paigow (see 'paigow --help'; topics: cards, games, json, plugins)"
    ]


def test_the_console_example_reader_matches_lines_and_ellipses():
    """The docs' examples are read as the tests run them (root ``conftest.py``): a command per '$ '
    line, its output below, '...' standing for any lines; a difference fails."""
    from console_examples import console_steps, matches

    steps = console_steps("$ paigow eval AS\nA\n...\nZ\n$ paigow odds \\\n  --json\n")
    assert steps == [("paigow eval AS", ["A", "...", "Z"]), ("paigow odds \n  --json", [])]
    assert matches(["A", "...", "Z"], "A\nB\nC\nZ\n") and matches(["A", "...", "Z"], "A\nZ\n")
    assert not matches(["A", "...", "Z"], "A\nB\n") and not matches(["A", "B"], "A\nC\n")
