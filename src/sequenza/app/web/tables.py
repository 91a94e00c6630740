"""Live tables: a game, its seats, the people connected to it and the bots that play in it.

A table is made and found by its manager (``table_manager``); here it plays.

Each person may name their own seat (``Table.rename``, or a join that carries a name), and the
people at a table talk in its chat (``Table.say``): lines are cleaned and bounded, saved with
the table at the turn they were said (the replay shows them there), sent to every screen apart
from the game's messages (never in a seat's view), and written by spectators only when the
table allows it.

A table's history holds its moves and its own entries (``sequenza.core.table``): a seat may
resign, a clock chosen at creation may run out (a bot then plays the move, or the seat loses,
as the table's creator chose), and a person may take back their last move (with the bots'
moves after it) when it showed them no hidden card; online, the other people are asked first.

Every seat held by a person has a secret token (``identity``). A client proves which seats
it holds with their tokens, and receives the observation of those seats only (spectators
receive the public view). Every action is saved before anyone hears of it, so a restart
replays the table as it was; a move that cannot be saved is refused to its player and shown
to nobody.

Everything is bounded: messages waiting for a client (``fanout``), the tables held in memory
(``table_manager``), and the spectators of a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import sequenza.ai  # noqa: F401  (registers the built-in bots)
from sequenza.ai.hints import hint_level
from sequenza.core.actions import Action
from sequenza.core.errors import IllegalActionError, NotationError, SequenzaError
from sequenza.core.game import GameRecord, State
from sequenza.core.registry import game_class, replay
from sequenza.core.rng import new_seed
from sequenza.core.table import (
    TABLE_EVENTS,
    Entry,
    EntryKind,
    OnTimeout,
    TableHistory,
    UndoRefusal,
)
from sequenza.i18n import SOURCE_LANGUAGE
from sequenza.text import describe, describe_ending

from . import metrics
from .bot_workers import BotFailure
from .errors import PagePhrase, TableError, stored
from .fanout import Broadcast, Client
from .final_look import FinalLook
from .identity import (
    checked_name,
    clean_name,
    hash_token,
)
from .storage import (
    ChatLine,
    StaleWriteError,
    TableRecord,
)

if TYPE_CHECKING:
    from .table_manager import TableManager

logger = logging.getLogger("sequenza.web")

#: The longest chat line, in characters once cleaned; a line sent longer than four times this
#: is refused before it is cleaned at all.
MAX_CHAT = 200
#: The chat lines a table keeps in memory: a screen that joins (or comes back) gets these.
CHAT_KEPT = 50
#: The chat lines one table may ever save: rate limits slow a talker down, this bounds a table
#: that is left open for days.
MAX_CHAT_LINES = 2000
#: The quick phrases: each screen words them in its reader's language (``chat.phrase_<id>``).
CHAT_PHRASES = ("good_game", "your_turn", "well_played", "good_luck", "thanks")
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
#: Replays: a position kept every so many entries, and the frames kept per table.
REPLAY_MARK_EVERY = 16
REPLAY_FRAMES_KEPT = 32
#: Waits before a bot whose move could not be saved tries again (the storage came back?).
STORAGE_RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)
#: On a shared database, how long a process's claim on a bot's turn lasts unless renewed:
#: a process that dies while its bot thinks leaves the turn to another one this soon.
BOT_LEASE_SECONDS = 6.0
#: How often a process that could not claim a bot's turn looks again.
BOT_CLAIM_POLL_SECONDS = 2.0
#: The bot that plays for a seat that is out, or whose time ran out.
STAND_IN_BOT = "greedy"
#: A game's moves past which its bots stop and the table says so. No game of the rules comes
#: near it (the simulator stops a game there too, ``Simulation.max_actions``): a table past it
#: is caught in a loop its rules let bots play for ever (an option's or a mode file's), and its
#: bots would otherwise hold a worker and write a move a moment until the server stops.
MOST_BOT_TABLE_MOVES = 20_000
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


class Table:
    """One table in play. Its state is touched only on the event loop; bots get clones.

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
        self._catch_up_wanted = False
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
        return _outcome(self._history)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The table's log: the game's events and the table's own, before they are worded."""
        return self.look.log if self._history is None and self.look else self.history.log

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

    # ------------------------------------------------------------------ names and chat
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

    async def hint(self, client: Client) -> dict[str, Any]:
        """A ``hint`` message for the seat of ``client`` whose turn it is: the move the
        strongest cheap level would play (``hints.hint_level``), decided in a bot worker from
        that seat's view only, and the reason in codes the page words. Counted for the seat
        in the table's record. Refused when the table has no hints or it is not the turn of a
        person at this screen."""
        if not self.record.hints and self.manager.storage.shared:
            # A screen on another process may have switched them on a moment ago.
            await self.hints_caught_up()
        if not self.record.hints:
            raise TableError("hints_off", "problem.hints_off", 403)
        seat = self.to_act
        if seat is None or seat not in client.seats or self.record.seats[seat].kind == "bot":
            raise TableError("not_your_turn", "problem.hint_not_your_turn", 409)
        turn = self.turn
        level = hint_level(self.record.game)
        # The same position gives the same hint, whoever asks again: seeded by table, turn
        # and seat (a hash of the table's seed, which the hint never sends).
        seed = random.Random(f"{self.record.seed}:{turn}:{seat}").getrandbits(62)
        try:
            found = await self.manager.bot_workers.hint(
                level, self.manager.bot_settings.get(level, {}), seed, self.state.dumps()
            )
        except BotFailure as error:
            logger.warning("a hint at table %s failed: %s", self.id, error)
            raise TableError("hint_failed", "problem.hint_failed", 503) from None
        used = await stored(self.manager.storage.count_hint, self.id, seat)
        self.record.seats = [
            replace(one, hints_used=used) if one.seat == seat else one for one in self.record.seats
        ]
        self._broadcast_presence(except_for=None)
        return {"type": "hint", "seat": seat, "turn": turn, "hints_used": used, **found}

    @property
    def hints_switchable(self) -> bool:
        """Whether a person at the table may switch hints on during the game: when every
        person's seat is at one screen, or one person plays bots. Online, with other people,
        hints are on only if chosen as the table was made, which everyone sat down knowing."""
        people = [seat for seat in self.record.seats if seat.kind != "bot"]
        return len(people) <= 1 or all(seat.kind == "hotseat" for seat in people)

    async def switch_hints_on(self, client: Client) -> None:
        """A person at the table switches hints on for the rest of the game, where that is
        allowed (``hints_switchable``): saved with the turn it happened at, which the record
        shows, and told to every screen. On already, nothing changes."""
        if client.is_spectator:
            raise TableError("not_your_table", "problem.not_your_table", 403)
        if self.over:
            raise TableError("game_over", "problem.game_over", 409)
        if self.record.hints:
            return
        if not self.hints_switchable:
            raise TableError("hints_not_allowed", "problem.hints_not_allowed", 403)
        since = await stored(self.manager.storage.switch_hints_on, self.id, self.turn)
        self.record.hints, self.record.hints_from = True, since
        logger.info("hints_switched_on", extra={"table": self.id, "turn": since})
        # The whole position, not the summary alone: each screen draws its hint button anew.
        self.broadcast()

    async def hints_caught_up(self) -> None:
        """Read whether hints are on (another process may have switched them on)."""
        hints, since = await stored(self.manager.storage.load_hints, self.id)
        if hints and not self.record.hints:
            self.record.hints, self.record.hints_from = True, since
            self.broadcast()

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
            "public": shared.view(None),
            "legal": legal,
            "log_start": client.log_sent,
            "events": shared.events(client.log_sent, viewer, client.lang),
            "clock": shared.clock,
            "undo": self._undo_for(client),
        }
        client.log_sent = len(self.log)
        return message

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
        ``public``: the public view of the position (it names the teams)."""
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
        self.manager.forget_if_idle(self)

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
            raise TableError("bad_request", "problem.action_text", example='"slide 5"')
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
        questions = (EntryKind.UNDO_REQUEST, EntryKind.UNDO_ACCEPT, EntryKind.UNDO_REFUSE)
        return 0 <= turn <= self.turn and all(
            entry.kind in questions for entry in self.history.entries[turn:]
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
                result=_outcome(candidate),
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

    async def catch_up(self) -> None:
        """Add the entries that other processes saved since this copy's turn."""
        if self._history is None:
            return  # read finished: nothing comes after the last entry
        async with self.lock:
            entries = await stored(self.manager.storage.moves_since, self.id, self.turn)
            if not entries:
                return
            candidate = self.history.copy()
            try:
                for entry in entries:
                    candidate.add(entry)
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

    def _bot_for(self, seat: int | None) -> str | None:
        """The bot that plays ``seat`` now: its own, or a stand-in for a seat that is out."""
        if seat is None:
            return None
        if seat in self.bots:
            return self.bots[seat]
        return STAND_IN_BOT if seat in self.out else None

    @property
    def bot_thinking(self) -> bool:
        """Whether a bot of this table is playing (its loop runs)."""
        return self.bot_task is not None and not self.bot_task.done()

    def start_bots(self) -> None:
        self._schedule_clock()
        idle = self.bot_task is None or self.bot_task.done()
        if idle and self._bot_for(self.to_act) is not None:
            self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        """Play the bots' turns until a person is to act. Trouble never stops the bots in
        silence: the table says what went wrong (``bot_error``), and the turn is tried again
        after a pause that grows, until it is played (the database came back) or the game
        moved on."""
        retries = 0
        while True:
            seat = self.to_act
            bot = self._bot_for(seat)
            if seat is None or bot is None:
                break
            if self.turn >= MOST_BOT_TABLE_MOVES:
                logger.warning("the bots of table %s stop at move %d", self.id, self.turn)
                self._report_bot(seat, "endless", moves=self.turn)
                break
            try:
                played = await self._play_bot_turn(seat, bot)
            except TableError as error:
                if error.code != "storage_unavailable":
                    self._report_bot(seat, "move_refused", detail=error.message)
                    break
                code = "not_saved"
            except Exception:  # a bug must not stop this table's bots for good
                logger.exception("the bots of table %s stumbled", self.id)
                code = "stalled"
            else:
                retries = 0
                problem = self.bot_error
                if played and problem is not None and problem["bot"] == self._bot_name(seat):
                    self.bot_error = None
                continue
            # The disk is full or the database away: say so, wait, and play on when it is back.
            wait = STORAGE_RETRY_SECONDS[min(retries, len(STORAGE_RETRY_SECONDS) - 1)]
            retries += 1
            self._report_bot(seat, code, seconds=wait)
            await asyncio.sleep(wait)
        self.manager.forget_if_idle(self)

    async def _play_bot_turn(self, seat: int, bot: str) -> bool:
        """Think out and save one bot move for ``seat``; False when the turn was left (another
        process plays it, or the table moved on meanwhile). Raises ``TableError`` when the
        storage cannot be read or written."""
        await asyncio.sleep(self.manager.bot_delay)
        snapshot = self.state.clone()
        turn = self.turn
        if self.manager.storage.shared:
            if not await self._claim_bot_turn(turn):
                # Another process thinks for this bot; if it dies, its claim runs out.
                await self._wait_for_move(turn, BOT_CLAIM_POLL_SECONDS)
                await self.catch_up()
                return False
            renewing = asyncio.create_task(self._renew_claim(turn))
            try:
                action = await self._bot_move(seat, snapshot, bot)
            finally:
                renewing.cancel()
        else:
            action = await self._bot_move(seat, snapshot, bot)
        async with self.lock:
            if self.turn != turn:
                return False
            kind = EntryKind.MOVE if seat in self.bots else EntryKind.STAND_IN
            await self._commit(self._entry(kind, seat, str(action)))
        logger.info("bot_move", extra={"table": self.id, "turn": turn, "bot": bot})
        return True

    async def _bot_move(self, seat: int, snapshot: State[Any], bot: str) -> Action:
        """The move of ``bot`` for ``seat``, thought out in a worker process; if the bot
        fails, a random legal move instead, and the table says what happened."""
        try:
            text, self.bot_memory[seat] = await self.manager.bot_workers.decide(
                bot,
                self.manager.bot_settings.get(bot, {}),
                new_seed(),
                snapshot.dumps(),
                self.bot_memory.get(seat, b""),
                urgent=any(other.kind != "bot" for other in self.record.seats),
            )
            return snapshot.parse_action(text)
        except (BotFailure, SequenzaError) as error:
            metrics.BOT_FAILURES.inc()
            logger.warning("bot %s of seat %s at table %s failed: %s", bot, seat, self.id, error)
            self._report_bot(seat, "failed", detail=str(error))
            return random.Random(new_seed()).choice(snapshot.legal_actions())

    async def _claim_bot_turn(self, turn: int) -> bool:
        try:
            return await stored(
                self.manager.storage.claim_bot_turn,
                self.id,
                turn,
                self.manager.process_id,
                BOT_LEASE_SECONDS,
            )
        except TableError:
            return False  # the storage is away: nobody can save the move now anyway

    async def _renew_claim(self, turn: int) -> None:
        while True:
            await asyncio.sleep(BOT_LEASE_SECONDS / 3)
            await self._claim_bot_turn(turn)

    # ------------------------------------------------------------------ the clock
    def _schedule_clock(self) -> None:
        """Watch the clock of the seat to act, if one runs: every process that holds the table
        does, and the first to save the time-out wins (the others find the turn taken)."""
        deadline = None if self._history is None else self._history.deadline()
        task = self.clock_task
        running = task is not None and not task.done()
        if running and deadline is not None and self._clock_for == (self.turn, deadline):
            return
        if task is not None and running and task is not asyncio.current_task():
            task.cancel()
        self.clock_task = None
        if deadline is not None:
            self._clock_for = (self.turn, deadline)
            self.clock_task = asyncio.create_task(self._run_clock(self.turn, deadline))

    async def _run_clock(self, turn: int, deadline: float) -> None:
        retries = 0
        await asyncio.sleep(max(0.0, deadline - time.time()))
        while self.turn == turn:
            try:
                await self._time_out(turn)
                return
            except TableError as error:
                if error.code != "storage_unavailable":
                    return  # another process saved first: the table moved on
                wait = STORAGE_RETRY_SECONDS[min(retries, len(STORAGE_RETRY_SECONDS) - 1)]
                retries += 1
                await asyncio.sleep(wait)

    async def _time_out(self, turn: int) -> None:
        """The seat to act ran out of time: a bot moves for it, or it loses, as the table's
        creator chose."""
        seat = self.history.to_act
        if seat is None:
            return
        action = ""
        kind = EntryKind.TIME_OUT
        if self.record.clock.on_timeout is OnTimeout.BOT:
            kind = EntryKind.TIME_MOVE
            action = str(await self._bot_move(seat, self.state.clone(), STAND_IN_BOT))
        async with self.lock:
            if self.turn != turn:
                return
            await self._commit(self._entry(kind, seat, action))
        logger.info("time_out", extra={"table": self.id, "turn": turn, "seat": seat})
        self.start_bots()

    async def seated_bots(self) -> None:
        """Read the table again after bots took its open seats, and let them play."""
        async with self.lock:
            await self._reload()
            self.bots = {
                seat.seat: seat.bot or "random" for seat in self.record.seats if seat.kind == "bot"
            }
        self.start_bots()

    def _bot_name(self, seat: int) -> str:
        return self.record.seats[seat].name

    def _report_bot(self, seat: int, code: str, **fields: Any) -> None:
        self.bot_error = {"code": code, "bot": self._bot_name(seat), **fields}
        self.broadcast()

    # ------------------------------------------------------------------ finished games
    def game_record(self) -> dict[str, Any]:
        """The record, which holds the seed: public only once the game is over, since the
        seed tells every hidden card. ``actions`` are the moves in force (the game record);
        ``history`` every entry of the table, resignations and moves taken back included."""
        if not self.over:
            raise TableError("not_finished", "problem.record_not_finished", 409)
        record: dict[str, Any] = self.state.record().to_json()
        record["history"] = [_entry_json(entry) for entry in self.history.entries]
        record["result"] = _outcome(self.history)
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
            "result": _outcome(cursor),
            "out": sorted(cursor.standing.out),
            "views": {str(seat): state.observation(seat) for seat in range(state.players)},
            "public": public,
            "log": self.worded(cursor.log, None, lang, public),
        }


def _outcome(history: TableHistory) -> dict[str, Any] | None:
    outcome = history.outcome
    return None if outcome is None else dict(outcome.to_json())


def _entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "kind": entry.kind.value,
        "seat": entry.seat,
        "action": entry.action,
        "elapsed": entry.elapsed,
        "at": entry.at,
    }


def new_history(record: TableRecord, initial: State[Any]) -> TableHistory:
    bots = frozenset(seat.seat for seat in record.seats if seat.kind == "bot")
    return TableHistory(initial, bots, record.clock)


def replay_table(record: TableRecord) -> TableHistory:
    try:
        initial = replay(
            GameRecord(
                game=record.game,
                rules_version=record.rules_version,
                players=record.players,
                options=record.options,
                seed=record.seed,
            )
        )
        history = new_history(record, initial)
        for entry in record.entries:
            history.add(entry)
        return history
    except SequenzaError as error:
        raise TableError(
            "corrupt", "problem.corrupt", 410, detail=str(error), table=record.id
        ) from None
