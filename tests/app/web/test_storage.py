"""Saved tables: what is written is read back, a turn is recorded once, and the same code runs
on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shutil
import sqlite3
import threading
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool

from sequenza.app.web.errors import TableError, stored
from sequenza.app.web.storage import (
    CHECKPOINT_AFTER_WRITES,
    ChatLine,
    SeatRecord,
    StaleWriteError,
    Storage,
    TableRecord,
)
from sequenza.core.table import Entry, EntryKind
from tests.app.web.conftest import fresh_postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    with contextlib.ExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path / 'tables.db'}"
        else:
            url = stack.enter_context(fresh_postgres_database())
        opened = Storage(url)
        yield opened
        opened.close()


def new_table(game: str = "test-toy") -> TableRecord:
    return TableRecord(
        id=secrets.token_urlsafe(6),
        game=game,
        rules_version="1",
        players=2,
        options={"hand_size": 3},
        seed=2**63 - 1,
        seats=[
            SeatRecord(0, "hotseat", "Ann", None, "a" * 64),
            SeatRecord(1, "bot", "Random bot", "random", None),
        ],
    )


def test_a_table_and_its_moves_read_back(storage: Storage) -> None:
    table = new_table()
    storage.create_table(table)
    storage.record_move(table.id, 0, Entry(EntryKind.MOVE, 0, "play 3"))
    storage.record_move(
        table.id, 1, Entry(EntryKind.MOVE, 1, "play 5"), finished=True, result={"winners": [1]}
    )
    loaded = storage.load_table(table.id)
    assert loaded is not None
    assert [entry.action for entry in loaded.entries] == ["play 3", "play 5"]
    assert loaded.seats == table.seats
    assert loaded.options == {"hand_size": 3} and loaded.seed == 2**63 - 1
    assert loaded.finished and loaded.result == {"winners": [1]}
    assert storage.load_table("missing") is None


def test_a_turn_is_recorded_once(storage: Storage) -> None:
    table = new_table()
    storage.create_table(table)
    storage.record_move(table.id, 0, Entry(EntryKind.MOVE, 0, "play 3"))
    with pytest.raises(StaleWriteError):
        storage.record_move(table.id, 0, Entry(EntryKind.MOVE, 0, "play 4"))
    with pytest.raises(StaleWriteError):
        storage.record_move(table.id, 5, Entry(EntryKind.MOVE, 0, "play 4"))
    loaded = storage.load_table(table.id)
    assert loaded is not None and [entry.action for entry in loaded.entries] == ["play 3"]


def test_recent_tables_come_newest_first_without_secrets(storage: Storage) -> None:
    older, newer, private = new_table(), new_table(), new_table()
    older.listed = newer.listed = True
    storage.create_table(older)
    storage.create_table(newer)
    storage.create_table(private)
    storage.record_move(newer.id, 0, Entry(EntryKind.MOVE, 0, "play 1"))
    everyone = {older.id, newer.id, private.id}
    listed = [row for row in storage.list_tables(100) if row["id"] in everyone]
    assert [row["id"] for row in listed] == [newer.id, older.id]
    assert listed[0]["turn"] == 1 and listed[0]["seats"][0]["name"] == "Ann"
    assert "token_hash" not in str(listed)


def test_tables_survive_reopening_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.db'}"
    first = Storage(url)
    table = new_table()
    first.create_table(table)
    first.record_move(table.id, 0, Entry(EntryKind.MOVE, 0, "play 2"))
    first.close()
    second = Storage(url)
    loaded = second.load_table(table.id)
    second.close()
    assert loaded is not None and [entry.action for entry in loaded.entries] == ["play 2"]


def test_a_move_sqlite_refuses_is_a_clear_503_that_keeps_nothing(tmp_path: Path) -> None:
    """SQLite's moves go through a connection kept for them: a write it refuses (here the
    connection made read-only, as a read-only file or a full disk refuse) is the server's
    503 ``storage_unavailable``, nothing of it stays half-written, and once SQLite takes
    writes again the same move saves."""
    storage = Storage(f"sqlite:///{tmp_path / 'tables.db'}")
    table = new_table()
    storage.create_table(table)
    storage.record_move(table.id, 0, Entry(EntryKind.MOVE, 0, "play 3"))
    storage._move_writer.execute("PRAGMA query_only = ON")
    move = Entry(EntryKind.MOVE, 1, "play 5")
    with pytest.raises(TableError) as refused:
        asyncio.run(stored(storage.record_move, table.id, 1, move))
    assert refused.value.code == "storage_unavailable" and refused.value.status == 503
    loaded = storage.load_table(table.id)
    assert loaded is not None and [entry.action for entry in loaded.entries] == ["play 3"]
    storage._move_writer.execute("PRAGMA query_only = OFF")
    storage.record_move(table.id, 1, move)
    loaded = storage.load_table(table.id)
    storage.close()
    assert loaded is not None and [entry.action for entry in loaded.entries] == ["play 3", "play 5"]


def test_sqlite_calls_run_on_the_event_loop_and_postgresql_calls_in_a_thread(
    storage: Storage,
) -> None:
    """SQLite is a library in the process: a thread would only take turns with the event loop
    for the interpreter's lock, and handing each call over and back cost more than the call.
    PostgreSQL waits on the network, which must not hold the event loop."""

    async def thread_of_a_call() -> tuple[int, int]:
        called_in: list[int] = []

        def record_thread(_storage: Storage) -> None:
            called_in.append(threading.get_ident())

        # A method of the storage, as every call of the server is.
        await stored(types.MethodType(record_thread, storage))
        return threading.get_ident(), called_in[0]

    loop_thread, call_thread = asyncio.run(thread_of_a_call())
    assert (loop_thread == call_thread) is (storage.engine.dialect.name == "sqlite")


def test_sqlite_writes_reach_the_database_file_by_checkpoints_off_the_event_loop(
    tmp_path: Path,
) -> None:
    """A SQLite commit writes the log only (no fsync on the event loop); every
    ``CHECKPOINT_AFTER_WRITES`` writes, a checkpoint in a thread copies the log into the file,
    so that the log stays small and the file alone holds the moves."""
    database = tmp_path / "moves.db"
    storage = Storage(f"sqlite:///{database}")
    table = new_table()
    storage.create_table(table)
    threads: list[int] = []
    checkpoint = storage.checkpoint

    def checkpoint_in_its_thread() -> None:
        checkpoint()
        threads.append(threading.get_ident())

    storage.checkpoint = checkpoint_in_its_thread  # type: ignore[method-assign]

    async def play() -> int:
        for turn in range(CHECKPOINT_AFTER_WRITES):
            await stored(storage.record_move, table.id, turn, Entry(EntryKind.MOVE, 0, "play 1"))
        for _ in range(1000):  # ten seconds at most for the checkpoint to end
            if threads:
                break
            await asyncio.sleep(0.01)
        return threading.get_ident()

    loop_thread = asyncio.run(play())
    assert threads and loop_thread not in threads
    # The file alone, without its log, as a copy taken now (or a crash of the disk's cache
    # after the checkpoint) would have it.
    copy = tmp_path / "copy.db"
    shutil.copyfile(database, copy)
    with contextlib.closing(sqlite3.connect(copy)) as read:
        (saved,) = read.execute("SELECT count(*) FROM sequenza_moves").fetchone()
    storage.close()
    assert saved == CHECKPOINT_AFTER_WRITES


def drop_connections(url: str) -> None:
    """PostgreSQL ends every other session of the database, as a restart of it does."""
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        ended = connection.execute(
            sa.text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar()
    admin.dispose()
    assert ended


def test_moves_and_reads_go_on_when_the_database_dropped_the_connections(
    postgres: str,
) -> None:
    """No check of a pooled connection before each call: the call that finds its connection
    dropped runs once more on a new one, when running it twice is safe."""
    storage = Storage(postgres)
    table = new_table()
    storage.create_table(table)

    async def play() -> list[Entry]:
        await stored(storage.record_move, table.id, 0, Entry(EntryKind.MOVE, 0, "play 3"))
        drop_connections(postgres)
        await stored(storage.record_move, table.id, 1, Entry(EntryKind.MOVE, 1, "play 5"))
        drop_connections(postgres)
        return await stored(storage.moves_since, table.id, 0)

    entries = asyncio.run(play())
    storage.close()
    assert [entry.action for entry in entries] == ["play 3", "play 5"]


def test_a_chat_line_is_refused_not_said_twice_when_the_connection_was_dropped(
    postgres: str,
) -> None:
    """A chat line's save is not run again (had its commit gone through before the connection
    broke, a second run would say it twice): it answers 503, and nothing was said."""
    storage = Storage(postgres)
    table = new_table()
    storage.create_table(table)
    line = ChatLine(0, 0, "Ann", "hello", None, 0, 0.0)

    async def say() -> list[ChatLine]:
        await stored(storage.load_chat, table.id)
        drop_connections(postgres)
        with pytest.raises(TableError) as refused:
            await stored(storage.add_chat, table.id, line)
        assert refused.value.status == 503
        return await stored(storage.load_chat, table.id)

    said = asyncio.run(say())
    storage.close()
    assert said == []


def test_a_bot_turn_is_claimed_by_one_owner_until_its_claim_runs_out(storage: Storage) -> None:
    table = new_table()
    storage.create_table(table)
    assert storage.claim_bot_turn(table.id, 3, "first", 60)
    assert not storage.claim_bot_turn(table.id, 3, "second", 60)
    assert storage.claim_bot_turn(table.id, 3, "first", 60)  # renewed by its owner
    assert storage.claim_bot_turn(table.id, 4, "second", -1)  # a new turn; expired at once
    assert storage.claim_bot_turn(table.id, 4, "first", 60)  # the other's claim ran out
    assert not storage.claim_bot_turn(table.id, 4, "second", 60)
