"""A finished game's record and replay: the record (which holds the seed, so only once the game
is over) and the table as every seat saw it after any entry, worked out in a thread from the
nearest position kept on the way.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from sequenza.core.table import TableHistory
from sequenza.i18n import SOURCE_LANGUAGE

from .errors import TableError, stored
from .histories import entry_json, outcome_json
from .table_core import CHAT_KEPT, TableCore

#: Replays: a position kept every so many entries, and the frames kept per table.
REPLAY_MARK_EVERY = 16
REPLAY_FRAMES_KEPT = 32


class TableReplay(TableCore):
    """A finished game's record and its replay frames (a part of ``Table``)."""

    def game_record(self) -> dict[str, Any]:
        """The record, which holds the seed: public only once the game is over, since the
        seed tells every hidden card. ``actions`` are the moves in force (the game record);
        ``history`` every entry of the table, resignations and moves taken back included."""
        if not self.over:
            raise TableError("not_finished", "problem.record_not_finished", 409)
        record: dict[str, Any] = self.state.record().to_json()
        record["history"] = [entry_json(entry) for entry in self.history.entries]
        record["result"] = outcome_json(self.history)
        # Who played and when: a downloaded record still says so once it is a file.
        record["names"] = [seat.name for seat in self.record.seats]
        # Hints asked for, per seat: a game played with help says so in its record, and from
        # which turn hints were on when a person switched them on during the game.
        record["hints_used"] = [seat.hints_used for seat in self.record.seats]
        record["hints"] = self.record.hints
        record["hints_from"] = self.record.hints_from
        made = datetime.fromtimestamp(self.record.created, tz=UTC)
        record["date"] = made.isoformat(timespec="seconds").replace("+00:00", "Z")
        return record

    async def replay_frame(self, turn: int, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The table after ``turn`` entries of a finished game, as every seat saw it, its log
        worded in ``lang``. Worked out in a thread, away from the event loop that serves every
        other table, from the nearest position kept on the way; frames asked for again (the
        replay's back button, a second viewer) are answered from memory."""
        await self.rebuilt()
        self.game_record()  # refuses an unfinished game
        total = len(self.history.entries)
        if not 0 <= turn <= total:
            raise TableError("bad_request", "problem.replay_turn", 404, turn=turn, total=total)
        key = (turn, lang)
        frame = self._frames.pop(key, None)
        if frame is None:
            async with self._replaying:
                frame = await asyncio.to_thread(self._frame, turn, lang)
        self._frames[key] = frame
        while len(self._frames) > REPLAY_FRAMES_KEPT:
            del self._frames[next(iter(self._frames))]
        if self._chat_all is None:
            self._chat_all = await stored(self.manager.storage.load_chat, self.id)
        # The lines said up to this entry, the latest last: the replay shows them in place.
        said = [line.to_json() for line in self._chat_all if line.turn <= turn][-CHAT_KEPT:]
        return {**frame, "table": self.summary(), "chat": said}

    def _frame(self, turn: int, lang: str) -> dict[str, Any]:
        """A replay frame but its table summary (in a thread: it reads only the finished
        history, which never changes, and the positions kept for replays)."""
        entries = self.history.entries
        marks = self._replay_marks
        start = max((mark for mark in marks if mark <= turn), default=None)
        cursor = (
            marks[start].copy()
            if start is not None
            else TableHistory(self.history.initial, self.history.bots, self.history.clock)
        )
        while cursor.turn < turn:
            cursor.add(entries[cursor.turn])
            if cursor.turn % REPLAY_MARK_EVERY == 0 and cursor.turn not in marks:
                marks[cursor.turn] = cursor.copy()
        entry = entries[turn - 1] if turn else None
        state = cursor.state
        public = state.observation(None)
        return {
            "type": "frame",
            "turn": turn,
            "turns": len(entries),
            "kind": entry.kind.value if entry else None,
            "action": entry.action if entry and entry.kind.is_move else None,
            "seat": entry.seat if entry else None,
            "to_act": cursor.to_act,
            "result": outcome_json(cursor),
            "out": sorted(cursor.standing.out),
            "views": {str(seat): state.observation(seat) for seat in range(state.players)},
            "public": public,
            "log": self.worded(cursor.log, None, lang, public),
            "hints": self._hints_at(turn, cursor),
        }

    def _hints_at(self, turn: int, cursor: TableHistory) -> bool:
        """Whether the players could ask for hints after ``turn`` entries: from the start at a
        table made with them; else once the entry that switched them on is among those
        (``cursor`` is the table then). A game that switched them on before that was an entry
        has only the turn saved with the table (``hints_from``), from which they were on."""
        if not self.record.hints:
            return False
        if self.history.hints_from is not None:
            return cursor.hints_from is not None
        return self.record.hints_from is None or turn >= self.record.hints_from
