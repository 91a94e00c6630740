"""The web app: a JSON API, one websocket per connected player, and the page that plays.

HTTP (every error is ``{"error": text, "code": word}`` with a 4xx status; nothing changes. The
text is in the request's language: its ``lang`` parameter, else the first of its Accept-Language
that has a catalogue, else English. What the server cannot translate, the rules' English reason
for a refused move or option or pydantic's list of wrong fields, comes as ``"detail"``)::

    GET  /api/games                      games, player counts, options, rules text
    GET  /api/games/{id}                 one game, as listed (a workshop mode's too)
    GET  /api/bots                       bots that can fill a seat, weakest first
    GET  /api/messages[/{lang}]          the page's words in a language (else Accept-Language's)
    GET  /api/features                   {"workshop": bool}: whether /workshop is open
    GET  /api/tables                     recent tables (public summaries)
    POST /api/tables                     {"game", "players", "options", "seats", "seed"?}
                                         -> {"id", "url", "tokens": {seat: token},
                                             "invites": {seat: code}}
                                         ``tokens``: the seats at the creator's screen;
                                         ``invites``: one code per invited seat, for its
                                         link (``/t/ID#invite=CODE``), never its token.
                                         ``seed`` only when nobody is invited (else 400
                                         ``seed_with_invite``)
    GET  /api/open-tables                games with an open seat still empty, newest first
    POST /api/tables/{id}/take           {"seat"?, "name"?}: a visitor takes an open seat,
                                         first come -> {"seat", "token"} (409 ``seat_taken``
                                         when another visitor took it first)
    POST /api/tables/{id}/claim          {"invite": code, "name"?}: a friend takes the
                                         invited seat, once -> {"seat", "token"}: a fresh
                                         token nobody else saw (409 ``invite_claimed`` after,
                                         403 ``bad_invite`` for a code of no seat)
    GET  /api/tables/{id}                public summary and spectator view
    POST /api/players/games              {"key"}: the finished games a browser's player key
                                         played (each socket that joins with ``"player"``
                                         adds the seats it holds), newest first
    POST /api/tables/{id}/actions        {"token", "action", "turn"}
    POST /api/tables/{id}/rematch        {"token", "answer"?}: offer or accept the same people,
                                         a new deal -> {"id", "url"}; "decline" turns it down
                                         (each person's token opens their seat there too;
                                         an unclaimed invitation stays one)
    POST /api/tables/{id}/resign         {"token", "seat"?}: the seat's side is out
    GET  /api/tables/{id}/record         the game record, once the game is over
    GET  /api/tables/{id}/replay/{turn}  the position after ``turn`` actions, every seat's view
                                         (``?lang=it``: its log in that language)
    POST /api/tables/{id}/review         {"token", "seat"?}: once the game is over, the seat's
                                         own moves against the strongest level's choice, by
                                         the win chance each cost (429 ``workers_busy`` while
                                         the bot workers are busy; see ``reviews``)
    POST /api/workshop/modes             (``--workshop`` only) a mode file's TOML, at most
                                         64 KiB -> the game, or 422 with its ``mistakes``
    POST /api/workshop/modes/{id}/simulate  {"games" <= 200, "players", "bots"}: a quick
                                         balance summary from a bot worker (503 when busy)
    GET  /healthz                        200 while the process runs
    GET  /metrics                        Prometheus figures of this process (see ``metrics``)
    GET  /readyz                         200 when the database answers (and, with several
                                         processes, moves from the others are heard), else 503

Websocket ``/ws/tables/{id}``: the client first sends ``{"type": "join", "tokens": [...]}``
(no tokens: a spectator; an optional ``"lang": "it"`` words its events in that language, an
optional ``"name"`` names the seat it holds, an optional ``"player"`` key remembers its seats
for that player's "My games"), then
``{"type": "act", "action": "slide 5 4", "turn": 12}`` where ``turn`` is the ``turn`` of the
observation it answers; ``{"type": "resign", "seat": 0}``, ``{"type": "rename", "name": "Ada"}``
(``"seat"`` too when the client holds several), ``{"type": "chat", "text": "..."}`` or
``{"type": "chat", "phrase": "good_game"}`` (a line to the table's chat: bounded, cleaned,
rate-limited per socket and per table; spectators only when the table allows it),
``{"type": "fill_open", "bot": "greedy"}`` (a bot in every open seat nobody took),
``{"type": "undo"}`` (take back this client's last move, asking the other people if any) and
``{"type": "undo_answer", "accept": true}`` act for the table; ``{"type": "hint"}`` (at a
table made with ``hints``, from the seat to act) is answered to that socket alone with a
``hint`` message: ``action``, ``level``, ``reason`` (``code`` and ``data``), ``hints_used``.
The server sends ``state`` messages
(the views of the seats the client holds, their legal actions, new public events, and the
public view for a spectator or a screen of several seats), ``table``
messages (who is connected, the seats' names), ``chat`` messages (one line: ``number``,
``seat``, ``name``, ``text`` or ``phrase``, ``turn``, ``at``), a ``chat_log`` after the join
(the latest lines) and ``error`` messages (``code``, ``message`` in the joined ``lang``,
or the handshake's Accept-Language before the join, and any ``detail``); after an error the
socket stays open. A socket closes with a reason only when the table or the token is wrong
(4404, 4403), the page comes from another site (4403), or the client stopped reading its
messages (4408: reconnect for a fresh position).

Nothing from the network is trusted (see ``safety``): bodies and frames are small, JSON is
shallow, integers short, text Unicode; POST bodies must be ``application/json``; websockets
open only from the server's own pages or an allowed origin; each address may create a few
tables a minute (counted in the database when processes share one); names are cleaned of
control and invisible characters; table ids have 96 random bits, and a malformed one is an
unknown table; every page carries a content security policy. Connections are bounded
before they reach the app (see ``connections``): a deadline for each request's head and
body, caps per address and per process, small heads, a ``Host`` allow-list, and a limit on
the unknown table ids one address may ask for.

The HTTP routes live in routers by job: ``pages`` (the page and the games' modules),
``operations``, ``catalogue`` and ``table_routes``, besides ``workshop`` and ``reviews``; what
they share is one ``web_state.WebState``, and each request body reaches its route validated
(``bodies``). ``create_app`` builds the state and includes them; the websocket is served here.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import time
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Iterable,
    MutableMapping,
)
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import uvicorn
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from sequenza import i18n
from sequenza.modes import register_folder

from . import catalogue, logs, metrics, operations, pages, table_routes
from .api_models import REQUEST_BODIES
from .bodies import invalid
from .bot_workers import BotWorkers
from .catalogue import game_listing, messages_json
from .connections import ConnectionLimits, HostAllowList, LookupMisses, edge_protocol
from .errors import RateLimitedError, TableError
from .fanout import LAGGING, Client
from .languages import known_language, request_language
from .notifier import MoveListener
from .pages import STATIC, index_page, wants_page
from .reviews import Reviews, add_review_routes
from .safety import (
    CONTENT_SECURITY_POLICY,
    DOCS_CONTENT_SECURITY_POLICY,
    MAX_FRAME_BYTES,
    SECURITY_HEADERS,
    BodyLimit,
    RateLimiter,
    origin_allowed,
    parse_json,
)
from .storage import Storage
from .table_manager import BotSettings, TableManager
from .tables import Table
from .web_state import WebState
from .workshop import Workshop, add_routes

logger = logging.getLogger("sequenza.web")
access = logging.getLogger("sequenza.web.access")

JOIN_TIMEOUT = 30.0
#: Seconds a message may wait to be written to a client before it counts as gone (see
#: ``_watch_stuck_sends``).
SEND_TIMEOUT = 20.0
#: Tables one address may create: a burst, then one every three seconds.
TABLES_BURST = 20
TABLES_PER_SECOND = 20 / 60
#: Unknown table ids one address may ask for: a burst, then one every two seconds (a
#: mistyped link costs one; guessing ids among 2^96 takes forever at this pace).
LOOKUP_MISSES_BURST = 30
LOOKUP_MISSES_PER_SECOND = 0.5
#: Websocket messages one connection may send: a burst, then this many a second.
MESSAGES_BURST = 60
MESSAGES_PER_SECOND = 20.0
#: Chat lines one connection may say: a burst, then one every two seconds; one table's
#: screens together: a burst, then two a second.
CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
TABLE_CHAT_BURST = 20
TABLE_CHAT_PER_SECOND = 2.0
#: Seat renames one connection may ask for: each is saved.
RENAMES_BURST = 3
RENAMES_PER_SECOND = 0.2
#: Hints one socket may ask for: a burst, then one every two seconds (each may be a search).
HINTS_BURST = 5
HINTS_PER_SECOND = 0.5

_CLOSE_CODES = {
    "unknown_table": 4404,
    "bad_token": 4403,
    "bad_origin": 4403,
    "too_slow": 4408,
    "put_away": 4409,
    "corrupt": 4500,
}


#: Collections of the middle generation between two full collections in a server process
#: (Python's default is 10): see ``create_app``'s lifespan.
FULL_COLLECTION_AFTER = 100


def create_app(
    database: str = "sqlite:///sequenza.db",
    *,
    bot_delay: float = 0.7,
    bot_settings: BotSettings | None = None,
    bot_workers: BotWorkers | None = None,
    allowed_origins: Iterable[str] = (),
    max_live_tables: int = 2000,
    table_rate: tuple[int, float] = (TABLES_BURST, TABLES_PER_SECOND),
    message_rate: tuple[int, float] = (MESSAGES_BURST, MESSAGES_PER_SECOND),
    allowed_hosts: Iterable[str] | None = None,
    lookup_misses: tuple[int, float] = (LOOKUP_MISSES_BURST, LOOKUP_MISSES_PER_SECOND),
    freeze_startup: bool = False,
    chat_rate: tuple[int, float] = (CHAT_BURST, CHAT_PER_SECOND),
    table_chat_rate: tuple[int, float] = (TABLE_CHAT_BURST, TABLE_CHAT_PER_SECOND),
    mode_folder: str | Path | None = None,
    workshop: bool = False,
) -> FastAPI:
    """The app on the database at ``database`` (an SQLAlchemy URL).

    ``allowed_origins`` are the sites (``https://games.example.org``) whose pages may open a
    websocket besides the server's own; ``table_rate`` is the tables one address may create
    (a burst, then so many a second), ``message_rate`` the messages one websocket may send.
    ``allowed_hosts`` are the names the server answers to in ``Host`` (None: any);
    ``lookup_misses`` the unknown table ids one address may ask for (a burst, then a rate).
    ``chat_rate`` and ``table_chat_rate``: the chat lines one socket, and one table's sockets
    together, may say (a burst, then a rate). Taking open seats is limited per address as
    creating tables is (``table_rate``).
    ``freeze_startup``: a server process of its own (``sequenza serve``) hides what it holds
    from its start from the garbage collector (not for an app among others in one process).
    ``mode_folder``: every mode file (``*.toml``) in it becomes a game of the app, and of its
    bot workers; a file with mistakes is left out, each mistake logged (``sequenza serve
    --modes`` prints them before it starts).
    ``workshop``: the designer's workshop (``/workshop``, ``/api/workshop/...``: see
    ``workshop``), off by default: its routes then answer 404."""
    if mode_folder is not None:
        _, refused = register_folder(mode_folder)
        for error in refused:
            logger.warning("mode file left out: %s", error)
        # The page's words are built once per process: with the modes' words from now on.
        messages_json.cache_clear()
    manager = TableManager(
        Storage(database),
        bot_delay=bot_delay,
        bot_settings=bot_settings,
        bot_workers=bot_workers,
        max_live_tables=max_live_tables,
    )
    # The page's words hold each workshop mode's: built again when one comes or goes.
    bench = (
        Workshop(manager.bot_workers, words_changed=messages_json.cache_clear) if workshop else None
    )
    origins = frozenset(origin.rstrip("/") for origin in allowed_origins)
    limits = _SocketLimits(
        message_rate, chat_rate, RateLimiter(table_chat_rate[1], table_chat_rate[0])
    )

    listener = (
        MoveListener(
            database,
            manager.table_moved,
            manager.resync,
            manager.seats_changed,
            manager.chat_said,
            manager.rematches.heard,
        )
        if manager.storage.shared
        else None
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # What the process holds from its start (modules, catalogues, the app) lives as long
        # as it does: out of the collector's sight, a full collection scans only the tables,
        # and pauses every table's messages for a fraction of the time.
        if freeze_startup:
            gc.collect()
            gc.freeze()
            # A full collection still walks every table and socket (near 100 ms at 300 tables
            # on a loaded machine) and, at Python's default, came every few seconds at 160
            # moves a second: the slowest moves of a busy server waited for it. Ten times
            # rarer, they leave its p99 (greedy bots only, 300 tables: 39 -> 24 ms, the slowest
            # move 246 -> 80 ms, the same memory); the young generations still collect often.
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)
        listening = asyncio.create_task(listener.run()) if listener is not None else None
        probing = asyncio.create_task(metrics.probe_loop_lag())
        watching = asyncio.create_task(_watch_stuck_sends())
        try:
            yield
        finally:
            probing.cancel()
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
            if listening is not None:
                listening.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listening
            with contextlib.suppress(asyncio.CancelledError):
                await probing
            if bench is not None:
                bench.close()
            await manager.close()

    # The documentation page works offline: its scripts are served from an installed package.
    app = FastAPIOffline(
        title="Sequenza",
        summary="Tables, seats, moves and replays of the Sequence family of games.",
        version="1",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        static_url="/api/docs-assets",
        favicon_url="/static/icon.svg",
    )
    # What the routes share (see ``web_state``); the manager stays on ``app.state`` by its
    # own name too, for the tests and tools that reach a running app's tables.
    app.state.web = WebState(
        manager=manager,
        workshop=bench,
        table_rate=table_rate,
        table_limiter=RateLimiter(table_rate[1], table_rate[0]),
        take_limiter=RateLimiter(table_rate[1], table_rate[0]),
        listener=listener,
    )
    app.state.manager = manager
    _document_request_bodies(app)
    app.add_middleware(BodyLimit)
    app.add_middleware(LookupMisses, burst=lookup_misses[0], rate=lookup_misses[1])
    if allowed_hosts is not None:  # outside the others: a foreign Host gets nothing else
        app.add_middleware(HostAllowList, allowed=allowed_hosts)
    app.middleware("http")(_logged_with_headers)
    _answer_refusals(app)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    if bench is not None:
        add_routes(app, bench, index_page, game_listing, request_language)
    # A player's review of a finished game (``POST /api/tables/{id}/review``: see ``reviews``).
    app.state.reviews = Reviews(manager)
    add_review_routes(app, app.state.reviews, request_language)
    app.include_router(operations.router)
    app.include_router(catalogue.router)
    app.include_router(table_routes.router)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        # Refusals are worded in the joined "lang"; before it, in the browser's language.
        language = i18n.negotiate(
            i18n.parse_accept_language(websocket.headers.get("accept-language"))
        )
        if not origin_allowed(
            websocket.headers.get("origin"), websocket.headers.get("host"), origins
        ):
            await _refuse(websocket, TableError("bad_origin", "problem.bad_origin", 403), language)
            return
        try:
            tokens, language, name, player = await _join_request(websocket)
            table = await manager.table(table_id)
            client = table.join(await manager.seats_for(table, tokens), language)
        except TableError as error:
            await _refuse(websocket, error, language)
            return
        except (WebSocketDisconnect, TimeoutError):
            return
        sender = asyncio.create_task(_send_queued(websocket, client))
        # The person's own name for their seat, and their player key: a refusal is told, and
        # the join stands.
        try:
            if name is not None:
                await table.rename(client.seats, name)
            if player is not None and client.seats:
                await manager.remember_player(table, client.seats, player)
        except TableError as error:
            await client.reply(error.to_json(client.lang))
        receiver = asyncio.create_task(_serve(websocket, manager, table, client, limits))
        behind = asyncio.create_task(client.fell_behind.wait())
        try:
            await asyncio.wait({sender, receiver, behind}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sender, receiver, behind):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            table.leave(client)
        if client.lagging:
            await _refuse(websocket, TableError("too_slow", "problem.too_slow"), client.lang)
        elif client.dismissed:
            await _refuse(websocket, TableError("put_away", "problem.put_away", 503), client.lang)

    return app


def proxy_refusals() -> list[TableError]:
    """The refusals a reverse proxy in front of the servers answers itself, worded as the
    servers word theirs: no server could be reached (502: all down, or restarting), or none
    answered in time (504). ``deploy/nginx.conf`` answers them with these codes and sentences
    in every language (``tests/app/web/test_edges.py`` holds it to them)."""
    return [
        TableError("server_unreachable", "problem.server_unreachable", 502),
        TableError("server_timeout", "problem.server_timeout", 504),
    ]


#: How uvicorn serves the app to the internet: small websocket frames, no idle sockets, and
#: a shutdown that lets requests in flight finish.
SERVER_SETTINGS: dict[str, Any] = {
    "log_level": "warning",
    "access_log": False,  # requests are logged by the app, as JSON when asked
    "ws_max_size": MAX_FRAME_BYTES,
    # A peer that stops answering pings is closed by uvicorn.
    "ws_ping_interval": 20.0,
    "ws_ping_timeout": 20.0,
    # No per-message compression: deflating each position for each socket costs CPU on every
    # move (tens of microseconds a message), and each socket's zlib state is memory kept for
    # as long as it stays open; the messages are a few kilobytes, and a proxy in front may
    # compress them instead.
    "ws_per_message_deflate": False,
    "timeout_keep_alive": 5,
    "timeout_graceful_shutdown": 10,
    "h11_max_incomplete_event_size": 16 * 1024,
}


async def _logged_with_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Every HTTP answer: logged (``sequenza.web.access``), and sent with the security
    headers and the content security policy of ``safety``."""
    started = time.perf_counter()
    response = await call_next(request)
    access.info(
        "request",
        extra={
            "method": request.method,
            "path": request.url.path,
            "status": response.status_code,
            "ms": round((time.perf_counter() - started) * 1000, 2),
            "client": request.client.host if request.client else None,
        },
    )
    # The page has no build step: make browsers check for a newer module on every load.
    response.headers.setdefault("Cache-Control", "no-cache")
    docs = request.url.path.startswith("/api/docs")
    response.headers["Content-Security-Policy"] = (
        DOCS_CONTENT_SECURITY_POLICY if docs else CONTENT_SECURITY_POLICY
    )
    response.headers.update(SECURITY_HEADERS)
    return response


def _answer_refusals(app: FastAPI) -> None:
    """Every refusal as ``{"error", "code"}`` in the request's language: the server's own
    (``TableError``), Starlette's (an unknown address, a wrong method), a body or parameter
    that does not fit its model, and a bug (500, logged)."""

    @app.exception_handler(TableError)
    async def refuse(request: Request, error: TableError) -> JSONResponse:
        headers = {}
        if isinstance(error, RateLimitedError):
            headers["Retry-After"] = str(math.ceil(error.retry_after))
        return JSONResponse(
            error.body(request_language(request)), status_code=error.status, headers=headers
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404 and wants_page(request):
            # A mistyped address in the browser gets the page, which says there is nothing
            # here and links back to the tables; programs still get the JSON refusal.
            page = index_page(request)
            page.status_code = 404
            return page
        known = {
            404: TableError("not_found", "problem.not_found", 404),
            405: TableError("method_not_allowed", "problem.method_not_allowed", 405),
        }
        refusal = known.get(error.status_code) or TableError(
            "bad_request", "problem.http_refused", error.status_code, detail=str(error.detail)
        )
        return JSONResponse(
            refusal.body(request_language(request)),
            status_code=error.status_code,
            headers=getattr(error, "headers", None),
        )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        refusal = invalid(error.errors())
        return JSONResponse(refusal.body(request_language(request)), status_code=400)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        logger.exception("unexpected error", exc_info=error)
        refusal = TableError("internal", "problem.internal", 500)
        return JSONResponse(refusal.body(request_language(request)), status_code=500)


def _document_request_bodies(app: FastAPI) -> None:
    """Show the request bodies in ``/api/docs``: the routes read their bodies themselves (with
    the limits of ``safety``), so FastAPI does not know their models."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title, version=app.version, summary=app.summary, routes=app.routes
            )
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            for (path, method), model in REQUEST_BODIES.items():
                body = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(body.pop("$defs", {}))
                components[model.__name__] = body
                schema["paths"][path][method]["requestBody"] = {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{model.__name__}"}
                        }
                    },
                }
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def edge_settings(limits: ConnectionLimits) -> dict[str, Any]:
    """uvicorn's settings for the server's edges: its connection limits (``connections``), and
    ``X-Forwarded-For`` read only from the trusted proxies (uvicorn trusts 127.0.0.1 and the
    variable ``FORWARDED_ALLOW_IPS`` unless told otherwise; the server never does)."""
    return {
        # The protocol closes connections past ``max_connections`` as they open; uvicorn's
        # own limit (a plain 503) is one above, a backstop on requests in flight.
        "limit_concurrency": limits.max_connections + 1,
        "proxy_headers": bool(limits.trusted_proxies),
        "forwarded_allow_ips": list(limits.trusted_proxies),
    }


def server_config(
    app: FastAPI,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    limits: ConnectionLimits | None = None,
) -> uvicorn.Config:
    """A server of ``app`` with the connection ``limits`` (default ones when None)."""
    limits = limits or ConnectionLimits()
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=edge_protocol(limits),
        **edge_settings(limits),
        **SERVER_SETTINGS,
    )


def app_from_environment() -> FastAPI:
    """The app as ``sequenza serve`` sets it up through ``SEQUENZA_*`` variables: each
    process of ``--workers N`` builds its own."""
    env = os.environ
    logs.configure(env.get("SEQUENZA_LOG_FORMAT", "text"))
    per_minute = int(env.get("SEQUENZA_NEW_TABLES_PER_MINUTE", str(TABLES_BURST)))
    misses = int(env.get("SEQUENZA_LOOKUP_MISSES_PER_MINUTE", str(LOOKUP_MISSES_BURST)))
    hosts = env.get("SEQUENZA_ALLOWED_HOSTS", "").replace(",", " ").split()
    bot_workers = env.get("SEQUENZA_BOT_WORKERS")
    return create_app(
        env.get("SEQUENZA_DATABASE", "sqlite:///sequenza.db"),
        allowed_origins=env.get("SEQUENZA_ALLOWED_ORIGINS", "").replace(",", " ").split(),
        bot_workers=BotWorkers(
            int(bot_workers) if bot_workers else None,
            move_timeout=float(env.get("SEQUENZA_BOT_MOVE_TIMEOUT", "30")),
        ),
        table_rate=(per_minute, per_minute / 60),
        bot_delay=float(env.get("SEQUENZA_BOT_DELAY", "0.7")),
        freeze_startup=True,
        # "*" (or nothing): any Host; ``sequenza serve`` says so when it starts.
        allowed_hosts=None if not hosts or "*" in hosts else hosts,
        lookup_misses=(misses, misses / 60),
        mode_folder=env.get("SEQUENZA_MODES") or None,
        workshop=env.get("SEQUENZA_WORKSHOP", "").lower() in ("1", "true", "yes", "on"),
    )


def _message(event: MutableMapping[str, Any]) -> dict[str, Any]:
    """The JSON object of one websocket text frame."""
    if event.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(int(event.get("code", 1000)))
    text = event.get("text")
    if text is None:
        raise TableError("bad_request", "problem.text_frames")
    message = parse_json(text, MAX_FRAME_BYTES)
    if not isinstance(message, dict):
        raise TableError("bad_request", "problem.message_object", field='"type"')
    return message


async def _join_request(websocket: WebSocket) -> tuple[list[str], str, Any, Any]:
    """The tokens, the language, the name and the player key (None when it brings none) of
    the socket's first message, its ``join``."""
    message = _message(await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT))
    if message.get("type") != "join":
        raise TableError(
            "bad_request", "problem.join_first", example='{"type": "join", "tokens": [...]}'
        )
    tokens = message.get("tokens", [])
    if not isinstance(tokens, list) or not all(isinstance(token, str) for token in tokens):
        raise TableError("bad_request", "problem.join_tokens")
    language = known_language(message.get("lang"))
    return tokens, language, message.get("name"), message.get("player")


@dataclass(frozen=True)
class _SocketLimits:
    """How fast a socket may send: messages, and chat lines (its own, and its table's)."""

    messages: tuple[int, float]
    chat: tuple[int, float]
    #: Keyed by table id: every socket of a table counts together.
    table_chat: RateLimiter


async def _serve(
    websocket: WebSocket, manager: TableManager, table: Table, client: Client, limits: _SocketLimits
) -> None:
    limiter = RateLimiter(limits.messages[1], limits.messages[0])
    chat = RateLimiter(limits.chat[1], limits.chat[0])
    renames = RateLimiter(RENAMES_PER_SECOND, RENAMES_BURST)
    hints = RateLimiter(HINTS_PER_SECOND, HINTS_BURST)
    while True:
        try:
            event = await websocket.receive()
            if limiter.wait_needed("") and event.get("type") != "websocket.disconnect":
                raise TableError("rate_limited", "problem.too_many_messages", 429)
            message = _message(event)
            kind = message.get("type")
            if kind == "act":
                await table.act(client.seats, message.get("action"), message.get("turn"))
            elif kind == "resign":
                await table.resign(client.seats, message.get("seat"))
            elif kind == "undo":
                await table.ask_undo(client.seats)
            elif kind == "undo_answer":
                await table.answer_undo(client.seats, message.get("accept"))
            elif kind == "chat":
                # Refused before any work when this socket, or the table, talks too fast.
                if chat.wait_needed("") or limits.table_chat.wait_needed(table.id):
                    raise TableError("chat_rate_limited", "problem.chat_too_fast", 429)
                await table.say(
                    client, message.get("text"), message.get("phrase"), message.get("seat")
                )
            elif kind == "rename":
                await table.rename(
                    client.seats,
                    message.get("name"),
                    message.get("seat"),
                    too_soon=lambda: bool(renames.wait_needed("")),
                )
            elif kind == "fill_open":
                await manager.fill_open(table, client.seats, message.get("bot"), client.lang)
            elif kind == "hint":
                # Each hint is a bot's thinking in a worker: a socket asks a few, not a flood.
                if hints.wait_needed(""):
                    raise TableError("hint_rate_limited", "problem.hint_too_fast", 429)
                await client.reply(await table.hint(client))
            elif kind == "hints_on":
                await table.switch_hints_on(client)
            elif kind == "ping":
                await client.reply({"type": "pong"})
            else:
                raise TableError(
                    "bad_request",
                    "problem.unknown_message",
                    kind=repr(kind),
                    kinds=(
                        "act, resign, undo, undo_answer, chat, rename, fill_open, hint, "
                        "hints_on, ping"
                    ),
                )
        except TableError as error:
            await client.reply(error.to_json(client.lang))
            if error.code == "stale":
                await client.reply(table.message_for(client))
        except (WebSocketDisconnect, RuntimeError):
            return
        except Exception:  # a bug must cost one message its answer, not the player the socket
            logger.exception("unexpected error on a websocket of table %s", table.id)
            await client.reply(
                TableError("internal", "problem.internal_message").to_json(client.lang)
            )


#: The clients whose message is being written, since when (``time.monotonic``). A write
#: returns at once unless the peer stopped reading and its buffers are full: then
#: ``_watch_stuck_sends`` finds it here. A deadline for each message (``asyncio.timeout``)
#: cost a timer set and cancelled each time, 3-5% of a move's CPU with two sockets.
_SENDING: dict[Client, float] = {}


async def _send_queued(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            message = await client.queue.get()
            if message is LAGGING:
                return
            # orjson: the messages are the server's largest work after the rules (every view
            # to every socket), and it writes them several times faster than the standard
            # library.
            text = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
            _SENDING[client] = time.monotonic()
            try:
                await websocket.send_text(text)
            except (WebSocketDisconnect, RuntimeError):
                return
            del _SENDING[client]
    finally:
        _SENDING.pop(client, None)


async def _watch_stuck_sends() -> None:
    """Close the connections whose message has waited ``SEND_TIMEOUT`` seconds to be
    written (their peer stopped reading): each is marked lagging, and its handler closes it.
    Looks four times a timeout, so a stuck write goes within 1.25 timeouts."""
    while True:
        await asyncio.sleep(SEND_TIMEOUT / 4)
        now = time.monotonic()
        for client, since in list(_SENDING.items()):
            if now - since >= SEND_TIMEOUT:
                client.lagging = True
                client.fell_behind.set()


async def _refuse(websocket: WebSocket, error: TableError, language: str) -> None:
    if websocket.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, TimeoutError):
            async with asyncio.timeout(SEND_TIMEOUT):
                await websocket.send_json(error.to_json(language))
                await websocket.close(code=_CLOSE_CODES.get(error.code, 4400), reason=error.code)
