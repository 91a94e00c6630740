"""Hints at a table: asked over the websocket by the player whose turn it is, answered to that
socket alone with a legal move and its reason, refused with a code at a table without hints
or off turn, and counted for the seat in the table's summary and in the game's record."""

from __future__ import annotations

from sequenza.app.web.server import HINTS_BURST
from tests.app.web.server_harness import LiveServer

FRIENDS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_a_hint_is_refused_at_a_table_made_without_hints(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        assert ann.wait_for("state")["table"]["hints"] is False
        ann.send({"type": "hint"})
        assert ann.wait_for("error")["code"] == "hints_off"
        # Each hint may be a search in a bot worker: a socket gets a few, then must wait.
        codes = []
        for _ in range(HINTS_BURST + 1):
            ann.send({"type": "hint"})
            codes.append(ann.wait_for("error")["code"])
        assert codes[-1] == "hint_rate_limited" and "hints_off" in codes
    # The option is a plain true or false, chosen when the table is made.
    with server.client() as http:
        refused = http.post("/api/tables", json={"game": "test-toy", "hints": "yes"})
    assert refused.status_code in (400, 422)
    assert "error" in refused.json() or "detail" in refused.json()


def test_a_hint_goes_to_the_player_to_act_alone_and_is_counted_in_the_record(
    server: LiveServer,
) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS, hints=True)
    table_id, tokens = created["id"], created["tokens"]
    with server.join(table_id, tokens["0"]) as ann, server.join(table_id, tokens["1"]) as bob:
        state = ann.wait_for("state")
        bob.wait_for("state")
        assert state["table"]["hints"] is True and state["to_act"] == 0
        # Not Bob's turn: refused with a code, and nothing counted.
        bob.send({"type": "hint"})
        assert bob.wait_for("error")["code"] == "not_your_turn"
        ann.send({"type": "hint"})
        hint = ann.wait_for("hint")
        assert hint["seat"] == 0 and hint["turn"] == state["turn"]
        assert hint["action"] in state["legal"]["0"]
        assert hint["reason"]["code"] and isinstance(hint["reason"]["data"], dict)
        assert hint["hints_used"] == 1
        # Everyone sees the count; the hint itself went to Ann's socket only.
        seen = bob.wait_until_table(lambda table: table["seats"][0]["hints_used"] == 1)
        assert seen["seats"][1]["hints_used"] == 0
        ann.send({"type": "resign", "seat": 0})
        bob.wait_until(lambda state: state["over"])
        while True:  # what Bob heard until the game ended: never the hint
            try:
                message = bob.receive(timeout=0.2)
            except TimeoutError:
                break
            assert message["type"] != "hint"
    with server.client() as http:
        record = http.get(f"/api/tables/{table_id}/record").json()
    assert record["hints_used"] == [1, 0]
