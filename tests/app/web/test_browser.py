"""The real page in Debian's Chromium, driven by Playwright: a whole game of every kind played
by clicking legal moves on the board, phone-sized pages, the hotseat screen, invitation links
and replays. Set SEQUENZA_SCREENSHOTS=DIR to keep a PNG of every game's page."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sequenza
from tests.app.web.server_harness import LiveServer, live_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
GAMES = [
    "sequentia-shift",
    "sequentia-stack",
    "sequentia-cross",
    "sequence",
    "sequence-numbers",
    "sequence-stacks",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

# What a page is ready for: the end, the hotseat cover, or a move of its own.
READY = """() => {
    const table = window.sequenzaTable;
    if (!table || !table.message) return false;
    if (table.message.over) return "over";
    if (document.querySelector("#reveal")) return "reveal";
    if (!table.pending && document.querySelector(".move-list .move")) return "move";
    return false;
}"""

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("browser") / "tables.db"
    with live_server(f"sqlite:///{database}") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SEQUENZA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Screen:
    """One browser page at a Sequenza table, with the errors its scripts raised."""

    def __init__(self, browser: Any, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def close(self) -> None:
        self.context.close()

    def wait_for_turn(self) -> str:
        """'over', 'reveal' (the hotseat cover) or 'move', once the page is ready for it."""
        return str(self.page.wait_for_function(READY, polling=50).json_value())

    def ready(self) -> str | bool:
        """The same, now: False while the page waits for someone else."""
        value: str | bool = self.page.evaluate(f"({READY})()")
        return value

    def at(self) -> str:
        """What the page holds now: enough to tell why a click found nothing to click."""
        return str(
            self.page.evaluate(
                """() => {
                const table = window.sequenzaTable;
                return JSON.stringify({
                    turn: table.message && table.message.turn,
                    pending: table.pending,
                    selected: table.selected,
                    legal: table.current && table.current.legal,
                    playable: [...document.querySelectorAll(".board .playable")].map(
                        (element) => element.dataset.part),
                    toast: document.querySelector(".toast")?.textContent,
                });
            }"""
            )
        )

    def play_move(self, rng: random.Random) -> str:
        """Pick a legal move and make it the way a player does: board parts, then buttons."""
        moves = self.page.eval_on_selector_all(
            ".move-list .move",
            "buttons => buttons.map(b => [b.dataset.action, JSON.parse(b.dataset.parts)])",
        )
        # Claims end games sooner; otherwise any move.
        preferred = [move for move in moves if move[0].split(" ")[0] in {"claim", "mark"}]
        action, parts = rng.choice(preferred or moves)
        sent = self.page.evaluate("window.sequenzaTable.sent")
        for part in parts:
            try:
                self.page.click(f'.board [data-part="{part}"].playable')
            except playwright_api.TimeoutError as error:
                raise AssertionError(
                    f"{part} of {action!r} never became playable: {self.at()}, {self.errors}"
                ) from error
        if parts and self.page.evaluate("window.sequenzaTable.sent") == sent:
            self.page.click(f'.actionbar button.choice[data-action="{action}"]')
        elif not parts:
            self.page.click(f'.actionbar button[data-action="{action}"]')
        return str(action)

    def play_to_the_end(self, rng: random.Random, limit: int = 400) -> int:
        for moves in range(limit):
            state = self.wait_for_turn()
            if state == "over":
                return moves
            if state == "reveal":
                self.page.click("#reveal")
                continue
            self.play_move(rng)
        raise AssertionError(f"the game did not end within {limit} moves")


@pytest.fixture
def screen(browser: Any) -> Iterator[Screen]:
    opened = Screen(browser, DESKTOP)
    yield opened
    opened.close()


# Random players seldom claim in Shift, so under its default rules a game plays the whole deck
# out one exchange at a time, thousands of moves; the idle_rounds net, set in the lobby's
# rule options, ends it within the test's budget.
OPTIONS = {"sequentia-shift": {"idle_rounds": "5"}}


def start_from_lobby(screen: Screen, server: LiveServer, game: str) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click(f'.game-choice[data-game="{game}"]')
    if game in OPTIONS:
        page.click(".options-details summary")
        for name, value in OPTIONS[game].items():
            page.fill(f"#option-{name}", value)
    page.select_option("#players", "2")
    page.fill('input[name="name-0"]', "Ada")
    page.select_option('select[name="seat-1"]', "bot:random")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".player-list")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_through_the_page(
    game: str, server: LiveServer, screen: Screen, shots: Path
) -> None:
    page = screen.page
    start_from_lobby(screen, server, game)
    rng = random.Random(game)
    middle = None
    moves = 0
    while True:
        state = screen.wait_for_turn()
        if state == "over":
            break
        screen.play_move(rng)
        moves += 1
        if moves == 6:
            middle = shots / f"{game}-desktop.png"
            screen.wait_for_turn()
            page.wait_for_timeout(450)
            page.screenshot(path=str(middle), full_page=True)
        assert moves < 400, "the game did not end"
    banner = page.inner_text(".banner")
    assert "Game over" in banner
    assert page.locator(".log-list li").count() > moves
    # A game of random moves may end in a draw, with no seat or every seat crowned.
    if "a draw" not in banner:
        assert page.locator(".player.winner").count() >= 1
    page.wait_for_timeout(450)
    page.screenshot(path=str(shots / f"{game}-over.png"), full_page=True)
    # The finished game replays move by move.
    page.click("text=Replay")
    page.wait_for_selector(".replaybar:not([hidden])")
    assert "Start of the game" in page.inner_text(".banner")
    page.click("#replay-next")
    page.wait_for_function(
        "document.querySelector('.banner').textContent.startsWith('Move 1 of')", polling=50
    )
    page.select_option(".replay-seat", "0")
    page.wait_for_function(
        "document.querySelector('.replay-turn').textContent.startsWith('1 /')", polling=50
    )
    page.wait_for_timeout(450)
    page.screenshot(path=str(shots / f"{game}-replay.png"), full_page=True)
    assert screen.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_sized_page_fits_and_plays(
    game: str, server: LiveServer, browser: Any, shots: Path
) -> None:
    phone = Screen(browser, PHONE)
    try:
        start_from_lobby(phone, server, game)
        rng = random.Random(1)
        for _ in range(4):
            if phone.wait_for_turn() != "move":
                break
            phone.play_move(rng)
        phone.wait_for_turn()
        page = phone.page
        page.wait_for_timeout(450)
        page.screenshot(path=str(shots / f"{game}-phone.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{game} overflows a phone screen: {width}px wide"
        assert phone.errors == []
    finally:
        phone.close()


def test_the_rules_are_one_click_away(server: LiveServer, screen: Screen) -> None:
    start_from_lobby(screen, server, "sequentia-shift")
    screen.page.click("text=Rules")
    text = screen.page.inner_text("dialog .rules-text")
    assert "slide_limit" in text and "Slides" in text


def test_hotseat_hides_each_hand_until_its_player_taps_in(
    server: LiveServer, screen: Screen, shots: Path
) -> None:
    created = server.create_table(
        game="sequence",
        seed=11,
        seats=[{"kind": "hotseat", "name": "Ada"}, {"kind": "hotseat", "name": "Ben"}],
    )
    truth = sequenza.make("sequence", players=2, seed=11)
    page = screen.page
    page.goto(server.url + "/")
    entry = {created["id"]: {"seats": created["tokens"], "invites": {}}}
    page.evaluate(f"localStorage.setItem('sequenza.tables', {json.dumps(json.dumps(entry))})")
    page.goto(server.url + created["url"])
    for seat, name in [(0, "Ada"), (1, "Ben"), (0, "Ada")]:
        assert screen.wait_for_turn() == "reveal"
        assert f"Pass the device to {name}" in page.inner_text(".cover")
        assert page.locator(".board .pcard").count() == 0
        if seat == 1:
            page.screenshot(path=str(shots / "hotseat-cover.png"))
        page.click("#reveal")
        assert screen.wait_for_turn() == "move"
        shown = page.eval_on_selector_all(".hand .pcard", "cards => cards.map(c => c.title)")
        assert shown == truth.observation(seat)["hand"]
        action = screen.play_move(random.Random(seat))
        truth.apply(action)
    assert screen.errors == []


def test_a_friend_joins_with_the_invitation_link(
    server: LiveServer, browser: Any, screen: Screen
) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    page.click('.game-choice[data-game="sequentia-cross"]')
    page.select_option('select[name="seat-1"]', "invite")
    page.fill('input[name="name-1"]', "Friend")
    page.click("#create")
    page.wait_for_selector(".invite-link")
    link = page.input_value(".invite-link")
    assert "#join=1." in link
    friend = Screen(browser, PHONE)
    try:
        friend.page.goto(link)
        friend.page.wait_for_selector(".player-list")
        assert "#join" not in friend.page.url
        page.wait_for_function(
            "document.querySelector('.invite-panel .hint').textContent.includes('Everyone')",
            polling=50,
        )
        rng = random.Random(3)
        played = {screen: 0, friend: 0}
        while min(played.values()) < 4:
            for player in (screen, friend):
                state = player.ready()
                assert state != "over", "the game ended before both played"
                if state == "move":
                    player.play_move(rng)
                    played[player] += 1
            page.wait_for_timeout(50)
        # Each screen shows its own hand only.
        own = friend.page.eval_on_selector_all(
            ".hand .scard", "cards => cards.map(c => c.dataset.card)"
        )
        mine = page.eval_on_selector_all(".hand .scard", "cards => cards.map(c => c.dataset.card)")
        assert own and mine and not set(own) & set(mine)
        assert friend.errors == [] and screen.errors == []
    finally:
        friend.close()


def test_a_wrong_invitation_link_watches_instead(server: LiveServer, screen: Screen) -> None:
    created = server.create_table(
        game="sequentia-stack", seats=[{"kind": "hotseat"}, {"kind": "invite"}]
    )
    screen.page.goto(f"{server.url}{created['url']}#join=1.forged-token")
    screen.page.wait_for_selector(".toast:not([hidden])")
    assert "spectator" in screen.page.inner_text(".toast")


def test_an_unknown_table_says_so(server: LiveServer, screen: Screen) -> None:
    screen.page.goto(f"{server.url}/t/nosuchtable")
    screen.page.wait_for_selector(".notice.error")
    assert "There is no table nosuchtable" in screen.page.inner_text(".notice")
