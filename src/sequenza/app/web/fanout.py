"""What a table tells its screens: one connection (``Client``) with its bounded queue of
outgoing messages, and what one broadcast computes once for every connection alike
(``Broadcast``).

Everything is bounded: a client that falls behind is disconnected and reconnects to a fresh
position, so nothing is lost but the messages it did not read.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sequenza.i18n import SOURCE_LANGUAGE

if TYPE_CHECKING:
    from sequenza.core.observation import Observation

    from .table_core import TableCore

#: Messages waiting to be sent to one client before it counts as fallen behind. A state
#: message replaces every earlier one, so a client that is this far behind has stopped reading.
CLIENT_QUEUE_LIMIT = 64


@dataclass(eq=False)
class Client:
    """One connection to a table: the seats it proved it holds, and its outgoing messages.

    The queue is bounded: a client that stops reading is marked ``lagging`` once it is full,
    its queue is emptied, and the connection closes with a reason; it reconnects to a fresh
    position, so nothing is lost but the messages it did not read."""

    seats: tuple[int, ...]
    #: The language its events are worded in (the page's, sent when it joins).
    lang: str = SOURCE_LANGUAGE
    queue: asyncio.Queue[dict[str, Any]] = field(
        default_factory=lambda: asyncio.Queue(CLIENT_QUEUE_LIMIT)
    )
    log_sent: int = 0
    #: Whether the table's rule options were sent (with the first position).
    told_options: bool = False
    lagging: bool = False
    #: Set when the table was put away to make room: the connection closes, and the page
    #: reconnects (the table is loaded again from the database).
    dismissed: bool = False
    #: Set once the client is lagging: its connection closes even while a write is stuck.
    fell_behind: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def is_spectator(self) -> bool:
        return not self.seats

    async def reply(self, message: dict[str, Any]) -> None:
        """Answer the client's own message: waits for room, so that a client sending fast
        is slowed down by its own answers rather than disconnected."""
        if not self.lagging:
            await self.queue.put(message)

    def send(self, message: dict[str, Any]) -> None:
        """Tell the client what happened at the table; one that has stopped reading is
        marked ``lagging`` when its queue is full, and its connection is closed."""
        if self.lagging:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.lagging = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(LAGGING)
            self.fell_behind.set()

    def dismiss(self) -> None:
        """Close this connection: its table is put away to make room for others."""
        self.dismissed = True
        self.fell_behind.set()


#: Put in a lagging client's queue: its sender closes the connection.
LAGGING: dict[str, Any] = {"type": "error", "code": "too_slow"}


class Broadcast:
    """What one broadcast tells every client alike, each part computed once on first need:
    a table of two players and a spectator words each event once per language and viewer,
    not once per socket."""

    def __init__(self, table: TableCore) -> None:
        self._table = table
        self.summary = table.summary(options=False)
        self.outcome = table.outcome
        self.clock = table.clock_view(time.time())
        self._views: dict[int | None, Any] = {}
        #: The first view encoded, typed and as JSON: the others reuse its alike fields.
        self._first: tuple[Observation, dict[str, Any]] | None = None
        self._legal: list[str] | None = None
        self._events: dict[tuple[int, int | None, str], list[dict[str, Any]]] = {}

    def view(self, seat: int | None) -> Any:
        if seat not in self._views:
            self._views[seat] = self._encoded_view(seat)
        return self._views[seat]

    def _encoded_view(self, seat: int | None) -> Any:
        """The view of ``seat`` as JSON: the first one encoded whole, the others beside it
        (``Observation.to_json_beside``). A finished game's views are its last look's."""
        seen = self._table.observe(seat)
        if seen is None:
            return self._table.view(seat)
        if self._first is None:
            encoded = seen.to_json()
            self._first = (seen, encoded)
            return encoded
        return seen.to_json_beside(*self._first)

    def naming_view(self) -> Any:
        """A view that names the teams for the events' sentences: one computed already (each
        seat's names them as the public view does), else the public view."""
        for view in self._views.values():
            return view
        return self.view(None)

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = [str(action) for action in self._table.state.legal_actions()]
        return self._legal

    def events(self, start: int, viewer: int | None, lang: str) -> list[dict[str, Any]]:
        key = (start, viewer, lang)
        if key not in self._events:
            table = self._table
            if start == 0 and table.over:
                self._events[key] = table.whole_log_worded(viewer, lang, self.naming_view())
            else:
                self._events[key] = table.worded(
                    table.log[start:], viewer, lang, self.naming_view()
                )
        return self._events[key]
