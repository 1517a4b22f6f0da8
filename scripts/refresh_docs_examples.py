"""Rewrite the output of the docs' console examples that no longer match what paigow prints.

The tests run every console example of README.md and docs/ (the project's root ``conftest.py``, with
Sybil) and fail where the output differs; this writes what paigow prints now into the examples that
fail, so a deliberate change of output is one command and a reviewed diff. An example that shortens
its output with ``...`` lines is left as it is and listed: shorten the new output by hand.

Usage:  python scripts/refresh_docs_examples.py [FILE.md ...]   (default: README.md and docs/)
        (PAIGOW_CACHE_DIR and PAIGOW_DATA_DIR as you like: a cached table makes no note)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from console_examples import console_steps, example_folder, matches, run_command  # noqa: E402  (the tests' own)


def run(command: str, folder: Path) -> str:
    done = run_command(command, folder)
    text = "".join(line.rstrip() + "\n" for line in (done.stdout + done.stderr).splitlines())
    return text.rstrip("\n")


def refresh(path: Path) -> list[str]:
    """Rewrite ``path``'s failing console examples; the examples left for a hand, as 'file:line'."""
    lines = path.read_text(encoding="utf-8").split("\n")
    folder = example_folder()
    out: list[str] = []
    by_hand: list[str] = []
    at = 0
    while at < len(lines):
        out.append(lines[at])
        if lines[at].strip() != "```console":
            at += 1
            continue
        end = at + 1
        while lines[end].strip() != "```":
            end += 1
        block = []
        for command, expected in console_steps("\n".join(lines[at + 1 : end])):
            printed = run(command, folder)
            if matches(expected, printed + "\n") or "..." in expected:
                if not matches(expected, printed + "\n"):
                    by_hand.append(f"{path.relative_to(ROOT)}:{at + 1}")
                block += [f"$ {command}", *expected]
            else:
                block += [f"$ {command}", *printed.split("\n")]
        out += block
        out.append(lines[end])
        at = end + 1
    path.write_text("\n".join(out), encoding="utf-8")
    return by_hand


def main(argv: list[str]) -> int:
    files = [Path(arg).resolve() for arg in argv] or [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    left = [place for file in files for place in refresh(file)]
    for place in left:
        print(f"{place}: shortened with '...' and no longer matching: shorten the new output by hand")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
