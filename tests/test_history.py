"""The trainer's history: the SQLite layer against real files, the statistics against
hand-computed values, and drill and stats at the command line."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paigow_cli.cli import app
from paigow_cli.study.history import APPLICATION_ID, SCHEMA_VERSION, HandRecord, History, HistoryError, StoredHand
from paigow_cli.study.stats import history_stats

runner = CliRunner()


def record(ev_chosen: float, ev_best: float, category: str = "two-pair", clause: str = "Two pair", foul=False):
    return HandRecord(
        "AS KD JK 9H 9C 4D 2S", category, "AS KD", "9H 9C", "9H 9C", clause, ev_chosen, ev_best, ev_best, foul, 2.5
    )


def fresh(tmp_path: Path) -> History:
    return History.open(tmp_path / "history.sqlite3")


def test_hands_are_kept_and_read_back_in_order(tmp_path):
    history = fresh(tmp_path)
    session = history.start_session("drill", game="ez", house_way="ballys", banker=True, seed=9)
    for ev in (0.1, 0.2, 0.3):
        history.record_hand(session, record(ev, 0.3))
    history.close()
    again = fresh(tmp_path)
    hands = again.hands()
    assert [hand.ev_chosen for hand in hands] == [0.1, 0.2, 0.3]
    assert hands[0].game == "ez" and hands[0].house_way == "ballys" and hands[0].banker is True
    assert hands[0].foul is False and isinstance(hands[0], StoredHand)
    assert [hand.ev_chosen for hand in again.hands(last=2)] == [0.2, 0.3]
    assert again.hands(since="2999-01-01") == [] and len(again.hands(since="2000-01-01")) == 3


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from paigow_cli.study.history import History, HandRecord
    history = History.open(Path(sys.argv[1]))
    session = history.start_session("drill", game="classic", house_way="foxwoods", banker=False, seed=1)
    count = int(sys.argv[2])
    number = 0
    while count < 0 or number < count:
        history.record_hand(session, HandRecord("AS KD JK 9H 9C 4D 2S", "two-pair", "AS KD", "9H 9C", "9H 9C",
                                                "Two pair", 0.1, 0.7, 0.7, False, float(number)))
        number += 1
        print(number, flush=True)
    """
)


def test_a_killed_session_keeps_every_hand_it_finished(tmp_path):
    """A process killed mid-session (SIGKILL, no clean-up): every hand it reported written is there,
    and the file is whole."""
    path = tmp_path / "history.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), "-1"], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    finished = 0
    assert writer.stdout is not None
    for line in writer.stdout:
        finished = int(line)
        if finished >= 40:
            break
    writer.kill()
    writer.wait(timeout=30)
    history = History.open(path)
    assert len(history.hands()) >= finished
    assert history.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_sessions_write_at_once_even_to_a_new_file(tmp_path):
    """Four sessions start together on a file none has made yet: one makes the schema while the
    others wait (none takes the half-made file for another program's and sets it aside)."""
    for attempt in range(3):
        path = tmp_path / f"history-{attempt}.sqlite3"
        writers = [
            subprocess.Popen([sys.executable, "-c", WRITER, str(path), "30"], stdout=subprocess.DEVNULL)
            for _ in range(4)
        ]
        assert [writer.wait(timeout=120) for writer in writers] == [0, 0, 0, 0]
        hands = History.open(path).hands()
        assert len(hands) == 120 and len({hand.session for hand in hands}) == 4
    assert not list(tmp_path.glob("*.set-aside-*"))


def test_a_session_waits_while_another_turns_a_new_file_to_wal(tmp_path):
    """Turning a file to WAL reads it, then writes: a writer that holds the file at that moment
    makes SQLite say "locked" at once, without waiting (its busy timeout covers only a first lock).
    Seen once in CI among four sessions starting on a new file; here another connection holds the
    write lock on an empty file for a moment, and the session waits for it instead of failing."""
    path = tmp_path / "history.sqlite3"
    path.touch()
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.5, holder.execute, ["COMMIT"])
    release.start()
    try:
        history = History.open(path)
    finally:
        release.join()
        holder.close()
    assert history.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert history.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_damaged_file_is_set_aside_never_overwritten(tmp_path):
    path = tmp_path / "history.sqlite3"
    garbage = b"this is not a database" * 100
    path.write_bytes(garbage)
    notes: list[str] = []
    history = History.open(path, notify=notes.append)
    assert len(notes) == 1 and "is damaged" in notes[0] and "set-aside" in notes[0]
    (aside,) = tmp_path.glob("history.sqlite3.set-aside-*")
    assert aside.read_bytes() == garbage  # kept as it was
    session = history.start_session("drill", game="classic", house_way="foxwoods", banker=False, seed=1)
    history.record_hand(session, record(0.1, 0.2))
    assert len(history.hands()) == 1


def test_another_programs_database_is_set_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
    notes: list[str] = []
    History.open(path, notify=notes.append).close()
    assert "not a paigow history" in notes[0]
    (aside,) = tmp_path.glob("history.sqlite3.set-aside-*")
    with sqlite3.connect(aside) as other:
        assert other.execute("SELECT text FROM notes").fetchall() == [("mine",)]


def test_a_newer_paigows_history_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as newer:
        newer.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        newer.execute("CREATE TABLE future (x)")
        newer.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.raises(HistoryError, match="newer paigow"):
        History.open(path)
    assert path.read_bytes() == before and not list(tmp_path.glob("*.set-aside-*"))


def test_an_empty_file_of_version_0_is_migrated_to_the_current_schema(tmp_path):
    path = tmp_path / "history.sqlite3"
    sqlite3.connect(path).close()  # an empty database: schema version 0
    history = History.open(path)
    assert history.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert history.connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_version_1_history_is_migrated_forward_keeping_its_hands(tmp_path):
    """A history written before play rounds were kept (schema 1) gains their columns; its hands stay."""
    from paigow_cli.study.history import SCHEMA_V1

    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as old:
        for statement in SCHEMA_V1:
            old.execute(statement)
        old.execute(
            "INSERT INTO sessions VALUES (1, 'drill', '2026-11-30T09:00:00+00:00', 'classic', 'foxwoods', 0, 4)"
        )
        old.execute(
            "INSERT INTO hands VALUES (1, 1, '2026-11-30T09:00:05+00:00', 'AS KD JK 9H 9C 4D 2S', 'two-pair', "
            "'AS KD', '9H 9C', '9H 9C', 'Two pair', 0.2, 0.7, 0.7, 0, 5.0)"
        )
        old.execute("PRAGMA user_version = 1")
    history = History.open(path)
    assert history.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    (hand,) = history.hands()
    assert hand.cards == "AS KD JK 9H 9C 4D 2S" and hand.given_up == pytest.approx(0.5) and hand.wager is None


def stored(given_up: float, category: str, clause: str, session: int, foul: bool = False, best: float = 0.5):
    return StoredHand(
        f"hand {category} {given_up}", category, "XX YY", "AA BB", "AA BB", clause, best - given_up, best, best, foul, 3.0,
        session=session, at=f"2026-12-0{session}T10:00:00+00:00",
    )  # fmt: skip


def test_stats_against_hand_computed_values():
    hands = [
        stored(0.0, "two-pair", "Two pair, split", 1),
        stored(0.005, "two-pair", "Two pair, split", 1),
        stored(0.2, "two-pair", "Two pair, keep", 2),
        stored(0.05, "one-pair", "One pair", 2),
        stored(1.0, "no-pair", "No pair", 2, foul=True),
    ]
    stats = history_stats(hands)
    assert (stats.hands, stats.best, stats.near, stats.fouls) == (5, 1, 2, 1)
    assert stats.given_up == pytest.approx(1.255) and stats.mean_given_up == pytest.approx(0.251)
    assert [leak.name for leak in stats.by_kind] == ["no-pair", "two-pair", "one-pair"]
    two_pair = stats.by_kind[1]
    assert (two_pair.hands, two_pair.missed) == (3, 2) and two_pair.given_up == pytest.approx(0.205)
    assert two_pair.worst is not None and two_pair.worst.given_up == pytest.approx(0.2)
    assert [leak.name for leak in stats.by_clause][:2] == ["No pair", "Two pair, keep"]
    assert [(line.session, line.hands) for line in stats.sessions] == [(1, 2), (2, 3)]
    assert stats.sessions[1].mean == pytest.approx(1.25 / 3)


def test_drill_records_what_it_grades_and_stats_reports_it(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    empty = runner.invoke(app, ["stats"])
    assert empty.exit_code == 0 and "No graded hands" in empty.stdout
    # seed 1 deals A♠ J♠ 9♣ 6♠ 4♠ 3♠ 3♣ first: its best setting keeps the flush, 9♣ 3♣ in front
    runner.invoke(app, ["drill", "--seed", "1", "-n", "2"], input="9c 3c\nhint\nq\n")
    runner.invoke(app, ["drill", "--seed", "1", "-n", "1", "--no-history"], input="9c 3c\n")
    document = json.loads(runner.invoke(app, ["stats", "--json"]).stdout)
    assert document["hands"] == 1 and document["best"] == 1 and document["fouls"] == 0
    assert document["by_kind"][0]["name"] == "straight-or-flush-with-a-pair"
    assert len(document["sessions"]) == 1
    runner.invoke(app, ["drill", "--seed", "1", "-n", "1"], input="3s 3c\n")  # a foul: a pair in front, ace-high behind
    text = runner.invoke(app, ["stats", "--bet", "25"]).stdout
    assert "2 hands graded in 2 sessions" in text and "fouls 1" in text and "at $25 a hand" in text
    assert "e.g. A♠ J♠ 9♣ 6♠ 4♠ 3♠ 3♣, you put 3♠ 3♣ in front" in " ".join(text.split())


@pytest.mark.parametrize(
    "args, fragment", [(["--since", "yesterday"], "--since"), (["--bet", "-5"], "--bet"), (["--last", "0"], "--last")]
)
def test_stats_bad_input_is_one_error_line(args, fragment, tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, ["stats", *args])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and fragment in result.stderr, result.output


def test_review_deals_the_hands_set_worse_until_set_best_twice(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    assert "Nothing to review" in runner.invoke(app, ["drill", "--review"]).stdout
    runner.invoke(app, ["drill", "--seed", "1", "-n", "1"], input="as js\n")  # worse than best (9C 3C)
    for _ in range(2):
        review = runner.invoke(app, ["drill", "--review"], input="9c 3c\n")
        assert "Hand 1 of 1:  A♠ J♠ 9♣ 6♠ 4♠ 3♠ 3♣" in review.stdout, review.output
        assert "The best setting." in review.stdout
    assert "Nothing to review" in runner.invoke(app, ["drill", "--review"]).stdout  # best twice in a row


def test_a_challenge_is_a_hundred_hands_from_a_printed_seed(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    runs = [runner.invoke(app, ["drill", "--challenge", "--seed", "5"], input="q\n").stdout for _ in range(2)]
    assert runs[0] == runs[1]  # the same seed deals the same hands
    assert "Challenge: 100 hands from seed 5" in runs[0] and "Hand 1 of 100:" in runs[0]
    assert "Challenge (seed 5), stopped before any hand was graded: no score" in runs[0]
    both = runner.invoke(app, ["drill", "--challenge", "--review"])
    assert both.exit_code == 2 and "choose one" in both.stderr


@pytest.mark.parametrize("kind", ["two-pair", "three-pair", "straight-or-flush-with-a-pair", "five-aces", "full-house"])
def test_focus_deals_only_its_kind_and_all_of_it(kind):
    """Every hand is of the kind, and a sample covers its shapes (with and without the joker; for
    two pair, high and low pairs of every class)."""
    from paigow_cli.study.drill import focus_hands, hand_kind

    hands = list(focus_hands(11, 300, lambda hand: hand_kind(hand) == kind, kind))
    assert len(hands) == 300 and all(hand_kind(hand) == kind for hand in hands)
    jokers = sum(any(card.is_joker for card in hand) for hand in hands)
    assert jokers == 300 if kind == "five-aces" else 0 < jokers < 300
    if kind == "two-pair":
        from paigow_cli.house_ways.analysis import Seven

        tops = {Seven(hand).pairs[0] for hand in hands}
        assert {14, 13, 10, 7, 4} <= tops  # aces to threes as the high pair
    if kind == "five-aces":
        assert len(set(hands)) > 250  # the two other cards vary


def test_focus_on_a_clause_deals_only_the_hands_it_decides(foxwoods_table):
    from paigow_cli.core.rules import Rules
    from paigow_cli.house_ways import house_setting
    from paigow_cli.study.drill import focus_hands

    clause = "Two pair, high pair 7-10, no ace for the front: split, small pair in front"
    hands = list(focus_hands(3, 40, lambda hand: house_setting(hand, Rules()).rule == clause))
    assert all(house_setting(hand, Rules()).rule == clause for hand in hands)
    result = runner.invoke(
        app, ["drill", "--focus", "high pair 7-10, no ace", "--seed", "3", "--no-history"], input="q\n"
    )
    assert result.exit_code == 0 and "Hand 1 of 10:" in result.stdout
    for words, fragment in (("two pair", "is in 5 foxwoods clauses"), ("seven aces", "names no kind")):
        bad = runner.invoke(app, ["drill", "--focus", words])
        assert bad.exit_code == 2 and fragment in bad.stderr and bad.stderr.count("\n") == 1, bad.output


def test_play_records_its_rounds_and_ends_with_the_sessions_score(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, ["play", "--seed", "1"], input="25\ndeal\n9c 3c\nrebet\ndeal\nhouse\nquit\n")
    assert result.exit_code == 0, result.output
    assert "This session, as paigow stats keeps it:" in result.stdout and "over 2 rounds" in result.stdout
    document = json.loads(runner.invoke(app, ["stats", "--json"]).stdout)
    assert document["hands"] == 2 and document["play"]["rounds"] == 2
    assert document["play"]["won"] == 0.0  # a push and a push: the balance is back at $500
    history = History.open(tmp_path / "history.sqlite3")
    rounds = history.hands()
    assert [hand.wager for hand in rounds] == ["25", "25"] and all(hand.best_payout is not None for hand in rounds)
    assert runner.invoke(app, ["play", "--seed", "1", "--no-history"], input="quit\n").exit_code == 0
    assert len(history.hands()) == 2


def test_focus_on_the_joker_deals_only_hands_that_hold_it(tmp_path, monkeypatch, foxwoods_table):
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, ["drill", "--focus", "joker", "--seed", "4", "-n", "3"], input="skip\nskip\nskip\n")
    dealt = [line for line in result.stdout.splitlines() if line.startswith("Hand ")]
    assert len(dealt) == 3 and all("JK" in line for line in dealt), result.stdout


def test_stats_leaves_a_damaged_history_as_it_is_and_says_so_in_one_line(tmp_path, monkeypatch):
    """A report repairs nothing: stats says the file is damaged and who will set it aside; the
    file stays where it was, and the next drill keeps it aside and starts anew."""
    monkeypatch.setenv("PAIGOW_DATA_DIR", str(tmp_path))
    damaged = tmp_path / "history.sqlite3"
    damaged.write_text("not a database, just text")
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: the history file {damaged} is damaged (file is not a database): it is left as it is, and the next "
        "drill or play keeps it aside and starts a new history"
    ]
    assert [path.name for path in tmp_path.iterdir()] == ["history.sqlite3"]
    assert damaged.read_text() == "not a database, just text"
