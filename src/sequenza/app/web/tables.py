"""Live tables: a game, its seats, the people connected to it and the bots that play in it.

A table is created from a game, its player count, its options and one description per seat:

- ``bot``: a bot by name, playing on the server (in a worker process, so that neither the event
  loop nor the interpreter lock ever waits for a search);
- ``hotseat``: a person at the creator's screen (several hotseat seats share one device);
- ``invite``: a friend who joins with an invitation link.

Every seat held by a person has a secret token, handed out once when the table is created;
the server keeps only its hash. A client proves which seats it holds with their tokens, and
receives the observation of those seats only (spectators receive the public view). Every
action is saved before anyone hears of it, so a restart replays the table as it was; a move
that cannot be saved is refused to its player and shown to nobody.

Everything is bounded: messages waiting for a client (one that falls behind is disconnected
and reconnects to a fresh position), the tables held in memory (idle ones are dropped and
replayed from the database when next asked for), and the spectators of a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import random
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.exc import SQLAlchemyError

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.ai.base import bot_names
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, SequenzaError
from sequenza.core.game import GameRecord, State
from sequenza.core.registry import game_class, make, make_game, replay
from sequenza.core.rng import new_seed
from sequenza.text import describe, describe_ending

from .bot_workers import BotFailure, BotWorkers
from .storage import SeatRecord, StaleWriteError, Storage, TableRecord

logger = logging.getLogger("sequenza.web")

SEAT_KINDS = ("hotseat", "invite", "bot")
MAX_NAME = 40
#: The longest action text (the database column holds 200 characters).
MAX_ACTION_TEXT = 200
#: A seed is stored as a signed 64-bit integer.
MAX_SEED = 2**63 - 1
#: Messages waiting to be sent to one client before it counts as fallen behind. A state
#: message replaces every earlier one, so a client that is this far behind has stopped reading.
CLIENT_QUEUE_LIMIT = 64
#: Connections to one table (its players, on several devices, and its spectators).
MAX_CLIENTS_PER_TABLE = 100
#: Waits before a bot whose move could not be saved tries again (the storage came back?).
STORAGE_RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)
#: On a shared database, how long a process's claim on a bot's turn lasts unless renewed:
#: a process that dies while its bot thinks leaves the turn to another one this soon.
BOT_LEASE_SECONDS = 6.0
#: How often a process that could not claim a bot's turn looks again.
BOT_CLAIM_POLL_SECONDS = 2.0

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: Optional settings per bot name, e.g. ``{"mcts": {"seconds": 0.2}}`` for quick tests.
BotSettings = dict[str, dict[str, Any]]


class TableError(Exception):
    """A request the server refuses, with a machine-readable code and an HTTP status.
    Nothing has changed when it is raised."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


class RateLimitedError(TableError):
    """Too many requests from one address: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__("rate_limited", message, 429)
        self.retry_after = retry_after


async def stored(call: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """Run a storage call in a thread; a database failure (disk full, read-only file, server
    gone) becomes a clear 503 that changed nothing, and the server keeps running."""
    try:
        return await asyncio.to_thread(call, *args, **kwargs)
    except SQLAlchemyError as error:
        logger.error("storage failed: %s", error)
        raise TableError(
            "storage_unavailable",
            "the server could not save or read the game just now; nothing changed: try again",
            503,
        ) from None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(eq=False)
class Client:
    """One connection to a table: the seats it proved it holds, and its outgoing messages.

    The queue is bounded: a client that stops reading is marked ``lagging`` once it is full,
    its queue is emptied, and the connection closes with a reason; it reconnects to a fresh
    position, so nothing is lost but the messages it did not read."""

    seats: tuple[int, ...]
    queue: asyncio.Queue[dict[str, Any]] = field(
        default_factory=lambda: asyncio.Queue(CLIENT_QUEUE_LIMIT)
    )
    log_sent: int = 0
    lagging: bool = False
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


#: Put in a lagging client's queue: its sender closes the connection.
LAGGING: dict[str, Any] = {"type": "error", "code": "too_slow"}


class Table:
    """One table in play. Its state is touched only on the event loop; bots get clones."""

    def __init__(self, manager: TableManager, record: TableRecord, state: State[Any]) -> None:
        self.manager = manager
        self.record = record
        self.state = state
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, str] = {
            seat.seat: seat.bot or "random" for seat in record.seats if seat.kind == "bot"
        }
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_error: str | None = None
        #: Each bot as its last move left it (pickled by its worker), for its next move.
        self.bot_memory: dict[int, bytes] = {}
        self.catch_up_task: asyncio.Task[None] | None = None
        self._catch_up_wanted = False
        self._replay_cursor: State[Any] | None = None
        self._changed = asyncio.Event()

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def turn(self) -> int:
        return len(self.state.history)

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
                raise TableError(
                    "bad_token", "this token does not open any seat of this table", 403
                )
            seats.update(match)
        return tuple(sorted(seats))

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the table."""
        connected = {seat for client in self.clients for seat in client.seats}
        info = game_class(self.record.game).info
        return {
            "id": self.id,
            "game": self.record.game,
            "name": info.name,
            "players": self.record.players,
            "options": self.record.options,
            "seats": [
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "bot": seat.bot,
                    "connected": seat.kind == "bot" or seat.seat in connected,
                }
                for seat in self.record.seats
            ],
            "spectators": sum(1 for client in self.clients if client.is_spectator),
            "turn": self.turn,
            "to_act": self.state.current_seat,
            "finished": self.state.is_over,
            "result": _result(self.state),
            "created": self.record.created,
            "listed": self.record.listed,
            "rematch": self.record.rematch,
            "bot_error": self.bot_error,
        }

    # ------------------------------------------------------------------ messages
    def message_for(self, client: Client) -> dict[str, Any]:
        """The position as ``client`` may see it, with the public events it has not seen."""
        state = self.state
        views: dict[str, Any] = {str(seat): state.observation(seat) for seat in client.seats}
        to_act = state.current_seat
        legal: dict[str, list[str]] = {}
        if to_act is not None and to_act in client.seats:
            legal[str(to_act)] = [str(action) for action in state.legal_actions()]
        viewer = client.seats[0] if len(client.seats) == 1 else None
        events = self.worded(state, state.log[client.log_sent :], viewer)
        message = {
            "type": "state",
            "table": self.summary(),
            "seats": list(client.seats),
            "turn": self.turn,
            "to_act": to_act,
            "over": state.is_over,
            "result": _result(state),
            "views": views,
            "public": state.observation(None),
            "legal": legal,
            "log_start": client.log_sent,
            "events": events,
        }
        client.log_sent = len(state.log)
        return message

    def worded(
        self, state: State[Any], events: list[dict[str, Any]], viewer: int | None
    ) -> list[dict[str, Any]]:
        """The events with their sentences for ``viewer`` (``None``: one who holds no seat or
        several), the seats named as the table names them: each keeps its code and fields
        and gains ``text``; the end of the game gains ``ending`` too, its reason alone."""
        names = [seat.name for seat in self.record.seats]
        teams = state.observation(None).get("teams") if events else None
        worded = []
        for event in events:
            text = describe(
                event,
                game_id=state.game.id,
                names=names,
                viewer=viewer,
                teams=teams if isinstance(teams, list) else None,
            )
            extra = {"text": text}
            if event.get("event") == "game_over":
                extra["ending"] = describe_ending(
                    event, game_id=state.game.id, names=names, viewer=viewer
                )
            worded.append({**event, **extra})
        return worded

    def join(self, seats: tuple[int, ...]) -> Client:
        if len(self.clients) >= MAX_CLIENTS_PER_TABLE:
            raise TableError(
                "table_full", f"a table takes at most {MAX_CLIENTS_PER_TABLE} connections", 503
            )
        client = Client(seats)
        self.clients.add(client)
        client.send(self.message_for(client))
        self._broadcast_presence(except_for=client)
        return client

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        self._broadcast_presence(except_for=None)
        self.manager.forget_if_idle(self)

    def _broadcast_presence(self, except_for: Client | None) -> None:
        summary = self.summary()
        for client in self.clients:
            if client is not except_for:
                client.send({"type": "table", "table": summary})

    def broadcast(self) -> None:
        for client in self.clients:
            client.send(self.message_for(client))

    # ------------------------------------------------------------------ playing
    async def act(self, seats: tuple[int, ...], action: Any, turn: Any) -> None:
        """Play ``action`` for the seat to act, if ``seats`` holds it and ``turn`` is the
        current turn. Raises ``TableError`` and changes nothing otherwise."""
        if not isinstance(action, str | int) or isinstance(action, bool):
            raise TableError("bad_request", 'an action is its text, e.g. "slide 5"')
        if isinstance(action, str) and len(action) > MAX_ACTION_TEXT:
            raise TableError("illegal", f"an action is at most {MAX_ACTION_TEXT} characters")
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise TableError(
                "bad_request", 'send the turn you saw (observation["turn"]) with the action'
            )
        async with self.lock:
            if self.state.is_over:
                raise TableError("game_over", "the game is over: no more actions", 409)
            if not seats:
                raise TableError("not_your_turn", "spectators cannot act", 403)
            if turn != self.turn:
                raise TableError(
                    "stale",
                    f"that action was for turn {turn}, but the game is at turn {self.turn}: "
                    "look at the new position",
                    409,
                )
            seat = self.state.current_seat
            assert seat is not None
            if seat not in seats:
                raise TableError(
                    "not_your_turn", f"it is {self.record.seats[seat].name}'s turn, not yours", 409
                )
            try:
                parsed = self.state.parse_action(action)
            except (NotationError, IllegalActionError) as error:
                raise TableError("illegal", f"not an action: {error}") from None
            await self._commit(seat, parsed)
        self.start_bots()

    async def _commit(self, seat: int, action: Action) -> None:
        """Apply, save, then tell everyone (the lock is held)."""
        candidate = self.state.clone()
        try:
            candidate.apply(action)
        except IllegalActionError as error:
            raise TableError("illegal", str(error)) from None
        try:
            await stored(
                self.manager.storage.record_move,
                self.id,
                self.turn,
                seat,
                str(action),
                finished=candidate.is_over,
                result=_result(candidate),
            )
        except StaleWriteError as error:
            await self._reload()
            raise TableError("stale", f"the table moved on: {error}", 409) from None
        self._moved_to(candidate)
        logger.info(
            "move", extra={"table": self.id, "turn": self.turn, "seat": seat, "action": str(action)}
        )

    def _moved_to(self, state: State[Any]) -> None:
        self.state = state
        self.broadcast()
        # Wake whoever waits for this table to move on (a bot loop of this process).
        self._changed.set()
        self._changed = asyncio.Event()

    async def _reload(self) -> None:
        """Catch up with the database, where another copy of this table wrote first."""
        record = await stored(self.manager.storage.load_table, self.id)
        if record is not None:
            self.record = record
            self._moved_to(await asyncio.to_thread(_replay, record))

    async def catch_up(self) -> None:
        """Play the moves that other processes saved since this copy's turn."""
        async with self.lock:
            actions = await stored(self.manager.storage.moves_since, self.id, self.turn)
            if not actions:
                return
            candidate = self.state.clone()
            try:
                for action in actions:
                    candidate.apply(action)
            except SequenzaError:
                await self._reload()
            else:
                self._moved_to(candidate)
        self.start_bots()

    def schedule_catch_up(self) -> None:
        """Catch up soon; announcements that arrive while catching up make it look again
        (its query may have run before their moves were saved)."""
        self._catch_up_wanted = True
        if self.catch_up_task is None or self.catch_up_task.done():
            self.catch_up_task = asyncio.create_task(self._catch_up_quietly())

    async def _catch_up_quietly(self) -> None:
        while self._catch_up_wanted:
            self._catch_up_wanted = False
            try:
                await self.catch_up()
            except TableError as error:  # the storage is away: the next announcement retries
                logger.warning("table %s could not catch up: %s", self.id, error.message)

    async def _wait_for_move(self, turn: int, timeout: float) -> None:
        """Until the table is past ``turn`` or ``timeout`` seconds pass."""
        changed = self._changed
        if self.turn == turn:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout)

    def start_bots(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            seat = self.state.current_seat
            if seat is not None and seat in self.bots:
                self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        retries = 0
        while True:
            seat = self.state.current_seat
            if seat is None or seat not in self.bots:
                break
            await asyncio.sleep(self.manager.bot_delay)
            snapshot = self.state.clone()
            if self.manager.storage.shared:
                claimed = await self._claim_bot_turn(snapshot)
                if not claimed:
                    # Another process thinks for this bot; if it dies, its claim runs out.
                    await self._wait_for_move(len(snapshot.history), BOT_CLAIM_POLL_SECONDS)
                    await self.catch_up()
                    continue
                renewing = asyncio.create_task(self._renew_claim(snapshot))
                try:
                    action = await self._bot_move(seat, snapshot)
                finally:
                    renewing.cancel()
            else:
                action = await self._bot_move(seat, snapshot)
            async with self.lock:
                if len(self.state.history) != len(snapshot.history):
                    continue
                try:
                    await self._commit(seat, action)
                except TableError as error:
                    if error.code != "storage_unavailable":
                        self._report_bot(seat, f"its move was refused: {error.message}")
                        break
                    # The disk is full or gone: say so, wait, and play on when it is back.
                    wait = STORAGE_RETRY_SECONDS[min(retries, len(STORAGE_RETRY_SECONDS) - 1)]
                    retries += 1
                    self._report_bot(seat, f"could not save its move; trying again in {wait:g} s")
                    await asyncio.sleep(wait)
                    continue
            retries = 0
            logger.info(
                "bot_move",
                extra={"table": self.id, "turn": len(snapshot.history), "bot": self.bots[seat]},
            )
            if self.bot_error is not None and self.bot_error.startswith(self._bot_name(seat)):
                self.bot_error = None
        self.manager.forget_if_idle(self)

    async def _bot_move(self, seat: int, snapshot: State[Any]) -> Action:
        """The bot's move, thought out in a worker process; if the bot fails, a random legal
        move instead, and the table says what happened."""
        bot = self.bots[seat]
        try:
            text, self.bot_memory[seat] = await self.manager.bot_workers.decide(
                bot,
                self.manager.bot_settings.get(bot, {}),
                new_seed(),
                snapshot.dumps(),
                self.bot_memory.get(seat, b""),
            )
            return snapshot.parse_action(text)
        except (BotFailure, SequenzaError) as error:
            logger.warning("bot %s of seat %s at table %s failed: %s", bot, seat, self.id, error)
            self._report_bot(seat, f"could not move ({error}); a random move was played for it")
            return random.Random(new_seed()).choice(snapshot.legal_actions())

    async def _claim_bot_turn(self, snapshot: State[Any]) -> bool:
        try:
            return await stored(
                self.manager.storage.claim_bot_turn,
                self.id,
                len(snapshot.history),
                self.manager.process_id,
                BOT_LEASE_SECONDS,
            )
        except TableError:
            return False  # the storage is away: nobody can save the move now anyway

    async def _renew_claim(self, snapshot: State[Any]) -> None:
        while True:
            await asyncio.sleep(BOT_LEASE_SECONDS / 3)
            await self._claim_bot_turn(snapshot)

    def _bot_name(self, seat: int) -> str:
        return self.record.seats[seat].name

    def _report_bot(self, seat: int, what: str) -> None:
        self.bot_error = f"{self._bot_name(seat)} {what}"
        self.broadcast()

    # ------------------------------------------------------------------ finished games
    def game_record(self) -> GameRecord:
        """The record, which holds the seed: public only once the game is over, since the
        seed tells every hidden card."""
        if not self.state.is_over:
            raise TableError(
                "not_finished", "the record is shown once the game is over (it tells the deal)", 409
            )
        return self.state.record()

    def replay_frame(self, turn: int) -> dict[str, Any]:
        """The position after ``turn`` actions of a finished game, as every seat saw it."""
        record = self.game_record()
        total = len(record.actions)
        if not 0 <= turn <= total:
            raise TableError("bad_request", f"turn {turn} is outside 0..{total}", 404)
        cursor = self._replay_cursor
        if cursor is None or len(cursor.history) > turn:
            cursor = make(record.game, record.players, record.seed, **record.options)
        while len(cursor.history) < turn:
            cursor.apply_unchecked(cursor.parse_action(record.actions[len(cursor.history)]))
        self._replay_cursor = cursor
        acting = [event["seat"] for event in cursor.log if event.get("event") == "action"]
        return {
            "type": "frame",
            "table": self.summary(),
            "turn": turn,
            "turns": total,
            "action": record.actions[turn - 1] if turn else None,
            "seat": acting[turn - 1] if turn else None,
            "to_act": cursor.current_seat,
            "views": {str(seat): cursor.observation(seat) for seat in range(record.players)},
            "public": cursor.observation(None),
            "log": self.worded(cursor, cursor.log, None),
        }


@dataclass(frozen=True)
class SeatRequest:
    kind: str
    name: str
    bot: str | None


class TableManager:
    """Every table of one database: creates them, loads them on demand, keeps the live ones."""

    def __init__(
        self,
        storage: Storage,
        *,
        bot_delay: float = 0.7,
        bot_settings: BotSettings | None = None,
        bot_workers: BotWorkers | None = None,
        max_live_tables: int = 2000,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.bot_settings: BotSettings = bot_settings or {}
        self.bot_workers = bot_workers or BotWorkers()
        self.max_live_tables = max_live_tables
        self.live: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self.token_factory: Callable[[], str] = lambda: secrets.token_urlsafe(24)
        #: Names this process in claims on bot turns, among every process of the database.
        self.process_id = f"{socket.gethostname()[:50]}:{os.getpid()}:{secrets.token_hex(4)}"

    async def close(self) -> None:
        """Stop the bots, let every move being saved finish, then close the storage."""
        for table in list(self.live.values()):
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await table.bot_task
        for table in list(self.live.values()):
            async with table.lock:  # a move in flight holds it until it is saved and sent
                pass
        self.bot_workers.close()
        self.storage.close()

    # ------------------------------------------------------------------ other processes
    def table_moved(self, table_id: str, turn: int) -> None:
        """Another process saved the move that brought ``table_id`` to ``turn``."""
        table = self.live.get(table_id)
        if table is not None and table.turn < turn:
            table.schedule_catch_up()

    def resync(self) -> None:
        """Announcements may have been missed: catch every live table up."""
        for table in list(self.live.values()):
            table.schedule_catch_up()

    # ------------------------------------------------------------------ creating
    async def create(self, request: Any) -> tuple[Table, dict[int, str]]:
        """A new table from a JSON request; returns it with the token of each person's seat."""
        if not isinstance(request, dict):
            raise TableError("bad_request", "a table is described by a JSON object")
        game_id = request.get("game")
        if not isinstance(game_id, str):
            raise TableError("bad_request", 'name the game: {"game": "sequentia-shift", ...}')
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise TableError("bad_request", "options are a JSON object of name: value")
        players = request.get("players")
        seed = request.get("seed")
        listed = request.get("listed", False)
        if not isinstance(listed, bool):
            raise TableError("bad_request", "listed is true (anyone may watch) or false")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
        ):
            raise TableError("bad_request", f"a seed is an integer from 0 to {MAX_SEED}")
        try:
            _check_web_options(game_id, options)
            game = make_game(game_id, players, **options)
        except SequenzaError as error:
            raise TableError("bad_option", str(error)) from None
        seats = self._seat_requests(request.get("seats"), game.players)
        tokens: dict[int, str] = {}
        records: list[SeatRecord] = []
        for number, seat in enumerate(seats):
            token_hash = None
            if seat.kind != "bot":
                tokens[number] = self.token_factory()
                token_hash = hash_token(tokens[number])
            records.append(SeatRecord(number, seat.kind, seat.name, seat.bot, token_hash))
        record = TableRecord(
            id=secrets.token_urlsafe(6),
            game=game.id,
            rules_version=game.info.rules_version,
            players=game.players,
            options=game.options.changed(),
            seed=new_seed() if seed is None else seed,
            seats=records,
            listed=listed,
        )
        state = game.new_initial_state(record.seed)
        self._make_room()
        await stored(self.storage.create_table, record)
        table = Table(self, record, state)
        self.live[record.id] = table
        logger.info("table_created", extra={"table": record.id, "game": record.game})
        table.start_bots()
        return table, tokens

    def _seat_requests(self, data: Any, players: int) -> list[SeatRequest]:
        if data is None:
            data = [{"kind": "hotseat"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        if not isinstance(data, list) or len(data) != players:
            raise TableError("bad_request", f"describe each of the {players} seats")
        bots = bot_names()
        seats = []
        for number, seat in enumerate(data):
            if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
                raise TableError(
                    "bad_request", f"seat {number}: its kind is one of {', '.join(SEAT_KINDS)}"
                )
            kind = seat["kind"]
            bot = seat.get("bot") if kind == "bot" else None
            if kind == "bot" and bot not in bots:
                raise TableError(
                    "bad_request", f"seat {number}: the bots are {', '.join(bots)}, not {bot!r}"
                )
            name = seat.get("name") or _default_name(number, kind, bot)
            if not isinstance(name, str) or len(name.strip()) == 0 or len(name) > MAX_NAME:
                raise TableError("bad_request", f"seat {number}: a name has 1-{MAX_NAME} letters")
            seats.append(SeatRequest(kind, name.strip(), bot))
        return seats

    async def rematch(self, table: Table, seats: tuple[int, ...]) -> Table:
        """The rematch of a finished ``table``, asked by a player holding ``seats``: the same
        game, options and people, a new deal, and the seats turned by one, so that the first
        player rotates. Every person's token opens their seat of the rematch too, so that the
        invitation links carry over. Asked twice, it is the same table."""
        if not seats:
            raise TableError(
                "not_your_table", "only a player of the table can ask for a rematch", 403
            )
        if not table.state.is_over:
            raise TableError("not_finished", "a rematch is offered once the game is over", 409)
        if table.record.rematch is not None:
            return await self.table(table.record.rematch)
        old = table.record
        count = old.players
        game = make_game(old.game, count, **old.options)
        record = TableRecord(
            id=secrets.token_urlsafe(6),
            game=old.game,
            rules_version=game.info.rules_version,
            players=count,
            options=dict(old.options),
            seed=new_seed(),
            seats=[
                SeatRecord(
                    number,
                    old.seats[(number + 1) % count].kind,
                    old.seats[(number + 1) % count].name,
                    old.seats[(number + 1) % count].bot,
                    old.seats[(number + 1) % count].token_hash,
                )
                for number in range(count)
            ],
            listed=old.listed,
        )
        self._make_room()
        rematch_id = await stored(self.storage.create_rematch, old.id, record)
        old.rematch = rematch_id
        table.broadcast()
        if rematch_id != record.id:  # another player asked first
            return await self.table(rematch_id)
        created = Table(self, record, game.new_initial_state(record.seed))
        self.live[record.id] = created
        logger.info(
            "table_created", extra={"table": record.id, "game": record.game, "rematch_of": old.id}
        )
        created.start_bots()
        return created

    # ------------------------------------------------------------------ finding
    async def table(self, table_id: str) -> Table:
        """The live table, loaded and replayed from the database if needed."""
        table = self.live.pop(table_id, None)
        if table is not None:
            self.live[table_id] = table  # the most recently used comes last
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            record = await stored(self.storage.load_table, table_id)
            if record is None:
                raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
            state = await asyncio.to_thread(_replay, record)
            self._make_room()
            table = Table(self, record, state)
            self.live[table_id] = table
        table.start_bots()
        return table

    @asynccontextmanager
    async def borrowed(self, table_id: str) -> AsyncIterator[Table]:
        """The table for one HTTP request: loaded if needed, and dropped from memory afterwards
        unless someone watches it or a bot plays there, so that a look does not pin it."""
        table = await self.table(table_id)
        try:
            yield table
        finally:
            self.forget_if_idle(table)

    def _make_room(self) -> None:
        """Keep at most ``max_live_tables`` in memory: drop the least recently used tables
        that nobody watches and no bot plays (the database keeps them); refuse when every
        table in memory is in use."""
        if len(self.live) < self.max_live_tables:
            return
        for table in list(self.live.values()):
            if not table.clients and (table.bot_task is None or table.bot_task.done()):
                self.forget(table)
                if len(self.live) < self.max_live_tables:
                    return
        raise TableError(
            "server_busy", "the server is holding as many tables as it can: try again soon", 503
        )

    def forget_if_idle(self, table: Table) -> None:
        """Drop a table nobody watches and no bot plays from memory (the database keeps it)."""
        task = table.bot_task
        playing = task is not None and not task.done() and task is not asyncio.current_task()
        if not table.clients and not playing:
            self.forget(table)

    def forget(self, table: Table) -> None:
        if self.live.get(table.id) is table:
            del self.live[table.id]

    async def list_tables(self, limit: int = 30) -> list[dict[str, Any]]:
        rows = await stored(self.storage.list_tables, limit)
        for row in rows:
            with contextlib.suppress(SequenzaError):
                row["name"] = game_class(row["game"]).info.name
        return rows


def _result(state: State[Any]) -> dict[str, Any] | None:
    result = state.result()
    return None if result is None else dict(result.to_json())


def _check_web_options(game_id: str, options: dict[str, Any]) -> None:
    """Options as a web request may set them: only the game's own names (``players`` or
    ``game_id`` would collide with the table's fields), and never one that names a file of
    the server (a teacher's deck comes as the deck itself, in ``deck``)."""
    specs = {spec.name: spec for spec in game_class(game_id).options_class.specs()}
    for name in options:
        spec = specs.get(name)
        if spec is None:
            raise TableError(
                "bad_option",
                f"unknown option {name!r}; this game's options are: " + ", ".join(sorted(specs)),
            )
        if spec.names_a_path:
            raise TableError(
                "option_not_allowed",
                f"{name} names a file of the server's machine, which the web app never opens: "
                "upload the file's contents instead",
            )


def _default_name(number: int, kind: str, bot: str | None) -> str:
    if kind == "bot":
        return f"{(bot or 'random').capitalize()} bot {number + 1}"
    return f"Player {number + 1}"


def _replay(record: TableRecord) -> State[Any]:
    try:
        return replay(
            GameRecord(
                game=record.game,
                rules_version=record.rules_version,
                players=record.players,
                options=record.options,
                seed=record.seed,
                actions=record.actions,
            )
        )
    except SequenzaError as error:
        raise TableError(
            "corrupt",
            f"table {record.id} was played under rules this version no longer plays, so it "
            f"cannot be shown ({error})",
            410,
        ) from None
