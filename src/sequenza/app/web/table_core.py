"""The core of a live table (``TableCore``): what the table is (its record, its history or a
finished game's last look, the connections to it) and how it plays. A client proves which
seats it holds with their tokens (``identity``), and receives the observation of those seats
only (spectators receive the public view). Every action is saved before anyone hears of it,
so a restart replays the table as it was; a move that cannot be saved is refused to its player
and shown to nobody. Seats resign here too; taking back a move is ``table_undo``'s.

The connections to one table are bounded, spectators apart from players, so that a crowd of
watchers never locks the players out.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import time
from abc import ABC, abstractmethod
from collections import deque
from typing import TYPE_CHECKING, Any, cast

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.core.errors import IllegalActionError, NotationError, SequenzaError
from sequenza.core.game import State
from sequenza.core.observation import Observation
from sequenza.core.registry import game_class
from sequenza.core.table import (
    TABLE_EVENTS,
    Entry,
    EntryKind,
    TableHistory,
)
from sequenza.i18n import SOURCE_LANGUAGE
from sequenza.text import describe, describe_ending

from . import metrics
from .errors import TableError, stored
from .fanout import Broadcast, Client
from .final_look import FinalLook
from .histories import outcome_json, replay_table
from .identity import (
    hash_token,
)
from .storage import (
    ChatLine,
    StaleWriteError,
    TableRecord,
)

if TYPE_CHECKING:
    from .table_manager import TableManager
    from .tables import Table

logger = logging.getLogger("sequenza.web")

#: The chat lines a table keeps in memory: a screen that joins (or comes back) gets these.
CHAT_KEPT = 50
#: The longest action text (the database column holds 200 characters).
MAX_ACTION_TEXT = 200
#: Spectators of one table. Counted apart from its players' connections, so that a crowd of
#: watchers never locks the players out.
MAX_SPECTATORS_PER_TABLE = 100
#: The worded logs of a finished game a table keeps, for readers of different seats or
#: languages: each a list of the game's events with their sentences.
WORDED_LOGS_KEPT = 4
#: Connections to one table that hold seats (its players, each on a few devices).
MAX_SEATED_CLIENTS_PER_TABLE = 32


class TableCore(ABC):
    """What a table is (its record, its history or a finished game's last look, the
    connections to it) and how it plays: moves taken, saved, then told to every screen. Its
    other jobs are its parts (``Table`` puts them together); what this core asks of them is
    declared at the end, abstract.

    A finished table read from the database with its last look (``FinalLook``) has no
    history until one is needed: ``rebuilt`` replays it in a thread for its record and
    replays; its joins and looks are served from the look."""

    def __init__(
        self,
        manager: TableManager,
        record: TableRecord,
        history: TableHistory | None,
        look: FinalLook | None = None,
    ) -> None:
        if history is None and look is None:
            raise ValueError("a table needs its history or its last look")
        self.manager = manager
        self.record = record
        self._history = history
        self.look = look
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, str] = {
            seat.seat: seat.bot or "random" for seat in record.seats if seat.kind == "bot"
        }
        self.bot_task: asyncio.Task[None] | None = None
        #: What went wrong with a bot's turn, as data the page words: ``{"code", "bot"}`` and
        #: the code's fields (``seconds``; the English ``detail`` of an engine's refusal).
        self.bot_error: dict[str, Any] | None = None
        #: Each bot as its last move left it (pickled by its worker), for its next move.
        self.bot_memory: dict[int, bytes] = {}
        self.catch_up_task: asyncio.Task[None] | None = None
        #: The turn that the announcements heard since the last catch-up brought the table to
        #: (``math.inf``: not known, read anyway); 0 while none waits.
        self._catch_up_to: float = 0
        #: The entries that announcements carried (``notifier``), by the turn each was made at:
        #: the next catch-up adds those that follow on from the table's turn without reading
        #: them, and forgets those the table has passed.
        self._heard_entries: dict[int, Entry] = {}
        #: Positions of a finished game kept for its replay, every ``REPLAY_MARK_EVERY``
        #: entries, and the frames last served (one computed at a time).
        self._replay_marks: dict[int, TableHistory] = {}
        self._frames: dict[tuple[int, str], dict[str, Any]] = {}
        self._replaying = asyncio.Lock()
        #: A finished game's whole log worded for the last few readers (by the log's length,
        #: viewer, language and the seats' names): every screen that opens it is sent it all.
        self._worded_logs: dict[
            tuple[int, int | None, str, tuple[str, ...]], list[dict[str, Any]]
        ] = {}
        self._changed = asyncio.Event()
        self.clock_task: asyncio.Task[None] | None = None
        self._clock_for: tuple[int, float] | None = None
        #: When a player last moved or came to the table (``time.monotonic()``): the table
        #: put away last when memory is short.
        self.last_active = time.monotonic()
        #: The chat's latest lines, and the number the next saved line will have at least.
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.chat_next = 0
        #: Who offered the rematch (the lowest seat of the asking screen; saved with the
        #: rematch, so a table read again names the offerer), and each other seat's answer
        #: ("accept" or "decline"): saved, and told to the other processes, so that every
        #: screen at the table shows the offer and its answers, after a restart too.
        self.rematch_by: int | None = record.rematch_by
        self.rematch_answers: dict[int, str] = dict(record.rematch_answers)
        #: Every line of a finished table's chat, read once for its replay.
        self._chat_all: list[ChatLine] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def history(self) -> TableHistory:
        """The table's history. A finished table served from its last look replays its moves
        here, on the event loop, when something needs them before ``rebuilt`` ran: every path
        that needs the whole of a finished game awaits ``rebuilt`` first."""
        if self._history is None:
            logger.warning("table %s was replayed on the event loop", self.id)
            record = self.record
            if not record.entries:
                record.entries = self.manager.storage.moves_since(self.id, 0)
            self._history = replay_table(record)
        return self._history

    @history.setter
    def history(self, history: TableHistory) -> None:
        self._history = history

    async def rebuilt(self) -> TableHistory:
        """The history, replayed in a thread from the saved moves if the table was read with
        its last look only."""
        if self._history is None:
            record = self.record
            if not record.entries:
                record.entries = await stored(self.manager.storage.moves_since, self.id, 0)
            history = await asyncio.to_thread(replay_table, record)
            if self._history is None:
                self._history = history
        return self._history

    @property
    def state(self) -> State[Any]:
        """The position of the game."""
        return self.history.state

    @property
    def turn(self) -> int:
        """The number of entries of the table's history: a client answers this turn."""
        return self.look.turn if self._history is None and self.look else self.history.turn

    @property
    def over(self) -> bool:
        return self._history is None or self._history.over

    @property
    def to_act(self) -> int | None:
        return None if self._history is None else self._history.to_act

    @property
    def out(self) -> list[int]:
        """The seats that are out of the game (resigned, out of time)."""
        if self._history is None and self.look:
            return list(self.look.out)
        return sorted(self.history.standing.out)

    @property
    def outcome(self) -> dict[str, Any] | None:
        """The result of a finished game as data, None before its end."""
        if self._history is None:
            return self.record.result
        return outcome_json(self._history)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The table's log: the game's events and the table's own, before they are worded."""
        return self.look.log if self._history is None and self.look else self.history.log

    def observe(self, seat: int | None) -> Observation | None:
        """The typed observation of ``seat`` (None: the public one); None once the game is
        over and only its last look is kept (``view`` gives that look's views)."""
        if self._history is None:
            return None
        return self._history.state.observe(seat)

    def view(self, seat: int | None) -> Any:
        """The observation of ``seat`` (None: the public one)."""
        look = self.look
        if self._history is None and look is not None:
            return look.public if seat is None else look.views[seat]
        return self.history.state.observation(seat)

    def clock_view(self, now: float) -> dict[str, Any] | None:
        if self._history is None and self.look:
            return self.look.clock
        return self.history.clock_view(now)

    # ------------------------------------------------------------------ who is who
    def seats_for_tokens(self, tokens: list[str]) -> tuple[int, ...]:
        """The seats these tokens open; one wrong token refuses them all."""
        seats: set[int] = set()
        for token in tokens:
            digest = hash_token(token)
            match = [
                seat.seat
                for seat in self.record.seats
                if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest)
            ]
            if not match:
                raise TableError("bad_token", "problem.bad_token", 403)
            seats.update(match)
        return tuple(sorted(seats))

    def summary(self, *, options: bool = True) -> dict[str, Any]:
        """What anyone may know about the table. Without ``options`` it leaves the rule
        options out: a connection is sent them once, with its first position (a teacher's
        deck is tens of kilobytes, and a table's options never change)."""
        connected = {seat for client in self.clients for seat in client.seats}
        request = None if self._history is None else self._history.request
        info = game_class(self.record.game).info
        return {
            "id": self.id,
            "game": self.record.game,
            "name": info.name,
            "players": self.record.players,
            **({"options": self.record.options} if options else {}),
            "seats": [
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "bot": seat.bot,
                    "connected": seat.kind == "bot" or seat.seat in connected,
                    # The creator's list of invitation links marks the ones already used; an
                    # open seat is claimed once a visitor took it.
                    "claimed": (
                        seat.token_hash is not None if seat.kind in ("invite", "open") else None
                    ),
                    "hints_used": seat.hints_used,
                }
                for seat in self.record.seats
            ],
            "spectator_chat": self.record.spectator_chat,
            "hints": self.record.hints,
            "hints_from": self.record.hints_from,
            "hints_switchable": not self.record.hints and not self.over and self.hints_switchable,
            "learner_hints": self.record.learner_hints,
            "open_wait": self._open_wait(),
            "spectators": sum(1 for client in self.clients if client.is_spectator),
            "turn": self.turn,
            "to_act": self.to_act,
            "finished": self.over,
            "result": self.outcome,
            "created": self.record.created,
            "listed": self.record.listed,
            "rematch": self.record.rematch,
            "rematch_by": self.rematch_by,
            "rematch_accepted": sorted(s for s, a in self.rematch_answers.items() if a == "accept"),
            "rematch_declined": sorted(
                s for s, a in self.rematch_answers.items() if a == "decline"
            ),
            "bot_error": self.bot_error,
            "clock": self.record.clock.to_json() if self.record.clock.on else None,
            "out": self.out,
            "undo_request": None if request is None else request.to_json(),
        }

    def _open_wait(self) -> float | None:
        """Seconds until the table's empty open seats have waited long enough to offer a bot
        for them (0: now); None when no open seat is empty or the game is over."""
        if self.over or not any(
            seat.kind == "open" and seat.token_hash is None for seat in self.record.seats
        ):
            return None
        waited = time.time() - self.record.created
        return round(max(0.0, self.manager.open_seat_wait - waited), 1)

    # ------------------------------------------------------------------ messages
    def message_for(self, client: Client, shared: Broadcast | None = None) -> dict[str, Any]:
        """The position as ``client`` may see it, with the public events it has not seen.
        ``shared`` holds what a broadcast computes once for every client (the summary, each
        view, the events worded in each language)."""
        shared = shared or Broadcast(self)
        to_act = self.to_act
        legal: dict[str, list[str]] = {}
        if (
            to_act is not None
            and to_act in client.seats
            and to_act not in self.history.standing.out
        ):
            legal[str(to_act)] = shared.legal()
        viewer = client.seats[0] if len(client.seats) == 1 else None
        summary = shared.summary
        if not client.told_options:
            summary = {**summary, "options": self.record.options}
            client.told_options = True
        message = {
            "type": "state",
            "table": summary,
            "seats": list(client.seats),
            "turn": self.turn,
            "to_act": to_act,
            "over": self.over,
            "result": shared.outcome,
            "views": {str(seat): shared.view(seat) for seat in client.seats},
            "legal": legal,
            "log_start": client.log_sent,
            "events": shared.events(client.log_sent, viewer, client.lang),
            "clock": shared.clock,
            "undo": self._undo_for(client),
        }
        if len(client.seats) != 1:
            # A spectator's screen shows it, and a screen of several seats between turns; a
            # screen of one seat shows that seat's view (a third of a move's views, unsent).
            message["public"] = shared.view(None)
        client.log_sent = len(self.log)
        return message

    def worded(
        self,
        events: list[dict[str, Any]],
        viewer: int | None,
        lang: str,
        public: Any,
    ) -> list[dict[str, Any]]:
        """The events with their sentences for ``viewer`` (``None``: one who holds no seat or
        several) in ``lang``, the seats named as the table names them: each keeps its code and
        fields and gains ``text``; the end of the game gains ``ending`` too, its reason alone.
        ``public``: a view of the position, which names the teams (the public one or any
        seat's)."""
        names = [seat.name for seat in self.record.seats]
        game_id = self.record.game
        teams = public.get("teams") if events else None
        worded = []
        for event in events:
            if event.get("event") in TABLE_EVENTS:  # the page words the table's own events
                worded.append(event)
                continue
            text = describe(
                event,
                game_id=game_id,
                names=names,
                viewer=viewer,
                lang=lang,
                teams=teams if isinstance(teams, list) else None,
            )
            extra = {"text": text}
            if event.get("event") == "game_over":
                extra["ending"] = describe_ending(
                    event, game_id=game_id, names=names, viewer=viewer, lang=lang
                )
            worded.append({**event, **extra})
        return worded

    def whole_log_worded(self, viewer: int | None, lang: str, public: Any) -> list[dict[str, Any]]:
        """A finished game's whole log worded for ``viewer`` in ``lang``, kept for the next
        screens that open it: a long game's log takes milliseconds of the event loop to word
        (about 14 for a thousand events), and each screen that joins is sent all of it."""
        log = self.log
        key = (len(log), viewer, lang, tuple(seat.name for seat in self.record.seats))
        worded = self._worded_logs.get(key)
        if worded is None:
            worded = self.worded(log, viewer, lang, public)
            if len(self._worded_logs) >= WORDED_LOGS_KEPT:
                del self._worded_logs[next(iter(self._worded_logs))]
            self._worded_logs[key] = worded
        return worded

    def join(self, seats: tuple[int, ...], lang: str = SOURCE_LANGUAGE) -> Client:
        """A new connection to the table, holding ``seats`` (none: a spectator). Spectators and
        players are counted apart: the spectators' limit never keeps a player out."""
        watching = not seats
        limit = MAX_SPECTATORS_PER_TABLE if watching else MAX_SEATED_CLIENTS_PER_TABLE
        if sum(1 for client in self.clients if client.is_spectator == watching) >= limit:
            raise TableError("table_full", "problem.table_full", 503, limit=limit)
        if not watching:
            self.last_active = time.monotonic()
        client = Client(seats, lang)
        self.clients.add(client)
        client.send(self.message_for(client))
        if self.chat:
            client.send(self.chat_log())
        self._broadcast_presence(except_for=client)
        return client

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        self._broadcast_presence(except_for=None)
        # Every table is a ``Table``: this part put together with the others.
        self.manager.forget_if_idle(cast("Table", self))

    def _broadcast_presence(self, except_for: Client | None) -> None:
        summary = self.summary(options=False)
        for client in self.clients:
            if client is not except_for:
                client.send({"type": "table", "table": summary})

    def send_table(self) -> None:
        """The table's summary to every screen: who sits, the rematch offered and answered."""
        self._broadcast_presence(except_for=None)

    def broadcast(self) -> None:
        shared = Broadcast(self)
        for client in self.clients:
            client.send(self.message_for(client, shared))

    # ------------------------------------------------------------------ playing
    async def act(self, seats: tuple[int, ...], action: Any, turn: Any) -> None:
        """Play ``action`` for the seat to act, if ``seats`` holds it and ``turn`` is the
        current turn. Raises ``TableError`` and changes nothing otherwise."""
        if not isinstance(action, str | int) or isinstance(action, bool):
            raise TableError("bad_request", "problem.action_text", example='"slide 5 4"')
        if isinstance(action, str) and len(action) > MAX_ACTION_TEXT:
            raise TableError("illegal", "problem.action_too_long", limit=MAX_ACTION_TEXT)
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise TableError("bad_request", "problem.action_turn", field='observation["turn"]')
        async with self.lock:
            self._check_playing(seats)
            if not self._same_position(turn):
                raise TableError(
                    "stale",
                    "problem.stale_turn",
                    409,
                    turn=turn,
                    current=self.turn,
                )
            seat = self.history.to_act
            assert seat is not None
            if seat not in seats or seat in self.history.standing.out:
                raise TableError(
                    "not_your_turn", "problem.not_your_turn", 409, name=self.record.seats[seat].name
                )
            deadline = self.history.deadline()
            now = time.time()
            if deadline is not None and now >= deadline:
                raise TableError("time_out", "problem.time_out", 409)
            try:
                parsed = self.state.parse_action(action)
            except (NotationError, IllegalActionError) as error:
                raise TableError("illegal", "problem.not_an_action", detail=str(error)) from None
            await self._commit(self._entry(EntryKind.MOVE, seat, str(parsed), now))
        self.start_bots()

    def _same_position(self, turn: int) -> bool:
        """Whether the position is the one of ``turn``: only requests to take back and their
        answers came since, so a move made meanwhile still answers it (and cancels them)."""
        questions = (
            EntryKind.UNDO_REQUEST,
            EntryKind.UNDO_ACCEPT,
            EntryKind.UNDO_REFUSE,
            EntryKind.HINTS_ON,
        )
        return 0 <= turn <= self.turn and all(
            entry.kind in questions for entry in self.history.entries[turn:]
        )

    def _only_hints_since(self, turn: int) -> bool:
        """Whether the table is at ``turn``, or only switched hints on since: the position is
        the same, and a bot's move thought out for it still stands."""
        return 0 <= turn <= self.turn and all(
            entry.kind is EntryKind.HINTS_ON for entry in self.history.entries[turn:]
        )

    def _check_playing(self, seats: tuple[int, ...]) -> None:
        if self.over:
            raise TableError("game_over", "problem.game_over", 409)
        if not seats:
            raise TableError("not_your_turn", "problem.spectators_cannot_act", 403)

    def _entry(self, kind: EntryKind, seat: int, action: str = "", now: float = 0.0) -> Entry:
        """An entry made now; one that moves the game on charges the time the seat to act
        spent to its clock."""
        now = now or time.time()
        history = self.history
        to_act = history.to_act
        moves_on = (
            kind.is_move
            or kind in (EntryKind.UNDO, EntryKind.TIME_OUT)
            or (kind is EntryKind.RESIGN and seat == to_act)
        )
        elapsed = None
        if (
            moves_on
            and to_act is not None
            and history.turn_started is not None
            and history.timed(to_act)
        ):
            elapsed = round(max(0.0, now - history.turn_started), 3)
        return Entry(kind, seat, action, elapsed, now)

    async def resign(self, seats: tuple[int, ...], seat: Any) -> None:
        """``seat`` (held by ``seats``) resigns: its side is out, and the game ends at once
        when one side is left."""
        if seat is None and len(seats) == 1:
            seat = seats[0]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TableError("bad_request", "problem.resign_seat", example='{"seat": 0}')
        async with self.lock:
            self._check_playing(seats)
            if seat not in seats:
                raise TableError("not_your_seat", "problem.not_your_seat", 403)
            if seat in self.history.standing.out:
                raise TableError("out", "problem.seat_out", 409)
            await self._commit(self._entry(EntryKind.RESIGN, seat))
        self.start_bots()

    async def _commit(self, entry: Entry) -> None:
        """Add, save, then tell everyone (the lock is held). The time it holds the event loop
        (the database works in a thread meanwhile) goes to ``sequenza_move_cpu_seconds``: it
        runs without a pause, so its wall time is its CPU time unless the machine is short of
        cores. (A thread's CPU clock costs a system call, which here cost more than a move.)"""
        started = time.perf_counter()
        candidate = self.history.copy()
        try:
            candidate.add(entry)
        except IllegalActionError as error:
            raise TableError("illegal", "problem.not_an_action", detail=str(error)) from None
        except SequenzaError as error:
            raise TableError("refused", "problem.refused", 409, detail=str(error)) from None
        # The entry that ends the game saves the game's last look with it.
        look = FinalLook.of(candidate).to_json() if candidate.over else None
        spent = time.perf_counter() - started
        try:
            await stored(
                self.manager.storage.record_move,
                self.id,
                self.turn,
                entry,
                finished=candidate.over,
                result=outcome_json(candidate),
                look=look,
            )
        except StaleWriteError as error:
            await self._reload()
            raise TableError("stale", "problem.table_moved_on", 409, detail=str(error)) from None
        started = time.perf_counter()
        turn = self.turn
        self._moved_to(candidate)
        metrics.MOVES.inc()
        metrics.MOVE_CPU.observe(spent + time.perf_counter() - started)
        logger.info(
            "move",
            extra={
                "table": self.id,
                "turn": turn,
                "seat": entry.seat,
                "action": entry.action if entry.kind.is_move else entry.kind.value,
            },
        )

    def _moved_to(self, history: TableHistory) -> None:
        if self._history is not None and len(history.played) < len(self._history.played):
            # Moves were taken back: a bot's memory of the game since is no longer true.
            self.bot_memory.clear()
        self.history = history
        if history.hints_from is not None and not self.record.hints:
            # Switched on here, or by a screen on another process (its entry caught up).
            self.record.hints, self.record.hints_from = True, history.hints_from
        self.last_active = time.monotonic()
        self.broadcast()
        # Wake whoever waits for this table to move on (a bot loop of this process).
        self._changed.set()
        self._changed = asyncio.Event()
        self._schedule_clock()

    async def _reload(self) -> None:
        """Catch up with the database, where another copy of this table wrote first."""
        record = await stored(self.manager.storage.load_table, self.id)
        if record is not None:
            self.record = record
            self._moved_to(await asyncio.to_thread(replay_table, record))

    async def catch_up(self, to: float = math.inf) -> None:
        """Add the entries that other processes saved since this copy's turn, to turn ``to``
        (``math.inf``: whatever was saved). The entries heard in announcements that follow on
        from this copy's turn are added as they are; only what is still missing is read (a
        copy further behind than the announcements heard, one missed or without its entry, an
        entry heard that does not apply). Nothing to do when this copy is at turn ``to``
        already (the announcement of a move of its own, heard before its save returned)."""
        if self._history is None:
            self._heard_entries.clear()
            return  # read finished: nothing comes after the last entry
        async with self.lock:
            history = self.history
            self._forget_heard_before(history.turn)
            if history.turn >= to:
                return
            candidate = self._with_heard_entries(history)
            if candidate is None or candidate.turn < to:
                start = history.turn if candidate is None else candidate.turn
                entries = await stored(self.manager.storage.moves_since, self.id, start)
                if entries:
                    if candidate is None:
                        candidate = history.copy()
                    try:
                        for entry in entries:
                            candidate.add(entry)
                    except SequenzaError:
                        candidate = None
                        await self._reload()
                        self._forget_heard_before(self.turn)
                    else:
                        self._forget_heard_before(candidate.turn)
                elif candidate is None:
                    return
            if candidate is not None:
                self._moved_to(candidate)
        self.start_bots()

    def _with_heard_entries(self, history: TableHistory) -> TableHistory | None:
        """A copy of ``history`` with the entries heard that follow on from its turn, in turn
        order; None where none does, or one does not apply (the caller reads them instead)."""
        heard = self._heard_entries
        if history.turn not in heard:
            return None
        candidate = history.copy()
        try:
            while candidate.turn in heard:
                candidate.add(heard.pop(candidate.turn))
        except SequenzaError as error:
            logger.warning("table %s: an entry heard does not apply (%s); reading", self.id, error)
            return None
        return candidate

    def _forget_heard_before(self, turn: int) -> None:
        """Forget the entries heard for turns before ``turn``: the table has them already."""
        for passed in [heard for heard in self._heard_entries if heard < turn]:
            del self._heard_entries[passed]

    def schedule_catch_up(self, turn: int | None = None, entry: Entry | None = None) -> None:
        """Catch up soon, to the ``turn`` an announcement named (None: to whatever was
        saved), with the ``entry`` it carried (the one that brought the table to ``turn``;
        None: read it). Announcements that arrive while catching up make it look again (its
        query may have run before their moves were saved), and their entries wait for it."""
        if turn is not None and entry is not None:
            self._heard_entries[turn - 1] = entry
        self._catch_up_to = max(self._catch_up_to, math.inf if turn is None else turn)
        if self.catch_up_task is None or self.catch_up_task.done():
            self.catch_up_task = asyncio.create_task(self._catch_up_quietly())

    async def _catch_up_quietly(self) -> None:
        while self._catch_up_to:
            to, self._catch_up_to = self._catch_up_to, 0
            try:
                await self.catch_up(to)
            except TableError as error:  # the storage is away: the next announcement retries
                logger.warning("table %s could not catch up: %s", self.id, error.message)

    async def _wait_for_move(self, turn: int, timeout: float) -> None:
        """Until the table is past ``turn`` or ``timeout`` seconds pass."""
        changed = self._changed
        if self.turn == turn:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout)

    # ------------------------------------------------------------------ what the parts do
    @abstractmethod
    def start_bots(self) -> None:
        """Let a bot play if one is to act, and watch the clock (``TableBots``)."""

    @abstractmethod
    def _schedule_clock(self) -> None:
        """Watch the clock of the seat to act (``TableClock``)."""

    @property
    @abstractmethod
    def hints_switchable(self) -> bool:
        """Whether a person may switch hints on during the game (``TableHints``)."""

    @abstractmethod
    def _undo_for(self, client: Client) -> dict[str, Any] | None:
        """Whether ``client`` may take back its last move now (``TableUndo``)."""

    @abstractmethod
    def chat_log(self) -> dict[str, Any]:
        """The latest lines of the chat, for a screen that joins (``TableChat``)."""
