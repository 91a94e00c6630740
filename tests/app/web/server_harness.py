"""A real uvicorn server on 127.0.0.1 in a background thread, for HTTP, websocket and
browser tests; plus small clients for its API."""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
import uvicorn
from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from sequenza.app.web import create_app, schema, server_config
from sequenza.app.web.table_manager import TableManager
from sequenza.core.rng import new_seed


@dataclass
class LiveServer:
    url: str
    database: str
    app: FastAPI

    @property
    def manager(self) -> TableManager:
        manager: TableManager = self.app.state.manager
        return manager

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)

    def create_table(self, *, claim: bool = True, **request: Any) -> dict[str, Any]:
        """A new table. With ``claim``, each invitation is then claimed as the invited friend
        would (``claim_invite``) and the friend's fresh token added to ``tokens``, so that a
        test holds every person's seat; otherwise the creator's answer as it came.

        A ``seed`` for a table with invited seats, which the API refuses, is the server's own
        choice here (``TableManager.seed_factory``), so that a test still knows the deal."""
        seats = request.get("seats") or []
        invited = any(isinstance(seat, dict) and seat.get("kind") == "invite" for seat in seats)
        seed = request.pop("seed", None) if invited else None
        if seed is not None:
            self.manager.seed_factory = lambda: seed
        try:
            with self.client() as http:
                response = http.post("/api/tables", json=request)
        finally:
            self.manager.seed_factory = new_seed
        assert response.status_code == 201, response.text
        created = dict(response.json())
        if claim:
            for seat, code in created["invites"].items():
                created["tokens"][seat] = self.claim_invite(created["id"], code, int(seat))
        return created

    def claim_invite(self, table_id: str, code: str, seat: int | None = None) -> str:
        """Open an invitation as the friend does: the fresh token of its seat."""
        with self.client() as http:
            response = http.post(f"/api/tables/{table_id}/claim", json={"invite": code})
        assert response.status_code == 200, response.text
        claimed = response.json()
        assert seat is None or claimed["seat"] == seat
        return str(claimed["token"])

    @contextmanager
    def join(
        self,
        table_id: str,
        *tokens: str,
        lang: object = None,
        name: object = None,
        player: object = None,
    ) -> Iterator[Player]:
        """A client of the table holding the seats of ``tokens``, its log in ``lang``, its
        seat named ``name`` and remembered for the player key ``player`` when given."""
        message: dict[str, Any] = {"type": "join", "tokens": list(tokens)}
        if lang is not None:
            message["lang"] = lang
        if name is not None:
            message["name"] = name
        if player is not None:
            message["player"] = player
        # Every message read as it comes (no queue limit): a player that a test leaves
        # unread would otherwise stop reading the socket, miss the server's closing frame
        # behind the unread ones, and wait out the close timeout (10 s) at the end.
        address = f"{self.ws_url}/ws/tables/{table_id}"
        with connect(address, open_timeout=10, max_queue=None) as socket_:
            socket_.send(json.dumps(message))
            yield Player(socket_)


class Player:
    """A websocket client that keeps the latest state it was sent."""

    def __init__(self, socket_: ClientConnection) -> None:
        self.socket = socket_
        self.state: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        if message["type"] == "state":
            self.state = message
            assert message["log_start"] == len(self.log)
            self.log += message["events"]
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def wait_for(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def wait_until(self, predicate: Any, timeout: float = 20) -> dict[str, Any]:
        """Read states until one satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        while not (self.state and predicate(self.state)):
            self.receive(max(0.01, deadline - time.monotonic()))
        return self.state

    def wait_until_table(self, predicate: Any, timeout: float = 20) -> dict[str, Any]:
        """Read messages until a table summary (of a ``state`` or a ``table`` message)
        satisfies ``predicate``; that summary."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            table = message.get("table") if message["type"] in ("state", "table") else None
            if table is not None and predicate(table):
                return dict(table)

    def send(self, message: Any) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def act(self, action: str, turn: int | None = None) -> None:
        self.send(
            {"type": "act", "action": action, "turn": self.state["turn"] if turn is None else turn}
        )

    def play(self, action: str, timeout: float = 20) -> dict[str, Any]:
        """Play ``action`` on the latest state and read until the table has moved past it, as a
        well-behaved client does: a move refused for coming too fast (the socket's message
        limit) is sent again after a pause; any other refusal fails the test."""
        turn = self.state["turn"]
        deadline = time.monotonic() + timeout
        self.act(action, turn)
        while not (self.state["turn"] > turn or self.state["over"]):
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message["type"] != "error":
                continue
            if message["code"] != "rate_limited":
                raise AssertionError(f"{action!r} was refused: {message}")
            time.sleep(0.2)
            self.act(action, turn)
        return self.state


@functools.cache
def _schema_at_head() -> Path:
    """An empty SQLite database at this code's schema version, made once per test process:
    most tests start a server on a new database, and Alembic's fourteen migrations cost each
    one about a third of a second of CPU. The tests of the schema itself migrate their own."""
    folder = Path(tempfile.mkdtemp(prefix="sequenza-schema-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "tables.db"
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        schema.prepare(engine)
    finally:
        engine.dispose()
    return path


def _start_at_head(database: str) -> None:
    """A SQLite file that does not exist yet starts as a copy of the empty database at the
    schema's head (what the server would have made of it, made once)."""
    prefix = "sqlite:///"
    if database.startswith(prefix) and ":memory:" not in database:
        path = Path(database.removeprefix(prefix))
        if not path.exists():
            shutil.copyfile(_schema_at_head(), path)


@contextmanager
def live_server(
    database: str, *, send_buffer: int | None = None, **settings: Any
) -> Iterator[LiveServer]:
    """Serve the app on a free port of 127.0.0.1 until the block ends. ``send_buffer`` fixes
    the kernel's send buffer of every connection (which Linux otherwise grows to megabytes),
    so that a test can fill it quickly."""
    settings.setdefault("bot_delay", 0.0)
    # A module's tests open many tables from one address, faster than a visitor may (20 a
    # minute): the tests of that limit set their own.
    settings.setdefault("table_rate", (10_000, 10_000.0))
    settings.setdefault("bot_settings", {"mcts": {"seconds": None, "iterations": 30}})
    _start_at_head(database)
    app = create_app(database, **settings)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if send_buffer is not None:  # accepted connections inherit it
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(server_config(app))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", database, app)
    finally:
        server.should_exit = True
        thread.join(15)
        listener.close()


# ---------------------------------------------------------- ``sequenza serve`` processes
#: The command an operator runs, in a process of its own (the tests of several processes,
#: of its settings and of its bot workers' lives).
SERVE = [sys.executable, "-c", "from sequenza.app.cli import main; main()", "serve"]

#: Seconds between two looks at a starting server: a look is a TCP connection, a few
#: microseconds of CPU, so looking often costs nothing and loses no time after it is up.
POLL_INTERVAL = 0.02


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(
    process: subprocess.Popen[bytes], port: int, *, timeout: float = 60
) -> None:
    """Until the ``sequenza serve`` process accepts connections on ``port``: uvicorn listens
    only once the app has started (imports, database, lifespan), so that is the server up.
    Each look is a bare TCP connection: an HTTP request through a new httpx client costs
    about 55 ms of CPU (it builds an SSL context), which a poll every 0.1 s paid for the
    whole start. RuntimeError when the process ends first or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            raise RuntimeError(f"the server ended with {process.returncode} before listening")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not listen on {port} in {timeout} s")
        time.sleep(POLL_INTERVAL)


def wait_until_ready(url: str, *, timeout: float = 30) -> None:
    """Until ``/readyz`` answers 200 (with several processes, once this one hears the
    others' moves), asked through one client."""
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=url, timeout=5) as http:
        while http.get("/readyz").status_code != 200:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} was not ready in {timeout} s")
            time.sleep(POLL_INTERVAL)
