"""What an analyst meets in an afternoon: read-only folders and histories, locales, dealt lines,
damaged answers, long counts in a log, plugins that derive from shipped ways, one name per thing
in data, help and completions; each test failed before its fix."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import one_error
from typer.testing import CliRunner

from paigow_cli.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, input: str | None = None, env: dict | None = None):
    return runner.invoke(app, list(args), input=input, env=env)


@contextmanager
def read_only_folder(tmp_path: Path, monkeypatch, history: bool = False):
    """A folder nothing can be written to (with a history in it if asked): a read-only tmpfs where
    the tests run as root and may mount one, a folder without write permission otherwise, else
    sqlite refusing to open the file for writing, as it does on a read-only disk."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if history:
        from paigow_cli.study.history import HandRecord, History

        kept = History.open(folder / "history.sqlite3")
        session = kept.start_session("drill", game="classic", house_way="foxwoods", banker=False, seed=1)
        kept.record_hand(
            session,
            HandRecord(
                "AS KD JK 9H 9C 4D 2S", "two-pair", "9H 9C", "9H 9C", "9H 9C", "Two pair", 0.7, 0.7, 0.7, False, 3.0
            ),
        )
        kept.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        kept.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{folder / 'history.sqlite3'}{suffix}").unlink(missing_ok=True)
    mounted = False
    if os.geteuid() == 0 and shutil.which("mount"):
        copy = tmp_path / "copy"
        shutil.copytree(folder, copy)
        mounted = (
            subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True
            ).returncode
            == 0
        )
        if mounted:
            shutil.copytree(copy, folder, dirs_exist_ok=True)
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    if not mounted and os.geteuid() != 0:
        folder.chmod(0o555)
    elif not mounted:  # root without mount: sqlite and the cache's writer say the folder is read-only
        import errno
        import tempfile

        real, real_temporary = sqlite3.connect, tempfile.mkstemp

        def refuse(path, *args, **kwargs):
            if kwargs.get("uri"):
                return real(path, *args, **kwargs)  # reading, as a read-only disk allows
            raise sqlite3.OperationalError("attempt to write a readonly database")

        def no_temporary(*args, dir=None, **kwargs):
            if dir is not None and Path(dir).resolve().is_relative_to(folder.resolve()):
                raise OSError(errno.EROFS, "Read-only file system")
            return real_temporary(*args, dir=dir, **kwargs)

        monkeypatch.setattr(sqlite3, "connect", refuse)
        monkeypatch.setattr(tempfile, "mkstemp", no_temporary)
    try:
        yield folder
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=False)
        folder.chmod(0o755)


@pytest.mark.parametrize("history", [False, True])
def test_a_read_only_data_folder_is_a_note_and_stats_drill_play_go_on(tmp_path, monkeypatch, history, foxwoods_table):
    with read_only_folder(tmp_path, monkeypatch, history) as folder:
        monkeypatch.setenv("PAIGOW_DATA_DIR", str(folder))
        stats = run("stats")
        assert stats.exit_code == 0, stats.output
        assert "internal error" not in stats.stderr and stats.stderr.startswith("Note: ")
        assert ("1 hand graded" in stats.stdout) if history else ("No graded hands yet" in stats.stdout)
        drill = run("drill", "-n", "1", "--seed", "1", input="9c 3c\n")
        assert drill.exit_code == 0, drill.output
        assert "this session is not recorded" in drill.stderr and "internal error" not in drill.stderr
        assert "1 hand graded" in drill.stdout
        play = run("play", "--seed", "1", input="25\ndeal\n9c 3c\nquit\ny\n")
        assert play.exit_code == 0, play.output
        assert "this session is not recorded" in play.stderr and "internal error" not in play.stderr


def test_a_history_that_stops_taking_writes_mid_session_is_said_once(tmp_path, monkeypatch, foxwoods_table):
    from paigow_cli.study import history

    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))

    def full(self, session, hand):
        raise history.HistoryUnwritable(f"cannot write the history file {self.path}: database or disk is full")

    monkeypatch.setattr(history.History, "record_hand", full)
    drill = run("drill", "-n", "2", "--seed", "1", input="9c 3c\n8s 8c\n")
    assert drill.exit_code == 0, drill.output
    assert drill.stderr.count("the rest of this session is not recorded") == 1
    assert "2 hands graded" in drill.stdout


@pytest.mark.parametrize("locale", [{"LANG": "C", "LC_ALL": "C"}, {"LC_ALL": "POSIX"}, {"LANG": "C"}, {}])
def test_the_c_locale_prints_letter_suits_and_ascii_lines(locale):
    """Python runs its streams in UTF-8 under the C locale (PEP 538, 540), so the locale itself must
    ask for ASCII, as the README promises; in a real process too."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG", "PYTHONIO"))}
    done = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "advise", "AS KD JK 9H 9C 4D 2S", "--all"],
        env={**environment, **locale},
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and b"AS KD" in done.stdout and b"---" in done.stdout
    utf = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "eval", "AS KD"],
        env={**environment, "LANG": "C.UTF-8"},
        capture_output=True,
    )
    assert "A♠".encode() in utf.stdout


def test_a_dealt_line_prices_the_dealers_side_bets_on_the_dealers_cards():
    """deal --dealer | bonus -: Queen's Dragon and Tiger 9 are paid on the dealer's seven."""
    line = "AS KD JK 9H 9C 4D 2S | QS JH 8D 6C 5S 4H 2D\n"  # the dealer holds a queen-high pai gow
    found = json.loads(run("bonus", "-", "--json", input=line).stdout)
    by_table = {row["table"]: row for row in found["tables"]}
    assert by_table["queens-dragon"]["hand"] == "queen-high-pai-gow" and by_table["queens-dragon"]["pays"] == 50
    assert by_table["queens-dragon"]["cards"] == found["dealer"]
    assert by_table["fortune"]["cards"] == found["hand"]
    assert found["house_way"]["hand"] == found["dealer"]  # tiger 9 reads the dealer's low hand
    text = run("bonus", "-", input=line).stdout
    assert "Dealer: " in text and "50 to 1" in text
    alone = json.loads(run("bonus", "AS KD JK 9H 9C 4D 2S", "--json").stdout)
    assert {row["table"]: row["hand"] for row in alone["tables"]}["queens-dragon"] is None


def test_plays_closing_score_agrees_with_the_bankroll(tmp_path, monkeypatch, foxwoods_table):
    """A folded round and the side bets count in the score as in the bankroll, and the EV given up is
    priced at the session's own wager, not $10."""
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    played = run("play", "--seed", "3", input="25 25 5\nside 5\ndeal\nhouse\nrebet\ndeal\nfold\ny\nquit\ny\n")
    assert played.exit_code == 0, played.output
    left = played.stdout.split("You leave with ")[1].split("\n")[0]  # "$380 (-$120)."
    change = left.split("(")[1].split(")")[0]
    summary = " ".join(played.stdout.split("You leave with ")[1].split())
    assert f"Play: {change}.00 over 2 rounds (1 folded; side bets -$10.00)" in summary
    assert "at $55 a hand" in summary and "at $10 a hand" not in summary
    found = json.loads(run("stats", "--json").stdout)
    assert found["play"]["rounds"] == 2 and found["play"]["folded"] == 1
    assert found["play"]["won"] == float(change.replace("$", "")) and found["play"]["side_bets_won"] == -10.0


def test_a_version_2_history_is_migrated_to_the_current_version_keeping_its_hands(tmp_path):
    from paigow_cli.study.history import MIGRATIONS, SCHEMA_VERSION, History

    path = tmp_path / "history.sqlite3"
    old = sqlite3.connect(path)
    for version in (0, 1):
        for statement in MIGRATIONS[version]:
            old.execute(statement)
    old.execute("PRAGMA user_version = 2")
    old.execute("INSERT INTO sessions VALUES (1, 'play', '2026-12-01T10:00:00+00:00', 'classic', 'foxwoods', 0, 1)")
    old.execute(
        "INSERT INTO hands (session, at, cards, category, chosen, best, house, clause, ev_chosen, ev_best, ev_house, "
        "foul, seconds, wager, payout, house_payout, best_payout) VALUES (1, '2026-12-01T10:00:01+00:00', "
        "'AS KD JK 9H 9C 4D 2S', 'two-pair', '9H 9C', '9H 9C', '9H 9C', 'Two pair', 0.7, 0.7, 0.7, 0, 2.0, "
        "'10', '9.50', '9.50', '9.50')"
    )
    old.commit()
    old.close()
    history = History.open(path)
    (hand,) = history.hands()
    assert history.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    assert hand.payout == "9.50" and hand.side_payout is None and hand.folded is False
    assert history.reviews() == []  # version 4's schedule of practised rules: empty, ready


@pytest.mark.parametrize("player", ["house", "trump-plaza"])
def test_one_simulated_round_is_valid_json_with_no_spread_and_no_nan_in_text(player):
    result = run("simulate", "--hands", "1", "--seed", "1", "--player", player, "--json")
    assert result.exit_code == 0, result.output
    assert "NaN" not in result.stdout
    found = json.loads(result.stdout, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert found["stderr"] is None and found["interval"] is None
    if player != "house":
        assert found["gain_stderr"] is None
    text = run("simulate", "--hands", "1", "--seed", "1", "--player", player).stdout
    assert "nan" not in text.lower() and "needs two rounds or more" in text


FIVE_LIVE_DEAD = (
    "2D 2C 3S 3C 4S 4H 4C 5S 5H 5D 6S 6H 6D 7H 7D 7C 8D 8C 9S 9H 9C TS TH TD JH JD JC QS QD QC KS KH KD AS AH AC JK"
)


@pytest.mark.slow
def test_a_cache_that_keeps_nothing_never_says_cached_or_kept(tmp_path, monkeypatch):
    """A read-only cache folder: edge does not say its answer is cached, an interrupted count does
    not say its chunks are kept, and cache build fails."""
    from paigow_cli.analysis.game import passes as edge

    with read_only_folder(tmp_path, monkeypatch) as folder:
        monkeypatch.setenv("PAIGOW_CACHE_DIR", str(folder))
        counted = run("edge", "--dead", FIVE_LIVE_DEAD, "--jobs", "1")
        assert counted.exit_code == 0, counted.output
        assert "cached, so asking again is instant" not in counted.stdout
        assert "the cache folder cannot be written, so asking again counts again" in " ".join(counted.stdout.split())
        built = run("cache", "build")
        assert (built.exit_code == 1 and "Read-only" in built.stderr) or "readonly" in built.stderr, built.output
        assert built.stderr.strip().splitlines()[-1].startswith("Error: the foxwoods table was built but could not")
        real = edge._run_locally

        def stopping(questions, todo, chunks, finished, *, record, jobs):
            seen = []

            def keep(chunk, *found):
                finished(chunk, *found)
                seen.append(chunk)
                if len(seen) == 2:
                    raise KeyboardInterrupt

            real(questions, todo, chunks, keep, record=record, jobs=jobs)

        monkeypatch.setattr(edge, "_run_locally", stopping)
        stopped = run("edge", "--dead", FIVE_LIVE_DEAD, "--jobs", "1", "--game", "ez")
        assert stopped.exit_code == 130, stopped.output
        assert "none of them kept" in stopped.stderr and "resumes from them" not in stopped.stderr


def test_a_foul_never_ranks_above_a_legal_setting_as_the_banker(rng):
    """A banker's foul is reset to the house way and ties it; it still ranks after every legal setting."""
    from paigow_cli.core.cards import DECK

    hands = ["QS JH 8D 6C 5S 4H 2D"] + [" ".join(str(card) for card in rng.sample(DECK, 7)) for _ in range(6)]
    for hand in hands:
        found = json.loads(run("advise", hand, "--game", "ez", "--banker", "--json").stdout)
        fouls = [split["foul"] for split in found["splits"]]
        assert fouls == sorted(fouls), hand  # every legal setting first
        text = run("advise", hand, "--game", "ez", "--banker", "--all").stdout
        marks = [line.split()[1] for line in text.splitlines() if line[:3].strip().isdigit() and len(line.split()) > 1]
        legal_after_foul = any(
            "F" in first and "F" not in later for at, first in enumerate(marks) for later in marks[at:]
        )
        assert not legal_after_foul, (hand, marks)


@pytest.mark.slow
def test_a_damaged_whole_game_answer_is_said_and_counted_again(cache_folder):
    from paigow_cli.analysis.game.question import Question
    from paigow_cli.analysis.game.store import result_path
    from paigow_cli.core.cards import parse_cards
    from paigow_cli.core.rules import Game, Rules

    args = ["edge", "--dead", FIVE_LIVE_DEAD, "--jobs", "1", "--game", "commission-free", "--json"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    path = result_path(Question(Rules(game=Game.COMMISSION_FREE), tuple(parse_cards(FIVE_LIVE_DEAD))))
    path.write_bytes(path.read_bytes()[:200])
    again = run(*args)
    assert again.exit_code == 0 and again.stdout == first.stdout
    assert f"Note: the cached answer {path.name} is unreadable" in again.stderr and "counting it again" in again.stderr


def test_advise_with_stdin_closed_is_one_error_line():
    done = subprocess.run(
        [sys.executable, "-m", "paigow_cli", "advise", "-"], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert done.returncode == 0  # an empty stdin: nothing to do
    for program in (
        f"'{sys.executable}' -m paigow_cli advise - <&-",  # started with stdin closed
        f"'{sys.executable}' -c 'import os, sys; os.close(0); from paigow_cli.cli import main; sys.argv[1:] = [\"advise\", \"-\"]; main()'",
    ):
        closed = subprocess.run(["bash", "-c", program], capture_output=True, text=True)
        assert closed.returncode == 2, (program, closed.stderr)
        lines = closed.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(
            "Error: - reads hands from stdin, but there is no standard input"
        )


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["house-ways", "--check", "nope"], 2, "--check: unknown house way 'nope'"),
        (["cache", "clear", "--house-way", "nope", "--yes"], 2, "--house-way nope: no such house way"),
        (["play", "--bankroll", "0"], 2, "--bankroll 0 is less than the minimum wager"),
        (["play", "--bankroll", "1.99"], 2, "--bankroll 1.99 is less than the minimum wager"),
        (["advise", "AS KD JK 9H 9C 4D 2S", "--commission", "5"], 2, "--commission 5.0 is out of range"),
        (["edge", "--commission", "1"], 2, "--commission 1.0 is out of range"),
    ],
)
def test_each_bad_option_is_named_in_one_error_line(args, code, fragment, cache_folder):
    one_error(run(*args, input=""), code, fragment)


def test_a_misspelt_clause_is_said_once_fails_the_check_and_plugins_may_derive_from_shipped_ways(tmp_path):
    plugin = tmp_path / "typo.py"
    plugin.write_text(
        """from paigow_cli.house_ways.api import Decision, Seven, house_way_class

TrumpPlaza = house_way_class("trump-plaza")


class Helper(TrumpPlaza):
    def _front(self, hand: Seven) -> Decision:
        return self.split_two_pair(hand, "Two pair", "always split")


class Mine(Helper):
    name, casino, source = "typo-way", "Test casino", "this test"

    def two_pairs(self, hand: Seven) -> Decision:
        return self._front(hand)
"""
    )
    house = run("house", "9S 9H 4D 4C AS KD 2H", "--house-way", str(plugin))
    assert house.exit_code == 0, house.output  # a helper base class beside the house way is fine
    assert "two_pairs is not a clause paigow calls (did you mean two_pair?)" in " ".join(house.stderr.split())
    assert "medium and low" in house.stdout  # trump-plaza's own two-pair clause, inherited
    checked = run("house-ways", "--check", str(plugin), "--hands", "300", "--json")
    check = json.loads(checked.stdout)  # a misspelt clause fails the check, said once (not as a note too)
    assert (
        checked.exit_code == 1
        and not check["passed"]
        and all(count["count"] == 0 for count in check["faults"].values())
    )
    assert [warning for warning in check["warnings"] if "two_pairs" in warning] and "two_pairs" not in checked.stderr
    text = run("house-ways", "--check", str(plugin), "--hands", "300")
    assert text.exit_code == 1 and " ".join(text.stdout.split()).count("two_pairs is not a clause") == 1
    assert "two_pairs" not in text.stderr
    guide = (ROOT / "docs" / "guide" / "house-ways.md").read_text()
    assert 'house_way_class("trump-plaza")' in guide and "class MyCasino(TrumpPlaza):" in guide


@pytest.mark.slow
def test_one_name_per_thing_in_data(cache_folder):
    """player names the strategy alike in edge, compare, mistakes and simulate; compare's CSV has the
    JSON's keys; simulate has deals, wheel and dead; --player limits compare's rows; every answer
    has its exact gain over the dealer's own way."""
    dead = ["--dead", FIVE_LIVE_DEAD, "--jobs", "1"]
    edge = json.loads(run("edge", *dead, "--json").stdout)
    assert edge["player"] == "foxwoods" and edge["gain_over_house_way"] == 0 and edge["gain_fraction"] == "0/1"
    other = json.loads(run("edge", *dead, "--player", "ballys", "--json").stdout)
    from fractions import Fraction

    assert Fraction(other["gain_fraction"]) == Fraction(other["ev_fraction"]) - Fraction(edge["ev_fraction"])
    assert (
        "it gains" in run("edge", *dead, "--player", "ballys").stdout
        or "it gives up" in run("edge", *dead, "--player", "ballys").stdout
    )
    cells = [
        json.loads(line)
        for line in run("compare", *dead, "--house-way", "foxwoods", "--player", "ballys", "--json").stdout.splitlines()
    ]
    assert [cell["player"] for cell in cells] == ["best", "ballys"]  # --player limits the rows
    assert cells[1]["gain_fraction"] == other["gain_fraction"] and cells[1]["ev_fraction"] == other["ev_fraction"]
    rows = run("compare", *dead, "--house-way", "foxwoods", "--player", "ballys", "--csv").stdout.splitlines()
    assert rows[0].split(",") == list(cells[0]) and len(rows) == 3
    mistakes = json.loads(run("mistakes", *dead, "--by", "clause", "--json").stdout)
    assert mistakes["player"] == "foxwoods" and "clauses" in mistakes
    assert "clauses" in run("mistakes", "--help").stdout and ".rules" not in run("mistakes", "--help").stdout
    simulated = json.loads(run("simulate", "--hands", "50", "--seed", "1", "--json").stdout)
    assert simulated["deals"] == 50 and simulated["wheel"] == "second" and simulated["dead"] == []
    assert simulated["player"] == "foxwoods"


@pytest.mark.slow
def test_a_long_count_writes_progress_lines_to_a_log(tmp_path, monkeypatch):
    """stderr not a terminal (a log): the first line, then a line of progress every LOG_EVERY
    seconds (here at every chunk), each with the chunks done, the time so far and an estimate.
    A cache of its own: another test may have counted this question already."""
    from paigow_cli.cli import output

    monkeypatch.setenv("PAIGOW_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(output, "LOG_EVERY", 0.0)
    result = run("edge", "--dead", FIVE_LIVE_DEAD, "--jobs", "1", "--game", "face-up", "--banker", "--json")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("Counting every deal: ")]
    assert len(lines) >= 3 and "so far, about" in lines[-1] and " s left" in lines[-1]
    done = [int(line.split(": ")[1].split(" of ")[0].replace(",", "")) for line in lines]
    assert done == sorted(done)


@pytest.mark.parametrize("command", ["advise", "edge", "simulate", "compare", "table", "strategy", "play", "drill"])
def test_help_at_50_columns_cuts_nothing(command):
    page = run(command, "--help", env={"COLUMNS": "50"}).stdout
    assert "…" not in page
    squeezed = "".join(line.strip(" │") for line in page.splitlines())
    if "santa-ana-star" in run(command, "--help", env={"COLUMNS": "80"}).stdout:
        assert "santa-ana-star" in squeezed  # a house way's name is folded, not cut


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("paigow help ad", ["advise"]),
        ("paigow help cache c", ["clear"]),
        ("paigow drill --focus tw", ["two-pair"]),
        ("paigow edge --player be", ["best", "best-way"]),
        ("paigow simulate --player tr", ["trump-plaza"]),
        ("paigow compare --player fl", ["flamingo"]),
        ("paigow mistakes --player go", ["golden-nugget"]),
    ],
)
def test_completions_for_help_focus_and_player(words, expected):
    done = subprocess.run(
        [sys.executable, "-m", "paigow_cli"],
        env={
            **os.environ,
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - 1),
            "_PAIGOW_COMPLETE": "complete_bash",
        },
        capture_output=True,
        text=True,
    )
    assert done.stdout.split() == expected, done


def test_the_drill_shows_rates_and_how_to_study_a_miss_and_a_hint_is_not_scored(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    drill = run("drill", "-n", "2", "--seed", "1", input="hint\n9c 3c\n8s 8c\n")
    assert drill.exit_code == 0, drill.output
    first, second = drill.stdout.split("Hand 2 of 2")
    graded = first.split("Hint (this hand will not be scored):")[1]
    assert "Not scored (you took the hint): The best setting." in graded and "Score:" not in graded
    assert "win " in second and "push " in second and "lose " in second  # yours, the best's, the house way's
    assert "Study it: paigow advise AS KS JD 8S 8C 2S 2H --low '8S 8C'" in second
    assert "Score: 0 of 1 best, 1 foul" in second  # the hinted hand was not scored
    worst = json.loads(run("stats", "--worst", "5", "--json").stdout)["worst"]
    assert [hand["cards"] for hand in worst] == [["AS", "KS", "JD", "8S", "8C", "2S", "2H"]]
    assert worst[0]["study"] == "paigow advise AS KS JD 8S 8C 2S 2H --low '8S 8C'" and worst[0]["foul"]
    text = run("stats", "--worst", "5").stdout
    assert "Your 1 costliest setting" in text and "paigow advise AS KS JD 8S 8C 2S 2H" in text
