"""The page's words over HTTP: one catalogue per language from the same .po files the server
reads, chosen by the player or by the browser's Accept-Language, and nothing else served."""

from __future__ import annotations

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
