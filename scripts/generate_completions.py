"""Write completions/paigow.{bash,zsh,fish} from the app itself, so they never drift.

Usage:  python scripts/generate_completions.py          (rewrite the files)
        python scripts/generate_completions.py --check  (exit 1 if any file is stale)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SHELLS = ("bash", "zsh", "fish")
COMPLETIONS = Path(__file__).resolve().parent.parent / "completions"


def completion_script(shell: str) -> str:
    """The completion script Typer generates for ``shell``."""
    env = dict(os.environ, _PAIGOW_COMPLETE=f"source_{shell}")
    result = subprocess.run([sys.executable, "-m", "paigow_cli"], env=env, capture_output=True, text=True, check=True)
    return result.stdout


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for shell in SHELLS:
        path = COMPLETIONS / f"paigow.{shell}"
        script = completion_script(shell)
        if check:
            if not path.exists() or path.read_text() != script:
                stale.append(path.name)
        else:
            path.write_text(script)
    if stale:
        print(
            f"stale completion scripts: {', '.join(stale)}; run python scripts/generate_completions.py", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
