"""Taking back a move: a person may take back their last move (with the bots' moves after it)
when it showed them no hidden card; online, the other people are asked first.
"""

from __future__ import annotations

import json
from typing import Any

from sequenza.core.table import EntryKind, UndoRefusal

from .errors import PagePhrase, TableError
from .fanout import Client
from .table_core import TableCore

#: Requests to take back one move that the others may refuse before the asker must play on:
#: each is saved, so asking again and again must not fill the database.
MAX_UNDO_REQUESTS = 3
#: The ``page`` message that words each reason a move cannot be taken back (the page words the
#: code of ``undo.reason`` with the same messages).
UNDO_REASONS: dict[UndoRefusal, str] = {
    UndoRefusal.GAME_OVER: "undo.reason_game_over",
    UndoRefusal.OUT: "undo.reason_out",
    UndoRefusal.NOT_LAST: "undo.reason_not_last",
    UndoRefusal.PLAYER_LEFT: "undo.reason_player_left",
    UndoRefusal.MOVE_REVEALED: "undo.reason_move_revealed",
    UndoRefusal.BOT_REVEALED: "undo.reason_bot_revealed",
}


class TableUndo(TableCore):
    """Requests to take back a move and their answers (a part of ``Table``)."""

    def _undo_for(self, client: Client) -> dict[str, Any] | None:
        """Whether this client may take back its last move now, and if not, why; None when
        the last person to move is not at this client."""
        if self.over:
            return None
        history = self.history
        position = history.last_person_move()
        if position is None:
            return None
        seat = history.entries[history.played[position]].seat
        if seat not in client.seats:
            return None
        plan = history.undo_plan(seat)
        reason = None if plan.reason is None else plan.reason.value
        return {"seat": seat, "moves": plan.moves, "reason": reason}

    async def ask_undo(self, seats: tuple[int, ...]) -> None:
        """Take back the last move of a seat in ``seats`` (with the bots' moves after it): at
        once when no other person plays here, otherwise once each of them accepts."""
        async with self.lock:
            self._check_playing(seats)
            history = self.history
            position = history.last_person_move()
            seat = None if position is None else history.entries[history.played[position]].seat
            if seat is None or seat not in seats:
                raise TableError("cannot_undo", "problem.undo_not_last", 409)
            plan = history.undo_plan(seat)
            if plan.reason is not None:
                raise TableError(
                    "cannot_undo",
                    "problem.cannot_undo",
                    409,
                    reason=PagePhrase(UNDO_REASONS[plan.reason]),
                )
            if history.request is not None:
                raise TableError("undo_waiting", "problem.undo_waiting", 409)
            if self._requests_since_last_move(seat) >= MAX_UNDO_REQUESTS:
                raise TableError("rate_limited", "problem.undo_asked_enough", 429)
            ask = [
                other.seat
                for other in self.record.seats
                if other.kind != "bot"
                and other.seat not in seats
                and other.seat not in history.standing.out
            ]
            if ask:
                request = json.dumps({"moves": plan.moves, "ask": ask})
                await self._commit(self._entry(EntryKind.UNDO_REQUEST, seat, request))
            else:
                await self._commit(self._entry(EntryKind.UNDO, seat, str(plan.moves)))
        self.start_bots()

    def _requests_since_last_move(self, seat: int) -> int:
        count = 0
        for entry in reversed(self.history.entries):
            if entry.kind.is_move:
                break
            count += entry.kind is EntryKind.UNDO_REQUEST and entry.seat == seat
        return count

    async def answer_undo(self, seats: tuple[int, ...], accept: Any) -> None:
        """Accept or refuse the waiting request to take back, for the seats ``seats`` holds."""
        if not isinstance(accept, bool):
            raise TableError(
                "bad_request", "problem.undo_answer", yes='{"accept": true}', no='{"accept": false}'
            )
        async with self.lock:
            self._check_playing(seats)
            request = self.history.request
            if request is None:
                raise TableError("no_request", "problem.no_request", 409)
            mine = [seat for seat in request.ask if seat in seats and seat not in request.accepted]
            if not mine:
                raise TableError("no_request", "problem.no_request", 409)
            if not accept:
                await self._commit(self._entry(EntryKind.UNDO_REFUSE, mine[0]))
            elif len(request.accepted) + len(mine) == len(request.ask):
                # The last answer takes the moves back: one entry, which says everyone agreed.
                await self._commit(self._entry(EntryKind.UNDO, request.seat, str(request.moves)))
            else:
                for seat in mine:
                    await self._commit(self._entry(EntryKind.UNDO_ACCEPT, seat))
        self.start_bots()
