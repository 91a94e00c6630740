"""Tables in memory and their connections under pressure: idle watchers cannot pin tables, a
crowd of spectators cannot lock the players out, and a bot's trouble is said and retried."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from websockets.exceptions import ConnectionClosed

from sequenza.app.web import table_bots, table_core, table_manager, table_replay
from tests.app.web.server_harness import LiveServer, Player, live_server

HOTSEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 2


def _sent_away(watcher: Player) -> tuple[str, int | None]:
    """Read until the server closes the socket: the last error's code and the close code."""
    code = ""
    try:
        while True:
            message = watcher.receive(timeout=10)
            if message["type"] == "error":
                code = message["code"]
    except ConnectionClosed as closed:
        return code, closed.rcvd.code if closed.rcvd else None


def test_idle_watchers_cannot_pin_tables_in_memory(database: str) -> None:
    # One idle spectator socket on every table in memory (the attack pinned 2,000 this way):
    # a new table still opens, and the watcher of the least recently active is sent away.
    with live_server(database, max_live_tables=3) as running, running.client() as http:
        ids = [running.create_table(game="test-toy", seats=HOTSEATS)["id"] for _ in range(3)]
        with (
            running.join(ids[0]) as first,
            running.join(ids[1]) as second,
            running.join(ids[2]) as third,
        ):
            for watcher in (first, second, third):
                watcher.wait_for("state")
            created = http.post("/api/tables", json={"game": "test-toy", "seats": HOTSEATS})
            assert created.status_code == 201, created.text
            assert _sent_away(first) == ("put_away", 4409)
            assert ids[0] not in running.manager.live
            # The table put away is still there for whoever comes back to it.
            again = http.get(f"/api/tables/{ids[0]}")
            assert again.status_code == 200 and again.json()["table"]["id"] == ids[0]


def test_tables_where_people_play_are_kept_and_still_ones_put_away(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with live_server(database, max_live_tables=2) as running, running.client() as http:
        made = [running.create_table(game="test-toy", seats=HOTSEATS) for _ in range(2)]
        with (
            running.join(made[0]["id"], made[0]["tokens"]["0"]) as ann,
            running.join(made[1]["id"], made[1]["tokens"]["0"]) as bob,
        ):
            ann.wait_for("state")
            bob.wait_for("state")
            ann.act(ann.state["legal"]["0"][0])
            ann.wait_until(lambda state: state["turn"] == 1)
            # Both tables have a player at them who just came or moved: nothing is put away.
            refused = http.post("/api/tables", json={"game": "test-toy", "seats": HOTSEATS})
            assert refused.status_code == 503 and refused.json()["code"] == "server_busy"
            assert set(running.manager.live) == {made[0]["id"], made[1]["id"]}
            # Once nobody has moved for long enough, the stillest table makes room: Bob's, as
            # Ann moved after Bob came.
            monkeypatch.setattr(table_manager, "STILL_TABLE_SECONDS", 0.0)
            created = http.post("/api/tables", json={"game": "test-toy", "seats": HOTSEATS})
            assert created.status_code == 201
            assert _sent_away(bob) == ("put_away", 4409)
            assert made[0]["id"] in running.manager.live


def test_a_crowd_of_spectators_never_locks_the_players_out(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_core, "MAX_SPECTATORS_PER_TABLE", 2)
    created = server.create_table(game="test-toy", seats=HOTSEATS)
    table_id = created["id"]
    with server.join(table_id) as one, server.join(table_id) as two:
        one.wait_for("state")
        two.wait_for("state")
        with server.join(table_id) as third:
            refused = third.wait_for("error")
            assert refused["code"] == "table_full"
        with server.join(table_id, created["tokens"]["0"]) as ann:
            state = ann.wait_for("state")
            assert state["seats"] == [0] and state["legal"]["0"]


def test_a_bot_that_stumbles_says_so_and_tries_again(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Not a refusal of the database this time but anything else (a bug, an outage that the
    # storage did not foresee): the bots of the table said nothing and stopped for good.
    storage = server.manager.storage
    saving = storage.record_move

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr(storage, "record_move", broken)
    created = server.create_table(game="test-toy", seats=BOTS)
    with server.join(created["id"]) as watcher:
        watcher.wait_until(lambda state: state["table"]["bot_error"] is not None)
        problem = watcher.state["table"]["bot_error"]
        assert problem["code"] == "stalled" and problem["seconds"] > 0
        monkeypatch.setattr(storage, "record_move", saving)
        final = watcher.wait_until(lambda state: state["over"], timeout=30)
    assert final["table"]["bot_error"] is None


def test_bots_caught_in_an_endless_game_stop_and_the_table_says_so(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules may let bots go round in a loop for ever (a mode file's, or a gap in a game's rules
    # such as Sequence Stacks had before its refill limit): a visitor's table of bots then held
    # a worker and wrote a move a moment until the server stopped. Past the simulator's own
    # net (20,000 moves; three here), the bots stop and every screen is told.
    monkeypatch.setattr(table_bots, "MOST_BOT_TABLE_MOVES", 3)
    created = server.create_table(game="test-toy", seats=BOTS)
    with server.join(created["id"]) as watcher:
        stopped = watcher.wait_until(lambda state: state["table"]["bot_error"] is not None)
        assert stopped["table"]["bot_error"]["code"] == "endless"
        assert stopped["table"]["bot_error"]["moves"] == 3
        assert stopped["turn"] == 3 and not stopped["over"]
        watcher.send({"type": "ping"})
        while (answer := watcher.receive())["type"] != "pong":
            assert answer["type"] != "state" or answer["turn"] == 3
    # Nothing more was saved: the table read again says the same.
    with server.client() as http:
        assert http.get(f"/api/tables/{created['id']}").json()["table"]["turn"] == 3


def test_a_database_outage_during_a_bots_turn_is_said_and_outlived(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Several processes share PostgreSQL: a bot's turn is claimed in the database, and the
    # other processes' moves are read from it. With the database away for a while, the claim
    # and the catching up failed, and the bot stopped in silence until everyone left.
    with live_server(postgres) as running:
        storage = running.manager.storage
        names = ("claim_bot_turn", "moves_since", "record_move")
        saved = {name: getattr(storage, name) for name in names}

        def away(*args: Any, **kwargs: Any) -> None:
            raise OperationalError("SELECT", {}, Exception("connection refused"))

        for name in saved:
            monkeypatch.setattr(storage, name, away)
        created = running.create_table(game="test-toy", seats=BOTS)
        with running.join(created["id"]) as watcher:
            watcher.wait_until(lambda state: state["table"]["bot_error"] is not None)
            assert watcher.state["table"]["bot_error"]["code"] == "not_saved"
            for name, method in saved.items():
                monkeypatch.setattr(storage, name, method)
            final = watcher.wait_until(lambda state: state["over"], timeout=40)
        assert final["table"]["bot_error"] is None


# ---------------------------------------------------------------------- cheap requests
def _finished_bot_game(server: LiveServer) -> dict[str, Any]:
    created = server.create_table(game="test-toy", seats=BOTS, seed=5)
    with server.join(created["id"]) as watcher:
        watcher.wait_until(lambda state: state["over"], timeout=30)
    return created


def test_replay_frames_are_the_same_forwards_backwards_and_asked_again(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_replay, "REPLAY_MARK_EVERY", 2)  # the toy game is short
    table_id = _finished_bot_game(server)["id"]
    with server.client() as http:
        turns = http.get(f"/api/tables/{table_id}/replay/0").json()["turns"]
        assert turns > 2 * table_replay.REPLAY_MARK_EVERY  # the frames cross kept positions

        def frame(turn: int) -> dict[str, Any]:
            response = http.get(f"/api/tables/{table_id}/replay/{turn}")
            assert response.status_code == 200
            return dict(response.json())

        forwards = [frame(turn) for turn in range(turns + 1)]
        backwards = [frame(turn) for turn in reversed(range(turns + 1))][::-1]
    assert forwards == backwards
    assert [one["turn"] for one in forwards] == list(range(turns + 1))
    assert forwards[-1]["result"] is not None and forwards[0]["log"] != forwards[-1]["log"]


def test_a_finished_game_is_not_rebuilt_at_every_look(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = _finished_bot_game(server)["id"]
    storage = server.manager.storage
    loading = storage.load_table
    loads: list[str] = []

    def counted(wanted: str) -> Any:
        loads.append(wanted)
        return loading(wanted)

    monkeypatch.setattr(storage, "load_table", counted)
    with server.client() as http:
        for path in ("", "/record", "/replay/3", "", "/replay/3", "/record"):
            assert http.get(f"/api/tables/{table_id}{path}").status_code == 200
    assert table_id not in server.manager.live  # a look does not pin it
    assert loads == []  # kept since the last watcher left, not read and replayed again


def test_the_rule_options_are_sent_once_per_connection(server: LiveServer) -> None:
    # A teacher's deck is tens of kilobytes: it went out again with every move and every
    # coming and going at the table.
    created = server.create_table(game="test-toy", seats=HOTSEATS, options={"hand_size": 3})
    table_id = created["id"]
    with server.join(table_id, created["tokens"]["0"], created["tokens"]["1"]) as ann:
        first = ann.wait_for("state")
        assert first["table"]["options"] == {"hand_size": 3}
        with server.join(table_id) as watcher:
            assert watcher.wait_for("state")["table"]["options"] == {"hand_size": 3}
            presence = ann.wait_for("table")
            assert "options" not in presence["table"]
            ann.act(first["legal"][str(first["to_act"])][0])
            moved = ann.wait_until(lambda state: state["turn"] == 1)
            assert "options" not in moved["table"]
            assert "options" not in watcher.wait_until(lambda state: state["turn"] == 1)["table"]
