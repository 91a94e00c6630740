"""Schema versions: a database written by the first web app (before versions were kept) is
refused with the command that upgrades it, opens after ``sequenza db upgrade`` with every game
intact, and a database from a newer Sequenza is refused. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import multiprocessing
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

import sequenza
from sequenza.app.cli import app
from sequenza.app.web.schema import SchemaError, current, head, prepare
from sequenza.app.web.storage import Storage
from sequenza.core.game import GameRecord
from tests.app.web.conftest import fresh_postgres_database

# The schema as the first web app created it, copied from that version's storage module.
_old = sa.MetaData()
_old_tables = sa.Table(
    "sequenza_tables",
    _old,
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
_old_seats = sa.Table(
    "sequenza_seats",
    _old,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)
_old_moves = sa.Table(
    "sequenza_moves",
    _old,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("sequenza_tables.id"), primary_key=True),
    sa.Column("turn", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    with fresh_postgres_database() as url:
        yield url


def write_old_database(url: str) -> dict[str, sequenza.State]:  # type: ignore[type-arg]
    """Tables as the first web app saved them: a game in progress and a finished one."""
    engine = sa.create_engine(url)
    _old.create_all(engine)
    games = {}
    with engine.begin() as connection:
        for game_id, actions in (("sequentia-shift", 12), ("sequence-stacks", 10_000)):
            state = sequenza.make(game_id, players=2, seed=42)
            rng = random.Random(7)
            moves = []
            while not state.is_over and len(moves) < actions:
                action = rng.choice(state.legal_actions())
                moves.append(str(action))
                state.apply(action)
            table_id = secrets.token_urlsafe(6)
            result = state.result()
            connection.execute(
                _old_tables.insert().values(
                    id=table_id,
                    game=game_id,
                    rules_version=state.game.info.rules_version,
                    players=2,
                    options="{}",
                    seed=42,
                    created=1.0,
                    updated=2.0,
                    turn=len(moves),
                    finished=state.is_over,
                    result=None if result is None else json.dumps(result.to_json()),
                )
            )
            connection.execute(
                _old_seats.insert(),
                [
                    {"table_id": table_id, "seat": 0, "kind": "hotseat", "name": "Ann"},
                    {
                        "table_id": table_id,
                        "seat": 1,
                        "kind": "bot",
                        "name": "Bot",
                        "bot": "greedy",
                    },
                ],
            )
            connection.execute(
                _old_moves.insert(),
                [
                    {"table_id": table_id, "turn": turn, "seat": 0, "action": move, "at": 1.5}
                    for turn, move in enumerate(moves)
                ],
            )
            games[table_id] = state
    engine.dispose()
    return games


def test_an_old_database_opens_after_the_upgrade_with_every_game(empty_database: str) -> None:
    games = write_old_database(empty_database)
    with pytest.raises(SchemaError, match="sequenza db upgrade"):
        Storage(empty_database)
    upgraded = CliRunner().invoke(app, ["db", "upgrade", "--database", empty_database])
    assert upgraded.exit_code == 0, upgraded.output
    assert f"from schema version 0001 to {head()}" in upgraded.output
    again = CliRunner().invoke(app, ["db", "upgrade", "--database", empty_database])
    assert "already" in again.output
    storage = Storage(empty_database)
    try:
        for table_id, state in games.items():
            record = storage.load_table(table_id)
            assert record is not None and [seat.name for seat in record.seats] == ["Ann", "Bot"]
            replayed = sequenza.replay(
                GameRecord(
                    record.game,
                    record.rules_version,
                    record.players,
                    record.options,
                    record.seed,
                    [entry.action for entry in record.entries],
                )
            )
            assert replayed.dumps() == state.dumps()
            assert record.finished == state.is_over
    finally:
        storage.close()


def test_a_database_from_a_newer_version_is_refused(empty_database: str) -> None:
    Storage(empty_database).close()
    engine = sa.create_engine(empty_database)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(SchemaError, match="newer Sequenza"):
        Storage(empty_database)


def _open_when_all_start(url: str, start: Any) -> None:
    """One replica: opens the database at the same moment as the others (run in a child)."""
    engine = sa.create_engine(url)
    start.wait()
    prepare(engine)
    engine.dispose()


def test_replicas_started_together_on_an_empty_database_make_the_schema_once() -> None:
    """Several server processes started at once on a new PostgreSQL database, as an operator
    starts replicas: one creates the schema, the others wait for it and open it. Forked from
    the test process, so that each child is a process of its own without importing the app."""
    with fresh_postgres_database() as url:
        forking = multiprocessing.get_context("fork")
        start = forking.Barrier(3)
        replicas = [
            forking.Process(target=_open_when_all_start, args=(url, start)) for _ in range(3)
        ]
        for replica in replicas:
            replica.start()
        for replica in replicas:
            replica.join(60)
        hung = [replica for replica in replicas if replica.exitcode is None]
        for replica in hung:
            replica.kill()
        assert [replica.exitcode for replica in replicas] == [0, 0, 0]
        engine = sa.create_engine(url)
        try:
            with engine.connect() as connection:
                assert current(connection) == head()
        finally:
            engine.dispose()
