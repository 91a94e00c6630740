"""What the server checks before it trusts anything from the network: sizes, the shape of
JSON, where a page comes from, and how fast one address may ask.

Every limit here is small on purpose: a table's messages are a few hundred bytes, a teacher's
deck a few kilobytes. Whatever is larger or deeper than a game needs is refused before any
work is spent on it, so one visitor cannot stall the event loop that serves everyone.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sequenza import i18n

from .errors import TableError

#: The largest HTTP request body (a table request with an uploaded deck fits ten times over).
MAX_BODY_BYTES = 64 * 1024
#: The largest websocket frame: an action and its turn are a few dozen bytes.
MAX_FRAME_BYTES = 16 * 1024
#: The deepest nesting a request may have: a table request is four levels deep.
MAX_DEPTH = 8
#: The longest integer: seeds and turns fit in 19 digits (2^63 has 19).
MAX_INT_DIGITS = 19

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def parse_json(data: str | bytes, limit: int = MAX_BODY_BYTES) -> Any:
    """A JSON value no bigger, deeper or wider in its numbers than a game needs; anything else
    raises ``TableError`` (``too_large`` or ``bad_json``) before it costs more than a scan."""
    if len(data) > limit:
        raise TableError("too_large", "problem.message_too_large", 413, limit=limit)
    try:
        value = json.loads(data, parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise TableError("bad_json", "problem.json_too_deep", depth=MAX_DEPTH) from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError and our own refusals
        raise TableError("bad_json", "problem.bad_json", detail=str(error)) from None
    _check_shape(value)
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer has at most {MAX_INT_DIGITS} digits")
    return int(text)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _check_shape(value: Any) -> None:
    """Refuse deep nesting, non-finite numbers and text that is not Unicode (a lone surrogate
    such as ``"\\ud800"`` decodes in JSON but cannot be stored, hashed or sent back)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise TableError("bad_json", "problem.json_too_deep", depth=MAX_DEPTH)
            children = list(item.items()) if isinstance(item, dict) else item
            for child in children:
                if isinstance(child, tuple):
                    _check_text(child[0])
                    stack.append((child[1], depth + 1))
                else:
                    stack.append((child, depth + 1))
        elif isinstance(item, str):
            _check_text(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise TableError("bad_json", "problem.json_not_finite")


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise TableError("bad_json", "problem.lone_surrogate") from None


def require_json_content(content_type: str | None) -> None:
    """Only ``application/json`` bodies: a form or ``text/plain`` post is what another site can
    make a visitor's browser send without asking, so the API never reads one."""
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    if media_type != "application/json":
        raise TableError(
            "unsupported_media_type",
            "problem.not_json",
            415,
            header="Content-Type: application/json",
        )


# ---------------------------------------------------------------------- origins
def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a websocket may open from a page at ``origin``: the server's own pages (the
    origin's host is the ``Host`` the browser asked for), an allowed origin, or no browser at
    all (programs send no ``Origin``)."""
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


# ---------------------------------------------------------------------- rates
@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """A token bucket per key (a client address): ``burst`` requests at once, then ``rate``
    a second. Remembers at most ``max_keys`` keys, dropping the longest unseen first, so a
    flood of addresses cannot grow it either."""

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        max_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def wait_needed(self, key: str) -> float:
        """Take one token for ``key``: 0 when allowed, else the seconds until one is free."""
        now = self.clock()
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        self._buckets[key] = bucket
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.rate


# ---------------------------------------------------------------------- HTTP bodies and headers
class BodyLimit:
    """ASGI middleware: an HTTP body over ``limit`` bytes is answered 413 before the app reads
    it (a declared ``Content-Length`` at once, a chunked body as soon as it passes the limit)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(send, self.limit, headers)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _too_large(send, self.limit, headers)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int, headers: dict[bytes, bytes]) -> None:
    """The 413 answer, in the language of the request's Accept-Language."""
    accepted = headers.get(b"accept-language", b"").decode("latin-1")
    language = i18n.negotiate(i18n.parse_accept_language(accepted))
    refusal = TableError("too_large", "problem.body_too_large", 413, limit=limit)
    body = json.dumps(refusal.body(language)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


#: The page loads its own scripts, styles and images and talks only to its own server.
#: Swagger's documentation page (``/api/docs``) starts itself with an inline script.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
