"""Names, chat and open seats in Debian's Chromium, as people use them: a friend names themself
on opening the invitation, the name remembered; two screens talk (hostile text shown as text,
quick phrases in each reader's language, a mute kept per browser), a spectator reads only; a
stranger takes an open seat from the lobby's "Looking for players", and a table whose open seat
stays empty puts a bot in it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.web.conftest import CHROMIUM
from tests.app.web.server_harness import LiveServer, live_server
from tests.app.web.test_browser import DESKTOP, PHONE, Screen, wait_for

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

HOSTILE = '<img src=x onerror="window.pwned=1"><b>bold</b>'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("social") / "tables.db"
    with live_server(f"sqlite:///{database}") as running:
        yield running


@pytest.fixture
def screen(browser: Any) -> Iterator[Screen]:
    opened = Screen(browser, DESKTOP)
    yield opened
    opened.close()


def chat_texts(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(".chat-line .chat-text", "lines => lines.map(l => l.textContent)")
    )


def make_table_in_lobby(
    page: Any, url: str, seat_kind: str, *, spectator_chat: bool = False
) -> None:
    page.goto(f"{url}/")
    page.click('.game-choice[data-game="sequentia-cross"]')
    page.fill('input[name="name-0"]', "Ada")
    page.select_option('select[name="seat-1"]', seat_kind)
    if spectator_chat:
        page.check("#spectator-chat")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".player-list")


def test_a_friend_names_themself_and_the_two_screens_talk(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    page = screen.page
    make_table_in_lobby(page, server.url, "invite")
    link = page.input_value(".invite-link")
    friend = Screen(browser, PHONE)
    watcher = Screen(browser, DESKTOP)
    try:
        # The friend's browser is in Italian: the choice written from a file of the origin,
        # which loads no page.
        friend.page.goto(f"{server.url}/static/icon.svg")
        friend.page.evaluate("localStorage.setItem('sequenza.language', 'it')")
        friend.page.goto(link)
        friend.page.wait_for_selector("#name-input")
        friend.page.fill("#name-input", "Bea")
        friend.page.press("#name-input", "Enter")
        friend.page.wait_for_selector(".chat-panel .chat-input")
        # The browser remembers the name, and every screen shows it.
        assert friend.page.evaluate("localStorage.getItem('sequenza.name')") == "Bea"
        wait_for(page, "document.querySelector('.player-list').textContent.includes('Bea')")
        # Hostile text is a line of text on both screens, never markup.
        page.fill(".chat-input", HOSTILE)
        page.click("#chat-send")
        wait_for(friend.page, "document.querySelectorAll('.chat-line').length === 1")
        assert chat_texts(friend.page) == [HOSTILE] and chat_texts(page) == [HOSTILE]
        assert friend.page.query_selector(".chat-panel img, .chat-panel b") is None
        assert friend.page.evaluate("window.pwned === undefined")
        assert page.input_value(".chat-input") == ""
        # A quick phrase reads in each reader's language.
        friend.page.click('.chat-chip[data-phrase="good_game"]')
        wait_for(page, "document.querySelectorAll('.chat-line').length === 2")
        assert chat_texts(page)[-1] == "Good game"
        wait_for(friend.page, "document.querySelectorAll('.chat-line').length === 2")
        assert chat_texts(friend.page)[-1] == "Bella partita"
        # A line too long is refused aloud (the box itself holds 200 characters at most).
        assert page.get_attribute(".chat-input", "maxlength") == "200"
        # A spectator reads, but this table lets only its players write.
        table_url = page.url
        watcher.page.goto(table_url)
        wait_for(watcher.page, "document.querySelectorAll('.chat-line').length === 2")
        assert watcher.page.is_visible(".chat-read-only")
        assert not watcher.page.is_visible(".chat-input")
        # Ada mutes Bea on her screen: Bea's lines are hidden, and stay hidden after a reload.
        page.click('.chat-line[data-seat="1"] .chat-mute')
        wait_for(page, "document.querySelectorAll('.chat-line').length === 1")
        friend.page.fill(".chat-input", "still here?")
        friend.page.click("#chat-send")
        wait_for(watcher.page, "document.querySelectorAll('.chat-line').length === 3")
        page.reload()
        page.wait_for_selector(".chat-line")
        assert chat_texts(page) == [HOSTILE]
        page.click(".chat-unmute")
        assert chat_texts(page) == [HOSTILE, "Good game", "still here?"]
        # Bea changes her name at the table; the others see it live.
        friend.page.click("#change-name")
        friend.page.fill("#name-input", "Beatrice")
        friend.page.click("#name-save")
        wait_for(
            watcher.page, "document.querySelector('.player-list').textContent.includes('Beatrice')"
        )
        for each in (screen, friend, watcher):
            assert each.errors == []
    finally:
        friend.close()
        watcher.close()


def test_a_stranger_takes_the_open_seat_from_the_lobby(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    page = screen.page
    make_table_in_lobby(page, server.url, "open")
    table_id = page.url.split("/t/")[1]
    assert page.is_visible(".open-seats")
    stranger = Screen(browser, DESKTOP)
    try:
        stranger.page.goto(f"{server.url}/")
        stranger.page.wait_for_selector(f'.open-line[data-table="{table_id}"]')
        line = stranger.page.inner_text(f'.open-line[data-table="{table_id}"]')
        assert "Cross" in line and "Ada" in line and "open seat" in line
        stranger.page.click(f'.open-line[data-table="{table_id}"] .take-seat')
        stranger.page.fill("#name-input", "Zed")
        stranger.page.click("#name-save")
        stranger.page.wait_for_url(f"**/t/{table_id}")
        wait_for(stranger.page, "window.sequenzaTable && window.sequenzaTable.message")
        assert stranger.page.evaluate("window.sequenzaTable.message.seats") == [1]
        wait_for(page, "document.querySelector('.player-list').textContent.includes('Zed')")
        wait_for(page, "document.querySelector('.open-seats').hidden")
        # Gone from the list: a second visitor is told, and sees no line for it.
        late = Screen(browser, DESKTOP)
        try:
            late.page.goto(f"{server.url}/")
            late.page.wait_for_selector(".tables-open h2")
            wait_for(late.page, "!document.querySelector('.tables-open').textContent.includes('…')")
            assert late.page.query_selector(f'.open-line[data-table="{table_id}"]') is None
        finally:
            late.close()
        assert stranger.errors == [] and screen.errors == []
    finally:
        stranger.close()


def test_an_open_seat_nobody_takes_gets_a_bot(server: LiveServer, screen: Screen) -> None:
    server.manager.open_seat_wait = 0.0
    try:
        page = screen.page
        make_table_in_lobby(page, server.url, "open")
        page.wait_for_selector("#fill-open")
        assert "Nobody has taken" in page.inner_text(".open-seats")
        page.click("#fill-open")
        wait_for(page, "window.sequenzaTable.table.seats[1].kind === 'bot'")
        wait_for(page, "document.querySelector('.open-seats').hidden")
        entry = json.loads(page.evaluate("localStorage.getItem('sequenza.tables')"))
        assert len(entry) >= 1
        assert screen.errors == []
    finally:
        server.manager.open_seat_wait = 120.0


def test_my_games_lists_a_finished_game_and_moves_to_another_device(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    page = screen.page
    created = server.create_table(
        game="sequentia-cross",
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "bot", "bot": "random"}],
        seed=4,
    )
    page.goto(f"{server.url}/")
    entries = {created["id"]: {"seats": created["tokens"], "invites": {}}}
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entries))})")
    # The table's page joins with this browser's player key; the game is then played out
    # over a socket of its own, as the player's other device would.
    page.goto(server.url + created["url"])
    wait_for(page, "window.sequenzaTable && window.sequenzaTable.message")
    key = page.evaluate("localStorage.getItem('sequenza.player')")
    assert key and len(key) >= 22
    with server.join(created["id"], created["tokens"]["0"]) as ada:
        while not ada.wait_until(lambda state: state["over"] or bool(state["legal"]))["over"]:
            ada.play(ada.state["legal"]["0"][0])
    page.goto(f"{server.url}/")
    page.click("#my-games")
    page.wait_for_url("**/me")
    page.wait_for_selector(f'.my-game[data-table="{created["id"]}"]')
    line = page.inner_text(f'.my-game[data-table="{created["id"]}"]')
    assert "Random bot" in line and ("Won" in line or "Lost" in line or "Shared" in line)
    assert "Against the random bot:" in page.inner_text(".rate-list")
    link = page.input_value(".player-link")
    assert link.endswith(f"/me#player={key}")
    phone = Screen(browser, PHONE)
    try:
        phone.page.goto(link)
        phone.page.wait_for_selector(f'.my-game[data-table="{created["id"]}"]')
        assert "#player" not in phone.page.url
        assert phone.page.evaluate("localStorage.getItem('sequenza.player')") == key
        phone.page.click(".replay-link")
        phone.page.wait_for_selector(".end-screen:not([hidden])")
        assert phone.errors == []
    finally:
        phone.close()
    assert screen.errors == []


def test_a_rematch_offer_is_shown_to_the_other_player_who_accepts(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    seats = [{"kind": "hotseat", "name": "Ada"}, {"kind": "hotseat", "name": "Bea"}]
    created = server.create_table(game="test-toy", seats=seats)
    table_id, tokens = created["id"], created["tokens"]
    with server.client() as http:
        ended = http.post(f"/api/tables/{table_id}/resign", json={"token": tokens["1"]})
    assert ended.status_code == 200, ended.text
    bea = Screen(browser, PHONE)
    try:
        for page, seat, language in ((screen.page, "0", "en"), (bea.page, "1", "it")):
            # The seat's link as this browser would keep it, before the first page loads:
            # written from a file of the origin, since an init script would leave the page
            # unfit to be lent again (browser_pages).
            entry = {table_id: {"seats": {seat: tokens[seat]}, "invites": {}}}
            page.goto(server.url + "/static/icon.svg")
            page.evaluate(
                f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entry))});"
                f" localStorage.setItem('sequenza.language', {json.dumps(language)});"
            )
            page.goto(server.url + created["url"])
            page.wait_for_selector(".end-screen:not([hidden]) #end-rematch")
        screen.page.click("#end-rematch")
        # Ada waits for Bea's answer; Bea's screen says who offers, in her language.
        screen.page.wait_for_selector(".rematch-offer")
        assert "waiting for Bea" in screen.page.inner_text(".rematch-offer")
        bea.page.wait_for_selector("#rematch-accept")
        assert bea.page.inner_text(".rematch-offer .rematch-text") == "Ada propone la rivincita"
        assert bea.page.inner_text("#rematch-decline") == "Rifiuta"
        bea.page.click("#rematch-accept")
        # Both reach the new table, each in their seat turned by one.
        for page, new_seat in ((screen.page, 1), (bea.page, 0)):
            page.wait_for_url(lambda url: table_id not in url)
            wait_for(page, "window.sequenzaTable?.message?.seats")
            assert page.evaluate("window.sequenzaTable.message.seats") == [new_seat]
        assert screen.errors == [] and bea.errors == []
    finally:
        bea.close()
