"""Live tables: a game, its seats, the people connected to it and the bots that play in it.

A table is created from a game, its player count, its options and one description per seat:

- ``bot``: a bot by name, playing on the server (in a worker thread, so that the event loop
  never waits for a search);
- ``hotseat``: a person at the creator's screen (several hotseat seats share one device);
- ``invite``: a friend who joins with an invitation link.

Every seat held by a person has a secret token, handed out once when the table is created;
the server keeps only its hash. A client proves which seats it holds with their tokens, and
receives the observation of those seats only (spectators receive the public view). Every
action is saved before anyone hears of it, so a restart replays the table as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.ai.base import Bot, bot_names, make_bot
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, SequenzaError
from sequenza.core.game import GameRecord, State
from sequenza.core.registry import game_class, make, make_game, replay
from sequenza.core.rng import new_seed

from .storage import SeatRecord, StaleWriteError, Storage, TableRecord

logger = logging.getLogger("sequenza.web")

SEAT_KINDS = ("hotseat", "invite", "bot")
MAX_NAME = 40

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


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(eq=False)
class Client:
    """One connection to a table: the seats it proved it holds, and its outgoing messages."""

    seats: tuple[int, ...]
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    log_sent: int = 0

    @property
    def is_spectator(self) -> bool:
        return not self.seats


class Table:
    """One table in play. Its state is touched only on the event loop; bots get clones."""

    def __init__(self, manager: TableManager, record: TableRecord, state: State[Any]) -> None:
        self.manager = manager
        self.record = record
        self.state = state
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[int, Bot] = {
            seat.seat: make_bot(
                seat.bot or "random",
                seed=new_seed(),
                **manager.bot_settings.get(seat.bot or "", {}),
            )
            for seat in record.seats
            if seat.kind == "bot"
        }
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_error: str | None = None
        self._replay_cursor: State[Any] | None = None

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
        events = state.log[client.log_sent :]
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

    def join(self, seats: tuple[int, ...]) -> Client:
        client = Client(seats)
        self.clients.add(client)
        client.queue.put_nowait(self.message_for(client))
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
                client.queue.put_nowait({"type": "table", "table": summary})

    def broadcast(self) -> None:
        for client in self.clients:
            client.queue.put_nowait(self.message_for(client))

    # ------------------------------------------------------------------ playing
    async def act(self, seats: tuple[int, ...], action: Any, turn: Any) -> None:
        """Play ``action`` for the seat to act, if ``seats`` holds it and ``turn`` is the
        current turn. Raises ``TableError`` and changes nothing otherwise."""
        if not isinstance(action, str | int) or isinstance(action, bool):
            raise TableError("bad_request", 'an action is its text, e.g. "slide 5"')
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
            except NotationError as error:
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
            await asyncio.to_thread(
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
        self.state = candidate
        self.broadcast()

    async def _reload(self) -> None:
        """Catch up with the database, where another copy of this table wrote first."""
        record = await asyncio.to_thread(self.manager.storage.load_table, self.id)
        if record is not None:
            self.record = record
            self.state = await asyncio.to_thread(_replay, record)
            self.broadcast()

    def start_bots(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            seat = self.state.current_seat
            if seat is not None and seat in self.bots:
                self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            seat = self.state.current_seat
            if seat is None or seat not in self.bots:
                break
            await asyncio.sleep(self.manager.bot_delay)
            snapshot = self.state.clone()
            try:
                action = await loop.run_in_executor(
                    self.manager.executor, self.bots[seat].act, snapshot
                )
            except Exception as error:  # a broken bot must not take the server down
                logger.exception("bot of seat %s at table %s failed", seat, self.id)
                self.bot_error = f"the bot of seat {seat} failed: {error!r}"
                self.broadcast()
                break
            async with self.lock:
                if len(self.state.history) != len(snapshot.history):
                    continue
                try:
                    await self._commit(seat, action)
                except TableError as error:
                    self.bot_error = f"the bot of seat {seat} failed: {error.message}"
                    self.broadcast()
                    break
        self.manager.forget_if_idle(self)

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
            "log": cursor.log,
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
        bot_workers: int = 2,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.bot_settings: BotSettings = bot_settings or {}
        self.executor = ThreadPoolExecutor(bot_workers, thread_name_prefix="sequenza-bot")
        self.live: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self.token_factory: Callable[[], str] = lambda: secrets.token_urlsafe(24)

    async def close(self) -> None:
        for table in list(self.live.values()):
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await table.bot_task
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.storage.close()

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
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise TableError("bad_request", "a seed is a non-negative integer")
        try:
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
        )
        state = game.new_initial_state(record.seed)
        await asyncio.to_thread(self.storage.create_table, record)
        table = Table(self, record, state)
        self.live[record.id] = table
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

    # ------------------------------------------------------------------ finding
    async def table(self, table_id: str) -> Table:
        """The live table, loaded and replayed from the database if needed."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            record = await asyncio.to_thread(self.storage.load_table, table_id)
            if record is None:
                raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
            state = await asyncio.to_thread(_replay, record)
            table = Table(self, record, state)
            self.live[table_id] = table
        table.start_bots()
        return table

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
        rows = await asyncio.to_thread(self.storage.list_tables, limit)
        for row in rows:
            with contextlib.suppress(SequenzaError):
                row["name"] = game_class(row["game"]).info.name
        return rows


def _result(state: State[Any]) -> dict[str, Any] | None:
    result = state.result()
    return None if result is None else dict(result.to_json())


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
            "corrupt", f"table {record.id} cannot be replayed by this version: {error}", 500
        ) from None
