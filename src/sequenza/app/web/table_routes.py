"""The tables' HTTP API: creating a table, seating the friends and visitors who claim or take
a seat, a move, a resignation or a rematch by a seat's token, and a table's summary, record
and replay; a player key's finished games. (A seat's moves usually travel over its
websocket; a review of a finished game is ``reviews``'.)

Each body comes validated (``bodies.body_as``): a route and the ``TableManager`` below it
read the model's fields, and refuse only what the model cannot tell (a game's options, a
bot's name, a token, the table's state)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from .api_models import (
    ERRORS,
    ActionRequest,
    ActionResult,
    ClaimRequest,
    GameRecordOut,
    PlayerGame,
    PlayerRequest,
    RematchCreated,
    RematchRequest,
    ReplayFrame,
    ResignRequest,
    SeatClaimed,
    TableCreated,
    TableRequest,
    TableSummary,
    TableView,
    TakeRequest,
)
from .bodies import body_as
from .errors import RateLimitedError, TableError
from .languages import known_language, request_language
from .web_state import Web, client_address
from .workshop import is_workshop_game

#: The latest turn a replay may ask for: far more entries than any game has.
MAX_REPLAY_TURN = 1_000_000

router = APIRouter(responses=ERRORS)


@router.get("/api/tables", response_model=list[TableSummary], tags=["tables"])
async def tables(web: Web) -> list[dict[str, Any]]:
    # The workshop's tables are its designers' own trials, not games to join or watch.
    return [row for row in await web.manager.list_tables() if not is_workshop_game(row["game"])]


@router.post("/api/tables", status_code=201, response_model=TableCreated, tags=["tables"])
async def create_table(
    request: Request, web: Web, asked: Annotated[TableRequest, body_as(TableRequest)]
) -> dict[str, Any]:
    quota = web.count_new_table(request)
    created = await web.manager.create(asked, request_language(request), quota)
    return {
        "id": created.table.id,
        "url": f"/t/{created.table.id}",
        "tokens": {str(seat): token for seat, token in created.tokens.items()},
        "invites": {str(seat): code for seat, code in created.invites.items()},
        "table": created.table.summary(),
    }


@router.post("/api/tables/{table_id}/claim", response_model=SeatClaimed, tags=["tables"])
async def claim(
    table_id: str, web: Web, asked: Annotated[ClaimRequest, body_as(ClaimRequest)]
) -> dict[str, Any]:
    """A friend opens an invitation link: its seat, and a fresh token for it that the
    table's creator never saw. Each invitation is claimed once."""
    seat, token = await web.manager.claim(table_id, asked.invite, asked.name)
    return {"seat": seat, "token": token}


@router.get("/api/open-tables", response_model=list[TableSummary], tags=["tables"])
async def open_tables(web: Web) -> list[dict[str, Any]]:
    """Games looking for players: an open seat nobody took yet, newest first (the lobby's
    "Looking for players")."""
    rows = await web.manager.list_open_tables()
    return [row for row in rows if not is_workshop_game(row["game"])]


@router.post("/api/tables/{table_id}/take", response_model=SeatClaimed, tags=["tables"])
async def take(
    table_id: str,
    request: Request,
    web: Web,
    asked: Annotated[TakeRequest, body_as(TakeRequest)],
) -> dict[str, Any]:
    """A visitor takes an open seat, first come: its number, and a fresh token for it.
    Each address may take a few seats a minute, as it may create tables."""
    wait = web.take_limiter.wait_needed(client_address(request))
    if wait:
        raise RateLimitedError("problem.too_many_seats", wait)
    seat, token = await web.manager.take(table_id, asked.seat, asked.name)
    return {"seat": seat, "token": token}


@router.post("/api/players/games", response_model=list[PlayerGame], tags=["players"])
async def player_games(
    web: Web, asked: Annotated[PlayerRequest, body_as(PlayerRequest)]
) -> list[dict[str, Any]]:
    """The finished games of a player key, newest first: the key stays in the body,
    never in an address that logs keep."""
    return await web.manager.player_games(asked.key)


@router.get("/api/tables/{table_id}", response_model=TableView, tags=["tables"])
async def table_view(table_id: str, web: Web) -> dict[str, Any]:
    async with web.manager.borrowed(table_id) as table:
        return {"table": table.summary(), "public": table.view(None)}


@router.post("/api/tables/{table_id}/actions", response_model=ActionResult, tags=["tables"])
async def act(
    table_id: str, web: Web, move: Annotated[ActionRequest, body_as(ActionRequest)]
) -> dict[str, Any]:
    async with web.manager.borrowed(table_id) as table:
        seats = await web.manager.seats_for(table, [move.token])
        await table.act(seats, move.action, move.turn)
        return {"turn": table.turn, "to_act": table.to_act, "over": table.over}


@router.post(
    "/api/tables/{table_id}/rematch",
    status_code=201,
    response_model=RematchCreated,
    tags=["tables"],
)
async def rematch(
    table_id: str,
    request: Request,
    web: Web,
    asked: Annotated[RematchRequest, body_as(RematchRequest)],
) -> dict[str, Any]:
    """Play again: the same people and options, a new deal, the first player rotated.
    Every person's token opens their seat of the new table."""
    async with web.manager.borrowed(table_id) as table:
        seats = await web.manager.seats_for(table, [asked.token])
        quota = web.count_new_table(request) if table.record.rematch is None else None
        created = await web.manager.rematches.ask(table, seats, quota, asked.answer)
        return {
            "id": created.id,
            "url": f"/t/{created.id}",
            "table": created.summary(),
            "offered": table.rematch_by is not None and table.rematch_by in seats,
        }


@router.post("/api/tables/{table_id}/resign", response_model=ActionResult, tags=["tables"])
async def resign(
    table_id: str, web: Web, asked: Annotated[ResignRequest, body_as(ResignRequest)]
) -> dict[str, Any]:
    """The seat resigns: with one side left the game ends at once; otherwise its side is
    out, and a bot plays its turns."""
    async with web.manager.borrowed(table_id) as table:
        await table.resign(await web.manager.seats_for(table, [asked.token]), asked.seat)
        return {"turn": table.turn, "to_act": table.to_act, "over": table.over}


@router.get("/api/tables/{table_id}/record", response_model=GameRecordOut, tags=["tables"])
async def record(table_id: str, web: Web) -> dict[str, Any]:
    async with web.manager.borrowed(table_id) as table:
        await table.rebuilt()  # a finished game read with its last look only
        return table.game_record()


@router.get("/api/tables/{table_id}/replay/{turn}", response_model=ReplayFrame, tags=["tables"])
async def replay_frame(
    table_id: str, turn: int, web: Web, lang: str | None = None
) -> dict[str, Any]:
    language = known_language(lang)
    async with web.manager.borrowed(table_id) as table:
        if not 0 <= turn <= MAX_REPLAY_TURN:
            # No game has so many entries. Its sentence shows the number as text: the
            # languages' number formats cannot round one this large.
            shown = str(turn) if len(str(turn)) <= 12 else f"{str(turn)[:12]}…"
            total = table.turn
            raise TableError("bad_request", "problem.replay_turn", 404, turn=shown, total=total)
        return await table.replay_frame(turn, language)
