"""What the operators' tools ask: is the process up (``/healthz``), can it serve
(``/readyz``), and its figures (``/metrics``, Prometheus's text format)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from . import metrics
from .api_models import Error, Status
from .errors import TableError, stored
from .web_state import Web

router = APIRouter(tags=["operations"])


@router.get("/healthz", response_model=Status)
async def healthz() -> dict[str, str]:
    return {"status": "up"}


@router.get("/metrics", response_class=PlainTextResponse)
async def metrics_page(web: Web) -> PlainTextResponse:
    """This process's figures in Prometheus's text format (see ``metrics``): the cost per
    move, sockets, tables in memory, the bots' queue and wait, storage errors."""
    return PlainTextResponse(metrics.exposition(web.manager), media_type=metrics.CONTENT_TYPE)


@router.get("/readyz", response_model=Status, responses={503: {"model": Error}})
async def readyz(web: Web) -> dict[str, str]:
    await stored(web.manager.storage.ping)
    if web.listener is not None and not web.listener.listening.is_set():
        raise TableError("not_ready", "problem.not_ready", 503)
    return {"status": "ready"}
