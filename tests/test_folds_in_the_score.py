"""A folded round is scored as what it was, a fold (a sure loss of the wager, EV -1), never as a
setting named "fold": in ``stats``, in ``play``'s closing score and in ``stats --worst``, whose
study command then ranks the hand without a ``--low`` of its own."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app

runner = CliRunner()
FOLDING = "25\ndeal\nfold\ny\nquit\n"  # a $25 round, folded, then leave


@pytest.fixture
def folded(tmp_path, monkeypatch, cache_folder):
    """A history holding one folded round of play; play's own output."""
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["play", "--seed", "3"], input=FOLDING)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_plays_closing_score_says_the_hand_was_folded(folded):
    assert "you folded (EV -1), the best is" in " ".join(folded.split())
    assert "you put fold in front" not in folded


def test_stats_says_the_hand_was_folded(folded):
    text = " ".join(runner.invoke(app, ["stats"], env={"COLUMNS": "80"}).stdout.split())
    assert "you folded (EV -1), the best is" in text and "you put fold" not in text


def test_the_worst_settings_say_folded_and_study_the_hand_without_a_low(folded):
    text = runner.invoke(app, ["stats", "--worst", "3"], env={"COLUMNS": "200"}).stdout
    line = next(line for line in text.splitlines() if "you folded" in line)
    assert "you folded (EV -1), the best is" in line and "played fold" not in text
    study = json.loads(runner.invoke(app, ["stats", "--worst", "3", "--json"]).stdout)["worst"][0]
    assert study["chosen"] == ["fold"] and "--low" not in study["study"]
    assert study["study"].startswith("paigow advise " + " ".join(study["cards"]))
