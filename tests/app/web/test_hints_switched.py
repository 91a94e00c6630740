"""Hints switched on during a game, where that is allowed: every person at one screen, or one
person against bots. Online with other people they stay as the table was made (everyone sat
down knowing), and a spectator or a finished game cannot switch them; the record says from
which turn they were on, and the log and the replay show it there, after a restart too."""

from __future__ import annotations

from typing import Any

from tests.app.web.server_harness import LiveServer, live_server

ONE_SCREEN = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
AGAINST_A_BOT = [{"kind": "invite", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
FRIENDS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_hints_switched_on_at_one_screen_and_against_a_bot(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=ONE_SCREEN)
    table_id, tokens = created["id"], created["tokens"]
    with server.join(table_id, tokens["0"], tokens["1"]) as screen:
        state = screen.wait_for("state")
        assert state["table"]["hints"] is False and state["table"]["hints_switchable"] is True
        screen.send({"type": "hint"})
        assert screen.wait_for("error")["code"] == "hints_off"
        screen.act(state["legal"]["0"][0])
        screen.wait_until(lambda state: state["turn"] == 1)
        screen.send({"type": "hints_on"})
        table = screen.wait_until_table(lambda table: table["hints"])
        assert table["hints_from"] == 1 and table["hints_switchable"] is False
        screen.send({"type": "hint"})
        assert screen.wait_for("hint")["seat"] == 1
        screen.send({"type": "hints_on"})  # on already: nothing changes, nothing refused
        screen.send({"type": "resign", "seat": 1})
        screen.wait_until(lambda state: state["over"])
        assert [error["code"] for error in screen.errors] == ["hints_off"]  # the first ask
    with server.client() as http:
        record = http.get(f"/api/tables/{table_id}/record").json()
    assert record["hints"] is True and record["hints_from"] == 1
    assert record["hints_used"] == [0, 1]

    alone = server.create_table(game="test-toy", seats=AGAINST_A_BOT)
    with server.join(alone["id"], alone["tokens"]["0"]) as ann:
        assert ann.wait_for("state")["table"]["hints_switchable"] is True
        ann.send({"type": "hints_on"})
        assert ann.wait_until_table(lambda table: table["hints"])["hints_from"] == 0


def test_hints_cannot_be_switched_on_online_by_a_spectator_or_after_the_game(
    server: LiveServer,
) -> None:
    friends = server.create_table(game="test-toy", seats=FRIENDS)
    with server.join(friends["id"], friends["tokens"]["0"]) as ann:
        assert ann.wait_for("state")["table"]["hints_switchable"] is False
        ann.send({"type": "hints_on"})
        refused = ann.wait_for("error")
        assert refused["code"] == "hints_not_allowed" and "bots" in refused["message"]
    one_screen = server.create_table(game="test-toy", seats=ONE_SCREEN)
    with server.join(one_screen["id"], lang="it") as watcher:
        watcher.wait_for("state")
        watcher.send({"type": "hints_on"})
        assert watcher.wait_for("error")["code"] == "not_your_table"
    tokens = one_screen["tokens"]
    with server.join(one_screen["id"], tokens["0"], tokens["1"]) as screen:
        screen.wait_for("state")
        screen.send({"type": "resign", "seat": 0})
        over = screen.wait_until(lambda state: state["over"])
        assert over["table"]["hints_switchable"] is False
        screen.send({"type": "hints_on"})
        assert screen.wait_for("error")["code"] == "game_over"
    with server.client() as http:
        for table_id in (friends["id"], one_screen["id"]):
            table = http.get(f"/api/tables/{table_id}").json()["table"]
            assert table["hints"] is False and table["hints_from"] is None


def test_hints_switched_on_are_in_the_log_the_record_and_the_replay(database: str) -> None:
    with live_server(database) as server:
        created = server.create_table(game="test-toy", seats=ONE_SCREEN)
        table_id, tokens = created["id"], created["tokens"]
        with server.join(table_id, tokens["0"], tokens["1"]) as screen:
            screen.play(screen.wait_for("state")["legal"]["0"][0])
            before = screen.state  # Bob's turn
            screen.send({"type": "hints_on"})
            switched = screen.wait_until(lambda state: state["table"]["hints"])
            # An entry of the table, in Bob's name, where it happened; the position is the same.
            assert switched["turn"] == 2 and switched["table"]["hints_from"] == 1
            assert screen.log[-1] == {"event": "hints_on", "seat": 1, "turn": 1}
            assert switched["views"] == before["views"] and switched["to_act"] == 1
            # A move sent for the position before the switch still counts: it is the same.
            screen.act(before["legal"]["1"][0], turn=1)
            screen.wait_until(lambda state: state["turn"] == 3)
            screen.send({"type": "hint"})
            assert screen.wait_for("hint")["hints_used"] == 1
            screen.send({"type": "resign", "seat": 1})
            screen.wait_until(lambda state: state["over"])
            assert screen.errors == []
        made_with_hints = server.create_table(game="test-toy", seats=ONE_SCREEN, hints=True)
        with server.client() as http:
            finished = http.post(
                f"/api/tables/{made_with_hints['id']}/resign",
                json={"token": made_with_hints["tokens"]["0"]},
            )
            assert finished.status_code == 200
            start = http.get(f"/api/tables/{made_with_hints['id']}/replay/0").json()
            assert start["hints"] is True  # on from the start
    # A server started again reads the entry back: the same record, log and replay.
    with live_server(database) as again, again.client() as http:
        record = http.get(f"/api/tables/{table_id}/record").json()
        frames: list[dict[str, Any]] = [
            http.get(f"/api/tables/{table_id}/replay/{turn}?lang=it").json() for turn in (1, 2)
        ]
    assert record["hints_from"] == 1 and record["hints_used"] == [1, 0]
    assert record["history"][1]["kind"] == "hints_on" and record["history"][1]["seat"] == 1
    assert len(record["actions"]) == 2  # not a move of the game
    assert frames[0]["hints"] is False and frames[1]["hints"] is True
    assert frames[1]["kind"] == "hints_on" and frames[1]["seat"] == 1
    assert frames[1]["log"][-1] == {"event": "hints_on", "seat": 1, "turn": 1}
    assert frames[1]["public"] == frames[0]["public"]
