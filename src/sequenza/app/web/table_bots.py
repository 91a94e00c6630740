"""A table's bots: who plays a turn no person plays (a seat's bot, or the stand-in of a seat
that is out), thought out in a worker process and saved like a person's move. On a shared
database one process at a time thinks for a turn (a lease it renews); trouble never stops the
bots in silence: the table says what went wrong and tries again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any, cast

from sequenza.core.actions import Action
from sequenza.core.errors import SequenzaError
from sequenza.core.game import State
from sequenza.core.rng import new_seed
from sequenza.core.table import EntryKind

from . import metrics
from .bot_workers import BotFailure
from .errors import TableError, stored
from .table_core import TableCore

if TYPE_CHECKING:
    from .tables import Table

logger = logging.getLogger("sequenza.web")

#: Waits before a bot whose move could not be saved tries again (the storage came back?).
STORAGE_RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)
#: On a shared database, how long a process's claim on a bot's turn lasts unless renewed:
#: a process that dies while its bot thinks leaves the turn to another one this soon.
BOT_LEASE_SECONDS = 6.0
#: How often a process that could not claim a bot's turn looks again.
BOT_CLAIM_POLL_SECONDS = 2.0
#: The bot that plays for a seat that is out, or whose time ran out.
STAND_IN_BOT = "greedy"
#: A game's moves past which its bots stop and the table says so. No game of the rules comes
#: near it (the simulator stops a game there too, ``Simulation.max_actions``): a table past it
#: is caught in a loop its rules let bots play for ever (an option's or a mode file's), and its
#: bots would otherwise hold a worker and write a move a moment until the server stops.
MOST_BOT_TABLE_MOVES = 20_000


class TableBots(TableCore):
    """A table's bots and their turns (a part of ``Table``)."""

    def _bot_for(self, seat: int | None) -> str | None:
        """The bot that plays ``seat`` now: its own, or a stand-in for a seat that is out."""
        if seat is None:
            return None
        if seat in self.bots:
            return self.bots[seat]
        return STAND_IN_BOT if seat in self.out else None

    @property
    def bot_thinking(self) -> bool:
        """Whether a bot of this table is playing (its loop runs)."""
        return self.bot_task is not None and not self.bot_task.done()

    def start_bots(self) -> None:
        self._schedule_clock()
        idle = self.bot_task is None or self.bot_task.done()
        if idle and self._bot_for(self.to_act) is not None:
            self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        """Play the bots' turns until a person is to act. Trouble never stops the bots in
        silence: the table says what went wrong (``bot_error``), and the turn is tried again
        after a pause that grows, until it is played (the database came back) or the game
        moved on."""
        retries = 0
        while True:
            seat = self.to_act
            bot = self._bot_for(seat)
            if seat is None or bot is None:
                break
            if self.turn >= MOST_BOT_TABLE_MOVES:
                logger.warning("the bots of table %s stop at move %d", self.id, self.turn)
                self._report_bot(seat, "endless", moves=self.turn)
                break
            try:
                played = await self._play_bot_turn(seat, bot)
            except TableError as error:
                if error.code != "storage_unavailable":
                    self._report_bot(seat, "move_refused", detail=error.message)
                    break
                code = "not_saved"
            except Exception:  # a bug must not stop this table's bots for good
                logger.exception("the bots of table %s stumbled", self.id)
                code = "stalled"
            else:
                retries = 0
                problem = self.bot_error
                if played and problem is not None and problem["bot"] == self._bot_name(seat):
                    self.bot_error = None
                continue
            # The disk is full or the database away: say so, wait, and play on when it is back.
            wait = STORAGE_RETRY_SECONDS[min(retries, len(STORAGE_RETRY_SECONDS) - 1)]
            retries += 1
            self._report_bot(seat, code, seconds=wait)
            await asyncio.sleep(wait)
        # Every table is a ``Table``: this part put together with the others.
        self.manager.forget_if_idle(cast("Table", self))

    async def _play_bot_turn(self, seat: int, bot: str) -> bool:
        """Think out and save one bot move for ``seat``; False when the turn was left (another
        process plays it, or the table moved on meanwhile). Raises ``TableError`` when the
        storage cannot be read or written."""
        await asyncio.sleep(self.manager.bot_delay)
        snapshot = self.state.clone()
        turn = self.turn
        if self.manager.storage.shared:
            if not await self._claim_bot_turn(turn):
                # Another process thinks for this bot; if it dies, its claim runs out.
                await self._wait_for_move(turn, BOT_CLAIM_POLL_SECONDS)
                await self.catch_up()
                return False
            renewing = asyncio.create_task(self._renew_claim(turn))
            try:
                action = await self._bot_move(seat, snapshot, bot)
            finally:
                renewing.cancel()
        else:
            action = await self._bot_move(seat, snapshot, bot)
        async with self.lock:
            if not self._only_hints_since(turn):
                return False
            kind = EntryKind.MOVE if seat in self.bots else EntryKind.STAND_IN
            await self._commit(self._entry(kind, seat, str(action)))
        logger.info("bot_move", extra={"table": self.id, "turn": turn, "bot": bot})
        return True

    async def _bot_move(self, seat: int, snapshot: State[Any], bot: str) -> Action:
        """The move of ``bot`` for ``seat``, thought out in a worker process; if the bot
        fails, a random legal move instead, and the table says what happened."""
        try:
            text, self.bot_memory[seat] = await self.manager.bot_workers.decide(
                bot,
                self.manager.bot_settings.get(bot, {}),
                new_seed(),
                snapshot.dumps(),
                self.bot_memory.get(seat, b""),
                urgent=any(other.kind != "bot" for other in self.record.seats),
            )
            return snapshot.parse_action(text)
        except (BotFailure, SequenzaError) as error:
            metrics.BOT_FAILURES.inc()
            logger.warning("bot %s of seat %s at table %s failed: %s", bot, seat, self.id, error)
            self._report_bot(seat, "failed", detail=str(error))
            return random.Random(new_seed()).choice(snapshot.legal_actions())

    async def _claim_bot_turn(self, turn: int) -> bool:
        try:
            return await stored(
                self.manager.storage.claim_bot_turn,
                self.id,
                turn,
                self.manager.process_id,
                BOT_LEASE_SECONDS,
            )
        except TableError:
            return False  # the storage is away: nobody can save the move now anyway

    async def _renew_claim(self, turn: int) -> None:
        while True:
            await asyncio.sleep(BOT_LEASE_SECONDS / 3)
            await self._claim_bot_turn(turn)

    async def seated_bots(self) -> None:
        """Read the table again after bots took its open seats, and let them play."""
        async with self.lock:
            await self._reload()
            self.bots = {
                seat.seat: seat.bot or "random" for seat in self.record.seats if seat.kind == "bot"
            }
        self.start_bots()

    def _bot_name(self, seat: int) -> str:
        return self.record.seats[seat].name

    def _report_bot(self, seat: int, code: str, **fields: Any) -> None:
        self.bot_error = {"code": code, "bot": self._bot_name(seat), **fields}
        self.broadcast()
