"""``sequenza serve --modes DIR``: the mode files of a folder are games of the server and of
its bot workers, created from the lobby's API and played over the socket."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sequenza.app.web.bot_workers import BotWorkers
from sequenza.core import registry
from sequenza.modes import EXAMPLES
from tests.app.web.server_harness import live_server


@pytest.fixture(autouse=True)
def _registry_as_it_was() -> Iterator[None]:
    """The modes leave the registry afterwards: other tests list the games the package ships."""
    with registry.kits_restored():
        yield


def test_a_folders_mode_files_are_listed_created_and_played_against_a_bot_worker(
    tmp_path: Path, database: str
) -> None:
    folder = tmp_path / "modes"
    folder.mkdir()
    shutil.copy(EXAMPLES / "stack.toml", folder / "stack.toml")
    (folder / "broken.toml").write_text('[mode]\nid = "broken-mode"\n', encoding="utf-8")
    workers = BotWorkers(1, move_timeout=20.0)
    with live_server(database, mode_folder=folder, bot_workers=workers) as server:
        with server.client() as http:
            games = {game["id"]: game for game in http.get("/api/games").json()}
            view = http.get("/games/mode-stack/view.js")
        assert "mode-stack" in games and "broken-mode" not in games
        assert games["mode-stack"]["name"] == "Sequentia · Stack (mode file)"
        assert view.status_code == 200 and "export function render" in view.text
        seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}]
        created = server.create_table(game="mode-stack", seed=4, seats=seats)
        with server.join(created["id"], created["tokens"]["0"]) as ann:
            ann.wait_for("state")
            moves = 0
            bot_errors = []
            while not ann.state["over"] and moves < 60:
                legal = ann.state["legal"].get("0")
                if legal:
                    ann.play(legal[0])
                    moves += 1
                else:
                    ann.receive()
                # A worker that could not read the mode would fail, and say so here.
                bot_errors.append(ann.state["table"]["bot_error"])
        bot_moves = [e for e in ann.log if e["event"] == "action" and e["seat"] == 1]
        assert moves >= 10 and len(bot_moves) >= 5
        assert bot_errors == [None] * len(bot_errors)
        assert all(event["text"] and "{" not in event["text"] for event in ann.log)


def test_a_servers_page_words_hold_its_mode_files_after_another_server_served_them(
    tmp_path: Path, database: str
) -> None:
    # The page's words are built once per process: a server started with a mode folder after
    # another one served them (a test run, an app made again) must not send them without the
    # modes' words, or the modes' moves read as bare notation.
    with live_server(database) as plain, plain.client() as http:
        before = http.get("/api/messages/en").json()["messages"]
    assert not any(key.startswith("mode-stack:") for key in before)
    folder = tmp_path / "modes"
    folder.mkdir()
    shutil.copy(EXAMPLES / "stack.toml", folder / "stack.toml")
    with live_server(database, mode_folder=folder) as server, server.client() as http:
        after = http.get("/api/messages/en").json()["messages"]
    assert any(key.startswith("mode-stack:action.") for key in after)


def test_a_mode_files_name_is_listed_in_the_requests_language(
    tmp_path: Path, database: str
) -> None:
    # stack.toml names itself in its [words.it]: "mode.name" = "Sequentia · Stack (file di
    # modalità)"; the listing sends that name to an Italian reader, as the lobby shows it.
    folder = tmp_path / "modes"
    folder.mkdir()
    shutil.copy(EXAMPLES / "stack.toml", folder / "stack.toml")
    italian = "Sequentia · Stack (file di modalità)"
    with live_server(database, mode_folder=folder) as server, server.client() as http:
        listed = {game["id"]: game for game in http.get("/api/games?lang=it").json()}
        one = http.get("/api/games/mode-stack", headers={"Accept-Language": "it-IT, en;q=0.5"})
        english = http.get("/api/games/mode-stack?lang=en").json()
    assert listed["mode-stack"]["name"] == italian
    assert one.json()["name"] == italian
    assert english["name"] == "Sequentia · Stack (mode file)"
