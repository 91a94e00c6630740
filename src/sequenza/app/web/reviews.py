"""A review after the game, asked for by a player of a finished table: each of that seat's own
moves against the strongest level's choice, by the win chance it cost (``sequenza.ai.review``).

``POST /api/tables/{id}/review`` with ``{"token", "seat"?}`` (``?lang=it`` or Accept-Language
words the moves): an HTTP request, not a websocket message, because the end screen and the
replay both ask for it alike (the replay reads its frames over HTTP too), because a review
takes a second or a few and a socket's messages wait behind the one it answers, and because
the token travels in the body, never in an address that logs keep.

Who may ask, and for what:

- only once the game is over (409 ``not_finished``): a review names better moves;
- only a person for a seat their token opens (403 ``bad_token`` otherwise, a spectator's
  empty token too), and only that seat's own moves (a bot's stand-in moves for it are not
  the player's). A spectator may review nobody: a review is worked out from one seat's
  information, for its player, and a request that anybody could make would let anybody
  keep the bot workers busy;
- each review is the work of a bot worker (the server's event loop only words it), bounded
  (``review.MAX_DECISIONS`` decisions, ``2 * DEALS * PLAYOUTS`` playouts each), and only
  when a worker is free and no table's decision waits: otherwise 429 ``workers_busy`` at
  once (a polite "try again in a moment", not an error of the server: a proxy or a health
  check that counts 503s should not count this). At most half the workers review at once.

A seat's review is worked out once per table and kept with the table in memory while the
table is (``WeakKeyDictionary``); asked again, or by a second screen while it is worked out,
it is the same answer. It is saved too, unworded (``Storage.save_review``, at most
``storage.REVIEW_MOST_CHARS`` of JSON: 60 moves at most, each two action texts), and read
before a worker is asked: a server started again, or another process on the same
PostgreSQL database, serves the review already worked out, even while its workers are busy,
instead of working it out again for a second or a few. A review is deterministic (its seed
is drawn from the table's), so two processes that work one out at once save the same one.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Annotated, Any
from weakref import WeakKeyDictionary

from fastapi import FastAPI, Request

from sequenza.ai.levels import label
from sequenza.ai.review import NOTICEABLE, Review
from sequenza.core.table import EntryKind
from sequenza.text.describe import describe_action

from .api_models import Error, ReviewOut, ReviewRequest
from .bodies import body_as
from .bot_workers import BotFailure, WorkersBusy
from .errors import TableError, stored
from .table_manager import TableManager
from .tables import Table

logger = logging.getLogger("sequenza.web")


class Reviews:
    """The reviews of finished tables: worked out in the bot workers, kept with each table."""

    def __init__(self, manager: TableManager, settings: dict[str, Any] | None = None) -> None:
        self.manager = manager
        #: ``review.review_game``'s settings (``deals``, ``playouts``...; tests make them small).
        self.settings = dict(settings or {})
        #: Each table's reviews by seat (``Review.to_json()``), as long as the table is kept.
        self._done: WeakKeyDictionary[Table, dict[int, dict[str, Any]]] = WeakKeyDictionary()
        #: Reviews being worked out, by table and seat: a second request waits for the first.
        self._working: WeakKeyDictionary[Table, dict[int, asyncio.Future[dict[str, Any]]]] = (
            WeakKeyDictionary()
        )
        #: Reviews in the workers now, across tables.
        self.running = 0

    @property
    def most_at_once(self) -> int:
        """Reviews that may run at once: half the workers (one at least), so that a crowd of
        finished games never takes every worker from the tables still playing."""
        return max(1, self.manager.bot_workers.workers // 2)

    async def review(
        self, table: Table, seats: tuple[int, ...], seat: int | None, lang: str
    ) -> dict[str, Any]:
        """The review of ``seat`` (by default the first seat of ``seats``, those the asker's
        token opens), its moves worded in ``lang`` (see the module)."""
        history = await table.rebuilt()
        table.game_record()  # refuses an unfinished game
        chosen = min(seats) if seat is None else seat
        if chosen not in seats or table.record.seats[chosen].kind == "bot":
            raise TableError("not_your_seat", "problem.review_not_your_seat", 403)
        done = self._done.setdefault(table, {})
        found = done.get(chosen)
        if found is None:
            working = self._working.setdefault(table, {})
            pending = working.get(chosen)
            if pending is None:
                pending = asyncio.ensure_future(self._work_out(table, chosen))
                working[chosen] = pending
                pending.add_done_callback(lambda _done: working.pop(chosen, None))
            found = await asyncio.shield(pending)
            done[chosen] = found
        return self._worded(table, found, history.played, lang)

    async def _work_out(self, table: Table, seat: int) -> dict[str, Any]:
        """The seat's review as saved, or else worked out in a bot worker and saved."""
        saved = await self._saved(table, seat)
        if saved is not None:
            return saved
        found = await self._in_worker(table, seat)
        try:
            kept = await stored(self.manager.storage.save_review, table.id, seat, found)
        except TableError:
            kept = True  # the storage is away: the review is kept in memory, and served
        if not kept:
            logger.warning("the review of table %s, seat %s is too long to save", table.id, seat)
        return found

    async def _saved(self, table: Table, seat: int) -> dict[str, Any] | None:
        """The seat's review as saved (by this process before a restart, or by another),
        None when none was, or the storage cannot be read now (then it is worked out)."""
        try:
            saved = await stored(self.manager.storage.load_review, table.id, seat)
        except TableError:
            return None
        if saved is None:
            return None
        try:
            valid = Review.from_json(saved).seat == seat and isinstance(saved["costliest"], list)
        except (KeyError, TypeError, ValueError):
            valid = False
        if not valid:
            logger.warning("the saved review of table %s, seat %s is unreadable", table.id, seat)
            return None
        return saved

    async def _in_worker(self, table: Table, seat: int) -> dict[str, Any]:
        history = await table.rebuilt()
        # The player's own moves among the moves in force (``played``: their entries).
        moves = [
            number
            for number, entry in enumerate(history.played)
            if history.entries[entry].kind is EntryKind.MOVE and history.entries[entry].seat == seat
        ]
        if self.running >= self.most_at_once:
            raise TableError("workers_busy", "problem.review_busy", 429)
        seed = random.Random(f"review:{table.record.seed}:{seat}").getrandbits(62)
        record = history.state.record().to_json()
        self.running += 1
        try:
            return await self.manager.bot_workers.review(record, seat, seed, moves, self.settings)
        except WorkersBusy:
            raise TableError("workers_busy", "problem.review_busy", 429) from None
        except BotFailure as error:
            logger.warning("a review at table %s failed: %s", table.id, error)
            raise TableError("review_failed", "problem.review_failed", 503) from None
        finally:
            self.running -= 1

    @staticmethod
    def _worded(
        table: Table, review: dict[str, Any], played: list[int], lang: str
    ) -> dict[str, Any]:
        """The review as the page shows it: each move worded as the log words it, in
        ``lang``, with the replay's ``turn`` where it was chosen (the table's entries before
        it: the replay's frame of the position), and the costliest moves ``marked``."""
        names = [seat.name for seat in table.record.seats]
        game_id, seat = table.record.game, int(review["seat"])
        marked = set(review["costliest"])

        def words(action: str) -> str:
            return describe_action(
                action, seat=seat, game_id=game_id, names=names, viewer=seat, lang=lang
            )

        moves = [
            {
                **move,
                "turn": played[move["index"]],
                "played_text": words(move["played"]),
                "better_text": words(move["better"]),
                "marked": move["index"] in marked,
                "noticeable": move["cost"] >= NOTICEABLE,
            }
            for move in review["moves"]
        ]
        return {
            **review,
            "level_label": label(review["level"], lang),
            "games_per_move": review["deals"] * review["playouts"],
            "noticeable": NOTICEABLE,
            "moves": moves,
        }


def add_review_routes(app: FastAPI, reviews: Reviews, language: Callable[[Request], str]) -> None:
    """``POST /api/tables/{id}/review`` (see the module)."""

    refusals: dict[int | str, dict[str, Any]] = {
        status: {"model": Error, "description": description}
        for status, description in (
            (400, "a bad request"),
            (403, "a spectator, a wrong token, or another player's seat"),
            (404, "no such table"),
            (409, "the game is not over"),
            (429, "the bot workers are busy: ask again in a moment"),
            (503, "the review could not be worked out, or the storage is away"),
        )
    }

    @app.post(
        "/api/tables/{table_id}/review",
        response_model=ReviewOut,
        responses=refusals,
        tags=["tables"],
    )
    async def review(
        table_id: str, request: Request, asked: Annotated[ReviewRequest, body_as(ReviewRequest)]
    ) -> dict[str, Any]:
        """The review of the asker's own moves in a finished game (``{"token", "seat"?}``):
        each move, the strongest level's choice and the win chance it cost, estimated by
        seeded playouts from the seat's information; the three costliest ``marked``. 409
        before the end, 403 for a seat the token does not open, 429 ``workers_busy`` while
        the bot workers are busy (ask again in a moment)."""
        lang = language(request)
        manager = reviews.manager
        async with manager.borrowed(table_id) as table:
            seats = await manager.seats_for(table, [asked.token])
            return await reviews.review(table, seats, asked.seat, lang)
