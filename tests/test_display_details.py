"""Small things a reader sees: the C locale's help offers one spelling of the suits (it had read
"S H D C or S H D C"); cache info keeps file names whole and gives small sizes in bytes (1,000
bytes had been "0.0 MB"); and messages print cards as the hand beside them is printed (A♠ K♦, not
AS KD next to A♠ K♦), a quoted word left as it was typed."""

from __future__ import annotations

import os
import subprocess
import sys

from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()


def test_the_c_locale_help_names_the_suits_once():
    env = {**os.environ, "LANG": "C", "LC_ALL": "C", "COLUMNS": "80"}
    env.pop("PAIGOW_ASCII", None)
    page = subprocess.run([sys.executable, "-m", "paigow_cli", "--help"], env=env, capture_output=True, text=True)
    assert "a suit (S H D C)," in page.stdout and "S H D C or S H D C" not in page.stdout


def test_cache_info_keeps_names_whole_and_sizes_readable(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(tmp_path))
    name = "dealer-ballys-second-v1-0123456789abcdef.npz"
    (tmp_path / name).write_bytes(b"\0" * 1000)
    result = runner.invoke(app, ["cache", "info"], env={"COLUMNS": "80"})
    row = next(line for line in result.stdout.splitlines() if "dealer-ballys" in line)
    assert name in row and "1,000 bytes" in row and "0.0 MB" not in result.stdout


def test_the_fold_prompt_and_a_setting_error_print_cards_as_the_hand_is_printed(cache_folder):
    result = runner.invoke(
        app,
        ["play", "--seed", "2", "--no-history"],
        input="25\ndeal\nfold\nn\nAS AS\nquit\ny\n",
        env={"COLUMNS": "200"},
    )
    assert "This hand's best setting, A♣ 7♣ 4♦ 3♥ 2♣ / K♣ Q♦, is worth" in result.stdout
    assert "card A♠ is given twice" in result.stdout and "AC 7C" not in result.stdout


def test_a_drill_error_prints_cards_with_symbols_and_quotes_the_typed_word_as_typed(cache_folder):
    result = runner.invoke(app, ["drill", "--seed", "1", "-n", "1", "--no-history"], input="zz kd\nq\n")
    joined = " ".join(result.stdout.split())
    assert "'zz' is not a card" in joined and "as in Q♥ 7♣" in joined
