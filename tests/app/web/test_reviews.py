"""A review after the game (``POST /api/tables/{id}/review``): a player's own moves against the
strongest level's choice, worked out in a bot worker once the game is over, kept with the
table, and refused with a code before the end, to anyone but a player of the seat, and while
the bot workers are busy."""

from __future__ import annotations

from typing import Any

from tests.app.web.server_harness import LiveServer
from tests.app.web.test_server import play_out

#: Two people at one screen: no bot plays, so the review starts the bot workers itself.
SEATS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bo"}]


def test_a_player_reviews_their_own_moves_once_the_game_is_over(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seed=2, seats=SEATS)
    table_id, token, other = created["id"], created["tokens"]["0"], created["tokens"]["1"]
    path = f"/api/tables/{table_id}/review"

    def ask(body: Any, lang: str = "en") -> Any:
        with server.client() as http:
            return http.post(f"{path}?lang={lang}", json=body)

    refused = ask({"token": token})
    assert refused.status_code == 409 and refused.json()["code"] == "not_finished"
    with server.join(table_id, token, other) as screen:
        screen.wait_for("state")
        play_out(screen)
        log = screen.log
    played = [event["action"] for event in log if event["event"] == "action" and event["seat"] == 0]
    # A spectator holds no token: a review is a player's own, of their own seat.
    assert ask({"token": ""}).json()["code"] == "bad_token"
    assert ask({"token": token, "seat": 1}).json()["code"] == "not_your_seat"
    assert ask({"token": token, "extra": 1}).json()["code"] == "bad_request"
    # Every worker busy with tables: refused at once, politely, and nothing is kept.
    workers = server.manager.bot_workers
    workers.busy += workers.workers
    try:
        busy = ask({"token": token})
    finally:
        workers.busy -= workers.workers
    assert busy.status_code == 429 and busy.json()["code"] == "workers_busy"
    assert "busy" in busy.json()["error"]
    answer = ask({"token": token})
    assert answer.status_code == 200, answer.text
    review = answer.json()
    # A plug-in's game: the Python engine plays its playouts, at the smaller budget.
    assert review["seat"] == 0 and review["level"] == "greedy" and review["policy"] == "random"
    assert review["games_per_move"] == review["deals"] * review["playouts"] > 0
    # Each of Ann's moves that had a choice, in order, at its turn of the replay, worded as
    # the log words it; Bo's moves are not hers.
    moves = review["moves"]
    assert moves and [move["played"] for move in moves] == played[: len(moves)]
    assert all(move["played_text"] and "{" not in move["better_text"] for move in moves)
    assert [move["turn"] for move in moves] == sorted(move["turn"] for move in moves)
    assert all(0 <= move["cost"] <= 1 for move in moves)
    # A cost under the estimate's margin is told apart from a mistake.
    assert all(move["noticeable"] == (move["cost"] >= review["noticeable"]) for move in moves)
    assert {move["index"] for move in moves if move["marked"]} == set(review["costliest"])
    # Asked again, even with every worker busy: the review kept with the table; in Italian.
    workers.busy += workers.workers
    try:
        again = ask({"token": token}, lang="it")
    finally:
        workers.busy -= workers.workers
    assert again.status_code == 200
    assert [move["cost"] for move in again.json()["moves"]] == [move["cost"] for move in moves]
    assert again.json()["level_label"] == "Intermedio"
    # The API's documentation shows the request and the answer.
    with server.client() as http:
        paths = http.get("/openapi.json").json()["paths"]
    documented = paths["/api/tables/{table_id}/review"]["post"]
    body = documented["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/ReviewRequest"}
    assert {"200", "403", "409", "429"} <= set(documented["responses"])
