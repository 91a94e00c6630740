"""The table's creator against its invited friends, and a visitor against the table ids: an
invitation is claimed once, by the friend, who gets a token the creator never saw; a creator
with invited friends cannot choose the deal; names are cleaned of what hides or disguises
text; malformed ids, deep decks and huge turns are clean refusals; and the limit on new tables
holds across processes sharing a PostgreSQL database."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from sequenza.app.web.identity import TABLE_ID_BYTES, clean_name
from sequenza.app.web.storage import SeatRecord, Storage, TableRecord
from tests.app.web.conftest import fresh_postgres_database
from tests.app.web.server_harness import LiveServer, live_server

FRIENDS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    with fresh_postgres_database() as url:
        yield url


def refusal(server: LiveServer, path: str, body: Any) -> tuple[int, str]:
    with server.client() as http:
        response = http.post(path, json=body)
    return response.status_code, response.json().get("code", "")


def opens(server: LiveServer, table_id: str, secret: str) -> list[int] | str:
    """The seats a websocket holding ``secret`` gets, or the code it is refused with."""
    with server.join(table_id, secret) as player:
        try:
            message = player.receive()
        except ConnectionClosed as closed:
            return f"closed {closed.rcvd.code if closed.rcvd else None}"
        if message["type"] == "error":
            return str(message["code"])
        return list(message["seats"])


# ---------------------------------------------------------------------- claimed once
def test_the_creator_gets_a_code_that_opens_no_seat_and_the_friend_a_token_of_its_own(
    server: LiveServer,
) -> None:
    created = server.create_table(claim=False, game="test-toy", seats=FRIENDS)
    table_id = created["id"]
    assert set(created["tokens"]) == {"0"} and set(created["invites"]) == {"1"}
    code = created["invites"]["1"]
    assert code != created["tokens"]["0"]
    assert created["table"]["seats"][1]["claimed"] is False
    # The code is no token: it opens nothing, on the socket or through the API.
    assert opens(server, table_id, code) == "bad_token"
    move = {"token": code, "action": "play 1", "turn": 0}
    assert refusal(server, f"/api/tables/{table_id}/actions", move) == (403, "bad_token")

    with server.client() as http:
        claimed = http.post(f"/api/tables/{table_id}/claim", json={"invite": code}).json()
    token = claimed["token"]
    assert claimed["seat"] == 1 and token not in (code, created["tokens"]["0"])
    assert opens(server, table_id, token) == [1]
    # Nothing the creator received opens the friend's seat, now that it is taken.
    everything_sent = json.dumps(created)
    assert token not in everything_sent
    for secret in (*created["tokens"].values(), *created["invites"].values()):
        assert opens(server, table_id, secret) in ([0], "bad_token")
    with server.client() as http:
        seats = http.get(f"/api/tables/{table_id}").json()["table"]["seats"]
    assert seats[1]["claimed"] is True and seats[0]["claimed"] is None


def test_a_claimed_invitation_is_refused_the_second_time(server: LiveServer) -> None:
    created = server.create_table(claim=False, game="test-toy", seats=FRIENDS)
    path = f"/api/tables/{created['id']}/claim"
    code = created["invites"]["1"]
    with server.client() as http:
        first = http.post(path, json={"invite": code, "name": "Bobby"})
        assert first.status_code == 200
        again = http.post(path, json={"invite": code, "name": "Mallory"})
        assert again.status_code == 409 and again.json()["code"] == "invite_claimed"
        assert again.json()["error"]  # a sentence for people
        wrong = http.post(path, json={"invite": "not-an-invitation"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_invite"
        elsewhere = http.post("/api/tables/AAAAAAAAAAAAAAAA/claim", json={"invite": code})
        assert elsewhere.status_code == 403 and elsewhere.json()["code"] == "bad_invite"
        seats = http.get(f"/api/tables/{created['id']}").json()["table"]["seats"]
    # The second claim changed nothing: the first friend's name and token stand.
    assert seats[1]["name"] == "Bobby"
    assert opens(server, created["id"], first.json()["token"]) == [1]


def test_of_many_claims_at_once_exactly_one_wins(any_database: str) -> None:
    """Eight claims of one invitation at once, from threads; on PostgreSQL through two
    processes on one database (two apps here), as SQLite serves a single one."""
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(live_server(any_database))]
        if not any_database.startswith("sqlite"):
            servers.append(stack.enter_context(live_server(any_database)))
        created = servers[0].create_table(claim=False, game="test-toy", seats=FRIENDS)
        code = created["invites"]["1"]
        start = threading.Barrier(8)
        answers: list[httpx.Response] = []

        def claim(server: LiveServer) -> None:
            with server.client() as http:
                start.wait()
                answers.append(
                    http.post(f"/api/tables/{created['id']}/claim", json={"invite": code})
                )

        threads = [
            threading.Thread(target=claim, args=(servers[n % len(servers)],)) for n in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * 7
        winner = next(answer.json()["token"] for answer in answers if answer.status_code == 200)
        # The winner's token opens the seat on every process; nobody else's answer held one.
        for server in servers:
            assert opens(server, created["id"], winner) == [1]


def test_a_rematch_keeps_the_friends_own_token_and_no_creator_held_key(
    server: LiveServer,
) -> None:
    people = [*FRIENDS, {"kind": "invite", "name": "Cy"}]
    created = server.create_table(claim=False, game="sequentia-shift", players=3, seats=people)
    table_id = created["id"]
    friend = server.claim_invite(table_id, created["invites"]["1"], 1)
    with server.client() as http:
        for token in (friend, created["tokens"]["0"]):
            done = http.post(f"/api/tables/{table_id}/resign", json={"token": token})
            assert done.status_code == 200, done.text
        asked = http.post(f"/api/tables/{table_id}/rematch", json={"token": friend})
        assert asked.status_code == 201, asked.text
    rematch = asked.json()["id"]
    # Seats turn by one: Bob (seat 1) sits at 0, Cy's unclaimed seat (2) at 1, Ann at 2.
    assert opens(server, rematch, friend) == [0]
    assert opens(server, rematch, created["tokens"]["0"]) == [2]
    for code in created["invites"].values():
        assert opens(server, rematch, code) == "bad_token"
    # Bob's claimed invitation stays claimed; Cy's, never opened, invites Cy to the rematch.
    bob_again = {"invite": created["invites"]["1"]}
    assert refusal(server, f"/api/tables/{rematch}/claim", bob_again) == (409, "invite_claimed")
    cy = server.claim_invite(rematch, created["invites"]["2"], 1)
    assert opens(server, rematch, cy) == [1]


# ---------------------------------------------------------------------- seeds
def test_a_seed_is_refused_when_a_friend_is_invited(server: LiveServer) -> None:
    request = {"game": "test-toy", "seats": FRIENDS, "seed": 7}
    with server.client() as http:
        refused = http.post("/api/tables", json=request)
        assert refused.status_code == 400 and refused.json()["code"] == "seed_with_invite"
        assert http.get("/api/tables").json() == []
        italian = http.post("/api/tables", json=request, headers={"Accept-Language": "it"})
        assert italian.json()["error"] != refused.json()["error"]
        # Alone with bots (or friends at the same screen), a creator may replay a deal.
        alone = {**request, "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}]}
        assert http.post("/api/tables", json=alone).status_code == 201
    assert server.manager.storage.count_tables() == 1


# ---------------------------------------------------------------------- names
#: Alireza as Persian writes it, a zero-width non-joiner between its two parts (written with
#: escapes: its alef reads as a Latin l to the linter).
ALIREZA = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("Ann\x00", "Ann"),
        ("\u202eboB", "boB"),  # a right-to-left override
        ("\x1b[31mRed\x1b[0m Ann", "Red Ann"),  # ANSI colours
        ("A\u200bn\u200bn\ufeff", "Ann"),  # zero-width space and no-break space
        ("  Ann \t\n  Lee ", "Ann Lee"),
        ("Zoe\u0308", "Zoë"),  # NFC
        ("李小龍", "李小龍"),
        ("مريم", "مريم"),
        ("👩🏽\u200d💻 Ada", "👩🏽\u200d💻 Ada"),  # an emoji sequence keeps its joiner
        # Persian spells Alireza with a non-joiner between two letters; Hindi makes a half
        # form with a joiner after the virama: both stay, one of two joiners in a row goes.
        (ALIREZA, ALIREZA),
        (ALIREZA.replace("\u200c", "\u200c\u200c"), ALIREZA),
        ("क्\u200dषमा", "क्\u200dषमा"),
        # Anywhere else a joiner hides something: at the ends, beside a space, between Latin
        # letters (one name made to look like another), alone.
        ("\u200cAd\u200cmin\u200d", "Admin"),
        (ALIREZA.replace("\u200c", "\u200c ") + "\u200d", ALIREZA.replace("\u200c", " ")),
        ("\u200d\u200c", ""),
    ],
)
def test_names_are_cleaned_of_controls_and_invisible_characters(given: str, shown: str) -> None:
    assert clean_name(given) == shown


def test_hostile_names_are_cleaned_or_refused_on_every_database(any_database: str) -> None:
    with live_server(any_database) as server, server.client() as http:
        seats = [{"kind": "hotseat", "name": "An\x00n\u202e"}, {"kind": "invite", "name": "B"}]
        created = http.post("/api/tables", json={"game": "test-toy", "seats": seats})
        assert created.status_code == 201, created.text
        table = created.json()
        assert table["table"]["seats"][0]["name"] == "Ann"
        invisible = [{"kind": "hotseat", "name": "\u200b\u202e\x00"}, {"kind": "hotseat"}]
        refused = http.post("/api/tables", json={"game": "test-toy", "seats": invisible})
        assert refused.status_code == 400 and refused.json()["code"] == "bad_request"
        path = f"/api/tables/{table['id']}/claim"
        code = table["invites"]["1"]
        blank = http.post(path, json={"invite": code, "name": "\x1b[2J\u2066"})
        assert blank.status_code == 400
        claimed = http.post(path, json={"invite": code, "name": "Bo\x00b\x1b[5m"})
        assert claimed.status_code == 200, claimed.text
        seats_now = http.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
        assert [seat["name"] for seat in seats_now] == ["Ann", "Bob"]
        assert server.manager.storage.count_tables() == 1


# ---------------------------------------------------------------------- ids and lookups
def test_table_ids_have_96_bits_and_old_short_ids_still_load(database: str) -> None:
    storage = Storage(database)
    old = TableRecord(
        id="abcDEF12",
        game="test-toy",
        rules_version="1",
        players=2,
        options={},
        seed=1,
        seats=[SeatRecord(0, "hotseat", "Ann", token_hash="0" * 64), SeatRecord(1, "bot", "B")],
    )
    storage.create_table(old)
    storage.close()
    with live_server(database) as server, server.client() as http:
        created = server.create_table(game="test-toy")
        assert len(created["id"]) >= 16 and TABLE_ID_BYTES * 8 >= 96
        assert http.get("/api/tables/abcDEF12").status_code == 200


def test_a_malformed_table_id_is_an_unknown_table_on_every_database(any_database: str) -> None:
    with live_server(any_database) as server, server.client() as http:
        for path in ("/api/tables/ab%00cd", "/api/tables/%00", "/api/tables/" + "a" * 33):
            answer = http.get(path)
            assert answer.status_code == 404 and answer.json()["code"] == "unknown_table"
        claim = http.post("/api/tables/ab%00cd/claim", json={"invite": "x"})
        assert claim.status_code == 404 and claim.json()["code"] == "unknown_table"
        replay = http.get("/api/tables/ab%00cd/replay/0")
        assert replay.status_code == 404 and replay.json()["code"] == "unknown_table"


def test_a_malformed_id_on_the_websocket_closes_it_as_an_unknown_table(
    server: LiveServer,
) -> None:
    assert opens(server, "ab%00cd", "some-token") == "unknown_table"


# ---------------------------------------------------------------------- low items
def test_a_deeply_nested_deck_is_a_clean_refusal(server: LiveServer) -> None:
    deck = "[" * 1000 + "]" * 1000
    request = {"game": "sequence-numbers", "players": 2, "options": {"deck": deck}}
    with server.client() as http:
        answer = http.post("/api/tables", json=request)
    assert answer.status_code == 400 and answer.json()["code"] == "bad_option"
    assert server.manager.storage.count_tables() == 0


def test_a_huge_replay_turn_is_a_clean_refusal(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    with server.client() as http:
        http.post(f"/api/tables/{created['id']}/resign", json={"token": created["tokens"]["1"]})
        for turn in (10**28, 10**19, 1_000_001):
            answer = http.get(f"/api/tables/{created['id']}/replay/{turn}?lang=fi")
            assert answer.status_code == 404 and answer.json()["code"] == "bad_request"
        assert http.get(f"/api/tables/{created['id']}/replay/1").status_code == 200


# ---------------------------------------------------------------------- shared rate limit
def test_the_limit_on_new_tables_holds_across_processes_sharing_postgresql() -> None:
    """Two apps on one PostgreSQL database, each allowing three tables a minute to one
    address: together they allow three, not six, and a rematch counts too."""
    with fresh_postgres_database() as url:
        rate = (3, 3 / 60)
        with (
            live_server(url, table_rate=rate) as first,
            live_server(url, table_rate=rate) as second,
        ):
            answers = []
            for server in [first, second] * 4:
                with server.client() as http:
                    answers.append(http.post("/api/tables", json={"game": "test-toy"}))
            codes = [answer.status_code for answer in answers]
            assert codes.count(201) == 3 and codes.count(429) == 5
            assert all(
                answer.json()["code"] == "rate_limited" and int(answer.headers["Retry-After"]) > 0
                for answer in answers
                if answer.status_code == 429
            )
            assert first.manager.storage.count_tables() == 3


def test_on_postgresql_concurrent_creators_of_one_address_cannot_pass_the_limit() -> None:
    with fresh_postgres_database() as url:
        rate = (4, 4 / 60)
        with (
            live_server(url, table_rate=rate) as first,
            live_server(url, table_rate=rate) as second,
        ):
            start = threading.Barrier(8)
            codes: list[int] = []

            def create(server: LiveServer) -> None:
                with server.client() as http:
                    start.wait()
                    codes.append(http.post("/api/tables", json={"game": "test-toy"}).status_code)

            threads = [threading.Thread(target=create, args=(s,)) for s in [first, second] * 4]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(codes) == [201] * 4 + [429] * 4
            assert first.manager.storage.count_tables() == 4


def test_a_claim_through_another_process_shows_on_the_creators_screen() -> None:
    """On PostgreSQL the creator's process hears of a friend seated through another one, so
    that the creator's list of links shows the seat taken without waiting for the friend."""
    with (
        fresh_postgres_database() as url,
        live_server(url) as first,
        live_server(url) as second,
    ):
        created = first.create_table(claim=False, game="test-toy", seats=FRIENDS)
        with first.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            assert ann.state["table"]["seats"][1]["claimed"] is False
            second.claim_invite(created["id"], created["invites"]["1"], 1)
            while True:  # a missing announcement ends in the receive's time-out
                message = ann.receive(20)
                if message.get("table", {}).get("seats", [{}, {}])[1].get("claimed"):
                    break
