"""The server's edges: what a connection may hold before and around the app.

uvicorn closes an idle keep-alive connection only once a response has been sent, and never
times out a connection that sends nothing, half a request line, or headers that never end; it
accepts any number of connections from one address until the process runs out of open files,
and then every visitor's request fails. ``EdgeProtocol`` (uvicorn's httptools protocol with a
few checks added) closes those connections:

- a **request deadline**: a request's line, headers and body must arrive within
  ``request_timeout`` seconds of the connection opening, or of the previous response on a
  keep-alive connection, however slowly the bytes trickle in;
- **bounded heads**: a request line and headers over ``max_header_bytes``, a header line over
  ``MAX_HEADER_LINE`` bytes (the websocket library's own limit, past which it never answered
  an upgrade) or more than ``MAX_HEADERS`` headers are answered 431 and closed;
- **connections per address**: a client address holds at most ``max_per_address`` connections
  (websockets included); the next is answered 503 ``too_many_connections`` and closed before it
  reaches the app. A trusted proxy's connections are not counted here (every visitor behind it
  shares its address): the proxy caps them per visitor (see ``deploy/nginx.conf``);
- **connections per process**: past ``max_connections`` (below the open-file limit) a new
  connection is closed at once, so the process keeps files for its database and its bots;
- **closing means closed**: a connection closed while its peer does not read (a lagging
  websocket, a refused one) is aborted after ``close_grace`` seconds instead of holding its
  unsent megabytes in the kernel for good; an HTTP response that the peer leaves unread for
  ``send_timeout`` seconds (its buffer full) aborts its connection too.

``HostAllowList`` and ``LookupMisses`` are ASGI middleware of the app: the first refuses a
``Host`` that is not the server's (DNS rebinding), the second limits how many unknown table ids
one address may ask for (a prober guessing ids).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import re
import resource
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar
from urllib.parse import parse_qs

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from sequenza import i18n

from .errors import RateLimitedError, TableError
from .safety import ASGIApp, Message, RateLimiter, Receive, Scope, Send

logger = logging.getLogger("sequenza.web")

#: The longest header line, its name, ``": "``, value and line end together: the websocket
#: library refuses longer lines without answering, so they are answered here first.
MAX_HEADER_LINE = 8192
#: The most header lines a request may have (the websocket library's own limit).
MAX_HEADERS = 128
#: Open files a process keeps for itself (database, bot workers, logs) below its limit.
RESERVED_FILES = 128
#: The most connections one process takes by default, whatever its open-file limit.
MAX_CONNECTIONS_DEFAULT = 10_000


def raise_open_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit where allowed (each
    connection is a file), and return the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # a platform that caps it lower: keep what we have
            pass
    return soft


def default_max_connections(open_files: int | None = None) -> int:
    """The connections one process takes: its open-file limit less what it keeps for itself."""
    if open_files is None:
        open_files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(16, min(MAX_CONNECTIONS_DEFAULT, open_files - RESERVED_FILES))


@dataclass(frozen=True)
class ConnectionLimits:
    """What one connection, one address and one process may hold (see the module's text)."""

    request_timeout: float = 10.0
    max_per_address: int = 128
    max_connections: int = field(default_factory=default_max_connections)
    max_header_bytes: int = 16 * 1024
    close_grace: float = 5.0
    send_timeout: float = 30.0
    trusted_proxies: tuple[str, ...] = ()

    def trusts(self, address: str | None) -> bool:
        """Whether ``address`` is one of the trusted proxies (an address or a network)."""
        return address is not None and _in_networks(address, self.trusted_proxies)

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> ConnectionLimits:
        """The limits ``sequenza serve`` sets through its ``SEQUENZA_*`` variables."""
        env = os.environ if env is None else env
        limits = cls(trusted_proxies=split_list(env.get("SEQUENZA_TRUSTED_PROXIES", "")))
        numbers = {
            "request_timeout": ("SEQUENZA_REQUEST_TIMEOUT", float),
            "max_per_address": ("SEQUENZA_MAX_CONNECTIONS_PER_ADDRESS", int),
            "max_connections": ("SEQUENZA_MAX_CONNECTIONS", int),
        }
        changes: dict[str, Any] = {
            name: kind(env[variable])
            for name, (variable, kind) in numbers.items()
            if env.get(variable)
        }
        return replace(limits, **changes)


def trusts_everyone(proxies: Iterable[str]) -> bool:
    """Whether a list of trusted proxies trusts any address (``*``, ``0.0.0.0/0``, ``::/0``):
    then every visitor names the address they are counted by."""
    for proxy in proxies:
        if proxy.strip() == "*":
            return True
        try:
            if ipaddress.ip_network(proxy.strip(), strict=False).prefixlen == 0:
                return True
        except ValueError:
            continue
    return False


def default_allowed_hosts(host: str) -> list[str] | None:
    """The ``Host`` names a server listening on ``host`` answers to when none are named: that
    address, and the loopback names when it is a loopback one. None (any name) when it listens
    on every address: its names are not known, and ``sequenza serve`` warns about it."""
    if host in ("", "0.0.0.0", "::"):
        return None
    names = {host_name(host)}
    try:
        loopback = ipaddress.ip_address(host_name(host)).is_loopback
    except ValueError:
        loopback = host_name(host) == "localhost"
    if loopback:
        names |= {"localhost", "127.0.0.1", "::1"}
    return sorted(names)


def split_list(value: str) -> tuple[str, ...]:
    """A list setting of the environment: items separated by spaces or commas."""
    return tuple(value.replace(",", " ").split())


def _in_networks(address: str, networks: Iterable[str]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address in networks
    for network in networks:
        try:
            if ip in ipaddress.ip_network(network, strict=False):
                return True
        except ValueError:
            if address == network:
                return True
    return False


class _HeadTooLargeError(Exception):
    """Raised inside the parser's callbacks: the request's head is over a limit."""


class _ClosingTransport(asyncio.Transport):
    """The connection's transport, except that closing it also schedules an abort: a peer that
    does not read keeps a closed transport (and the kernel its unsent bytes) open for good."""

    def __init__(
        self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop, grace: float
    ) -> None:
        super().__init__()
        self._inner = inner
        self._loop = loop
        self._grace = grace
        self._abort: asyncio.TimerHandle | None = None

    def close(self) -> None:
        self._inner.close()
        if self._abort is None:
            # Aborting a connection that has closed in the meantime does nothing.
            self._abort = self._loop.call_later(self._grace, self._inner.abort)

    def abort(self) -> None:
        self._inner.abort()

    def is_closing(self) -> bool:
        return self._inner.is_closing()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._inner.write(data)

    def writelines(self, list_of_data: Iterable[bytes | bytearray | memoryview]) -> None:
        self._inner.writelines(list_of_data)

    def write_eof(self) -> None:
        self._inner.write_eof()

    def can_write_eof(self) -> bool:
        return self._inner.can_write_eof()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._inner.get_extra_info(name, default)

    def pause_reading(self) -> None:
        self._inner.pause_reading()

    def resume_reading(self) -> None:
        self._inner.resume_reading()

    def is_reading(self) -> bool:
        return self._inner.is_reading()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._inner.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._inner.get_protocol()

    def get_write_buffer_size(self) -> int:
        return self._inner.get_write_buffer_size()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._inner.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._inner.set_write_buffer_limits(high, low)


class _AddressCounter:
    """The open connections of each client address of one server."""

    def __init__(self) -> None:
        self.open: dict[str, int] = {}

    def take(self, address: str, limit: int) -> bool:
        count = self.open.get(address, 0)
        if count >= limit:
            return False
        self.open[address] = count + 1
        return True

    def give_back(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)


class EdgeProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the limits of ``ConnectionLimits`` (see the module's text).

    Each server takes its own subclass from ``edge_protocol`` (the limits and the count of
    connections per address are the class's); ``ServeProtocol`` reads the limits of
    ``sequenza serve`` from the environment."""

    limits: ClassVar[ConnectionLimits | None] = None
    addresses: ClassVar[_AddressCounter]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cls = type(self)
        if cls.limits is None:
            cls.limits = ConnectionLimits.from_environment()
        self._limits: ConnectionLimits = cls.limits
        self._address: str | None = None  # counted against its address's cap
        self._refused = False
        self._deadline: asyncio.TimerHandle | None = None
        self._stalled: asyncio.TimerHandle | None = None  # a response its peer does not read
        self._head_bytes: int | None = 0  # None: between a head's end and its message's end
        self._header_count = 0
        self._heads = 0  # heads read whole
        self._received = 0  # requests received whole
        self._answered = 0  # responses sent whole

    # ------------------------------------------------------------------ connections
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        limits = self._limits
        if len(self.connections) >= limits.max_connections:
            logger.warning("connection refused: %d connections open", len(self.connections))
            self._refused = True
            transport.abort()
            return
        guarded = _ClosingTransport(transport, self.loop, limits.close_grace)
        super().connection_made(guarded)
        peer = self.client[0] if self.client else None
        if peer is not None and not limits.trusts(peer):
            if not type(self).addresses.take(peer, limits.max_per_address):
                self._refuse(
                    TableError(
                        "too_many_connections",
                        "problem.too_many_connections",
                        503,
                        limit=limits.max_per_address,
                    )
                )
                return
            self._address = peer
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._unstall()
        self._release()
        if self.transport is None:  # refused before it was made
            return
        super().connection_lost(exc)

    def _release(self) -> None:
        if self._address is not None:
            type(self).addresses.give_back(self._address)
            self._address = None

    def handle_websocket_upgrade(self) -> None:
        """The websocket protocol takes the connection over: its end frees the address's slot."""
        self._disarm()
        self._unstall()  # the websocket has its own send timeout (the app's)
        super().handle_websocket_upgrade()
        protocol = self.transport.get_protocol()
        if protocol is self:
            return
        if hasattr(protocol, "close_timeout"):
            # uvicorn waits 10 s for the peer's answer to a close frame; a peer that stopped
            # reading never answers, and its connection should not outlive the grace.
            protocol.close_timeout = self._limits.close_grace
        ended = protocol.connection_lost
        release = self._release

        def connection_lost(exc: Exception | None) -> None:
            try:
                ended(exc)
            finally:
                release()

        protocol.connection_lost = connection_lost  # type: ignore[method-assign]

    # ------------------------------------------------------------------ unread responses
    def pause_writing(self) -> None:
        """The peer stopped reading (the transport's buffer is full): the response waits,
        and so would its connection, for good, without a deadline."""
        super().pause_writing()
        if self._stalled is None:
            self._stalled = self.loop.call_later(self._limits.send_timeout, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._unstall()

    def _unstall(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    # ------------------------------------------------------------------ the request deadline
    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self._limits.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def on_message_complete(self) -> None:
        self._received += 1
        self._head_bytes = 0
        self._header_count = 0
        # Until this request is answered, the app holds the connection, not the client.
        self._disarm()
        if self._received <= self._answered:  # answered before its body ended
            self._arm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        self._answered += 1
        super().on_response_complete()
        if self.transport.is_closing() or self._received > self._answered:
            return  # closing, or a pipelined request already waits
        if self._received == self._answered or self._deadline is None:
            self._arm()  # the next request's time starts now

    # ------------------------------------------------------------------ bounded heads
    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._head_bytes is not None:
            room = self._limits.max_header_bytes - self._head_bytes
            if len(data) > room:
                # Parse no more of a head than the limit: the parser would keep it all.
                heads = self._heads
                self._feed(data[:room])
                if self._refused or self.transport.is_closing():
                    return
                if self.transport.get_protocol() is not self:
                    return  # upgraded to a websocket, which read its own bytes
                if self._heads == heads:  # the head did not end within the limit
                    self._refuse_head()
                    return
                self.data_received(data[room:])
                return
            self._head_bytes += len(data)
        self._feed(data)

    def _feed(self, data: bytes) -> None:
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
        except httptools.HttpParserError:
            if self._refused:  # a callback refused the request and answered it
                return
            self.logger.warning("Invalid HTTP request received.")
            self.send_400_response("Invalid HTTP request received.")

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_count += 1
        if self._header_count > MAX_HEADERS or len(name) + len(value) + 4 > MAX_HEADER_LINE:
            self._refuse_head()
            raise _HeadTooLargeError
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._refused:
            return
        self._head_bytes = None
        self._heads += 1
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def _refuse_head(self) -> None:
        self._refuse(
            TableError(
                "headers_too_large",
                "problem.headers_too_large",
                431,
                limit=self._limits.max_header_bytes,
                line=MAX_HEADER_LINE,
            )
        )

    def _refuse(self, error: TableError) -> None:
        """Answer ``error`` as JSON in the language of the headers read so far, and close."""
        if self._refused:
            return
        self._refused = True
        self._disarm()
        headers = dict(self.headers or [])
        accepted = headers.get(b"accept-language", b"").decode("latin-1")
        body = json.dumps(
            error.body(i18n.negotiate(i18n.parse_accept_language(accepted))),
            ensure_ascii=False,
        ).encode()
        self.transport.write(
            b"".join(
                [
                    STATUS_LINE[error.status],
                    b"content-type: application/json\r\n",
                    b"content-length: %d\r\n" % len(body),
                    b"connection: close\r\n\r\n",
                    body,
                ]
            )
        )
        self.transport.close()


def edge_protocol(limits: ConnectionLimits) -> type[EdgeProtocol]:
    """A protocol class for one server with ``limits``: the count of connections per address
    is the class's, so two servers in one process (tests) count apart."""
    return type(
        "EdgeProtocol",
        (EdgeProtocol,),
        {"limits": limits, "addresses": _AddressCounter(), "__module__": __name__},
    )


class ServeProtocol(EdgeProtocol):
    """The protocol of ``sequenza serve`` (``http="sequenza.app.web.connections:ServeProtocol"``
    in each server process): its limits come from the ``SEQUENZA_*`` variables."""

    addresses = _AddressCounter()


# ---------------------------------------------------------------------- ASGI middleware
def _scope_language(scope: Scope) -> str:
    """A request's language: its ``lang`` parameter when known, else its Accept-Language's."""
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    asked = (query.get("lang") or [""])[0]
    if asked in i18n.languages():
        return asked
    headers = dict(scope.get("headers") or [])
    accepted = headers.get(b"accept-language", b"").decode("latin-1")
    return i18n.negotiate(i18n.parse_accept_language(accepted))


async def _answer(
    scope: Scope, send: Send, error: TableError, extra: Mapping[str, Any] | None = None
) -> None:
    """Refuse an HTTP request or a websocket handshake with ``error`` as JSON, before the app
    sees it. A websocket is answered with an HTTP response where the server can send one."""
    body = dict(error.body(_scope_language(scope)))
    body.update(extra or {})
    payload = json.dumps(body, ensure_ascii=False).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
    ]
    if isinstance(error, RateLimitedError):
        headers.append((b"retry-after", str(error.fields["seconds"]).encode()))
    if scope["type"] == "websocket":
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1008})
            return
        prefix = "websocket."
    else:
        prefix = ""
    await send({"type": f"{prefix}http.response.start", "status": error.status, "headers": headers})
    await send({"type": f"{prefix}http.response.body", "body": payload})


def host_name(host: str) -> str:
    """The name of a ``Host`` header: lower case, without its port (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


class HostAllowList:
    """ASGI middleware: only requests whose ``Host`` is one of the server's names reach the
    app; any other is answered 400 ``bad_host``. A page of another site whose name was
    rebound to the server's address (DNS rebinding) names that site in its ``Host``.

    A name ``*.example.org`` allows every name under example.org."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        names = {host_name(name) for name in allowed}
        self.exact = frozenset(name for name in names if not name.startswith("*."))
        self.suffixes = tuple(name[1:] for name in names if name.startswith("*."))

    def allows(self, host: str | None) -> bool:
        if host is None:
            return False
        name = host_name(host)
        return name in self.exact or any(name.endswith(suffix) for suffix in self.suffixes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host")
        if self.allows(host.decode("latin-1") if host is not None else None):
            await self.app(scope, receive, send)
            return
        await _answer(scope, send, TableError("bad_host", "problem.bad_host", 400))


#: The paths that look a table up by its id: the API's and the websocket's.
_LOOKUP = re.compile(r"^/(?:api|ws)/tables/[^/]+")
#: How the app's 404 for an unknown table names it (Starlette writes compact JSON).
_UNKNOWN_TABLE = b'"code":"unknown_table"'


class LookupMisses:
    """ASGI middleware: an address that asks for unknown tables (answered 404 or closed 4404)
    more than ``burst`` times, then ``rate`` a second, is answered 429 ``rate_limited`` for any
    table lookup until its wait is over, so guessing ids is slow. A hit costs nothing."""

    def __init__(
        self,
        app: ASGIApp,
        burst: int,
        rate: float,
        *,
        max_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.clock = clock
        self.max_keys = max_keys
        self.limiter = RateLimiter(rate, burst, max_keys=max_keys, clock=clock)
        self.blocked: OrderedDict[str, float] = OrderedDict()

    def _wait(self, address: str) -> float:
        until = self.blocked.get(address)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left <= 0:
            del self.blocked[address]
            return 0.0
        return left

    def _missed(self, address: str) -> float:
        """Count a miss: 0 within the allowance, else the seconds the address now waits."""
        wait = self.limiter.wait_needed(address)
        if wait:
            self.blocked[address] = self.clock() + wait
            self.blocked.move_to_end(address)
            while len(self.blocked) > self.max_keys:
                self.blocked.popitem(last=False)
        return wait

    @staticmethod
    async def _refuse(scope: Scope, send: Send, wait: float) -> None:
        error = RateLimitedError("problem.too_many_lookups", wait)
        await _answer(scope, send, error, {"retry_after": error.fields["seconds"]})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not _LOOKUP.match(scope["path"]):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        wait = self._wait(address)
        if wait:
            await self._refuse(scope, send, wait)
            return

        held: Message | None = None  # a 404's start, until its body says what is missing

        async def watched(message: Message) -> None:
            nonlocal held
            kind = message["type"]
            if kind == "http.response.start" and message["status"] == 404:
                held = message
                return
            if kind == "http.response.body" and held is not None:
                start, held = held, None
                # Only an unknown table is a miss; a bad turn of a known one is not. The miss
                # past the allowance is itself refused.
                if _UNKNOWN_TABLE in bytes(message.get("body", b"")):
                    wait = self._missed(address)
                    if wait:
                        await self._refuse(scope, send, wait)
                        return
                await send(start)
            elif kind == "websocket.close" and message.get("code") == 4404:
                self._missed(address)
            await send(message)

        await self.app(scope, receive, watched)
