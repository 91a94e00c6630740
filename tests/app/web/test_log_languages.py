"""The game log in each viewer's language at one table: each client words the same events in
the language it joined with, replays take a language too, and a bad language is refused
before anything changes."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from tests.app.web.server_harness import LiveServer

PEOPLE = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_two_clients_at_one_table_read_the_same_events_in_their_own_languages(
    server: LiveServer,
) -> None:
    created = server.create_table(game="sequentia-cross", seed=2, seats=PEOPLE)
    table, tokens = created["id"], created["tokens"]
    with (
        server.join(table, tokens["0"], lang="it") as ann,
        server.join(table, tokens["1"], lang="fi") as bob,
        server.join(table) as watcher,
    ):
        for client in (ann, bob, watcher):
            client.wait_for("state")
        ann.act(ann.state["legal"]["0"][0])
        for client in (ann, bob, watcher):
            client.wait_until(lambda state: state["turn"] >= 1)
    index = next(number for number, event in enumerate(ann.log) if event["event"] == "action")
    assert [event["event"] for event in bob.log] == [event["event"] for event in ann.log]
    assert ann.log[index]["text"].startswith("Tu: Metti ")
    assert bob.log[index]["text"].startswith("Ann: Pelaa ")
    assert watcher.log[index]["text"].startswith("Ann: Place ")
    assert ann.log[0]["text"] != bob.log[0]["text"] != watcher.log[0]["text"]


def test_a_replay_is_worded_in_the_language_asked(server: LiveServer) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    created = server.create_table(game="sequentia-cross", seed=5, seats=seats)
    with server.join(created["id"], created["tokens"]["0"], lang="eo") as ann:
        ann.wait_for("state")
        while not ann.state["over"]:
            if ann.state["legal"]:
                ann.act(ann.state["legal"]["0"][0])
            ann.receive()
    assert ann.log[-1]["ending"] and ann.log[-1]["text"].startswith(ann.log[-1]["ending"])
    path = f"/api/tables/{created['id']}/replay/{ann.state['turn']}"
    with server.client() as http:
        english = http.get(path).json()["log"]
        esperanto = http.get(path, params={"lang": "eo"}).json()["log"]
        unknown = http.get(path, params={"lang": "xx"})
    assert english[1]["text"].startswith("Ann: Place ")
    assert esperanto[1]["text"].startswith("Ann: Meti ")
    assert unknown.status_code == 400
    assert unknown.json()["code"] == "unknown_language" and unknown.json()["error"]


@pytest.mark.parametrize(
    ("lang", "code"),
    [("xx", "unknown_language"), ("it" * 20, "bad_request"), (7, "bad_request")],
)
def test_a_bad_language_is_refused_and_changes_nothing(
    server: LiveServer, lang: object, code: str
) -> None:
    created = server.create_table(game="sequentia-cross", seed=1, seats=PEOPLE)
    with server.join(created["id"], created["tokens"]["0"], lang=lang) as ann:
        error = ann.wait_for("error")
        assert error["code"] == code and error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ann.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    with server.client() as http:
        summary = http.get(f"/api/tables/{created['id']}").json()["table"]
    assert summary["turn"] == 0
