"""The designer's workshop (``sequenza serve --workshop``): a mode file sent over HTTP is
checked before anything plays it, refused with its mistakes (line, column, fix), bounded in
size, kept out of the lobby, and a file that reads makes a table that plays at once; off, the
workshop's addresses answer 404."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from sequenza import i18n
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.app.web.errors import TableError
from sequenza.app.web.workshop import MAX_MODE_BYTES, Workshop
from sequenza.core import registry
from sequenza.modes import EXAMPLES, scratch
from tests.app.web.server_harness import LiveServer, live_server

TOML = {"Content-Type": "application/toml"}
STACK = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def workshop_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("workshop") / "tables.db"
    # The workshop's modes leave the registry afterwards: other tests list the games it ships.
    with registry.kits_restored():
        try:
            with live_server(
                f"sqlite:///{database}",
                workshop=True,
                bot_workers=BotWorkers(1, move_timeout=20.0),
            ) as running:
                yield running
        finally:
            for game_id in scratch.registered():
                scratch.forget(game_id)


def test_a_planted_mistake_is_named_with_its_line_and_a_fix_in_the_askers_language(
    workshop_server: LiveServer,
) -> None:
    lines = STACK.splitlines()
    row = next(number for number, line in enumerate(lines) if line.startswith("max_piles"))
    lines[row] = lines[row].replace("max_piles", "max_pilez")
    with workshop_server.client() as http:
        refused = http.post(
            "/api/workshop/modes",
            content="\n".join(lines).encode(),
            headers={**TOML, "Accept-Language": "it"},
        )
        nonsense = http.post("/api/workshop/modes", content=b'x = "', headers=TOML)
        deep = http.post("/api/workshop/modes", content=b"x = " + b"[" * 5000, headers=TOML)
        form = http.post(
            "/api/workshop/modes", content=STACK.encode(), headers={"Content-Type": "text/plain"}
        )
    assert refused.status_code == 422
    body = refused.json()
    assert body["code"] == "mode_mistakes" and body["error"].endswith("nel file di modalità")
    planted = [mistake for mistake in body["mistakes"] if "max_pilez" in mistake["message"]]
    assert planted and planted[0]["line"] == row + 1 and planted[0]["column"] == 1
    # Worded in the asker's language, with the checks' English beside it.
    assert planted[0]["message"] == "chiave sconosciuta 'max_pilez' in places.row"
    assert planted[0]["fix"] == "forse intendevi 'max_piles'?"
    assert planted[0]["english"].startswith(f"{row + 1}:1: places.row: Additional properties")
    # Text that is not TOML, or nested past what the reader takes, is a mistake, not a crash.
    assert nonsense.status_code == 422 and nonsense.json()["mistakes"][0]["line"] == 1
    assert deep.status_code == 422 and deep.json()["code"] == "mode_mistakes"
    # A form or text/plain post (what another site could make a browser send) is not read.
    assert form.status_code == 415


def test_an_oversized_file_is_refused_413_before_it_is_read(workshop_server: LiveServer) -> None:
    big = STACK.encode() + b"#" * MAX_MODE_BYTES
    with workshop_server.client() as http:
        refused = http.post("/api/workshop/modes", content=big, headers=TOML)
        features = http.get("/api/features")
    assert refused.status_code == 413 and refused.json()["code"] == "too_large"
    # The lobby asks whether to link to the workshop.
    assert features.json() == {"workshop": True}


def test_an_example_makes_a_table_that_plays_and_that_the_lobby_does_not_list(
    workshop_server: LiveServer,
) -> None:
    with workshop_server.client() as http:
        http.get("/api/messages/it")  # the page's words, read before the mode comes
        examples = http.get("/api/workshop/examples").json()
        text = http.get("/api/workshop/examples/stack").text
        made = http.post("/api/workshop/modes", content=text.encode(), headers=TOML)
        again = http.post("/api/workshop/modes", content=text.encode(), headers=TOML)
        game = made.json()
        listed = {one["id"] for one in http.get("/api/games").json()}
        one = http.get(f"/api/games/{game['id']}?lang=fi")
        words = http.get("/api/messages/it").json()["messages"]
    assert "stack" in examples and text == STACK
    assert made.status_code == 201 and game["id"].startswith("workshop-")
    assert again.json()["id"] == game["id"]  # the same file is the same game
    assert game["name"] == "Sequentia · Stack (mode file)" and game["player_counts"] == [2, 3, 4]
    assert game["id"] not in listed and one.status_code == 200
    # The page reads the mode's own words (its buttons, its places) at once, in its language.
    assert words[f"{game['id']}:action.place"] == "Posa {args}"
    seats = [{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}]
    created = workshop_server.create_table(game=game["id"], seed=3, seats=seats)
    with workshop_server.join(created["id"], created["tokens"]["0"]) as ada:
        ada.wait_for("state")
        ada.play(ada.state["legal"]["0"][0])
        # The bot answers from a worker that reads the mode from its text (no file has it).
        while not ada.state["legal"].get("0") and not ada.state["over"]:
            ada.receive()
        assert ada.state["table"]["bot_error"] is None
    with workshop_server.client() as http:
        tables = {row["id"] for row in http.get("/api/tables").json()}
    assert created["id"] not in tables


def test_a_simulation_is_bounded_and_sums_up_the_balance(workshop_server: LiveServer) -> None:
    with workshop_server.client() as http:
        game = http.post("/api/workshop/modes", content=STACK.encode(), headers=TOML).json()
        path = f"/api/workshop/modes/{game['id']}/simulate"
        too_many = http.post(path, json={"games": 201})
        unknown = http.post("/api/workshop/modes/workshop-000000000000/simulate", json={})
        summary = http.post(
            path,
            json={"games": 4, "players": 2, "bots": "random"},
            headers={"Accept-Language": "it"},
        )
    assert too_many.status_code == 400 and too_many.json()["code"] == "too_many_games"
    assert unknown.status_code == 404
    assert summary.status_code == 200, summary.text
    report = summary.json()
    assert report["conformance"]["passed"] and report["games"] == 4
    assert len(report["seats"]) == 2 and {"rate", "low", "high"} <= set(report["seats"][0])
    assert report["turns"]["mean"] > 0 and sum(report["endings"].values()) == 4
    # Each ending code comes with the simulator report's words for it, in the asker's language.
    italian = i18n.Translator("report", "it")
    assert set(report["ending_words"]) == set(report["endings"])
    for code, word in report["ending_words"].items():
        assert word == italian.text(f"report.ending_{code}") != code


def test_a_simulation_waits_for_no_one_it_is_refused_while_the_workers_are_busy() -> None:
    workers = BotWorkers(1)
    bench = Workshop(workers)
    kit = asyncio.run(bench.add(STACK.encode(), "1.2.3.4"))
    try:
        workers.busy = 1  # a table's bot thinking
        with pytest.raises(TableError) as refused:
            asyncio.run(bench.simulate(kit.id, {"games": 10}, "1.2.3.4"))
        assert refused.value.status == 503 and refused.value.code == "workshop_busy"
    finally:
        bench.close()
    assert kit.id not in {one.id for one in registry.game_kits()}


def test_a_searching_hint_for_a_workshop_mode_reads_it_in_the_worker() -> None:
    workers = BotWorkers(1, move_timeout=30.0)
    bench = Workshop(workers)
    kit = asyncio.run(bench.add(STACK.encode(), "1.2.3.4"))
    try:
        state = registry.make_game(kit.id, 2).new_initial_state(3)
        # A search level is thought out in a worker, which knows only the games of files: the
        # mode's text goes with the job, as it does for a bot's move.
        found = asyncio.run(
            workers.hint("mcts", {"iterations": 8, "seconds": None}, 3, state.dumps())
        )
        assert found["level"] == "mcts"
        assert found["action"] in {str(action) for action in state.legal_actions()}
    finally:
        workers.close()
        bench.close()


def test_workshop_modes_are_bounded_in_number_and_age() -> None:
    now = [0.0]
    bench = Workshop(None, max_modes=2, max_age=60, clock=lambda: now[0])
    texts = [STACK.replace("Stack (mode file)", f"Stack {number}") for number in range(3)]
    try:
        ids = [asyncio.run(bench.add(text.encode(), "a")).id for text in texts]
        assert bench.modes() == ids[1:]  # the oldest went first
        now[0] = 61
        assert bench.modes() == []
        assert not set(ids) & {one.id for one in registry.game_kits()}
    finally:
        bench.close()


def test_without_the_flag_the_workshop_answers_404(server: LiveServer) -> None:
    with server.client() as http:
        api = http.post("/api/workshop/modes", content=STACK.encode(), headers=TOML)
        examples = http.get("/api/workshop/examples")
        page = http.get("/workshop", headers={"Accept": "application/json"})
        features = http.get("/api/features")
    assert api.status_code == 404 and examples.status_code == 404 and page.status_code == 404
    # ...and the lobby has no link to it.
    assert features.status_code == 200 and features.json() == {"workshop": False}


def test_the_workshop_is_one_process_so_serve_refuses_it_with_several() -> None:
    from typer.testing import CliRunner

    from sequenza.app.cli import app

    refused = CliRunner().invoke(
        app,
        ["serve", "--workshop", "--workers", "2", "--database", "postgresql+psycopg://u:p@h/d"],
    )
    assert refused.exit_code != 0 and "--workshop runs in one process" in refused.output
