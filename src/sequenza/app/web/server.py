"""The web app: a JSON API, one websocket per connected player, and the page that plays.

HTTP (every error is ``{"error": text, "code": word}`` with a 4xx status; nothing changes)::

    GET  /api/games                      games, player counts, options, rules text
    GET  /api/bots                       bots that can fill a seat, weakest first
    GET  /api/tables                     recent tables (public summaries)
    POST /api/tables                     {"game", "players", "options", "seats", "seed"?}
                                         -> {"id", "url", "tokens": {seat: token}}
    GET  /api/tables/{id}                public summary and spectator view
    POST /api/tables/{id}/actions        {"token", "action", "turn"}
    GET  /api/tables/{id}/record         the game record, once the game is over
    GET  /api/tables/{id}/replay/{turn}  the position after ``turn`` actions, every seat's view

Websocket ``/ws/tables/{id}``: the client first sends ``{"type": "join", "tokens": [...]}``
(no tokens: a spectator), then ``{"type": "act", "action": "slide 5", "turn": 12}`` where
``turn`` is the ``turn`` of the observation it answers. The server sends ``state`` messages
(the views of the seats the client holds, their legal actions, new public events), ``table``
messages (who is connected) and ``error`` messages (``code``, ``message``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect, WebSocketState

from sequenza.ai.base import bot_names
from sequenza.core.errors import SequenzaError
from sequenza.core.registry import available_games, game_class, make_game

from .storage import Storage
from .tables import BotSettings, Client, Table, TableError, TableManager

STATIC = Path(__file__).parent / "static"

#: Bots listed weakest first; unknown names follow in alphabetical order.
BOT_STRENGTHS = {
    "random": "Beginner: any legal move, at random",
    "greedy": "Casual: takes the best move it sees right now",
    "mcts": "Strong: searches the possible deals for about a second per move",
}

JOIN_TIMEOUT = 30.0


def create_app(
    database: str = "sqlite:///sequenza.db",
    *,
    bot_delay: float = 0.7,
    bot_settings: BotSettings | None = None,
) -> FastAPI:
    """The app on the database at ``database`` (an SQLAlchemy URL)."""
    manager = TableManager(Storage(database), bot_delay=bot_delay, bot_settings=bot_settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        await manager.close()

    app = FastAPI(title="Sequenza", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.manager = manager

    @app.middleware("http")
    async def revalidate(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        # The page has no build step: make browsers check for a newer module on every load.
        response.headers.setdefault("Cache-Control", "no-cache")
        return response

    @app.exception_handler(TableError)
    async def refuse(_request: Request, error: TableError) -> JSONResponse:
        return JSONResponse({"error": error.message, "code": error.code}, status_code=error.status)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [_game_json(info.id) for info in available_games()]

    @app.get("/api/bots")
    async def bots() -> list[dict[str, str]]:
        known = [name for name in BOT_STRENGTHS if name in bot_names()]
        others = [name for name in bot_names() if name not in BOT_STRENGTHS]
        return [
            {"name": name, "description": BOT_STRENGTHS.get(name, f"the {name} bot")}
            for name in known + others
        ]

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return await manager.list_tables()

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        table, tokens = await manager.create(await _json_body(request))
        return {
            "id": table.id,
            "url": f"/t/{table.id}",
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "table": table.summary(),
        }

    @app.get("/api/tables/{table_id}")
    async def table_view(table_id: str) -> dict[str, Any]:
        table = await manager.table(table_id)
        return {"table": table.summary(), "public": table.state.observation(None)}

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise TableError("bad_request", 'send {"token": ..., "action": ..., "turn": ...}')
        table = await manager.table(table_id)
        seats = table.seats_for_tokens([body["token"]])
        await table.act(seats, body.get("action"), body.get("turn"))
        return {"turn": table.turn, "to_act": table.state.current_seat, "over": table.state.is_over}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        table = await manager.table(table_id)
        return dict(table.game_record().to_json())

    @app.get("/api/tables/{table_id}/replay/{turn}")
    async def replay_frame(table_id: str, turn: int) -> dict[str, Any]:
        table = await manager.table(table_id)
        return table.replay_frame(turn)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table, client = await _join(websocket, manager, table_id)
        except TableError as error:
            await _refuse(websocket, error)
            return
        except (WebSocketDisconnect, TimeoutError):
            return
        sender = asyncio.create_task(_send_queued(websocket, client))
        try:
            await _serve(websocket, table, client)
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            table.leave(client)

    return app


def _game_json(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    info = cls.info
    try:
        rules = make_game(game_id, info.min_players).describe()
    except SequenzaError:
        rules = info.rules_text
    return {
        "id": info.id,
        "name": info.name,
        "summary": info.summary,
        "player_counts": list(info.player_counts),
        "hidden_information": info.hidden_information,
        "rules": rules,
        "options": [
            {
                "name": spec.name,
                "type": spec.kind.__name__,
                "default": spec.default,
                "description": spec.description,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "choices": list(spec.choices) if spec.choices else None,
                "decision": spec.decision,
            }
            for spec in cls.options_class.specs()
        ],
    }


async def _json_body(request: Request) -> Any:
    return _parse(await request.body())


def _parse(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise TableError("bad_json", f"the message is not valid JSON: {error}") from None


def _message(event: MutableMapping[str, Any]) -> dict[str, Any]:
    """The JSON object of one websocket text frame."""
    if event.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(int(event.get("code", 1000)))
    text = event.get("text")
    if text is None:
        raise TableError("bad_request", "send JSON as text frames")
    message = _parse(text)
    if not isinstance(message, dict):
        raise TableError("bad_request", 'a message is a JSON object with a "type"')
    return message


async def _join(websocket: WebSocket, manager: TableManager, table_id: str) -> tuple[Table, Client]:
    message = _message(await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT))
    if message.get("type") != "join":
        raise TableError("bad_request", 'first send {"type": "join", "tokens": [...]}')
    tokens = message.get("tokens", [])
    if not isinstance(tokens, list) or not all(isinstance(token, str) for token in tokens):
        raise TableError("bad_request", "tokens are a list of texts (none for a spectator)")
    table = await manager.table(table_id)
    return table, table.join(table.seats_for_tokens(tokens))


async def _serve(websocket: WebSocket, table: Table, client: Client) -> None:
    while True:
        try:
            message = _message(await websocket.receive())
            kind = message.get("type")
            if kind == "act":
                await table.act(client.seats, message.get("action"), message.get("turn"))
            elif kind == "ping":
                client.queue.put_nowait({"type": "pong"})
            else:
                raise TableError("bad_request", f"unknown message type {kind!r}: send act or ping")
        except TableError as error:
            client.queue.put_nowait(error.to_json())
            if error.code == "stale":
                client.queue.put_nowait(table.message_for(client))
        except (WebSocketDisconnect, RuntimeError):
            return


async def _send_queued(websocket: WebSocket, client: Client) -> None:
    while True:
        message = await client.queue.get()
        try:
            await websocket.send_json(message)
        except (WebSocketDisconnect, RuntimeError):
            return


_CLOSE_CODES = {"unknown_table": 4404, "bad_token": 4403, "corrupt": 4500}


async def _refuse(websocket: WebSocket, error: TableError) -> None:
    if websocket.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await websocket.send_json(error.to_json())
            await websocket.close(code=_CLOSE_CODES.get(error.code, 4400), reason=error.code)
