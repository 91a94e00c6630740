"""The server's edges attacked as the issue describes, against a real server on 127.0.0.1:
idle, half-sent and trickling connections; one address opening too many; huge headers on a
websocket upgrade; spoofed X-Forwarded-For; a foreign Host; a prober guessing table ids; a
socket that stops reading; and bot workers outliving a killed server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import yaml  # type: ignore[import-untyped]
from fastapi import FastAPI
from typer.testing import CliRunner
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from sequenza import i18n
from sequenza.app.cli import app as cli_app
from sequenza.app.web import create_app, fanout, server
from sequenza.app.web.connections import (
    MAX_HEADER_LINE,
    ConnectionLimits,
    default_allowed_hosts,
    trusts_everyone,
)
from sequenza.app.web.errors import TableError
from sequenza.app.web.server import proxy_refusals, server_config
from tests.app.web.server_harness import SERVE, Player, free_port, wait_until_listening

#: A second address of this machine: Linux answers on all of 127.0.0.0/8.
OTHER_ADDRESS = "127.0.0.2"
#: Generous: a closed connection must be seen closed well within this.
CLOSE_WAIT = 5.0
HOTSEAT = {
    "game": "sequentia-cross",
    "seats": [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bo"}],
}


@dataclass
class Edge:
    url: str
    port: int
    app: FastAPI
    server: uvicorn.Server

    @property
    def open_connections(self) -> int:
        return len(self.server.server_state.connections)

    def client(self, source: str = "127.0.0.1") -> httpx.Client:
        transport = httpx.HTTPTransport(local_address=source)
        return httpx.Client(base_url=self.url, timeout=10, transport=transport)

    def raw(self, source: str = "127.0.0.1") -> socket.socket:
        """A plain TCP connection from ``source``."""
        connection = socket.create_connection(
            ("127.0.0.1", self.port), timeout=CLOSE_WAIT, source_address=(source, 0)
        )
        return connection


@contextmanager
def edge_server(
    tmp_path: Path, limits: ConnectionLimits, *, send_buffer: int | None = None, **settings: Any
) -> Iterator[Edge]:
    """The app with ``limits`` on a free port of 127.0.0.1, until the block ends."""
    settings.setdefault("bot_delay", 0.0)
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", **settings)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if send_buffer is not None:  # accepted connections inherit it
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    running = uvicorn.Server(server_config(app, limits=limits))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield Edge(f"http://127.0.0.1:{port}", port, app, running)
    finally:
        running.should_exit = True
        thread.join(15)
        listener.close()


def closed_by_server(connection: socket.socket, trickle: bytes = b"") -> bool:
    """Whether the server closes ``connection`` within ``CLOSE_WAIT`` (reading and dropping
    whatever it answers first); ``trickle`` is sent a byte at a time meanwhile."""
    deadline = time.monotonic() + CLOSE_WAIT
    connection.settimeout(0.1)
    sent = 0
    while time.monotonic() < deadline:
        if trickle:
            try:
                connection.send(trickle[sent % len(trickle) : sent % len(trickle) + 1])
                sent += 1
            except OSError:
                return True
        try:
            if connection.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:  # reset
            return True
    return False


def read_response(connection: socket.socket) -> tuple[int, dict[str, Any]]:
    """The status and the JSON body of the one response the server sends before closing."""
    connection.settimeout(CLOSE_WAIT)
    data = b""
    while True:
        try:
            chunk = connection.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


# ---------------------------------------------------------------------- slow and idle connections
def test_idle_half_sent_and_trickling_connections_are_closed_within_the_deadline(
    tmp_path: Path,
) -> None:
    with edge_server(tmp_path, ConnectionLimits(request_timeout=0.5)) as edge, ExitStack() as stack:
        silent = stack.enter_context(edge.raw())
        half_line = stack.enter_context(edge.raw())
        half_line.sendall(b"GET /heal")
        unfinished = stack.enter_context(edge.raw())
        unfinished.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        half_body = stack.enter_context(edge.raw())
        half_body.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        )
        # After one answered request, a keep-alive connection starts a second and stalls.
        kept = stack.enter_context(edge.raw())
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert kept.recv(65536).startswith(b"HTTP/1.1 200")
        kept.sendall(b"GET /heal")
        for connection in (silent, half_line, unfinished, half_body, kept):
            assert closed_by_server(connection)
        # A header line sent one byte every 0.1 s never finishes in time, however busy it is.
        trickling = stack.enter_context(edge.raw())
        trickling.sendall(b"GET /healthz HTTP/1.1\r\n")
        assert closed_by_server(trickling, trickle=b"X-Slow: aaaaaaaaaaaaaaaa")
        # A request sent whole is answered as before, on a connection that stays open for it.
        with edge.client() as http:
            assert http.get("/healthz").json() == {"status": "up"}


def test_a_slow_request_that_finishes_in_time_is_answered(tmp_path: Path) -> None:
    limits = ConnectionLimits(request_timeout=3.0)
    with edge_server(tmp_path, limits) as edge, edge.raw() as connection:
        for part in (b"GET /healthz HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"\r\n"):
            connection.sendall(part)
            time.sleep(0.3)
        assert connection.recv(65536).startswith(b"HTTP/1.1 200")


# ---------------------------------------------------------------------- connections per address
def test_one_address_cannot_hold_more_connections_than_its_cap(tmp_path: Path) -> None:
    limits = ConnectionLimits(max_per_address=5, request_timeout=30)
    with edge_server(tmp_path, limits) as edge, ExitStack() as stack:
        with edge.client() as http:
            table = http.post("/api/tables", json=HOTSEAT).json()
        # Two spectators' websockets and three idle connections fill the address's cap.
        for _ in range(2):
            socket_ = stack.enter_context(connect(f"ws://127.0.0.1:{edge.port}/ws/tables/x"))
            assert socket_ is not None
        idle = [stack.enter_context(edge.raw()) for _ in range(3)]
        refused = stack.enter_context(edge.raw())
        status, body = read_response(refused)
        assert status == 503
        assert body["code"] == "too_many_connections"
        assert "5" in body["error"]
        # Another address is served meanwhile.
        with edge.client(OTHER_ADDRESS) as http:
            assert http.get("/healthz").status_code == 200
            assert http.get(f"/api/tables/{table['id']}").status_code == 200
        # Once the attacker lets go, a fresh connection of its address is served again.
        for connection in idle:
            connection.close()
        deadline = time.monotonic() + CLOSE_WAIT
        while edge.open_connections > 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        with edge.client() as http:
            assert http.get("/healthz").status_code == 200


def test_a_flood_of_idle_connections_from_one_address_leaves_the_server_to_others(
    tmp_path: Path,
) -> None:
    limits = ConnectionLimits(max_per_address=20, max_connections=60, request_timeout=30)
    with edge_server(tmp_path, limits) as edge, ExitStack() as stack:
        flood = [stack.enter_context(edge.raw()) for _ in range(100)]
        # Each connection past the cap is answered and closed: the server keeps only 20.
        refused = sum(closed_by_server(connection) for connection in flood[20:])
        assert refused == 80
        assert edge.open_connections <= 21
        with edge.client(OTHER_ADDRESS) as http:
            assert http.get("/healthz").status_code == 200


def test_past_the_process_limit_new_connections_are_closed_at_once(tmp_path: Path) -> None:
    limits = ConnectionLimits(max_per_address=100, max_connections=6, request_timeout=30)
    with edge_server(tmp_path, limits) as edge, ExitStack() as stack:
        for _ in range(6):
            stack.enter_context(edge.raw())
        extra = stack.enter_context(edge.raw(OTHER_ADDRESS))
        assert closed_by_server(extra)
        assert edge.open_connections == 6


# ---------------------------------------------------------------------- oversized heads
def upgrade_request(*extra_headers: bytes, path: bytes = b"/ws/tables/x") -> bytes:
    return b"".join(
        [
            b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n",
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
            b"Sec-WebSocket-Version: 13\r\n",
            *extra_headers,
            b"\r\n",
        ]
    )


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param([b"X-Big: " + b"a" * MAX_HEADER_LINE + b"\r\n"], id="one-long-line"),
        pytest.param([b"X-Part-%d: %s\r\n" % (n, b"b" * 1000) for n in range(20)], id="too-much"),
        pytest.param([b"X-Many-%d: c\r\n" % n for n in range(200)], id="too-many-lines"),
    ],
)
def test_an_oversized_websocket_upgrade_is_answered_431_and_closed(
    tmp_path: Path, headers: list[bytes]
) -> None:
    with edge_server(tmp_path, ConnectionLimits()) as edge, edge.raw() as connection:
        connection.sendall(upgrade_request(*headers))
        status, body = read_response(connection)
        assert status == 431
        assert body["code"] == "headers_too_large"
        # The same request with ordinary headers still opens a websocket.
        with connect(f"{edge.url.replace('http', 'ws')}/ws/tables/x") as socket_:
            socket_.send(json.dumps({"type": "join", "tokens": []}))
            assert json.loads(socket_.recv(timeout=10))["code"] == "unknown_table"


def test_a_plain_request_with_huge_headers_is_answered_431_in_its_language(
    tmp_path: Path,
) -> None:
    with edge_server(tmp_path, ConnectionLimits()) as edge, edge.raw() as connection:
        connection.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: it\r\n"
            + b"X-Big: "
            + b"a" * (64 * 1024)
            + b"\r\n\r\n"
        )
        status, body = read_response(connection)
        assert status == 431
        assert "intestazioni" in body["error"]


def test_a_body_arriving_with_its_head_does_not_count_against_the_head_limit(
    tmp_path: Path,
) -> None:
    limits = ConnectionLimits(max_header_bytes=1024)
    with edge_server(tmp_path, limits) as edge, edge.raw() as connection:
        body = json.dumps(HOTSEAT).encode()
        body += b" " * (4000 - len(body))  # JSON allows the spaces: the body is 4 KB
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body
        )
        status, answer = read_response(connection)
        assert status == 201, answer


# ---------------------------------------------------------------------- trusted proxies
def create_tables(edge: Edge, count: int, source: str, spoof: bool) -> list[int]:
    statuses = []
    with edge.client(source) as http:
        for number in range(count):
            headers = {"X-Forwarded-For": f"203.0.113.{number}"} if spoof else {}
            statuses.append(http.post("/api/tables", json=HOTSEAT, headers=headers).status_code)
    return statuses


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(tmp_path: Path) -> None:
    with edge_server(tmp_path, ConnectionLimits(), table_rate=(5, 1 / 600)) as edge:
        statuses = create_tables(edge, 6, "127.0.0.1", spoof=True)
    assert statuses == [201] * 5 + [429]


def test_only_a_trusted_proxy_names_the_visitor(tmp_path: Path) -> None:
    limits = ConnectionLimits(trusted_proxies=("127.0.0.1",), max_per_address=2)
    with edge_server(tmp_path, limits, table_rate=(5, 1 / 600)) as edge, ExitStack() as stack:
        # Through the proxy each visitor has an allowance of their own...
        assert create_tables(edge, 8, "127.0.0.1", spoof=True) == [201] * 8
        # ...and one visitor behind it is still counted as one.
        with edge.client() as http:
            answers = [
                http.post("/api/tables", json=HOTSEAT, headers={"X-Forwarded-For": "198.51.100.7"})
                for _ in range(6)
            ]
        assert [answer.status_code for answer in answers] == [201] * 5 + [429]
        # Any other peer's header is ignored.
        assert create_tables(edge, 6, OTHER_ADDRESS, spoof=True) == [201] * 5 + [429]
        # The proxy's own connections are left to the proxy to cap per visitor.
        held = [stack.enter_context(edge.raw()) for _ in range(4)]
        with edge.client() as http:
            assert http.get("/healthz").status_code == 200
        assert not any(closed_by_server_quickly(connection) for connection in held)


def closed_by_server_quickly(connection: socket.socket) -> bool:
    connection.settimeout(0.2)
    try:
        return connection.recv(1) == b""
    except TimeoutError:
        return False


def test_trusting_every_address_is_refused() -> None:
    assert trusts_everyone(["*"])
    assert trusts_everyone(["10.0.0.1", "0.0.0.0/0"])
    assert trusts_everyone(["::/0"])
    assert not trusts_everyone(["172.30.0.10", "10.0.0.0/8"])


# ---------------------------------------------------------------------- the Host allow-list
def test_a_foreign_host_is_refused_on_http_and_websockets(tmp_path: Path) -> None:
    allowed = ["games.example.org", "127.0.0.1"]
    with edge_server(tmp_path, ConnectionLimits(), allowed_hosts=allowed) as edge:
        with edge.client() as http:
            table = http.post("/api/tables", json=HOTSEAT).json()
            rebound = http.get(
                f"/api/tables/{table['id']}",
                headers={"Host": "attacker.example", "Accept-Language": "fi"},
            )
            assert rebound.status_code == 400
            assert rebound.json()["code"] == "bad_host"
            assert "palvelin" in rebound.json()["error"]
            named = http.get("/healthz", headers={"Host": "games.example.org:8000"})
            assert named.status_code == 200
            created = http.post("/api/tables", json=HOTSEAT, headers={"Host": "attacker.example"})
            assert created.status_code == 400
        ws_url = f"ws://127.0.0.1:{edge.port}/ws/tables/{table['id']}"
        with (
            pytest.raises(InvalidStatus) as refused,
            connect(ws_url, additional_headers={"Host": "attacker.example"}),
        ):
            pass
        assert refused.value.response.status_code == 400
        assert json.loads(refused.value.response.body or b"")["code"] == "bad_host"
        with connect(ws_url) as socket_:
            socket_.send(json.dumps({"type": "join", "tokens": []}))
            assert json.loads(socket_.recv(timeout=10))["type"] in ("state", "table")


def test_the_default_hosts_follow_the_listening_address() -> None:
    assert set(default_allowed_hosts("127.0.0.1") or ()) == {"127.0.0.1", "localhost", "::1"}
    assert set(default_allowed_hosts("localhost") or ()) == {"127.0.0.1", "localhost", "::1"}
    assert default_allowed_hosts("192.168.1.20") == ["192.168.1.20"]
    assert default_allowed_hosts("0.0.0.0") is None


# ---------------------------------------------------------------------- guessed table ids
def test_a_prober_guessing_table_ids_is_slowed_down(tmp_path: Path) -> None:
    with edge_server(tmp_path, ConnectionLimits(), lookup_misses=(4, 1 / 600)) as edge:
        with edge.client(OTHER_ADDRESS) as other:
            table = other.post("/api/tables", json=HOTSEAT).json()
        guesses = [secrets.token_urlsafe(12) for _ in range(3)]
        with edge.client() as http:
            statuses = [http.get(f"/api/tables/{guess}").status_code for guess in guesses]
            assert statuses == [404, 404, 404]
            # A websocket's guess counts too.
            with connect(f"ws://127.0.0.1:{edge.port}/ws/tables/{guesses[0]}") as socket_:
                socket_.send(json.dumps({"type": "join", "tokens": []}))
                assert json.loads(socket_.recv(timeout=10))["code"] == "unknown_table"
            slowed = http.get(f"/api/tables/{secrets.token_urlsafe(12)}/record")
            assert slowed.status_code == 429
            assert slowed.json()["code"] == "rate_limited"
            assert slowed.json()["retry_after"] >= 1
            assert int(slowed.headers["Retry-After"]) >= 1
            # Now even a real id answers 429: a hit would tell the prober what it found.
            assert http.get(f"/api/tables/{table['id']}").status_code == 429
            assert http.get(f"/api/tables/{table['id']}/replay/0").status_code == 429
            with (
                pytest.raises(InvalidStatus) as refused,
                connect(f"ws://127.0.0.1:{edge.port}/ws/tables/{table['id']}"),
            ):
                pass
            assert refused.value.response.status_code == 429
            # Everything else, and the list of tables, is served as before.
            assert http.get("/api/tables").status_code == 200
        with edge.client(OTHER_ADDRESS) as other:
            assert other.get(f"/api/tables/{table['id']}").status_code == 200


# ---------------------------------------------------------------------- a socket that stops reading
def silent_websocket(edge: Edge, table_id: str) -> socket.socket:
    """A spectator's websocket that joins and then never reads: a tiny receive buffer makes
    its backlog reach the server at once."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.connect(("127.0.0.1", edge.port))
    raw.sendall(upgrade_request(path=f"/ws/tables/{table_id}".encode()))
    # The handshake's answer first: bytes that come with the request itself are not read.
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101")
    payload = json.dumps({"type": "join", "tokens": []}).encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    raw.sendall(b"\x81" + bytes([0x80 | len(payload)]) + mask + masked)
    return raw


def test_a_message_stuck_past_the_send_timeout_closes_its_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A write that waits ``SEND_TIMEOUT`` (a peer that stopped reading, its buffers full)
    marks its client lagging, and the socket's handler then closes it; a client whose
    writes return is left alone."""
    monkeypatch.setattr(server, "SEND_TIMEOUT", 0.2)

    class Socket:
        def __init__(self, stuck: bool) -> None:
            self.stuck = stuck
            self.sent: list[str] = []

        async def send_text(self, text: str) -> None:
            if self.stuck:
                await asyncio.Event().wait()
            self.sent.append(text)

    async def run() -> tuple[fanout.Client, fanout.Client, Socket]:
        stuck, reading = fanout.Client(seats=()), fanout.Client(seats=())
        reader = Socket(stuck=False)
        for client in (stuck, reading):
            client.send({"type": "state", "turn": 0})
        watching = asyncio.create_task(server._watch_stuck_sends())
        senders = [
            asyncio.create_task(server._send_queued(Socket(stuck=True), stuck)),  # type: ignore[arg-type]
            asyncio.create_task(server._send_queued(reader, reading)),  # type: ignore[arg-type]
        ]
        await asyncio.wait_for(stuck.fell_behind.wait(), 5)
        reading.send({"type": "state", "turn": 1})
        await asyncio.sleep(0.5)
        for task in (watching, *senders):
            task.cancel()
        await asyncio.gather(watching, *senders, return_exceptions=True)
        return stuck, reading, reader

    stuck, reading, reader = asyncio.run(run())
    assert stuck.lagging
    assert not reading.lagging and not reading.fell_behind.is_set()
    assert [json.loads(text)["turn"] for text in reader.sent] == [0, 1]
    assert stuck not in server._SENDING and reading not in server._SENDING


def test_a_socket_closed_for_not_reading_is_aborted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app closes a spectator that stopped reading (4408); the connection must then go,
    not stay open in the kernel with its unsent backlog."""
    monkeypatch.setattr(fanout, "CLIENT_QUEUE_LIMIT", 4)
    monkeypatch.setattr(server, "SEND_TIMEOUT", 0.5)
    limits = ConnectionLimits(close_grace=0.5)
    settings: dict[str, Any] = {"message_rate": (10_000, 10_000.0)}
    with edge_server(tmp_path, limits, send_buffer=16_384, **settings) as edge:
        with edge.client() as http:
            created = http.post(
                "/api/tables",
                # A deal whose game, each seat playing its first legal move, lasts 115 moves:
                # some deals end in 41, before the backlog fills.
                json={
                    "game": "sequence",
                    "players": 4,
                    "seed": 2,
                    "seats": [{"kind": "hotseat"}] * 4,
                },
            ).json()
        table_id = created["id"]
        silent = silent_websocket(edge, table_id)
        try:
            url = f"ws://127.0.0.1:{edge.port}/ws/tables/{table_id}"
            with connect(url) as socket_:
                socket_.send(json.dumps({"type": "join", "tokens": [*created["tokens"].values()]}))
                player = Player(socket_)
                player.wait_for("state")
                table = edge.app.state.manager.live[table_id]
                # The silent client goes once some 80 KB wait for it (the transport's buffer
                # and the kernel's): a few dozen moves, which a loaded machine may take a
                # minute to play. It goes as soon as they are there.
                deadline = time.monotonic() + 60
                while len(table.clients) > 1 and time.monotonic() < deadline:
                    if player.state["over"]:
                        break
                    turn = player.state["turn"]
                    player.act(next(iter(player.state["legal"].values()))[0])
                    player.wait_until(lambda state, turn=turn: state["turn"] > turn)
                assert len(table.clients) == 1, "the silent client was never dropped"
                # Its connection is gone from the server soon after: aborted, not closing
                # for good behind a backlog it will never read.
                deadline = time.monotonic() + CLOSE_WAIT
                while edge.open_connections > 1 and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert edge.open_connections == 1
        finally:
            silent.close()


def test_an_http_response_left_unread_aborts_its_connection(tmp_path: Path) -> None:
    """A client asks for page after page on one connection and reads none of them: once the
    server's buffer is full, the connection goes after ``send_timeout``."""
    limits = ConnectionLimits(send_timeout=0.5, request_timeout=30)
    with edge_server(tmp_path, limits, send_buffer=16_384) as edge:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        stalled.connect(("127.0.0.1", edge.port))
        try:
            deadline = time.monotonic() + CLOSE_WAIT
            while not edge.open_connections and time.monotonic() < deadline:
                time.sleep(0.01)
            assert edge.open_connections == 1
            asked = 0
            deadline = time.monotonic() + 15
            while edge.open_connections and time.monotonic() < deadline:
                try:
                    stalled.sendall(b"GET /static/table.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                except OSError:  # the server has aborted it
                    break
                asked += 1
                time.sleep(0.2)
            assert asked >= 2  # 45 KB each: the second fills the server's buffer
            deadline = time.monotonic() + CLOSE_WAIT
            while edge.open_connections and time.monotonic() < deadline:
                time.sleep(0.05)
            assert edge.open_connections == 0
        finally:
            stalled.close()


# ---------------------------------------------------------------------- bot workers
def descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` and by them (from ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.add(child)
            waiting.append(child)
    return found


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_bot_workers_end_with_their_server(tmp_path: Path, stop: signal.Signals) -> None:
    port = free_port()
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    process = subprocess.Popen(
        [
            *SERVE,
            "--port",
            str(port),
            "--database",
            database,
            "--bot-workers",
            "1",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_listening(process, port, timeout=90)
        bots = {
            "game": "sequentia-cross",
            "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
        }
        table = httpx.post(f"{url}/api/tables", json=bots, timeout=30).json()
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['id']}") as watcher:
            watcher.send(json.dumps({"type": "join", "tokens": []}))
            deadline = time.monotonic() + 90
            turn = 0
            while turn < 2 and time.monotonic() < deadline:
                message = json.loads(watcher.recv(timeout=60))
                turn = message.get("turn", turn) if message["type"] == "state" else turn
            assert turn >= 2
        workers = descendants(process.pid)
        assert workers  # the fork server and its bot worker, at least
        process.send_signal(stop)
        process.wait(60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    deadline = time.monotonic() + 30
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in workers if running(pid)]
    for pid in left:  # leave nothing behind for the next test, whatever the outcome
        os.kill(pid, signal.SIGKILL)
    assert left == []


# ---------------------------------------------------------------------- command line, deployment
def test_serve_refuses_to_trust_every_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(kwargs))
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    for proxies in (["*"], ["10.0.0.1", "0.0.0.0/0"]):
        options = [option for proxy in proxies for option in ("--trusted-proxy", proxy)]
        result = CliRunner().invoke(cli_app, ["serve", "--database", database, *options])
        assert result.exit_code != 0
        assert "--trusted-proxy *" in result.output
    assert started == []


def test_serve_passes_its_edges_to_uvicorn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(kwargs))
    # ``serve`` hands its settings to the server processes in the environment: keep this
    # test's apart from the other tests'.
    monkeypatch.setattr(os, "environ", dict(os.environ))
    for variable in list(os.environ):
        if variable.startswith("SEQUENZA_") or variable == "FORWARDED_ALLOW_IPS":
            del os.environ[variable]
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    options = ["--trusted-proxy", "172.30.0.10", "--max-connections-per-address", "150"]
    result = CliRunner().invoke(cli_app, ["serve", "--database", database, *options])
    assert result.exit_code == 0, result.output
    (settings,) = started
    assert settings["http"] == "sequenza.app.web.connections:ServeProtocol"
    assert settings["proxy_headers"] is True
    assert settings["forwarded_allow_ips"] == ["172.30.0.10"]
    limits = ConnectionLimits.from_environment()
    assert limits.max_per_address == 150
    assert settings["limit_concurrency"] == limits.max_connections + 1
    assert os.environ["SEQUENZA_ALLOWED_HOSTS"].split() == ["127.0.0.1", "::1", "localhost"]
    # Without a trusted proxy, uvicorn's own default (trust 127.0.0.1) is not used.
    started.clear()
    for variable in list(os.environ):
        if variable.startswith("SEQUENZA_"):
            del os.environ[variable]
    os.environ["FORWARDED_ALLOW_IPS"] = "*"
    result = CliRunner().invoke(cli_app, ["serve", "--database", database, "--host", "0.0.0.0"])
    assert result.exit_code == 0, result.output
    assert started[0]["proxy_headers"] is False
    assert started[0]["forwarded_allow_ips"] == []
    assert "FORWARDED_ALLOW_IPS" in result.output
    assert "--allowed-host" in result.output  # any Host is answered: it says so
    assert os.environ["SEQUENZA_ALLOWED_HOSTS"] == "*"


def test_the_shipped_proxy_names_the_visitor_and_is_the_only_one_trusted() -> None:
    root = Path(__file__).parents[3]
    compose = yaml.safe_load((root / "compose.yaml").read_text(encoding="utf-8"))
    proxy = compose["services"]["proxy"]["networks"]["edge"]["ipv4_address"]
    for name in ("server-1", "server-2"):
        environment = compose["services"][name]["environment"]
        assert environment["SEQUENZA_TRUSTED_PROXIES"].split() == [proxy]
        assert "FORWARDED_ALLOW_IPS" not in environment
        assert environment["SEQUENZA_ALLOWED_HOSTS"].split()
    nginx = (root / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert "$proxy_add_x_forwarded_for" not in nginx
    for directive in ("client_header_timeout", "client_body_timeout", "keepalive_timeout"):
        assert f"\n    {directive} " in nginx
    assert "\n    limit_conn per_visitor " in nginx


def test_the_shipped_proxys_own_refusals_answer_as_the_servers_do() -> None:
    # nginx does not run in CI: the test reads its configuration as nginx would. Its own 429
    # (requests a second) and 503 (connections per visitor) are {"error", "code"} in JSON,
    # worded as the servers' catalogues word them in the language the browser asks first.
    nginx = (Path(__file__).parents[3] / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "proxy_intercept_errors on" not in nginx  # the servers' own 503s pass through
    limit = int(re.search(r"\n    limit_conn per_visitor (\d+);", nginx)[1])  # type: ignore[index]
    maps = {
        variable: dict(re.findall(r'\n\s+(\S+)\s+"([^"]*)";', body))
        for variable, body in re.findall(r"map \$refusal_language \$(\w+) \{(.*?)\n\}", nginx, re.S)
    }
    picked = re.search(r"map \$http_accept_language \$refusal_language \{(.*?)\n\}", nginx, re.S)
    assert picked is not None
    chosen = dict(re.findall(r"~\*\^(\w+)\s+(\w+);", picked[1]))
    # Its 502 and 504 (no server reached, or none answered in time) are the servers' own
    # words for them; the servers' 502s and 504s pass through as they are.
    proxied = [(error.status, error.code, error.key) for error in proxy_refusals()]
    assert sorted(proxied) == [
        (502, "server_unreachable", "problem.server_unreachable"),
        (504, "server_timeout", "problem.server_timeout"),
    ]
    for status, code, key in (
        (429, "rate_limited", "problem.too_many_messages"),
        (503, "too_many_connections", "problem.too_many_connections"),
        *proxied,
    ):
        location = re.search(rf"\n    error_page {status} = @(\w+);", nginx)
        assert location is not None, status
        block = re.search(rf"location @{location[1]} \{{(.*?)\n    \}}", nginx, re.S)
        assert block is not None and "default_type application/json;" in block[1]
        answer = re.search(rf"return {status} '(.*)';", block[1])
        assert answer is not None
        variable = re.search(r"\$(\w+)", answer[1])[1]  # type: ignore[index]
        for language in i18n.languages():
            assert language == "en" or chosen[language] == language
            text = maps[variable]["default" if language == "en" else language]
            body = json.loads(answer[1].replace(f"${variable}", text).replace("\\n", ""))
            words = TableError(code, key, status, limit=limit)
            assert body == {"error": words.text(language), "code": code}, (status, language)
