"""Closed or full standard streams are errors like any other: one ``Error:`` line on whatever
stream is still open, the exit status of their kind (1 for output that cannot be written, 2 for
input a command needs), never an internal error; a closed standard error loses the line but not
the exit status."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PAIGOW = f"{sys.executable} -m paigow_cli"
CHEAP = [
    "eval AS KD",
    "house 9S 9H 4D 4C AS KD 2H",
    "house-ways",
    "deal -n 2 --seed 1",
    "bonus AS KS QS JS TS KH QH",
    "--help",
    "help cards",
    "eval AS KD --json",
]


def shell(command: str, cache_folder) -> subprocess.CompletedProcess:
    env = {**os.environ, "PAIGOW_CACHE_DIR": str(cache_folder), "COLUMNS": "80", "NO_COLOR": "1"}
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, timeout=120)


def one_error_line(result: subprocess.CompletedProcess, code: int, text: str) -> None:
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert result.stderr.splitlines() == [f"Error: {text}"], result.stderr


@pytest.mark.parametrize("arguments", CHEAP)
def test_a_closed_standard_output_is_one_error_line(arguments, cache_folder):
    one_error_line(
        shell(f"{PAIGOW} {arguments} >&-", cache_folder),
        1,
        "standard output is closed: nothing paigow prints can be shown",
    )


@pytest.mark.parametrize("arguments", CHEAP)
def test_a_full_standard_output_is_one_error_line(arguments, cache_folder):
    one_error_line(
        shell(f"{PAIGOW} {arguments} > /dev/full", cache_folder),
        1,
        "standard output cannot be written: No space left on device",
    )


def test_a_closed_standard_output_for_stats_is_one_error_line(cache_folder):
    one_error_line(
        shell(f"{PAIGOW} stats >&-", cache_folder), 1, "standard output is closed: nothing paigow prints can be shown"
    )


@pytest.mark.parametrize("command", ["drill -n 1 --seed 1", "play --seed 1"])
def test_a_closed_standard_input_is_one_error_line_where_a_command_reads_it(command, cache_folder):
    result = shell(f"{PAIGOW} {command} <&-", cache_folder)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.splitlines() == ["Error: standard input is closed: this command reads from it"]


def test_a_batch_with_standard_input_closed_is_one_error_line(cache_folder):
    result = shell(f"{PAIGOW} advise - <&-", cache_folder)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("Error: - reads hands from stdin, but there is no standard input (it is closed)")


def test_a_closed_standard_error_keeps_the_exit_status_and_the_output(cache_folder):
    assert shell(f"{PAIGOW} eval XX 2>&-", cache_folder).returncode == 2
    answered = shell(f"{PAIGOW} advise AS KD JK 9H 9C 4D 2S --house-way claridge 2>&-", cache_folder)
    assert answered.returncode == 0 and "House way (claridge)" in answered.stdout


def test_a_reader_that_stops_early_is_still_a_normal_end(cache_folder):
    result = shell(f"{PAIGOW} deal -n 100000 --seed 1 | head -1; exit ${{PIPESTATUS[0]}}", cache_folder)
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 1 and result.stderr == ""
