"""What the page says when things go other than planned: each sentence names the real reason."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.app.web.server_harness import LiveServer
from tests.app.web.test_browser import Cable, Screen, open_seats, screen, server, shoot, shots

__all__ = ["screen", "server", "shots"]  # fixtures, used by name


def test_a_move_kept_offline_while_the_other_side_resigned_says_the_game_ended(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequentia-cross",
        seed=4,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    cable = Cable(page)
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    cable.cut()
    screen.play_move(random.Random(3))
    # Meanwhile Ben resigns: the game is over, and no other move was played.
    with server.join(created["id"], created["tokens"]["1"]) as elsewhere:
        elsewhere.wait_for("state")
        elsewhere.send({"type": "resign", "seat": 1})
        elsewhere.wait_until(lambda position: bool(position.get("over")))
    cable.mend()
    page.wait_for_selector(".refusal:not([hidden])")
    refusal: Any = page.inner_text(".refusal")
    assert "the game is over" in refusal, refusal
    assert "moved first" not in refusal and "moved on" not in refusal
    assert not page.evaluate("window.sequenzaTable.pending")
    shoot(page, shots / "offline-refused-over.png")
    assert screen.errors == []


def test_a_mistyped_address_shows_the_page_that_says_nothing_is_here(
    server: LiveServer, screen: Screen
) -> None:
    with server.client() as http:
        # A browser showing the address gets the page (with the status that tells the truth)...
        shown = http.get("/nope", headers={"Accept": "text/html,*/*;q=0.8"})
        assert shown.status_code == 404
        assert shown.headers["content-type"].startswith("text/html")
        assert '<main id="app">' in shown.text
        # ...a program, or a missing API path, still gets the JSON refusal.
        for path, accept in (("/nope", "application/json"), ("/api/nope", "text/html")):
            refused = http.get(path, headers={"Accept": accept})
            assert refused.status_code == 404
            assert refused.json()["code"] == "not_found"
    page = screen.page
    page.goto(server.url + "/nope")
    page.wait_for_selector(".notice a[href='/']")
    assert "Nothing here" in page.inner_text(".notice")
    assert screen.errors == []


def test_rule_options_are_named_in_the_readers_language(server: LiveServer, screen: Screen) -> None:
    # The option's id stays what a table request names; its label is worded for people.
    with server.client() as http:
        games = http.get("/api/games", params={"lang": "it"}).json()
    shift = next(game for game in games if game["id"] == "sequentia-shift")
    labels = {option["name"]: option["label"] for option in shift["options"]}
    assert labels["random_first_player"] == "Primo giocatore a caso"
    assert labels["slide_limit"] == "Limite di scorrimenti"
    page = screen.page
    # The reader's choice written from a file of the origin, not by an init script, which
    # would leave the page unfit to be lent again (browser_pages).
    page.goto(server.url + "/static/icon.svg")
    page.evaluate("localStorage.setItem('sequenza.language', 'fi')")
    page.goto(server.url + "/?game=sequentia-shift")
    page.click(".options-details summary")
    shown = page.eval_on_selector_all(".option-row label", "ls => ls.map(l => l.textContent)")
    assert shown[:2] == ["Satunnainen aloittaja", "Siirtojen raja"]
    assert page.inner_text("h1") == "Pöydät"
    assert screen.errors == []


def test_the_replay_shows_no_live_table_parts(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=6,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "invite", "name": "Ben"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    assert page.is_visible(".moves-panel")
    assert "offline" in page.inner_text(".player-list")  # Ben has not come yet
    page.click("#resign")
    page.click("#resign-confirm")
    page.click("#end-replay")
    page.wait_for_selector(".replaybar:not([hidden])")
    # No moves to make and nobody online or offline in a game that is over.
    assert not page.is_visible(".moves-panel")
    players = page.inner_text(".player-list")
    assert "offline" not in players and "online" not in players and "this screen" not in players
    page.get_by_role("button", name="Back to the table").click()
    page.wait_for_selector(".replaybar", state="hidden")
    assert page.is_visible(".moves-panel")
    assert screen.errors == []


def test_the_empty_stack_row_reads_left_to_right_and_resign_stays_put(
    server: LiveServer, screen: Screen
) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=8,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    # The empty row: the new pile's left slot, the words "the row is empty", the right slot.
    left = page.locator('[data-part="end:left"]').bounding_box()
    note = page.locator(".row-piles .muted").bounding_box()
    right = page.locator('[data-part="end:right"]').bounding_box()
    assert left and note and right
    assert left["x"] < note["x"] < right["x"]
    # "Take back" appears after a move against a bot; Resign does not move for it.
    before = page.locator("#resign").bounding_box()
    assert page.locator("#undo").count() == 0
    while screen.wait_for_turn() == "move" and page.locator("#undo").count() == 0:
        screen.play_move(random.Random(8))
    page.wait_for_selector("#undo")
    after = page.locator("#resign").bounding_box()
    assert before and after and abs(before["x"] - after["x"]) < 1
    assert screen.errors == []


def test_a_clocked_table_says_its_clocks_start_after_the_first_move(
    server: LiveServer, screen: Screen
) -> None:
    created = server.create_table(
        game="sequentia-cross",
        seed=9,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        clock={"kind": "move", "move_seconds": 30},
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    first = "The clocks start once the first move is made: the first move has no time limit."
    assert page.inner_text(".clock-first") == first
    screen.play_move(random.Random(9))
    page.wait_for_selector(".clock-first", state="detached")
    assert screen.errors == []


def test_move_sounds_are_off_until_asked_for_and_remembered(
    server: LiveServer, screen: Screen
) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=10,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    sound = "document.documentElement.dataset.lastSound || null"
    assert page.inner_text("#sounds") == "Sounds off"
    rng = random.Random(10)
    screen.play_move(rng)
    # The page's own move answered, the bot's move and the turn coming back: each would make
    # a sound if sounds were on (as they do below).
    assert screen.wait_for_turn() == "move"
    assert page.evaluate(sound) is None  # off by default: no sound at all
    page.click("#sounds")
    assert page.inner_text("#sounds") == "Sounds on"
    assert page.get_attribute("#sounds", "aria-pressed") == "true"
    # The bot's move and the turn coming back make their sounds.
    while screen.wait_for_turn() == "move" and page.evaluate(sound) is None:
        screen.play_move(rng)
    assert page.evaluate(sound) in {"turn", "move", "triumph"}
    page.reload()
    page.wait_for_selector("#sounds")
    assert page.inner_text("#sounds") == "Sounds on"  # remembered by this browser
    assert screen.errors == []


def test_the_sequentia_log_draws_the_cards_it_names(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequentia-stack",
        seed=11,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
    )
    page = screen.page
    open_seats(screen, server, created, 0)
    assert screen.wait_for_turn() == "move"
    screen.play_move(random.Random(11))
    page.wait_for_selector(".log-list .mini-card")
    card = page.locator(".log-list .mini-card").first
    # Drawn as a card, read out as one; the code's digits are not left as text "2:131".
    assert card.get_attribute("role") == "img"
    assert card.get_attribute("aria-label").startswith("digit ")
    assert re.search(r"\b[123]:[123]{3}", page.inner_text(".log-list")) is None
    assert screen.errors == []
