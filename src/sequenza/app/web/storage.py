"""Saved tables: each table is its game record (game id, rules version, players, options, seed,
actions) plus its seats (kind, name, bot, token hash). A restart replays the record.

SQLAlchemy Core talks to the database, so the same code runs on the embedded SQLite file
(``sqlite:///sequenza.db``, the default) and on PostgreSQL
(``postgresql+psycopg://user:password@host/dbname``, with ``pip install psycopg``).

Every action is one row of ``sequenza_moves`` keyed by (table, turn): two writers can never
both record a move for the same turn, whatever the server does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

_metadata = sa.MetaData()

_tables = sa.Table(
    "sequenza_tables",
    _metadata,
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
)

_seats = sa.Table(
    "sequenza_seats",
    _metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

_moves = sa.Table(
    "sequenza_moves",
    _metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("turn", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


class StaleWriteError(Exception):
    """Another move was already recorded for this turn: nothing was written."""


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a table. ``kind`` is ``bot``, ``hotseat`` or ``invite``; people's seats
    keep the SHA-256 of their secret token, never the token."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None


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
    actions: list[str] = field(default_factory=list)
    created: float = 0.0
    updated: float = 0.0
    finished: bool = False
    result: dict[str, Any] | None = None


class Storage:
    """The tables of one database URL."""

    def __init__(self, url: str = "sqlite:///sequenza.db") -> None:
        self.url = url
        self.engine: Engine = _engine(url)
        _metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection

    def create_table(self, table: TableRecord) -> None:
        now = time.time()
        table.created = table.updated = now
        with self._transaction() as connection:
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
                    }
                    for seat in table.seats
                ],
            )

    def record_move(
        self,
        table_id: str,
        turn: int,
        seat: int,
        action: str,
        *,
        finished: bool = False,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Save the action played at ``turn`` (the number of actions before it)."""
        now = time.time()
        try:
            with self._transaction() as connection:
                connection.execute(
                    _moves.insert().values(
                        table_id=table_id, turn=turn, seat=seat, action=action, at=now
                    )
                )
                updated = connection.execute(
                    _tables.update()
                    .where(_tables.c.id == table_id, _tables.c.turn == turn)
                    .values(
                        turn=turn + 1,
                        updated=now,
                        finished=finished,
                        result=None if result is None else json.dumps(result),
                    )
                )
                if updated.rowcount != 1:
                    raise StaleWriteError(f"table {table_id} is not at turn {turn}")
        except IntegrityError:
            raise StaleWriteError(f"a move is already saved for turn {turn}") from None

    def load_table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(_tables.select().where(_tables.c.id == table_id)).first()
            if row is None:
                return None
            seats = connection.execute(
                _seats.select().where(_seats.c.table_id == table_id).order_by(_seats.c.seat)
            ).all()
            moves = connection.execute(
                sa.select(_moves.c.action)
                .where(_moves.c.table_id == table_id)
                .order_by(_moves.c.turn)
            ).all()
        return TableRecord(
            id=row.id,
            game=row.game,
            rules_version=row.rules_version,
            players=row.players,
            options=json.loads(row.options),
            seed=row.seed,
            seats=[
                SeatRecord(seat.seat, seat.kind, seat.name, seat.bot, seat.token_hash)
                for seat in seats
            ],
            actions=[move.action for move in moves],
            created=row.created,
            updated=row.updated,
            finished=bool(row.finished),
            result=None if row.result is None else json.loads(row.result),
        )

    def list_tables(self, limit: int = 30) -> list[dict[str, Any]]:
        """The most recently played tables, newest first, as public summaries."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                _tables.select().order_by(_tables.c.updated.desc()).limit(limit)
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


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True)
    in_memory = url in {"sqlite://", "sqlite:///:memory:"}
    engine = sa.create_engine(
        url,
        connect_args={"check_same_thread": False},
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
        cursor.close()

    return engine
