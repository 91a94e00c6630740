"""Processes sharing PostgreSQL hear every saved move announced (``notifier``): a process that
holds the table reads the new entries once; the announcement of a process's own move, heard
while its save is still returning, reads nothing."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from sequenza.app.web.bot_workers import BotWorkers
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
