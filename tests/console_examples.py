"""How the docs' console examples are read: a command after each ``$ ``, the lines it prints below
it, ``...`` standing for any number of lines. The project's root ``conftest.py`` runs every example
this way (with Sybil), and ``scripts/refresh_docs_examples.py`` rewrites the ones that changed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def console_steps(text: str) -> list[tuple[str, list[str]]]:
    """A console block's commands (after ``$ ``; a line ending in a backslash goes on) and the
    lines each one prints; a line ``...`` stands for any number of lines."""
    steps: list[tuple[str, list[str]]] = []
    lines = text.splitlines()
    at = 0
    while at < len(lines):
        line = lines[at]
        if not line.startswith("$ "):
            raise ValueError(f"a console example must start each command with '$ ': {line!r}")
        command = line[2:]
        while command.endswith("\\") and at + 1 < len(lines):
            at += 1
            command = command[:-1] + "\n" + lines[at]
        at += 1
        expected = []
        while at < len(lines) and not lines[at].startswith("$ "):
            expected.append(lines[at].rstrip())
            at += 1
        steps.append((command, expected))
    return steps


def matches(expected: list[str], printed: str) -> bool:
    """Whether ``printed`` is ``expected`` line for line (trailing blanks aside, ``...`` any lines)."""
    pattern = "".join("(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + "\n" for line in expected)
    text = "".join(line.rstrip() + "\n" for line in printed.splitlines())
    while text.endswith("\n\n"):
        text = text[:-1]
    return re.fullmatch(pattern, text) is not None


def example_folder() -> Path:
    """A folder to run one document's examples in, as a reader would: the project's examples at
    hand, a data folder of its own (the history the examples build)."""
    folder = Path(tempfile.mkdtemp(prefix="paigow-docs-"))
    (folder / "examples").symlink_to(ROOT / "examples")
    (folder / "data").mkdir()
    return folder


def run_command(command: str, folder: Path, timeout: float | None = None) -> subprocess.CompletedProcess:
    """One example's command in bash, as typed, at 80 columns, with no colour, in ``folder``."""
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "COLUMNS": "80",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "LC_ALL": "C.UTF-8",
        "PAIGOW_DATA_DIR": str(folder / "data"),
    }
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=timeout
    )
