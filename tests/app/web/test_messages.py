"""The page's words over HTTP: one catalogue per language from the same .po files the server
reads, chosen by the player or by the browser's Accept-Language, and nothing else served."""

from __future__ import annotations

import re
from pathlib import Path

import sequenza.app.web
from tests.app.web.server_harness import LiveServer


def test_the_page_catalogue_is_served_in_each_language(server: LiveServer) -> None:
    with server.client() as http:
        for language, start in (("en", "Start the game"), ("it", "Inizia la partita")):
            reply = http.get(f"/api/messages/{language}")
            assert reply.status_code == 200
            body = reply.json()
            assert body["language"] == language
            assert body["messages"]["lobby.start"] == start
            assert {"code": "fi", "name": "Suomi"} in body["languages"]
        plural = http.get("/api/messages/fi").json()["messages"]["end.moves"]
        assert plural == {"one": "{count} siirto", "other": "{count} siirtoa"}
        assert http.get("/api/messages/eo").json()["numbers"] == {"decimal": ",", "group": "\u202f"}
        italian = http.get("/api/messages/it").json()["messages"]["end.moves"]
        assert italian == {
            "one": "{count} mossa",
            "many": "{count} mosse",
            "other": "{count} mosse",
        }


def test_only_known_languages_are_served(server: LiveServer) -> None:
    with server.client() as http:
        for wanted in ("xx", "EN", "it-IT", "..", "en%2F..%2Fcli"):
            reply = http.get(f"/api/messages/{wanted}")
            assert reply.status_code == 404, wanted
            assert reply.json()["code"] in ("unknown_language", "not_found")


def test_without_a_choice_the_browser_language_is_served(server: LiveServer) -> None:
    with server.client() as http:
        reply = http.get("/api/messages", headers={"Accept-Language": "de-DE, eo;q=0.7, it;q=0.5"})
        assert reply.json()["language"] == "eo"
        assert "Accept-Language" in reply.headers["vary"]
        assert (
            http.get("/api/messages", headers={"Accept-Language": "pt"}).json()["language"] == "en"
        )


def test_the_page_itself_starts_in_the_browser_language(server: LiveServer) -> None:
    with server.client() as http:
        page = http.get("/t/abc", headers={"Accept-Language": "fi-FI,fi;q=0.9"}).text
        assert '<html lang="fi">' in page
        assert ">Ladataan…<" in page and "tarvitsee JavaScriptin" in page
        english = http.get("/").text
        assert '<html lang="en">' in english and ">Loading…<" in english


def test_the_page_asks_for_all_its_modules_at_once(server: LiveServer) -> None:
    """Every module the page's script imports, however deep, is named in the page for the
    browser to fetch at once (a player on a slow line waits one round trip, not five), and
    each is served."""
    with server.client() as http:
        page = http.get("/").text
        preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
        for module in preloaded:
            assert http.get(module).status_code == 200, module
    static = (Path(sequenza.app.web.__file__).parent / "static").resolve()
    reached: set[str] = set()
    waiting = [static / "app.js"]
    while waiting:
        module = waiting.pop()
        for name in re.findall(r'from "(\.{1,2}/[^"]+)"', module.read_text(encoding="utf-8")):
            imported = (module.parent / name).resolve()
            path = "/static/" + imported.relative_to(static).as_posix()
            if path not in reached:
                reached.add(path)
                waiting.append(imported)
    assert "/static/table.js" in reached and "/static/views/generic.js" in reached
    assert sorted(preloaded) == sorted(reached)


def test_the_games_words_come_with_the_pages(server: LiveServer) -> None:
    with server.client() as http:
        words = http.get("/api/messages/it").json()["messages"]
    assert words["sequentia_shift.prompt_claim"] == "Una riga mostra la tua sequenza: giocala"
    assert words["common.cards"]["other"] == "{count} carte"


def test_the_game_catalogue_speaks_the_requests_language(server: LiveServer) -> None:
    with server.client() as http:
        english = {game["id"]: game for game in http.get("/api/games").json()}
        asked = {game["id"]: game for game in http.get("/api/games?lang=it").json()}
        browser = http.get("/api/games", headers={"Accept-Language": "fi-FI, en;q=0.5"}).json()
        bots = http.get("/api/bots?game=sequence", headers={"Accept-Language": "eo"}).json()
    shift = asked["sequentia-shift"]
    assert english["sequentia-shift"]["summary"].startswith("Slide cards on a 3x3 grid")
    assert shift["summary"].startswith("Sposta le carte su un quadrato 3\u00d73")
    slides = next(option for option in shift["options"] if option["name"] == "slide_limit")
    assert slides["description"] == "Movimenti permessi in un turno"
    assert shift["bots"][0]["description"].startswith("Principiante: ")
    assert {game["id"]: game["summary"] for game in browser}["sequence"].startswith(
        "Pelaa kortteja"
    )
    assert bots[2]["description"].startswith("Hobiisto: ")
    assert "takso" in bots[2]["description"] and "rated" not in bots[2]["description"]
    # The names and the codes stay: a game's name, an option's name.
    assert shift["name"] == "Sequentia · Shift" and slides["name"] == "slide_limit"


def test_unnamed_seats_are_named_in_the_creators_language(server: LiveServer) -> None:
    seats = [{"kind": "hotseat"}, {"kind": "bot", "bot": "greedy"}]
    with server.client() as http:
        for language, names in (
            ("it", ["Giocatore 1", "Bot Greedy 2"]),
            ("fi", ["Pelaaja 1", "Greedy-botti 2"]),
            ("eo", ["Ludanto 1", "Roboto Greedy 2"]),
            ("en", ["Player 1", "Greedy bot 2"]),
        ):
            reply = http.post(
                "/api/tables",
                json={"game": "sequentia-shift", "seats": seats},
                headers={"Accept-Language": language},
            )
            assert reply.status_code == 201, reply.text
            assert [seat["name"] for seat in reply.json()["table"]["seats"]] == names
