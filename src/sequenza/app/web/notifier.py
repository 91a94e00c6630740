"""Moves saved by other server processes, heard through PostgreSQL's LISTEN/NOTIFY.

Each saved move is announced as ``TABLE:TURN`` and the entry itself on the ``sequenza_moves``
channel in the same transaction (``Storage.record_move``, ``storage.move_announcement``), so
the announcement leaves only once the move is committed. Every process listens on one
connection of its own and catches its live tables up: a table one turn behind adds the entry
heard, one further behind reads what it missed. After a lost connection it catches every live
table up, since announcements made while it was away are gone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg
import sqlalchemy as sa

from sequenza.core.table import Entry

from .storage import ENTRY_SEPARATOR, MOVES_CHANNEL, announced_entry

logger = logging.getLogger("sequenza.web")

#: The announcement's second part when a table's seats changed rather than its moves.
SEATS_CHANGED = "seats"
#: The announcement's second part when a line was said in a table's chat.
CHAT_SAID = "chat"
#: The announcement's second part when a rematch was offered, accepted or declined:
#: ``rematch SEAT ANSWER REMATCH`` (``ANSWER``: offer, accept or decline).
REMATCH = "rematch"
#: Seconds between attempts to listen again after the database went away.
RECONNECT_SECONDS = 2.0


class MoveListener:
    """Calls ``on_move(table_id, turn, entry)`` for every move another process saves (``entry``:
    the one that brought the table to ``turn``, None where the announcement did not carry it),
    ``on_seats(table_id)`` when another process seated an invited friend or a visitor, or a
    person renamed their seat (``TABLE:seats``), ``on_chat(table_id)`` when a line was said
    in its chat (``TABLE:chat``), ``on_rematch(table_id, seat, answer, rematch)`` when a
    seat offered, accepted or declined a rematch (``TABLE:rematch SEAT ANSWER REMATCH``), and
    ``on_resync()`` each time listening (re)starts."""

    def __init__(
        self,
        url: str,
        on_move: Callable[[str, int, Entry | None], None],
        on_resync: Callable[[], None],
        on_seats: Callable[[str], None] | None = None,
        on_chat: Callable[[str], None] | None = None,
        on_rematch: Callable[[str, int, str, str], None] | None = None,
    ) -> None:
        self.conninfo = sa.engine.make_url(url).set(drivername="postgresql").render_as_string(False)
        self.on_move = on_move
        self.on_resync = on_resync
        self.on_seats = on_seats
        self.on_chat = on_chat
        self.on_rematch = on_rematch
        self.listening = asyncio.Event()

    async def run(self) -> None:
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                async with connection:
                    await connection.execute(f"LISTEN {MOVES_CHANNEL}")
                    self.listening.set()
                    self.on_resync()
                    async for note in connection.notifies():
                        self.heard(note.payload)
            except (psycopg.Error, OSError) as error:
                self.listening.clear()
                logger.warning("not hearing other processes' moves (%s); retrying", error)
                await asyncio.sleep(RECONNECT_SECONDS)

    def heard(self, payload: str) -> None:
        """Pass one announcement on to its handler; one of no known form is ignored."""
        announced, _, entry_json = payload.partition(ENTRY_SEPARATOR)
        table_id, _, detail = announced.rpartition(":")
        if detail.isdigit():
            entry = announced_entry(entry_json) if entry_json else None
            if entry_json and entry is None:
                # Heard as an announcement without an entry: the table reads its new entries.
                logger.warning(
                    "the entry announced for %s did not parse: %.80r", announced, entry_json
                )
            self.on_move(table_id, int(detail), entry)
        elif detail == SEATS_CHANGED and self.on_seats is not None:
            self.on_seats(table_id)
        elif detail == CHAT_SAID and self.on_chat is not None:
            self.on_chat(table_id)
        elif detail.startswith(REMATCH + " ") and self.on_rematch is not None:
            self._rematch(table_id, detail)

    def _rematch(self, table_id: str, detail: str) -> None:
        assert self.on_rematch is not None
        parts = detail.split(" ")
        if len(parts) == 4 and parts[1].isdigit() and parts[2] in ("offer", "accept", "decline"):
            self.on_rematch(table_id, int(parts[1]), parts[2], parts[3])
