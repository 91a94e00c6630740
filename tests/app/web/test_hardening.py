"""The server facing hostile visitors, against a real server on 127.0.0.1: no path of the
server's disk reachable, bounded sizes, depths, queues and tables, a clear 4xx JSON error for
every bad input with nothing changed, loud storage faults, bots that fail without stopping
their table, and cross-site requests refused."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import OperationalError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import sequenza
import tests.app.web.failing_bots  # noqa: F401  (registers the failing bots)
from sequenza.app.web import fanout
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.storage import SeatRecord, TableRecord
from sequenza.components.number_decks import format_deck_json, generate_numbers_deck
from tests.app.web.server_harness import LiveServer, Player, live_server

JSON_TYPE = {"Content-Type": "application/json"}
TOY_SEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def post(http: httpx.Client, path: str, body: str | bytes) -> httpx.Response:
    return http.post(path, content=body, headers=JSON_TYPE)


def table_count(server: LiveServer) -> int:
    """Every table saved, listed in the lobby or not."""
    return server.manager.storage.count_tables()


# ---------------------------------------------------------------------- files of the server
def test_no_option_reaches_a_file_of_the_server(server: LiveServer) -> None:
    with server.client() as http:
        numbers = {game["id"]: game for game in http.get("/api/games").json()}["sequence-numbers"]
        assert "deck_file" not in [option["name"] for option in numbers["options"]]
        for path in ("/dev/zero", "/etc/passwd", "/nonexistent", "/"):
            response = http.post(
                "/api/tables",
                json={"game": "sequence-numbers", "options": {"deck_file": path}},
            )
            assert response.status_code == 400
            body = response.json()
            # One answer whatever the path: nothing about the server's disk leaks.
            assert body["code"] == "option_not_allowed"
            assert path not in body["error"] and "No such file" not in body["error"]
        assert table_count(server) == 0


def test_a_teachers_deck_is_uploaded_validated_and_kept_with_the_table(database: str) -> None:
    deck = generate_numbers_deck("*/", low=1, high=60, seed=4)
    deck_text = format_deck_json(deck)
    with live_server(database) as running, running.client() as http:
        bad = dict(deck, cards=["1x1"] * 5)
        refused = http.post(
            "/api/tables",
            json={"game": "sequence-numbers", "options": {"deck": json.dumps(bad)}},
        )
        assert refused.status_code == 400 and refused.json()["code"] == "bad_option"
        assert "deck" in refused.json()["detail"]
        created = running.create_table(
            game="sequence-numbers",
            options={"deck": deck_text},
            seats=[{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}],
        )
        board = http.get(f"/api/tables/{created['id']}").json()["public"]
    # The deck travels with the table: after a restart the same board comes back.
    with live_server(database) as again, again.client() as http:
        assert http.get(f"/api/tables/{created['id']}").json()["public"] == board
    expected = sequenza.make("sequence-numbers", players=2, seed=0, deck=deck_text)
    assert json.dumps(expected.observation(None)["board"]) == json.dumps(board["board"])


# ---------------------------------------------------------------------- sizes and shapes
def test_bad_json_over_http_is_a_clear_400_and_changes_nothing(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    act = f"/api/tables/{created['id']}/actions"
    token = created["tokens"]["0"]
    huge = "9" * 5000
    bad_bodies = [
        ('{"game": "test-toy", "options": {"players": 3}}', "bad_option"),
        ('{"game": "test-toy", "options": {"game_id": "x"}}', "bad_option"),
        ('{"game": "test-toy", "options": {"cls": 1}}', "bad_option"),
        ('{"game": "test-toy", "seed": 9223372036854775808}', "bad_request"),
        ('{"game": "test-toy", "seed": 9223372036854775807000}', "bad_json"),
        (f'{{"game": "test-toy", "seed": {huge}}}', "bad_json"),
        ('{"game": "test-toy", "seed": NaN}', "bad_json"),
        (
            '{"game": "test-toy", "seats": [{"kind": "hotseat", "name": "\\ud800"}, '
            '{"kind": "bot", "bot": "random"}]}',
            "bad_json",
        ),
        ("[" * 5000 + "]" * 5000, "bad_json"),
        ('{"a":' * 20 + "1" + "}" * 20, "bad_json"),
    ]
    with server.client() as http:
        for body, code in bad_bodies:
            response = post(http, "/api/tables", body)
            assert response.status_code == 400, (body[:80], response.text)
            assert response.json()["code"] == code and response.json()["error"], body[:80]
        too_big = post(http, "/api/tables", "[" * 100_000 + "]" * 100_000)
        assert too_big.status_code == 413 and too_big.json()["code"] == "too_large"
        for body in (
            f'{{"token": "{token}", "action": {huge}, "turn": 0}}',
            f'{{"token": "{token}", "action": "play 1", "turn": {huge}}}',
            f'{{"token": {huge}, "action": "play 1", "turn": 0}}',
            '{"token": "\\ud800", "action": "play 1", "turn": 0}',
            json.dumps({"token": token, "action": "x" * 5000, "turn": 0}),
        ):
            response = post(http, act, body)
            assert 400 <= response.status_code < 500, (body[:80], response.text)
            assert set(response.json()) - {"detail"} == {"error", "code"}
        for path in (f"/api/tables/{created['id']}/replay/x", "/api/nothing-here"):
            response = http.get(path)
            assert response.status_code in (400, 404)
            assert set(response.json()) - {"detail"} == {"error", "code"}, response.text
        wrong_method = http.delete("/api/tables")
        assert wrong_method.status_code == 405 and wrong_method.json()["code"]
        assert http.get(f"/api/tables/{created['id']}").json()["table"]["turn"] == 0
        assert table_count(server) == 1


def test_a_body_over_the_limit_is_refused_before_it_is_read(server: LiveServer) -> None:
    with server.client() as http:
        big = http.post("/api/tables", content=b" " * 200_000, headers=JSON_TYPE)
        assert big.status_code == 413 and big.json()["code"] == "too_large"

        def chunks() -> Iterator[bytes]:
            for _ in range(100):
                yield b" " * 10_000

        chunked = http.post("/api/tables", content=chunks(), headers=JSON_TYPE)
        assert chunked.status_code == 413
        assert http.get("/api/games").status_code == 200


def test_bad_websocket_frames_get_errors_and_the_socket_stays_open(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    huge = "9" * 5000
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        for frame in (
            f'{{"type": "act", "action": {huge}, "turn": 0}}',
            f'{{"type": "act", "action": "play 1", "turn": {huge}}}',
            '{"type": "act", "action": "\\ud800", "turn": 0}',
            "[" * 5000 + "]" * 5000,
            json.dumps({"type": "act", "action": "y" * 5000, "turn": 0}),
        ):
            ann.send(frame)
            error = ann.wait_for("error")
            assert error["code"] in ("bad_json", "illegal", "bad_request"), (frame[:60], error)
        ann.send({"type": "ping"})
        assert ann.wait_for("pong")["type"] == "pong"
        assert ann.state["turn"] == 0
        ann.act(ann.state["legal"]["0"][0])
        assert ann.wait_until(lambda state: state["turn"] == 1)


def test_a_websocket_frame_over_the_limit_closes_only_that_socket(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    with (
        server.join(created["id"], created["tokens"]["1"]) as bob,
        server.join(created["id"], created["tokens"]["0"]) as ann,
    ):
        bob.wait_for("state")
        ann.wait_for("state")
        ann.send(json.dumps({"type": "act", "action": "z" * 2_500_000, "turn": 0}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ann.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        bob.send({"type": "ping"})
        assert bob.wait_for("pong")


def test_a_client_that_never_reads_is_disconnected(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fanout, "CLIENT_QUEUE_LIMIT", 4)
    # Small kernel buffers stand for a backlog of megabytes: the server's part soon fills.
    with live_server(database, send_buffer=16_384, message_rate=(10_000, 10_000.0)) as running:
        created = running.create_table(
            game="sequence", players=4, seats=[{"kind": "hotseat"}] * 4, seed=5
        )
        table_id = created["id"]
        silent = _silent_websocket(running, table_id, list(created["tokens"].values()))
        try:
            with running.join(table_id, *created["tokens"].values()) as player:
                player.wait_for("state")
                table = running.manager.live[table_id]
                # Each move sends the silent spectator a state it never reads. Well before
                # the websocket keepalive (20 s) would drop it anyway, the server has.
                deadline = time.monotonic() + 15
                while len(table.clients) > 1 and time.monotonic() < deadline:
                    if player.state["over"]:
                        break
                    turn = player.state["turn"]
                    player.act(next(iter(player.state["legal"].values()))[0])
                    player.wait_until(lambda state, turn=turn: state["turn"] > turn)
                assert len(table.clients) == 1, "the silent client was never dropped"
                # The player is still served.
                player.send({"type": "ping"})
                assert player.wait_for("pong")
        finally:
            silent.close()


def _silent_websocket(server: LiveServer, table_id: str, tokens: list[str]) -> socket.socket:
    """A websocket that joins and then never reads: a tiny receive buffer makes its backlog
    reach the server at once."""
    host, port = server.url.removeprefix("http://").split(":")
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    payload = json.dumps({"type": "join", "tokens": tokens}).encode()
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    assert len(payload) < 2**16
    length = bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126])
    if len(payload) >= 126:
        length += len(payload).to_bytes(2, "big")
    raw.sendall(b"\x81" + length + mask + masked)
    return raw


# ---------------------------------------------------------------------- bounds on tables
def test_table_creation_is_rate_limited_per_address(database: str) -> None:
    with live_server(database, table_rate=(3, 0.001)) as running, running.client() as http:
        for _ in range(3):
            running.create_table(game="test-toy", seats=TOY_SEATS)
        refused = http.post("/api/tables", json={"game": "test-toy", "seats": TOY_SEATS})
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) > 0
        assert table_count(running) == 3


def test_tables_in_memory_are_bounded_and_reload_on_demand(database: str) -> None:
    with live_server(database, max_live_tables=3) as running, running.client() as http:
        ids = [running.create_table(game="test-toy", seats=TOY_SEATS)["id"] for _ in range(6)]
        assert len(running.manager.live) <= 3
        for table_id in ids:
            assert http.get(f"/api/tables/{table_id}").status_code == 200
        # Looking at a table does not keep it in memory.
        assert len(running.manager.live) <= 3
        assert not set(ids[:3]) & set(running.manager.live)


# ---------------------------------------------------------------------- storage faults
def test_a_move_that_cannot_be_saved_is_refused_and_shown_to_nobody(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    storage = server.manager.storage
    saving = storage.record_move

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    with (
        server.join(created["id"], created["tokens"]["0"]) as ann,
        server.join(created["id"], created["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        monkeypatch.setattr(storage, "record_move", disk_full)
        move = ann.state["legal"]["0"][0]
        ann.act(move)
        error = ann.wait_for("error")
        assert error["code"] == "storage_unavailable" and "nothing changed" in error["message"]
        with server.client() as http:
            refused = http.post(
                f"/api/tables/{created['id']}/actions",
                json={"token": created["tokens"]["0"], "action": move, "turn": 0},
            )
            assert refused.status_code == 503 and refused.json()["code"] == "storage_unavailable"
            assert http.get(f"/api/tables/{created['id']}").json()["table"]["turn"] == 0
        # The disk is back: the same move goes through, and both players see it.
        monkeypatch.setattr(storage, "record_move", saving)
        ann.act(move)
        assert ann.wait_until(lambda state: state["turn"] == 1)
        assert bob.wait_until(lambda state: state["turn"] == 1)


def test_a_bot_whose_move_cannot_be_saved_says_so_and_plays_on(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = server.manager.storage
    saving = storage.record_move

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(storage, "record_move", disk_full)
    created = server.create_table(
        game="test-toy", seats=[{"kind": "bot", "bot": "random"}] * 2, seed=3
    )
    with server.join(created["id"]) as watcher:
        watcher.wait_until(lambda state: state["table"]["bot_error"] is not None)
        problem = watcher.state["table"]["bot_error"]
        assert problem["code"] == "not_saved" and problem["seconds"] > 0
        monkeypatch.setattr(storage, "record_move", saving)
        final = watcher.wait_until(lambda state: state["over"], timeout=30)
    assert final["table"]["bot_error"] is None


# ---------------------------------------------------------------------- bots
@pytest.mark.parametrize("bot", ["test-crash", "test-raise", "test-hang"])
def test_a_failing_bot_is_reported_and_replaced_by_a_fallback_move(database: str, bot: str) -> None:
    workers = BotWorkers(1, move_timeout=2.0)
    with live_server(database, bot_workers=workers) as running:
        created = running.create_table(
            game="test-toy",
            seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": bot}],
            seed=2,
        )
        with running.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            ann.act(ann.state["legal"]["0"][0])
            state = ann.wait_until(lambda state: state["turn"] >= 2 or state["over"], 30)
            assert state["table"]["bot_error"] is not None
            assert state["table"]["bot_error"]["code"] == "failed"
            # The server itself lives on: its catalogue answers.
            with running.client() as http:
                assert http.get("/api/games").status_code == 200


# ---------------------------------------------------------------------- cross-site
def test_websockets_open_only_from_the_servers_own_pages(database: str) -> None:
    allowed = "https://games.example.org"
    with live_server(database, allowed_origins=[allowed]) as running:
        created = running.create_table(game="test-toy", seats=TOY_SEATS)
        url = f"{running.ws_url}/ws/tables/{created['id']}"
        for origin in ("https://evil.example", "null"):
            with (
                pytest.raises(ConnectionClosed) as closed,
                connect(url, origin=origin, open_timeout=10) as socket_,  # type: ignore[arg-type]
            ):
                player = Player(socket_)
                assert player.wait_for("error")["code"] == "bad_origin"
                player.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        for origin in (running.url, allowed):
            with connect(url, origin=origin, open_timeout=10) as socket_:  # type: ignore[arg-type]
                socket_.send(json.dumps({"type": "join", "tokens": []}))
                assert Player(socket_).wait_for("state")["turn"] == 0


def test_the_api_reads_only_json_bodies(server: LiveServer) -> None:
    request = json.dumps({"game": "test-toy", "seats": TOY_SEATS})
    with server.client() as http:
        for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"Content-Type": content_type} if content_type else {}
            response = http.post("/api/tables", content=request, headers=headers)
            assert response.status_code == 415, content_type
            assert response.json()["code"] == "unsupported_media_type"
        assert table_count(server) == 0


def test_every_page_carries_security_headers(server: LiveServer) -> None:
    with server.client() as http:
        for path in ("/", "/t/abc", "/static/app.js", "/api/games", "/api/nothing"):
            headers = http.get(path).headers
            policy = headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
            assert "unsafe-inline" not in policy
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["X-Frame-Options"] == "DENY"


def test_a_flood_of_websocket_messages_is_slowed_not_served(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        for _ in range(200):
            ann.send({"type": "ping"})
        answers = [ann.receive() for _ in range(200)]
        refused = [answer for answer in answers if answer["type"] == "error"]
        assert refused and all(answer["code"] == "rate_limited" for answer in refused)
        # The socket is still open, and served once the flood stops.
        time.sleep(1)
        ann.send({"type": "ping"})
        assert ann.wait_for("pong")


def test_a_table_from_older_rules_is_a_clear_410_not_a_server_error(server: LiveServer) -> None:
    record = TableRecord(
        id="old-rules",
        game="test-toy",
        rules_version="0",
        players=2,
        options={},
        seed=1,
        seats=[SeatRecord(0, "hotseat", "Ann"), SeatRecord(1, "bot", "Bot", "random")],
    )
    server.manager.storage.create_table(record)
    with server.client() as http:
        response = http.get("/api/tables/old-rules")
    assert response.status_code == 410
    assert response.json()["code"] == "corrupt" and "no longer plays" in response.json()["error"]


def test_bad_chat_rename_and_open_seat_frames_get_errors_and_the_socket_stays_open(
    server: LiveServer,
) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    huge = "9" * 5000
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        for frame in (
            f'{{"type": "chat", "text": {huge}}}',
            '{"type": "chat", "text": "\\ud800"}',
            json.dumps({"type": "chat", "text": ["a"] * 100}),
            json.dumps({"type": "chat", "phrase": "x" * 5000}),
            json.dumps({"type": "rename", "name": "\u202e" * 1000}),
            json.dumps({"type": "rename", "name": "Ann", "seat": 2**62}),
            json.dumps({"type": "fill_open", "bot": {"nested": [1]}}),
        ):
            ann.send(frame)
            error = ann.wait_for("error")
            codes = ("bad_json", "bad_request", "chat_too_long", "not_your_seat")
            assert error["code"] in codes, (frame[:60], error)
        ann.send({"type": "ping"})
        assert ann.wait_for("pong")["type"] == "pong"
        assert ann.state["turn"] == 0
        ann.act(ann.state["legal"]["0"][0])
        assert ann.wait_until(lambda state: state["turn"] == 1)


def test_a_chat_line_that_cannot_be_saved_is_refused_and_shown_to_nobody(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    storage = server.manager.storage

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    with (
        server.join(created["id"], created["tokens"]["0"]) as ann,
        server.join(created["id"], created["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        monkeypatch.setattr(storage, "add_chat", disk_full)
        ann.send({"type": "chat", "text": "lost"})
        assert ann.wait_for("error")["code"] == "storage_unavailable"
        monkeypatch.undo()
        ann.send({"type": "chat", "text": "kept"})
        # Bob hears the line saved, and never the one that was not.
        assert bob.wait_for("chat")["text"] == "kept"


def test_a_flood_of_chat_is_slowed_per_socket_and_per_table(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS, seed=1)
    with (
        server.join(created["id"], created["tokens"]["0"]) as ann,
        server.join(created["id"], created["tokens"]["1"]) as bob,
    ):
        ann.wait_for("state")
        bob.wait_for("state")
        for number in range(40):
            ann.send({"type": "chat", "text": f"spam {number}"})
            bob.send({"type": "chat", "text": f"spam {number}"})
        ann.send({"type": "ping"})
        answers = []
        while (answer := ann.receive())["type"] != "pong":
            answers.append(answer)
        refused = [answer["code"] for answer in answers if answer["type"] == "error"]
        said = [answer for answer in answers if answer["type"] == "chat"]
        assert set(refused) == {"chat_rate_limited"} and len(refused) >= 30
        # Both sockets together said no more than the table's burst (and what refilled).
        assert len(said) <= 25
        assert ann.state["turn"] == 0
