"""The web layer's refusals: a request the server turns down, with a machine-readable code, an
HTTP status and a sentence worded in the asker's language; and the storage calls whose failure
(disk full, read-only file, database gone) becomes such a refusal instead of a crash.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from sequenza import i18n
from sequenza.i18n import SOURCE_LANGUAGE

from . import metrics
from .storage import RETRIED_AFTER_DISCONNECT

logger = logging.getLogger("sequenza.web")

_P = ParamSpec("_P")
_R = TypeVar("_R")


@dataclass(frozen=True)
class PagePhrase:
    """A field of a refusal that is itself a ``page`` message (a reason), worded in the same
    language as the sentence it fills."""

    key: str


class TableError(Exception):
    """A request the server refuses: a machine-readable ``code``, an HTTP status, and its
    sentence for people as a ``page`` catalogue key (``problem.<name>``) with the fields it
    names, worded in the asker's language when it is sent (``text``). A ``count`` field picks
    the plural form of a plural message; numbers are written the language's way.

    ``detail`` is what the server cannot translate and a program may want: the engine's reason
    (English data of the rules: an illegal move, a bad option) or pydantic's list of problems.
    It travels beside the sentence, never in it. Nothing has changed when this is raised."""

    def __init__(
        self,
        code: str,
        key: str,
        status: int = 400,
        *,
        detail: str | None = None,
        **fields: object,
    ) -> None:
        self.code = code
        self.key = key
        self.status = status
        self.detail = detail
        self.fields = fields
        super().__init__(self.message)

    def text(self, language: str = SOURCE_LANGUAGE) -> str:
        """The sentence in ``language`` (English when the server has no catalogue for it)."""
        words = i18n.Translator("page", language)
        fields = {
            name: words.text(value.key) if isinstance(value, PagePhrase) else value
            for name, value in self.fields.items()
        }
        plural = len(i18n.entries("page", SOURCE_LANGUAGE)[self.key].english) > 1
        count = fields.pop("count", None) if plural else None
        if isinstance(count, int):
            return words.plural(self.key, count, **fields)
        return words.text(self.key, **fields)

    @property
    def message(self) -> str:
        """The sentence in English with its detail, as the server's own log writes it."""
        text = self.text()
        return text if self.detail is None else f"{text} ({self.detail})"

    def body(self, language: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The HTTP answer: ``{"error", "code"}``, and ``detail`` when there is one."""
        body: dict[str, Any] = {"error": self.text(language), "code": self.code}
        if self.detail is not None:
            body["detail"] = self.detail
        return body

    def to_json(self, language: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The websocket's ``error`` message: ``code``, ``message`` and any ``detail``."""
        message: dict[str, Any] = {
            "type": "error",
            "code": self.code,
            "message": self.text(language),
        }
        if self.detail is not None:
            message["detail"] = self.detail
        return message


class RateLimitedError(TableError):
    """Too many requests from one address: try again in ``retry_after`` seconds (its sentence
    names them as ``{seconds}``)."""

    def __init__(self, key: str, retry_after: float) -> None:
        super().__init__("rate_limited", key, 429, seconds=math.ceil(retry_after))
        self.retry_after = retry_after


async def stored(call: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """Run a call of the ``Storage`` it is a method of: at once where the storage runs its
    calls inline (SQLite), else in a thread. A database failure (disk full, read-only file,
    server gone) becomes a clear 503 that changed nothing, and the server keeps running; a
    call whose pooled connection the database had dropped runs once more on a new one, where
    running it twice is safe (``storage.RETRIED_AFTER_DISCONNECT``)."""
    storage: Any = getattr(call, "__self__", None)
    try:
        if not getattr(storage, "inline", False):
            try:
                return await asyncio.to_thread(call, *args, **kwargs)
            except DBAPIError as error:
                name = getattr(call, "__name__", "")
                if not error.connection_invalidated or name not in RETRIED_AFTER_DISCONNECT:
                    raise
                # The database had dropped the connection (it restarted): SQLAlchemy put
                # new ones in the pool, where no check before each call looks for old ones.
                logger.warning("storage connection lost in %s; calling once more", name)
                return await asyncio.to_thread(call, *args, **kwargs)
        answer = call(*args, **kwargs)
        if storage.checkpoint_due:
            _checkpoint_soon(storage)
        return answer
    except SQLAlchemyError as error:
        metrics.STORAGE_ERRORS.inc()
        logger.error("storage failed: %s", error)
        raise TableError("storage_unavailable", "problem.storage_unavailable", 503) from None


#: The checkpoints running in threads, held until they end (the loop keeps only weak references
#: to its tasks).
_checkpoints: set[asyncio.Task[None]] = set()


def _checkpoint_soon(storage: Any) -> None:
    """Start an embedded database's checkpoint in a thread: its fsyncs stay off the event loop.
    One at a time: ``checkpoint_due`` turns false as soon as it starts."""

    async def checkpoint() -> None:
        try:
            await asyncio.to_thread(storage.checkpoint)
        except SQLAlchemyError as error:  # the next write's own error is the one answered
            metrics.STORAGE_ERRORS.inc()
            logger.error("storage checkpoint failed: %s", error)

    storage.writes_since_checkpoint = 0
    task = asyncio.get_running_loop().create_task(checkpoint())
    _checkpoints.add(task)
    task.add_done_callback(_checkpoints.discard)
