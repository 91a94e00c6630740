"""A table's names and chat: each person may name their own seat (``rename``, or a join that
carries a name), and the people at a table talk in its chat (``say``): lines are cleaned and
bounded, saved with the table at the turn they were said (the replay shows them there), sent to
every screen apart from the game's messages (never in a seat's view), and written by spectators
only when the table allows it. Nothing here touches the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .errors import TableError, stored
from .fanout import Client
from .identity import checked_name, clean_name
from .storage import ChatLine
from .table_core import TableCore

#: The longest chat line, in characters once cleaned; a line sent longer than four times this
#: is refused before it is cleaned at all.
MAX_CHAT = 200
#: The chat lines one table may ever save: rate limits slow a talker down, this bounds a table
#: that is left open for days.
MAX_CHAT_LINES = 2000
#: The quick phrases: each screen words them in its reader's language (``chat.phrase_<id>``).
CHAT_PHRASES = ("good_game", "your_turn", "well_played", "good_luck", "thanks")


class TableChat(TableCore):
    """A table's seat names and its chat (a part of ``Table``)."""

    async def rename(
        self,
        seats: tuple[int, ...],
        name: Any,
        seat: Any = None,
        too_soon: Callable[[], bool] | None = None,
    ) -> None:
        """A person names their own seat (``seat``; the only one ``seats`` holds when None):
        cleaned and bounded like a creator's names, saved, and shown on every screen.
        ``too_soon``: asked once the name is good and new, before it is saved (a rate limit
        on the saves of one socket)."""
        if seat is None and len(seats) == 1:
            seat = seats[0]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TableError("bad_request", "problem.rename_seat", example='{"seat": 0}')
        if seat not in seats or self.record.seats[seat].kind == "bot":
            raise TableError("not_your_seat", "problem.not_your_seat", 403)
        cleaned = checked_name(name, None)
        if cleaned == self.record.seats[seat].name:
            return
        if too_soon is not None and too_soon():
            raise TableError("rate_limited", "problem.too_many_renames", 429)
        await stored(self.manager.storage.rename_seat, self.id, seat, cleaned)
        self.record.seats = [
            replace(one, name=cleaned) if one.seat == seat else one for one in self.record.seats
        ]
        self._broadcast_presence(except_for=None)

    async def say(self, client: Client, text: Any, phrase: Any = None, seat: Any = None) -> None:
        """A line of ``client`` to the table's chat: its text (cleaned, at most ``MAX_CHAT``
        characters) or one of the quick phrases (``CHAT_PHRASES``), said by one of its seats
        (``seat``; the one to act, else its first) or by a spectator, if the table lets them.
        Saved, then sent to every screen as a ``chat`` message; it never touches the game."""
        if client.is_spectator and not self.record.spectator_chat:
            raise TableError("chat_not_allowed", "problem.chat_spectators", 403)
        if phrase is not None:
            if phrase not in CHAT_PHRASES:
                raise TableError(
                    "bad_request", "problem.chat_phrase", phrases=", ".join(CHAT_PHRASES)
                )
            text = ""
        else:
            if not isinstance(text, str):
                raise TableError("bad_request", "problem.chat_text", example='"Good luck!"')
            too_long = TableError("chat_too_long", "problem.chat_too_long", limit=MAX_CHAT)
            if len(text) > MAX_CHAT * 4:
                raise too_long
            text = clean_name(text)
            if not text:
                raise TableError("chat_empty", "problem.chat_empty")
            if len(text) > MAX_CHAT:
                raise too_long
        speaker: int | None = None
        if not client.is_spectator:
            if seat is None:
                to_act = self.to_act
                seat = to_act if to_act in client.seats else client.seats[0]
            if seat not in client.seats:
                raise TableError("not_your_seat", "problem.not_your_seat", 403)
            speaker = seat
        if self.chat_next >= MAX_CHAT_LINES:
            raise TableError("chat_full", "problem.chat_full", 409, limit=MAX_CHAT_LINES)
        name = None if speaker is None else self.record.seats[speaker].name
        line = ChatLine(self.chat_next, speaker, name, text, phrase, self.turn, time.time())
        saved = await stored(self.manager.storage.add_chat, self.id, line)
        if saved.number > self.chat_next:  # another process's line came first: read it too
            await self.chat_caught_up()
        else:
            self.heard(saved)

    def heard(self, line: ChatLine) -> None:
        """Tell every screen of a chat line, said here or at another process, once: this
        process's own notification of a line it saved may be read back before the saving
        coroutine resumes."""
        if line.number < self.chat_next:
            return
        self.chat.append(line)
        self.chat_next = max(self.chat_next, line.number + 1)
        if self._chat_all is not None:
            self._chat_all.append(line)
        message = {"type": "chat", **line.to_json()}
        for client in self.clients:
            client.send(message)

    async def chat_caught_up(self) -> None:
        """Read the lines that other processes saved since this copy's last one."""
        for line in await stored(self.manager.storage.load_chat, self.id, None, self.chat_next):
            self.heard(line)

    def chat_log(self) -> dict[str, Any]:
        """The latest lines of the chat, for a screen that joins: ``chat_log``."""
        return {"type": "chat_log", "lines": [line.to_json() for line in self.chat]}
