"""Property-based fuzzing of both protocols against a real server on 127.0.0.1: whatever a
client sends, the answer is never a 5xx, a well-formed frame never costs the socket, and a
refused request changes nothing.

The examples are derandomised, so CI runs the same ones every time; Hypothesis still shrinks
a failure to its smallest form.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sequenza.app.web.identity import clean_name
from tests.app.web.server_harness import LiveServer, live_server

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
JSON_TYPE = {"Content-Type": "application/json"}

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
seat_requests = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["hotseat", "invite", "bot", "open", "alien"]) | json_values,
        "bot": st.sampled_from(["random", "greedy", "mcts", "genius"]) | json_values,
        "name": st.text(max_size=50) | json_values,
    },
)
table_requests = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["test-toy", "sequentia-shift", "sequence-numbers", "chess"])
        | json_values,
        "players": st.integers(min_value=-2, max_value=20) | json_values,
        "options": st.dictionaries(
            st.sampled_from(["hand_size", "deck_file", "deck", "players", "game_id", "cls"])
            | st.text(max_size=10),
            json_values,
            max_size=3,
        )
        | json_values,
        "seats": st.lists(seat_requests, max_size=4) | json_values,
        "seed": st.integers(min_value=-(2**70), max_value=2**70) | json_values,
        "spectator_chat": st.booleans() | json_values,
    },
)
raw_bodies = st.binary(max_size=300) | st.text(max_size=300).map(str.encode)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = f"sqlite:///{Path(tmp_path_factory.mktemp('fuzz')) / 'tables.db'}"
    with live_server(
        database,
        table_rate=(100_000, 100_000.0),
        message_rate=(100_000, 100_000.0),
        chat_rate=(100_000, 100_000.0),
        table_chat_rate=(100_000, 100_000.0),
    ) as running:
        yield running


@pytest.fixture(scope="module")
def http(server: LiveServer) -> Iterator[httpx.Client]:
    with server.client() as client:
        yield client


@pytest.fixture(scope="module")
def toy_table(server: LiveServer) -> dict[str, Any]:
    return server.create_table(
        game="test-toy",
        seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}],
        seed=11,
    )


def assert_clear_refusal(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        # The engine's or pydantic's own reason may come beside the sentence, as "detail".
        assert set(body) - {"detail"} == {"error", "code"} and body["error"] and body["code"], body
        assert isinstance(body.get("detail", ""), str), body


def saved_tables(server: LiveServer) -> int:
    return server.manager.storage.count_tables()


@FUZZ
@given(request=table_requests | json_values)
def test_creating_tables_never_fails_the_server(
    server: LiveServer, http: httpx.Client, request: Any
) -> None:
    before = saved_tables(server)
    response = http.post("/api/tables", content=json.dumps(request), headers=JSON_TYPE)
    assert_clear_refusal(response)
    assert saved_tables(server) == before + (response.status_code == 201)


@FUZZ
@given(body=raw_bodies)
def test_raw_bodies_are_refused_clearly(http: httpx.Client, body: bytes) -> None:
    for path in ("/api/tables", "/api/tables/nothing/actions"):
        assert_clear_refusal(http.post(path, content=body, headers=JSON_TYPE))


@FUZZ
@given(
    token=st.sampled_from(["ann", "bob", "wrong"]) | json_values,
    action=st.sampled_from(["play 1", "play 2", "play 99", "", "play"]) | json_values,
    turn=st.sampled_from(["now", "next"]) | json_values,
    extra=st.dictionaries(st.text(max_size=6), json_values, max_size=2),
)
def test_http_actions_change_nothing_unless_legal(
    http: httpx.Client,
    toy_table: dict[str, Any],
    token: Any,
    action: Any,
    turn: Any,
    extra: dict[str, Any],
) -> None:
    path = f"/api/tables/{toy_table['id']}"
    before = http.get(path).json()["table"]["turn"]
    tokens = {"ann": toy_table["tokens"]["0"], "bob": toy_table["tokens"]["1"]}
    body = extra | {
        "token": tokens.get(token, token) if isinstance(token, str) else token,
        "action": action,
        "turn": {"now": before, "next": before + 1}.get(turn, turn)
        if isinstance(turn, str)
        else turn,
    }
    response = http.post(f"{path}/actions", content=json.dumps(body), headers=JSON_TYPE)
    assert_clear_refusal(response)
    after = http.get(path).json()["table"]["turn"]
    assert after == (before + 1 if response.status_code == 200 else before)


frames = (
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["act", "ping", "join", "dance", "chat", "rename", "fill_open"])
            | json_values
        },
        optional={
            "action": st.sampled_from(["play 1", "play 2", "play 3", "nope"]) | json_values,
            "turn": st.sampled_from(["now"]) | json_values,
            "tokens": json_values,
            "text": st.text(max_size=300) | json_values,
            "phrase": st.sampled_from(["good_game", "thanks", "<b>"]) | json_values,
            "name": st.text(max_size=60) | json_values,
            "seat": st.integers(min_value=-2, max_value=3) | json_values,
            "bot": st.sampled_from(["random", "genius"]) | json_values,
        },
    ).map(lambda frame: ("json", frame))
    | json_values.map(lambda value: ("json", value))
    | st.text(max_size=200).map(lambda text: ("text", text))
    | st.binary(max_size=100).map(lambda data: ("binary", data))
)


@FUZZ
@given(frame=frames)
def test_websocket_frames_never_cost_the_socket(
    server: LiveServer, toy_table: dict[str, Any], frame: tuple[str, Any]
) -> None:
    kind, value = frame
    with server.join(toy_table["id"], *toy_table["tokens"].values()) as player:
        player.wait_for("state")
        before = player.state["turn"]
        if kind == "json" and isinstance(value, dict) and value.get("turn") == "now":
            value = value | {"turn": before}
        if kind == "binary":
            player.socket.send(value)
        else:
            player.send(json.dumps(value) if kind == "json" else value)
        # The server answers in order: everything about the frame comes before this pong.
        player.send({"type": "ping"})
        answers = []
        while (answer := player.receive())["type"] != "pong":
            answers.append(answer)
        errors = [answer for answer in answers if answer["type"] == "error"]
        assert all(error["code"] != "internal" for error in errors), errors
        if errors:
            assert player.state["turn"] == before
        else:
            assert player.state["turn"] in (before, before + 1)


@pytest.fixture(scope="module")
def open_table(server: LiveServer) -> dict[str, Any]:
    seats = [{"kind": "open"}] * 3
    return server.create_table(game="sequentia-shift", players=3, seats=seats)


@FUZZ
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "seat": st.integers(min_value=-2, max_value=6) | json_values,
            "name": st.text(max_size=60) | json_values,
        },
    )
    | json_values
)
def test_taking_open_seats_never_fails_the_server(
    http: httpx.Client, open_table: dict[str, Any], body: Any
) -> None:
    path = f"/api/tables/{open_table['id']}"
    before = [seat["claimed"] for seat in http.get(path).json()["table"]["seats"]]
    response = http.post(f"{path}/take", content=json.dumps(body), headers=JSON_TYPE)
    assert_clear_refusal(response)
    after = [seat["claimed"] for seat in http.get(path).json()["table"]["seats"]]
    # A seat is taken by a 200 and by nothing else.
    assert sum(map(bool, after)) == sum(map(bool, before)) + (response.status_code == 200)


@FUZZ
@given(text=st.text(max_size=900))
def test_a_chat_line_is_relayed_cleaned_and_bounded_or_refused(
    server: LiveServer, toy_table: dict[str, Any], text: str
) -> None:
    with server.join(toy_table["id"], *toy_table["tokens"].values()) as player:
        player.wait_for("state")
        player.send({"type": "chat", "text": text})
        player.send({"type": "ping"})
        answers = []
        while (answer := player.receive())["type"] != "pong":
            answers.append(answer)
        said = [answer for answer in answers if answer["type"] == "chat"]
        refused = [answer["code"] for answer in answers if answer["type"] == "error"]
        assert len(said) + len(refused) == 1, answers
        if said:
            line = said[0]["text"]
            assert 0 < len(line) <= 200 and line == clean_name(text)
        else:
            assert refused[0] in ("chat_too_long", "chat_empty", "too_large")


@FUZZ
@given(
    body=st.fixed_dictionaries({}, optional={"key": st.text(max_size=70) | json_values})
    | json_values
)
def test_asking_for_a_players_games_never_fails_the_server(http: httpx.Client, body: Any) -> None:
    response = http.post("/api/players/games", content=json.dumps(body), headers=JSON_TYPE)
    assert_clear_refusal(response)
    if response.status_code == 200:
        assert response.json() == []
