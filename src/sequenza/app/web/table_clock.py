"""A table's clock: the seat to act is watched by every process that holds the table; when its
time runs out a bot moves for it or it loses, as the table's creator chose.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sequenza.core.table import EntryKind, OnTimeout

from .errors import TableError
from .table_bots import STAND_IN_BOT, STORAGE_RETRY_SECONDS, TableBots

logger = logging.getLogger("sequenza.web")


class TableClock(TableBots):
    """The clock of the seat to act (a part of ``Table``)."""

    def _schedule_clock(self) -> None:
        """Watch the clock of the seat to act, if one runs: every process that holds the table
        does, and the first to save the time-out wins (the others find the turn taken)."""
        deadline = None if self._history is None else self._history.deadline()
        task = self.clock_task
        running = task is not None and not task.done()
        if running and deadline is not None and self._clock_for == (self.turn, deadline):
            return
        if task is not None and running and task is not asyncio.current_task():
            task.cancel()
        self.clock_task = None
        if deadline is not None:
            self._clock_for = (self.turn, deadline)
            self.clock_task = asyncio.create_task(self._run_clock(self.turn, deadline))

    async def _run_clock(self, turn: int, deadline: float) -> None:
        retries = 0
        await asyncio.sleep(max(0.0, deadline - time.time()))
        while self.turn == turn:
            try:
                await self._time_out(turn)
                return
            except TableError as error:
                if error.code != "storage_unavailable":
                    return  # another process saved first: the table moved on
                wait = STORAGE_RETRY_SECONDS[min(retries, len(STORAGE_RETRY_SECONDS) - 1)]
                retries += 1
                await asyncio.sleep(wait)

    async def _time_out(self, turn: int) -> None:
        """The seat to act ran out of time: a bot moves for it, or it loses, as the table's
        creator chose."""
        seat = self.history.to_act
        if seat is None:
            return
        action = ""
        kind = EntryKind.TIME_OUT
        if self.record.clock.on_timeout is OnTimeout.BOT:
            kind = EntryKind.TIME_MOVE
            action = str(await self._bot_move(seat, self.state.clone(), STAND_IN_BOT))
        async with self.lock:
            if self.turn != turn:
                return
            await self._commit(self._entry(kind, seat, action))
        logger.info("time_out", extra={"table": self.id, "turn": turn, "seat": seat})
        self.start_bots()
