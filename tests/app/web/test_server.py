"""The web server over real HTTP and websockets on 127.0.0.1: tables, seats and tokens, hidden
hands, bots, hotseat, saved games that survive a restart, replays, and bad input refused
without any change."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import httpx
import jsonschema
import pytest
from websockets.exceptions import ConnectionClosed

import sequenza
from sequenza.core.registry import game_class, game_kit
from sequenza.core.schemas import save_schema
from tests.app.web.server_harness import LiveServer, Player, live_server

TOY_SEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def play_out(player: Player) -> None:
    """Play the first legal action whenever it is this client's turn, until the end."""
    while not player.state["over"]:
        legal = player.state["legal"]
        if legal:
            actions = next(iter(legal.values()))
            player.act(actions[0])
        player.receive()


# ---------------------------------------------------------------------- catalogue and page
def test_the_page_and_the_catalogue_are_served(server: LiveServer) -> None:
    with server.client() as http:
        page = http.get("/")
        assert page.status_code == 200 and "app.js" in page.text
        assert http.get("/t/anything").status_code == 200
        assert http.get("/static/app.js").headers["content-type"].startswith("text/javascript")
        games = {game["id"]: game for game in http.get("/api/games").json()}
        bots = [bot["name"] for bot in http.get("/api/bots").json()]
    assert "test-toy" in games and "sequentia-shift" in games
    toy = games["test-toy"]
    assert toy["player_counts"] == [2]
    assert "Play a card, draw a card" in toy["rules"]
    assert {"name": "hand_size", "type": "int", "default": 2} | toy["options"][1] == toy["options"][
        1
    ]
    assert bots[0] == "random" and "mcts" in bots


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_catalogue_gives_each_games_rules_for_people_in_the_requests_language(
    server: LiveServer, language: str
) -> None:
    with server.client() as http:
        games = {game["id"]: game for game in http.get(f"/api/games?lang={language}").json()}
    rulebook = game_kit("sequentia-stack").rulebook
    assert rulebook is not None
    page = (rulebook / language / "sequentia-stack.md").read_text(encoding="utf-8")
    rules = games["sequentia-stack"]["rules"]
    assert rules.startswith(page.strip())
    # The default options follow, each with its value.
    assert "`hand_size = 3`" in rules


def test_every_game_serves_its_view_and_rules_page_from_its_package(server: LiveServer) -> None:
    with server.client() as http:
        for info in sequenza.available_games():
            for module in ("view.js", "guide.js"):
                response = http.get(f"/games/{info.id}/{module}")
                assert response.status_code == 200, (info.id, module)
                assert response.headers["content-type"].startswith("text/javascript")
                assert "export function" in response.text
            guide = http.get(f"/games/{info.id}/guide.js").text
            assert "export function rules" in guide
        assert http.get("/games/sequence/rules.py").status_code == 404
        assert http.get("/games/sequence/__init__.py").status_code == 404
        assert http.get("/games/chess/view.js").json()["code"] == "not_found"


# ---------------------------------------------------------------------- tables and seats
def test_a_table_hands_out_tokens_for_people_only(server: LiveServer) -> None:
    created = server.create_table(
        game="test-toy",
        seats=[{"kind": "hotseat"}, {"kind": "invite", "name": "Bob"}],
    )
    assert set(created["tokens"]) == {"0", "1"}
    assert created["tokens"]["0"] != created["tokens"]["1"]
    seats = created["table"]["seats"]
    assert [seat["name"] for seat in seats] == ["Player 1", "Bob"]
    bot_table = server.create_table(game="test-toy", seats=TOY_SEATS)
    assert set(bot_table["tokens"]) == {"0"}


def test_each_seat_sees_only_its_own_hand(server: LiveServer) -> None:
    created = server.create_table(
        game="test-toy", seed=5, seats=[{"kind": "hotseat"}, {"kind": "invite"}]
    )
    table, tokens = created["id"], created["tokens"]
    truth = sequenza.make("test-toy", players=2, seed=5)
    with (
        server.join(table, tokens["0"]) as ann,
        server.join(table, tokens["1"]) as bob,
        server.join(table) as watcher,
    ):
        for player in (ann, bob, watcher):
            player.wait_for("state")
        assert list(ann.state["views"]) == ["0"]
        assert ann.state["views"]["0"] == truth.observation(0)
        assert list(bob.state["views"]) == ["1"]
        assert bob.state["views"]["1"] == truth.observation(1)
        assert watcher.state["views"] == {}
        assert watcher.state["public"] == truth.observation(None)
        assert watcher.state["public"]["hand"] is None
        assert ann.state["legal"] == {"0": [str(a) for a in truth.legal_actions()]}
        assert bob.state["legal"] == {} and watcher.state["legal"] == {}
        # A move by one seat reaches everyone, each with their own view.
        action = ann.state["legal"]["0"][0]
        ann.act(action)
        truth.apply(action)
        for player in (ann, bob, watcher):
            player.wait_until(lambda state: state["turn"] == 1)
        assert bob.state["views"]["1"] == truth.observation(1)
        assert bob.state["legal"] == {"1": [str(a) for a in truth.legal_actions()]}
        played = f"Play {action.split()[1]}"
        assert watcher.log[-1] == {
            "event": "action",
            "seat": 0,
            "action": action,
            "turn": 0,
            "text": f"Player 1: {played}",
        }
        assert ann.log[-1]["text"] == f"You: {played}"
        # A screen of one seat shows that seat's view, which holds the public one: only a
        # spectator, and a screen of several seats, is sent the public view.
        assert "public" not in ann.state and "public" not in bob.state
        with server.join(table, tokens["0"], tokens["1"]) as both:
            both.wait_for("state")
            assert both.state["public"] == truth.observation(None)
            assert both.state["views"] == {"0": truth.observation(0), "1": truth.observation(1)}


def test_a_whole_game_against_a_bot_then_its_replay(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seed=3, seats=TOY_SEATS, listed=True)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        play_out(ann)
        result = ann.state["result"]
        assert ann.log[-1]["event"] == "game_over"
    with server.client() as http:
        record = http.get(f"/api/tables/{created['id']}/record").json()
        final = sequenza.replay(record)
        assert final.is_over and final.result().to_json() == result  # type: ignore[union-attr]
        # The downloaded file says who played and when, and is a record as the schema says.
        assert record["names"] == [seat["name"] for seat in created["table"]["seats"]]
        made = datetime.fromisoformat(record["date"])
        assert abs(made.timestamp() - created["table"]["created"]) < 1
        jsonschema.Draft202012Validator(
            save_schema(game_class("test-toy")),
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        ).validate(record)
        frames = [
            http.get(f"/api/tables/{created['id']}/replay/{turn}").json()
            for turn in range(len(record["actions"]) + 1)
        ]
        # Forward and backward: each frame is the position after that many moves.
        back = http.get(f"/api/tables/{created['id']}/replay/1").json()
        listing = http.get("/api/tables").json()
    state = sequenza.make("test-toy", players=2, seed=3)
    for turn, frame in enumerate(frames):
        assert frame["turns"] == len(record["actions"])
        assert frame["public"] == state.observation(None)
        assert frame["views"] == {str(seat): state.observation(seat) for seat in (0, 1)}
        if turn < len(record["actions"]):
            assert frames[turn + 1]["action"] == record["actions"][turn]
            state.apply(record["actions"][turn])
    assert back == frames[1]
    assert listing[0]["id"] == created["id"] and listing[0]["finished"] is True


def test_events_arrive_with_their_sentence_naming_seats_as_the_players_see_them(
    server: LiveServer,
) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    created = server.create_table(game="sequentia-cross", seed=5, seats=seats)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        play_out(ann)
    texts = [event["text"] for event in ann.log]
    assert all(text and "{" not in text and "seat" not in text for text in texts)
    for event in ann.log:  # the codes and fields stay beside the sentence
        if event["event"] == "action":
            who = "You" if event["seat"] == 0 else "Random bot 2"
            assert event["text"].startswith(f"{who}: ")
        if event["event"] == "draw":
            who = "You draw" if event["seat"] == 0 else "Random bot 2 draws"
            assert event["text"].startswith(f"{who} {event['cards']} card")
    over = ann.log[-1]
    assert over["event"] == "game_over" and over["text"].startswith(over["ending"])
    with server.client() as http:
        replayed = http.get(f"/api/tables/{created['id']}/replay/{ann.state['turn']}").json()
    # A replay is watched by anyone: seats by name, nobody is "you".
    assert [event["event"] for event in replayed["log"]] == [event["event"] for event in ann.log]
    assert replayed["log"][1]["text"].startswith("Ann: ")


def test_hotseat_one_client_holds_several_seats(server: LiveServer) -> None:
    created = server.create_table(
        game="test-toy", seed=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}]
    )
    tokens = created["tokens"]
    with server.join(created["id"], tokens["0"], tokens["1"]) as screen:
        screen.wait_for("state")
        assert sorted(screen.state["views"]) == ["0", "1"]
        for _ in range(3):
            to_act = screen.state["to_act"]
            assert list(screen.state["legal"]) == [str(to_act)]
            screen.act(screen.state["legal"][str(to_act)][0])
            turn = screen.state["turn"]
            screen.wait_until(lambda state, turn=turn: state["turn"] == turn + 1)


def test_bots_play_every_seat_of_a_bot_table(server: LiveServer) -> None:
    created = server.create_table(
        game="test-toy",
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "mcts"}],
    )
    with server.join(created["id"]) as watcher:
        watcher.wait_until(lambda state: state["over"])
        assert [event["seat"] for event in watcher.log if event["event"] == "action"] == [
            0,
            1,
        ] * 3


# ---------------------------------------------------------------------- saved games
def test_a_restart_loses_nothing_and_players_reconnect(database: str) -> None:
    with live_server(database) as first:
        created = first.create_table(game="test-toy", seed=9, seats=TOY_SEATS)
        with first.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            ann.act(ann.state["legal"]["0"][0])
            ann.wait_until(lambda state: state["turn"] == 2)
            before = ann.state["views"]["0"]
            log = list(ann.log)
    with live_server(database) as second, second.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        assert ann.state["views"]["0"] == before
        assert ann.log == log
        play_out(ann)
        assert ann.state["over"]


def test_a_bot_whose_turn_it_was_at_a_restart_plays_on(database: str) -> None:
    with live_server(database, bot_delay=60) as first:
        created = first.create_table(game="test-toy", seed=4, seats=TOY_SEATS)
        with first.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            ann.act(ann.state["legal"]["0"][0])
            ann.wait_until(lambda state: state["turn"] == 1 and state["to_act"] == 1)
    with live_server(database) as second, second.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_until(lambda state: state["turn"] == 2)


# ---------------------------------------------------------------------- bad input
def test_bad_websocket_messages_get_clear_errors_and_change_nothing(server: LiveServer) -> None:
    created = server.create_table(
        game="test-toy", seed=1, seats=[{"kind": "hotseat"}, {"kind": "invite"}]
    )
    table, tokens = created["id"], created["tokens"]
    with server.join(table, tokens["0"]) as ann, server.join(table, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        legal = ann.state["legal"]["0"]
        cases = [
            (ann, "{not json", "bad_json"),
            (ann, json.dumps([1, 2]), "bad_request"),
            (ann, json.dumps({"type": "dance"}), "bad_request"),
            (ann, json.dumps({"type": "act", "action": legal[0]}), "bad_request"),
            (ann, json.dumps({"type": "act", "action": legal[0], "turn": 7}), "stale"),
            (ann, json.dumps({"type": "act", "action": "play 99", "turn": 0}), "illegal"),
            (ann, json.dumps({"type": "act", "action": "!!", "turn": 0}), "illegal"),
            (bob, json.dumps({"type": "act", "action": legal[0], "turn": 0}), "not_your_turn"),
        ]
        for player, message, code in cases:
            player.send(message)
            error = player.wait_for("error")
            assert error["code"] == code, (message, error)
            assert error["message"]
        ann.send({"type": "ping"})
        assert ann.wait_for("pong")
    with server.client() as http:
        assert http.get(f"/api/tables/{table}").json()["table"]["turn"] == 0


def test_a_stale_action_is_refused_and_the_position_resent(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seed=1, seats=TOY_SEATS)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        first = ann.state["legal"]["0"]
        ann.act(first[0])
        ann.wait_until(lambda state: state["turn"] == 2)
        ann.act(ann.state["legal"]["0"][0], turn=0)
        assert ann.wait_for("error")["code"] == "stale"
        assert ann.wait_for("state")["turn"] == 2


def test_a_wrong_token_or_an_unknown_table_closes_the_socket(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=TOY_SEATS)
    with server.join(created["id"], "not-a-token") as intruder:
        error = intruder.wait_for("error")
        assert error["code"] == "bad_token"
        with pytest.raises(ConnectionClosed) as closed:
            intruder.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    with server.join("nosuchtable") as lost:
        assert lost.wait_for("error")["code"] == "unknown_table"


def test_bad_http_requests_are_refused_clearly(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seed=1, seats=TOY_SEATS)
    table, token = created["id"], created["tokens"]["0"]
    bad_tables: list[tuple[object, str]] = [
        ("{nope", "bad_json"),
        ({"game": "chess"}, "bad_option"),
        ({"game": "test-toy", "players": 5}, "bad_option"),
        ({"game": "test-toy", "options": {"hand_size": 9}}, "bad_option"),
        ({"game": "test-toy", "options": {"speed": 1}}, "bad_option"),
        ({"game": "test-toy", "seats": [{"kind": "bot", "bot": "genius"}] * 2}, "bad_request"),
        ({"game": "test-toy", "seats": [{"kind": "alien"}] * 2}, "bad_request"),
        ({"game": "test-toy", "seats": [{"kind": "hotseat"}]}, "bad_request"),
        ({"game": "test-toy", "seed": -1}, "bad_request"),
    ]
    json_type = {"Content-Type": "application/json"}
    with server.client() as http:
        for body, code in bad_tables:
            content = body if isinstance(body, str) else json.dumps(body)
            response = http.post("/api/tables", content=content, headers=json_type)
            assert response.status_code == 400, (body, response.text)
            assert response.json()["code"] == code and response.json()["error"]
        act = f"/api/tables/{table}/actions"
        assert http.post(act, content="[", headers=json_type).json()["code"] == "bad_json"
        assert http.post(act, json={"action": "play 1", "turn": 0}).status_code == 400
        wrong = http.post(act, json={"token": "x", "action": "play 1", "turn": 0})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
        missing = http.get("/api/tables/nothing")
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_table"
        early = http.get(f"/api/tables/{table}/record")
        assert early.status_code == 409 and early.json()["code"] == "not_finished"
        assert http.get(f"/api/tables/{table}/replay/0").status_code == 409
        assert http.get(f"/api/tables/{table}").json()["table"]["turn"] == 0
        # The HTTP action path plays too, checked the same way.
        legal = sequenza.make("test-toy", players=2, seed=1).legal_actions()
        played = http.post(act, json={"token": token, "action": str(legal[0]), "turn": 0})
        assert played.status_code == 200 and played.json()["turn"] == 1


def test_a_finished_game_refuses_more_actions(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seed=6, seats=TOY_SEATS)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        play_out(ann)
        turn = ann.state["turn"]
        ann.act("play 1")
        assert ann.wait_for("error")["code"] == "game_over"
    with server.client() as http:
        response = http.post(
            f"/api/tables/{created['id']}/actions",
            json={"token": created["tokens"]["0"], "action": "play 1", "turn": turn},
        )
        assert response.status_code == 409 and response.json()["code"] == "game_over"
        assert http.get(f"/api/tables/{created['id']}/replay/{turn + 1}").status_code == 404


# ---------------------------------------------------------------------- the command
def test_sequenza_serve_starts_the_app(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database = f"sqlite:///{tmp_path / 'served.db'}"
    command = [str(Path(sys.executable).parent / "sequenza"), "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--database", database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
                break
            except httpx.TransportError:
                assert process.poll() is None, process.stdout.read() if process.stdout else ""
                assert time.monotonic() < deadline, "sequenza serve did not answer"
                time.sleep(0.2)
        assert response.status_code == 200
        assert (tmp_path / "served.db").exists()
    finally:
        process.terminate()
        process.wait(10)


def test_the_api_documentation_works_offline_and_shows_every_body(server: LiveServer) -> None:
    with server.client() as http:
        page = http.get("/api/docs")
        assert page.status_code == 200
        assert "/api/docs-assets/swagger-ui-bundle.js" in page.text and "cdn" not in page.text
        assert http.get("/api/docs-assets/swagger-ui-bundle.js").status_code == 200
        schema = http.get("/openapi.json").json()
    paths = schema["paths"]
    body = paths["/api/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/TableRequest"}
    components = schema["components"]["schemas"]
    assert {"TableRequest", "SeatRequest", "ActionRequest", "TableCreated", "Error"} <= set(
        components
    )
    assert "requestBody" in paths["/api/tables/{table_id}/actions"]["post"]
    refusal = paths["/api/tables/{table_id}/actions"]["post"]["responses"]["409"]
    assert refusal["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"
    }


def test_a_bot_remembers_its_earlier_decisions_from_move_to_move(database: str) -> None:
    """Bots think in worker processes, a fresh one each move: the expert's memory of the
    deals it imagined (against which it reads its opponent's plays) travels with the table."""
    settings = {"expert": {"seconds": None, "iterations": 10, "deals": 4}}
    with live_server(database, bot_settings=settings) as running:
        created = running.create_table(
            game="sequence",
            seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "expert"}],
            seed=4,
        )
        with running.join(created["id"], created["tokens"]["0"]) as ann:
            for _ in range(3):
                ann.wait_until(lambda state: bool(state["legal"]))
                turn = ann.state["turn"]
                ann.act(ann.state["legal"]["0"][0])
                ann.wait_until(lambda state, turn=turn: state["turn"] >= turn + 2)
            memory = running.manager.live[created["id"]].bot_memory[1]
    remembered = pickle.loads(memory)
    # One remembered deal per decision it took: three bot moves, three deals.
    assert len(remembered._seen) == 3


def test_only_tables_anyone_may_watch_are_listed(server: LiveServer) -> None:
    private = server.create_table(game="test-toy", seats=TOY_SEATS)
    public = server.create_table(game="test-toy", seats=TOY_SEATS, listed=True)
    with server.client() as http:
        listing = [table["id"] for table in http.get("/api/tables").json()]
        # A private table still opens from its link.
        opened = http.get(f"/api/tables/{private['id']}").json()["table"]
        refused = http.post("/api/tables", json={"game": "test-toy", "listed": "yes"})
    assert listing == [public["id"]]
    assert opened["listed"] is False and public["table"]["listed"] is True
    assert refused.status_code == 400 and refused.json()["code"] == "bad_request"


def test_a_rematch_seats_the_same_people_with_the_first_player_rotated(
    server: LiveServer,
) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]
    clock = {"kind": "game", "game_minutes": 60, "increment_seconds": 2}
    created = server.create_table(game="test-toy", seed=5, seats=seats, listed=True, clock=clock)
    table_id, ann, bob = created["id"], created["tokens"]["0"], created["tokens"]["1"]
    with server.client() as http:
        early = http.post(f"/api/tables/{table_id}/rematch", json={"token": ann})
        assert early.status_code == 409 and early.json()["code"] == "not_finished"
        state = sequenza.make("test-toy", players=2, seed=5)
        while not state.is_over:
            token = ann if state.current_seat == 0 else bob
            action = str(state.legal_actions()[0])
            body = {"token": token, "action": action, "turn": len(state.history)}
            assert http.post(f"/api/tables/{table_id}/actions", json=body).status_code == 200
            state.apply(action)
        stranger = http.post(f"/api/tables/{table_id}/rematch", json={"token": "nobody"})
        assert stranger.status_code == 403
        first = http.post(f"/api/tables/{table_id}/rematch", json={"token": bob})
        again = http.post(f"/api/tables/{table_id}/rematch", json={"token": ann})
        assert first.status_code == again.status_code == 201
        rematch = first.json()
        assert again.json()["id"] == rematch["id"] != table_id
        old = http.get(f"/api/tables/{table_id}").json()["table"]
    assert old["rematch"] == rematch["id"]
    new = rematch["table"]
    # Bob, second last time, moves first now; the same options and a fresh game.
    assert [seat["name"] for seat in new["seats"]] == ["Bob", "Ann"]
    assert new["turn"] == 0 and new["listed"] is True and new["options"] == old["options"]
    assert new["clock"] == old["clock"] and old["clock"]["game_minutes"] == 60
    # Each person's token opens their seat of the rematch: invitation links carry over.
    with server.join(rematch["id"], bob) as player:
        assert player.wait_for("state")["seats"] == [0]
    with server.join(rematch["id"], ann) as player:
        assert player.wait_for("state")["seats"] == [1]


def test_a_rematch_offer_reaches_every_screen_and_a_decline_reaches_the_offerer(
    server: LiveServer,
) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
    created = server.create_table(game="test-toy", seats=seats)
    table_id, tokens = created["id"], created["tokens"]
    url = f"/api/tables/{table_id}/rematch"
    with (
        server.client() as http,
        server.join(table_id, tokens["0"]) as ann,
        server.join(table_id, tokens["1"]) as bob,
        server.join(table_id) as watcher,
    ):
        for screen in (ann, bob, watcher):
            screen.wait_for("state")
        early = http.post(url, json={"token": tokens["1"], "answer": "decline"})
        assert early.status_code == 409 and early.json()["code"] == "not_finished"
        resigned = http.post(f"/api/tables/{table_id}/resign", json={"token": tokens["1"]})
        assert resigned.status_code == 200, resigned.text
        nothing = http.post(url, json={"token": tokens["1"], "answer": "decline"})
        assert nothing.status_code == 409 and nothing.json()["code"] == "no_rematch"
        wrong = http.post(url, json={"token": tokens["1"], "answer": "maybe"})
        assert wrong.status_code == 400
        offered = http.post(url, json={"token": tokens["0"]})
        assert offered.status_code == 201 and offered.json()["offered"] is True
        rematch = offered.json()["id"]
        # Every screen at the table hears who offered it, a spectator's too.
        for screen in (bob, watcher):
            heard = screen.wait_until_table(lambda table: table["rematch"] == rematch)
            assert heard["rematch_by"] == 0 and heard["rematch_declined"] == []
        declined = http.post(url, json={"token": tokens["1"], "answer": "decline"})
        assert declined.status_code == 201 and declined.json()["offered"] is False
        told = ann.wait_until_table(lambda table: table["rematch_declined"] == [1])
        assert told["rematch_by"] == 0 and told["rematch_accepted"] == []
        # The offerer's own answer changes nothing; a mind changed is told too.
        again = http.post(url, json={"token": tokens["0"], "answer": "decline"})
        assert again.json()["id"] == rematch
        accepted = http.post(url, json={"token": tokens["1"]})
        assert accepted.json() | {"table": None} == {
            "id": rematch,
            "url": f"/t/{rematch}",
            "table": None,
            "offered": False,
        }
        told = ann.wait_until_table(lambda table: table["rematch_accepted"] == [1])
        assert told["rematch_declined"] == []


# ---------------------------------------------------------------------- resign, clocks, undo
PEOPLE = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


def test_a_resignation_ends_a_two_sided_game_and_survives_a_restart(database: str) -> None:
    with live_server(database) as first:
        created = first.create_table(game="test-toy", seed=4, seats=PEOPLE)
        table, tokens = created["id"], created["tokens"]
        with first.join(table, tokens["0"]) as ann, first.join(table, tokens["1"]) as bob:
            ann.wait_for("state")
            bob.wait_for("state")
            ann.act(ann.state["legal"]["0"][0])
            bob.wait_until(lambda state: state["turn"] == 1)
            bob.send({"type": "resign", "seat": 0})  # not Bob's seat: refused
            assert bob.wait_for("error")["code"] == "not_your_seat"
            bob.send({"type": "resign"})
            ann.wait_until(lambda state: state["over"])
            result = ann.state["result"]
            assert result == {"scores": [1.0, 0.0], "winners": [0], "termination": "resigned"}
            assert ann.state["table"]["out"] == [1] and ann.state["legal"] == {}
            assert [event["event"] for event in ann.log[-2:]] == ["resigned", "table_over"]
            ann.act("play 1")
            assert ann.wait_for("error")["code"] == "game_over"
    with live_server(database) as second:
        with second.client() as http:
            view = http.get(f"/api/tables/{table}").json()
            record = http.get(f"/api/tables/{table}/record").json()
            last = http.get(f"/api/tables/{table}/replay/2").json()
        assert view["table"]["result"] == result and view["table"]["finished"]
        assert [entry["kind"] for entry in record["history"]] == ["move", "resign"]
        assert record["result"] == result and len(record["actions"]) == 1
        assert last["kind"] == "resign" and last["seat"] == 1 and last["result"] == result


def test_with_three_sides_a_resigned_seat_is_played_by_a_bot_and_cannot_win(
    server: LiveServer,
) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=2,
        players=3,
        seats=[*PEOPLE, {"kind": "bot", "bot": "random"}],
    )
    table, tokens = created["id"], created["tokens"]
    with server.join(table, tokens["0"]) as ann, server.join(table, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        bob.send({"type": "resign"})
        ann.wait_until(lambda state: state["table"]["out"] == [1])
        assert not ann.state["over"]
        # Ann plays her turn; Bob's is played for him.
        while not any(event.get("stand_in") == "out" for event in ann.log):
            if ann.state["legal"]:
                ann.act("end" if "end" in ann.state["legal"]["0"] else ann.state["legal"]["0"][0])
            ann.receive()
        assert bob.state["legal"] == {}
        ann.wait_until(lambda state: "0" in state["legal"])
        with server.client() as http:
            late = http.post(
                f"/api/tables/{table}/resign", json={"token": tokens["1"]}
            )  # Bob is out already
            assert late.status_code == 409 and late.json()["code"] == "out"
            done = http.post(f"/api/tables/{table}/resign", json={"token": tokens["0"]})
        assert done.status_code == 200 and done.json()["over"]
        ann.wait_until(lambda state: state["over"])
        assert ann.state["result"]["winners"] == [2]


def test_a_player_concedes_for_the_whole_team(server: LiveServer) -> None:
    created = server.create_table(
        game="sequence",
        players=4,
        seats=[{"kind": "invite"}] * 4,
    )
    with server.client() as http:
        answer = http.post(
            f"/api/tables/{created['id']}/resign", json={"token": created["tokens"]["2"]}
        )
        view = http.get(f"/api/tables/{created['id']}").json()
    assert answer.status_code == 200 and answer.json()["over"]
    assert view["table"]["result"]["winners"] == [1, 3]
    assert view["table"]["out"] == [0, 2]


def test_a_seat_whose_time_runs_out_loses_or_a_bot_moves_for_it(server: LiveServer) -> None:
    losing = server.create_table(
        game="test-toy",
        seed=1,
        seats=TOY_SEATS,
        clock={"kind": "move", "move_seconds": 2, "on_timeout": "lose"},
    )
    with server.join(losing["id"], losing["tokens"]["0"]) as ann:
        ann.wait_for("state")
        assert ann.state["clock"] == {"left": [2.0, None], "running": None}  # not yet started
        ann.act(ann.state["legal"]["0"][0])
        ann.wait_until(lambda state: state["clock"] and state["clock"]["running"] == 0)
        assert 0 < ann.state["clock"]["left"][0] <= 2
        ann.wait_until(lambda state: state["over"])
        assert ann.state["result"]["termination"] == "time"
        assert ann.state["result"]["winners"] == [1]
        assert any(event["event"] == "time_out" for event in ann.log)
    standing_in = server.create_table(
        game="test-toy",
        seed=1,
        seats=TOY_SEATS,
        clock={"kind": "move", "move_seconds": 2, "on_timeout": "bot"},
    )
    with server.join(standing_in["id"], standing_in["tokens"]["0"]) as ann:
        ann.wait_for("state")
        ann.act(ann.state["legal"]["0"][0])
        # From now on Ann never moves: a bot plays each of her moves once her time is up.
        ann.wait_until(lambda state: state["over"])
        assert ann.state["result"]["termination"] == "cards_played"
        played_for_her = [event for event in ann.log if event.get("stand_in") == "time"]
        assert [event["seat"] for event in played_for_her] == [0, 0]


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "move", "move_seconds": 1},
        {"kind": "game", "game_minutes": 0},
        {"kind": "game", "increment_seconds": 601},
        {"kind": "sundial"},
        {"kind": "move", "colour": "red"},
        {"kind": "move", "move_seconds": "30"},
        {"kind": "move", "on_timeout": "shrug"},
        [],
    ],
)
def test_a_bad_clock_is_refused_and_makes_no_table(server: LiveServer, clock: object) -> None:
    before = server.manager.storage.count_tables()
    with server.client() as http:
        answer = http.post("/api/tables", json={"game": "test-toy", "clock": clock})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
    # The sentence is the server's; what the clock got wrong comes beside it.
    assert set(answer.json()) == {"error", "code", "detail"}
    assert server.manager.storage.count_tables() == before


def test_a_move_is_taken_back_against_a_bot_with_the_bots_reply(server: LiveServer) -> None:
    created = server.create_table(
        game="sequentia-shift",
        seed=3,
        # Greedy answers this deal by ending its turn: a move that shows nothing.
        seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
    )
    truth = sequenza.make("sequentia-shift", players=2, seed=3)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        assert not ann.state["undo"]  # nothing to take back yet
        start = ann.state["views"]["0"]
        slide = next(move for move in ann.state["legal"]["0"] if move.startswith("slide"))
        ann.act(slide)
        ann.wait_until(lambda state: state["turn"] == 1)
        ann.act("end")
        ann.wait_until(lambda state: "0" in state["legal"] and state["turn"] > 2)
        plan = ann.state["undo"]
        assert plan["seat"] == 0 and plan["reason"] is None and plan["moves"] >= 2
        ann.send({"type": "undo"})
        ann.wait_until(lambda state: ann.log[-1]["event"] == "undone")
        truth.apply(slide)
        assert ann.state["views"]["0"]["grid"] == truth.observation(0)["grid"]
        assert ann.state["views"]["0"] != start
        assert ann.state["to_act"] == 0 and ann.state["undo"]["moves"] == 1
    # Once the game is over, its record and its replay keep what was taken back.
    with server.client() as http:
        http.post(f"/api/tables/{created['id']}/resign", json={"token": created["tokens"]["0"]})
        record = http.get(f"/api/tables/{created['id']}/record").json()
        kinds = [entry["kind"] for entry in record["history"]]
        assert kinds[-2:] == ["undo", "resign"] and record["actions"] == [slide]
        frame = http.get(f"/api/tables/{created['id']}/replay/{len(kinds) - 1}").json()
    assert frame["kind"] == "undo" and frame["views"]["0"]["grid"] == truth.observation(0)["grid"]
    # A move that drew a card cannot be taken back, and the page is told why.
    toy = server.create_table(game="test-toy", seed=2, seats=TOY_SEATS)
    with server.join(toy["id"], toy["tokens"]["0"]) as ann:
        ann.wait_for("state")
        ann.act(ann.state["legal"]["0"][0])
        ann.wait_until(lambda state: state["turn"] == 2)
        assert ann.state["undo"]["reason"] == "move_revealed"
        turn = ann.state["turn"]
        ann.send({"type": "undo"})
        assert ann.wait_for("error")["code"] == "cannot_undo"
        assert ann.state["turn"] == turn


@pytest.mark.parametrize("accept", [True, False])
def test_online_the_others_are_asked_before_a_move_is_taken_back(
    server: LiveServer, accept: bool
) -> None:
    created = server.create_table(game="sequentia-shift", seed=3, seats=PEOPLE)
    table, tokens = created["id"], created["tokens"]
    with server.join(table, tokens["0"]) as ann, server.join(table, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        slide = next(move for move in ann.state["legal"]["0"] if move.startswith("slide"))
        ann.act(slide)
        bob.wait_until(lambda state: state["turn"] == 1)
        bob.send({"type": "undo_answer", "accept": True})  # nothing asked yet
        assert bob.wait_for("error")["code"] == "no_request"
        ann.send({"type": "undo"})
        bob.wait_until(lambda state: state["table"]["undo_request"] is not None)
        assert bob.state["table"]["undo_request"] == {
            "seat": 0,
            "moves": 1,
            "ask": [1],
            "accepted": [],
        }
        ann.send({"type": "undo_answer", "accept": True})  # Ann cannot answer her own request
        assert ann.wait_for("error")["code"] == "no_request"
        bob.send({"type": "undo_answer", "accept": accept})
        ann.wait_until(lambda state: state["table"]["undo_request"] is None)
        if accept:
            assert ann.log[-1]["event"] == "undone" and ann.state["turn"] == 3
            assert ann.state["views"]["0"] == sequenza.make(
                "sequentia-shift", players=2, seed=3
            ).observation(0) | {"turn": 0}
        else:
            assert ann.log[-1] == {"event": "undo_refused", "seat": 1, "asker": 0}
            assert ann.state["views"]["0"]["turn"] == 1  # the slide stands


def test_a_refused_request_cannot_be_asked_again_and_again(server: LiveServer) -> None:
    created = server.create_table(game="sequentia-shift", seed=3, seats=PEOPLE)
    table, tokens = created["id"], created["tokens"]
    with server.join(table, tokens["0"]) as ann, server.join(table, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        ann.act(next(move for move in ann.state["legal"]["0"] if move.startswith("slide")))
        for asked in range(3):
            ann.send({"type": "undo"})
            # The slide, then a request and its refusal each time.
            bob.wait_until(lambda state, asked=asked: state["turn"] == 2 + 2 * asked)
            assert bob.state["table"]["undo_request"] is not None
            bob.send({"type": "undo_answer", "accept": False})
            ann.wait_until(lambda state, asked=asked: state["turn"] == 3 + 2 * asked)
        assert ann.log[-1]["event"] == "undo_refused"
        turn = ann.state["turn"]
        ann.send({"type": "undo"})
        assert ann.wait_for("error")["code"] == "rate_limited"
        assert ann.state["turn"] == turn


def test_a_move_made_while_a_request_was_asked_cancels_it(server: LiveServer) -> None:
    created = server.create_table(game="sequentia-shift", seed=3, seats=PEOPLE)
    table, tokens = created["id"], created["tokens"]
    with server.join(table, tokens["0"]) as ann, server.join(table, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        ann.act(next(move for move in ann.state["legal"]["0"] if move.startswith("slide")))
        ann.wait_until(lambda state: state["turn"] == 1)
        ann.act("end")
        bob.wait_until(lambda state: "1" in state["legal"])
        seen = bob.state["turn"]
        ann.send({"type": "undo"})
        ann.wait_until(lambda state: state["table"]["undo_request"] is not None)
        # Bob answers the position he saw, before the request: his move stands and cancels it.
        bob.act(bob.state["legal"]["1"][0], turn=seen)
        ann.wait_until(lambda state: state["turn"] == seen + 2)
        assert ann.state["table"]["undo_request"] is None
        assert ann.log[-1]["event"] == "action" and ann.log[-1]["seat"] == 1
        bob.act("end", turn=seen)  # a position has changed since: stale
        assert bob.wait_for("error")["code"] == "stale"


def test_sockets_are_not_compressed(server: LiveServer) -> None:
    # The client offers per-message deflate, as browsers do; the server declines it.
    created = server.create_table(game="test-toy", seed=1, seats=TOY_SEATS)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        offered = ann.socket.request.headers.get("Sec-WebSocket-Extensions")
        assert offered is not None and "permessage-deflate" in offered
        assert ann.socket.response.headers.get("Sec-WebSocket-Extensions") is None
