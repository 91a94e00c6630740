"""A table's hints: the move the strongest cheap level would play, asked for by the person
whose turn it is, counted for their seat; and switching them on during a game where every
person at the table may see that it happened.
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Any

from sequenza.ai.hints import hint_level
from sequenza.core.table import EntryKind

from .bot_workers import BotFailure
from .errors import TableError, stored
from .fanout import Client
from .table_core import TableCore

logger = logging.getLogger("sequenza.web")


class TableHints(TableCore):
    """A table's hints (a part of ``Table``)."""

    async def hint(self, client: Client) -> dict[str, Any]:
        """A ``hint`` message for the seat of ``client`` whose turn it is: the move the
        strongest cheap level would play (``hints.hint_level``), decided in a bot worker from
        that seat's view only, and the reason in codes the page words. Counted for the seat
        in the table's record. Refused when the table has no hints or it is not the turn of a
        person at this screen."""
        if not self.record.hints and self.manager.storage.shared:
            # A screen on another process may have switched them on a moment ago.
            await self.hints_caught_up()
        if not self.record.hints:
            raise TableError("hints_off", "problem.hints_off", 403)
        seat = self.to_act
        if seat is None or seat not in client.seats or self.record.seats[seat].kind == "bot":
            raise TableError("not_your_turn", "problem.hint_not_your_turn", 409)
        turn = self.turn
        level = hint_level(self.record.game)
        # The same position gives the same hint, whoever asks again: seeded by table, turn
        # and seat (a hash of the table's seed, which the hint never sends).
        seed = random.Random(f"{self.record.seed}:{turn}:{seat}").getrandbits(62)
        try:
            found = await self.manager.bot_workers.hint(
                level, self.manager.bot_settings.get(level, {}), seed, self.state.dumps()
            )
        except BotFailure as error:
            logger.warning("a hint at table %s failed: %s", self.id, error)
            raise TableError("hint_failed", "problem.hint_failed", 503) from None
        used = await stored(self.manager.storage.count_hint, self.id, seat)
        self.record.seats = [
            replace(one, hints_used=used) if one.seat == seat else one for one in self.record.seats
        ]
        self._broadcast_presence(except_for=None)
        return {"type": "hint", "seat": seat, "turn": turn, "hints_used": used, **found}

    @property
    def hints_switchable(self) -> bool:
        """Whether a person at the table may switch hints on during the game: when every
        person's seat is at one screen, or one person plays bots. Online, with other people,
        hints are on only if chosen as the table was made, which everyone sat down knowing."""
        people = [seat for seat in self.record.seats if seat.kind != "bot"]
        return len(people) <= 1 or all(seat.kind == "hotseat" for seat in people)

    async def switch_hints_on(self, client: Client) -> None:
        """A person at the table switches hints on for the rest of the game, where that is
        allowed (``hints_switchable``): an entry of the table's history (``HINTS_ON``), saved
        like a move, so that the log and the replay show it where it happened and the record
        says from which entry hints were on; told to every screen with the position. On
        already, nothing changes."""
        if client.is_spectator:
            raise TableError("not_your_table", "problem.not_your_table", 403)
        async with self.lock:
            if self.over:
                raise TableError("game_over", "problem.game_over", 409)
            if self.record.hints:
                return
            if not self.hints_switchable:
                raise TableError("hints_not_allowed", "problem.hints_not_allowed", 403)
            # Said in the name of the seat whose turn it is, when this screen holds it (at
            # one screen, the player who is about to ask); else of the screen's first seat.
            to_act = self.to_act
            seat = to_act if to_act in client.seats else client.seats[0]
            try:
                await self._commit(self._entry(EntryKind.HINTS_ON, seat))
            except TableError as error:
                # Another screen or process saved an entry first (``_commit`` read the table
                # again): if it switched hints on, they are on, as asked.
                if error.code != "stale" or not self.record.hints:
                    raise
                return
        logger.info("hints_switched_on", extra={"table": self.id, "turn": self.record.hints_from})

    async def hints_caught_up(self) -> None:
        """Read whether hints are on (another process may have switched them on)."""
        hints, since = await stored(self.manager.storage.load_hints, self.id)
        if hints and not self.record.hints:
            self.record.hints, self.record.hints_from = True, since
            self.broadcast()
