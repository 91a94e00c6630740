"""The server's refusals in the asker's language: the same status and code in every language,
the sentence from the ``page`` catalogue in the language of the request (Accept-Language, or
``lang``) or of the websocket (its joined ``lang``), numbers written the language's way, and
what only the engine or pydantic can say (English data) beside it as ``detail``."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect

from sequenza import i18n
from tests.app.web.server_harness import LiveServer

PEOPLE = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]
JSON = {"Content-Type": "application/json"}


def refusals(http: httpx.Client, table: str, language: str) -> list[httpx.Response]:
    """One bad request of each kind, asked in ``language``."""
    headers = {"Accept-Language": language}
    post = {**headers, **JSON}
    return [
        http.post("/api/tables", content="{nope", headers=post),
        http.post(
            "/api/tables", json={"game": "test-toy", "seats": [{"name": ""}] * 2}, headers=headers
        ),
        http.post("/api/tables", json={"game": "test-toy", "seats": [{}]}, headers=headers),
        http.post("/api/tables", json={"game": "test-toy", "players": 9}, headers=headers),
        http.post("/api/tables", content="x", headers={**headers, "Content-Type": "text/plain"}),
        http.post("/api/tables", content="[" * 70_000, headers=post),
        http.post(f"/api/tables/{table}/actions", json={"action": 5}, headers=headers),
        http.post(
            f"/api/tables/{table}/actions",
            json={"token": "x", "action": "play 1", "turn": 0},
            headers=headers,
        ),
        http.get("/api/tables/nosuchtable", headers=headers),
        http.get(f"/api/tables/{table}/record", headers=headers),
        http.get(f"/api/tables/{table}/replay/99", headers=headers),
        http.get("/api/bots", params={"game": "chess"}, headers=headers),
        http.get("/api/messages/xx", headers=headers),
        http.delete("/api/tables", headers=headers),
        http.get("/api/nothing-here", headers=headers),
    ]


def test_every_http_refusal_is_worded_in_the_requests_language_with_the_same_code(
    server: LiveServer,
) -> None:
    table = server.create_table(game="test-toy", seed=1, seats=PEOPLE)["id"]
    with server.client() as http:
        english = refusals(http, table, "en")
        finnish = refusals(http, table, "fi-FI, en;q=0.5")
        unknown = refusals(http, table, "pt-BR")
    for en, fi, pt in zip(english, finnish, unknown, strict=True):
        assert 400 <= en.status_code < 500, en.text
        assert (fi.status_code, fi.json()["code"]) == (en.status_code, en.json()["code"])
        assert fi.json()["error"] and fi.json()["error"] != en.json()["error"], fi.text
        assert set(fi.json()) - {"detail"} == {"error", "code"}
        assert fi.json().get("detail") == en.json().get("detail")
        assert pt.json() == en.json(), "a language without a catalogue reads English"


def test_a_sentence_names_the_requests_values_in_its_language(server: LiveServer) -> None:
    with server.client() as http:
        seats = {"game": "test-toy", "seats": [{"kind": "hotseat", "name": " "}] * 2}
        named = http.post("/api/tables", json=seats, headers={"Accept-Language": "fi"})
        large = http.post(
            "/api/tables", content="[" * 70_000, headers={**JSON, "Accept-Language": "it"}
        )
        english = http.post("/api/tables", content="[" * 70_000, headers=JSON)
    assert named.json() == {"error": "paikka 0: nimessä on 1–40 merkkiä", "code": "bad_request"}
    assert large.status_code == english.status_code == 413
    assert large.json()["error"] == "il corpo di una richiesta è di al massimo 65.536 byte"
    assert english.json()["error"] == "a request body is at most 65,536 bytes"


def test_the_engines_reason_travels_beside_the_translated_sentence(server: LiveServer) -> None:
    with server.client() as http:
        bad = {"game": "test-toy", "options": {"hand_size": 9}}
        italian = http.post("/api/tables", json=bad, headers={"Accept-Language": "it"})
        english = http.post("/api/tables", json=bad)
        pydantic = http.post("/api/tables", json={"game": 5}, headers={"Accept-Language": "eo"})
    words = i18n.Translator("page", "it")
    assert italian.status_code == english.status_code == 400
    assert italian.json()["code"] == english.json()["code"] == "bad_option"
    assert italian.json()["error"] == words.text("problem.bad_option")
    assert "hand_size" in italian.json()["detail"] and "hand_size" not in italian.json()["error"]
    assert italian.json()["detail"] == english.json()["detail"]
    assert pydantic.json()["error"] == i18n.Translator("page", "eo").text("problem.invalid_request")
    assert pydantic.json()["code"] == "bad_request" and "game" in pydantic.json()["detail"]


def test_the_lang_parameter_words_a_refusal_before_accept_language(server: LiveServer) -> None:
    with server.client() as http:
        unknown = http.get(
            "/api/bots", params={"game": "chess", "lang": "eo"}, headers={"Accept-Language": "it"}
        )
    assert unknown.status_code == 404
    assert unknown.json() == {"error": "ne ekzistas ludo 'chess'", "code": "unknown_game"}


def socket_errors(server: LiveServer, lang: str | None) -> list[dict[str, Any]]:
    """The errors a seat gets for bad messages, having joined in ``lang``."""
    created = server.create_table(game="test-toy", seed=1, seats=PEOPLE)
    errors = []
    with server.join(created["id"], created["tokens"]["0"], lang=lang) as ann:
        ann.wait_for("state")
        legal = ann.state["legal"]["0"][0]
        for message in (
            "{not json",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "act", "action": legal, "turn": 7}),
            json.dumps({"type": "act", "action": "play 99", "turn": 0}),
            json.dumps({"type": "undo"}),
        ):
            ann.send(message)
            errors.append(ann.wait_for("error"))
    return errors


def test_socket_errors_are_worded_in_the_language_the_client_joined_with(
    server: LiveServer,
) -> None:
    english = socket_errors(server, None)
    italian = socket_errors(server, "it")
    assert [error["code"] for error in italian] == [error["code"] for error in english]
    assert all(it["message"] != en["message"] for it, en in zip(italian, english, strict=True))
    stale = italian[2]
    assert stale["code"] == "stale"
    assert stale["message"] == (
        "quell'azione era per il turno 7, ma la partita è al turno 0: guarda la nuova posizione"
    )
    illegal = italian[3]
    assert illegal["message"] == i18n.Translator("page", "it").text("problem.not_an_action")
    assert illegal["detail"] == english[3]["detail"] and "play 99" in illegal["detail"]


def test_a_refused_take_back_names_its_reason_in_the_clients_language(server: LiveServer) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    created = server.create_table(game="test-toy", seed=5, seats=seats)
    with server.join(created["id"], created["tokens"]["0"], lang="fi") as ann:
        ann.wait_for("state")
        ann.act(ann.state["legal"]["0"][0])
        ann.wait_until(lambda state: bool(state["undo"]))
        # The page words the reason from its code; the server's refusal words it too.
        assert ann.state["undo"]["reason"] == "move_revealed"
        ann.send({"type": "undo"})
        error = ann.wait_for("error")
    assert error["code"] == "cannot_undo"
    assert error["message"] == (
        "sitä siirtoa ei voi perua: siirtosi nosti tai paljasti kortin, jota et ollut nähnyt: "
        "sen peruminen antaisi sinun pelata uudelleen tietäen sen"
    )


def test_a_socket_refused_before_it_joined_is_worded_in_the_browsers_language(
    server: LiveServer,
) -> None:
    created = server.create_table(game="test-toy", seed=1, seats=PEOPLE)
    url = f"{server.ws_url}/ws/tables/{created['id']}"
    headers = {"Origin": "https://elsewhere.example", "Accept-Language": "eo"}
    with connect(url, open_timeout=10, additional_headers=headers) as socket_:
        refused = json.loads(socket_.recv(timeout=10))
    assert refused["code"] == "bad_origin"
    assert refused["message"] == i18n.Translator("page", "eo").text("problem.bad_origin")
    with server.join(created["id"], "not-a-token", lang="it") as intruder:
        assert intruder.wait_for("error")["message"] == (
            "questo codice non apre nessun posto di questo tavolo"
        )
