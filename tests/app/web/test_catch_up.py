"""Processes sharing PostgreSQL hear every saved move announced (``notifier``), the entry with
it: a process that holds the table one turn behind adds the entry heard and reads nothing; one
further behind, or that heard no entry it can add, reads the new entries once; the
announcement of a process's own move, heard while its save is still returning, reads nothing."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.notifier import MoveListener
from sequenza.app.web.storage import Storage
from sequenza.app.web.table_manager import TableManager

HOTSEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]


def _manager(url: str) -> TableManager:
    return TableManager(Storage(url), bot_delay=0, bot_workers=BotWorkers(1))


def _counting_reads(manager: TableManager) -> list[int]:
    """The turns from which the manager's storage read new entries."""
    reads: list[int] = []
    moves_since = manager.storage.moves_since

    def counted(table_id: str, turn: int) -> Any:
        reads.append(turn)
        return moves_since(table_id, turn)

    manager.storage.moves_since = counted  # type: ignore[method-assign]
    return reads


async def _heard(table: Any) -> None:
    while table.catch_up_task is not None and not table.catch_up_task.done():
        await table.catch_up_task


def test_a_move_announced_is_read_once_by_the_other_process_and_not_by_its_own(
    postgres: str,
) -> None:
    async def play() -> tuple[list[int], list[int], int]:
        mover, other = _manager(postgres), _manager(postgres)
        try:
            table = (await mover.create({"game": "test-toy", "seats": HOTSEATS, "seed": 1})).table
            copy = await other.table(table.id)
            mover_reads, other_reads = _counting_reads(mover), _counting_reads(other)
            loop = asyncio.get_running_loop()
            record_move = mover.storage.record_move

            def saved_and_announced(table_id: str, turn: int, *args: Any, **kwargs: Any) -> None:
                record_move(table_id, turn, *args, **kwargs)
                # Its own announcement reaches the mover before the save's thread returns,
                # as PostgreSQL's NOTIFY on commit does.
                loop.call_soon_threadsafe(mover.table_moved, table_id, turn + 1)

            mover.storage.record_move = saved_and_announced  # type: ignore[method-assign]
            action = random.Random(1).choice(table.state.legal_actions())
            await table.act((0, 1), str(action), 0)
            await _heard(table)
            other.table_moved(table.id, 1)
            await _heard(copy)
            return mover_reads, other_reads, copy.turn
        finally:
            for manager in (mover, other):
                manager.bot_workers.close()
                manager.storage.close()

    mover_reads, other_reads, turn = asyncio.run(play())
    assert mover_reads == []
    assert other_reads == [0] and turn == 1


#: How an announcement heard by the other process is changed before its listener reads it
#: (None: it never arrives, as one made while the listener was reconnecting).
Rewrite = Callable[[str], str | None]


def _as_sent(payload: str) -> str | None:
    return payload


@contextlib.asynccontextmanager
async def _listening(
    manager: TableManager, url: str, rewrite: list[Rewrite]
) -> AsyncIterator[asyncio.Queue[str]]:
    """The manager hears the database's announcements through its own ``MoveListener``, as a
    server does; each announcement goes through ``rewrite[0]`` first (a test changes it
    between moves) and is put in the queue yielded once the listener has handled it."""
    listener = MoveListener(url, manager.table_moved, manager.resync)
    handled: asyncio.Queue[str] = asyncio.Queue()
    heard = listener.heard

    def rewritten(payload: str) -> None:
        changed = rewrite[0](payload)
        if changed is not None:
            heard(changed)
        handled.put_nowait(payload)

    listener.heard = rewritten  # type: ignore[method-assign]
    task = asyncio.create_task(listener.run())
    try:
        await asyncio.wait_for(listener.listening.wait(), 30)
        yield handled
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _move_heard(table: Any, copy: Any, handled: asyncio.Queue[str], seed: int) -> None:
    """One move at ``table``, then its announcement handled by the other process and the
    catch-up it started there finished."""
    action = random.Random(seed).choice(table.state.legal_actions())
    await table.act((0, 1), str(action), table.turn)
    await asyncio.wait_for(handled.get(), 30)
    await _heard(copy)


def _playing(
    postgres: str, moves: Callable[[Any, Any, asyncio.Queue[str], list[Rewrite]], Any]
) -> tuple[list[int], int, bool]:
    """``moves(table, copy, handled, rewrite)`` played with a table of one process (the mover)
    and its copy in another that listens: the turns from which the other read entries, its
    copy's turn, and whether its copy's entries are the mover's."""

    async def play() -> tuple[list[int], int, bool]:
        mover, other = _manager(postgres), _manager(postgres)
        rewrite: list[Rewrite] = [_as_sent]
        try:
            async with _listening(other, postgres, rewrite) as handled:
                table = (
                    await mover.create({"game": "test-toy", "seats": HOTSEATS, "seed": 1})
                ).table
                copy = await other.table(table.id)
                other_reads = _counting_reads(other)
                await moves(table, copy, handled, rewrite)
                same = copy.history.entries == table.history.entries
                return other_reads, copy.turn, same
        finally:
            for manager in (mover, other):
                manager.bot_workers.close()
                manager.storage.close()

    return asyncio.run(play())


def test_a_process_one_turn_behind_adds_the_announced_entry_without_a_read(
    postgres: str,
) -> None:
    async def moves(table: Any, copy: Any, handled: asyncio.Queue[str], _: Any) -> None:
        for seed in (1, 2):
            await _move_heard(table, copy, handled, seed)

    other_reads, turn, same = _playing(postgres, moves)
    assert other_reads == [] and turn == 2 and same


def test_announcements_heard_while_the_table_is_busy_are_added_in_order_without_a_read(
    postgres: str,
) -> None:
    async def moves(table: Any, copy: Any, handled: asyncio.Queue[str], _: Any) -> None:
        # The copy's lock held as by a catch-up or a move of its own under way: both
        # announcements arrive meanwhile, and wait for it.
        async with copy.lock:
            for seed in (1, 2):
                action = random.Random(seed).choice(table.state.legal_actions())
                await table.act((0, 1), str(action), table.turn)
                await asyncio.wait_for(handled.get(), 30)
            assert copy.turn == 0
        await _heard(copy)

    other_reads, turn, same = _playing(postgres, moves)
    assert other_reads == [] and turn == 2 and same


def test_a_process_two_turns_behind_reads_what_it_missed_once(postgres: str) -> None:
    async def moves(
        table: Any, copy: Any, handled: asyncio.Queue[str], rewrite: list[Rewrite]
    ) -> None:
        await _move_heard(table, copy, handled, 1)
        rewrite[0] = lambda payload: None  # lost, as while the listener reconnects
        await _move_heard(table, copy, handled, 2)
        rewrite[0] = _as_sent
        await _move_heard(table, copy, handled, 3)

    other_reads, turn, same = _playing(postgres, moves)
    assert other_reads == [1] and turn == 3 and same


@pytest.mark.parametrize(
    "rewritten",
    [
        # An announcement without its entry, as processes of the previous version send.
        lambda payload: payload.partition("\n")[0],
        lambda payload: payload.partition("\n")[0] + "\n{not json",
        lambda payload: payload.partition("\n")[0] + "\n" + '{"seat": 1, "action": "x"}',
        # An entry that the rules refuse.
        lambda payload: payload.replace('"action":"', '"action":"nonsense '),
    ],
    ids=["no entry", "not JSON", "fields missing", "refused"],
)
def test_an_announcement_without_an_entry_that_applies_makes_the_process_read(
    postgres: str, rewritten: Rewrite
) -> None:
    async def moves(
        table: Any, copy: Any, handled: asyncio.Queue[str], rewrite: list[Rewrite]
    ) -> None:
        await _move_heard(table, copy, handled, 1)
        rewrite[0] = rewritten
        await _move_heard(table, copy, handled, 2)

    other_reads, turn, same = _playing(postgres, moves)
    assert other_reads == [1] and turn == 2 and same
