"""Files a user asks paigow to write (``--svg``, ``strategy --plugin``) are written atomically with
the mode any program would give them: what the umask allows of 0666 (0644 under umask 022), or the
mode the file already had; a name that cannot be a file is one ``Error:`` line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest


def simulate_svg(tmp_path, cache_folder, name: str, umask: str = "022") -> subprocess.CompletedProcess:
    env = {**os.environ, "PAIGOW_CACHE_DIR": str(cache_folder)}
    command = f"umask {umask}; {sys.executable} -m paigow_cli simulate --hands 200 --seed 1 --svg {name}"
    return subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("umask", "mode"), [("022", 0o644), ("077", 0o600), ("002", 0o664)])
def test_a_written_file_honours_the_umask(tmp_path, cache_folder, umask, mode):
    result = simulate_svg(tmp_path, cache_folder, "run.svg", umask)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((tmp_path / "run.svg").stat().st_mode) == mode
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed, not left beside it


def test_a_rewritten_file_keeps_its_mode(tmp_path, cache_folder):
    (tmp_path / "run.svg").write_text("old")
    (tmp_path / "run.svg").chmod(0o640)
    assert simulate_svg(tmp_path, cache_folder, "run.svg").returncode == 0
    assert stat.S_IMODE((tmp_path / "run.svg").stat().st_mode) == 0o640
    assert (tmp_path / "run.svg").read_text().startswith("<svg")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("''", "Error: --svg needs a file name to write (it was given an empty one)"),
        ("sub", "Error: Invalid value for '--svg': File 'sub' is a directory. (see 'paigow simulate --help')"),
    ],
)
def test_a_name_that_cannot_be_a_file_is_one_error_line(tmp_path, cache_folder, name, message):
    (tmp_path / "sub").mkdir()
    result = simulate_svg(tmp_path, cache_folder, name)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [message]
