"""The rematches of finished tables (``Rematches``, a part of ``TableManager``): offering one,
the other seats' answers, and the new table they play.

A rematch is the same game, options and people, a new deal, and the seats turned by one, so
that the first player rotates. Every person's token opens their seat of the rematch too: the
friend's own token, once claimed. An invitation nobody claimed stays an invitation to the
same seat (its code opens no seat by itself).

The first player to ask offers it; whoever asks after accepts it or declines it. The database
holds one rematch per table (two players asking at once get one table), who offered it and
each answer, and tells the other processes each step (``notifier``), so that every screen at
the table, on every process and after a restart, shows the offer and its answers.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from sequenza.core.game import Game
from sequenza.core.registry import make_game
from sequenza.core.rng import new_seed

from .errors import TableError, stored
from .histories import new_history
from .identity import new_table_id
from .storage import Quota, SeatRecord, TableRecord

if TYPE_CHECKING:
    from .table_manager import TableManager
    from .tables import Table

logger = logging.getLogger("sequenza.web")


class Rematches:
    """The rematches of one manager's tables: offered, answered, and created once."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    async def ask(
        self,
        table: Table,
        seats: tuple[int, ...],
        quota: Quota | None = None,
        answer: str | None = None,
    ) -> Table:
        """The rematch of a finished ``table``, asked by a player holding ``seats``. Asked
        twice, it is the same table. The first to ask offers it; whoever asks after accepts
        it, and ``answer="decline"`` turns it down. Every screen at the table, on every
        process, is told each step. With a ``quota``, a new rematch counts among its asker's
        new tables."""
        if not seats:
            raise TableError("not_your_table", "problem.not_your_table", 403)
        if not table.over:
            # The game may have ended on another process a moment ago, its notice not yet
            # read here: read the saved moves before refusing.
            await table.catch_up()
        if not table.over:
            raise TableError("not_finished", "problem.rematch_not_finished", 409)
        if answer == "decline" and table.record.rematch is None:
            raise TableError("no_rematch", "problem.no_rematch", 409)
        manager = self.manager
        if table.record.rematch is not None:
            await self._answer(table, seats, answer or "accept")
            return await manager.table(table.record.rematch)
        # A friend may have claimed a seat through another process since this one loaded it.
        await manager.refresh_seats(table)
        old = table.record
        game = make_game(old.game, old.players, **old.options)
        record = rematch_record(old, game)
        rematch_id = await manager.save_new_table(
            manager.storage.create_rematch, old.id, record, quota, seats[0]
        )
        old.rematch = rematch_id
        if rematch_id != record.id:  # another player asked first: this is an acceptance
            await self._answer(table, seats, "accept")
            return await manager.table(rematch_id)
        table.rematch_by = seats[0]
        table.broadcast()
        history = new_history(record, game.new_initial_state(record.seed))
        return manager.open_table(record, history, rematch_of=old.id)

    async def _answer(self, table: Table, seats: tuple[int, ...], answer: str) -> None:
        """Each of ``seats`` (but the offerer's) accepts or declines the rematch: told to this
        process's screens at once, and to the other processes' through the database."""
        answered = [seat for seat in seats if seat != table.rematch_by]
        if not answered or all(table.rematch_answers.get(seat) == answer for seat in answered):
            return
        for seat in answered:
            table.rematch_answers[seat] = answer
        table.send_table()
        rematch = table.record.rematch
        assert rematch is not None
        for seat in answered:
            # Best effort: the answer is already on this process's screens.
            with contextlib.suppress(TableError):
                await stored(self.manager.storage.answer_rematch, table.id, seat, answer, rematch)

    def heard(self, table_id: str, seat: int, answer: str, rematch: str) -> None:
        """Another process saw ``seat`` offer (``answer="offer"``), accept or decline the
        rematch ``rematch`` of ``table_id``: tell this process's screens. Heard twice (this
        process's own announcement comes back too), it changes nothing."""
        table = self.manager.live.get(table_id) or self.manager.finished.get(table_id)
        if table is None or not 0 <= seat < table.record.players:
            return
        changed = table.record.rematch != rematch
        table.record.rematch = rematch
        if answer == "offer":
            changed = changed or table.rematch_by != seat
            table.rematch_by = seat
        elif answer in ("accept", "decline") and seat != table.rematch_by:
            changed = changed or table.rematch_answers.get(seat) != answer
            table.rematch_answers[seat] = answer
        if changed:
            table.send_table()


def rematch_record(old: TableRecord, game: Game[Any]) -> TableRecord:
    """The record of the rematch of ``old`` (its ``game`` made again): a new id and deal, the
    same settings, and each seat ``number`` holding what seat ``number + 1`` held."""
    count = old.players
    turned = [old.seats[(number + 1) % count] for number in range(count)]
    return TableRecord(
        id=new_table_id(),
        game=old.game,
        rules_version=game.info.rules_version,
        players=count,
        options=dict(old.options),
        seed=new_seed(),
        seats=[
            SeatRecord(number, seat.kind, seat.name, seat.bot, seat.token_hash, seat.invite_hash)
            for number, seat in enumerate(turned)
        ],
        listed=old.listed,
        clock=old.clock,
        spectator_chat=old.spectator_chat,
        hints=old.hints,
        learner_hints=old.learner_hints,
    )
