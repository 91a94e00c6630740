"""Every table of one database (``TableManager``): creating them, loading them on demand and
keeping the live ones in memory within bounds, seating the friends and visitors who claim or
take a seat. The rematches of finished games are a part of their own (``rematches``), which
the manager holds.

A table is created from a game, its player count, its options and one description per seat:

- ``bot``: a bot by name, playing on the server (in a worker process, so that neither the event
  loop nor the interpreter lock ever waits for a search);
- ``hotseat``: a person at the creator's screen (several hotseat seats share one device);
- ``invite``: a friend who joins with an invitation link;
- ``open``: anyone: the first visitor who takes it from the lobby's "Looking for players" list
  sits there (``TableManager.take``); while it stays empty, a person at the table may put a bot
  in it (``TableManager.fill_open``).

The tables held in memory are bounded: idle ones are dropped and replayed from the database
when next asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza import i18n
from sequenza.ai.base import bot_names
from sequenza.core.errors import SequenzaError, UnknownOptionError
from sequenza.core.registry import game_class, game_kit, make_game
from sequenza.core.rng import new_seed
from sequenza.core.table import ClockKind, ClockSettings, Entry, OnTimeout, TableHistory
from sequenza.i18n import SOURCE_LANGUAGE

from .api_models import ClockRequest, SeatRequest, TableRequest
from .bodies import validated
from .bot_workers import BotWorkers
from .errors import RateLimitedError, TableError, stored
from .final_look import FinalLook
from .histories import new_history, replay_table
from .identity import (
    MAX_TOKEN,
    check_table_id,
    checked_name,
    default_name,
    hash_token,
    new_table_id,
    player_hash,
)
from .rematches import Rematches
from .storage import (
    InviteError,
    Quota,
    QuotaExceededError,
    SeatRecord,
    SeatTakenError,
    Storage,
    TableRecord,
)
from .table_core import CHAT_KEPT
from .tables import Table

logger = logging.getLogger("sequenza.web")

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: Seconds an open seat may stay empty before the table says so and offers a bot for it.
OPEN_SEAT_WAIT = 120.0
#: When the tables in memory reach their limit, a table whose players have not moved nor come
#: back for this long may be put away even while someone is connected (they are sent away and
#: reconnect to it from the database): idle sockets cannot pin tables in memory.
STILL_TABLE_SECONDS = 300.0
#: Finished tables kept in memory after their last viewer left, for replays and looks.
FINISHED_KEPT = 64

#: Optional settings per bot name, e.g. ``{"mcts": {"seconds": 0.2}}`` for quick tests.
BotSettings = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class CheckedSeat:
    kind: str
    name: str
    bot: str | None


@dataclass(frozen=True)
class Created:
    """A new table, the tokens of the seats at its creator's screen, and the invitation code
    of each invited seat."""

    table: Table
    tokens: dict[int, str]
    invites: dict[int, str]


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
        #: Finished tables nobody looks at now, least recently used first: a game's record and
        #: replay are read again and again, and rebuilding a long game each time is costly.
        self.finished: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self.token_factory: Callable[[], str] = lambda: secrets.token_urlsafe(24)
        #: Deals a new table when its request brings no seed (the server's, never a visitor's
        #: choice once someone is invited; tests fix it to replay a known deal).
        self.seed_factory: Callable[[], int] = new_seed
        #: Seconds an open seat waits for a visitor before the table offers a bot for it.
        self.open_seat_wait = OPEN_SEAT_WAIT
        #: Names this process in claims on bot turns, among every process of the database.
        self.process_id = f"{socket.gethostname()[:50]}:{os.getpid()}:{secrets.token_hex(4)}"
        #: The rematches of finished tables: offered, answered and created there.
        self.rematches = Rematches(self)

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
    def table_moved(self, table_id: str, turn: int, entry: Entry | None = None) -> None:
        """Another process saved the move that brought ``table_id`` to ``turn``: ``entry``, as
        its announcement carried it (None: read it)."""
        table = self.live.get(table_id)
        if table is not None and table.turn < turn:
            table.schedule_catch_up(turn, entry)

    def resync(self) -> None:
        """Announcements may have been missed: catch every live table up."""
        for table in list(self.live.values()):
            table.schedule_catch_up()

    def seats_changed(self, table_id: str) -> None:
        """Another process seated an invited friend at ``table_id``: read its seats again and
        tell this process's screens (the creator's list of links shows the seat taken)."""
        table = self.live.get(table_id)
        if table is not None:
            task = asyncio.get_running_loop().create_task(self._reseat(table))
            _SEAT_REFRESHES.add(task)
            task.add_done_callback(_SEAT_REFRESHES.discard)

    def chat_said(self, table_id: str) -> None:
        """Another process saved a line of ``table_id``'s chat: tell this process's screens."""
        table = self.live.get(table_id)
        if table is not None:
            task = asyncio.get_running_loop().create_task(self._hear_chat(table))
            _SEAT_REFRESHES.add(task)
            task.add_done_callback(_SEAT_REFRESHES.discard)

    async def _hear_chat(self, table: Table) -> None:
        with contextlib.suppress(TableError):  # the database is away: the next line reads it
            await table.chat_caught_up()

    async def _reseat(self, table: Table) -> None:
        try:
            await self.refresh_seats(table)
            await table.hints_caught_up()
        except TableError:  # the database is away: the next join reads the seats anyway
            return
        table.broadcast()

    # ------------------------------------------------------------------ creating
    async def create(
        self,
        request: TableRequest | Mapping[str, Any],
        language: str = i18n.SOURCE_LANGUAGE,
        quota: Quota | None = None,
    ) -> Created:
        """A new table from a request (``TableRequest``, as the route validated it; a mapping,
        as a program writes one, is validated against the same model first): the token of
        each seat at the creator's screen and the invitation code of each invited seat (whose
        token only the friend who claims it will hold). Seats without a name are named in
        ``language``, the creator's. With a ``quota``, the creator's recent tables are
        counted in the database.

        The model has checked every field's type and range; what is refused here is what it
        cannot tell: the game's options (the game's options class checks them), a seat list
        of the wrong length, an unknown bot, a name, a seed with an invited seat."""
        if not isinstance(request, TableRequest):
            request = validated(TableRequest, request)
        try:
            _refuse_file_options(request.game, request.options)
            game = make_game(request.game, request.players, **request.options)
        except UnknownOptionError as error:
            raise TableError(
                "bad_option",
                "problem.unknown_option",
                name=repr(error.name),
                options=", ".join(error.known),
            ) from None
        except SequenzaError as error:
            raise TableError("bad_option", "problem.bad_option", detail=str(error)) from None
        # A learner's hint shows where a picked card can go and why, which the legal moves
        # already tell every player: nothing hidden, nothing decided for them, so a teacher
        # may turn it on at any table of a game whose view words it, online too.
        if request.learner_hints and not game_kit(game.id).learner_hints:
            raise TableError("bad_request", "problem.no_learner_hints", game=game.info.name)
        seats = self._seat_requests(request.seats, game.players, language)
        if request.seed is not None and any(seat.kind in ("invite", "open") for seat in seats):
            # Whoever knows the seed knows every card dealt: a friend must not play a creator
            # who chose it.
            raise TableError("seed_with_invite", "problem.seed_with_invite")
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        records: list[SeatRecord] = []
        for number, seat in enumerate(seats):
            token_hash = invite_hash = None
            if seat.kind == "invite":
                invites[number] = self.token_factory()
                invite_hash = hash_token(invites[number])
            elif seat.kind not in ("bot", "open"):
                tokens[number] = self.token_factory()
                token_hash = hash_token(tokens[number])
            records.append(
                SeatRecord(number, seat.kind, seat.name, seat.bot, token_hash, invite_hash)
            )
        record = TableRecord(
            id=new_table_id(),
            game=game.id,
            rules_version=game.info.rules_version,
            players=game.players,
            options=game.options.changed(),
            seed=self.seed_factory() if request.seed is None else request.seed,
            seats=records,
            listed=request.listed,
            clock=_clock_settings(request.clock),
            spectator_chat=request.spectator_chat,
            # Online, hints are chosen here only, so that every person sits down knowing they
            # are on; at one screen or against bots they may be switched on later
            # (``switch_hints_on``).
            hints=request.hints,
            learner_hints=request.learner_hints,
        )
        history = new_history(record, game.new_initial_state(record.seed))
        await self.save_new_table(self.storage.create_table, record, quota)
        return Created(self.open_table(record, history), tokens, invites)

    async def save_new_table(
        self, save: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs
    ) -> _R:
        """Make room in memory for one more table, then save it with ``save`` (a method of
        the storage that counts the creator's tables): over their quota, a rate limit."""
        self._make_room()
        try:
            return await stored(save, *args, **kwargs)
        except QuotaExceededError as error:
            raise RateLimitedError("problem.too_many_tables", error.retry_after) from None

    def open_table(
        self, record: TableRecord, history: TableHistory, rematch_of: str | None = None
    ) -> Table:
        """The live table of a new, saved ``record`` (the rematch of ``rematch_of``), its bots
        started."""
        table = Table(self, record, history)
        self.live[record.id] = table
        extra = {"table": record.id, "game": record.game}
        if rematch_of is not None:
            extra["rematch_of"] = rematch_of
        logger.info("table_created", extra=extra)
        table.start_bots()
        return table

    def _seat_requests(
        self,
        requested: list[SeatRequest] | None,
        players: int,
        language: str = i18n.SOURCE_LANGUAGE,
    ) -> list[CheckedSeat]:
        if requested is None:
            you = SeatRequest(kind="hotseat", bot=None, name=None)
            random_bot = SeatRequest(kind="bot", bot="random", name=None)
            requested = [you] + [random_bot] * (players - 1)
        if len(requested) != players:
            raise TableError("bad_request", "problem.table_seats", count=players)
        bots = bot_names()
        seats = []
        for number, seat in enumerate(requested):
            bot = seat.bot if seat.kind == "bot" else None
            if seat.kind == "bot" and bot not in bots:
                raise TableError(
                    "bad_request",
                    "problem.seat_bot",
                    number=number,
                    bots=", ".join(bots),
                    bot=repr(bot),
                )
            name = seat.name or default_name(number, seat.kind, bot, language)
            seats.append(CheckedSeat(seat.kind, checked_name(name, number), bot))
        return seats

    async def claim(self, table_id: str, invite: str, name: str | None = None) -> tuple[int, str]:
        """A friend opens an invitation: the seat it invites, and a fresh token for it that
        nobody else ever saw. Each invitation is claimed once (``invite_claimed`` after)."""
        check_table_id(table_id)
        if not 0 < len(invite) <= MAX_TOKEN:
            raise TableError("bad_invite", "problem.bad_invite", 403)
        cleaned = None if name is None else checked_name(name, None)
        token = self.token_factory()
        try:
            seat = await stored(
                self.storage.claim_invite, table_id, hash_token(invite), hash_token(token), cleaned
            )
        except InviteError as error:
            if error.claimed:
                raise TableError("invite_claimed", "problem.invite_claimed", 409) from None
            raise TableError("bad_invite", "problem.bad_invite", 403) from None
        table = self.live.get(table_id)
        if table is not None:
            await self.refresh_seats(table)
            table.broadcast()
        logger.info("invite_claimed", extra={"table": table_id, "seat": seat})
        return seat, token

    async def take(
        self, table_id: str, seat: int | None = None, name: str | None = None
    ) -> tuple[int, str]:
        """A visitor takes an open seat of the table (``seat``, else the first still empty):
        the seat's number and a fresh token for it. First come: a seat already taken is
        ``seat_taken``."""
        check_table_id(table_id)
        cleaned = None if name is None else checked_name(name, None)
        table = await self.table(table_id)
        if table.over:
            raise TableError("game_over", "problem.game_over", 409)
        token = self.token_factory()
        try:
            number = await stored(
                self.storage.take_open_seat, table_id, seat, hash_token(token), cleaned
            )
        except SeatTakenError:
            raise TableError("seat_taken", "problem.seat_taken", 409) from None
        await self.refresh_seats(table)
        table.broadcast()
        self.forget_if_idle(table)
        logger.info("open_seat_taken", extra={"table": table_id, "seat": number})
        return number, token

    async def fill_open(
        self, table: Table, seats: tuple[int, ...], bot: Any, language: str = SOURCE_LANGUAGE
    ) -> None:
        """A person at the table (``seats``) puts ``bot`` in every open seat nobody took."""
        if not seats:
            raise TableError("not_your_turn", "problem.spectators_cannot_act", 403)
        if table.over:
            raise TableError("game_over", "problem.game_over", 409)
        bots = bot_names()
        if bot not in bots:
            raise TableError("bad_request", "problem.fill_bot", bots=", ".join(bots), bot=repr(bot))
        empty = {
            seat.seat: (bot, default_name(seat.seat, "bot", bot, language))
            for seat in table.record.seats
            if seat.kind == "open" and seat.token_hash is None
        }
        if not empty:
            raise TableError("seat_taken", "problem.seat_taken", 409)
        await stored(self.storage.fill_open_seats, table.id, empty)
        await table.seated_bots()

    async def remember_player(self, table: Table, seats: tuple[int, ...], key: Any) -> None:
        """The player key ``key`` plays the people's ``seats`` it holds at ``table``: the
        game joins its history ("My games") once it is over."""
        hashed = player_hash(key)
        people = [seat for seat in seats if table.record.seats[seat].kind != "bot"]
        if people:
            await stored(self.storage.remember_player, hashed, table.id, people)

    async def player_games(self, key: Any) -> list[dict[str, Any]]:
        """The finished games of the player key ``key``, newest first, with their names."""
        rows = await stored(self.storage.player_games, player_hash(key))
        for row in rows:
            with contextlib.suppress(SequenzaError):
                row["name"] = game_class(row["game"]).info.name
        return rows

    async def list_open_tables(self, limit: int = 20) -> list[dict[str, Any]]:
        rows = await stored(self.storage.list_open_tables, limit)
        for row in rows:
            with contextlib.suppress(SequenzaError):
                row["name"] = game_class(row["game"]).info.name
        return rows

    async def seats_for(self, table: Table, tokens: list[str]) -> tuple[int, ...]:
        """``Table.seats_for_tokens``, after reading the seats again when a token opens none
        while an invitation is open: another process may have seated the friend meanwhile."""
        try:
            return table.seats_for_tokens(tokens)
        except TableError as error:
            waiting = any(
                (seat.invite_hash is not None or seat.kind == "open") and seat.token_hash is None
                for seat in table.record.seats
            )
            if error.code != "bad_token" or not waiting:
                raise
        await self.refresh_seats(table)
        return table.seats_for_tokens(tokens)

    async def refresh_seats(self, table: Table) -> None:
        """Read ``table``'s seats again: another process may have seated someone there."""
        seats = await stored(self.storage.load_seats, table.id)
        if len(seats) == len(table.record.seats):
            table.record.seats = seats

    # ------------------------------------------------------------------ finding
    async def table(self, table_id: str) -> Table:
        """The live table, loaded and replayed from the database if needed."""
        check_table_id(table_id)
        table = self.live.pop(table_id, None)
        if table is not None:
            self.live[table_id] = table  # the most recently used comes last
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            table = self.finished.pop(table_id, None)
            if table is not None:
                self._make_room()
                self.live[table_id] = table
                return table
            record = await stored(self.storage.load_table, table_id, look=True)
            if record is None:
                raise TableError(
                    "unknown_table", "problem.unknown_table", 404, table=repr(table_id)
                )
            look = None
            if record.look is not None:
                look = FinalLook.from_json(record.look, record.players)
                if look is None:  # not a look this code saved: read the moves after all
                    record = await stored(self.storage.load_table, table_id)
                    if record is None:
                        raise TableError(
                            "unknown_table", "problem.unknown_table", 404, table=repr(table_id)
                        )
            # A finished game served from its last look is replayed only when its record or
            # a replay asks for the whole game; others are replayed now, in a thread.
            history = None if look is not None else await asyncio.to_thread(replay_table, record)
            if history is not None and history.over and record.look is None:
                await self._keep_look(table_id, history)
            chat = await stored(self.storage.load_chat, table_id, CHAT_KEPT)
            self._make_room()
            table = Table(self, record, history, look)
            table.chat.extend(chat)
            table.chat_next = chat[-1].number + 1 if chat else 0
            self.live[table_id] = table
        table.start_bots()
        return table

    async def _keep_look(self, table_id: str, history: TableHistory) -> None:
        """Save the last look of a game that ended before looks were kept, just replayed, so
        that its next first look is read. Best effort: a database that cannot be written now
        (full, read-only) serves the game as before, and the next load tries again."""
        look = FinalLook.of(history).to_json()
        try:
            await stored(self.storage.save_look, table_id, look)
        except TableError:  # ``stored`` logged the database's error
            logger.warning("the last look of table %s was not kept", table_id)

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
        """Keep at most ``max_live_tables`` in memory (the database keeps them all). First
        drop the least recently used tables that nobody watches and no bot plays; then put away
        the tables with no player connected, or with no move nor player come for
        ``STILL_TABLE_SECONDS``, least recently active first, sending their connections away
        (they reconnect and load the table again). Only when every table in memory is in play
        is a new one refused."""
        if len(self.live) < self.max_live_tables:
            return
        for table in list(self.live.values()):
            if not table.clients and not table.bot_thinking:
                self.forget(table)
                if len(self.live) < self.max_live_tables:
                    return
        now = time.monotonic()
        still = sorted(
            (
                table
                for table in self.live.values()
                if not table.bot_thinking
                and (
                    all(client.is_spectator for client in table.clients)
                    or now - table.last_active >= STILL_TABLE_SECONDS
                )
            ),
            key=lambda table: table.last_active,
        )
        for table in still:
            logger.info("table_put_away", extra={"table": table.id})
            for client in list(table.clients):
                client.dismiss()
            self.forget(table)
            if len(self.live) < self.max_live_tables:
                return
        raise TableError("server_busy", "problem.server_busy", 503)

    def forget_if_idle(self, table: Table) -> None:
        """Drop a table nobody watches and no bot plays from memory (the database keeps it)."""
        task = table.bot_task
        playing = task is not None and not task.done() and task is not asyncio.current_task()
        if not table.clients and not playing:
            self.forget(table)
            if table.over:
                self.finished.pop(table.id, None)
                self.finished[table.id] = table
                while len(self.finished) > FINISHED_KEPT:
                    del self.finished[next(iter(self.finished))]

    def forget(self, table: Table) -> None:
        if self.live.get(table.id) is table:
            del self.live[table.id]
            # A clock nobody watches runs out when the table is next loaded.
            if table.clock_task is not None:
                table.clock_task.cancel()

    async def list_tables(self, limit: int = 30) -> list[dict[str, Any]]:
        rows = await stored(self.storage.list_tables, limit)
        for row in rows:
            with contextlib.suppress(SequenzaError):
                row["name"] = game_class(row["game"]).info.name
        return rows


def _refuse_file_options(game_id: str, options: Mapping[str, Any]) -> None:
    """No web request may set an option that names a file of the server (a teacher's deck
    comes as the deck itself, in ``deck``). Whether the names are the game's own is the
    options class's to say (``UnknownOptionError``): ``players`` or ``game_id`` are none."""
    for spec in game_class(game_id).options_class.specs():
        if spec.names_a_path and spec.name in options:
            raise TableError("option_not_allowed", "problem.option_names_a_file", name=spec.name)


def _clock_settings(clock: ClockRequest | None) -> ClockSettings:
    """The table's clock from its request (none: no clock); the model checked its ranges,
    the same as ``ClockSettings``'."""
    if clock is None:
        return ClockSettings()
    return ClockSettings(
        ClockKind(clock.kind),
        clock.move_seconds,
        clock.game_minutes,
        clock.increment_seconds,
        OnTimeout(clock.on_timeout),
    )


#: Seat refreshes under way, held so that none is collected before it ends.
_SEAT_REFRESHES: set[asyncio.Task[None]] = set()
