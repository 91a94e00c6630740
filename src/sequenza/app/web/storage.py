"""Saved tables: each table is its game's header (game id, rules version, players, options, seed),
its seats (kind, name, bot, token hash), its clock, and its history: the moves and the table's
own entries (resignations, time-outs, moves taken back; see ``sequenza.core.table``). A
restart replays the history; a finished game's screens are served from its last look, saved
with the entry that ended it (``sequenza_finals``), and its moves are replayed only for its
record and replays.

SQLAlchemy Core talks to the database, so the same code runs on the embedded SQLite file
(``sqlite:///sequenza.db``, the default) and on PostgreSQL
(``postgresql+psycopg://user:password@host/dbname``, with ``pip install psycopg``).

Every entry is one row of ``sequenza_moves`` keyed by (table, turn): two writers can never
both record an entry for the same turn, whatever the server does.

SQLite serves one process: a lock file beside the database refuses a second server. On
PostgreSQL any number of processes share the tables: each saved move is announced with
``NOTIFY sequenza_moves, 'TABLE:TURN'`` and the entry itself (``move_announcement``) in its own
transaction (see ``notifier``), and a bot's turn is claimed by one process at a time
(``claim_bot_turn``).

The schema is versioned with Alembic (``schema``): a new database is created at the current
version; an older or newer one is refused until ``sequenza db upgrade``.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, CursorResult, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql.compiler import SQLCompiler

from sequenza.core.table import ClockSettings, Entry, EntryKind

from .schema import prepare

#: The channel on which PostgreSQL announces each saved move as ``TABLE:TURN`` and its entry
#: (``move_announcement``).
MOVES_CHANNEL = "sequenza_moves"
#: Between a move's ``TABLE:TURN`` and its entry as JSON in its announcement. No table id
#: (``identity.TABLE_ID``) and no JSON that ``json.dumps`` writes holds a line break, nor do the
#: channel's other announcements (``TABLE:seats``, ``TABLE:chat``, ``TABLE:rematch ...``): the
#: listener splits at the first one, then at the last ``:`` before it, whatever else (a ``:``
#: included) the table id holds, and a JSON full of ``:`` never reads as one of the others.
ENTRY_SEPARATOR = "\n"

#: Write transactions on an embedded (SQLite) file between two checkpoints, which copy its
#: write-ahead log into the database file. SQLite's own checkpoints, made by the commit that
#: fills the log, would run on the event loop with the inline writes (``Storage.inline``) and
#: wait there for two fsyncs (2 to 60 ms on a busy disk); ``checkpoint`` runs in a thread
#: instead. About 4 pages a move: the log stays under a megabyte or two.
CHECKPOINT_AFTER_WRITES = 100

metadata = sa.MetaData()

_tables = sa.Table(
    "sequenza_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("rules_version", sa.String(16), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("clock", sa.Text, nullable=True),
    #: SHA-256 of the address that created the table (or its rematch), for the rate limit that
    #: processes sharing the database count together; never the address itself.
    sa.Column("creator", sa.String(64), nullable=True),
    #: Whether spectators may write in the table's chat (they always read it).
    sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
    #: Whether its players may ask for hints (the creator's choice; everyone sees it is on).
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    #: The seat that offered the rematch (``rematch``), for every process and after a restart.
    sa.Column("rematch_by", sa.Integer, nullable=True),
    #: The turn at which a person switched hints on during the game (at one screen, or alone
    #: against bots); empty when the table was made with them, or has none.
    sa.Column("hints_from", sa.Integer, nullable=True),
    #: Whether its players see, once a card is picked, every place it can go and why (a
    #: teacher's choice as the table is made; Sequence Numbers words the sum).
    sa.Column("learner_hints", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_sequenza_tables_creator", "creator", "created"),
)

_seats = sa.Table(
    "sequenza_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    #: An invited seat's invitation code, hashed: claimed once, when ``token_hash`` is empty.
    sa.Column("invite_hash", sa.String(64), nullable=True),
    #: How many hints the seat asked for: part of the game's record.
    sa.Column("hints_used", sa.Integer, nullable=False, server_default="0"),
    #: The seat's answer to the table's rematch offer: "accept", "decline" or none yet.
    sa.Column("rematch_answer", sa.String(8), nullable=True),
)

#: The table's chat, one row a line: numbered from 0 per table (two processes cannot both save
#: a line under one number), at the table's turn when it was said, for the replay.
_chat = sa.Table(
    "sequenza_chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("phrase", sa.String(32), nullable=True),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: The seats each player key (its SHA-256) joined: the games of its "My games" page.
_player_seats = sa.Table(
    "sequenza_player_seats",
    metadata,
    sa.Column("player", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)

#: A finished game's last look (``final_look.FinalLook`` as JSON), saved with its last entry: the
#: first look at a long finished game reads it instead of replaying every move. Games that
#: ended before it was kept have none, and are replayed.
_finals = sa.Table(
    "sequenza_finals",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("look", sa.Text, nullable=False),
)

#: Each seat's review of a finished game (``review.Review.to_json()``, its moves unworded),
#: saved once a bot worker worked it out: a server started again, or another process, serves it
#: instead of working it out again. At most ``REVIEW_MOST_CHARS`` of JSON each.
_reviews = sa.Table(
    "sequenza_reviews",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("review", sa.Text, nullable=False),
)
#: The longest review saved, in characters of JSON. A review judges at most
#: ``review.MAX_DECISIONS`` (60) of a seat's moves, each two action texts of at most 200
#: characters (``sequenza_moves.action``) and three numbers, at most about 525 characters:
#: under 32,000 in all. Twice that leaves room and still bounds what a worker's answer can
#: make the database keep.
REVIEW_MOST_CHARS = 65_536

_moves = sa.Table(
    "sequenza_moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("turn", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False, server_default="move"),
    sa.Column("elapsed", sa.Float, nullable=True),
)

#: The statements of ``record_move``, built once with bound parameters and compiled once per
#: database (``_DriverStatement``): building and compiling them anew for every move cost three
#: times the database's own work (0.5 of 0.7 ms of CPU).
_SAVE_MOVE = _moves.insert()
_ADVANCE_TABLE = (
    _tables.update()
    .where(_tables.c.id == sa.bindparam("table_id"), _tables.c.turn == sa.bindparam("at_turn"))
    .values(
        turn=sa.bindparam("next_turn"),
        updated=sa.bindparam("at"),
        finished=sa.bindparam("is_finished"),
        result=sa.bindparam("result_json"),
    )
)

#: A move saved on PostgreSQL by one statement outside a transaction, which commits itself:
#: one round trip where ``record_move``'s transaction takes five (``BEGIN``, the two
#: statements above, the ``NOTIFY``, ``COMMIT``), each a wake-up of the storage's thread and
#: of the database. The table moves on only from the turn the entry answers (its row locked
#: meanwhile, as by the ``UPDATE`` above), the entry is saved only where it did, and announced
#: only where it was saved: no row back means nothing was written.
_SAVE_AND_ANNOUNCE_MOVE = f"""
WITH advanced AS (
    UPDATE sequenza_tables
    SET turn = %(next_turn)s::integer, updated = %(at)s::float8,
        finished = %(is_finished)s::boolean, result = %(result_json)s::text
    WHERE id = %(table_id)s::varchar AND turn = %(at_turn)s::integer
    RETURNING id
), saved AS (
    INSERT INTO sequenza_moves (table_id, turn, seat, action, at, kind, elapsed)
    SELECT id, %(turn)s::integer, %(seat)s::integer, %(action)s::varchar, %(at)s::float8,
        %(kind)s::varchar, %(elapsed)s::float8
    FROM advanced
    RETURNING table_id
)
SELECT pg_notify('{MOVES_CHANNEL}', %(moved)s::text) FROM saved
"""


@dataclass(frozen=True)
class _DriverStatement:
    """A statement compiled once for a database's dialect and run as its SQL text
    (``exec_driver_sql``): on every move, SQLAlchemy's look-up of the compiled statement and
    its processing of each parameter cost more than SQLite's own work. The parameters must be
    plain values the driver takes as they are (text, numbers, booleans, None). Errors are
    SQLAlchemy's as with ``execute``."""

    sql: str
    #: The parameters' names in their places, for a driver of positional parameters (SQLite's
    #: ``?``); None for named ones (psycopg's ``%(name)s``).
    order: tuple[str, ...] | None

    @classmethod
    def of(cls, statement: sa.ClauseElement, dialect: sa.Dialect) -> _DriverStatement:
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        order = compiled.positiontup
        return cls(str(compiled), tuple(order) if order else None)

    def run(self, connection: Connection, values: dict[str, Any]) -> CursorResult[Any]:
        return connection.exec_driver_sql(self.sql, self.parameters(values))

    def parameters(self, values: dict[str, Any]) -> Any:
        """The parameters as the driver takes them: named, or in their places."""
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)


#: A table's entries from a turn on: every other process that holds the table reads it for
#: each move saved (``moves_since``), so it is compiled once like a move's statements.
_MOVES_FROM = (
    sa.select(_moves.c.seat, _moves.c.action, _moves.c.at, _moves.c.kind, _moves.c.elapsed)
    .where(_moves.c.table_id == sa.bindparam("from_table"))
    .where(_moves.c.turn >= sa.bindparam("from_turn"))
    .order_by(_moves.c.turn)
)


def _announce_rematch(table_id: str, seat: int, answer: str, rematch: str) -> sa.Select[Any]:
    """``TABLE:rematch SEAT ANSWER REMATCH`` on the moves' channel (see ``notifier``)."""
    return sa.select(
        sa.func.pg_notify(MOVES_CHANNEL, f"{table_id}:rematch {seat} {answer} {rematch}")
    )


_ANNOUNCE_MOVE = sa.select(sa.func.pg_notify(MOVES_CHANNEL, sa.bindparam("moved", type_=sa.String)))

_bot_turns = sa.Table(
    "sequenza_bot_turns",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("owner", sa.String(80), nullable=False),
    sa.Column("until", sa.Float, nullable=False),
)

#: The calls that ``errors.stored`` runs once more when the database had dropped the pooled
#: connection they used (it restarted; see ``_engine``): the reads, and the writes whose
#: second run adds nothing to a first one that did commit before its answer was lost: a key
#: or a condition refuses it (a move's turn, a table's id, a rematch already made), or it
#: writes the same again. The others (a chat line, a hint counted, a seat taken) answer
#: 503 then, as in an outage.
RETRIED_AFTER_DISCONNECT = frozenset(
    {
        "ping",
        "load_table",
        "load_seats",
        "load_hints",
        "load_chat",
        "load_review",
        "moves_since",
        "current_turn",
        "count_tables",
        "list_tables",
        "list_open_tables",
        "player_games",
        "record_move",
        "claim_bot_turn",
        "create_table",
        "create_rematch",
        "answer_rematch",
        "rename_seat",
        "remember_player",
        "save_look",
        "save_review",
    }
)


def _bot_turn_claim(insert: Any) -> Any:
    """A bot turn's claim (``claim_bot_turn``) in one statement with no error to catch: an
    UPDATE, then an INSERT refused by the key when another process had claimed meanwhile,
    cost two round trips and an error (and a line of PostgreSQL's log) on every claim lost,
    every two seconds while a bot thinks; and it is compiled once, as building it each time
    cost more than the database's work. ``insert``: the dialect's, which has the clause."""
    claim = insert(_bot_turns).values(
        table_id=sa.bindparam("claim_table"),
        turn=sa.bindparam("claim_turn"),
        owner=sa.bindparam("claim_owner"),
        until=sa.bindparam("claim_until"),
    )
    return claim.on_conflict_do_update(
        index_elements=[_bot_turns.c.table_id],
        set_={
            "turn": claim.excluded.turn,
            "owner": claim.excluded.owner,
            "until": claim.excluded.until,
        },
        # Another owner's unexpired claim on this same turn stands.
        where=sa.or_(
            _bot_turns.c.turn != claim.excluded.turn,
            _bot_turns.c.until < sa.bindparam("claim_now"),
            _bot_turns.c.owner == claim.excluded.owner,
        ),
    ).returning(_bot_turns.c.table_id)


class StorageInUseError(Exception):
    """Another server process already uses this SQLite database."""


class StaleWriteError(Exception):
    """Another move was already recorded for this turn: nothing was written."""


class QuotaExceededError(Exception):
    """The creator made its share of tables lately: nothing was written. ``retry_after`` is the
    seconds until the oldest of them leaves the window."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"too many tables; retry in {retry_after:.0f} s")
        self.retry_after = retry_after


class SeatTakenError(Exception):
    """No open seat is left to take at the table (another visitor took it first)."""


class InviteError(Exception):
    """An invitation that opens no seat: ``claimed`` when its seat was claimed already."""

    def __init__(self, claimed: bool) -> None:
        super().__init__("invitation already claimed" if claimed else "no such invitation")
        self.claimed = claimed


@dataclass(frozen=True)
class Quota:
    """At most ``limit`` tables from the creator ``key`` (a hash of its address) within the
    last ``window`` seconds, counted in the database so that every process sharing it agrees."""

    key: str
    limit: int
    window: float


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a table. ``kind`` is ``bot``, ``hotseat`` or ``invite``; people's seats
    keep the SHA-256 of their secret token, never the token. An invited seat keeps the SHA-256
    of its invitation code (``invite_hash``) and has no token until a friend claims it."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    hints_used: int = 0


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat: ``seat`` None for a spectator; ``phrase`` a quick phrase's
    id (``good_game``), which each screen words in its own language, with ``text`` empty."""

    number: int
    seat: int | None
    name: str | None
    text: str
    phrase: str | None
    turn: int
    at: float

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "phrase": self.phrase,
            "turn": self.turn,
            "at": self.at,
        }


@dataclass
class TableRecord:
    """A table as saved: enough to replay its game and to seat its players again."""

    id: str
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    entries: list[Entry] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    finished: bool = False
    result: dict[str, Any] | None = None
    #: Shown in the lobby's recent tables for anyone to watch (the creator's choice).
    listed: bool = False
    #: The table of the rematch, once one of the players asked for it.
    rematch: str | None = None
    clock: ClockSettings = field(default_factory=ClockSettings)
    #: Whether spectators may write in the chat (the creator's choice; they always read it).
    spectator_chat: bool = False
    #: Whether its players may ask for hints (the creator's choice, seen by everyone).
    hints: bool = False
    #: The seat that offered the rematch (None: no rematch, or offered before it was kept).
    rematch_by: int | None = None
    #: The other seats' answers to the rematch offer so far, "accept" or "decline" by seat.
    rematch_answers: dict[int, str] = field(default_factory=dict)
    #: The turn at which hints were switched on during the game (None: not so).
    hints_from: int | None = None
    #: Whether a picked card shows every place it can go and why (the creator's choice).
    learner_hints: bool = False
    #: A finished game's last look as saved (``load_table(look=True)`` only); ``entries`` is
    #: then left empty, to be read when the whole game is needed (``moves_since(id, 0)``).
    look: dict[str, Any] | None = None


class Storage:
    """The tables of one database URL, at the schema version of this code."""

    def __init__(self, url: str = "sqlite:///sequenza.db") -> None:
        self.url = url
        self._lock = _lock_sqlite_file(url)
        try:
            self.engine: Engine = _engine(url)
            prepare(self.engine)
        except BaseException:
            self._unlock()
            raise
        #: Whether the server makes its calls at once, on the event loop, rather than in a
        #: thread: so for SQLite, a library inside this process. Its calls are Python
        #: (SQLAlchemy) holding the interpreter's lock nearly throughout, so in a thread they
        #: only took turns with the event loop, and handing each over and back cost more than
        #: saving a move (0.3 ms of CPU a move). Its commits write to the file's log without
        #: waiting for the disk; the fsyncs of checkpoints run in a thread (``checkpoint``).
        #: PostgreSQL's calls wait on the network: they stay in threads.
        self.inline = not self.shared
        #: Write transactions since the last checkpoint (``checkpoint_due``).
        self.writes_since_checkpoint = 0
        self._save_move = _DriverStatement.of(_SAVE_MOVE, self.engine.dialect)
        self._advance_table = _DriverStatement.of(_ADVANCE_TABLE, self.engine.dialect)
        self._moves_from = _DriverStatement.of(_MOVES_FROM, self.engine.dialect)
        #: SQLite's connection for moves, kept open: through SQLAlchemy's pool and transaction
        #: a move's save cost three times SQLite's own work (0.14 ms against 0.04 ms of CPU,
        #: on the event loop; see ``_record_move_inline``). None on PostgreSQL.
        self._move_writer: Any = None if self.shared else self.engine.raw_connection()
        #: One move at a time on it, should threads call (the server's calls are inline).
        self._move_writer_lock = threading.Lock()
        self._claim_bot_turn = _DriverStatement.of(
            _bot_turn_claim(postgresql.insert if self.shared else sqlite.insert),
            self.engine.dialect,
        )
        #: Where the reads run, and the writes of one statement (``_one_statement``). On
        #: PostgreSQL, outside a transaction (``AUTOCOMMIT``): each of its statements sees the
        #: database as of its start either way (``READ COMMITTED``), and a transaction only
        #: added a ``BEGIN`` and a ``ROLLBACK``, two round trips more around each read;
        #: psycopg's rollback also forgot the statements it had prepared. SQLite's driver
        #: begins no transaction for a read.
        self._reader = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.shared
            else self.engine
        )

    @property
    def shared(self) -> bool:
        """Whether other processes may use the same database (PostgreSQL, not SQLite)."""
        return self.engine.dialect.name != "sqlite"

    def close(self) -> None:
        if self._move_writer is not None:
            self._move_writer.close()
            self._move_writer = None
        self.engine.dispose()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def ping(self) -> None:
        """Raise unless the database answers."""
        with self._reading() as connection:
            connection.execute(sa.text("SELECT 1"))

    def _reading(self) -> Connection:
        """A connection for reads only (see ``_reader``)."""
        return self._reader.connect()

    @contextmanager
    def _one_statement(self) -> Iterator[Connection]:
        """A connection for a write of one statement: on PostgreSQL outside a transaction,
        the statement committing itself (one round trip where ``BEGIN``, it and ``COMMIT``
        were three); on SQLite in a transaction as every write."""
        if not self.shared:
            with self._transaction() as connection:
                yield connection
            return
        with self._reader.connect() as connection:
            yield connection

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection
        self.writes_since_checkpoint += 1

    @property
    def checkpoint_due(self) -> bool:
        """Whether an embedded database's log should be copied into its file now."""
        return self.inline and self.writes_since_checkpoint >= CHECKPOINT_AFTER_WRITES

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file as far as no reader needs it
        (SQLite's ``PASSIVE`` checkpoint: writers go on meanwhile); for a thread."""
        self.writes_since_checkpoint = 0
        if self.inline and self.engine.url.database not in (None, "", ":memory:"):
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def create_table(self, table: TableRecord, quota: Quota | None = None) -> None:
        """Save a new table; with a ``quota``, only within it (``QuotaExceededError``)."""
        with self._transaction() as connection:
            self._check_quota(connection, quota)
            self._insert(connection, table, quota)

    def create_rematch(
        self, finished_id: str, table: TableRecord, quota: Quota | None = None, by: int = 0
    ) -> str:
        """Save ``table`` as the rematch of ``finished_id``, unless that table has one already:
        the id of the rematch either way (two players asking at once get one table). A new
        rematch counts within ``quota`` like a new table; seat ``by`` offered it: saved with
        it (a restarted server names the offerer) and heard by the other processes."""
        with self._transaction() as connection:
            claimed = connection.execute(
                _tables.update()
                .where(_tables.c.id == finished_id, _tables.c.rematch.is_(None))
                .values(rematch=table.id, rematch_by=by)
            )
            if claimed.rowcount == 1:
                # Refused, the transaction rolls back: the finished table has no rematch yet.
                self._check_quota(connection, quota)
                self._insert(connection, table, quota)
                if self.shared:
                    connection.execute(_announce_rematch(finished_id, by, "offer", table.id))
                return table.id
        existing = self.load_table(finished_id)
        if existing is None or existing.rematch is None:
            raise StaleWriteError(f"table {finished_id} is gone")
        return existing.rematch

    def answer_rematch(self, table_id: str, seat: int, answer: str, rematch: str) -> None:
        """Save that ``seat`` answered (accepted or declined) the rematch ``rematch`` of
        ``table_id``, and tell the other processes (one SQLite process has nobody to tell)."""
        with self._transaction() as connection:
            connection.execute(
                _seats.update()
                .where(_seats.c.table_id == table_id, _seats.c.seat == seat)
                .values(rematch_answer=answer)
            )
            if self.shared:
                connection.execute(_announce_rematch(table_id, seat, answer, rematch))

    def _check_quota(self, connection: Connection, quota: Quota | None) -> None:
        """Refuse a new table beyond the creator's quota. Only a shared database counts: one
        SQLite process counts in memory already (``safety.RateLimiter``). Concurrent creators
        of one address wait on a transaction lock of their own, so that two processes cannot
        both count the same last free place; it is released when the table is saved."""
        if quota is None or not self.shared:
            return
        connection.execute(sa.select(sa.func.pg_advisory_xact_lock(_lock_key(quota.key))))
        since = time.time() - quota.window
        recent = connection.execute(
            sa.select(sa.func.count(), sa.func.min(_tables.c.created)).where(
                _tables.c.creator == quota.key, _tables.c.created > since
            )
        ).one()
        if int(recent[0]) >= quota.limit:
            raise QuotaExceededError(max(1.0, float(recent[1]) - since))

    def claim_invite(
        self, table_id: str, invite_hash: str, token_hash: str, name: str | None
    ) -> int:
        """Give the seat invited with ``invite_hash`` the token ``token_hash`` (and the friend's
        ``name``), once: the seat's number, or ``InviteError``. One UPDATE claims it only
        while the seat has no token, so that of two claims at once, on any processes, one wins."""
        values: dict[str, Any] = {"token_hash": token_hash}
        if name is not None:
            values["name"] = name
        invited = sa.and_(_seats.c.table_id == table_id, _seats.c.invite_hash == invite_hash)
        with self._transaction() as connection:
            seat = connection.execute(sa.select(_seats.c.seat).where(invited)).scalar()
            if seat is None:
                raise InviteError(claimed=False)
            claimed = connection.execute(
                _seats.update()
                .where(invited, _seats.c.seat == seat, _seats.c.token_hash.is_(None))
                .values(**values)
            )
            if claimed.rowcount != 1:
                raise InviteError(claimed=True)
            if self.shared:
                # The other processes read the seats again, so that the creator's screen on
                # any of them shows the invitation used.
                connection.execute(sa.select(sa.func.pg_notify(MOVES_CHANNEL, f"{table_id}:seats")))
        return int(seat)

    def take_open_seat(
        self, table_id: str, seat: int | None, token_hash: str, name: str | None
    ) -> int:
        """Give an open seat still empty (``seat``, else the first) the token ``token_hash``
        and the visitor's ``name``: the seat's number, or ``SeatTakenError`` when none is left.
        Each UPDATE takes a seat only while it has no token, so that of two visitors at once,
        on any processes, one sits and the other hears the seat is gone."""
        values: dict[str, Any] = {"token_hash": token_hash}
        if name is not None:
            values["name"] = name
        empty = sa.and_(
            _seats.c.table_id == table_id, _seats.c.kind == "open", _seats.c.token_hash.is_(None)
        )
        with self._transaction() as connection:
            query = sa.select(_seats.c.seat).where(empty).order_by(_seats.c.seat)
            if seat is not None:
                query = query.where(_seats.c.seat == seat)
            for number in connection.execute(query).scalars().all():
                taken = connection.execute(
                    _seats.update().where(empty, _seats.c.seat == number).values(**values)
                )
                if taken.rowcount == 1:
                    self._announce_seats(connection, table_id)
                    return int(number)
        raise SeatTakenError(table_id)

    def fill_open_seats(self, table_id: str, bots: dict[int, tuple[str, str]]) -> list[int]:
        """Put a bot in each open seat of ``bots`` (seat: (bot, name)) that nobody took yet:
        the seats filled."""
        filled = []
        with self._transaction() as connection:
            for seat, (bot, name) in bots.items():
                done = connection.execute(
                    _seats.update()
                    .where(
                        _seats.c.table_id == table_id,
                        _seats.c.seat == seat,
                        _seats.c.kind == "open",
                        _seats.c.token_hash.is_(None),
                    )
                    .values(kind="bot", bot=bot, name=name)
                )
                if done.rowcount == 1:
                    filled.append(seat)
            if filled:
                self._announce_seats(connection, table_id)
        return filled

    def count_hint(self, table_id: str, seat: int) -> int:
        """One more hint for ``seat``: how many it has asked for now (counted in the database,
        so that two processes serving the table count together)."""
        with self._transaction() as connection:
            connection.execute(
                _seats.update()
                .where(_seats.c.table_id == table_id, _seats.c.seat == seat)
                .values(hints_used=_seats.c.hints_used + 1)
            )
            used = connection.execute(
                sa.select(_seats.c.hints_used).where(
                    _seats.c.table_id == table_id, _seats.c.seat == seat
                )
            ).scalar()
        return int(used or 0)

    def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        """A person names their seat anew."""
        with self._transaction() as connection:
            connection.execute(
                _seats.update()
                .where(_seats.c.table_id == table_id, _seats.c.seat == seat)
                .values(name=name)
            )
            self._announce_seats(connection, table_id)

    def _announce_seats(self, connection: Connection, table_id: str) -> None:
        if self.shared:
            # The other processes read the seats again and tell their screens.
            connection.execute(sa.select(sa.func.pg_notify(MOVES_CHANNEL, f"{table_id}:seats")))

    def add_chat(self, table_id: str, line: ChatLine) -> ChatLine:
        """Save ``line`` as the table's next one: the line as saved, numbered."""
        for _ in range(5):
            with self._reading() as connection:
                last = connection.execute(
                    sa.select(sa.func.max(_chat.c.number)).where(_chat.c.table_id == table_id)
                ).scalar()
            saved = replace(line, number=0 if last is None else int(last) + 1)
            try:
                with self._transaction() as connection:
                    connection.execute(_chat.insert().values(table_id=table_id, **saved.to_json()))
                    if self.shared:
                        connection.execute(
                            sa.select(sa.func.pg_notify(MOVES_CHANNEL, f"{table_id}:chat"))
                        )
            except IntegrityError:
                continue  # another process saved a line under this number first
            return saved
        raise StaleWriteError(f"the chat of table {table_id} is busy")

    def load_chat(self, table_id: str, limit: int | None = None, since: int = 0) -> list[ChatLine]:
        """The table's chat lines numbered ``since`` on, in order; with ``limit``, the last
        ``limit`` of them."""
        query = _chat.select().where(_chat.c.table_id == table_id, _chat.c.number >= since)
        if limit is not None:
            query = query.order_by(_chat.c.number.desc()).limit(limit)
        with self._reading() as connection:
            rows = connection.execute(query).all()
        lines = [
            ChatLine(row.number, row.seat, row.name, row.text, row.phrase, row.turn, row.at)
            for row in rows
        ]
        return sorted(lines, key=lambda line: line.number)

    def remember_player(self, player: str, table_id: str, seats: list[int]) -> None:
        """Remember that the player key hashed to ``player`` plays ``seats`` of the table."""
        with self._reading() as connection:
            known = set(
                connection.execute(
                    sa.select(_player_seats.c.seat).where(
                        _player_seats.c.player == player, _player_seats.c.table_id == table_id
                    )
                ).scalars()
            )
        new = [seat for seat in seats if seat not in known]
        if not new:
            return
        now = time.time()
        rows = [{"player": player, "table_id": table_id, "seat": seat, "at": now} for seat in new]
        # Another socket of the same player may remember them meanwhile: one of them wins.
        with contextlib.suppress(IntegrityError), self._transaction() as connection:
            connection.execute(_player_seats.insert(), rows)

    def player_games(self, player: str, limit: int = 200) -> list[dict[str, Any]]:
        """The finished games of the player key hashed to ``player``, newest first: each
        table's game, date, result, seats (name, kind, bot) and the seats the player held."""
        with self._reading() as connection:
            held = connection.execute(
                sa.select(_player_seats.c.table_id, _player_seats.c.seat).where(
                    _player_seats.c.player == player
                )
            ).all()
            mine: dict[str, list[int]] = {}
            for table_id, seat in held:
                mine.setdefault(table_id, []).append(int(seat))
            rows = connection.execute(
                _tables.select()
                .where(_tables.c.id.in_(list(mine)), _tables.c.finished)
                .order_by(_tables.c.created.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in rows]
            seats = connection.execute(
                _seats.select().where(_seats.c.table_id.in_(ids)).order_by(_seats.c.seat)
            ).all()
        seats_of: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
        for seat in seats:
            seats_of[seat.table_id].append(
                {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "bot": seat.bot}
            )
        return [
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "created": row.created,
                "result": None if row.result is None else json.loads(row.result),
                "seats": seats_of[row.id],
                "mine": sorted(mine[row.id]),
            }
            for row in rows
        ]

    def list_open_tables(self, limit: int = 20) -> list[dict[str, Any]]:
        """Games not finished with an open seat nobody took, newest first, as public
        summaries (with their options and clock, which a stranger wants to know)."""
        empty = (
            sa.select(_seats.c.table_id)
            .where(_seats.c.kind == "open", _seats.c.token_hash.is_(None))
            .distinct()
        )
        with self._reading() as connection:
            rows = connection.execute(
                _tables.select()
                .where(_tables.c.id.in_(empty), sa.not_(_tables.c.finished))
                .order_by(_tables.c.created.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in rows]
            seats = connection.execute(
                _seats.select().where(_seats.c.table_id.in_(ids)).order_by(_seats.c.seat)
            ).all()
        seats_of: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
        for seat in seats:
            seats_of[seat.table_id].append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "bot": seat.bot,
                    "claimed": seat.token_hash is not None if seat.kind == "open" else None,
                }
            )
        return [
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "options": json.loads(row.options),
                "clock": None if row.clock is None else json.loads(row.clock),
                "turn": row.turn,
                "finished": False,
                "result": None,
                "created": row.created,
                "updated": row.updated,
                "seats": seats_of[row.id],
            }
            for row in rows
        ]

    def load_seats(self, table_id: str) -> list[SeatRecord]:
        """The seats of a table as saved now (another process may have seated a friend)."""
        with self._reading() as connection:
            rows = connection.execute(
                _seats.select().where(_seats.c.table_id == table_id).order_by(_seats.c.seat)
            ).all()
        return [_seat(row) for row in rows]

    @staticmethod
    def _insert(connection: Connection, table: TableRecord, quota: Quota | None = None) -> None:
        now = time.time()
        table.created = table.updated = now
        connection.execute(
            _tables.insert().values(
                id=table.id,
                game=table.game,
                rules_version=table.rules_version,
                players=table.players,
                options=json.dumps(table.options, sort_keys=True),
                seed=table.seed,
                created=now,
                updated=now,
                turn=0,
                finished=False,
                result=None,
                listed=table.listed,
                clock=json.dumps(table.clock.to_json()) if table.clock.on else None,
                creator=None if quota is None else quota.key,
                spectator_chat=table.spectator_chat,
                hints=table.hints,
                learner_hints=table.learner_hints,
            )
        )
        connection.execute(
            _seats.insert(),
            [
                {
                    "table_id": table.id,
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "bot": seat.bot,
                    "token_hash": seat.token_hash,
                    "invite_hash": seat.invite_hash,
                    "hints_used": seat.hints_used,
                }
                for seat in table.seats
            ],
        )

    def record_move(
        self,
        table_id: str,
        turn: int,
        entry: Entry,
        *,
        finished: bool = False,
        result: dict[str, Any] | None = None,
        look: dict[str, Any] | None = None,
    ) -> None:
        """Save ``entry`` as the one of ``turn`` (the number of entries before it); its ``at``
        is the time it was made. ``look``: the last look of the game this entry ends, saved
        with it (written as JSON here, in the storage's thread, not on the event loop)."""
        now = entry.at or time.time()
        values = {
            "table_id": table_id,
            "turn": turn,
            "seat": entry.seat,
            "action": entry.action,
            "at": now,
            "kind": entry.kind.value,
            "elapsed": entry.elapsed,
            # The turn again for the UPDATE: a column that it sets cannot name a parameter.
            "at_turn": turn,
            "next_turn": turn + 1,
            "is_finished": finished,
            "result_json": None if result is None else json.dumps(result),
            "moved": move_announcement(
                table_id, turn + 1, Entry(entry.kind, entry.seat, entry.action, entry.elapsed, now)
            )
            if self.shared
            else None,
        }
        plain = look is None and entry.kind is not EntryKind.HINTS_ON
        if plain and not self.shared:
            self._record_move_inline(values)
            return
        try:
            if self.shared and plain:
                with self._one_statement() as connection:
                    saved = connection.exec_driver_sql(_SAVE_AND_ANNOUNCE_MOVE, values).all()
                if not saved:
                    raise StaleWriteError(f"table {table_id} is not at turn {turn}")
                return
            with self._transaction() as connection:
                self._save_move.run(connection, values)
                updated = self._advance_table.run(connection, values)
                if updated.rowcount != 1:
                    raise StaleWriteError(f"table {table_id} is not at turn {turn}")
                if entry.kind is EntryKind.HINTS_ON:
                    # The table's row says so too: the lobby and a table read again see it.
                    connection.execute(
                        _tables.update()
                        .where(_tables.c.id == table_id)
                        .values(hints=True, hints_from=turn)
                    )
                if look is not None:
                    connection.execute(
                        _finals.insert().values(table_id=table_id, look=json.dumps(look))
                    )
                if self.shared:
                    # Delivered to every listening process when this transaction commits.
                    connection.execute(_ANNOUNCE_MOVE, {"moved": values["moved"]})
        except IntegrityError:
            raise StaleWriteError(f"a move is already saved for turn {turn}") from None

    def _record_move_inline(self, values: dict[str, Any]) -> None:
        """A move saved on SQLite by its two statements, on the connection kept for moves
        (the driver begins the transaction at the first). Errors are SQLAlchemy's, as from the
        other calls; nothing is kept of a move that failed."""
        with self._move_writer_lock:
            self._record_move_on_writer(values)
        self.writes_since_checkpoint += 1

    def _record_move_on_writer(self, values: dict[str, Any]) -> None:
        writer = self._move_writer
        cursor = writer.cursor()
        statement = self._save_move
        try:
            cursor.execute(statement.sql, statement.parameters(values))
            statement = self._advance_table
            cursor.execute(statement.sql, statement.parameters(values))
            if cursor.rowcount != 1:
                raise StaleWriteError(f"table {values['table_id']} is not at turn {values['turn']}")
            writer.commit()
        except sqlite3.IntegrityError:
            writer.rollback()
            raise StaleWriteError(f"a move is already saved for turn {values['turn']}") from None
        except sqlite3.Error as error:
            writer.rollback()
            raise DBAPIError.instance(
                statement.sql, values, error, sqlite3.Error, dialect=self.engine.dialect
            ) from error
        except BaseException:
            writer.rollback()
            raise
        finally:
            cursor.close()

    def moves_since(self, table_id: str, turn: int) -> list[Entry]:
        """The entries saved from ``turn`` on, in order."""
        with self._reading() as connection:
            rows = self._moves_from.run(connection, {"from_table": table_id, "from_turn": turn})
            return [_entry(row) for row in rows]

    def current_turn(self, table_id: str) -> int | None:
        with self._reading() as connection:
            turn = connection.execute(
                sa.select(_tables.c.turn).where(_tables.c.id == table_id)
            ).scalar()
        return None if turn is None else int(turn)

    def claim_bot_turn(self, table_id: str, turn: int, owner: str, lease: float) -> bool:
        """Claim the bot move of ``turn`` for ``owner`` during ``lease`` seconds: True unless
        another owner holds an unexpired claim on that same turn. A process that dies while
        thinking leaves its claim to expire, and the turn to the next process that asks."""
        now = time.time()
        values = {
            "claim_table": table_id,
            "claim_turn": turn,
            "claim_owner": owner,
            "claim_until": now + lease,
            "claim_now": now,
        }
        with self._one_statement() as connection:
            return self._claim_bot_turn.run(connection, values).first() is not None

    def load_hints(self, table_id: str) -> tuple[bool, int | None]:
        """Whether the table has hints now, and from which turn if switched on in play."""
        with self._reading() as connection:
            row = connection.execute(
                sa.select(_tables.c.hints, _tables.c.hints_from).where(_tables.c.id == table_id)
            ).first()
        if row is None:
            return False, None
        return bool(row.hints), row.hints_from

    def save_look(self, table_id: str, look: dict[str, Any]) -> None:
        """Keep the last look of a game that ended before looks were saved (once: a look
        saved meanwhile by another process stays)."""
        with contextlib.suppress(IntegrityError), self._transaction() as connection:
            connection.execute(_finals.insert().values(table_id=table_id, look=json.dumps(look)))

    def save_review(self, table_id: str, seat: int, review: dict[str, Any]) -> bool:
        """Keep ``seat``'s review of the finished table (once: a review is deterministic, so
        one saved meanwhile by another process is the same and stays). False, and nothing
        saved, for a review longer than ``REVIEW_MOST_CHARS``."""
        text = json.dumps(review, separators=(",", ":"))
        if len(text) > REVIEW_MOST_CHARS:
            return False
        with contextlib.suppress(IntegrityError), self._transaction() as connection:
            connection.execute(_reviews.insert().values(table_id=table_id, seat=seat, review=text))
        return True

    def load_review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """``seat``'s review of the table as saved, None when none was."""
        with self._reading() as connection:
            text = connection.execute(
                sa.select(_reviews.c.review).where(
                    _reviews.c.table_id == table_id, _reviews.c.seat == seat
                )
            ).scalar()
        return None if text is None else dict(json.loads(text))

    def load_table(self, table_id: str, *, look: bool = False) -> TableRecord | None:
        """The table as saved, with every entry; with ``look``, a finished game whose last
        look was saved comes with that look instead of its entries."""
        saved_look: dict[str, Any] | None = None
        with self._reading() as connection:
            row = connection.execute(_tables.select().where(_tables.c.id == table_id)).first()
            if row is None:
                return None
            seats = connection.execute(
                _seats.select().where(_seats.c.table_id == table_id).order_by(_seats.c.seat)
            ).all()
            if look and row.finished:
                text = connection.execute(
                    sa.select(_finals.c.look).where(_finals.c.table_id == table_id)
                ).scalar()
                saved_look = None if text is None else json.loads(text)
            moves = (
                []
                if saved_look is not None
                else connection.execute(
                    _moves.select().where(_moves.c.table_id == table_id).order_by(_moves.c.turn)
                ).all()
            )
        return TableRecord(
            id=row.id,
            game=row.game,
            rules_version=row.rules_version,
            players=row.players,
            options=json.loads(row.options),
            seed=row.seed,
            seats=[_seat(seat) for seat in seats],
            entries=[_entry(move) for move in moves],
            created=row.created,
            updated=row.updated,
            finished=bool(row.finished),
            result=None if row.result is None else json.loads(row.result),
            listed=bool(row.listed),
            rematch=row.rematch,
            clock=ClockSettings.from_json(None if row.clock is None else json.loads(row.clock)),
            spectator_chat=bool(row.spectator_chat),
            hints=bool(row.hints),
            rematch_by=row.rematch_by,
            rematch_answers={
                seat.seat: seat.rematch_answer for seat in seats if seat.rematch_answer
            },
            hints_from=row.hints_from,
            learner_hints=bool(row.learner_hints),
            look=saved_look,
        )

    def count_tables(self) -> int:
        """Every table saved, listed or not."""
        with self._reading() as connection:
            count = connection.execute(sa.select(sa.func.count()).select_from(_tables)).scalar()
        return int(count or 0)

    def list_tables(self, limit: int = 30) -> list[dict[str, Any]]:
        """The most recently played tables whose creator let anyone watch, newest first, as
        public summaries."""
        with self._reading() as connection:
            rows = connection.execute(
                _tables.select()
                .where(_tables.c.listed)
                .order_by(_tables.c.updated.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in rows]
            seats = connection.execute(
                _seats.select().where(_seats.c.table_id.in_(ids)).order_by(_seats.c.seat)
            ).all()
        seats_of: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
        for seat in seats:
            seats_of[seat.table_id].append(
                {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "bot": seat.bot}
            )
        return [
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "turn": row.turn,
                "finished": bool(row.finished),
                "result": None if row.result is None else json.loads(row.result),
                "created": row.created,
                "updated": row.updated,
                "seats": seats_of[row.id],
            }
            for row in rows
        ]


def _entry(row: Any) -> Entry:
    return Entry(EntryKind(row.kind), row.seat, row.action, row.elapsed, row.at)


def move_announcement(table_id: str, turn: int, entry: Entry) -> str:
    """The announcement of the saved ``entry`` that brought ``table_id`` to ``turn``:
    ``TABLE:TURN``, then the entry as JSON, so that a process one turn behind adds it without
    reading it back (an action's 200 characters, each at most 12 bytes escaped, stay far within
    PostgreSQL's 8,000 bytes a payload). ``announced_entry`` reads it back.

    >>> move_announcement("t1", 5, Entry(EntryKind.MOVE, 1, "slide 3", 2.5, 1700000000.25))
    't1:5\\n{"seat":1,"action":"slide 3","at":1700000000.25,"kind":"move","elapsed":2.5}'
    """
    fields = {
        "seat": entry.seat,
        "action": entry.action,
        "at": entry.at,
        "kind": entry.kind.value,
        "elapsed": entry.elapsed,
    }
    return f"{table_id}:{turn}{ENTRY_SEPARATOR}{json.dumps(fields, separators=(',', ':'))}"


def announced_entry(text: str) -> Entry | None:
    """The entry of a move's announcement, from the JSON after ``ENTRY_SEPARATOR``; None where
    it is missing or is not one (the listener then reads the table's new entries instead).

    >>> entry = Entry(EntryKind.RESIGN, 0, "", None, 1700000000.25)
    >>> heard = move_announcement("t1", 6, entry).partition(ENTRY_SEPARATOR)[2]
    >>> announced_entry(heard) == entry, announced_entry('{"seat":1}')
    (True, None)
    """
    try:
        fields = json.loads(text)
        seat, action, at = fields["seat"], fields["action"], fields["at"]
        kind, elapsed = EntryKind(fields["kind"]), fields["elapsed"]
    except (ValueError, TypeError, KeyError):  # not JSON, not an object, a field or kind amiss
        return None
    numbers = (int, float)
    if (
        type(seat) is not int
        or not isinstance(action, str)
        or isinstance(at, bool)
        or not isinstance(at, numbers)
        or isinstance(elapsed, bool)
        or not (elapsed is None or isinstance(elapsed, numbers))
    ):
        return None
    return Entry(kind, seat, action, None if elapsed is None else float(elapsed), float(at))


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(
        row.seat, row.kind, row.name, row.bot, row.token_hash, row.invite_hash, row.hints_used
    )


def _lock_key(key: str) -> int:
    """A creator's key as the signed 64-bit number a PostgreSQL advisory lock takes."""
    return int.from_bytes(bytes.fromhex(key[:16].ljust(16, "0")), "big", signed=True)


@contextmanager
def open_engine(url: str) -> Iterator[Engine]:
    """The database's engine as it is, whatever its schema version (for upgrades), holding
    the SQLite lock meanwhile so that no server writes during the upgrade."""
    lock = _lock_sqlite_file(url)
    engine = _engine(url)
    try:
        yield engine
    finally:
        engine.dispose()
        if lock is not None:
            lock.close()


def _lock_sqlite_file(url: str) -> IO[str] | None:
    """Hold a lock beside an SQLite file for as long as this storage is open: SQLite has no
    way to tell another process of a move, so a second server on the same file would serve
    its players an old game. ``StorageInUseError`` names the fix."""
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(str(parsed.database)).resolve()
    lock = open(f"{path}.lock", "a", encoding="utf-8")  # noqa: SIM115 (held until close)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise StorageInUseError(
            f"another Sequenza server is using {path}: SQLite serves one process. To run "
            "several processes or machines, store the games in PostgreSQL "
            "(--database postgresql+psycopg://USER:PASSWORD@HOST/DBNAME)."
        ) from None
    lock.truncate(0)
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        # No check of a pooled connection before each call: it was a round trip more on every
        # one. A connection the database dropped (it restarted) fails the call that uses it;
        # SQLAlchemy then replaces every connection of the pool, and ``errors.stored`` runs
        # the call once more where that is safe (``RETRIED_AFTER_DISCONNECT``).
        return sa.create_engine(url)
    in_memory = url in {"sqlite://", "sqlite:///:memory:"}
    engine = sa.create_engine(
        url,
        # Wait a while for another connection's write rather than fail at once.
        connect_args={"check_same_thread": False, "timeout": 15},
        # One shared connection keeps an in-memory database alive between calls.
        poolclass=StaticPool if in_memory else None,
    )

    @sa.event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if not in_memory:
            # Readers never wait for the writer, and a commit survives a crash of the process.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            # ``Storage.checkpoint`` copies the log into the file, in a thread: never a commit.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    return engine
