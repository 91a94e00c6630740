"""People at a table: each names their own seat, they talk in the table's chat, and strangers
take a table's open seats from the lobby's list. Everything a client sends is hostile: names
and lines are cleaned and bounded, chat is rate-limited per socket and per table, spectators
write only where the table lets them, a line never reaches a seat's view nor moves the game,
and of two visitors taking one open seat, one sits."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from alembic import command

from sequenza.app.web import schema
from sequenza.app.web.identity import hash_token
from sequenza.app.web.schema import head
from sequenza.app.web.storage import ChatLine, Storage
from sequenza.app.web.table_chat import MAX_CHAT
from sequenza.app.web.table_core import CHAT_KEPT
from tests.app.web.server_harness import LiveServer, Player, live_server

FRIENDS = [{"kind": "hotseat", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]
OPEN = [{"kind": "hotseat", "name": "Ann"}, {"kind": "open"}]
SCRIPT = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
NAME_SCRIPT = "<img src=x onerror=alert(1)>"


def tables_of(server: LiveServer) -> tuple[str, str]:
    """A new table of Ann and her friend Bob: its id and Ann's token."""
    created = server.create_table(game="test-toy", seats=FRIENDS)
    return created["id"], created["tokens"]["0"]


def next_of(player: Player, kind: str, timeout: float = 10) -> dict[str, Any]:
    return player.wait_for(kind, timeout)


def error_code(player: Player) -> str:
    return str(player.wait_for("error")["code"])


# ---------------------------------------------------------------------- names
def test_a_join_names_the_seat_and_every_screen_hears_it_live(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    table_id, tokens = created["id"], created["tokens"]
    with server.join(table_id, tokens["0"]) as ann:
        ann.wait_for("state")
        with server.join(table_id) as watcher:
            watcher.wait_for("state")
            # A join that carries a name names the seat it holds.
            with server.join(table_id, tokens["1"], name="  Roberto\u200b  ") as bob:
                bob.wait_for("state")
                for screen in (ann, watcher):
                    seen = screen.wait_until_table(
                        lambda table: table["seats"][1]["name"] == "Roberto"
                    )
                    assert seen["seats"][1]["name"] == "Roberto"
                # And at the table, a person changes their own name.
                bob.send({"type": "rename", "name": NAME_SCRIPT})
                seen = watcher.wait_until_table(
                    lambda table: table["seats"][1]["name"] != "Roberto"
                )
                # Kept as text (the page shows it with textContent): cleaned, never dropped.
                assert seen["seats"][1]["name"] == NAME_SCRIPT
    # Saved: a table loaded again shows the name.
    with server.client() as http:
        again = http.get(f"/api/tables/{table_id}").json()["table"]
    assert again["seats"][1]["name"] == NAME_SCRIPT


def test_a_name_is_refused_when_empty_too_long_or_not_for_ones_own_seat(
    server: LiveServer,
) -> None:
    created = server.create_table(
        game="test-toy",
        seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
    )
    table_id, token = created["id"], created["tokens"]["0"]
    with server.join(table_id, token) as ann:
        ann.wait_for("state")
        for name in ("", "\u200b\u202e", "x" * 41, "x" * 100_00, 5, None, ["Ann"]):
            ann.send({"type": "rename", "name": name})
            assert error_code(ann) in ("bad_request", "too_large")
        ann.send({"type": "rename", "name": "Ada", "seat": 1})  # the bot's seat
        assert error_code(ann) == "not_your_seat"
        ann.send({"type": "rename", "name": "Ada", "seat": "0"})
        assert error_code(ann) == "bad_request"
    with server.join(table_id) as watcher:
        watcher.wait_for("state")
        watcher.send({"type": "rename", "name": "Eve"})
        assert error_code(watcher) == "bad_request"
    with server.client() as http:
        seats = http.get(f"/api/tables/{table_id}").json()["table"]["seats"]
    assert seats[0]["name"] == "Ann"


def test_renames_are_rate_limited_per_socket(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    with server.join(created["id"], created["tokens"]["0"]) as ann:
        ann.wait_for("state")
        codes: list[str] = []
        for number in range(8):
            ann.send({"type": "rename", "name": f"Ann {number}"})
        deadline = time.monotonic() + 5
        while len(codes) < 5 and time.monotonic() < deadline:
            message = ann.receive()
            if message["type"] == "error":
                codes.append(message["code"])
        assert codes and set(codes) == {"rate_limited"}


# ---------------------------------------------------------------------- chat
def test_a_chat_line_reaches_every_screen_with_its_speaker_and_never_a_view(
    server: LiveServer,
) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    table_id, tokens = created["id"], created["tokens"]
    with server.join(table_id, tokens["0"]) as ann, server.join(table_id, tokens["1"]) as bob:
        ann.wait_for("state")
        bob.wait_for("state")
        with server.join(table_id) as watcher:
            watcher.wait_for("state")
            turn = ann.state["turn"]
            ann.send({"type": "chat", "text": f"  hello\u202e {SCRIPT}\x1b[31m  "})
            lines = [next_of(screen, "chat") for screen in (ann, bob, watcher)]
            assert all(line == lines[0] for line in lines)
            line = lines[0]
            assert line["seat"] == 0 and line["name"] == "Ann" and line["turn"] == turn
            # Cleaned of what hides or disguises text, the markup kept as text.
            assert line["text"] == f"hello {SCRIPT}"
            assert isinstance(line["at"], float) and line["phrase"] is None
            bob.send({"type": "chat", "phrase": "good_luck"})
            said = next_of(watcher, "chat")
            assert (said["seat"], said["phrase"], said["text"]) == (1, "good_luck", "")
            # The game did not move, and no state carried the line.
            assert ann.state["turn"] == turn
            assert "hello" not in repr(ann.state) and "hello" not in repr(bob.state)


def test_a_line_saved_by_another_process_first_is_heard_before_ones_own_and_once(
    server: LiveServer,
) -> None:
    table_id, token = tables_of(server)
    with server.join(table_id, token) as ann:
        ann.wait_for("state")
        # Another process's line, saved while this one had not heard of it yet.
        other = ChatLine(0, 1, "Bob", "first", None, 0, time.time())
        assert server.manager.storage.add_chat(table_id, other).number == 0
        ann.send({"type": "chat", "text": "second"})
        heard = [next_of(ann, "chat"), next_of(ann, "chat")]
        assert [(line["number"], line["text"]) for line in heard] == [(0, "first"), (1, "second")]
        ann.send({"type": "ping"})
        while (answer := ann.receive())["type"] != "pong":
            assert answer["type"] != "chat", answer


def test_a_refused_line_gets_its_code_and_changes_nothing(database: str) -> None:
    # Refused lines count against the chat's rate too: a test of each refusal allows more.
    with (
        live_server(database, chat_rate=(100, 10.0)) as server,
        server.join(*tables_of(server)) as ann,
    ):
        ann.wait_for("state")
        for message, code in (
            ({"type": "chat", "text": "x" * (MAX_CHAT + 1)}, "chat_too_long"),
            ({"type": "chat", "text": "x" * 5000}, "chat_too_long"),
            ({"type": "chat", "text": " \u200b\u2066 "}, "chat_empty"),
            ({"type": "chat", "text": 7}, "bad_request"),
            ({"type": "chat", "text": {"a": 1}}, "bad_request"),
            ({"type": "chat", "phrase": "<b>gg</b>"}, "bad_request"),
            ({"type": "chat", "text": "hi", "seat": 1}, "not_your_seat"),
        ):
            ann.send(message)
            assert error_code(ann) == code, message
        # At most MAX_CHAT characters once cleaned: a line of exactly that passes.
        ann.send({"type": "chat", "text": "é" * MAX_CHAT})
        assert next_of(ann, "chat")["text"] == "é" * MAX_CHAT


def test_spectators_read_the_chat_and_write_only_where_the_table_lets_them(
    server: LiveServer,
) -> None:
    quiet = server.create_table(game="test-toy", seats=FRIENDS)
    with server.join(quiet["id"], quiet["tokens"]["0"]) as ann, server.join(quiet["id"]) as eve:
        ann.wait_for("state")
        eve.wait_for("state")
        eve.send({"type": "chat", "text": "let me in"})
        assert error_code(eve) == "chat_not_allowed"
        ann.send({"type": "chat", "text": "hi"})
        assert next_of(eve, "chat")["text"] == "hi"
    chatty = server.create_table(game="test-toy", seats=FRIENDS, spectator_chat=True)
    assert chatty["table"]["spectator_chat"] is True
    with server.join(chatty["id"], chatty["tokens"]["0"]) as ann, server.join(chatty["id"]) as eve:
        ann.wait_for("state")
        eve.wait_for("state")
        eve.send({"type": "chat", "text": "nice move"})
        line = next_of(ann, "chat")
        assert (line["seat"], line["name"], line["text"]) == (None, None, "nice move")
    with server.client() as http:
        wrong = http.post(
            "/api/tables", json={"game": "test-toy", "seats": FRIENDS, "spectator_chat": "yes"}
        )
    assert wrong.status_code == 400


def test_chat_is_rate_limited_per_socket_and_per_table(database: str) -> None:
    with live_server(database, chat_rate=(3, 0.01), table_chat_rate=(5, 0.01)) as server:
        created = server.create_table(game="test-toy", seats=FRIENDS)
        table_id, tokens = created["id"], created["tokens"]
        with server.join(table_id, tokens["0"]) as ann, server.join(table_id, tokens["1"]) as bob:
            ann.wait_for("state")
            bob.wait_for("state")
            for number in range(4):
                ann.send({"type": "chat", "text": f"a{number}"})
            assert [next_of(ann, "chat")["text"] for _ in range(3)] == ["a0", "a1", "a2"]
            assert error_code(ann) == "chat_rate_limited"
            # Bob's own socket has room, the table only for two more of his lines.
            for number in range(3):
                bob.send({"type": "chat", "text": f"b{number}"})
            assert error_code(bob) == "chat_rate_limited"
            # A refused line is never relayed: Ann heard Bob's two lines and no more.
            heard = [next_of(ann, "chat")["text"] for _ in range(2)]
            assert heard == ["b0", "b1"]
            # The socket stays open and the game goes on.
            ann.wait_until(lambda state: bool(state["legal"]))
            ann.play(ann.state["legal"]["0"][0])


def test_a_rejoin_gets_the_latest_lines_and_the_replay_shows_them_in_place(
    server: LiveServer,
) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    created = server.create_table(game="test-toy", seats=seats, seed=3)
    table_id, token = created["id"], created["tokens"]["0"]
    said_at: dict[str, int] = {}
    with server.join(table_id, token) as ann:
        ann.wait_for("state")
        ann.send({"type": "chat", "text": "before"})
        said_at["before"] = next_of(ann, "chat")["turn"]
        while not ann.wait_until(lambda state: state["over"] or bool(state["legal"]))["over"]:
            ann.play(ann.state["legal"]["0"][0])
            if "during" not in said_at:
                ann.send({"type": "chat", "text": "during"})
                said_at["during"] = next_of(ann, "chat")["turn"]
        ann.send({"type": "chat", "phrase": "good_game"})
        said_at["good_game"] = next_of(ann, "chat")["turn"]
    assert said_at["before"] == 0 < said_at["during"]
    # The table is read again from the database: a new screen gets the lines on joining.
    server.manager.live.clear()
    server.manager.finished.clear()
    with server.join(table_id) as late:
        late.wait_for("state")
        log = late.wait_for("chat_log")
    assert [line["text"] or line["phrase"] for line in log["lines"]] == [
        "before",
        "during",
        "good_game",
    ]
    with server.client() as http:
        first = http.get(f"/api/tables/{table_id}/replay/0").json()
        middle = http.get(f"/api/tables/{table_id}/replay/{said_at['during']}").json()
        total = middle["turns"]
        last = http.get(f"/api/tables/{table_id}/replay/{total}").json()
    assert [line["text"] for line in first["chat"]] == ["before"]
    assert [line["text"] for line in middle["chat"]] == ["before", "during"]
    assert len(last["chat"]) == 3


def test_a_rejoin_gets_at_most_the_latest_lines(database: str) -> None:
    with live_server(database, chat_rate=(1000, 1000.0), table_chat_rate=(1000, 1000.0)) as server:
        created = server.create_table(game="test-toy", seats=FRIENDS)
        with server.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            for number in range(CHAT_KEPT + 5):
                ann.send({"type": "chat", "text": f"line {number}"})
                next_of(ann, "chat")
        with server.join(created["id"]) as late:
            late.wait_for("state")
            lines = late.wait_for("chat_log")["lines"]
    assert len(lines) == CHAT_KEPT and lines[-1]["text"] == f"line {CHAT_KEPT + 4}"


# ---------------------------------------------------------------------- open seats
def test_an_open_seat_is_listed_taken_first_come_and_then_gone_from_the_list(
    server: LiveServer,
) -> None:
    created = server.create_table(
        game="test-toy", seats=OPEN, clock={"kind": "move", "move_seconds": 60}
    )
    table_id = created["id"]
    assert set(created["tokens"]) == {"0"} and created["invites"] == {}
    assert created["table"]["seats"][1]["kind"] == "open"
    assert created["table"]["seats"][1]["claimed"] is False
    with server.client() as http:
        listed = http.get("/api/open-tables").json()
        assert [table["id"] for table in listed] == [table_id]
        assert listed[0]["clock"]["move_seconds"] == 60 and listed[0]["name"] == "Toy cards"
        assert listed[0]["seats"][0]["name"] == "Ann"
        with server.join(table_id, created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            taken = http.post(f"/api/tables/{table_id}/take", json={"name": "Zoë"}).json()
            assert taken["seat"] == 1
            table = ann.wait_until(lambda state: state["table"]["seats"][1]["claimed"])["table"]
            assert table["seats"][1]["name"] == "Zoë" and table["open_wait"] is None
        second = http.post(f"/api/tables/{table_id}/take", json={})
        assert (second.status_code, second.json()["code"]) == (409, "seat_taken")
        assert http.get("/api/open-tables").json() == []
    # The token opens that seat, and only that one.
    with server.join(table_id, taken["token"]) as zoe:
        assert zoe.wait_for("state")["seats"] == [1]


def test_of_visitors_taking_one_open_seat_at_once_one_sits(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=OPEN)
    results: list[int] = []
    start = threading.Barrier(6)

    def take() -> None:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            start.wait()
            results.append(http.post(f"/api/tables/{created['id']}/take", json={}).status_code)

    threads = [threading.Thread(target=take) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 5


def test_taking_a_seat_is_refused_for_what_is_no_open_seat(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    table_id = created["id"]
    with server.client() as http:
        for body, status, code in (
            ({}, 409, "seat_taken"),  # an invited seat is not open
            ({"seat": 0}, 409, "seat_taken"),
            ({"seat": "1"}, 400, "bad_request"),
            ({"seat": -1}, 400, "bad_request"),
            ({"name": "x" * 200}, 400, "bad_request"),
            ({"name": "\u200b"}, 400, "bad_request"),
            ({"extra": 1}, 400, "bad_request"),
        ):
            answer = http.post(f"/api/tables/{table_id}/take", json=body)
            assert (answer.status_code, answer.json()["code"]) == (status, code), body
        missing = http.post("/api/tables/nosuchtable1234/take", json={})
        assert missing.status_code == 404
        seeded = http.post("/api/tables", json={"game": "test-toy", "seats": OPEN, "seed": 1})
        assert seeded.json()["code"] == "seed_with_invite"


def test_taking_seats_is_rate_limited_per_address(database: str) -> None:
    with live_server(database, table_rate=(3, 0.001)) as server:
        created = [server.create_table(game="test-toy", seats=OPEN) for _ in range(2)]
        with server.client() as http:
            codes = [
                http.post(f"/api/tables/{table['id']}/take", json={}).status_code
                for table in created * 2
            ]
        # Two tables made and two seats taken: the third try is a 409, the fourth too many.
        assert codes == [200, 200, 409, 429]


def test_a_table_whose_open_seat_stays_empty_offers_a_bot_that_then_plays(
    server: LiveServer,
) -> None:
    server.manager.open_seat_wait = 0.0
    seats = [{"kind": "open"}, {"kind": "hotseat", "name": "Ann"}]
    created = server.create_table(game="test-toy", seats=seats)
    with server.join(created["id"], created["tokens"]["1"]) as ann:
        state = ann.wait_for("state")
        assert state["table"]["open_wait"] == 0
        ann.send({"type": "fill_open", "bot": "<nobot>"})
        assert error_code(ann) == "bad_request"
        ann.send({"type": "fill_open", "bot": "random"})
        # The bot sits in the open seat and plays its turn.
        state = ann.wait_until(lambda state: state["turn"] >= 1)
        assert state["table"]["seats"][0]["kind"] == "bot"
        assert state["table"]["open_wait"] is None
    with server.client() as http:
        assert http.get("/api/open-tables").json() == []
        taken = http.post(f"/api/tables/{created['id']}/take", json={})
        assert taken.json()["code"] == "seat_taken"
    with server.join(created["id"]) as eve:
        eve.wait_for("state")
        eve.send({"type": "fill_open", "bot": "random"})
        assert error_code(eve) == "not_your_turn"


# ---------------------------------------------------------------------- the schema
def test_the_chat_migration_upgrades_a_database_of_the_previous_version(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    Storage(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        # Back to 0006, as a server of that version left it (each later migration undone by
        # its own downgrade), with a table in it.
        command.downgrade(schema._config(connection), "0006")
        assert not sa.inspect(connection).has_table("sequenza_chat")
        connection.execute(
            sa.text(
                "INSERT INTO sequenza_tables (id, game, rules_version, players, options, seed,"
                " created, updated, turn, finished, listed) VALUES ('old', 'test-toy', '1', 2,"
                " '{}', 1, 1.0, 1.0, 0, 0, 0)"
            )
        )
    engine.dispose()
    from sequenza.app.web.schema import upgrade
    from sequenza.app.web.storage import open_engine

    with open_engine(url) as opened:
        assert upgrade(opened) == ("0006", head())
    storage = Storage(url)
    try:
        record = storage.load_table("old")
        assert record is not None and record.spectator_chat is False
        assert storage.load_chat("old") == []
        assert storage.player_games(hash_token("player:" + "k" * 30)) == []
    finally:
        storage.close()


# ---------------------------------------------------------------------- a player's history
KEY = "k" * 11 + "Player-Key_0123456789"


def test_a_player_key_lists_the_finished_games_it_played_and_no_others(
    server: LiveServer,
) -> None:
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    finished = server.create_table(game="test-toy", seats=seats, seed=5)
    running = server.create_table(game="test-toy", seats=seats, seed=6)
    other = server.create_table(game="test-toy", seats=seats, seed=7)
    for table, key in ((finished, KEY), (running, KEY), (other, KEY[::-1])):
        with server.join(table["id"], table["tokens"]["0"], player=key) as ann:
            ann.wait_for("state")
            while (
                table is finished
                and not ann.wait_until(lambda state: state["over"] or bool(state["legal"]))["over"]
            ):
                ann.play(ann.state["legal"]["0"][0])
            ann.send({"type": "ping"})
            ann.wait_for("pong")
    # A spectator's key remembers nothing; a joining screen may come back as often as it likes.
    with server.join(finished["id"], player=KEY[:-1] + "x") as watcher:
        watcher.wait_for("state")
    with server.join(finished["id"], finished["tokens"]["0"], player=KEY) as again:
        again.wait_for("state")
    with server.client() as http:
        games = http.post("/api/players/games", json={"key": KEY}).json()
        assert [game["id"] for game in games] == [finished["id"]]
        (game,) = games
        assert game["mine"] == [0] and game["name"] == "Toy cards"
        assert game["result"]["winners"] and [seat["kind"] for seat in game["seats"]] == [
            "hotseat",
            "bot",
        ]
        assert http.post("/api/players/games", json={"key": KEY[:-1] + "x"}).json() == []
        for body in ({"key": "short"}, {"key": "<script>" * 3}, {"key": 5}, {}, {"key": "k" * 65}):
            refused = http.post("/api/players/games", json=body)
            assert refused.status_code in (400, 403) and refused.json()["code"] in (
                "bad_request",
                "bad_player",
            ), body


def test_a_join_with_a_bad_player_key_is_told_and_still_plays(server: LiveServer) -> None:
    created = server.create_table(game="test-toy", seats=FRIENDS)
    with server.join(created["id"], created["tokens"]["0"], player="<b>not a key</b>") as ann:
        ann.wait_for("state")
        assert error_code(ann) == "bad_player"
        ann.send({"type": "chat", "text": "still here"})
        assert next_of(ann, "chat")["text"] == "still here"
