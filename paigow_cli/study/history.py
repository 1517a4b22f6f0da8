"""The trainer's history: every graded ``drill`` hand and every ``play`` round, kept in a SQLite file (the standard library's
``sqlite3``) so ``paigow stats`` can keep score over time.

The file is ``history.sqlite3`` in ``$PAIGOW_DATA_DIR``, else the platform's user data folder.
Each hand is written in a transaction of its own, in WAL mode, so Ctrl-C or a crash loses at most
the hand in progress, and two sessions may write at once. A file that is damaged or is not a
paigow history is never overwritten: it is renamed aside (``history.sqlite3.set-aside-...``) and
said so in one line, and a new history starts. The schema carries its version (``PRAGMA
user_version``) and is migrated forward by ``MIGRATIONS``; a file from a newer paigow is left
alone and refused.

>>> import tempfile
>>> history = History.open(Path(tempfile.mkdtemp()) / "history.sqlite3")
>>> session = history.start_session("drill", game="classic", house_way="foxwoods", banker=False, seed=7)
>>> history.record_hand(session, HandRecord("AS KD JK 9H 9C 4D 2S", "two-pair", "9H 9C", "9H 9C", "9H 9C",
...     "Two pair: split", 0.7008, 0.7008, 0.7008, False, 4.5))
>>> [hand.cards for hand in history.hands()]
['AS KD JK 9H 9C 4D 2S']
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import astuple, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path

from paigow_cli.core.folders import data_dir

FILE_NAME = "history.sqlite3"
SCHEMA_VERSION = 4
APPLICATION_ID = 0x50474F57  # "PGOW": marks the file as a paigow history
WAIT_SECONDS = 30  # how long a session waits for another that holds the file (the busy timeout too)


FOLD = "fold"  # the setting a folded round is stored with (graded as a sure loss, EV -1)


@dataclass(frozen=True)
class HandRecord:
    """One graded hand: the cards, their category, the settings (low cards, as typed in the drill),
    the house way's clause, the exact EVs and whether the player's setting fouled."""

    cards: str
    category: str
    chosen: str
    best: str
    house: str
    clause: str
    ev_chosen: float
    ev_best: float
    ev_house: float
    foul: bool
    seconds: float
    wager: str | None = None  # a play round's: the wager and its net payout (money, exact decimals)
    payout: str | None = None
    house_payout: str | None = None  # what the house way's setting of the hand would have paid
    best_payout: str | None = None  # and the best EV setting's
    side_wager: str | None = None  # a play round's side bet, and its net payout (whatever the setting)
    side_payout: str | None = None
    folded: bool = False  # a play round folded: the wager lost (graded as EV -1 a unit)

    @property
    def given_up(self) -> float:
        return max(0.0, self.ev_best - self.ev_chosen)


@dataclass(frozen=True)
class StoredHand(HandRecord):
    """A hand as read back: with its session, the time it was graded (UTC, ISO 8601) and the game."""

    session: int = 0
    at: str = ""
    game: str = ""
    house_way: str = ""
    banker: bool = False


SCHEMA_V1 = (
    """CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,            -- drill, review, challenge or play
        started TEXT NOT NULL,         -- UTC, ISO 8601
        game TEXT NOT NULL,
        house_way TEXT NOT NULL,
        banker INTEGER NOT NULL,
        seed INTEGER
    )""",
    """CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        session INTEGER NOT NULL REFERENCES sessions(id),
        at TEXT NOT NULL,              -- UTC, ISO 8601
        cards TEXT NOT NULL,
        category TEXT NOT NULL,
        chosen TEXT NOT NULL,          -- the low hand the player set
        best TEXT NOT NULL,
        house TEXT NOT NULL,
        clause TEXT NOT NULL,          -- the house way's clause for this hand
        ev_chosen REAL NOT NULL,
        ev_best REAL NOT NULL,
        ev_house REAL NOT NULL,
        foul INTEGER NOT NULL,
        seconds REAL NOT NULL
    )""",
    "CREATE INDEX hands_at ON hands(at)",
    f"PRAGMA application_id = {APPLICATION_ID}",
)
PLAY_ROUNDS_V2 = tuple(
    f"ALTER TABLE hands ADD COLUMN {column} TEXT" for column in ("wager", "payout", "house_payout", "best_payout")
)  # play's rounds: the wager and what it, the house way's and the best setting paid (NULL for a drill hand)
SIDE_BETS_AND_FOLDS_V3 = (
    "ALTER TABLE hands ADD COLUMN side_wager TEXT",
    "ALTER TABLE hands ADD COLUMN side_payout TEXT",
    "ALTER TABLE hands ADD COLUMN folded INTEGER NOT NULL DEFAULT 0",
)  # play's side bets and folded rounds (a fold: chosen 'fold', its wager lost)
REVIEWS_V4 = (
    """CREATE TABLE reviews (
        strategy TEXT NOT NULL,        -- the strategy practised (drill --player): its name
        rule TEXT NOT NULL,            -- its rule ('rule 3' of a card) or clause
        card TEXT NOT NULL,            -- the rule's schedule: an fsrs Card, as its JSON
        seen INTEGER NOT NULL,
        followed INTEGER NOT NULL,
        given_up REAL NOT NULL,        -- EV given up against the best, in all
        updated TEXT NOT NULL,         -- UTC, ISO 8601
        PRIMARY KEY (strategy, rule)
    )""",
)  # the spaced-repetition schedule of a practised strategy's rules (``study.schedule``)
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: SCHEMA_V1,
    1: PLAY_ROUNDS_V2,
    2: SIDE_BETS_AND_FOLDS_V3,
    3: REVIEWS_V4,
}  # the statements from version k to k + 1


@dataclass(frozen=True)
class Review:
    """A practised rule's schedule and record: the fsrs card (JSON), hands seen, hands set as the
    rule sets them, EV given up, when last reviewed."""

    strategy: str
    rule: str
    card: str
    seen: int
    followed: int
    given_up: float
    updated: str


class HistoryError(Exception):
    """The history cannot be used (a newer paigow's file, a folder that cannot be written)."""


class HistoryUnwritable(HistoryError):
    """The history's folder or file cannot be written (read-only, full): it may still be read."""


class HistoryDamaged(HistoryError):
    """The history file is damaged or another program's, and was left as it is (a report's open)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class History:
    """An open history file: ``start_session``, ``record_hand``, ``hands``."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    @classmethod
    def open(
        cls, path: Path | None = None, notify: Callable[[str], None] | None = None, *, set_aside: bool = True
    ) -> History:
        """Open (or create) the history, setting aside a damaged or foreign file (said to ``notify``).
        A folder or file that cannot be written (read-only, full) is a ``HistoryError``. A report
        (``stats``) opens with ``set_aside`` off: a damaged file is then a ``HistoryDamaged`` error,
        and is left as it is for the next command that writes."""
        path = path or data_dir() / FILE_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryUnwritable(
                f"cannot make the history folder {path.parent}: {error.strerror or error}"
            ) from error
        try:
            return cls(_connect(path), path)
        except _Unusable as problem:
            if not set_aside:
                raise HistoryDamaged(
                    f"the history file {path} {problem}: it is left as it is, and the next drill or play keeps it "
                    "aside and starts a new history"
                ) from None
            aside = path.with_name(f"{path.name}.set-aside-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                path.replace(aside)
                for suffix in ("-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            except OSError as error:
                raise HistoryUnwritable(
                    f"the history file {path} {problem}, and it cannot be set aside: {error.strerror or error}"
                ) from error
            if notify:
                notify(f"the history file {path} {problem}; it is kept as {aside.name} and a new history starts")
            return cls(_connect(path), path)

    @classmethod
    def read_only(cls, path: Path | None = None) -> History | None:
        """The history opened for reading only (a folder that cannot be written, a read-only disk), or
        None when there is no history file there."""
        path = path or data_dir() / FILE_NAME
        if not path.is_file():
            return None
        try:
            connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            connection.execute("SELECT count(*) FROM hands").fetchone()
        except sqlite3.Error as error:
            raise HistoryError(f"cannot read the history file {path}: {error}") from error
        return cls(connection, path)

    def close(self) -> None:
        self.connection.close()

    def start_session(self, kind: str, *, game: str, house_way: str, banker: bool, seed: int | None) -> int:
        try:
            cursor = self.connection.execute(  # autocommit: one statement, one transaction
                "INSERT INTO sessions (kind, started, game, house_way, banker, seed) VALUES (?, ?, ?, ?, ?, ?)",
                (kind, now(), game, house_way, int(banker), seed),
            )
        except sqlite3.Error as error:
            raise HistoryUnwritable(f"cannot write the history file {self.path}: {error}") from error
        return int(cursor.lastrowid or 0)

    def record_hand(self, session: int, hand: HandRecord) -> None:
        """One hand, in a transaction of its own: after this returns, a crash cannot lose it. A disk
        that is full or turned read-only is a ``HistoryError``."""
        names = [field.name for field in fields(HandRecord)]
        try:
            self.connection.execute(  # autocommit: one statement, one transaction
                f"INSERT INTO hands (session, at, {', '.join(names)}) VALUES (?, ?, {', '.join('?' * len(names))})",
                (session, now(), *astuple(hand)),
            )
        except sqlite3.Error as error:
            raise HistoryUnwritable(f"cannot write the history file {self.path}: {error}") from error

    def record_review(self, review: Review) -> None:
        """A rule's schedule after a review, in a transaction of its own (it replaces the last)."""
        names = [field.name for field in fields(Review)]
        try:
            self.connection.execute(  # autocommit: one statement, one transaction
                f"INSERT OR REPLACE INTO reviews ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                astuple(review),
            )
        except sqlite3.Error as error:
            raise HistoryUnwritable(f"cannot write the history file {self.path}: {error}") from error

    def reviews(self, strategy: str | None = None) -> list[Review]:
        """The schedules kept, of one strategy's rules if named, by strategy and rule."""
        names = [field.name for field in fields(Review)]
        query = f"SELECT {', '.join(names)} FROM reviews"
        arguments: tuple[str, ...] = ()
        if strategy is not None:
            query += " WHERE strategy = ?"
            arguments = (strategy,)
        try:
            rows = self.connection.execute(query + " ORDER BY strategy, rule", arguments).fetchall()
        except sqlite3.OperationalError:  # a read-only file of an older schema: no schedule yet
            return []
        return [Review(*row) for row in rows]

    def hands(self, since: str | None = None, last: int | None = None) -> list[StoredHand]:
        """Every recorded hand, oldest first: from ``since`` (an ISO date or time, UTC) on, and of
        those the ``last`` few."""
        names = [field.name for field in fields(HandRecord)]
        query = (
            f"SELECT {', '.join('h.' + name for name in names)}, h.session, h.at, s.game, s.house_way, s.banker "
            "FROM hands h JOIN sessions s ON s.id = h.session"
        )
        arguments: list[object] = []
        if since:
            query += " WHERE h.at >= ?"
            arguments.append(since)
        query += " ORDER BY h.at, h.id"
        rows = self.connection.execute(query, arguments).fetchall()
        if last is not None:
            rows = rows[-last:] if last > 0 else []
        flags = (names.index("foul"), names.index("folded"), len(names) + 4)  # banker: the session's
        return [
            StoredHand(
                *(bool(value) if at in flags else value for at, value in enumerate(row))  # type: ignore[arg-type]
            )
            for row in rows
        ]


class _Unusable(Exception):
    """The file is damaged or not a paigow history (the message says which)."""


def _connect(path: Path) -> sqlite3.Connection:
    """A connection to a usable history, created or migrated to ``SCHEMA_VERSION``."""
    try:
        connection = sqlite3.connect(path, timeout=WAIT_SECONDS, isolation_level=None)  # transactions by hand
    except sqlite3.Error as error:
        raise HistoryUnwritable(f"cannot open the history file {path}: {error}") from error
    try:
        connection.execute("BEGIN")  # one snapshot: another process may be creating the schema now
        try:
            application = connection.execute("PRAGMA application_id").fetchone()[0]
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            connection.execute("COMMIT")
        if application != APPLICATION_ID and tables:
            raise _Unusable("is not a paigow history (another program's database)")
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise _Unusable("is damaged")
        _refuse_newer(connection, path)  # before anything is written to it
        _turn_to_wal(connection)
        while True:
            connection.execute("BEGIN IMMEDIATE")  # one writer migrates; another waits, then sees it done
            try:
                _refuse_newer(connection, path)
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version == SCHEMA_VERSION:
                    connection.execute("COMMIT")
                    break
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {version + 1}")
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
    except sqlite3.OperationalError as error:  # cannot be opened or written here: not the file's fault
        connection.close()
        if "not a database" in str(error) or "malformed" in str(error):
            raise _Unusable(f"is damaged ({error})") from error
        raise HistoryUnwritable(f"cannot open the history file {path} to write to it: {error}") from error
    except sqlite3.DatabaseError as error:
        connection.close()
        raise _Unusable(f"is damaged ({error})") from error
    except BaseException:
        connection.close()
        raise
    return connection


def _turn_to_wal(connection: sqlite3.Connection) -> None:
    """Put the file in WAL mode, waiting while another session holds it. SQLite turns a file to
    WAL by reading it, then writing its header; a writer holding the file between the two makes
    it say "database is locked" at once, without the busy timeout's wait, so this waits itself.
    A file already in WAL mode takes no lock."""
    deadline = time.monotonic() + WAIT_SECONDS
    pause = 0.001
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _refuse_newer(connection: sqlite3.Connection, path: Path) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise HistoryError(
            f"the history file {path} was written by a newer paigow (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}): upgrade paigow, or set PAIGOW_DATA_DIR to another folder"
        )
